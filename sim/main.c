// SPDX-License-Identifier: GPL-2.0
/*
 * sim: run a policy's unchanged code on simulated CPUs.
 *
 *   sim --policy NAME --workload FILE [--cpus N] [--smt N] [--llc N]
 *       [--nodes N] [--time DUR] [--warmup DUR] [--seed N]
 *       [--switch-cost DUR] [--ipi-delay DUR] [--max-wait DUR]
 *       [--idle-grace DUR] [--set TUNABLE=VALUE]... [--json FILE]
 *       [--tasks] [--no-check]
 *   sim --list
 *
 * Exit status: 0 when every invariant and expectation held, 1 when one
 * broke, 2 for bad input or a broken contract (a WARN, a failed check()).
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include "model.h"

struct sim_params sim_params = {
	.cpus		= 1,
	.smt		= 1,
	.nodes		= 1,
	.duration	= 10 * NSEC_PER_SEC,
	.seed		= 1,
	.ipi_delay	= 1000,
	.max_wait	= 30 * NSEC_PER_SEC,	/* the stall watchdog's */
	.idle_grace	= 50 * NSEC_PER_MSEC,
	.check_end	= true,
};

static void print_usage(void)
{
	fprintf(stderr,
		"usage: sim --policy NAME --workload FILE [--cpus N] [--smt N] [--llc CORES]\n"
		"           [--nodes N] [--time DUR] [--warmup DUR] [--seed N]\n"
		"           [--switch-cost DUR] [--ipi-delay DUR] [--max-wait DUR]\n"
		"           [--idle-grace DUR] [--set TUNABLE=VALUE]... [--json FILE|-]\n"
		"           [--tasks] [--no-check]\n"
		"       sim --list\n"
		"DUR: a number with ns, us, ms or s.  See sim/README.md.\n");
	exit(2);
}

static struct sched_policy_ops *find_policy(const char *name)
{
	struct sched_policy_ops *const *ops;

	for (ops = __start___sched_policy_builtin;
	     ops < __stop___sched_policy_builtin; ops++)
		if (!strcmp((*ops)->name, name))
			return *ops;
	fprintf(stderr, "sim: no policy '%s'; built in:", name);
	for (ops = __start___sched_policy_builtin;
	     ops < __stop___sched_policy_builtin; ops++)
		fprintf(stderr, " %s", (*ops)->name);
	fprintf(stderr, "\n");
	exit(2);
}

static void list_policies(void)
{
	struct sched_policy_ops *const *ops;

	for (ops = __start___sched_policy_builtin;
	     ops < __stop___sched_policy_builtin; ops++) {
		const struct sched_policy_tunable *t;

		printf("%s", (*ops)->name);
		for (t = (*ops)->tunables; t && t->name; t++)
			printf(" %s=%llu", t->name,
			       (unsigned long long)*t->value);
		printf("\n");
	}
}

static u64 parse_u64(const char *s, const char *what, u64 lo, u64 hi)
{
	char *end;
	unsigned long long v = strtoull(s, &end, 10);

	if (end == s || *end || v < lo || v > hi) {
		fprintf(stderr, "sim: %s: '%s' is not a number in [%llu, %llu]\n",
			what, s, (unsigned long long)lo, (unsigned long long)hi);
		exit(2);
	}
	return v;
}

static u64 parse_dur(const char *s, const char *what)
{
	char *end;
	double v = strtod(s, &end);

	if (end != s && v >= 0) {
		if (!strcmp(end, "ns"))
			return v;
		if (!strcmp(end, "us"))
			return v * 1e3;
		if (!strcmp(end, "ms"))
			return v * 1e6;
		if (!strcmp(end, "s"))
			return v * 1e9;
	}
	fprintf(stderr, "sim: %s: '%s' is not a duration (ns, us, ms, s)\n",
		what, s);
	exit(2);
}

/* --set NAME=VALUE: the tunable's own range, as its sysfs file has it */
static void set_tunable(struct sched_policy_ops *ops, const char *arg)
{
	const struct sched_policy_tunable *t;
	const char *eq = strchr(arg, '=');
	size_t len = eq ? (size_t)(eq - arg) : 0;

	for (t = ops->tunables; eq && t && t->name; t++) {
		if (strlen(t->name) != len || strncmp(t->name, arg, len))
			continue;
		*t->value = parse_u64(eq + 1, t->name, t->min, t->max);
		return;
	}
	fprintf(stderr, "sim: %s has no tunable '%.*s'; it has:", ops->name,
		(int)(eq ? len : strlen(arg)), arg);
	for (t = ops->tunables; t && t->name; t++)
		fprintf(stderr, " %s", t->name);
	fprintf(stderr, "\n");
	exit(2);
}

/* A group of the first generation, forked at time 0 by an idle task. */
static void spawn_group(struct sim_spec *s)
{
	unsigned int i, n = s->pipe ? 2 * s->count : s->count;
	int cpu = s->cpus_set ? (int)cpumask_first(&s->cpus) : 0;

	sim_this_cpu = cpu;
	for (i = 0; i < n; i++) {
		struct sim_task *t = sim_fork(s, i, cpu_rq(cpu)->curr);

		if (s->pipe && i % 2) {
			struct sim_task *a = list_prev_entry(t, all_node);

			t->peer = a;
			a->peer = t;
			t->read_first = true;
			t->work_left = 0;
		}
		if (s->start) {
			t->work_left = 0;
			t->next_period = U64_MAX;
		}
	}
}

static void handle(struct sim_event *ev)
{
	struct rq *rq = ev->cpu >= 0 ? cpu_rq(ev->cpu) : NULL;
	struct sim_task *t = ev->task;

	switch (ev->type) {
	case EV_TICK:
		sim_tick(rq);
		sim_event_add(ev->time + TICK_NSEC, EV_TICK, ev->cpu, NULL, 0,
			      NULL);
		break;
	case EV_HRTICK:
		if (rq->hrtick_armed && ev->gen == rq->hrtick_gen)
			sim_hrtick(rq);
		break;
	case EV_BURST_END:
		if (ev->gen == t->gen && rq->curr == &t->ts) {
			rq->clock = sim_now;
			sim_update_curr(rq);
			sim_task_burst_end(t);
		}
		break;
	case EV_WAKE:
		if (ev->gen == t->gen && t->state == SIM_SLEEPING)
			sim_task_wakeup_event(t);
		break;
	case EV_RESCHED_IPI:
		rq->ipi_pending = false;
		break;
	case EV_SAMPLE:
		sim_sample();
		sim_event_add(ev->time + TICK_NSEC, EV_SAMPLE, 0, NULL, 0, NULL);
		break;
	case EV_WARMUP_END:
		sim_warmup_end();
		break;
	case EV_CPU_DOWN:
		sim_cpu_down(ev->cpu);
		break;
	case EV_CPU_UP:
		sim_cpu_up(ev->cpu);
		break;
	case EV_SPAWN:
		break;
	}
}

/* The end: charge the running tasks and idle CPUs up to now. */
static void finish(void)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu) {
		struct rq *rq = cpu_rq(cpu);

		sim_this_cpu = cpu;
		rq->clock = sim_now;
		sim_update_curr(rq);
		sim_account_idle(rq);
	}
	if (sim_params.check_end)
		sim_check_all();
}

/* Where an event's handler runs: an offline CPU's timers moved away. */
static int event_cpu(const struct sim_event *ev)
{
	if (ev->cpu < 0 || !cpu_online(ev->cpu))
		return cpumask_first(cpu_online_mask);
	return ev->cpu;
}

static void run(void)
{
	struct sim_hotplug *h;
	struct sim_event ev;
	struct sim_spec *s;
	unsigned int cpu;

	sim_rand_seed(sim_params.seed);
	/* all before the first schedule(), so no group is another's child */
	for (s = sim_specs; s; s = s->next)
		if (s->count)
			spawn_group(s);
	for_each_possible_cpu(cpu) {
		sim_this_cpu = cpu;
		sim_preempt_point();
	}
	for_each_possible_cpu(cpu)
		sim_event_add(TICK_NSEC, EV_TICK, cpu, NULL, 0, NULL);
	sim_event_add(TICK_NSEC, EV_SAMPLE, 0, NULL, 0, NULL);
	for (h = sim_hotplugs; h; h = h->next) {
		sim_event_add(h->at, EV_CPU_DOWN, h->cpu, NULL, 0, NULL);
		if (h->until)
			sim_event_add(h->until, EV_CPU_UP, h->cpu, NULL, 0,
				      NULL);
	}
	if (sim_params.warmup)
		sim_event_add(sim_params.warmup, EV_WARMUP_END, -1, NULL, 0,
			      NULL);
	while (sim_event_next(&ev) && ev.time <= sim_params.duration) {
		sim_now = ev.time;
		jiffies = sim_now / TICK_NSEC;
		sim_this_cpu = event_cpu(&ev);
		handle(&ev);
		sim_this_cpu = event_cpu(&ev);
		sim_preempt_point();
	}
	sim_now = sim_params.duration;
	finish();
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "policy", required_argument, NULL, 'p' },
		{ "workload", required_argument, NULL, 'w' },
		{ "cpus", required_argument, NULL, 'c' },
		{ "smt", required_argument, NULL, 'S' },
		{ "llc", required_argument, NULL, 'L' },
		{ "nodes", required_argument, NULL, 'N' },
		{ "time", required_argument, NULL, 't' },
		{ "warmup", required_argument, NULL, 'W' },
		{ "seed", required_argument, NULL, 's' },
		{ "switch-cost", required_argument, NULL, 'x' },
		{ "ipi-delay", required_argument, NULL, 'i' },
		{ "max-wait", required_argument, NULL, 'm' },
		{ "idle-grace", required_argument, NULL, 'g' },
		{ "set", required_argument, NULL, 'T' },
		{ "json", required_argument, NULL, 'j' },
		{ "tasks", no_argument, NULL, 'k' },
		{ "no-check", no_argument, NULL, 'n' },
		{ "list", no_argument, NULL, 'l' },
		{ }
	};
	const char *policy = NULL, *workload = NULL, *json_path = NULL;
	char **sets = calloc(argc, sizeof(char *));
	unsigned int nr_sets = 0, i;
	FILE *json = NULL, *text = stdout;
	int c, ret;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'p':
			policy = optarg;
			break;
		case 'w':
			workload = optarg;
			break;
		case 'c':
			sim_params.cpus = parse_u64(optarg, "--cpus", 1, SIM_MAX_CPUS);
			break;
		case 'S':
			sim_params.smt = parse_u64(optarg, "--smt", 1, 8);
			break;
		case 'L':
			sim_params.llc_cores = parse_u64(optarg, "--llc", 1, SIM_MAX_CPUS);
			break;
		case 'N':
			sim_params.nodes = parse_u64(optarg, "--nodes", 1, 64);
			break;
		case 't':
			sim_params.duration = parse_dur(optarg, "--time");
			break;
		case 'W':
			sim_params.warmup = parse_dur(optarg, "--warmup");
			break;
		case 's':
			sim_params.seed = parse_u64(optarg, "--seed", 0, U64_MAX);
			break;
		case 'x':
			sim_params.switch_cost = parse_dur(optarg, "--switch-cost");
			break;
		case 'i':
			sim_params.ipi_delay = parse_dur(optarg, "--ipi-delay");
			break;
		case 'm':
			sim_params.max_wait = parse_dur(optarg, "--max-wait");
			break;
		case 'g':
			sim_params.idle_grace = parse_dur(optarg, "--idle-grace");
			break;
		case 'T':
			sets[nr_sets++] = optarg;
			break;
		case 'j':
			json_path = optarg;
			break;
		case 'k':
			sim_params.per_task = true;
			break;
		case 'n':
			sim_params.check_end = false;
			break;
		case 'l':
			list_policies();
			return 0;
		default:
			print_usage();
		}
	}
	if (!policy || !workload || optind != argc)
		print_usage();
	if (sim_params.cpus % sim_params.smt) {
		fprintf(stderr, "sim: --cpus %u is not a multiple of --smt %u\n",
			sim_params.cpus, sim_params.smt);
		return 2;
	}
	if (!sim_params.llc_cores)
		sim_params.llc_cores = sim_params.cpus / sim_params.smt;
	if (sim_params.warmup >= sim_params.duration) {
		fprintf(stderr, "sim: --warmup must end before --time\n");
		return 2;
	}
	sim_ops = find_policy(policy);
	for (i = 0; i < nr_sets; i++)
		set_tunable(sim_ops, sets[i]);
	sim_workload_load(workload);
	if (json_path) {
		json = strcmp(json_path, "-") ? fopen(json_path, "w") : stdout;
		if (!json) {
			perror(json_path);
			return 2;
		}
		if (json == stdout)
			text = stderr;
	} else {
		json = fopen("/dev/null", "w");
	}
	sim_core_init();
	run();
	ret = sim_report(json, text, policy, workload);
	fclose(json);
	return sim_warnings ? 2 : ret;
}
