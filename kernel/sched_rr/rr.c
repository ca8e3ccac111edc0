// SPDX-License-Identifier: GPL-2.0
/*
 * rr - the reference policy: per-CPU round robin.
 *
 * Each CPU has one FIFO queue.  The running task is off the queue; it
 * runs for timeslice_ms of CPU time, then goes to the tail if anyone is
 * waiting (else it simply starts a new slice).  A task preempted before
 * its slice ends (by an RT task, say) goes back to the head and keeps the
 * rest of its slice.  sched_yield() ends the slice.  There are no
 * priorities: nice is ignored, and SCHED_BATCH and SCHED_IDLE tasks are
 * treated like SCHED_NORMAL ones.  Wakeups never preempt.  Load balancing
 * is the core's generic pull balancer; the candidate is the most recently
 * queued task that may run on the pulling CPU.
 *
 * This file is the template for a new policy: it uses only
 * <linux/sched_policy.h> and implements every required hook.
 */
#include <linux/sched_policy.h>

static u64 rr_timeslice_ms = 10;

static const struct sched_policy_tunable rr_tunables[] = {
	{ "timeslice_ms", &rr_timeslice_ms, 1, 1000, "ms" },
	{ }
};

enum { RR_STAT_EXPIRED, RR_STAT_REQUEUE_HEAD, RR_NR_STATS };
static const char * const rr_stat_names[RR_NR_STATS] = {
	[RR_STAT_EXPIRED]	= "slices_expired",
	[RR_STAT_REQUEUE_HEAD]	= "requeued_at_head",
};

/* Per-task state, overlaid on task_struct's policy area. */
struct rr_task {
	u64	slice_start;	/* task runtime when its slice began */
	bool	yielded;
};

/* Per-CPU state. */
struct rr_cpu {
	struct list_head queue;
};

static inline struct rr_task *rr_task(struct task_struct *p)
{
	return sched_policy_priv(p, struct rr_task);
}

static inline struct rr_cpu *rr_cpu(struct sched_policy_rq *rq)
{
	return sched_policy_rq_priv(rq);
}

static void rr_new_slice(struct task_struct *p)
{
	rr_task(p)->slice_start = sched_policy_task_runtime(p);
	rr_task(p)->yielded = false;
}

static bool rr_slice_expired(struct task_struct *p)
{
	u64 used = sched_policy_task_runtime(p) - rr_task(p)->slice_start;

	return rr_task(p)->yielded ||
	       used >= READ_ONCE(rr_timeslice_ms) * NSEC_PER_MSEC;
}

/* Queue operations, kept free of run-queue handles for the KUnit tests. */
static void rr_queue_add(struct rr_cpu *rc, struct task_struct *p, bool head)
{
	if (head)
		list_add(&p->sp.run_node, &rc->queue);
	else
		list_add_tail(&p->sp.run_node, &rc->queue);
}

static struct task_struct *rr_queue_pick(struct rr_cpu *rc,
					 struct task_struct *curr)
{
	struct task_struct *first;

	first = list_first_entry_or_null(&rc->queue, struct task_struct,
					 sp.run_node);
	if (curr && (!first || !rr_slice_expired(curr)))
		return curr;
	return first;
}

/* Returns true when @p went to the tail, i.e. its slice was over. */
static bool rr_queue_put_prev(struct rr_cpu *rc, struct task_struct *p)
{
	bool expired = rr_slice_expired(p);

	if (expired)
		rr_new_slice(p);
	rr_queue_add(rc, p, !expired);
	return expired;
}

static struct task_struct *rr_queue_candidate(struct rr_cpu *rc, int dst_cpu)
{
	struct task_struct *p;

	list_for_each_entry_reverse(p, &rc->queue, sp.run_node)
		if (sched_policy_can_migrate(p, dst_cpu))
			return p;
	return NULL;
}

/*
 * Consistency check (ops->check, run under stop_machine): every task on
 * the queue is queued in the core, belongs to this CPU and is not running
 * (the running task is off the queue), and the queue holds exactly the
 * tasks the core counts.  Each helper reports what it finds broken and
 * returns how many; @rq may be NULL (KUnit).
 */
static unsigned int rr_check_task(struct sched_policy_rq *rq,
				  struct task_struct *p, int cpu)
{
	unsigned int bad = 0;

	if (!sched_policy_task_queued(p))
		bad += sched_policy_check_fail(rq, "rr: pid %d is on the queue but not queued",
					       p->pid);
	if (task_cpu(p) != cpu)
		bad += sched_policy_check_fail(rq, "rr: pid %d is on cpu%d's queue but on cpu%d",
					       p->pid, cpu, task_cpu(p));
	if (sched_policy_task_running(p))
		bad += sched_policy_check_fail(rq, "rr: pid %d runs but is on the queue",
					       p->pid);
	return bad;
}

/* Returns the failures; *nr: the tasks on the queue. */
static unsigned int rr_queue_check(struct sched_policy_rq *rq,
				   struct rr_cpu *rc, int cpu,
				   unsigned int *nr)
{
	struct task_struct *p;
	unsigned int bad = 0;

	*nr = 0;
	list_for_each_entry(p, &rc->queue, sp.run_node) {
		if (++*nr > PID_MAX_LIMIT)	/* a loop: stop */
			return bad + sched_policy_check_fail(rq, "rr: the queue does not end");
		bad += rr_check_task(rq, p, cpu);
	}
	return bad;
}

/* Hooks */

static void rr_cpu_init(struct sched_policy_rq *rq)
{
	INIT_LIST_HEAD(&rr_cpu(rq)->queue);
}

static void rr_task_init(struct task_struct *p)
{
	rr_new_slice(p);
}

static void rr_enqueue(struct sched_policy_rq *rq, struct task_struct *p,
		       unsigned int flags)
{
	rr_queue_add(rr_cpu(rq), p, false);
}

static void rr_dequeue(struct sched_policy_rq *rq, struct task_struct *p,
		       unsigned int flags)
{
	list_del_init(&p->sp.run_node);	/* no-op for the running task */
}

static struct task_struct *rr_pick_next(struct sched_policy_rq *rq,
					struct task_struct *curr)
{
	return rr_queue_pick(rr_cpu(rq), curr);
}

static void rr_put_prev(struct sched_policy_rq *rq, struct task_struct *p,
			bool queued)
{
	if (!queued)
		return;
	if (!rr_queue_put_prev(rr_cpu(rq), p))
		sched_policy_stat_add(rq, RR_STAT_REQUEUE_HEAD, 1);
}

static void rr_set_next(struct sched_policy_rq *rq, struct task_struct *p)
{
	list_del_init(&p->sp.run_node);
}

static void rr_tick(struct sched_policy_rq *rq, struct task_struct *curr)
{
	if (!rr_slice_expired(curr))
		return;
	if (sched_policy_rq_nr_queued(rq) > 1) {
		sched_policy_stat_add(rq, RR_STAT_EXPIRED, 1);
		sched_policy_resched(rq);
	} else {
		rr_new_slice(curr);	/* alone: keep running */
	}
}

static void rr_yield(struct sched_policy_rq *rq, struct task_struct *curr)
{
	if (sched_policy_rq_nr_queued(rq) > 1)	/* alone: nothing to yield to */
		rr_task(curr)->yielded = true;
}

static struct task_struct *rr_migration_candidate(struct sched_policy_rq *rq,
						  int dst_cpu)
{
	return rr_queue_candidate(rr_cpu(rq), dst_cpu);
}

static u64 rr_timeslice_ns(struct task_struct *p)
{
	return READ_ONCE(rr_timeslice_ms) * NSEC_PER_MSEC;
}

static unsigned int rr_check(struct sched_policy_rq *rq)
{
	unsigned int nr;

	rr_queue_check(rq, rr_cpu(rq), sched_policy_rq_cpu(rq), &nr);
	return nr;
}

static void rr_dump(struct sched_policy_rq *rq)
{
	struct task_struct *p;
	char pids[128] = "";
	size_t len = 0;

	list_for_each_entry(p, &rr_cpu(rq)->queue, sp.run_node)
		len += scnprintf(pids + len, sizeof(pids) - len, " %d", p->pid);
	pr_info("rr: cpu%d queued=%u waiting:%s\n", sched_policy_rq_cpu(rq),
		sched_policy_rq_nr_queued(rq), pids);
}

static struct sched_policy_ops rr_policy = {
	.name			= "rr",
	.owner			= THIS_MODULE,
	.percpu_size		= sizeof(struct rr_cpu),
	.cpu_init		= rr_cpu_init,
	.task_init		= rr_task_init,
	.enqueue		= rr_enqueue,
	.dequeue		= rr_dequeue,
	.pick_next		= rr_pick_next,
	.put_prev		= rr_put_prev,
	.set_next		= rr_set_next,
	.tick			= rr_tick,
	.yield			= rr_yield,
	.migration_candidate	= rr_migration_candidate,
	.timeslice_ns		= rr_timeslice_ns,
	.dump			= rr_dump,
	.check			= rr_check,
	.tunables		= rr_tunables,
	.stat_names		= rr_stat_names,
	.nr_stats		= RR_NR_STATS,
};
sched_policy_declare(rr_policy);

MODULE_DESCRIPTION("rr: round-robin reference scheduling policy");
MODULE_LICENSE("GPL");
MODULE_ALIAS("sched-policy-rr");

#ifdef CONFIG_SCHED_POLICY_RR_KUNIT_TEST
#include "rr_test.c"
#endif
