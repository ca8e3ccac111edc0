// SPDX-License-Identifier: GPL-2.0
/*
 * lazy - a deliberately broken policy, for the simulator's invariant test.
 *
 * Per-CPU FIFO round robin that never moves a task: a task stays on the
 * CPU it was forked or last ran on, and balance() pulls nothing.  Every
 * hook keeps the contract, so nothing warns; but tasks forked on one CPU
 * all wait there while the other CPUs idle, which is what the
 * simulator's wasted-core check must report.  Simulator test only.
 */
#include <linux/sched_policy.h>

struct lazy_cpu {
	struct list_head queue;
};

static struct list_head *lazy_queue(struct sched_policy_rq *rq)
{
	return &((struct lazy_cpu *)sched_policy_rq_priv(rq))->queue;
}

static void lazy_cpu_init(struct sched_policy_rq *rq)
{
	INIT_LIST_HEAD(lazy_queue(rq));
}

static void lazy_enqueue(struct sched_policy_rq *rq, struct task_struct *p,
			 unsigned int flags)
{
	list_add_tail(&p->sp.run_node, lazy_queue(rq));
}

static void lazy_dequeue(struct sched_policy_rq *rq, struct task_struct *p,
			 unsigned int flags)
{
	list_del_init(&p->sp.run_node);
}

static struct task_struct *lazy_pick_next(struct sched_policy_rq *rq,
					  struct task_struct *curr)
{
	return list_first_entry_or_null(lazy_queue(rq), struct task_struct,
					sp.run_node) ?: curr;
}

static void lazy_put_prev(struct sched_policy_rq *rq, struct task_struct *p,
			  bool queued)
{
	if (queued)
		list_add_tail(&p->sp.run_node, lazy_queue(rq));
}

static void lazy_set_next(struct sched_policy_rq *rq, struct task_struct *p)
{
	list_del_init(&p->sp.run_node);
}

static void lazy_tick(struct sched_policy_rq *rq, struct task_struct *curr)
{
	if (sched_policy_rq_nr_queued(rq) > 1)
		sched_policy_resched(rq);
}

/* The bug: stay where you are, and never pull. */
static int lazy_select_cpu(struct task_struct *p, int prev_cpu,
			   unsigned int wake_flags)
{
	return prev_cpu;
}

static int lazy_balance(struct sched_policy_rq *rq)
{
	return sched_policy_rq_nr_queued(rq) > 0;
}

static struct sched_policy_ops lazy_policy = {
	.name		= "lazy",
	.owner		= THIS_MODULE,
	.percpu_size	= sizeof(struct lazy_cpu),
	.cpu_init	= lazy_cpu_init,
	.enqueue	= lazy_enqueue,
	.dequeue	= lazy_dequeue,
	.pick_next	= lazy_pick_next,
	.put_prev	= lazy_put_prev,
	.set_next	= lazy_set_next,
	.tick		= lazy_tick,
	.select_cpu	= lazy_select_cpu,
	.balance	= lazy_balance,
};
sched_policy_declare(lazy_policy);

MODULE_DESCRIPTION("lazy: never balances (simulator test)");
MODULE_LICENSE("GPL");
