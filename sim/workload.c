// SPDX-License-Identifier: GPL-2.0
/*
 * Workloads: the text format (see README.md) and what each simulated
 * task does when its CPU burst ends.
 *
 *   task NAME [count=N] [nice=N] [policy=normal|batch|idle] [cpus=LIST]
 *        [start=DUR] [run=DUR|inf] [sleep=DUR] [period=DUR] [yield]
 *        [pipe] [uninterruptible] [fork=NAME] [forks=N] [wait]
 *        [exit=N] [bursts=RUN:SLEEP,...] [ring=N [spin=DUR]]
 *   expect NAME share=PCT [tol=PCT]
 *   offline CPU at=DUR [until=DUR]
 *
 * DUR is a number with ns, us, ms or s, or a range LO-HI drawn
 * uniformly for each burst.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "model.h"

struct sim_spec *sim_specs;
struct sim_hotplug *sim_hotplugs;
static const char *wl_path;
static unsigned int wl_line;

static void __noreturn __printf(1, 2)
wl_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s:%u: ", wl_path, wl_line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static u64 wl_parse_one_dur(const char *s, const char *key)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || v < 0)
		wl_error("%s: '%s' is not a duration", key, s);
	if (!strcmp(end, "ns"))
		return v;
	if (!strcmp(end, "us"))
		return v * 1e3;
	if (!strcmp(end, "ms"))
		return v * 1e6;
	if (!strcmp(end, "s"))
		return v * 1e9;
	wl_error("%s: '%s' needs a unit: ns, us, ms or s", key, s);
}

static struct sim_dur wl_parse_dur(const char *s, const char *key)
{
	char buf[64], *dash;
	struct sim_dur d;

	if (!strcmp(s, "inf"))
		return (struct sim_dur){ U64_MAX, U64_MAX };
	snprintf(buf, sizeof(buf), "%s", s);
	dash = strchr(buf, '-');
	if (dash)
		*dash = '\0';
	d.lo = wl_parse_one_dur(buf, key);
	d.hi = dash ? wl_parse_one_dur(dash + 1, key) : d.lo;
	if (d.hi < d.lo)
		wl_error("%s: the range '%s' ends before it starts", key, s);
	return d;
}

static long wl_parse_int(const char *s, const char *key, long lo, long hi)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < lo || v > hi)
		wl_error("%s: '%s' is not a number in [%ld, %ld]", key, s,
			 lo, hi);
	return v;
}

/* "0,2-3": CPUs that must exist on the simulated machine */
static void wl_parse_cpus(const char *s, struct cpumask *m)
{
	char buf[256], *tok, *save;

	snprintf(buf, sizeof(buf), "%s", s);
	cpumask_clear(m);
	for (tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		char *dash = strchr(tok, '-');
		long lo, hi, cpu;

		if (dash)
			*dash = '\0';
		lo = wl_parse_int(tok, "cpus", 0, sim_params.cpus - 1);
		hi = dash ? wl_parse_int(dash + 1, "cpus", lo,
					 sim_params.cpus - 1) : lo;
		for (cpu = lo; cpu <= hi; cpu++)
			cpumask_set_cpu(cpu, m);
	}
}

static void wl_parse_bursts(struct sim_spec *s, const char *v)
{
	const char *p = v;

	s->burst_run = calloc(SIM_MAX_BURSTS, sizeof(u64));
	s->burst_sleep = calloc(SIM_MAX_BURSTS, sizeof(u64));
	while (*p) {
		char run[64], sleep[64];
		int n = 0;

		if (s->nr_bursts == SIM_MAX_BURSTS)
			wl_error("bursts: more than %d", SIM_MAX_BURSTS);
		if (sscanf(p, "%63[^:,]:%63[^,]%n", run, sleep, &n) != 2)
			wl_error("bursts: '%s' is not RUN:SLEEP,...", p);
		s->burst_run[s->nr_bursts] = wl_parse_one_dur(run, "bursts");
		s->burst_sleep[s->nr_bursts++] = wl_parse_one_dur(sleep,
								  "bursts");
		p += n;
		if (*p == ',')
			p++;
	}
}

static struct sim_spec *wl_find(const char *name)
{
	struct sim_spec *s;

	for (s = sim_specs; s; s = s->next)
		if (!strcmp(s->name, name))
			return s;
	return NULL;
}

/* Forked groups are named before they may be defined: resolved after. */
static char (*wl_fork_names)[SIM_NAME_MAX];

static void wl_task_key(struct sim_spec *s, const char *key, const char *v)
{
	if (!strcmp(key, "count")) {
		s->count = wl_parse_int(v, key, 0, 1000000);
	} else if (!strcmp(key, "nice")) {
		s->nice = wl_parse_int(v, key, MIN_NICE, MAX_NICE);
	} else if (!strcmp(key, "policy")) {
		if (!strcmp(v, "normal"))
			s->policy = SCHED_NORMAL;
		else if (!strcmp(v, "batch"))
			s->policy = SCHED_BATCH;
		else if (!strcmp(v, "idle"))
			s->policy = SCHED_IDLE;
		else
			wl_error("policy: '%s' is not normal, batch or idle", v);
	} else if (!strcmp(key, "cpus")) {
		wl_parse_cpus(v, &s->cpus);
		s->cpus_set = true;
	} else if (!strcmp(key, "start")) {
		s->start = wl_parse_one_dur(v, key);
	} else if (!strcmp(key, "run")) {
		s->run = wl_parse_dur(v, key);
	} else if (!strcmp(key, "sleep")) {
		s->sleep = wl_parse_dur(v, key);
	} else if (!strcmp(key, "period")) {
		s->period = wl_parse_one_dur(v, key);
	} else if (!strcmp(key, "forks")) {
		s->forks = wl_parse_int(v, key, 1, 1024);
	} else if (!strcmp(key, "exit")) {
		s->exit_after = wl_parse_int(v, key, 1, 1000000000);
	} else if (!strcmp(key, "ring")) {
		s->ring = wl_parse_int(v, key, 1, 1000000);
	} else if (!strcmp(key, "spin")) {
		s->spin = wl_parse_dur(v, key);
	} else if (!strcmp(key, "bursts")) {
		wl_parse_bursts(s, v);
	} else {
		wl_error("unknown key '%s'", key);
	}
}

static void wl_task_flag(struct sim_spec *s, const char *key)
{
	if (!strcmp(key, "yield"))
		s->yield = true;
	else if (!strcmp(key, "pipe"))
		s->pipe = true;
	else if (!strcmp(key, "uninterruptible"))
		s->uninterruptible = true;
	else if (!strcmp(key, "wait"))
		s->wait = true;
	else
		wl_error("unknown flag '%s' (a key needs =VALUE)", key);
}

static void wl_check_task(struct sim_spec *s)
{
	bool timed = s->sleep.hi || s->period;

	if (s->run.lo == U64_MAX && !s->nr_bursts &&
	    (timed || s->yield || s->pipe || s->fork || s->exit_after))
		wl_error("task %s: run=inf never ends a burst", s->name);
	if ((s->pipe + s->yield + !!s->fork + timed + !!s->nr_bursts +
	     !!s->ring) > 1)
		wl_error("task %s: sleep/period, yield, pipe, fork, bursts and ring exclude each other",
			 s->name);
	if (s->ring && (s->count % s->ring || s->run.lo == U64_MAX))
		wl_error("task %s: ring=%u needs a count that it divides and a run=",
			 s->name, s->ring);
	if (s->ring)
		s->ring_token = calloc(s->count / s->ring, sizeof(unsigned int));
	if (s->wait && !s->fork)
		wl_error("task %s: wait needs fork=NAME", s->name);
}

static void wl_task_line(char *rest, unsigned int idx)
{
	struct sim_spec *s = calloc(1, sizeof(*s)), **tail;
	char *tok, *save;

	tok = strtok_r(rest, " \t", &save);
	if (!tok)
		wl_error("task needs a name");
	if (strlen(tok) >= SIM_NAME_MAX || wl_find(tok))
		wl_error("task name '%s' is too long or already used", tok);
	snprintf(s->name, sizeof(s->name), "%s", tok);
	s->count = 1;
	s->forks = 1;
	s->run = (struct sim_dur){ U64_MAX, U64_MAX };
	s->spin = (struct sim_dur){ 1000, 1000 };
	while ((tok = strtok_r(NULL, " \t", &save))) {
		char *eq = strchr(tok, '=');

		if (!eq) {
			wl_task_flag(s, tok);
			continue;
		}
		*eq = '\0';
		if (!strcmp(tok, "fork"))
			snprintf(wl_fork_names[idx], SIM_NAME_MAX, "%s", eq + 1);
		else
			wl_task_key(s, tok, eq + 1);
	}
	if (wl_fork_names[idx][0])
		s->fork = s;	/* resolved below; marks "forks" for the checks */
	wl_check_task(s);
	for (tail = &sim_specs; *tail; tail = &(*tail)->next)
		;
	*tail = s;
}

static void wl_expect_line(char *rest)
{
	char name[SIM_NAME_MAX] = "", *tok, *save;
	struct sim_spec *s;

	tok = strtok_r(rest, " \t", &save);
	s = tok ? wl_find(tok) : NULL;
	if (!s)
		wl_error("expect: no task group '%s' above", tok ?: "");
	snprintf(name, sizeof(name), "%s", tok);
	s->share_tol = 1.0;
	while ((tok = strtok_r(NULL, " \t", &save))) {
		if (sscanf(tok, "share=%lf", &s->share_pct) == 1)
			s->expect_share = true;
		else if (sscanf(tok, "tol=%lf", &s->share_tol) != 1)
			wl_error("expect %s: '%s' is not share=PCT or tol=PCT",
				 name, tok);
	}
	if (!s->expect_share)
		wl_error("expect %s: share=PCT missing", name);
}

/* offline CPU at=DUR [until=DUR]: a hotplug cycle of one CPU */
static void wl_offline_line(char *rest)
{
	struct sim_hotplug *h = calloc(1, sizeof(*h)), **tail;
	char *tok, *save;
	bool at = false;

	tok = strtok_r(rest, " \t", &save);
	if (!tok)
		wl_error("offline needs a CPU");
	h->cpu = wl_parse_int(tok, "offline", 0, sim_params.cpus - 1);
	while ((tok = strtok_r(NULL, " \t", &save))) {
		char *eq = strchr(tok, '=');

		if (!eq)
			wl_error("offline: '%s' is not at=DUR or until=DUR", tok);
		*eq = '\0';
		if (!strcmp(tok, "at")) {
			h->at = wl_parse_one_dur(eq + 1, tok);
			at = true;
		} else if (!strcmp(tok, "until")) {
			h->until = wl_parse_one_dur(eq + 1, tok);
		} else {
			wl_error("offline: unknown key '%s'", tok);
		}
	}
	if (!at)
		wl_error("offline %u: at=DUR missing", h->cpu);
	if (h->until && h->until <= h->at)
		wl_error("offline %u: until= must come after at=", h->cpu);
	for (tail = &sim_hotplugs; *tail; tail = &(*tail)->next)
		;
	*tail = h;
}

int sim_workload_load(const char *path)
{
	unsigned int nr = 0, i;
	struct sim_spec *s;
	char *line = NULL;
	size_t cap = 0;
	FILE *f;

	wl_path = path;
	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "sim: %s: %s\n", path, strerror(errno));
		exit(2);
	}
	wl_fork_names = calloc(4096, SIM_NAME_MAX);
	while (getline(&line, &cap, f) > 0) {
		char *p = line, *hash = strchr(line, '#');

		wl_line++;
		if (hash)
			*hash = '\0';
		line[strcspn(line, "\n")] = '\0';
		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			continue;
		if (!strncmp(p, "task ", 5)) {
			if (nr == 4096)
				wl_error("more than 4096 task lines");
			wl_task_line(p + 5, nr++);
		} else if (!strncmp(p, "expect ", 7)) {
			wl_expect_line(p + 7);
		} else if (!strncmp(p, "offline ", 8)) {
			wl_offline_line(p + 8);
		} else {
			wl_error("a line starts with 'task', 'expect' or 'offline'");
		}
	}
	free(line);
	fclose(f);
	for (s = sim_specs, i = 0; s; s = s->next, i++) {
		if (!wl_fork_names[i][0])
			continue;
		s->fork = wl_find(wl_fork_names[i]);
		if (!s->fork)
			wl_error("task %s: fork=%s names no task line",
				 s->name, wl_fork_names[i]);
	}
	free(wl_fork_names);
	if (!sim_specs)
		wl_error("no task lines");
	return 0;
}

/* Whether the token of @t's ring is at @t's place (its next look finds it) */
static bool wl_ring_holds(struct sim_task *t)
{
	struct sim_spec *s = t->spec;

	t->holding = s->ring_token[t->idx / s->ring] == t->idx % s->ring;
	return t->holding;
}

/* The next burst's CPU time. */
void sim_task_new_burst(struct sim_task *t)
{
	struct sim_spec *s = t->spec;

	if (s->nr_bursts)
		t->work_left = s->burst_run[t->bursts % s->nr_bursts];
	else if (s->ring)
		t->work_left = sim_draw(wl_ring_holds(t) ? &s->run : &s->spin);
	else
		t->work_left = s->run.lo == U64_MAX ? U64_MAX : sim_draw(&s->run);
}

/* A running task that goes on running: its new burst ends later. */
static void wl_run_on(struct sim_task *t)
{
	struct rq *rq = cpu_rq(task_cpu(&t->ts));

	if (rq->curr != &t->ts || t->work_left == U64_MAX)
		return;
	t->gen++;
	t->run_from = sim_now;
	sim_event_add(sim_now + t->work_left, EV_BURST_END, rq->cpu, t,
		      t->gen, NULL);
}

static void wl_sleep_until(struct sim_task *t, u64 when)
{
	t->state = SIM_SLEEPING;
	sim_block(t);
	sim_event_add(when, EV_WAKE, task_cpu(&t->ts), t, t->gen, NULL);
}

static u64 wl_wake_time(struct sim_task *t)
{
	struct sim_spec *s = t->spec;

	if (s->nr_bursts)
		return sim_now + s->burst_sleep[(t->bursts - 1) % s->nr_bursts];
	if (!s->period)
		return sim_now + sim_draw(&s->sleep);
	/* a periodic task that overran skips the periods it missed */
	do
		t->next_period += s->period;
	while (t->next_period <= sim_now);
	return t->next_period;
}

/* write(): a reader blocked on the pipe wakes, synchronously */
static void wl_pipe_write(struct sim_task *t)
{
	struct sim_task *peer = t->peer;

	if (peer->state == SIM_BLOCKED) {
		sim_task_new_burst(peer);
		sim_wake_up(peer, WF_SYNC);
	} else {
		peer->pending++;
	}
}

static void wl_pipe(struct sim_task *t)
{
	if (t->read_first)
		t->read_first = false;
	else
		wl_pipe_write(t);
	if (t->pending) {
		t->pending--;
		sim_task_new_burst(t);
		wl_run_on(t);
		return;
	}
	t->state = SIM_BLOCKED;
	sim_block(t);
}

static void wl_fork(struct sim_task *t)
{
	struct sim_spec *s = t->spec;
	unsigned int i;

	for (i = 0; i < s->forks; i++)
		sim_fork(s->fork, s->fork->started, &t->ts);
	if (s->wait && t->children) {
		t->state = SIM_BLOCKED;
		sim_block(t);
		return;
	}
	sim_task_new_burst(t);
	wl_run_on(t);
}

/*
 * yieldstorm's loop: a message done passes the token on; a look that
 * does not find it is followed by sched_yield().
 */
static void wl_ring(struct sim_task *t)
{
	struct sim_spec *s = t->spec;
	bool was_holding = t->holding;

	if (was_holding) {
		s->ring_token[t->idx / s->ring] = (t->idx + 1) % s->ring;
		s->messages++;
	}
	sim_task_new_burst(t);
	if (!was_holding && !t->holding)
		sim_yield(t);
	wl_run_on(t);
}

/* The running task @t has done its burst's work. */
void sim_task_burst_end(struct sim_task *t)
{
	struct sim_spec *s = t->spec;

	t->work_left = 0;
	if (t->next_period == U64_MAX) {	/* it waited for its start */
		t->next_period = s->start;
		wl_sleep_until(t, s->start);
		return;
	}
	if (!t->read_first)
		t->bursts++;
	if (s->exit_after && t->bursts >= s->exit_after) {
		sim_exit(t);
		return;
	}
	if (s->pipe) {
		wl_pipe(t);
	} else if (s->fork) {
		wl_fork(t);
	} else if (s->ring) {
		wl_ring(t);
	} else if (s->yield) {
		sim_task_new_burst(t);
		sim_yield(t);
		wl_run_on(t);
	} else if (s->period || s->sleep.hi || s->nr_bursts) {
		wl_sleep_until(t, wl_wake_time(t));
	} else {
		sim_task_new_burst(t);
		wl_run_on(t);
	}
}

/* Its sleep's timer fired (on the CPU it slept on): an interrupt. */
void sim_task_wakeup_event(struct sim_task *t)
{
	sim_task_new_burst(t);
	sim_in_irq = 1;
	sim_wake_up(t, 0);
	sim_in_irq = 0;
}
