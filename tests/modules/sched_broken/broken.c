// SPDX-License-Identifier: GPL-2.0
/*
 * broken - a deliberately broken policy, for testing the stall watchdog.
 *
 * A per-CPU FIFO, round robin on every tick, that never picks a
 * SCHED_BATCH task: such a task stays runnable and never runs, which is
 * exactly what the core's watchdog must catch (report, dump, switch back
 * to eevdf).  With starve_all=1 (a module parameter, writable at run time)
 * it picks no task at all: once the task running on a CPU stops, nothing
 * of the class runs there again - kworkers, the RCU kthreads and the
 * shell included - and the core must recover with no help from it.  It claims SCHED_POLICY_GLOBAL_QUEUE only so that the core
 * accepts the NULL pick instead of warning about it.  Test-only: never
 * load it on a machine you care about.
 */
#include <linux/sched_policy.h>

struct broken_cpu {
	struct list_head queue;
};

static struct list_head *broken_queue(struct sched_policy_rq *rq)
{
	return &((struct broken_cpu *)sched_policy_rq_priv(rq))->queue;
}

static bool starve_all;
module_param(starve_all, bool, 0644);
MODULE_PARM_DESC(starve_all, "pick no task at all (default: no SCHED_BATCH task)");

static bool broken_skipped(const struct task_struct *p)
{
	return READ_ONCE(starve_all) || p->policy == SCHED_BATCH;	/* the bug */
}

static void broken_cpu_init(struct sched_policy_rq *rq)
{
	INIT_LIST_HEAD(broken_queue(rq));
}

static void broken_enqueue(struct sched_policy_rq *rq, struct task_struct *p,
			   unsigned int flags)
{
	list_add_tail(&p->sp.run_node, broken_queue(rq));
}

static void broken_dequeue(struct sched_policy_rq *rq, struct task_struct *p,
			   unsigned int flags)
{
	list_del_init(&p->sp.run_node);
}

static struct task_struct *broken_first(struct sched_policy_rq *rq)
{
	struct task_struct *p;

	list_for_each_entry(p, broken_queue(rq), sp.run_node)
		if (!broken_skipped(p))
			return p;
	return NULL;
}

static struct task_struct *broken_pick_next(struct sched_policy_rq *rq,
					    struct task_struct *curr)
{
	struct task_struct *p = broken_first(rq);

	if (curr && !broken_skipped(curr) && !p)
		return curr;
	return p;
}

static void broken_put_prev(struct sched_policy_rq *rq, struct task_struct *p,
			    bool queued)
{
	if (queued)
		list_add_tail(&p->sp.run_node, broken_queue(rq));
}

static void broken_set_next(struct sched_policy_rq *rq, struct task_struct *p)
{
	list_del_init(&p->sp.run_node);
}

static void broken_tick(struct sched_policy_rq *rq, struct task_struct *curr)
{
	if (broken_first(rq))
		sched_policy_resched(rq);
}

static void broken_dump(struct sched_policy_rq *rq)
{
	struct task_struct *p;
	unsigned int n = 0, skipped = 0;

	list_for_each_entry(p, broken_queue(rq), sp.run_node) {
		n++;
		skipped += broken_skipped(p);
	}
	pr_info("broken: cpu%d queued=%u waiting=%u never_picked=%u\n",
		sched_policy_rq_cpu(rq), sched_policy_rq_nr_queued(rq), n,
		skipped);
}

static struct sched_policy_ops broken_policy = {
	.name		= "broken",
	.owner		= THIS_MODULE,
	.flags		= SCHED_POLICY_GLOBAL_QUEUE,
	.percpu_size	= sizeof(struct broken_cpu),
	.cpu_init	= broken_cpu_init,
	.enqueue	= broken_enqueue,
	.dequeue	= broken_dequeue,
	.pick_next	= broken_pick_next,
	.put_prev	= broken_put_prev,
	.set_next	= broken_set_next,
	.tick		= broken_tick,
	.dump		= broken_dump,
};
sched_policy_declare(broken_policy);

MODULE_DESCRIPTION("broken: never runs SCHED_BATCH tasks (watchdog test)");
MODULE_LICENSE("GPL");
MODULE_ALIAS("sched-policy-broken");
