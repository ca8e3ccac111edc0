// SPDX-License-Identifier: GPL-2.0
/*
 * The policy class: one struct sched_class, between fair and idle, that
 * hands every ordering and preemption decision to the active policy
 * (struct sched_policy_ops) and does the shared work itself: nr_running,
 * runtime accounting (update_curr_common: sum_exec_runtime, cputime,
 * cgroup time), statistics, trace events, and the conversion of a
 * policy's "resched" into resched_curr().
 *
 * The core tracks whether the policy holds a task (SP_TASK_QUEUED) so
 * that the dequeue/put_prev/enqueue/set_next sequences of attribute
 * changes reach the policy in a consistent order: put_prev() is told the
 * task is queued only when it really is.
 */
#include <linux/freezer.h>
#include "internal.h"

#define CREATE_TRACE_POINTS
#include <trace/events/sched_policy.h>

DEFINE_PER_CPU_SHARED_ALIGNED(struct sched_policy_rq, sched_policy_rqs);

static unsigned int sp_enqueue_flags(int flags)
{
	unsigned int f = 0;

	if (flags & ENQUEUE_WAKEUP)
		f |= SP_ENQ_WAKEUP;
	if (flags & ENQUEUE_POLICY_SYNC)
		f |= SP_ENQ_SYNC;
	if (flags & ENQUEUE_POLICY_IRQ)
		f |= SP_ENQ_IRQ;
	if (flags & ENQUEUE_INITIAL)
		f |= SP_ENQ_NEW;
	if (flags & ENQUEUE_MIGRATED)
		f |= SP_ENQ_MIGRATED;
	if (flags & ENQUEUE_RESTORE)
		f |= SP_ENQ_RESTORE;
	return f;
}

static unsigned int sp_dequeue_flags(int flags)
{
	unsigned int f = 0;

	if (flags & DEQUEUE_SLEEP)
		f |= SP_DEQ_SLEEP;
	if (flags & DEQUEUE_SAVE)
		f |= SP_DEQ_SAVE;
	return f;
}

/*
 * Lifetime and membership (see <linux/sched_policy.h>): task_init once,
 * at the first entry into the class under this policy, enable/disable at
 * every entry and exit (a priority-inheritance boost is an exit), and
 * task_exit when the task is freed or the policy ends.
 */
static void sp_task_enable(struct sched_policy_ops *ops, struct task_struct *p)
{
	if (ops->enable)
		ops->enable(p);
	p->sp.flags |= SP_TASK_ENABLED;
	/* not always under this CPU's rq lock: this CPU's counter */
	this_cpu_inc(ops->stats[SP_STAT_ENABLES]);
}

static void sp_task_enter(struct sched_policy_ops *ops, struct task_struct *p)
{
	if (!(p->sp.flags & SP_TASK_INIT)) {
		if (ops->task_init)
			ops->task_init(p);
		p->sp.flags |= SP_TASK_INIT;
		this_cpu_inc(ops->stats[SP_STAT_TASK_INITS]);
	}
	sp_task_enable(ops, p);
}

static void sp_task_leave(struct sched_policy_ops *ops, struct task_struct *p)
{
	if (!(p->sp.flags & SP_TASK_ENABLED))
		return;
	if (ops->disable)
		ops->disable(p);
	p->sp.flags &= ~SP_TASK_ENABLED;
}

/* The end of @p's life under @ops: at its free, or when @ops ends. */
void sp_task_exit(struct sched_policy_ops *ops, struct task_struct *p)
{
	sp_task_leave(ops, p);
	if (!(p->sp.flags & SP_TASK_INIT))
		return;
	if (ops->task_exit)
		ops->task_exit(p);
	p->sp.flags &= ~SP_TASK_INIT;
}

static void update_curr_policy(struct rq *rq)
{
	struct task_struct *curr = rq->curr;
	struct sched_policy_ops *ops;
	s64 delta;

	if (curr->sched_class != &policy_sched_class)
		return;
	delta = update_curr_common(rq);
	if (delta <= 0)
		return;
	sp_server_account(sp_rq_of(rq), delta);
	ops = sp_ops();
	if (ops->account && !sp_task_bypassed(curr))
		ops->account(sp_rq_of(rq), curr, delta);
}

DEFINE_STATIC_KEY_MAYBE(CONFIG_SCHED_POLICY_TIMING, sp_timing_key);

/*
 * Run @call, adding its duration to counter @idx while timing is on.
 * With the key off this is @call alone: no clock is read.
 */
#define sp_timed(sprq, idx, call)					\
	do {								\
		if (sp_timing()) {					\
			u64 __start = local_clock();			\
									\
			call;						\
			sp_stat_add(sprq, idx, local_clock() - __start); \
		} else {						\
			call;						\
		}							\
	} while (0)

/*
 * A decision (the balance pass, the pick, then put_prev of the task that
 * ran, then set_next of the one chosen) is timed from the pick's start,
 * moved back by the balance pass's cost, to the end of set_next.  A
 * balance pass whose schedule() took a task of a higher class adds to
 * the next pick's decision.  decision_start and balance_cost are left
 * over from an earlier spell of timing only if it was switched off in
 * between, so they are cleared before the key goes on again.
 */
void sched_policy_set_timing(bool on)
{
	int cpu;

	if (!on) {
		static_branch_disable(&sp_timing_key);
		return;
	}
	for_each_possible_cpu(cpu) {
		struct rq *rq = cpu_rq(cpu);
		struct rq_flags rf;

		rq_lock_irqsave(rq, &rf);
		sp_rq_of(rq)->decision_start = 0;
		sp_rq_of(rq)->balance_cost = 0;
		rq_unlock_irqrestore(rq, &rf);
	}
	static_branch_enable(&sp_timing_key);
}

/*
 * "Runnable since" for the stall watchdog, kept as the kernel's
 * sched_info.last_queued is (stats.h): set when the task is queued to
 * wait, kept over a dequeue/enqueue pair that saves and restores it,
 * cleared when it runs or sleeps.  The core's own, so that a policy
 * cannot hide a task, and paid only while a policy runs.
 */
static void sp_mark_waiting(struct rq *rq, struct task_struct *p)
{
	if (!p->sp.runnable_since)
		WRITE_ONCE(p->sp.runnable_since, rq_clock(rq));
}

static void sp_mark_not_waiting(struct task_struct *p)
{
	WRITE_ONCE(p->sp.runnable_since, 0);
}

/*
 * The slice timer is the scheduler's hrtick: it calls the class's
 * task_tick() with queued=1, which reaches the policy's tick() hook.  The
 * fair class arms it only with the HRTICK feature; a stale one would tick
 * the next task early, so it is cancelled whenever a policy task stops.
 *
 * Arming and cancelling an hrtimer costs more than the rest of a context
 * switch, and a slice that outlasts the next periodic tick needs no timer
 * yet: the core notes when it ends and arms the timer from the last tick
 * before that (sp_slice_timer_tick()), so a 100 ms slice costs one timer,
 * not one per switch, and a slice whose end falls in the current tick
 * period is the only one that arms at once.
 */
static void sp_arm_slice_timer(struct rq *rq, u64 delay_ns)
{
#ifdef CONFIG_SCHED_HRTICK
	if (hrtick_enabled(rq))
		hrtick_start(rq, delay_ns);
#endif
}

/* The timer's state is read without its lock: a cancel only if it may be set. */
static void sp_stop_slice_timer(struct rq *rq)
{
#ifdef CONFIG_SCHED_HRTICK
	if (hrtimer_is_queued(&rq->hrtick_timer))
		hrtimer_try_to_cancel(&rq->hrtick_timer);
#endif
}

/*
 * Whether the periodic tick comes before @end: the next is one tick after
 * the last this CPU took, unless that is past (the tick was stopped while
 * the CPU idled and restarts on the jiffies grid), when it is at most one
 * tick from @now.
 */
static bool sp_tick_before(struct sched_policy_rq *sprq, u64 now, u64 end)
{
	u64 next = sprq->last_tick + TICK_NSEC;

	return next > now ? next <= end : now + TICK_NSEC <= end;
}

void sched_policy_slice_timer(struct sched_policy_rq *rq, u64 delay_ns)
{
	u64 now = rq_clock(rq->rq);

	if (sp_rq_is_kunit(rq)) {
		rq->slice_end = now + delay_ns;
		return;
	}
	if (!sp_tick_before(rq, now, now + delay_ns)) {
		rq->slice_end = 0;
		sp_arm_slice_timer(rq->rq, delay_ns);
		return;
	}
	/* a shorter slice set before must not end this one early */
	sp_stop_slice_timer(rq->rq);
	rq->slice_end = now + delay_ns;
}
EXPORT_SYMBOL_GPL(sched_policy_slice_timer);

/* After the policy's periodic tick: arm the timer of a slice ending before the next. */
static void sp_slice_timer_tick(struct rq *rq)
{
	struct sched_policy_rq *sprq = sp_rq_of(rq);
	u64 now = sprq->last_tick;

	if (!sprq->slice_end || test_tsk_need_resched(rq->curr) ||
	    sp_tick_before(sprq, now, sprq->slice_end))
		return;
	sp_arm_slice_timer(rq, sprq->slice_end > now ?
			   sprq->slice_end - now : 0);
	sprq->slice_end = 0;
}

void sp_cancel_slice_timer(struct rq *rq)
{
	sp_rq_of(rq)->slice_end = 0;
	sp_stop_slice_timer(rq);
}

static void enqueue_task_policy(struct rq *rq, struct task_struct *p,
				int flags)
{
	struct sched_policy_ops *ops = sp_ops();
	struct sched_policy_rq *sprq = sp_rq_of(rq);

	if (WARN_ON_ONCE(p->sp.flags & SP_TASK_QUEUED))
		return;
	p->sp.flags |= SP_TASK_QUEUED;
	sprq->nr_queued++;
	add_nr_running(rq, 1);
	if (!task_current(rq, p))
		sp_mark_waiting(rq, p);
	/* No policy: a bug, but the task must still run somewhere. */
	if (unlikely(sprq->bypassing || WARN_ON_ONCE(!ops))) {
		sp_bypass_enqueue(sprq, p);
	} else {
		sp_timed(sprq, SP_STAT_ENQUEUE_NS,
			 ops->enqueue(sprq, p, sp_enqueue_flags(flags)));
		sp_stat_add(sprq, SP_STAT_ENQUEUES, 1);
	}
	sp_server_start(sprq);
}

static bool dequeue_task_policy(struct rq *rq, struct task_struct *p,
				int flags)
{
	struct sched_policy_rq *sprq = sp_rq_of(rq);

	if (WARN_ON_ONCE(!(p->sp.flags & SP_TASK_QUEUED)))
		return true;
	if (task_current(rq, p))
		update_curr_policy(rq);
	if (p->sp.flags & SP_TASK_BYPASS) {
		sp_bypass_dequeue(sprq, p);
	} else {
		sp_timed(sprq, SP_STAT_DEQUEUE_NS,
			 sp_ops()->dequeue(sprq, p, sp_dequeue_flags(flags)));
		sp_stat_add(sprq, SP_STAT_DEQUEUES, 1);
	}
	if (!(flags & DEQUEUE_SAVE))
		sp_mark_not_waiting(p);
	p->sp.flags &= ~SP_TASK_QUEUED;
	sprq->nr_queued--;
	sub_nr_running(rq, 1);
	return true;
}

/*
 * do_sched_yield() does not update the run-queue clock (each class's
 * yield_task does, as fair's does), and schedule() follows at once, so
 * the clock need not be read twice.  A bypassed task yields by going to
 * the back of the FIFO in put_prev.
 */
static void yield_task_policy(struct rq *rq)
{
	struct sched_policy_ops *ops = sp_ops();
	struct sched_policy_rq *sprq = sp_rq_of(rq);

	update_rq_clock(rq);
	update_curr_policy(rq);
	rq_clock_skip_update(rq);
	if (sp_task_bypassed(rq->curr))
		return;
	if (ops->yield)
		ops->yield(sprq, rq->curr);
	sp_stat_add(sprq, SP_STAT_YIELDS, 1);
}

/* The core's WF_* wake flags as the policy API's SP_WAKE_* ones. */
static unsigned int sp_wake_flags(int wake_flags)
{
	unsigned int f = 0;

	if (wake_flags & WF_FORK)
		f |= SP_WAKE_FORK;
	if (wake_flags & WF_EXEC)
		f |= SP_WAKE_EXEC;
	if (wake_flags & WF_SYNC)
		f |= SP_WAKE_SYNC;
	return f;
}

/*
 * A sync hint means "the waker leaves its CPU soon"; SP_WAKE_REMOTE tells
 * the policy that @p was woken from another CPU, where 2.6.22 ignored the
 * hint and BFS did not: the waker holds this run queue's lock from there,
 * or left @p on this CPU's wake list (WF_POLICY_REMOTE, which keeps the
 * hint too).  Bypassed tasks take turns by the core's slice, not by
 * preemption.
 */
static void wakeup_preempt_policy(struct rq *rq, struct task_struct *p,
				  int flags)
{
	struct sched_policy_ops *ops = sp_ops();
	struct sched_policy_rq *sprq = sp_rq_of(rq);
	unsigned int f;

	if (!ops->wakeup_preempt || test_tsk_need_resched(rq->curr) ||
	    sprq->bypassing || sp_task_bypassed(rq->curr))
		return;
	f = sp_wake_flags(flags);
	if (cpu_of(rq) != smp_processor_id() || (flags & WF_POLICY_REMOTE))
		f |= SP_WAKE_REMOTE;
	update_curr_policy(rq);
	if (!ops->wakeup_preempt(sprq, rq->curr, p, f))
		return;
	resched_curr(rq);
	sp_stat_add(sprq, SP_STAT_WAKEUP_PREEMPTS, 1);
	trace_sched_policy_preempt(sprq->cpu, rq->curr, p);
}

static int balance_policy(struct rq *rq, struct task_struct *prev,
			  struct rq_flags *rf)
{
	return sp_balance(rq, rf);
}

static void put_prev_task_policy(struct rq *rq, struct task_struct *p,
				 struct task_struct *next);
static void set_next_task_policy(struct rq *rq, struct task_struct *p,
				 bool first);

/*
 * 6.12's put_prev_set_next_task() does nothing when the pick is the task
 * that was running, so the policy would never hear that its slice ended
 * and a new one began.  The contract promises it does: the core makes
 * the re-pick a put_prev(queued) and a set_next, as for any other task.
 */
static void sp_repick(struct rq *rq, struct task_struct *p)
{
	put_prev_task_policy(rq, p, p);
	set_next_task_policy(rq, p, false);
	sp_stat_add(sp_rq_of(rq), SP_STAT_REPICKS, 1);
}

static struct task_struct *sp_ops_pick(struct sched_policy_rq *sprq,
				       struct sched_policy_ops *ops,
				       struct task_struct *curr, bool server)
{
	struct task_struct *p;
	u64 start, cost;

	if (!sp_timing()) {
		p = ops->pick_next(sprq, curr);
		trace_sched_policy_pick(sprq->cpu, p, sprq->nr_queued, 0);
		return p;
	}
	start = local_clock();
	p = ops->pick_next(sprq, curr);
	cost = local_clock() - start;
	trace_sched_policy_pick(sprq->cpu, p, sprq->nr_queued, cost);
	/* the balance pass before this pick belongs to its decision */
	start -= sprq->balance_cost;
	sprq->balance_cost = 0;
	/* the server's picks are counted apart (server_picks), untimed */
	if (server)
		return p;
	sp_stat_add(sprq, SP_STAT_PICK_NS, cost);
	/*
	 * Core scheduling picks on every SMT sibling and may not set any
	 * of them next: no decision is timed then.
	 */
	sprq->decision_start = p && !sched_core_enabled(sprq->rq) ? start : 0;
	return p;
}

/*
 * A pick for the core (@server false) or for the class's deadline server
 * (server.c), which may run under RT.
 */
struct task_struct *sp_pick_task_for(struct rq *rq, bool server)
{
	struct sched_policy_ops *ops = sp_ops();
	struct sched_policy_rq *sprq = sp_rq_of(rq);
	struct task_struct *curr = rq->curr, *p;

	if (!sprq->nr_queued || !ops) {
		/* a balance pass that found nothing is no decision's */
		if (sp_timing())
			sprq->balance_cost = 0;
		return NULL;
	}
	if (curr->sched_class != &policy_sched_class ||
	    !(curr->sp.flags & SP_TASK_QUEUED))
		curr = NULL;
	if (sprq->bypassing)
		return sp_bypass_pick(sprq) ?: curr;

	p = sp_ops_pick(sprq, ops, curr, server);

	/* A policy bug here would strand runnable tasks: make it loud. */
	if (p) {
		WARN_ON_ONCE(task_cpu(p) != sprq->cpu ||
			     !sched_policy_task_queued(p));
	} else {
		WARN_ON_ONCE(!(ops->flags & SCHED_POLICY_GLOBAL_QUEUE));
	}

	if (server) {
		if (p)
			sp_stat_add(sprq, SP_STAT_SERVER_PICKS, 1);
	} else {
		sp_stat_add(sprq, SP_STAT_PICKS, 1);
		if (p)
			sp_stat_add(sprq, SP_STAT_DECISIONS, 1);
	}
	if (p && p == curr)
		sp_repick(rq, p);
	return p;
}

static struct task_struct *pick_task_policy(struct rq *rq)
{
	return sp_pick_task_for(rq, false);
}

/*
 * __pick_next_task() while a policy runs, as fair's fast path there: when
 * every runnable task of @rq is the class's and the task leaving is not
 * above it, the classes above (stop, deadline, RT, fair) have nothing to
 * offer and are not asked, and only the class's balance() runs of the
 * balance pass.  NULL: take the core's walk through every class.
 */
struct task_struct *sched_policy_pick_next_fast(struct rq *rq,
						struct rq_flags *rf)
{
	struct sched_policy_rq *sprq = sp_rq_of(rq);
	struct task_struct *prev = rq->donor, *p;

	if (sched_class_above(prev->sched_class, &policy_sched_class) ||
	    rq->nr_running != sprq->nr_queued)
		return NULL;
	sp_balance(rq, rf);
	/* it may have dropped the lock, and a task of a higher class come */
	if (rq->nr_running != sprq->nr_queued)
		return NULL;
	p = sp_pick_task_for(rq, false) ?: pick_task_idle(rq);
	put_prev_set_next_task(rq, prev, p);
	return p;
}

static void put_prev_task_policy(struct rq *rq, struct task_struct *p,
				 struct task_struct *next)
{
	struct sched_policy_rq *sprq = sp_rq_of(rq);
	bool queued = sched_policy_task_queued(p);

	sp_cancel_slice_timer(rq);
	update_curr_policy(rq);
	if (queued)
		sp_mark_waiting(rq, p);
	if (p->sp.flags & SP_TASK_BYPASS_RUN) {
		sp_bypass_put_prev(sprq, p);
		return;
	}
	sp_timed(sprq, SP_STAT_PUT_PREV_NS,
		 sp_ops()->put_prev(sprq, p, queued));
	sp_stat_add(sprq, SP_STAT_PUT_PREVS, 1);
}

/* The end of a timed decision: see sched_policy_set_timing(). */
static void sp_decision_end(struct sched_policy_rq *sprq)
{
	if (sprq->decision_start) {
		sp_stat_add(sprq, SP_STAT_DECISION_NS,
			    local_clock() - sprq->decision_start);
		sprq->decision_start = 0;
	}
}

static void set_next_task_policy(struct rq *rq, struct task_struct *p,
				 bool first)
{
	struct sched_policy_rq *sprq = sp_rq_of(rq);

	p->se.exec_start = rq_clock_task(rq);
	p->se.prev_sum_exec_runtime = p->se.sum_exec_runtime;
	sp_mark_not_waiting(p);
	/* also a task that arrives running but not queued, in bypass */
	if ((p->sp.flags & SP_TASK_BYPASS) || sprq->bypassing) {
		sp_bypass_set_next(sprq, p);
		return;
	}
	sp_timed(sprq, SP_STAT_SET_NEXT_NS, sp_ops()->set_next(sprq, p));
	sp_stat_add(sprq, SP_STAT_SET_NEXTS, 1);
	if (sp_timing())
		sp_decision_end(sprq);
}

/* @queued: 1 from the slice timer (hrtick), 0 from the periodic tick */
static void task_tick_policy(struct rq *rq, struct task_struct *curr,
			     int queued)
{
	struct sched_policy_rq *sprq = sp_rq_of(rq);

	update_curr_policy(rq);
	if (sp_task_bypassed(curr)) {
		sp_bypass_tick(sprq, curr);
		return;
	}
	if (!queued) {
		sp_stat_add(sprq, SP_STAT_TICKS, 1);
		sprq->last_tick = rq_clock(rq);
	}
	sp_ops()->tick(sprq, curr);
	if (queued)
		return;
	sp_slice_timer_tick(rq);
	sp_tick_balance(rq);
}

/*
 * sched_cgroup_fork(), the child's pi_lock held: a child forked into the
 * class starts its life under the policy here (a child in another class
 * does so when it first enters).  The parent runs here: its run queue is
 * locked as task_fork_fair() locks it, so that the hook may change the
 * parent (split its slice) against an account() from another CPU, and
 * reschedule it.
 */
static void task_fork_policy(struct task_struct *p)
{
	struct sched_policy_ops *ops = sp_ops();
	struct rq *rq = this_rq();
	struct rq_flags rf;

	rq_lock(rq, &rf);
	update_rq_clock(rq);
	/* the child's last run is its parent's (sched_policy_task_cold_ns) */
	p->se.exec_start = current->se.exec_start;
	if (ops->task_fork)
		ops->task_fork(sp_rq_of(rq), p, current);
	else if (ops->task_init)
		ops->task_init(p);
	p->sp.flags |= SP_TASK_INIT;
	this_cpu_inc(ops->stats[SP_STAT_TASK_INITS]);
	sp_task_enable(ops, p);
	rq_unlock(rq, &rf);
}

/* A wait in another class is not the policy's: its stamp starts afresh. */
static void switching_to_policy(struct rq *rq, struct task_struct *p)
{
	sp_mark_not_waiting(p);
	sp_task_enter(sp_ops(), p);
}

static void switched_from_policy(struct rq *rq, struct task_struct *p)
{
	sp_mark_not_waiting(p);
	sp_task_leave(sp_ops(), p);
}

/*
 * A running task that drops into the policy class (setscheduler from RT,
 * or the end of a priority boost) may now be below a queued RT task.
 */
static void switched_to_policy(struct rq *rq, struct task_struct *p)
{
	if (!task_on_rq_queued(p))
		return;
	if (task_current(rq, p))
		resched_curr(rq);
	else
		wakeup_preempt(rq, p, 0);
}

/*
 * The policy sees a bypassed task's new priority at its next enqueue.
 * Around an attribute change a bypassed task is dequeued (no flag), so
 * the run queue's state decides.
 */
static void prio_changed_policy(struct rq *rq, struct task_struct *p,
				int old_prio)
{
	struct sched_policy_ops *ops = sp_ops();

	if (ops->prio_changed && !sp_task_bypassed(p) &&
	    !sp_rq_of(rq)->bypassing)
		ops->prio_changed(sp_rq_of(rq), p, old_prio);
}

static unsigned int get_rr_interval_policy(struct rq *rq,
					   struct task_struct *p)
{
	struct sched_policy_ops *ops = sp_ops();

	if (!ops || !ops->timeslice_ns)
		return 0;
	return NS_TO_JIFFIES(ops->timeslice_ns(p));
}

#ifdef CONFIG_SMP
static int select_task_rq_policy(struct task_struct *p, int prev_cpu,
				 int wake_flags)
{
	struct sched_policy_ops *ops = sp_ops();

	if (!ops->select_cpu || READ_ONCE(sp_bypass_depth))
		return sched_policy_select_idle_cpu(p, prev_cpu);
	return ops->select_cpu(p, prev_cpu, sp_wake_flags(wake_flags));
}

/* pi_lock held, not always this rq's lock: this CPU's counter */
static void migrate_task_rq_policy(struct task_struct *p, int new_cpu)
{
	this_cpu_inc(sp_ops()->stats[SP_STAT_MIGRATIONS]);
}

/*
 * Under the task's rq lock, or only pi_lock for a task that is neither
 * queued nor running (__set_cpus_allowed_ptr_locked, migrate_disable).
 */
static void set_cpus_allowed_policy(struct task_struct *p,
				    struct affinity_context *ctx)
{
	struct sched_policy_ops *ops = sp_ops();

	set_cpus_allowed_common(p, ctx);
	/* in bypass the task is the core's; the policy hears at enqueue */
	if (ops->cpus_allowed_changed && !sp_task_bypassed(p) &&
	    !READ_ONCE(sp_rq_of(task_rq(p))->bypassing))
		ops->cpus_allowed_changed(p, ctx->new_mask);
}

/* Called for every class, also while no policy is active. */
static void rq_online_policy(struct rq *rq)
{
	struct sched_policy_ops *ops = sp_ops();

	if (ops && ops->cpu_online)
		ops->cpu_online(sp_rq_of(rq));
}

static void rq_offline_policy(struct rq *rq)
{
	struct sched_policy_ops *ops = sp_ops();

	if (ops && ops->cpu_offline)
		ops->cpu_offline(sp_rq_of(rq));
}
#endif

DEFINE_SCHED_CLASS(policy) = {
	.enqueue_task		= enqueue_task_policy,
	.dequeue_task		= dequeue_task_policy,
	.yield_task		= yield_task_policy,
	.wakeup_preempt		= wakeup_preempt_policy,
	.balance		= balance_policy,
	.pick_task		= pick_task_policy,
	.put_prev_task		= put_prev_task_policy,
	.set_next_task		= set_next_task_policy,
#ifdef CONFIG_SMP
	.select_task_rq		= select_task_rq_policy,
	.migrate_task_rq	= migrate_task_rq_policy,
	.set_cpus_allowed	= set_cpus_allowed_policy,
	.rq_online		= rq_online_policy,
	.rq_offline		= rq_offline_policy,
#endif
	.task_tick		= task_tick_policy,
	.task_fork		= task_fork_policy,
	.switching_to		= switching_to_policy,
	.switched_from		= switched_from_policy,
	.switched_to		= switched_to_policy,
	.prio_changed		= prio_changed_policy,
	.get_rr_interval	= get_rr_interval_policy,
	.update_curr		= update_curr_policy,
};

bool sched_policy_can_stop_tick(struct rq *rq)
{
	return sp_rq_of(rq)->nr_queued <= 1;
}

/*
 * __sched_setscheduler() (patch 0011), for an explicit request of
 * @policy for @p: under a policy that implements SCHED_ISO, a request
 * for SCHED_FIFO or SCHED_RR that the caller could not make (no
 * CAP_SYS_NICE, @p's RLIMIT_RTPRIO 0) gets SCHED_ISO, as BFS's
 * sched_setscheduler() did.  The ops are read under RCU: a switch away
 * waits for it before a module's ops can go.
 */
bool sched_policy_rt_to_iso(struct task_struct *p, int policy)
{
	struct sched_policy_ops *ops;
	bool iso;

	if (!sched_policy_enabled() ||
	    (policy != SCHED_FIFO && policy != SCHED_RR))
		return false;
	rcu_read_lock();
	ops = sp_ops();
	iso = ops && (ops->flags & SCHED_POLICY_ISO);
	rcu_read_unlock();
	return iso && !task_rlimit(p, RLIMIT_RTPRIO) && !capable(CAP_SYS_NICE);
}

/* Helpers exported to policies; see <linux/sched_policy.h>. */

int sched_policy_rq_cpu(const struct sched_policy_rq *rq)
{
	return rq->cpu;
}
EXPORT_SYMBOL_GPL(sched_policy_rq_cpu);

struct sched_policy_rq *sched_policy_cpu_rq(int cpu)
{
	return &per_cpu(sched_policy_rqs, cpu);
}
EXPORT_SYMBOL_GPL(sched_policy_cpu_rq);

void *sched_policy_rq_priv(struct sched_policy_rq *rq)
{
	return rq->priv;
}
EXPORT_SYMBOL_GPL(sched_policy_rq_priv);

/* The tasks the policy holds here: the bypass FIFO's are not its. */
unsigned int sched_policy_rq_nr_queued(const struct sched_policy_rq *rq)
{
	return rq->nr_queued - rq->nr_bypassed;
}
EXPORT_SYMBOL_GPL(sched_policy_rq_nr_queued);

unsigned int sched_policy_rq_nr_other(const struct sched_policy_rq *rq)
{
	return rq->rq->nr_running - rq->nr_queued;
}
EXPORT_SYMBOL_GPL(sched_policy_rq_nr_other);

unsigned int sched_policy_rq_nr_rt(const struct sched_policy_rq *rq)
{
	return READ_ONCE(rq->rq->rt.rt_nr_running);
}
EXPORT_SYMBOL_GPL(sched_policy_rq_nr_rt);

unsigned long sched_policy_rq_rt_util(const struct sched_policy_rq *rq)
{
	return READ_ONCE(rq->rq->avg_rt.util_avg);
}
EXPORT_SYMBOL_GPL(sched_policy_rq_rt_util);

u64 sched_policy_rq_clock(struct sched_policy_rq *rq)
{
	return rq_clock(rq->rq);
}
EXPORT_SYMBOL_GPL(sched_policy_rq_clock);

struct task_struct *sched_policy_rq_curr(struct sched_policy_rq *rq)
{
	/* a remote CPU's may be read without its lock: once */
	return READ_ONCE(rq->rq->curr);
}
EXPORT_SYMBOL_GPL(sched_policy_rq_curr);

bool sched_policy_rq_local(const struct sched_policy_rq *rq)
{
	return sp_rq_is_kunit(rq) || rq->rq == this_rq();
}
EXPORT_SYMBOL_GPL(sched_policy_rq_local);

void sched_policy_resched(struct sched_policy_rq *rq)
{
	if (sp_rq_is_kunit(rq))
		set_tsk_need_resched(rq->rq->curr);
	else
		resched_curr(rq->rq);
}
EXPORT_SYMBOL_GPL(sched_policy_resched);

/*
 * Kick another CPU into schedule() without taking its run-queue lock: a
 * policy calling this holds its own, and two rq locks may only be taken
 * together through double_lock_balance().
 */
static void sp_kick_fn(struct irq_work *work)
{
	set_tsk_need_resched(current);
	set_preempt_need_resched();
}

void sched_policy_resched_cpu(int cpu)
{
	irq_work_queue_on(&per_cpu(sched_policy_rqs, cpu).kick, cpu);
}
EXPORT_SYMBOL_GPL(sched_policy_resched_cpu);

bool sched_policy_cpu_idle(int cpu)
{
	return available_idle_cpu(cpu);
}
EXPORT_SYMBOL_GPL(sched_policy_cpu_idle);

bool sched_policy_task_running(const struct task_struct *p)
{
	return task_on_cpu(task_rq(p), (struct task_struct *)p);
}
EXPORT_SYMBOL_GPL(sched_policy_task_running);

/*
 * BFS's !idleprio_suitable(): @p is being frozen, has a signal pending,
 * is exiting, or (@enq_flags has SP_ENQ_WAKEUP) wakes from an
 * uninterruptible sleep, whose wait counted in the load average: it
 * likely holds a resource others wait for.  sched_contributes_to_load is
 * that of the last sleep, so it counts only at the wakeup.
 */
bool sched_policy_task_urgent(const struct task_struct *p,
			      unsigned int enq_flags)
{
	struct task_struct *t = (struct task_struct *)p;	/* for the helpers */

	return freezing(t) || signal_pending(t) || (p->flags & PF_EXITING) ||
	       ((enq_flags & SP_ENQ_WAKEUP) && p->sched_contributes_to_load);
}
EXPORT_SYMBOL_GPL(sched_policy_task_urgent);

bool sched_policy_can_migrate(struct task_struct *p, int dst_cpu)
{
	return !task_on_cpu(task_rq(p), p) &&
	       !is_migration_disabled(p) &&
	       cpu_active(dst_cpu) &&
	       cpumask_test_cpu(dst_cpu, p->cpus_ptr);
}
EXPORT_SYMBOL_GPL(sched_policy_can_migrate);

unsigned long sched_policy_task_weight(const struct task_struct *p)
{
	return scale_load_down(p->se.load.weight);
}
EXPORT_SYMBOL_GPL(sched_policy_task_weight);

u64 sched_policy_task_runtime(const struct task_struct *p)
{
	return p->se.sum_exec_runtime;
}
EXPORT_SYMBOL_GPL(sched_policy_task_runtime);

u64 sched_policy_task_cold_ns(const struct task_struct *p)
{
	struct rq *rq = task_rq(p);
	u64 now = READ_ONCE(rq->clock_task);

	if (READ_ONCE(p->on_cpu) || now < p->se.exec_start)
		return 0;
	return now - p->se.exec_start;
}
EXPORT_SYMBOL_GPL(sched_policy_task_cold_ns);

void sched_policy_stat_add(struct sched_policy_rq *rq, unsigned int idx,
			   u64 val)
{
	if (WARN_ON_ONCE(idx >= rq->nr_stats))
		return;
	sp_stat_add(rq, SP_NR_CORE_STATS + idx, val);
}
EXPORT_SYMBOL_GPL(sched_policy_stat_add);

void __init sched_policy_init_rqs(void)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		struct sched_policy_rq *sprq = &per_cpu(sched_policy_rqs, cpu);

		sprq->rq = cpu_rq(cpu);
		sprq->cpu = cpu;
		sprq->next_balance = INITIAL_JIFFIES;
		sprq->kick = IRQ_WORK_INIT_HARD(sp_kick_fn);
		INIT_LIST_HEAD(&sprq->bypass_fifo);
		sp_server_init(sprq);
	}
}
