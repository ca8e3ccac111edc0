// SPDX-License-Identifier: GPL-2.0
/*
 * Active balancing: a policy's balancer that cannot pull (every task of
 * the busiest CPU is running or cache hot, too often) has that CPU's
 * stopper thread preempt what runs there and push one task over, as
 * 2.6.22's load_balance() woke the busiest CPU's migration thread for
 * active_load_balance() and 6.12's fair does with
 * active_load_balance_cpu_stop().
 *
 * Lifetime: the work lives in the per-CPU sched_policy_rq, one at a time
 * per CPU (active_balance, under that CPU's rq lock).  The stopper runs
 * with interrupts off and both rq locks held, so the policy it reads with
 * sp_ops() stays bound until it is done (its unbinding waits for a grace
 * period after unpublishing).  A bypass in between moves nothing; after a
 * whole switch, the new policy's migration_candidate() names the task,
 * which is then a task of that policy.
 */
#include "internal.h"
#include <linux/stop_machine.h>

static void sp_push_one(struct sched_policy_rq *src, struct rq *dst_rq)
{
	struct sched_policy_ops *ops = sp_ops();
	struct sched_policy_rq *dst = sp_rq_of(dst_rq);
	struct task_struct *p;

	if (!ops || !ops->migration_candidate || src->bypassing ||
	    dst->bypassing || !cpu_active(cpu_of(dst_rq)) || !src->nr_queued)
		return;
	p = ops->migration_candidate(src, cpu_of(dst_rq));
	if (!p)
		return;
	if (sp_move_queued_locked(dst_rq, src->rq, p))
		resched_curr(dst_rq);
}

static int sp_push_stop(void *data)
{
	struct sched_policy_rq *src = data;
	struct rq *dst_rq = cpu_rq(READ_ONCE(src->push_cpu));

	local_irq_disable();
	double_rq_lock(src->rq, dst_rq);
	update_rq_clock(src->rq);
	update_rq_clock(dst_rq);
	sp_push_one(src, dst_rq);
	src->active_balance = false;
	double_rq_unlock(src->rq, dst_rq);
	local_irq_enable();
	return 0;
}

bool sched_policy_push_from(struct sched_policy_rq *rq, int src_cpu)
{
	struct rq_flags *rf = rq->balance_rf;
	struct sched_policy_rq *src;
	bool queue = false;

	if (WARN_ON_ONCE(!rf) || src_cpu == rq->cpu || !cpu_active(src_cpu))
		return false;
	src = &per_cpu(sched_policy_rqs, src_cpu);
	rq_unpin_lock(rq->rq, rf);
	raw_spin_rq_unlock(rq->rq);
	raw_spin_rq_lock(src->rq);
	if (!src->active_balance) {
		src->active_balance = true;
		src->push_cpu = rq->cpu;
		queue = true;
	}
	raw_spin_rq_unlock(src->rq);
	/* as rt.c's push: the stopper is woken with no rq lock held */
	if (queue && !stop_one_cpu_nowait(src_cpu, sp_push_stop, src,
					  &src->active_balance_work)) {
		/* its stopper is parked (CPU going down): nothing queued */
		raw_spin_rq_lock(src->rq);
		src->active_balance = false;
		raw_spin_rq_unlock(src->rq);
		queue = false;
	}
	raw_spin_rq_lock(rq->rq);
	rq_repin_lock(rq->rq, rf);
	return queue;
}
EXPORT_SYMBOL_GPL(sched_policy_push_from);
