// SPDX-License-Identifier: GPL-2.0
/*
 * Bypass: scheduling the policy class without the policy, as sched_ext's
 * scx_ops_bypass() does.  While bypass is on, every CPU keeps the class's
 * runnable tasks in a FIFO of its own and runs them in turn, a slice of
 * SP_BYPASS_SLICE_NS each; no hook of the policy is called for them and
 * neither balancing nor wakeup preemption runs.  Entering it needs
 * nothing from the policy and nothing that can sleep (raw spinlocks and
 * run-queue locks only), so it works when the policy starves every normal
 * task, the RCU kthreads and kworkers included.  Used by:
 *
 *  - the stall watchdog and SysRq-P, before they switch to eevdf (whose
 *    sleeping locks, fork rwsem and RCU waits then make progress);
 *  - every run-time switch away from a policy, for the same reason;
 *  - suspend and hibernation (PM notifier), so the policy is not relied
 *    upon while tasks are frozen and CPUs go down;
 *  - /sys/kernel/sched_policy/bypass, by hand (sysfs/ABI.md).
 *
 * Entering sets every run queue's state, then walks the core's task list
 * once and cycles the policy's queued tasks (dequeue, put_prev; enqueue,
 * set_next) into their CPU's FIFO; leaving cycles them back.  Nesting is
 * counted; the last leave ends it.
 */
#define pr_fmt(fmt) "sched_policy: " fmt

#include <linux/suspend.h>
#include "internal.h"

#define SP_BYPASS_SLICE_NS	(5 * NSEC_PER_MSEC)

int sp_bypass_depth;
static DEFINE_RAW_SPINLOCK(sp_bypass_lock);

void sp_bypass_enqueue(struct sched_policy_rq *sprq, struct task_struct *p)
{
	list_add_tail(&p->sp.bypass_node, &sprq->bypass_fifo);
	p->sp.flags |= SP_TASK_BYPASS;
	sprq->nr_bypassed++;
	if (sprq->stats)
		sp_stat_add(sprq, SP_STAT_BYPASS_ENQUEUES, 1);
}

void sp_bypass_dequeue(struct sched_policy_rq *sprq, struct task_struct *p)
{
	list_del_init(&p->sp.bypass_node);
	p->sp.flags &= ~SP_TASK_BYPASS;
	sprq->nr_bypassed--;
}

struct task_struct *sp_bypass_pick(struct sched_policy_rq *sprq)
{
	return list_first_entry_or_null(&sprq->bypass_fifo, struct task_struct,
					sp.bypass_node);
}

/* The running task is off the FIFO; it goes back at the tail. */
void sp_bypass_set_next(struct sched_policy_rq *sprq, struct task_struct *p)
{
	list_del_init(&p->sp.bypass_node);
	p->sp.flags |= SP_TASK_BYPASS_RUN;
}

void sp_bypass_put_prev(struct sched_policy_rq *sprq, struct task_struct *p)
{
	p->sp.flags &= ~SP_TASK_BYPASS_RUN;
	if (p->sp.flags & SP_TASK_BYPASS)
		list_add_tail(&p->sp.bypass_node, &sprq->bypass_fifo);
}

void sp_bypass_tick(struct sched_policy_rq *sprq, struct task_struct *curr)
{
	u64 ran = curr->se.sum_exec_runtime - curr->se.prev_sum_exec_runtime;

	if (!sprq->bypassing ||
	    (!list_empty(&sprq->bypass_fifo) && ran >= SP_BYPASS_SLICE_NS))
		resched_curr(sprq->rq);
}

/* Set @cpu's bypass state: what its next enqueues and picks use. */
static void sp_bypass_set_cpu(int cpu, bool on)
{
	struct rq *rq = cpu_rq(cpu);
	struct rq_flags rf;

	rq_lock(rq, &rf);
	WRITE_ONCE(per_cpu(sched_policy_rqs, cpu).bypassing, on);
	rq_unlock(rq, &rf);
}

/*
 * Whether @p may be queued in the policy class, read without its locks.
 * Called after every run queue's state was set under its lock: a task
 * queued before that is seen queued here (the enqueue's writes were made
 * under a run-queue lock taken since), and one queued after it went to
 * its run queue's new side.  So a task this calls idle needs no move, and
 * a switch beside 10,000 sleeping tasks takes no lock for them.
 */
static bool sp_bypass_may_move(struct task_struct *p)
{
	return READ_ONCE(p->sched_class) == &policy_sched_class &&
	       task_on_rq_queued(p);
}

/* With the task list locked: @p to the side of its run queue's state. */
static void sp_bypass_task(struct task_struct *p)
{
	struct rq_flags rf;
	struct rq *rq;

	if (!sp_bypass_may_move(p))
		return;
	rq = task_rq_lock(p, &rf);
	if (p->sched_class == &policy_sched_class && task_on_rq_queued(p) &&
	    sp_rq_of(rq)->bypassing != !!sp_task_bypassed(p)) {
		update_rq_clock(rq);
		sp_cycle_task(rq, p);
	}
	task_rq_unlock(rq, p, &rf);
}

/* Every task is on its side: a new pick, from that side. */
static void sp_bypass_kick_cpu(int cpu, bool on)
{
	struct sched_policy_rq *sprq = &per_cpu(sched_policy_rqs, cpu);
	struct rq *rq = cpu_rq(cpu);
	struct rq_flags rf;

	rq_lock(rq, &rf);
	WARN_ON_ONCE(!on && sprq->nr_bypassed);
	if (sprq->nr_queued)
		resched_curr(rq);
	rq_unlock(rq, &rf);
}

/*
 * Enter (@on) or leave bypass.  Any context that may spin: the watchdog's
 * FIFO kthread, a PM notifier, a sysfs write.  Every possible CPU, since
 * the hotplug lock is one of the things a broken policy can keep us from.
 * One pass over the CPUs to set their state, one over the tasks to move
 * those on the wrong side (between the two, a CPU's queued tasks that
 * have not moved yet wait), one over the CPUs to pick again.
 */
void sched_policy_bypass(bool on)
{
	struct sched_policy_entity *se;
	struct task_struct *p;
	unsigned long flags;
	int cpu;

	raw_spin_lock_irqsave(&sp_bypass_lock, flags);
	if (on ? sp_bypass_depth++ : --sp_bypass_depth) {
		WARN_ON_ONCE(sp_bypass_depth < 0);
		goto out;
	}
	for_each_possible_cpu(cpu)
		sp_bypass_set_cpu(cpu, on);
	raw_spin_lock(&sp_tasks_lock);
	list_for_each_entry(se, &sp_tasks, tasks_node) {
		p = sp_listed_task(se);
		if (p)
			sp_bypass_task(p);
	}
	raw_spin_unlock(&sp_tasks_lock);
	for_each_possible_cpu(cpu)
		sp_bypass_kick_cpu(cpu, on);
out:
	raw_spin_unlock_irqrestore(&sp_bypass_lock, flags);
}

bool sched_policy_bypassing(void)
{
	return READ_ONCE(sp_bypass_depth) > 0;
}

/* Suspend and hibernation: tasks freeze and CPUs go down in bypass. */
static int sp_pm_notify(struct notifier_block *nb, unsigned long event,
			void *unused)
{
	switch (event) {
	case PM_HIBERNATION_PREPARE:
	case PM_SUSPEND_PREPARE:
		sched_policy_bypass(true);
		break;
	case PM_POST_HIBERNATION:
	case PM_POST_SUSPEND:
		sched_policy_bypass(false);
		break;
	}
	return NOTIFY_OK;
}

static struct notifier_block sp_pm_nb = {
	.notifier_call = sp_pm_notify,
};

static int __init sp_bypass_init(void)
{
	return register_pm_notifier(&sp_pm_nb);
}
core_initcall(sp_bypass_init);
