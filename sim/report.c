// SPDX-License-Identifier: GPL-2.0
/*
 * Measurements and invariants, and the report: JSON lines (one per
 * group, CPU, optionally task, then a summary) and a one-screen text
 * summary.  Nothing here reads the wall clock, so that one seed gives
 * byte-identical output.
 */
#include <stdlib.h>
#include <string.h>
#include "model.h"

LIST_HEAD(sim_all_tasks);
LIST_HEAD(sim_waiting);
unsigned int sim_nr_tasks, sim_nr_live;

/* The first breach of each invariant. */
struct sim_breach {
	bool		broken;
	u64		at;
	char		what[160];
};

static struct sim_breach bounded_wait, wasted_core;
static u64 measure_from;
/* CPUs idle while a waiting task may run there; since when, and who */
static struct cpumask wasted_cpus;
static u64 wasted_since[SIM_MAX_CPUS];
static struct sim_task *wasted_task[SIM_MAX_CPUS];

/*
 * Values below 128 ns have a bucket each; above, a bucket keeps the top
 * seven bits: 64 buckets per power of two, so a quantile is within 1/64.
 */
static unsigned int hist_bucket(u64 v)
{
	unsigned int e;

	if (v < 128)
		return v;
	e = 63 - __builtin_clzll(v);
	return 128 + (e - 7) * 64 + ((v >> (e - 6)) - 64);
}

static u64 hist_value(unsigned int b)
{
	unsigned int e;

	if (b < 128)
		return b;
	e = (b - 128) / 64 + 7;
	return (u64)((b - 128) % 64 + 64) << (e - 6);
}

void sim_hist_add(struct sim_hist *h, u64 v)
{
	if (!h->buckets) {
		h->buckets = calloc(SIM_HIST_BUCKETS, sizeof(u32));
		if (!h->buckets) {
			perror("sim: calloc");
			exit(2);
		}
	}
	h->buckets[hist_bucket(v)]++;
	h->count++;
	h->sum += v;
	h->max = max(h->max, v);
}

static void hist_merge(struct sim_hist *into, const struct sim_hist *h)
{
	unsigned int b;

	if (!h->count)
		return;
	if (!into->buckets)
		into->buckets = calloc(SIM_HIST_BUCKETS, sizeof(u32));
	for (b = 0; b < SIM_HIST_BUCKETS; b++)
		into->buckets[b] += h->buckets[b];
	into->count += h->count;
	into->sum += h->sum;
	into->max = max(into->max, h->max);
}

/* The lower edge of the bucket holding the q-quantile. */
u64 sim_hist_quantile(const struct sim_hist *h, double q)
{
	u64 rank, seen = 0;
	unsigned int b;

	if (!h->count)
		return 0;
	rank = (u64)(q * (h->count - 1)) + 1;
	for (b = 0; b < SIM_HIST_BUCKETS; b++) {
		seen += h->buckets[b];
		if (seen >= rank)
			return min(hist_value(b), h->max);
	}
	return h->max;
}

static void hist_reset(struct sim_hist *h)
{
	if (h->buckets)
		memset(h->buckets, 0, SIM_HIST_BUCKETS * sizeof(u32));
	h->count = h->sum = h->max = 0;
}

static bool may_starve(struct sim_task *t)
{
	return sim_ops->may_starve && sim_ops->may_starve(&t->ts);
}

void sim_wait_begin(struct sim_task *t, bool wakeup)
{
	if (!list_empty(&t->wait_node))
		return;
	t->wait_from = sim_now;
	t->wait_is_wakeup = wakeup;
	list_add_tail(&t->wait_node, &sim_waiting);
}

static void check_bounded_wait(struct sim_task *t, u64 waited)
{
	if (waited <= sim_params.max_wait || bounded_wait.broken ||
	    may_starve(t))
		return;
	bounded_wait.broken = true;
	bounded_wait.at = t->wait_from + sim_params.max_wait;
	snprintf(bounded_wait.what, sizeof(bounded_wait.what),
		 "%s waited %.3f ms from %.3f s", t->name, waited / 1e6,
		 t->wait_from / 1e9);
}

void sim_wait_end(struct sim_task *t)
{
	u64 waited;

	if (list_empty(&t->wait_node))
		return;
	list_del_init(&t->wait_node);
	waited = sim_now - max(t->wait_from, measure_from);
	check_bounded_wait(t, sim_now - t->wait_from);
	if (t->wait_from < measure_from && !waited)
		return;
	/* per task only when asked: 15 KB a histogram, 100,000 tasks */
	sim_hist_add(sim_params.per_task ? &t->wait : &t->spec->waits, waited);
	if (t->wait_is_wakeup)
		sim_hist_add(sim_params.per_task ? &t->wakelat :
			     &t->spec->wakelats, waited);
}

/*
 * @covered |= the CPUs of @idle, not yet in @covered, that @t may run on;
 * those newly covered remember @t.  Returns true once all of @idle is.
 */
static bool cover_idle_cpus(struct cpumask *covered,
			    const struct cpumask *idle, struct sim_task *t)
{
	unsigned int w, words = BITS_TO_LONGS(nr_cpu_ids);
	bool all = true;

	for (w = 0; w < words; w++) {
		unsigned long may = idle->bits[w] & t->ts.cpus_ptr->bits[w];
		unsigned long add = may & ~covered->bits[w];

		while (add) {
			unsigned int cpu = w * BITS_PER_LONG + __builtin_ctzl(add);

			add &= add - 1;
			if (!cpumask_test_cpu(cpu, &wasted_cpus)) {
				wasted_since[cpu] = sim_now;
				wasted_task[cpu] = t;
			}
		}
		covered->bits[w] |= may;
		all = all && covered->bits[w] == idle->bits[w];
	}
	return all;
}

static void report_wasted_core(unsigned int cpu)
{
	wasted_core.broken = true;
	wasted_core.at = wasted_since[cpu];
	snprintf(wasted_core.what, sizeof(wasted_core.what),
		 "cpu%u idle while a task allowed on it waited (first %s), from %.3f s for %.1f ms or more",
		 cpu, wasted_task[cpu]->name, wasted_since[cpu] / 1e9,
		 (sim_now - wasted_since[cpu]) / 1e6);
}

/*
 * Each tick: is a CPU idle while a task allowed on it waits (Lozi et al.,
 * "The Linux Scheduler: a Decade of Wasted Cores", EuroSys 2016)?  Kept
 * per CPU, whichever tasks wait: a policy that rotates its waiting tasks
 * while another CPU idles is caught as well as one that strands one task.
 * Only a state that lasts idle_grace counts: a wakeup's IPI, a pull at
 * the next balance take a moment by design.
 */
void sim_sample(void)
{
	struct cpumask idle, covered;
	struct sim_task *t;
	unsigned int cpu;

	cpumask_clear(&covered);
	if (bitmap_and(idle.bits, sim_idle_cpus()->bits, cpu_active_mask->bits,
		       nr_cpu_ids)) {
		list_for_each_entry(t, &sim_waiting, wait_node)
			if (cover_idle_cpus(&covered, &idle, t))
				break;
	}
	wasted_cpus = covered;
	if (wasted_core.broken)
		return;
	for_each_cpu(cpu, &wasted_cpus)
		if (sim_now - wasted_since[cpu] >= sim_params.idle_grace) {
			report_wasted_core(cpu);
			return;
		}
}

void sim_warmup_end(void)
{
	struct sim_spec *s;
	struct sim_task *t;
	unsigned int cpu;

	measure_from = sim_now;
	for (s = sim_specs; s; s = s->next)
		s->messages_base = s->messages;
	for_each_possible_cpu(cpu) {
		struct rq *rq = cpu_rq(cpu);

		sim_this_cpu = cpu;
		rq->clock = sim_now;
		sim_update_curr(rq);
		sim_account_idle(rq);
		rq->idle_ns = 0;
		rq->offline_ns = 0;
		rq->switches = 0;
	}
	for (s = sim_specs; s; s = s->next) {
		hist_reset(&s->waits);
		hist_reset(&s->wakelats);
	}
	list_for_each_entry(t, &sim_all_tasks, all_node) {
		hist_reset(&t->wait);
		hist_reset(&t->wakelat);
		t->runtime_base = t->ts.se.sum_exec_runtime;
		t->switches = t->migrations = 0;
	}
}

struct group_result {
	unsigned int	tasks;
	u64		runtime, min_rt, max_rt, switches, migrations;
	struct sim_hist	wait, wakelat;
};

static void group_collect(struct sim_spec *s, struct group_result *g)
{
	struct sim_task *t;

	memset(g, 0, sizeof(*g));
	g->min_rt = U64_MAX;
	hist_merge(&g->wait, &s->waits);
	hist_merge(&g->wakelat, &s->wakelats);
	list_for_each_entry(t, &sim_all_tasks, all_node) {
		u64 rt;

		if (t->spec != s)
			continue;
		rt = t->ts.se.sum_exec_runtime - t->runtime_base;
		g->tasks++;
		g->runtime += rt;
		g->min_rt = min(g->min_rt, rt);
		g->max_rt = max(g->max_rt, rt);
		g->switches += t->switches;
		g->migrations += t->migrations;
		hist_merge(&g->wait, &t->wait);
		hist_merge(&g->wakelat, &t->wakelat);
	}
	if (!g->tasks)
		g->min_rt = 0;
}

static double us(u64 ns)
{
	return ns / 1e3;
}

static void json_hist(FILE *f, const char *name, const struct sim_hist *h)
{
	fprintf(f, "\"%s\":{\"n\":%llu,\"mean_us\":%.3f,\"p50_us\":%.3f,\"p99_us\":%.3f,\"max_us\":%.3f}",
		name, (unsigned long long)h->count,
		h->count ? us(h->sum) / h->count : 0.0,
		us(sim_hist_quantile(h, 0.5)), us(sim_hist_quantile(h, 0.99)),
		us(h->max));
}

static bool share_ok(const struct sim_spec *s, double share)
{
	return !s->expect_share ||
	       (share >= s->share_pct - s->share_tol &&
		share <= s->share_pct + s->share_tol);
}

static void report_group(FILE *json, FILE *text, struct sim_spec *s,
			 double span, bool *ok)
{
	struct group_result g;
	double share, lo, hi;

	group_collect(s, &g);
	share = 100.0 * g.runtime / span;
	lo = g.tasks ? 100.0 * g.min_rt / span : 0;
	hi = g.tasks ? 100.0 * g.max_rt / span : 0;
	fprintf(json, "{\"type\":\"group\",\"name\":\"%s\",\"tasks\":%u,\"exited\":%u,\"share_pct\":%.3f,\"task_share_min_pct\":%.3f,\"task_share_max_pct\":%.3f,",
		s->name, g.tasks, s->exited, share, lo, hi);
	json_hist(json, "wait", &g.wait);
	fputc(',', json);
	json_hist(json, "wakelat", &g.wakelat);
	fprintf(json, ",\"switches\":%llu,\"migrations\":%llu",
		(unsigned long long)g.switches,
		(unsigned long long)g.migrations);
	if (s->ring)
		fprintf(json, ",\"ring_messages\":%llu,\"ring_msgs_per_s\":%.3f",
			(unsigned long long)(s->messages - s->messages_base),
			(s->messages - s->messages_base) * 1e9 / span);
	if (s->expect_share)
		fprintf(json, ",\"expect_share_pct\":%.3f,\"expect_tol_pct\":%.3f,\"expect_ok\":%s",
			s->share_pct, s->share_tol,
			share_ok(s, share) ? "true" : "false");
	fprintf(json, "}\n");
	fprintf(text, "%-12s %6u %8.2f %7.2f-%-7.2f %9.0f %9.0f %9.0f %9.0f %8llu %6llu\n",
		s->name, g.tasks, share, lo, hi, us(sim_hist_quantile(&g.wait, 0.5)),
		us(sim_hist_quantile(&g.wait, 0.99)), us(g.wait.max),
		us(sim_hist_quantile(&g.wakelat, 0.99)),
		(unsigned long long)g.switches,
		(unsigned long long)g.migrations);
	if (s->ring)
		fprintf(text, "  ring %s: %.1f messages/s\n", s->name,
			(s->messages - s->messages_base) * 1e9 / span);
	if (!share_ok(s, share)) {
		*ok = false;
		fprintf(text, "  expect %s share %.2f%% +- %.2f: FAILED (%.2f%%)\n",
			s->name, s->share_pct, s->share_tol, share);
	}
	free(g.wait.buckets);
	free(g.wakelat.buckets);
}

static void report_tasks(FILE *json, double span)
{
	struct sim_task *t;

	list_for_each_entry(t, &sim_all_tasks, all_node) {
		fprintf(json, "{\"type\":\"task\",\"name\":\"%s\",\"pid\":%d,\"cpu\":%u,\"share_pct\":%.3f,",
			t->name, t->ts.pid, task_cpu(&t->ts),
			100.0 * (t->ts.se.sum_exec_runtime - t->runtime_base) / span);
		json_hist(json, "wait", &t->wait);
		fputc(',', json);
		json_hist(json, "wakelat", &t->wakelat);
		fprintf(json, ",\"switches\":%llu,\"migrations\":%llu}\n",
			(unsigned long long)t->switches,
			(unsigned long long)t->migrations);
	}
}

static void report_cpus(FILE *json, FILE *text, double span)
{
	bool any_offline = false;
	unsigned int cpu;

	fprintf(text, "idle %%:");
	for_each_possible_cpu(cpu) {
		struct rq *rq = cpu_rq(cpu);
		double idle = 100.0 * rq->idle_ns / span;
		double offline = 100.0 * rq->offline_ns / span;

		fprintf(json, "{\"type\":\"cpu\",\"cpu\":%u,\"core\":%d,\"llc\":%d,\"node\":%d,\"idle_pct\":%.3f,\"offline_pct\":%.3f,\"switches\":%llu}\n",
			cpu, rq->core, rq->llc, rq->node, idle, offline,
			(unsigned long long)rq->switches);
		if (cpu < 16)
			fprintf(text, " %.1f", idle);
		any_offline |= rq->offline_ns != 0;
	}
	fprintf(text, "%s\n", nr_cpu_ids > 16 ? " ..." : "");
	if (!any_offline)
		return;
	fprintf(text, "offline %%:");
	for_each_possible_cpu(cpu)
		if (cpu < 16)
			fprintf(text, " %.1f", 100.0 * cpu_rq(cpu)->offline_ns / span);
	fprintf(text, "%s\n", nr_cpu_ids > 16 ? " ..." : "");
}

static void report_stats(FILE *json)
{
	static const char * const core_names[SP_NR_CORE_STATS] = {
		"enqueues", "dequeues", "picks", "repicks", "ticks",
		"wakeup_preempts", "yields", "migrations", "balances",
		"balance_ns", "balance_pulls",
	};
	unsigned int i, cpu, n = SP_NR_CORE_STATS + sim_ops->nr_stats;

	fprintf(json, "{\"type\":\"stats\"");
	for (i = 0; i < n; i++) {
		u64 sum = 0;

		for_each_possible_cpu(cpu)
			sum += cpu_rq(cpu)->sprq.stats[i];
		fprintf(json, ",\"%s\":%llu", i < SP_NR_CORE_STATS ?
			core_names[i] : sim_ops->stat_names[i - SP_NR_CORE_STATS],
			(unsigned long long)sum);
	}
	fprintf(json, "}\n");
}

static void report_breach(FILE *json, FILE *text, const char *name,
			  const struct sim_breach *b, double param_ms)
{
	fprintf(json, "{\"type\":\"invariant\",\"name\":\"%s\",\"bound_ms\":%.3f,\"ok\":%s",
		name, param_ms, b->broken ? "false" : "true");
	if (b->broken)
		fprintf(json, ",\"first_broken_s\":%.6f,\"what\":\"%s\"",
			b->at / 1e9, b->what);
	fprintf(json, "}\n");
	if (b->broken)
		fprintf(text, "invariant %-13s (%.0f ms): BROKEN: %s\n", name,
			param_ms, b->what);
	else
		fprintf(text, "invariant %-13s (%.0f ms): ok\n", name,
			param_ms);
}

/* Waits still open at the end count for the bounded-wait invariant. */
static void close_waits(void)
{
	struct sim_task *t, *n;

	list_for_each_entry_safe(t, n, &sim_waiting, wait_node)
		check_bounded_wait(t, sim_now - t->wait_from);
}

int sim_report(FILE *json, FILE *text, const char *policy,
	       const char *workload)
{
	double span = sim_now - measure_from;
	struct sim_spec *s;
	bool ok = true;

	if (span <= 0)
		span = 1;
	close_waits();
	fprintf(text, "sim: %s on %u CPUs (smt %u, %u cores per LLC, %u nodes), %s, %.3f s measured after %.3f s, seed %llu\n",
		policy, sim_params.cpus, sim_params.smt, sim_params.llc_cores,
		sim_params.nodes, workload, span / 1e9, measure_from / 1e9,
		(unsigned long long)sim_params.seed);
	fprintf(text, "%-12s %6s %8s %15s %9s %9s %9s %9s %8s %6s\n", "group",
		"tasks", "share%", "per task%", "wait p50", "p99", "max",
		"wake p99", "switches", "migr");
	for (s = sim_specs; s; s = s->next)
		report_group(json, text, s, span, &ok);
	fprintf(text, "(share: %% of one CPU; waits in us)\n");
	if (sim_params.per_task)
		report_tasks(json, span);
	report_cpus(json, text, span);
	report_stats(json);
	report_breach(json, text, "bounded_wait", &bounded_wait,
		      sim_params.max_wait / 1e6);
	report_breach(json, text, "wasted_cores", &wasted_core,
		      sim_params.idle_grace / 1e6);
	ok = ok && !bounded_wait.broken && !wasted_core.broken;
	fprintf(json, "{\"type\":\"summary\",\"policy\":\"%s\",\"workload\":\"%s\",\"cpus\":%u,\"seed\":%llu,\"measured_s\":%.6f,\"tasks\":%u,\"warnings\":%llu,\"ok\":%s}\n",
		policy, workload, sim_params.cpus,
		(unsigned long long)sim_params.seed, span / 1e9, sim_nr_tasks,
		(unsigned long long)sim_warnings,
		ok && !sim_warnings ? "true" : "false");
	if (sim_warnings)
		fprintf(text, "%llu contract warnings (see stderr)\n",
			(unsigned long long)sim_warnings);
	return ok ? 0 : 1;
}
