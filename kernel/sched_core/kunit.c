// SPDX-License-Identifier: GPL-2.0
/*
 * The KUnit run queue of <linux/sched_policy.h>: a policy's suite calls
 * its registered hooks in sequence (enqueue, the balance pass, pick,
 * put_prev, set_next, account, tick, wakeup_preempt, yield,
 * prio_changed, task_fork) on a run queue of no CPU, and checks what
 * they decided.
 * The helpers keep class.c's order and bookkeeping, which is the contract
 * the header promises a policy: the queued flag and count around
 * enqueue and dequeue, the running task's account before a tick, a
 * dequeue or a wakeup's preemption test, the balance pass before each
 * pick, put_prev before set_next, a re-pick as both (sp_repick()), and
 * set_user_nice()'s dequeue, put_prev, enqueue, set_next, prio_changed.
 * Time is the test's: it moves only when the test runs the clock.
 */
#include <kunit/test.h>
#include <kunit/test-bug.h>
#include "internal.h"

bool sched_policy_rq_is_kunit(const struct sched_policy_rq *rq)
{
	return sp_rq_is_kunit(rq);
}
EXPORT_SYMBOL_GPL(sched_policy_rq_is_kunit);

static unsigned long sp_kunit_lock(struct sched_policy_rq *sprq)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&sprq->rq->__lock, flags);
	return flags;
}

/*
 * A broken promise of the policy (or of the test) fails the test that
 * runs it, once the lock is dropped: a KUnit report allocates.  Returns
 * @ok.
 */
static bool sp_kunit_expect(struct sched_policy_rq *sprq, bool ok,
			    const char *what)
{
	if (!ok && !sprq->kunit_broken)
		sprq->kunit_broken = what;
	return ok;
}

static void sp_kunit_unlock(struct sched_policy_rq *sprq, unsigned long flags)
{
	struct kunit *test = kunit_get_current_test();
	const char *broken = sprq->kunit_broken;

	sprq->kunit_broken = NULL;
	raw_spin_unlock_irqrestore(&sprq->rq->__lock, flags);
	if (broken && test)
		KUNIT_FAIL(test, "%s", broken);
}

static bool sp_kunit_ours(const struct task_struct *p)
{
	return p->sched_class == &policy_sched_class;
}

struct sched_policy_rq *sched_policy_kunit_rq(struct kunit *test,
					      struct sched_policy_ops *ops)
{
	struct sched_policy_ops *active = sp_ops();
	struct sched_policy_rq *sprq;
	struct rq *rq;

	if (active)
		kunit_skip(test, "%s runs the machine, and hooks read current",
			   active->name);
	rq = kunit_kzalloc(test, sizeof(*rq), GFP_KERNEL);
	sprq = kunit_kzalloc(test, sizeof(*sprq), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, rq);
	KUNIT_ASSERT_NOT_NULL(test, sprq);
	rq->idle = kunit_kzalloc(test, sizeof(*rq->idle), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, rq->idle);
	raw_spin_lock_init(&rq->__lock);
	/* away from 0, which some policies read as "never" */
	rq->clock = NSEC_PER_SEC;
	rq->clock_task = rq->clock;
	rq->clock_update_flags = RQCF_UPDATED;
	rq->curr = rq->idle;

	sprq->rq = rq;
	INIT_LIST_HEAD(&sprq->bypass_fifo);
	sprq->last_tick = rq->clock;
	sprq->nr_stats = ops->nr_stats;
	sprq->stats = kunit_kcalloc(test, SP_NR_CORE_STATS + ops->nr_stats,
				    sizeof(u64), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sprq->stats);
	if (ops->percpu_size) {
		sprq->priv = kunit_kzalloc(test, ops->percpu_size, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, sprq->priv);
	}
	sprq->kunit_ops = ops;
	if (ops->cpu_init)
		ops->cpu_init(sprq);
	return sprq;
}
EXPORT_SYMBOL_GPL(sched_policy_kunit_rq);

/* set_load_weight() of core.c */
static void sp_kunit_set_weight(struct task_struct *p)
{
	int idx = p->static_prio - MAX_RT_PRIO;

	if (p->policy == SCHED_IDLE) {
		p->se.load.weight = scale_load(WEIGHT_IDLEPRIO);
		p->se.load.inv_weight = WMULT_IDLEPRIO;
	} else {
		p->se.load.weight = scale_load(sched_prio_to_weight[idx]);
		p->se.load.inv_weight = sched_prio_to_wmult[idx];
	}
}

/*
 * The core's part of @p, a fake task the suite made (its nice in
 * static_prio), which the suite does not know: the class, prio, weight
 * and CPUs.
 */
static void sp_kunit_adopt(struct task_struct *p)
{
	struct kunit *test = kunit_get_current_test();

	if (p->static_prio < MAX_RT_PRIO || p->static_prio >= MAX_PRIO) {
		if (test)
			KUNIT_FAIL(test, "pid %d: static_prio %d is no nice level",
				   p->pid, p->static_prio);
		p->static_prio = NICE_TO_PRIO(0);
	}
	p->sched_class = &policy_sched_class;
	p->prio = p->static_prio;
	p->normal_prio = p->static_prio;
	sp_kunit_set_weight(p);
	if (!p->cpus_ptr) {
		cpumask_copy(&p->cpus_mask, cpu_possible_mask);
		p->cpus_ptr = &p->cpus_mask;
	}
}

static void sp_kunit_enable(struct sched_policy_rq *sprq, struct task_struct *p)
{
	if (sprq->kunit_ops->enable)
		sprq->kunit_ops->enable(p);
	p->sp.flags |= SP_TASK_ENABLED;
	sp_stat_add(sprq, SP_STAT_ENABLES, 1);
}

/*
 * @p, a fake task the suite made with its policy's state set, becomes a
 * member of the class on @rq's CPU (the enable hook runs).
 */
void sched_policy_kunit_attach(struct sched_policy_rq *rq,
			       struct task_struct *p)
{
	unsigned long flags;

	sp_kunit_adopt(p);
	flags = sp_kunit_lock(rq);
	p->sp.flags |= SP_TASK_INIT;
	sp_kunit_enable(rq, p);
	sp_kunit_unlock(rq, flags);
}
EXPORT_SYMBOL_GPL(sched_policy_kunit_attach);

/*
 * sched_cgroup_fork() (task_fork_policy()) of @child by the task running
 * on @rq, which must be of the class: the fork hook with the parent's run
 * queue locked (task_init where the policy has none), then enable.
 * @child, a fake task the suite made with its nice in static_prio, is not
 * queued: sched_policy_kunit_wake_new() does that.
 */
void sched_policy_kunit_fork(struct sched_policy_rq *rq,
			     struct task_struct *child)
{
	struct sched_policy_ops *ops = rq->kunit_ops;
	struct task_struct *parent = rq->rq->curr;
	unsigned long flags;

	sp_kunit_adopt(child);
	flags = sp_kunit_lock(rq);
	if (sp_kunit_expect(rq, sp_kunit_ours(parent), "fork by no class task")) {
		child->se.exec_start = parent->se.exec_start;
		if (ops->task_fork)
			ops->task_fork(rq, child, parent);
		else if (ops->task_init)
			ops->task_init(child);
		child->sp.flags |= SP_TASK_INIT;
		sp_stat_add(rq, SP_STAT_TASK_INITS, 1);
		sp_kunit_enable(rq, child);
	}
	sp_kunit_unlock(rq, flags);
}
EXPORT_SYMBOL_GPL(sched_policy_kunit_fork);

/* update_curr_policy() */
static void sp_kunit_account(struct sched_policy_rq *sprq)
{
	struct sched_policy_ops *ops = sprq->kunit_ops;
	struct task_struct *curr = sprq->rq->curr;
	s64 delta;

	if (!sp_kunit_ours(curr))
		return;
	delta = sprq->rq->clock_task - curr->se.exec_start;
	if (delta <= 0)
		return;
	curr->se.exec_start = sprq->rq->clock_task;
	curr->se.sum_exec_runtime += delta;
	if (ops->account)
		ops->account(sprq, curr, delta);
}

/* enqueue_task_policy() */
static void sp_kunit_enqueue(struct sched_policy_rq *sprq,
			     struct task_struct *p, unsigned int flags)
{
	if (!sp_kunit_expect(sprq, !(p->sp.flags & SP_TASK_QUEUED),
			     "enqueue of a queued task"))
		return;
	p->sp.flags |= SP_TASK_QUEUED;
	sprq->nr_queued++;
	sprq->rq->nr_running++;
	sprq->kunit_ops->enqueue(sprq, p, flags);
	sp_stat_add(sprq, SP_STAT_ENQUEUES, 1);
}

/* dequeue_task_policy() */
static void sp_kunit_dequeue(struct sched_policy_rq *sprq,
			     struct task_struct *p, unsigned int flags)
{
	if (!sp_kunit_expect(sprq, p->sp.flags & SP_TASK_QUEUED,
			     "dequeue of a task not queued"))
		return;
	if (sprq->rq->curr == p)
		sp_kunit_account(sprq);
	sprq->kunit_ops->dequeue(sprq, p, flags);
	sp_stat_add(sprq, SP_STAT_DEQUEUES, 1);
	p->sp.flags &= ~SP_TASK_QUEUED;
	sprq->nr_queued--;
	sprq->rq->nr_running--;
}

/* put_prev_task_policy() */
static void sp_kunit_put_prev(struct sched_policy_rq *sprq,
			      struct task_struct *p)
{
	sprq->slice_end = 0;
	sp_kunit_account(sprq);
	sprq->kunit_ops->put_prev(sprq, p, sched_policy_task_queued(p));
	sp_stat_add(sprq, SP_STAT_PUT_PREVS, 1);
}

/* set_next_task_policy() */
static void sp_kunit_set_next(struct sched_policy_rq *sprq,
			      struct task_struct *p)
{
	p->se.exec_start = sprq->rq->clock_task;
	p->se.prev_sum_exec_runtime = p->se.sum_exec_runtime;
	sprq->kunit_ops->set_next(sprq, p);
	sp_stat_add(sprq, SP_STAT_SET_NEXTS, 1);
}

/*
 * __schedule() for the class: the balance pass, the pick (offered the
 * running task while it is queued), then put_prev and set_next; the
 * running task chosen again is put back and set next, as sp_repick().
 */
static struct task_struct *sp_kunit_schedule(struct sched_policy_rq *sprq)
{
	struct sched_policy_ops *ops = sprq->kunit_ops;
	struct rq *rq = sprq->rq;
	struct task_struct *prev = rq->curr, *next = NULL;
	bool ours = sp_kunit_ours(prev);

	sp_kunit_account(sprq);
	clear_tsk_need_resched(prev);
	if (ops->balance)
		ops->balance(sprq);
	if (sprq->nr_queued) {
		next = ops->pick_next(sprq, ours && sched_policy_task_queued(prev) ?
					    prev : NULL);
		sp_stat_add(sprq, SP_STAT_PICKS, 1);
		sp_kunit_expect(sprq, next || (ops->flags & SCHED_POLICY_GLOBAL_QUEUE),
				"no pick with tasks queued");
		sp_kunit_expect(sprq, !next || sched_policy_task_queued(next),
				"the pick is not queued");
	}
	if (next && next == prev) {
		sp_kunit_put_prev(sprq, prev);
		sp_kunit_set_next(sprq, prev);
		sp_stat_add(sprq, SP_STAT_REPICKS, 1);
		return prev;
	}
	if (ours) {
		sp_kunit_put_prev(sprq, prev);
		prev->on_cpu = 0;
	}
	if (next) {
		next->on_cpu = 1;
		sp_kunit_set_next(sprq, next);
	}
	rq->curr = next ?: rq->idle;
	return next;
}

void sched_policy_kunit_enqueue(struct sched_policy_rq *rq,
				struct task_struct *p, unsigned int flags)
{
	unsigned long irq = sp_kunit_lock(rq);

	sp_kunit_enqueue(rq, p, flags);
	sp_kunit_unlock(rq, irq);
}
EXPORT_SYMBOL_GPL(sched_policy_kunit_enqueue);

void sched_policy_kunit_dequeue(struct sched_policy_rq *rq,
				struct task_struct *p, unsigned int flags)
{
	unsigned long irq = sp_kunit_lock(rq);

	sp_kunit_dequeue(rq, p, flags);
	sp_kunit_unlock(rq, irq);
}
EXPORT_SYMBOL_GPL(sched_policy_kunit_dequeue);

/* The task that now runs, or NULL when the CPU idles. */
struct task_struct *sched_policy_kunit_schedule(struct sched_policy_rq *rq)
{
	unsigned long irq = sp_kunit_lock(rq);
	struct task_struct *next = sp_kunit_schedule(rq);

	sp_kunit_unlock(rq, irq);
	return next;
}
EXPORT_SYMBOL_GPL(sched_policy_kunit_schedule);

/* The clock moves @ns on, charged to the running task (no tick). */
void sched_policy_kunit_run(struct sched_policy_rq *rq, u64 ns)
{
	unsigned long irq = sp_kunit_lock(rq);

	rq->rq->clock += ns;
	rq->rq->clock_task += ns;
	sp_kunit_account(rq);
	sp_kunit_unlock(rq, irq);
}
EXPORT_SYMBOL_GPL(sched_policy_kunit_run);

/* The periodic tick (task_tick_policy()): true if it asks to reschedule. */
bool sched_policy_kunit_tick(struct sched_policy_rq *rq)
{
	unsigned long irq = sp_kunit_lock(rq);
	struct task_struct *curr = rq->rq->curr;
	bool resched;

	sp_kunit_account(rq);
	if (sp_kunit_ours(curr)) {
		sp_stat_add(rq, SP_STAT_TICKS, 1);
		rq->last_tick = rq->rq->clock;
		rq->kunit_ops->tick(rq, curr);
	}
	resched = test_tsk_need_resched(curr);
	sp_kunit_unlock(rq, irq);
	return resched;
}
EXPORT_SYMBOL_GPL(sched_policy_kunit_tick);

/*
 * try_to_wake_up() of @p on this CPU: its enqueue (SP_ENQ_WAKEUP and
 * @enq_flags), then wakeup_preempt_policy() with @wake_flags while a task
 * of the class runs (an idle CPU is always preempted).  True if the
 * running task is to be preempted.
 */
static bool sp_kunit_activate(struct sched_policy_rq *rq,
			      struct task_struct *p, unsigned int enq_flags,
			      unsigned int wake_flags)
{
	struct sched_policy_ops *ops = rq->kunit_ops;
	unsigned long irq = sp_kunit_lock(rq);
	struct task_struct *curr = rq->rq->curr;
	bool resched;

	sp_kunit_enqueue(rq, p, enq_flags);
	if (!sp_kunit_ours(curr)) {
		set_tsk_need_resched(curr);
	} else if (ops->wakeup_preempt && !test_tsk_need_resched(curr)) {
		sp_kunit_account(rq);
		if (ops->wakeup_preempt(rq, curr, p, wake_flags)) {
			set_tsk_need_resched(curr);
			sp_stat_add(rq, SP_STAT_WAKEUP_PREEMPTS, 1);
		}
	}
	resched = test_tsk_need_resched(curr);
	sp_kunit_unlock(rq, irq);
	return resched;
}

bool sched_policy_kunit_wakeup(struct sched_policy_rq *rq,
			       struct task_struct *p, unsigned int enq_flags,
			       unsigned int wake_flags)
{
	return sp_kunit_activate(rq, p, SP_ENQ_WAKEUP | enq_flags, wake_flags);
}
EXPORT_SYMBOL_GPL(sched_policy_kunit_wakeup);

/*
 * wake_up_new_task() of @child (sched_policy_kunit_fork()) on @rq, its
 * parent's CPU: its first enqueue (SP_ENQ_NEW), then the preemption test
 * with SP_WAKE_FORK.  True if the running task is to be preempted, by
 * this test or by the fork hook before it.
 */
bool sched_policy_kunit_wake_new(struct sched_policy_rq *rq,
				 struct task_struct *child)
{
	return sp_kunit_activate(rq, child, SP_ENQ_NEW, SP_WAKE_FORK);
}
EXPORT_SYMBOL_GPL(sched_policy_kunit_wake_new);

/* The running task sleeps (SP_DEQ_SLEEP): the task that runs next. */
struct task_struct *sched_policy_kunit_sleep(struct sched_policy_rq *rq)
{
	unsigned long irq = sp_kunit_lock(rq);
	struct task_struct *next = NULL;

	if (sp_kunit_expect(rq, sp_kunit_ours(rq->rq->curr),
			    "sleep of no class task")) {
		sp_kunit_dequeue(rq, rq->rq->curr, SP_DEQ_SLEEP);
		next = sp_kunit_schedule(rq);
	}
	sp_kunit_unlock(rq, irq);
	return next;
}
EXPORT_SYMBOL_GPL(sched_policy_kunit_sleep);

/* sched_yield() by the running task, and its schedule(): what runs next */
struct task_struct *sched_policy_kunit_yield(struct sched_policy_rq *rq)
{
	unsigned long irq = sp_kunit_lock(rq);
	struct task_struct *next;

	sp_kunit_account(rq);
	if (rq->kunit_ops->yield && sp_kunit_ours(rq->rq->curr))
		rq->kunit_ops->yield(rq, rq->rq->curr);
	sp_stat_add(rq, SP_STAT_YIELDS, 1);
	next = sp_kunit_schedule(rq);
	sp_kunit_unlock(rq, irq);
	return next;
}
EXPORT_SYMBOL_GPL(sched_policy_kunit_yield);

/*
 * set_user_nice() and __sched_setscheduler() (kernel/sched/syscalls.c)
 * on a task of @rq's CPU, within the policy's class: the task taken off
 * and put back around the change, then prio_changed if its prio moved.
 */
static void sp_kunit_setattr(struct sched_policy_rq *rq, struct task_struct *p,
			     int policy, int nice)
{
	unsigned long irq = sp_kunit_lock(rq);
	bool queued = sched_policy_task_queued(p);
	bool running = rq->rq->curr == p;
	int old_prio;

	if (queued)
		sp_kunit_dequeue(rq, p, SP_DEQ_SAVE);
	if (running)
		sp_kunit_put_prev(rq, p);
	p->policy = policy;
	p->static_prio = NICE_TO_PRIO(nice);
	sp_kunit_set_weight(p);
	old_prio = p->prio;
	p->prio = p->static_prio;
	p->normal_prio = p->static_prio;
	if (queued)
		sp_kunit_enqueue(rq, p, SP_ENQ_RESTORE);
	if (running)
		sp_kunit_set_next(rq, p);
	if (rq->kunit_ops->prio_changed && old_prio != p->prio)
		rq->kunit_ops->prio_changed(rq, p, old_prio);
	sp_kunit_unlock(rq, irq);
}

void sched_policy_kunit_set_nice(struct sched_policy_rq *rq,
				 struct task_struct *p, int nice)
{
	sp_kunit_setattr(rq, p, p->policy, nice);
}
EXPORT_SYMBOL_GPL(sched_policy_kunit_set_nice);

/* SCHED_NORMAL, SCHED_BATCH, SCHED_IDLE or SCHED_ISO, the nice kept */
void sched_policy_kunit_set_policy(struct sched_policy_rq *rq,
				   struct task_struct *p, int policy)
{
	sp_kunit_setattr(rq, p, policy, PRIO_TO_NICE(p->static_prio));
}
EXPORT_SYMBOL_GPL(sched_policy_kunit_set_policy);

/* Whether the running task (or the idle CPU) is asked to reschedule */
bool sched_policy_kunit_resched(struct sched_policy_rq *rq)
{
	return test_tsk_need_resched(rq->rq->curr);
}
EXPORT_SYMBOL_GPL(sched_policy_kunit_resched);

/* The policy's own counter @idx (ops->stat_names) on @rq */
u64 sched_policy_kunit_stat(struct sched_policy_rq *rq, unsigned int idx)
{
	if (WARN_ON_ONCE(idx >= rq->nr_stats))
		return 0;
	return rq->stats[SP_NR_CORE_STATS + idx];
}
EXPORT_SYMBOL_GPL(sched_policy_kunit_stat);

/* The clock at which the last sched_policy_slice_timer() asked to tick */
u64 sched_policy_kunit_slice_end(struct sched_policy_rq *rq)
{
	return rq->slice_end;
}
EXPORT_SYMBOL_GPL(sched_policy_kunit_slice_end);

/*
 * @nr tasks of higher classes (an RT task, say) runnable from now on, as
 * far as sched_policy_rq_nr_other() tells; they never run here
 */
void sched_policy_kunit_set_other(struct sched_policy_rq *rq,
				  unsigned int nr)
{
	unsigned long irq = sp_kunit_lock(rq);

	rq->rq->nr_running = rq->nr_queued + nr;
	sp_kunit_unlock(rq, irq);
}
EXPORT_SYMBOL_GPL(sched_policy_kunit_set_other);
