// SPDX-License-Identifier: GPL-2.0
/*
 * o1 - the O(1) scheduler of Linux 2.6.22, as a policy.
 *
 * Each CPU has two priority arrays, active and expired.  An array is a
 * bitmap over the 140 priority levels plus one FIFO list per level; the
 * next task is the head of the list at the first set bit, so a pick
 * costs the same with 10 or 10,000 runnable tasks.
 *
 * A task's static priority comes from nice (100..139 here: RT tasks stay
 * in the kernel's RT class).  Its dynamic priority is the static one
 * minus an interactivity bonus of -5..+5 taken from sleep_avg, a credit
 * that grows with the time the task sleeps and shrinks with the time it
 * runs.  Its timeslice comes from the static priority: 800 ms at nice
 * -20, 100 ms at nice 0, 5 ms at nice 19.
 *
 * When a slice runs out the task gets a new one and, normally, goes to
 * the expired array.  An interactive task (bonus high enough for its
 * nice level) goes back to the active array instead, unless the expired
 * array has waited too long (the starvation limit, scaled by the number
 * of runnable tasks) or holds a task of better static priority.  When
 * the active array is empty the two swap.  Interactive tasks of equal
 * priority also round-robin every TIMESLICE_GRANULARITY, and a woken
 * task preempts the running one when its dynamic priority is better.
 * sched_yield() moves the caller to the expired array.
 *
 * Every queued task, the running one included, sits in one array (as in
 * 2.6.22): the running task leaves it only when it sleeps, migrates, or
 * its slice ends.  SMP is 2.6.22's on one domain spanning every CPU:
 * the load is the sum of the queued tasks' static timeslices (smpnice
 * weights); load_balance() moves up to find_busiest_group()'s imbalance
 * per pass, expired array first, best priority first, from the tail of
 * the list, leaving cache-hot tasks until balancing fails too often, and
 * then pushes from the busiest CPU (active balance).  Wakeup, fork and
 * exec placement are 2.6.22's too, over source_load() and target_load().
 */
#include <linux/sched_policy.h>
#include <linux/sched_policy_lb.h>
#include <linux/sched/clock.h>
#include <linux/bitmap.h>

#define CREATE_TRACE_POINTS
#include "o1_trace.h"

#define O1_NR_PRIO	MAX_PRIO	/* 140 levels, RT levels unused */
#define O1_NICE_0_PRIO	NICE_TO_PRIO(0)
#define O1_USER_LEVELS	(MAX_PRIO - MAX_RT_PRIO)	/* 40 */

/*
 * 2.6.22's SD_CPU_INIT (include/linux/topology.h), the one domain o1
 * sees, spanning every CPU, each CPU a group.  Its flags have
 * SD_LOAD_BALANCE, SD_BALANCE_NEWIDLE, SD_BALANCE_EXEC and SD_WAKE_AFFINE,
 * not SD_BALANCE_FORK, SD_WAKE_BALANCE or SD_WAKE_IDLE (only
 * SD_SIBLING_INIT, SMT, has that).  Load index i reads cpu_load[i - 1]
 * (source_load(), target_load()): wakeups, exec and idle CPUs the load at
 * the last tick, busy and newly idle CPUs its average over ticks (the
 * other numbers: o1_lb).
 */
#define O1_IMBALANCE_PCT	125
#define O1_WAKE_IDX		1	/* forkexec_idx too */

/* Tunables; the defaults are 2.6.22's. */
static u64 o1_base_timeslice_ms = 100;	/* DEF_TIMESLICE */
static u64 o1_min_timeslice_ms = 5;	/* MIN_TIMESLICE */
static u64 o1_starvation_limit_ms = 1000;	/* STARVATION_LIMIT */
static u64 o1_max_bonus = 10;		/* MAX_BONUS: bonus is +-max/2 */
static u64 o1_interactive_delta = 2;	/* INTERACTIVE_DELTA */
static u64 o1_granularity_ms = 10;	/* GRANULARITY */
static u64 o1_child_penalty = 95;	/* CHILD_PENALTY, percent */
static u64 o1_parent_penalty = 100;	/* PARENT_PENALTY, percent */
static u64 o1_runqueue_credit = 1;	/* credit run-queue waits at all */
static u64 o1_on_runqueue_weight = 30;	/* ON_RUNQUEUE_WEIGHT, percent */
static u64 o1_wake_placement = 1;	/* try_to_wake_up()'s; 0: the core's */
/* a sync wakeup ends a TASK_NONINTERACTIVE sleep (2.6.22's pipe_wait()) */
static u64 o1_sync_noninteractive;
static u64 o1_balancer = 1;		/* load_balance()'s; 0: the core's */
/* CONFIG_SCHED_MC (x86-64's default): balance within, then across caches */
static u64 o1_sched_mc = 1;
/* sched_exit(): a reaped child's first slice and sleep_avg to its parent */
static u64 o1_exit_to_parent = 1;
/* SD_CPU_INIT's before 2.6.17; 2.6.22 measured it at boot */
static u64 o1_cache_hot_time_us = 2500;

static const struct sched_policy_tunable o1_tunables[] = {
	{ "base_timeslice_ms",	&o1_base_timeslice_ms,	 10, 1000, "ms" },
	{ "min_timeslice_ms",	&o1_min_timeslice_ms,	  1,  100, "ms" },
	{ "starvation_limit_ms", &o1_starvation_limit_ms, 0, 60000, "ms" },
	{ "max_bonus",		&o1_max_bonus,		  2,   20, "levels" },
	{ "interactive_delta",	&o1_interactive_delta,	  0,   20, "levels" },
	{ "granularity_ms",	&o1_granularity_ms,	  1, 1000, "ms" },
	{ "child_penalty",	&o1_child_penalty,	  0,  100, "%" },
	{ "parent_penalty",	&o1_parent_penalty,	  0,  100, "%" },
	{ "runqueue_credit",	&o1_runqueue_credit,	  0,    1, "bool" },
	{ "on_runqueue_weight",	&o1_on_runqueue_weight,	  0,  100, "%" },
	{ "wake_placement",	&o1_wake_placement,	  0,    1, "bool" },
	{ "sync_noninteractive", &o1_sync_noninteractive, 0,    1, "bool" },
	{ "balancer",		&o1_balancer,		  0,    1, "bool" },
	{ "sched_mc",		&o1_sched_mc,		  0,    1, "bool" },
	{ "exit_to_parent",	&o1_exit_to_parent,	  0,    1, "bool" },
	{ "cache_hot_time_us",	&o1_cache_hot_time_us,	  0, 100000, "us" },
	{ }
};

enum {
	O1_STAT_ARRAY_SWAPS,
	O1_STAT_EXPIRED,
	O1_STAT_INTERACTIVE_REINSERT,
	O1_STAT_STARVATION,
	O1_STAT_GRANULARITY_REQUEUE,
	O1_STAT_YIELD_EXPIRED,
	O1_STAT_CHILD_FIRST,
	O1_STAT_RUNQUEUE_CREDITS,
	O1_STAT_EXIT_SLICES,
	O1_STAT_LB,		/* SP_LB_NR_STATS of the balancer's */
	O1_NR_STATS = O1_STAT_LB + SP_LB_NR_STATS
};

static const char * const o1_stat_names[O1_NR_STATS] = {
	[O1_STAT_ARRAY_SWAPS]		= "array_swaps",
	[O1_STAT_EXPIRED]		= "slices_to_expired",
	[O1_STAT_INTERACTIVE_REINSERT]	= "interactive_reinserts",
	[O1_STAT_STARVATION]		= "starvation_expiries",
	[O1_STAT_GRANULARITY_REQUEUE]	= "granularity_requeues",
	[O1_STAT_YIELD_EXPIRED]		= "yields_to_expired",
	[O1_STAT_CHILD_FIRST]		= "child_runs_first",
	[O1_STAT_RUNQUEUE_CREDITS]	= "runqueue_credits",
	[O1_STAT_EXIT_SLICES]		= "exit_slices_returned",
	SP_LB_STAT_NAMES(O1_STAT_LB),
};

struct o1_array {
	unsigned int		nr_active;
	DECLARE_BITMAP(bitmap, O1_NR_PRIO);
	struct list_head	queue[O1_NR_PRIO];
};

struct o1_cpu {
	struct o1_array		arrays[2];
	struct o1_array		*active;
	struct o1_array		*expired;
	u64			expired_timestamp;	/* ns, 0: none expired */
	int			best_expired_prio;	/* best static prio there */
	/* lb.load: the sum of static timeslices (ms); its domain's state */
	struct sched_policy_lb_cpu lb;
};

/*
 * 2.6.22's sleep_type: how the last sleep ended, which decides whether
 * the wait on the run queue after it is credited too (at the pick).
 */
enum o1_sleep_type {
	O1_SLEEP_NORMAL,		/* nothing to credit at the pick */
	O1_SLEEP_NONINTERACTIVE,	/* uninterruptible, or capped */
	O1_SLEEP_INTERACTIVE,		/* woken by a task: part of the wait */
	O1_SLEEP_INTERRUPTED,		/* woken by an interrupt: all of it */
};

/* Per-task state, overlaid on task_struct's policy area (64 bytes). */
struct o1_task {
	struct o1_array	*array;		/* NULL when not queued */
	u64		sleep_avg;	/* ns, 0..max_sleep_avg */
	u64		timestamp;	/* when it went to sleep, then woke */
	s64		time_slice;	/* ns left in this slice */
	u64		gran_used;	/* ns run since the last RR requeue */
	int		prio;		/* dynamic priority */
	bool		was_expired;	/* array kind across a migration */
	u8		sleep_type;	/* enum o1_sleep_type */
	bool		child_first;	/* forked child placed before parent */
	bool		batch;		/* SCHED_BATCH when last enqueued */
	bool		first_time_slice; /* still on the slice split at fork */
	u32		load_ms;	/* contribution to o1_cpu.load */
	/* between the dequeue and enqueue of an attribute change: */
	int		saved_prio;	/* dynamic priority before it */
	u8		saved_static_prio;
	u8		saved_policy;
};

static const struct sched_policy_lb o1_lb;

static inline struct o1_task *o1_task(struct task_struct *p)
{
	return sched_policy_priv(p, struct o1_task);
}

static inline struct o1_cpu *o1_cpu(struct sched_policy_rq *rq)
{
	return sched_policy_rq_priv(rq);
}

/* Priority and timeslice arithmetic (2.6.22's macros, in nanoseconds). */

static u64 o1_base_ns(void)
{
	return READ_ONCE(o1_base_timeslice_ms) * NSEC_PER_MSEC;
}

static unsigned int o1_bonus_max(void)
{
	return READ_ONCE(o1_max_bonus);
}

/* MAX_SLEEP_AVG: a full bonus needs max_bonus timeslices of sleep. */
static u64 o1_max_sleep_avg(void)
{
	return o1_base_ns() * o1_bonus_max();
}

/* SCALE_PRIO: the timeslice of static priority @sp from base @x. */
static u64 o1_scale_prio(u64 x, int sp)
{
	u64 slice = x * (MAX_PRIO - sp) / (O1_USER_LEVELS / 2);

	return max(slice, READ_ONCE(o1_min_timeslice_ms) * NSEC_PER_MSEC);
}

/* static_prio_timeslice(): nice < 0 scales from four times the base. */
static u64 o1_static_timeslice(int static_prio)
{
	if (static_prio < O1_NICE_0_PRIO)
		return o1_scale_prio(o1_base_ns() * 4, static_prio);
	return o1_scale_prio(o1_base_ns(), static_prio);
}

static bool o1_is_idle_policy(const struct task_struct *p)
{
	return p->policy == SCHED_IDLE;
}

/* task_timeslice(); SCHED_IDLE tasks get the shortest slice. */
static u64 o1_task_timeslice(const struct task_struct *p)
{
	if (o1_is_idle_policy(p))
		return READ_ONCE(o1_min_timeslice_ms) * NSEC_PER_MSEC;
	return o1_static_timeslice(p->static_prio);
}

/*
 * CURRENT_BONUS: 0..@mb.  Callers that also use max_bonus pass the value
 * they read, so that a concurrent write cannot make the two disagree
 * (a bonus above max_bonus would make o1_granularity()'s shift negative).
 */
static unsigned int o1_bonus_of(u64 sleep_avg, unsigned int mb)
{
	return min_t(u64, div64_u64(sleep_avg, o1_base_ns()), mb);
}

static unsigned int o1_current_bonus(u64 sleep_avg)
{
	return o1_bonus_of(sleep_avg, o1_bonus_max());
}


/*
 * effective_prio(): static priority minus (bonus - max_bonus/2), within
 * the normal range.  SCHED_IDLE tasks sit at the lowest level.
 */
static int o1_effective_prio(const struct task_struct *p, u64 sleep_avg)
{
	unsigned int mb = o1_bonus_max();
	int bonus, prio;

	if (o1_is_idle_policy(p))
		return MAX_PRIO - 1;
	bonus = (int)o1_bonus_of(sleep_avg, mb) - (int)(mb / 2);
	prio = p->static_prio - bonus;
	return clamp(prio, MAX_RT_PRIO, MAX_PRIO - 1);
}

/*
 * DELTA(): how much bonus makes a task of this nice level interactive,
 * for max_bonus @mb.
 */
static int o1_interactive_delta_of(int static_prio, int mb)
{
	int nice_idx = static_prio - MAX_RT_PRIO;	/* nice + 20 */

	return nice_idx * mb / O1_USER_LEVELS - 20 * mb / O1_USER_LEVELS +
	       (int)READ_ONCE(o1_interactive_delta);
}

/* TASK_INTERACTIVE() for dynamic priority @prio. */
static bool o1_prio_interactive(int prio, int static_prio)
{
	return prio <= static_prio -
		       o1_interactive_delta_of(static_prio, o1_bonus_max());
}

static bool o1_task_interactive(const struct task_struct *p)
{
	struct o1_task *ot = sched_policy_priv(p, struct o1_task);

	return !o1_is_idle_policy(p) &&
	       o1_prio_interactive(ot->prio, p->static_prio);
}

/*
 * INTERACTIVE_SLEEP(): the sleep_avg at which a task of this nice level
 * is just interactive; one long sleep lifts a user task to here, no more.
 */
static u64 o1_interactive_sleep(int static_prio)
{
	int mb = o1_bonus_max();
	int levels = mb / 2 + o1_interactive_delta_of(static_prio, mb) + 1;
	u64 ns = o1_base_ns() * max(levels, 1);

	return ns > TICK_NSEC ? ns - TICK_NSEC : 0;
}

/*
 * TIMESLICE_GRANULARITY(): interactive tasks of equal priority take
 * turns every granularity x 2^(missing bonus - 1) x online CPUs.
 */
static u64 o1_granularity(u64 sleep_avg)
{
	unsigned int mb = o1_bonus_max();
	unsigned int missing = mb - o1_bonus_of(sleep_avg, mb);

	return READ_ONCE(o1_granularity_ms) * NSEC_PER_MSEC *
	       (1ULL << ((missing ?: 1) - 1)) * num_online_cpus();
}

/*
 * recalc_task_prio(): credit @sleep_time to sleep_avg, with 2.6.22's
 * limits for user tasks - one long sleep only reaches the interactive
 * ceiling (and is then not credited again at the pick), and
 * uninterruptible sleeps (disk waits) cannot push a task past it.
 * SCHED_BATCH tasks get no credit at all.
 */
static void o1_recalc_sleep(struct task_struct *p, u64 sleep_time)
{
	struct o1_task *ot = o1_task(p);
	u64 max_avg = o1_max_sleep_avg();
	u64 ceiling;

	if (p->policy == SCHED_BATCH || o1_is_idle_policy(p))
		sleep_time = 0;
	if (!sleep_time)
		return;
	sleep_time = min(sleep_time, max_avg);
	ceiling = o1_interactive_sleep(p->static_prio);

	if (p->mm && sleep_time > ceiling && ot->sleep_avg < ceiling) {
		ot->sleep_avg = ceiling;
		ot->sleep_type = O1_SLEEP_NONINTERACTIVE;
	} else {
		if (ot->sleep_type == O1_SLEEP_NONINTERACTIVE && p->mm) {
			if (ot->sleep_avg >= ceiling) {
				sleep_time = 0;
			} else if (ot->sleep_avg + sleep_time >= ceiling) {
				ot->sleep_avg = ceiling;
				sleep_time = 0;
			}
		}
		ot->sleep_avg += sleep_time;
	}
	ot->sleep_avg = min(ot->sleep_avg, max_avg);
}

/* Time since the task's last timestamp; 0 if @now is from an older clock. */
static u64 o1_since_timestamp(const struct o1_task *ot, u64 now)
{
	return now > ot->timestamp ? now - ot->timestamp : 0;
}

/*
 * activate_task() at wakeup: credit the sleep, then note how the task
 * was woken, for the credit of its wait on the run queue at the pick.
 * 2.6.22 asked in_interrupt() in try_to_wake_up(), on the waker's CPU;
 * SP_ENQ_IRQ is that answer, also when the wakee's CPU activates the
 * task from its wake list (in its IPI or its idle loop, whose context
 * says nothing about the waker's).
 */
static void o1_credit_wakeup(struct task_struct *p, u64 now,
			     unsigned int flags)
{
	struct o1_task *ot = o1_task(p);

	o1_recalc_sleep(p, o1_since_timestamp(ot, now));
	if (ot->sleep_type == O1_SLEEP_NORMAL)
		ot->sleep_type = (flags & SP_ENQ_IRQ) ? O1_SLEEP_INTERRUPTED :
							O1_SLEEP_INTERACTIVE;
	ot->timestamp = now;
}

/* Running costs sleep_avg, divided by the current bonus (schedule()). */
static void o1_charge_run(struct o1_task *ot, u64 delta_ns)
{
	u64 cost = div_u64(delta_ns, o1_current_bonus(ot->sleep_avg) ?: 1);

	ot->sleep_avg = ot->sleep_avg > cost ? ot->sleep_avg - cost : 0;
}

/* Priority arrays.  Kept free of run-queue handles for the KUnit tests. */

static void o1_array_init(struct o1_array *array)
{
	int i;

	array->nr_active = 0;
	bitmap_zero(array->bitmap, O1_NR_PRIO);
	for (i = 0; i < O1_NR_PRIO; i++)
		INIT_LIST_HEAD(&array->queue[i]);
}

static void o1_array_add(struct o1_array *array, struct task_struct *p,
			 bool head)
{
	struct o1_task *ot = o1_task(p);

	if (head)
		list_add(&p->sp.run_node, &array->queue[ot->prio]);
	else
		list_add_tail(&p->sp.run_node, &array->queue[ot->prio]);
	__set_bit(ot->prio, array->bitmap);
	array->nr_active++;
	ot->array = array;
}

static void o1_array_del(struct task_struct *p)
{
	struct o1_task *ot = o1_task(p);
	struct o1_array *array = ot->array;

	list_del_init(&p->sp.run_node);
	if (list_empty(&array->queue[ot->prio]))
		__clear_bit(ot->prio, array->bitmap);
	array->nr_active--;
	ot->array = NULL;
}

/* requeue_task(): to the tail of its level, same array. */
static void o1_array_requeue(struct task_struct *p)
{
	struct o1_task *ot = o1_task(p);

	list_move_tail(&p->sp.run_node, &ot->array->queue[ot->prio]);
}

/* ON_RUNQUEUE_WEIGHT percent of @wait, as 2.6.22's x (w x 128 / 100) / 128 */
static u64 o1_task_woken_share(u64 wait)
{
	return (wait * (READ_ONCE(o1_on_runqueue_weight) * 128 / 100)) >> 7;
}

/*
 * schedule() of 2.6.22, for the task it picked: a task woken from an
 * interruptible sleep is credited with its wait on the run queue too,
 * all of it after an interrupt's wakeup, ON_RUNQUEUE_WEIGHT percent
 * (as x (w x 128 / 100) / 128) after a task's, and moves to its new
 * level.  Returns true if anything was credited.
 */
static bool o1_credit_runqueue_wait(struct task_struct *p, u64 now)
{
	struct o1_task *ot = o1_task(p);
	u8 type = ot->sleep_type;
	struct o1_array *array;
	u64 avg = ot->sleep_avg;
	u64 wait;
	int prio;

	ot->sleep_type = O1_SLEEP_NORMAL;
	if ((type != O1_SLEEP_INTERACTIVE && type != O1_SLEEP_INTERRUPTED) ||
	    !READ_ONCE(o1_runqueue_credit) || !ot->array)
		return false;
	wait = o1_since_timestamp(ot, now);
	if (type == O1_SLEEP_INTERACTIVE)
		wait = o1_task_woken_share(wait);
	o1_recalc_sleep(p, wait);	/* as NORMAL: no uninterruptible cap */
	ot->sleep_type = O1_SLEEP_NORMAL;	/* the ceiling may have set it */
	if (ot->sleep_avg == avg)
		return false;
	prio = o1_effective_prio(p, ot->sleep_avg);
	if (prio != ot->prio) {
		array = ot->array;
		o1_array_del(p);
		ot->prio = prio;
		o1_array_add(array, p, false);
	}
	return true;
}

static struct task_struct *o1_array_first(struct o1_array *array)
{
	unsigned int idx = find_first_bit(array->bitmap, O1_NR_PRIO);

	if (idx >= O1_NR_PRIO)
		return NULL;
	return list_first_entry(&array->queue[idx], struct task_struct,
				sp.run_node);
}

static void o1_cpu_reset(struct o1_cpu *oc)
{
	o1_array_init(&oc->arrays[0]);
	o1_array_init(&oc->arrays[1]);
	oc->active = &oc->arrays[0];
	oc->expired = &oc->arrays[1];
	oc->expired_timestamp = 0;
	oc->best_expired_prio = MAX_PRIO;
	sched_policy_lb_cpu_init(&o1_lb, &oc->lb);
}

/* The next task: the active array's best, else the expired array's. */
static struct task_struct *o1_queue_pick(struct o1_cpu *oc)
{
	return o1_array_first(oc->active) ?: o1_array_first(oc->expired);
}

/* Returns true when the arrays were swapped. */
static bool o1_swap_if_active_empty(struct o1_cpu *oc, int cpu)
{
	if (oc->active->nr_active || !oc->expired->nr_active)
		return false;
	trace_sched_o1_array_swap(cpu,
				  local_clock() - oc->expired_timestamp,
				  oc->expired->nr_active);
	swap(oc->active, oc->expired);
	oc->expired_timestamp = 0;
	oc->best_expired_prio = MAX_PRIO;
	return true;
}

/*
 * expired_starving(): the expired array has waited longer than the
 * starvation limit times the number of runnable tasks, or holds a task
 * of better static priority than @curr.
 */
static bool o1_expired_starving(struct o1_cpu *oc, struct task_struct *curr,
				unsigned int nr_running, u64 now)
{
	u64 limit = READ_ONCE(o1_starvation_limit_ms) * NSEC_PER_MSEC;

	if (curr->static_prio > oc->best_expired_prio)
		return true;
	if (!limit || !oc->expired_timestamp)
		return false;
	return now - oc->expired_timestamp > limit * nr_running;
}

static void o1_add_expired(struct o1_cpu *oc, struct task_struct *p, u64 now)
{
	if (!oc->expired_timestamp)
		oc->expired_timestamp = now ?: 1;
	o1_array_add(oc->expired, p, false);
	oc->best_expired_prio = min(oc->best_expired_prio, p->static_prio);
}

static void o1_new_slice(struct task_struct *p)
{
	struct o1_task *ot = o1_task(p);

	ot->time_slice = o1_task_timeslice(p);
	ot->gran_used = 0;
}

/* where a slice end sends its task; the values are in the slice_end event */
enum o1_expiry { O1_TO_EXPIRED = 0, O1_REINSERTED = 1, O1_STARVED = 2 };

/*
 * The running task's slice ran out (task_running_tick()): new priority
 * and slice, then back into the active array if it is interactive and
 * nothing starves, else into the expired array.  As in 2.6.22 the
 * starvation clock starts at the first slice end after a swap, whichever
 * array that task goes to: interactive tasks that keep re-inserting
 * themselves are sent to the expired array once it has run long enough.
 */
static enum o1_expiry o1_expire(struct o1_cpu *oc, struct task_struct *p,
				unsigned int nr_running, u64 now)
{
	struct o1_task *ot = o1_task(p);
	bool interactive;

	o1_array_del(p);
	ot->prio = o1_effective_prio(p, ot->sleep_avg);
	o1_new_slice(p);
	ot->first_time_slice = false;
	if (!oc->expired_timestamp)
		oc->expired_timestamp = now ?: 1;
	interactive = o1_task_interactive(p);
	if (interactive && !o1_expired_starving(oc, p, nr_running, now)) {
		o1_array_add(oc->active, p, false);
		return O1_REINSERTED;
	}
	o1_add_expired(oc, p, now);
	return interactive ? O1_STARVED : O1_TO_EXPIRED;
}

/* Round robin among interactive tasks, between slice ends. */
static bool o1_granularity_due(struct o1_cpu *oc, struct task_struct *p)
{
	struct o1_task *ot = o1_task(p);
	u64 gran = o1_granularity(ot->sleep_avg);

	return ot->array == oc->active && o1_task_interactive(p) &&
	       ot->gran_used >= gran && ot->time_slice >= (s64)gran;
}

/* 2.6.22's sched_yield() for SCHED_NORMAL: to the expired array. */
static void o1_queue_yield(struct o1_cpu *oc, struct task_struct *p, u64 now)
{
	if (o1_task(p)->array == oc->expired) {
		o1_array_requeue(p);
		return;
	}
	o1_array_del(p);
	/* Unlike 2.6.22, start the starvation clock: see README. */
	if (!oc->expired_timestamp)
		oc->expired_timestamp = now ?: 1;
	o1_array_add(oc->expired, p, false);
}

/* Balancer's choice: expired first, best level first, tail first. */
static struct task_struct *o1_array_candidate(struct o1_array *array,
					      int dst_cpu)
{
	struct task_struct *p;
	unsigned int idx;

	for_each_set_bit(idx, array->bitmap, O1_NR_PRIO) {
		list_for_each_entry_reverse(p, &array->queue[idx], sp.run_node)
			if (sched_policy_can_migrate(p, dst_cpu))
				return p;
	}
	return NULL;
}

/* Load bookkeeping: the static timeslice in ms (2.6.22's smpnice). */
static u32 o1_load_ms(const struct task_struct *p)
{
	return div_u64(o1_task_timeslice(p), NSEC_PER_MSEC) ?: 1;
}

static struct sched_policy_lb_cpu *o1_lb_cpu(struct sched_policy_rq *rq)
{
	return &o1_cpu(rq)->lb;
}

static void o1_load_add(struct o1_cpu *oc, struct task_struct *p)
{
	struct o1_task *ot = o1_task(p);

	ot->load_ms = o1_load_ms(p);
	sched_policy_lb_load_add(&oc->lb, ot->load_ms);
}

static void o1_load_sub(struct o1_cpu *oc, struct task_struct *p)
{
	sched_policy_lb_load_add(&oc->lb, -(long)o1_task(p)->load_ms);
}

static bool o1_multi_core(void)
{
	return READ_ONCE(o1_sched_mc);
}

/* SCHED_LOAD_SCALE: a nice-0 task's load */
static unsigned long o1_nice_0_load(void)
{
	return div_u64(o1_static_timeslice(O1_NICE_0_PRIO), NSEC_PER_MSEC);
}

/*
 * RTPRIO_TO_LOAD_WEIGHT() without its rt_priority term (rt_priority
 * jiffies of timeslice, up to 99 ms at HZ=1000 and 396 ms at HZ=250, on
 * top of 800 at the default timeslice): a nice -20 task's load
 */
static unsigned long o1_rt_task_load(void)
{
	return div_u64(o1_static_timeslice(NICE_TO_PRIO(MIN_NICE)),
		       NSEC_PER_MSEC);
}

static int o1_move_tasks(struct sched_policy_rq *src,
			 struct sched_policy_rq *dst,
			 struct sched_policy_lb_move *m);

/*
 * 2.6.22's SD_CPU_INIT (SD_MC_INIT has the same numbers), and
 * move_tasks() over the arrays
 */
static const struct sched_policy_lb o1_lb = {
	.busy_idx		= 2,
	.idle_idx		= 1,
	.newidle_idx		= 2,
	.wake_idx		= O1_WAKE_IDX,
	.imbalance_pct		= O1_IMBALANCE_PCT,
	.cache_nice_tries	= 1,
	.min_interval		= 1,
	.max_interval		= 4,
	.busy_factor		= 64,
	.max_pinned_interval	= 512,
	.kernel			= SP_LB_2_6_22,
	.cpu			= o1_lb_cpu,
	.nice_0_load		= o1_nice_0_load,
	.rt_task_load		= o1_rt_task_load,
	.multi_core		= o1_multi_core,
	.move_tasks		= o1_move_tasks,
	.stat_base		= O1_STAT_LB,
};

/*
 * try_to_wake_up()'s SD_WAKE_AFFINE test (2.6.22 kernel/sched.c, here
 * sched_policy_lb_wake_affine()) on the loads at wake_idx, in static
 * timeslice milliseconds.  The waker's weight comes off a sync wakeup's
 * CPU if the waker is ours or RT (its load counts there, as in 2.6.22's
 * rq); a sync wakeup from an interrupt (a socket's,
 * in softirq) has no waker: current is whatever it interrupted.
 */
static bool o1_wake_to_this_cpu(struct task_struct *p, int prev_cpu,
				int this_cpu, bool sync)
{
	unsigned long waker_load = 0;

	if (sync && in_task() && sched_policy_task_queued(current))
		waker_load = READ_ONCE(o1_task(current)->load_ms);
	else if (sync && in_task() && rt_task(current))
		waker_load = o1_rt_task_load();	/* counted in this CPU's */
	return sched_policy_lb_wake_affine(&o1_lb, this_cpu, prev_cpu,
					   o1_load_ms(p), waker_load);
}

/*
 * wake_idle(): an idle SMT sibling (SD_SIBLING_INIT's SD_WAKE_IDLE), not
 * looked for when @cpu is idle or already has two tasks or more (its
 * siblings, which did not take the extra one, are busy too)
 */
static int o1_wake_idle(struct task_struct *p, int cpu)
{
#ifdef CONFIG_SCHED_SMT
	int sibling;

	if (sched_policy_cpu_idle(cpu) ||
	    sched_policy_lb_nr_running(&o1_lb, sched_policy_cpu_rq(cpu)) > 1)
		return cpu;
	for_each_cpu_and(sibling, cpu_smt_mask(cpu), p->cpus_ptr)
		if (sched_policy_cpu_idle(sibling))
			return sibling;
#endif
	return cpu;
}

/*
 * rq_best_prio()'s curr->prio: an o1 task's dynamic priority, queued or
 * (a newly idle CPU's, which just blocked) not; an idle CPU's MAX_PRIO
 */
static int o1_curr_prio(struct sched_policy_rq *rq)
{
	struct task_struct *curr = sched_policy_rq_curr(rq);

	if (READ_ONCE(curr->sp.flags) & SP_TASK_ENABLED)
		return o1_task(curr)->prio;
	return is_idle_task(curr) ? MAX_PRIO : curr->prio;
}

static int o1_rq_best_prio(struct sched_policy_rq *rq)
{
	return min(o1_curr_prio(rq), o1_cpu(rq)->best_expired_prio);
}

/*
 * move_tasks()'s walk over the busiest CPU's arrays: expired first (least
 * likely to run soon, most likely cache cold), best level first, each
 * level from its tail.  @next is the next task to look at, NULL to take
 * the tail of the next level at or after @idx.
 */
struct o1_lb_walk {
	struct o1_cpu		*src;
	struct o1_array		*array;		/* NULL: the walk is over */
	struct task_struct	*next;
	unsigned int		idx;
	int			dst_cpu;
	long			rem_load;	/* rem_load_move */
	int			this_best_prio;
	int			best_prio;
	bool			best_prio_seen;
	bool			aggressive;	/* too many failures: ignore hot */
	bool			pinned;		/* none allowed on dst_cpu */
	u64			hot_ns;		/* cache_hot_time */
};

/* The tail of the next level; false when the array changed or ended. */
static bool o1_lb_next_level(struct o1_lb_walk *w)
{
	w->idx = find_next_bit(w->array->bitmap, O1_NR_PRIO, w->idx);
	if (w->idx < O1_NR_PRIO) {
		w->next = list_last_entry(&w->array->queue[w->idx],
					  struct task_struct, sp.run_node);
		return true;
	}
	if (w->array == w->src->expired && w->src->active->nr_active) {
		w->array = w->src->active;
		w->idx = 0;
	} else {
		w->array = NULL;
	}
	return false;
}

/* can_migrate_task(): allowed there, not running, and not cache hot */
static bool o1_lb_can_migrate(struct o1_lb_walk *w, struct task_struct *p)
{
	if (!cpumask_test_cpu(w->dst_cpu, p->cpus_ptr))
		return false;
	w->pinned = false;
	if (!sched_policy_can_migrate(p, w->dst_cpu))
		return false;
	return w->aggressive || sched_policy_task_cold_ns(p) >= w->hot_ns;
}

/*
 * A task heavier than what is left to move is skipped, unless it would be
 * the best on this CPU (2.6.22: to spread high priority tasks), and is
 * not the busiest CPU's only task of its best level: best_prio_seen says
 * the running task, or one skipped, was of that level too.
 */
static bool o1_lb_skip(struct o1_lb_walk *w, struct task_struct *p)
{
	int prio = o1_task(p)->prio;
	bool skip_for_load = o1_task(p)->load_ms > w->rem_load;

	if (skip_for_load && prio < w->this_best_prio)
		skip_for_load = !w->best_prio_seen && prio == w->best_prio;
	if (!skip_for_load && o1_lb_can_migrate(w, p))
		return false;
	w->best_prio_seen |= prio == w->best_prio;
	return true;
}

/* The next task move_tasks() pulls, or NULL when the walk is over. */
static struct task_struct *o1_lb_next(struct o1_lb_walk *w)
{
	while (w->array) {
		struct task_struct *p;

		if (!w->next && !o1_lb_next_level(w))
			continue;
		p = w->next;
		if (list_is_first(&p->sp.run_node, &w->array->queue[w->idx])) {
			w->next = NULL;
			w->idx++;
		} else {
			w->next = list_prev_entry(p, sp.run_node);
		}
		if (!o1_lb_skip(w, p))
			return p;
	}
	return NULL;
}

static void o1_lb_walk_init(struct o1_lb_walk *w, struct sched_policy_rq *src,
			    struct sched_policy_rq *dst, long max_load,
			    bool aggressive)
{
	struct o1_cpu *oc = o1_cpu(src);

	*w = (struct o1_lb_walk) {
		.src		= oc,
		.array		= oc->expired->nr_active ? oc->expired :
							   oc->active,
		.dst_cpu	= sched_policy_rq_cpu(dst),
		.rem_load	= max_load,
		.this_best_prio	= o1_rq_best_prio(dst),
		.best_prio	= o1_rq_best_prio(src),
		.best_prio_seen	= o1_rq_best_prio(src) == o1_curr_prio(src),
		.aggressive	= aggressive,
		.pinned		= true,
		.hot_ns		= READ_ONCE(o1_cache_hot_time_us) * NSEC_PER_USEC,
	};
}

/*
 * move_tasks(), both run-queue locks held: up to the busiest CPU's task
 * count (its RT tasks' included) less one and @m->max_load of load,
 * walking as o1_lb_next() does.
 * A moved task keeps its array kind (o1_enqueue(): was_expired).
 */
static int o1_move_tasks(struct sched_policy_rq *src,
			 struct sched_policy_rq *dst,
			 struct sched_policy_lb_move *m)
{
	unsigned int nr = sched_policy_lb_nr_running(&o1_lb, src);
	struct o1_lb_walk w;
	struct task_struct *p;
	int pulled = 0;

	o1_lb_walk_init(&w, src, dst, m->max_load, m->aggressive);
	while ((p = o1_lb_next(&w))) {
		int prio = o1_task(p)->prio;
		long load = o1_task(p)->load_ms;

		if (!sched_policy_move_queued(src, dst, p))
			break;
		w.rem_load -= load;
		if (++pulled >= nr - 1 || w.rem_load <= 0)
			break;
		w.this_best_prio = min(w.this_best_prio, prio);
	}
	m->all_pinned = w.pinned;
	return pulled;
}

/*
 * As schedule() in 2.6.22: a CPU left with nothing to run after its idle
 * balance forgets when its starvation clock started (rq->expired_timestamp
 * = 0 before it idles).  Slice ends start that clock even when the task is
 * reinserted, so without this reset a CPU whose tasks all stay interactive
 * would, after the limit, count slice ends as starving.
 */
static void o1_cpu_idles(struct o1_cpu *oc)
{
	oc->expired_timestamp = 0;
}

/*
 * The balance pass before a pick: 2.6.22's idle_balance() or the periodic
 * balance its tick found due (sched_policy_lb_balance()), or the core's
 * balancer.  If it leaves nothing to run, not even a task of a higher
 * class (which 2.6.22 counted in the same rq->nr_running), the CPU idles.
 */
static int o1_balance(struct sched_policy_rq *rq)
{
	int queued;

	if (!READ_ONCE(o1_balancer))
		queued = sched_policy_default_balance(rq);
	else
		queued = sched_policy_lb_balance(&o1_lb, rq);
	if (!queued && !sched_policy_rq_nr_other(rq))
		o1_cpu_idles(o1_cpu(rq));
	return queued;
}

/* Hooks */

static void o1_cpu_init(struct sched_policy_rq *rq)
{
	o1_cpu_reset(o1_cpu(rq));
}

static void o1_task_init(struct task_struct *p)
{
	struct o1_task *ot = o1_task(p);

	memset(ot, 0, sizeof(*ot));
	ot->timestamp = local_clock();
	ot->prio = o1_effective_prio(p, 0);
	o1_new_slice(p);
}

/*
 * wake_up_new_task()'s penalties, in whole bonus levels: @percent of the
 * task's CURRENT_BONUS, rounded down, times MAX_SLEEP_AVG / MAX_BONUS
 * (one base timeslice per level).
 */
static u64 o1_penalized_sleep_avg(u64 sleep_avg, u64 percent)
{
	return (u64)o1_current_bonus(sleep_avg) * percent / 100 * o1_base_ns();
}

/*
 * sched_fork() and wake_up_new_task(): the child takes half of the
 * parent's remaining slice (so forking gains no CPU time) and
 * CHILD_PENALTY of its bonus levels (95%, rounded down: one level below
 * at every bonus), the parent keeps PARENT_PENALTY of its own (100%: it
 * loses the fraction of a level); a parent outside the policy passes on nothing.
 * The forking CPU's run queue is locked.
 */
static void o1_fork_from(struct task_struct *p, struct task_struct *parent)
{
	struct o1_task *ot = o1_task(p), *pt = o1_task(parent);
	bool from_policy = sched_policy_task_queued(parent);

	memset(ot, 0, sizeof(*ot));
	ot->timestamp = local_clock();
	if (from_policy) {
		ot->sleep_avg = o1_penalized_sleep_avg(pt->sleep_avg,
						READ_ONCE(o1_child_penalty));
		pt->sleep_avg = o1_penalized_sleep_avg(pt->sleep_avg,
						READ_ONCE(o1_parent_penalty));
		ot->time_slice = (pt->time_slice + 1) / 2;
		pt->time_slice /= 2;
		ot->first_time_slice = ot->time_slice > 0;
	}
	ot->prio = o1_effective_prio(p, ot->sleep_avg);
	if (!from_policy || ot->time_slice <= 0)
		o1_new_slice(p);
}

static void o1_task_fork(struct sched_policy_rq *rq, struct task_struct *p,
			 struct task_struct *parent)
{
	o1_fork_from(p, parent);
}

#define O1_EXIT_WEIGHT	3	/* 2.6.22's EXIT_WEIGHT */

/*
 * 2.6.22's sched_exit() (kernel/sched.c), which release_task() called
 * when the child was reaped: a child still on the slice it split from
 * its parent at fork, on its parent's CPU, gives the unused rest back
 * (capped at the child's own full timeslice, as 2.6.22 capped it), so
 * that forking costs the parent no CPU time; and a child that slept less
 * than its parent pulls the parent's sleep_avg a quarter of the way down
 * to its own, so that a parent that has children do its work while it
 * sleeps in wait() does not pass for interactive.  p->parent is whom
 * 2.6.22 gave to as well: for a thread, the parent of its process.
 * The parent's rq is locked; the child's is not.  True if the slice
 * went back.
 */
static bool o1_exit_to(struct task_struct *p, struct task_struct *parent)
{
	struct o1_task *ot = o1_task(p), *pt = o1_task(parent);
	u64 child_avg = READ_ONCE(ot->sleep_avg);
	s64 left = READ_ONCE(ot->time_slice);
	bool returned = false;

	if (READ_ONCE(ot->first_time_slice) && left > 0 &&
	    task_cpu(p) == task_cpu(parent)) {
		pt->time_slice = min_t(s64, pt->time_slice + left,
				       o1_task_timeslice(p));
		returned = true;
	}
	if (child_avg < pt->sleep_avg)
		pt->sleep_avg = div_u64(pt->sleep_avg, O1_EXIT_WEIGHT + 1) *
				O1_EXIT_WEIGHT +
				div_u64(child_avg, O1_EXIT_WEIGHT + 1);
	return returned;
}

static void o1_task_reaped(struct sched_policy_rq *rq, struct task_struct *p,
			   struct task_struct *parent)
{
	if (READ_ONCE(o1_exit_to_parent) && o1_exit_to(p, parent))
		sched_policy_stat_add(rq, O1_STAT_EXIT_SLICES, 1);
}

/*
 * Leaving the class (a priority boost, a setscheduler to RT) forfeits a
 * pending run-queue credit: 2.6.22 reset sleep_type at every pick, RT
 * ones included.  (The core's bypass mode does not call this; a credit
 * pending across a bypass counts the bypassed time too.)
 */
static void o1_disable(struct task_struct *p)
{
	o1_task(p)->sleep_type = O1_SLEEP_NORMAL;
	/*
	 * A setscheduler to RT has changed the policy by now (a PI boost
	 * has not): the way back is a policy change too, and re-activates
	 * the task (o1_policy_changed()), as 2.6.22's did.
	 */
	o1_task(p)->saved_policy = p->policy;
}

/*
 * 2.6.22 puts a forked child (not a thread) just before its parent, at
 * the parent's priority, and reschedules: the child runs first.  Only on
 * the parent's CPU, where @parent (current, which forks it) runs, and
 * while it is ours.
 */
static bool o1_enqueue_child_first(struct task_struct *p,
				   struct task_struct *parent)
{
	struct o1_task *ot = o1_task(p), *pt = o1_task(parent);

	if (p->mm == parent->mm || !sched_policy_task_queued(parent) ||
	    !pt->array)
		return false;
	ot->prio = pt->prio;
	list_add_tail(&p->sp.run_node, &parent->sp.run_node);
	pt->array->nr_active++;
	ot->array = pt->array;
	ot->child_first = true;
	return true;
}

/*
 * __activate_task() of 2.6.22: a SCHED_BATCH task that wakes up (or is
 * new, and not placed before its parent) goes to the expired array, so
 * it never preempts and runs after every interactive task's turn.  Its
 * slice end has not started the starvation clock, and does not here.
 */
static struct o1_array *o1_activate_array(struct o1_cpu *oc,
					  struct task_struct *p)
{
	return p->policy == SCHED_BATCH ? oc->expired : oc->active;
}

/*
 * __setscheduler() of 2.6.22 zeroes sleep_avg when a task becomes
 * SCHED_BATCH; sched_setscheduler() re-enqueues the task around the
 * change, so the first enqueue as SCHED_BATCH does it here.
 */
static void o1_note_batch(struct task_struct *p)
{
	struct o1_task *ot = o1_task(p);
	bool batch = p->policy == SCHED_BATCH;

	if (batch && !ot->batch)
		ot->sleep_avg = 0;
	ot->batch = batch;
}

/*
 * The enqueue that ends a sched_setscheduler() that changed the policy:
 * 2.6.22 re-activated the task (deactivate_task(), __activate_task()), so
 * it left the expired array for the active one, or for the expired one
 * as SCHED_BATCH.  set_user_nice() kept its array, and so does a
 * migration (pull_task()).
 */
static bool o1_policy_changed(struct task_struct *p, unsigned int flags)
{
	return (flags & SP_ENQ_RESTORE) && p->policy != o1_task(p)->saved_policy;
}

/* An attribute change begins: what decides the reschedule after it. */
static void o1_save_for_change(struct task_struct *p)
{
	struct o1_task *ot = o1_task(p);

	ot->saved_prio = ot->prio;
	ot->saved_static_prio = p->static_prio;
	ot->saved_policy = p->policy;
}

/*
 * set_user_nice() and sched_setscheduler() dequeue and re-enqueue the
 * task around the change, and the enqueue recomputed its dynamic
 * priority.  2.6.22 then compared dynamic priorities.  A running task
 * that got worse is rescheduled (a change to SCHED_IDLE or to
 * SCHED_BATCH, which zeroes sleep_avg, changes no static priority, so
 * the core's prio_changed would not even be called).  A waiting task
 * that was reniced to better reschedules the CPU (set_user_nice()); one
 * whose policy changed does if it now preempts the running task
 * (sched_setscheduler()'s TASK_PREEMPTS_CURR()).  @curr: the CPU's
 * running task.
 */
static bool o1_change_resched(struct task_struct *p, struct task_struct *curr)
{
	struct o1_task *ot = o1_task(p);
	int delta = ot->prio - ot->saved_prio;
	bool reniced = p->policy == ot->saved_policy &&
		       p->static_prio != ot->saved_static_prio;

	if (p == curr)
		return delta > 0;
	if (!sched_policy_task_queued(curr))
		return false;
	if (reniced)
		return delta < 0;
	return ot->prio < o1_task(curr)->prio;
}

/*
 * The proxy for 2.6.22's pipe_wait(), which slept TASK_INTERRUPTIBLE |
 * TASK_NONINTERACTIVE (try_to_wake_up(): SLEEP_NONINTERACTIVE, the capped
 * credit and no run-queue credit): with sync_noninteractive, a sleep that
 * a sync wakeup ends counts so.  6.12's pipes wake their readers sync,
 * but so do sockets, whose waits 2.6.22 credited in full.
 */
static void o1_note_sync_sleep(struct task_struct *p, unsigned int flags)
{
	if ((flags & SP_ENQ_SYNC) && READ_ONCE(o1_sync_noninteractive))
		o1_task(p)->sleep_type = O1_SLEEP_NONINTERACTIVE;
}

static void o1_enqueue(struct sched_policy_rq *rq, struct task_struct *p,
		       unsigned int flags)
{
	struct o1_cpu *oc = o1_cpu(rq);
	struct o1_task *ot = o1_task(p);

	o1_load_add(oc, p);
	o1_note_batch(p);
	if (flags & SP_ENQ_WAKEUP) {
		o1_note_sync_sleep(p, flags);
		o1_credit_wakeup(p, sched_policy_rq_clock(rq), flags);
		ot->prio = o1_effective_prio(p, ot->sleep_avg);
		trace_sched_o1_wakeup(p, ot->prio, ot->sleep_avg,
				      o1_task_interactive(p), ot->sleep_type);
		o1_array_add(o1_activate_array(oc, p), p, false);
		return;
	}
	if ((flags & SP_ENQ_NEW) && sched_policy_rq_local(rq) &&
	    o1_enqueue_child_first(p, sched_policy_rq_curr(rq))) {
		sched_policy_stat_add(rq, O1_STAT_CHILD_FIRST, 1);
		return;
	}
	/* New, migrated, or back after a nice/policy change. */
	ot->prio = o1_effective_prio(p, ot->sleep_avg);
	if ((flags & SP_ENQ_NEW) || o1_policy_changed(p, flags))
		o1_array_add(o1_activate_array(oc, p), p, false);
	else if (ot->was_expired)
		o1_add_expired(oc, p, sched_policy_rq_clock(rq));
	else
		o1_array_add(oc->active, p, false);
	if ((flags & SP_ENQ_RESTORE) &&
	    o1_change_resched(p, sched_policy_rq_curr(rq)))
		sched_policy_resched(rq);
}

static void o1_dequeue(struct sched_policy_rq *rq, struct task_struct *p,
		       unsigned int flags)
{
	struct o1_cpu *oc = o1_cpu(rq);
	struct o1_task *ot = o1_task(p);

	if (WARN_ON_ONCE(!ot->array))
		return;
	if (flags & SP_DEQ_SAVE)
		o1_save_for_change(p);
	ot->was_expired = ot->array == oc->expired;
	ot->child_first = false;
	o1_array_del(p);
	o1_load_sub(oc, p);
	if (flags & SP_DEQ_SLEEP) {
		ot->timestamp = sched_policy_rq_clock(rq);
		ot->sleep_type = READ_ONCE(p->__state) & TASK_UNINTERRUPTIBLE ?
				 O1_SLEEP_NONINTERACTIVE : O1_SLEEP_NORMAL;
		ot->was_expired = false;
	}
}

static struct task_struct *o1_pick_next(struct sched_policy_rq *rq,
					struct task_struct *curr)
{
	return o1_queue_pick(o1_cpu(rq));
}

static void o1_arm_slice_timer(struct sched_policy_rq *rq,
			       struct task_struct *p)
{
	struct o1_task *ot = o1_task(p);
	u64 left = max_t(s64, ot->time_slice, 0);

	if (o1_task_interactive(p)) {
		u64 gran = o1_granularity(ot->sleep_avg);

		if (ot->gran_used < gran)
			left = min(left, gran - ot->gran_used);
	}
	sched_policy_slice_timer(rq, left);
}

static void o1_set_next(struct sched_policy_rq *rq, struct task_struct *p)
{
	struct o1_cpu *oc = o1_cpu(rq);

	if (o1_task(p)->array == oc->expired &&
	    o1_swap_if_active_empty(oc, sched_policy_rq_cpu(rq)))
		sched_policy_stat_add(rq, O1_STAT_ARRAY_SWAPS, 1);
	o1_task(p)->child_first = false;
	if (o1_credit_runqueue_wait(p, sched_policy_rq_clock(rq)))
		sched_policy_stat_add(rq, O1_STAT_RUNQUEUE_CREDITS, 1);
	o1_arm_slice_timer(rq, p);
}

static void o1_put_prev(struct sched_policy_rq *rq, struct task_struct *p,
			bool queued)
{
	/* A queued task stays in its array, where it is. */
}

static void o1_account(struct sched_policy_rq *rq, struct task_struct *curr,
		       u64 delta_ns)
{
	struct o1_task *ot = o1_task(curr);

	ot->time_slice -= delta_ns;
	ot->gran_used += delta_ns;
	o1_charge_run(ot, delta_ns);
}

static void o1_tick(struct sched_policy_rq *rq, struct task_struct *curr)
{
	struct o1_cpu *oc = o1_cpu(rq);
	struct o1_task *ot = o1_task(curr);

	if (READ_ONCE(o1_balancer))
		sched_policy_lb_tick(&o1_lb, rq);
	else
		sched_policy_default_tick_balance(rq);
	if (!ot->array)
		return;
	if (ot->time_slice <= 0) {
		/* EXPIRED_STARVING()'s rq->nr_running: RT tasks count too */
		enum o1_expiry to = o1_expire(oc, curr,
					      sched_policy_rq_nr_queued(rq) +
					      sched_policy_rq_nr_other(rq),
					      sched_policy_rq_clock(rq));

		trace_sched_o1_slice_end(curr, sched_policy_rq_cpu(rq),
					 ot->prio, to);
		switch (to) {
		case O1_REINSERTED:
			sched_policy_stat_add(rq, O1_STAT_INTERACTIVE_REINSERT, 1);
			break;
		case O1_STARVED:
			sched_policy_stat_add(rq, O1_STAT_STARVATION, 1);
			fallthrough;
		case O1_TO_EXPIRED:
			sched_policy_stat_add(rq, O1_STAT_EXPIRED, 1);
			break;
		}
		sched_policy_resched(rq);
		return;
	}
	if (o1_granularity_due(oc, curr)) {
		o1_array_requeue(curr);
		ot->gran_used = 0;
		sched_policy_stat_add(rq, O1_STAT_GRANULARITY_REQUEUE, 1);
		sched_policy_resched(rq);
		return;
	}
	o1_arm_slice_timer(rq, curr);
}

static void o1_yield(struct sched_policy_rq *rq, struct task_struct *curr)
{
	struct o1_cpu *oc = o1_cpu(rq);

	if (o1_task(curr)->array != oc->expired)
		sched_policy_stat_add(rq, O1_STAT_YIELD_EXPIRED, 1);
	o1_queue_yield(oc, curr, sched_policy_rq_clock(rq));
}

/*
 * TASK_PREEMPTS_CURR(): better dynamic priority; a child runs first.  As
 * in 2.6.22's try_to_wake_up(), a sync wakeup onto the waker's CPU does
 * not preempt: the waker has promised to sleep, and the woken task is
 * then considered at once (a pipe writer fills the pipe before the
 * reader runs, instead of switching on every write).
 */
static bool o1_wakeup_preempt(struct sched_policy_rq *rq,
			      struct task_struct *curr,
			      struct task_struct *woken,
			      unsigned int wake_flags)
{
	if ((wake_flags & (SP_WAKE_SYNC | SP_WAKE_REMOTE)) == SP_WAKE_SYNC)
		return false;
	return o1_task(woken)->child_first ||
	       o1_task(woken)->prio < o1_task(curr)->prio;
}


/*
 * try_to_wake_up(), sched_fork() and sched_exec() of 2.6.22 on one
 * SD_CPU_INIT domain: a new task starts on the CPU it was forked on (no
 * SD_BALANCE_FORK); exec moves to the idlest CPU past the imbalance; a
 * wakeup goes to the waker's CPU if affine, else to the previous CPU,
 * busy or not (idle CPUs then pull), except for an idle SMT sibling.
 */
static int o1_select_cpu(struct task_struct *p, int prev_cpu,
			 unsigned int wake_flags)
{
	int this_cpu = smp_processor_id();
	int cpu = prev_cpu;

	if (!READ_ONCE(o1_wake_placement))
		return sched_policy_select_idle_cpu(p, prev_cpu);
	/* sched_fork() set the child's CPU to the parent's */
	if (wake_flags & SP_WAKE_FORK)
		return prev_cpu;
	if (wake_flags & SP_WAKE_EXEC)
		/* sched_exec()'s sched_balance_self(SD_BALANCE_EXEC) */
		return sched_policy_lb_idlest_cpu(&o1_lb, p, this_cpu);
	if (!cpumask_test_cpu(this_cpu, p->cpus_ptr))
		return o1_wake_idle(p, prev_cpu);
	if (prev_cpu != this_cpu &&
	    o1_wake_to_this_cpu(p, prev_cpu, this_cpu,
				wake_flags & SP_WAKE_SYNC))
		cpu = this_cpu;
	return o1_wake_idle(p, cpu);
}

static unsigned long o1_load(struct sched_policy_rq *rq)
{
	return READ_ONCE(o1_cpu(rq)->lb.load);
}

static struct task_struct *o1_migration_candidate(struct sched_policy_rq *rq,
						  int dst_cpu)
{
	struct o1_cpu *oc = o1_cpu(rq);

	return o1_array_candidate(oc->expired, dst_cpu) ?:
	       o1_array_candidate(oc->active, dst_cpu);
}

static u64 o1_timeslice_ns(struct task_struct *p)
{
	return o1_task_timeslice(p);
}

static void o1_dump_array(const char *name, struct o1_array *array)
{
	char buf[160] = "";
	size_t len = 0;
	unsigned int idx;

	for_each_set_bit(idx, array->bitmap, O1_NR_PRIO) {
		struct task_struct *p;
		unsigned int n = 0;

		list_for_each_entry(p, &array->queue[idx], sp.run_node)
			n++;
		len += scnprintf(buf + len, sizeof(buf) - len, " %u:%u",
				 idx, n);
	}
	pr_info("o1:   %s nr_active=%u levels(prio:tasks):%s\n", name,
		array->nr_active, buf);
}

static void o1_dump(struct sched_policy_rq *rq)
{
	struct o1_cpu *oc = o1_cpu(rq);
	u64 now = local_clock();

	pr_info("o1: cpu%d queued=%u load=%lu expired_for=%llums best_expired_prio=%d\n",
		sched_policy_rq_cpu(rq), sched_policy_rq_nr_queued(rq),
		oc->lb.load, oc->expired_timestamp ?
		div_u64(now - oc->expired_timestamp, NSEC_PER_MSEC) : 0,
		oc->best_expired_prio);
	sched_policy_lb_dump("o1", &oc->lb);
	o1_dump_array("active", oc->active);
	o1_dump_array("expired", oc->expired);
}

/*
 * Consistency check (ops->check, run under stop_machine).  For each of
 * the two arrays: a level's bit is set iff its list is non-empty, no bit
 * is set below MAX_RT_PRIO (RT tasks are not ours) or from 140 up (there
 * is no delimiter bit: find_first_bit() is given the size), every task is
 * on the list of its own dynamic priority in the array it records, is
 * queued in the core and belongs to this CPU, and nr_active is the number
 * of tasks on the lists.  For the CPU: active and expired are the two
 * arrays, a non-empty expired array has its starvation clock running, and
 * the load is the sum of the queued tasks' contributions.  The running
 * task stays in its array, so the count is every task in both.  Each
 * helper reports what it finds broken and returns how many; @rq may be
 * NULL (KUnit).
 */
struct o1_check_sum {
	unsigned int	nr;
	unsigned long	load;
	unsigned int	expired_unbatched;	/* not SCHED_BATCH, in expired */
};

static const char *o1_array_name(struct o1_cpu *oc, struct o1_array *array)
{
	if (array == oc->active)
		return "active";
	if (array == oc->expired)
		return "expired";
	return array ? "a foreign array" : "no array";
}

static unsigned int o1_check_task(struct sched_policy_rq *rq,
				  struct o1_cpu *oc, struct task_struct *p,
				  struct o1_array *array, unsigned int idx,
				  int cpu)
{
	struct o1_task *ot = o1_task(p);
	unsigned int bad = 0;

	if (ot->array != array || ot->prio != (int)idx)
		bad += sched_policy_check_fail(rq, "o1: pid %d on %s level %u records prio %d in %s",
					       p->pid, o1_array_name(oc, array),
					       idx, ot->prio,
					       o1_array_name(oc, ot->array));
	if (!sched_policy_task_queued(p))
		bad += sched_policy_check_fail(rq, "o1: pid %d is in an array but not queued",
					       p->pid);
	if (task_cpu(p) != cpu)
		bad += sched_policy_check_fail(rq, "o1: pid %d is in cpu%d's arrays but on cpu%d",
					       p->pid, cpu, task_cpu(p));
	return bad;
}

/* One level: its tasks, and its bit against its list. */
static unsigned int o1_check_level(struct sched_policy_rq *rq,
				   struct o1_cpu *oc, struct o1_array *array,
				   unsigned int idx, int cpu,
				   struct o1_check_sum *sum)
{
	const char *name = o1_array_name(oc, array);
	struct task_struct *p;
	unsigned int bad = 0, n = 0;

	list_for_each_entry(p, &array->queue[idx], sp.run_node) {
		if (++n > PID_MAX_LIMIT)	/* a loop: stop */
			return bad + sched_policy_check_fail(rq, "o1: %s level %u does not end",
							     name, idx);
		bad += o1_check_task(rq, oc, p, array, idx, cpu);
		sum->load += o1_task(p)->load_ms;
		if (array == oc->expired && p->policy != SCHED_BATCH)
			sum->expired_unbatched++;
	}
	sum->nr += n;
	if (test_bit(idx, array->bitmap) != (n > 0))
		bad += sched_policy_check_fail(rq, "o1: %s level %u: bit %d, %u tasks",
					       name, idx,
					       test_bit(idx, array->bitmap), n);
	else if (n && idx < MAX_RT_PRIO)
		bad += sched_policy_check_fail(rq, "o1: %s RT level %u holds %u tasks",
					       name, idx, n);
	return bad;
}

#define O1_BITMAP_BITS	(BITS_TO_LONGS(O1_NR_PRIO) * BITS_PER_LONG)

static unsigned int o1_array_check(struct sched_policy_rq *rq,
				   struct o1_cpu *oc, struct o1_array *array,
				   int cpu, struct o1_check_sum *sum)
{
	const char *name = o1_array_name(oc, array);
	unsigned int idx, bad = 0, before = sum->nr;
	unsigned long over;

	for (idx = 0; idx < O1_NR_PRIO; idx++)
		bad += o1_check_level(rq, oc, array, idx, cpu, sum);
	over = find_next_bit(array->bitmap, O1_BITMAP_BITS, O1_NR_PRIO);
	if (over < O1_BITMAP_BITS)
		bad += sched_policy_check_fail(rq, "o1: %s: bit %lu beyond the %d levels is set",
					       name, over, O1_NR_PRIO);
	if (array->nr_active != sum->nr - before)
		bad += sched_policy_check_fail(rq, "o1: %s: nr_active %u, %u tasks on its lists",
					       name, array->nr_active,
					       sum->nr - before);
	return bad;
}

/* Returns the failures; *nr: the tasks in both arrays. */
static unsigned int o1_cpu_check(struct sched_policy_rq *rq,
				 struct o1_cpu *oc, int cpu, unsigned int *nr)
{
	struct o1_check_sum sum = { };
	unsigned int bad = 0;

	*nr = 0;
	if (oc->active == oc->expired ||
	    (oc->active != &oc->arrays[0] && oc->active != &oc->arrays[1]) ||
	    (oc->expired != &oc->arrays[0] && oc->expired != &oc->arrays[1]))
		return sched_policy_check_fail(rq, "o1: active and expired are not the two arrays");
	bad += o1_array_check(rq, oc, oc->active, cpu, &sum);
	bad += o1_array_check(rq, oc, oc->expired, cpu, &sum);
	/* a SCHED_BATCH task wakes into expired without starting the clock */
	if (sum.expired_unbatched && !oc->expired_timestamp)
		bad += sched_policy_check_fail(rq, "o1: %u expired tasks (not SCHED_BATCH) but no expired_timestamp",
					       sum.expired_unbatched);
	if (oc->lb.load != sum.load)
		bad += sched_policy_check_fail(rq, "o1: load %lu, the queued tasks' sum %lu",
					       oc->lb.load, sum.load);
	*nr = sum.nr;
	return bad;
}

static unsigned int o1_check(struct sched_policy_rq *rq)
{
	unsigned int nr;

	o1_cpu_check(rq, o1_cpu(rq), sched_policy_rq_cpu(rq), &nr);
	return nr;
}

static struct sched_policy_ops o1_policy = {
	.name			= "o1",
	.owner			= THIS_MODULE,
	.percpu_size		= sizeof(struct o1_cpu),
	.cpu_init		= o1_cpu_init,
	.task_init		= o1_task_init,
	.task_fork		= o1_task_fork,
	.task_reaped		= o1_task_reaped,
	.disable		= o1_disable,
	.enqueue		= o1_enqueue,
	.dequeue		= o1_dequeue,
	.pick_next		= o1_pick_next,
	.put_prev		= o1_put_prev,
	.set_next		= o1_set_next,
	.tick			= o1_tick,
	.account		= o1_account,
	.yield			= o1_yield,
	.wakeup_preempt		= o1_wakeup_preempt,
	.select_cpu		= o1_select_cpu,
	.load			= o1_load,
	.balance		= o1_balance,
	.migration_candidate	= o1_migration_candidate,
	.timeslice_ns		= o1_timeslice_ns,
	.dump			= o1_dump,
	.check			= o1_check,
	.tunables		= o1_tunables,
	.stat_names		= o1_stat_names,
	.nr_stats		= O1_NR_STATS,
};
sched_policy_declare(o1_policy);

MODULE_DESCRIPTION("o1: the Linux 2.6.22 O(1) scheduler as a policy");
MODULE_LICENSE("GPL");
MODULE_ALIAS("sched-policy-o1");

#ifdef CONFIG_SCHED_POLICY_O1_KUNIT_TEST
#include "o1_test.c"
#endif
