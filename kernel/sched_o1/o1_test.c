// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for o1: priority-array insert/remove/pick order with the
 * bitmap checked after every operation, the array swap, the timeslice
 * table, the effective priority from sleep_avg, the sleep and run-queue
 * credits, the interactive and starving decisions, slice expiry, yield,
 * the fork split, the give-back at exit and child-runs-first, sync
 * wakeups, the balancer's candidate and walk, the affine-wakeup test, and
 * the consistency check finding each kind of corruption.
 * Included from o1.c; fake tasks only carry what o1 reads.  The expected
 * numbers are 2.6.22's, so the tests skip if a tunable was changed.
 */
#include <kunit/test.h>

static void o1_test_need_defaults(struct kunit *test)
{
	if (o1_base_timeslice_ms != 100 || o1_min_timeslice_ms != 5 ||
	    o1_starvation_limit_ms != 1000 || o1_max_bonus != 10 ||
	    o1_interactive_delta != 2 || o1_granularity_ms != 10 ||
	    o1_child_penalty != 95 || o1_parent_penalty != 100 ||
	    o1_runqueue_credit != 1 || o1_on_runqueue_weight != 30)
		kunit_skip(test, "o1 tunables changed from their defaults");
}

static struct task_struct *o1_fake_task(struct kunit *test, pid_t pid,
					int nice, u64 sleep_avg_ms)
{
	struct task_struct *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	p->pid = pid;
	p->policy = SCHED_NORMAL;
	p->static_prio = NICE_TO_PRIO(nice);
	INIT_LIST_HEAD(&p->sp.run_node);
	cpumask_copy(&p->cpus_mask, cpu_possible_mask);
	p->cpus_ptr = &p->cpus_mask;
	o1_task(p)->sleep_avg = sleep_avg_ms * NSEC_PER_MSEC;
	o1_task(p)->prio = o1_effective_prio(p, o1_task(p)->sleep_avg);
	o1_new_slice(p);
	return p;
}

/* Bitmap bit set iff the level's list is non-empty; counts match. */
static void o1_check_array(struct kunit *test, struct o1_array *array)
{
	unsigned int idx, total = 0;

	for (idx = 0; idx < O1_NR_PRIO; idx++) {
		struct task_struct *p;
		unsigned int n = 0;

		list_for_each_entry(p, &array->queue[idx], sp.run_node) {
			KUNIT_EXPECT_PTR_EQ(test, o1_task(p)->array, array);
			KUNIT_EXPECT_EQ(test, o1_task(p)->prio, (int)idx);
			n++;
		}
		KUNIT_EXPECT_EQ_MSG(test, test_bit(idx, array->bitmap), n > 0,
				    "level %u: bit %d, %u tasks", idx,
				    test_bit(idx, array->bitmap), n);
		total += n;
	}
	KUNIT_EXPECT_EQ(test, array->nr_active, total);
}

static struct o1_cpu *o1_fake_cpu(struct kunit *test)
{
	struct o1_cpu *oc = kunit_kzalloc(test, sizeof(*oc), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, oc);
	o1_cpu_reset(oc);
	return oc;
}

static void o1_test_array_order(struct kunit *test)
{
	struct o1_cpu *oc = o1_fake_cpu(test);
	struct task_struct *low = o1_fake_task(test, 1, 10, 0);	/* 135 */
	struct task_struct *a = o1_fake_task(test, 2, 0, 0);	/* 125 */
	struct task_struct *b = o1_fake_task(test, 3, 0, 0);	/* 125 */
	struct task_struct *high = o1_fake_task(test, 4, -5, 1000);	/* 110 */

	KUNIT_EXPECT_EQ(test, o1_task(low)->prio, 135);
	KUNIT_EXPECT_EQ(test, o1_task(a)->prio, 125);
	KUNIT_EXPECT_EQ(test, o1_task(high)->prio, 110);

	KUNIT_EXPECT_NULL(test, o1_queue_pick(oc));
	o1_array_add(oc->active, low, false);
	o1_check_array(test, oc->active);
	KUNIT_EXPECT_PTR_EQ(test, o1_queue_pick(oc), low);
	o1_array_add(oc->active, a, false);
	o1_array_add(oc->active, b, false);
	o1_check_array(test, oc->active);
	KUNIT_EXPECT_PTR_EQ(test, o1_queue_pick(oc), a);	/* FIFO in a level */
	o1_array_add(oc->active, high, false);
	o1_check_array(test, oc->active);
	KUNIT_EXPECT_PTR_EQ(test, o1_queue_pick(oc), high);

	o1_array_del(high);
	o1_check_array(test, oc->active);
	KUNIT_EXPECT_PTR_EQ(test, o1_queue_pick(oc), a);
	o1_array_requeue(a);
	o1_check_array(test, oc->active);
	KUNIT_EXPECT_PTR_EQ(test, o1_queue_pick(oc), b);
	o1_array_del(b);
	o1_array_del(a);
	o1_check_array(test, oc->active);
	KUNIT_EXPECT_FALSE(test, test_bit(125, oc->active->bitmap));
	KUNIT_EXPECT_PTR_EQ(test, o1_queue_pick(oc), low);
	o1_array_del(low);
	o1_check_array(test, oc->active);
	KUNIT_EXPECT_EQ(test, oc->active->nr_active, 0U);
	KUNIT_EXPECT_NULL(test, o1_queue_pick(oc));
}

static void o1_test_array_swap(struct kunit *test)
{
	struct o1_cpu *oc = o1_fake_cpu(test);
	struct task_struct *a = o1_fake_task(test, 1, 0, 0);
	struct task_struct *b = o1_fake_task(test, 2, 5, 0);
	struct o1_array *old_active = oc->active;

	o1_test_need_defaults(test);
	o1_array_add(oc->active, a, false);
	o1_array_add(oc->active, b, false);
	/* Both are CPU hogs: their slices end in the expired array. */
	KUNIT_EXPECT_EQ(test, o1_expire(oc, a, 2, 1000), O1_TO_EXPIRED);
	KUNIT_EXPECT_FALSE(test, o1_swap_if_active_empty(oc, 0));
	KUNIT_EXPECT_PTR_EQ(test, o1_queue_pick(oc), b);
	KUNIT_EXPECT_EQ(test, o1_expire(oc, b, 2, 2000), O1_TO_EXPIRED);
	o1_check_array(test, oc->active);
	o1_check_array(test, oc->expired);
	KUNIT_EXPECT_EQ(test, oc->expired_timestamp, 1000ULL);
	KUNIT_EXPECT_EQ(test, oc->best_expired_prio, NICE_TO_PRIO(0));

	/* The pick looks into the expired array, the swap follows. */
	KUNIT_EXPECT_PTR_EQ(test, o1_queue_pick(oc), a);
	KUNIT_EXPECT_TRUE(test, o1_swap_if_active_empty(oc, 0));
	KUNIT_EXPECT_PTR_NE(test, oc->active, old_active);
	KUNIT_EXPECT_EQ(test, oc->active->nr_active, 2U);
	KUNIT_EXPECT_EQ(test, oc->expired->nr_active, 0U);
	KUNIT_EXPECT_EQ(test, oc->expired_timestamp, 0ULL);
	KUNIT_EXPECT_EQ(test, oc->best_expired_prio, MAX_PRIO);
	KUNIT_EXPECT_PTR_EQ(test, o1_task(a)->array, oc->active);
	KUNIT_EXPECT_PTR_EQ(test, o1_queue_pick(oc), a);
	o1_check_array(test, oc->active);
	o1_check_array(test, oc->expired);
}

/*
 * 2.6.22 at HZ=1000: 800 ms at nice -20 down by 20 ms per level to 420
 * ms at -1, then 100 ms at nice 0 down by 5 ms per level to 5 ms at 19.
 */
static void o1_test_timeslice_table(struct kunit *test)
{
	static const unsigned int want_ms[40] = {
		800, 780, 760, 740, 720, 700, 680, 660, 640, 620,
		600, 580, 560, 540, 520, 500, 480, 460, 440, 420,
		100,  95,  90,  85,  80,  75,  70,  65,  60,  55,
		 50,  45,  40,  35,  30,  25,  20,  15,  10,   5,
	};
	int nice;

	o1_test_need_defaults(test);
	for (nice = MIN_NICE; nice <= MAX_NICE; nice++)
		KUNIT_EXPECT_EQ_MSG(test, o1_static_timeslice(NICE_TO_PRIO(nice)),
				    (u64)want_ms[nice + 20] * NSEC_PER_MSEC,
				    "nice %d", nice);
}

static void o1_test_effective_prio(struct kunit *test)
{
	struct task_struct *p = o1_fake_task(test, 1, 0, 0);

	o1_test_need_defaults(test);
	/* bonus = sleep_avg / 100 ms - 5, within -5..+5 */
	KUNIT_EXPECT_EQ(test, o1_effective_prio(p, 0), 125);
	KUNIT_EXPECT_EQ(test, o1_effective_prio(p, 99 * NSEC_PER_MSEC), 125);
	KUNIT_EXPECT_EQ(test, o1_effective_prio(p, 100 * NSEC_PER_MSEC), 124);
	KUNIT_EXPECT_EQ(test, o1_effective_prio(p, 500 * NSEC_PER_MSEC), 120);
	KUNIT_EXPECT_EQ(test, o1_effective_prio(p, 700 * NSEC_PER_MSEC), 118);
	KUNIT_EXPECT_EQ(test, o1_effective_prio(p, 1000 * NSEC_PER_MSEC), 115);
	KUNIT_EXPECT_EQ(test, o1_effective_prio(p, 5000 * NSEC_PER_MSEC), 115);
	/* clamped to the normal range */
	p->static_prio = NICE_TO_PRIO(-20);
	KUNIT_EXPECT_EQ(test, o1_effective_prio(p, 1000 * NSEC_PER_MSEC), 100);
	p->static_prio = NICE_TO_PRIO(19);
	KUNIT_EXPECT_EQ(test, o1_effective_prio(p, 0), 139);
	/* SCHED_IDLE: always the lowest level */
	p->static_prio = NICE_TO_PRIO(0);
	p->policy = SCHED_IDLE;
	KUNIT_EXPECT_EQ(test, o1_effective_prio(p, 1000 * NSEC_PER_MSEC), 139);
	KUNIT_EXPECT_FALSE(test, o1_task_interactive(p));
}

static void o1_test_interactive(struct kunit *test)
{
	o1_test_need_defaults(test);
	/* nice 0: DELTA 2, interactive from prio 118 (sleep_avg 700 ms) */
	KUNIT_EXPECT_EQ(test, o1_interactive_delta_of(NICE_TO_PRIO(0), 10), 2);
	KUNIT_EXPECT_TRUE(test, o1_prio_interactive(118, NICE_TO_PRIO(0)));
	KUNIT_EXPECT_FALSE(test, o1_prio_interactive(119, NICE_TO_PRIO(0)));
	/* nice -20: DELTA -3, nice 19: DELTA 6 (never reachable) */
	KUNIT_EXPECT_EQ(test, o1_interactive_delta_of(NICE_TO_PRIO(-20), 10), -3);
	KUNIT_EXPECT_TRUE(test, o1_prio_interactive(103, NICE_TO_PRIO(-20)));
	KUNIT_EXPECT_FALSE(test, o1_prio_interactive(104, NICE_TO_PRIO(-20)));
	KUNIT_EXPECT_EQ(test, o1_interactive_delta_of(NICE_TO_PRIO(19), 10), 6);
	KUNIT_EXPECT_FALSE(test, o1_prio_interactive(MAX_RT_PRIO + 34,
						     NICE_TO_PRIO(19)));
	/* INTERACTIVE_SLEEP at nice 0: 8 timeslices minus a tick */
	KUNIT_EXPECT_EQ(test, o1_interactive_sleep(NICE_TO_PRIO(0)),
			800 * NSEC_PER_MSEC - TICK_NSEC);
}

static void o1_test_sleep_credit(struct kunit *test)
{
	struct task_struct *p = o1_fake_task(test, 1, 0, 0);
	struct o1_task *ot = o1_task(p);
	u64 ceiling = 800 * NSEC_PER_MSEC - TICK_NSEC;

	o1_test_need_defaults(test);
	p->mm = (struct mm_struct *)p;	/* a user task; never dereferenced */
	/*
	 * One long sleep lifts a user task only to the interactive ceiling,
	 * and marks the sleep non-interactive (no run-queue credit after it).
	 */
	o1_recalc_sleep(p, 5000 * NSEC_PER_MSEC);
	KUNIT_EXPECT_EQ(test, ot->sleep_avg, ceiling);
	KUNIT_EXPECT_EQ(test, ot->sleep_type, O1_SLEEP_NONINTERACTIVE);
	ot->prio = o1_effective_prio(p, ot->sleep_avg);
	KUNIT_EXPECT_EQ(test, ot->prio, 118);	/* just interactive */
	KUNIT_EXPECT_TRUE(test, o1_task_interactive(p));
	/* Short sleeps add up, capped at MAX_SLEEP_AVG. */
	ot->sleep_type = O1_SLEEP_NORMAL;
	o1_recalc_sleep(p, 150 * NSEC_PER_MSEC);
	KUNIT_EXPECT_EQ(test, ot->sleep_avg, ceiling + 150 * NSEC_PER_MSEC);
	KUNIT_EXPECT_EQ(test, ot->sleep_type, O1_SLEEP_NORMAL);
	o1_recalc_sleep(p, 700 * NSEC_PER_MSEC);
	KUNIT_EXPECT_EQ(test, ot->sleep_avg, 1000 * NSEC_PER_MSEC);
	/* An uninterruptible sleep stops at the ceiling. */
	ot->sleep_avg = 500 * NSEC_PER_MSEC;
	ot->sleep_type = O1_SLEEP_NONINTERACTIVE;
	o1_recalc_sleep(p, 400 * NSEC_PER_MSEC);
	KUNIT_EXPECT_EQ(test, ot->sleep_avg, ceiling);
	/* SCHED_BATCH earns nothing. */
	ot->sleep_type = O1_SLEEP_NORMAL;
	ot->sleep_avg = 0;
	p->policy = SCHED_BATCH;
	o1_recalc_sleep(p, 100 * NSEC_PER_MSEC);
	KUNIT_EXPECT_EQ(test, ot->sleep_avg, 0ULL);
	/* Running costs sleep_avg / bonus: 90 ms at bonus 9 costs 10 ms. */
	ot->sleep_avg = 950 * NSEC_PER_MSEC;
	o1_charge_run(ot, 90 * NSEC_PER_MSEC);
	KUNIT_EXPECT_EQ(test, ot->sleep_avg, 940 * NSEC_PER_MSEC);
	o1_charge_run(ot, 10000 * NSEC_PER_MSEC);
	KUNIT_EXPECT_EQ(test, ot->sleep_avg, 0ULL);
}

/*
 * sync_noninteractive: a sleep a sync wakeup ends is capped at the
 * interactive ceiling as 2.6.22's pipe_wait() sleeps were
 * (TASK_NONINTERACTIVE), and earns no run-queue credit after; off, or
 * for a wakeup that is not sync, it is credited in full.
 */
static void o1_test_sync_sleep(struct kunit *test)
{
	struct task_struct *p = o1_fake_task(test, 1, 0, 500);
	struct o1_task *ot = o1_task(p);
	u64 ceiling = 800 * NSEC_PER_MSEC - TICK_NSEC;
	u64 saved = o1_sync_noninteractive, want;
	static const struct {
		u64		on;
		unsigned int	flags;
		u64		avg_ms;		/* 0: the ceiling */
		u8		type;
	} cases[] = {
		{ 0, SP_ENQ_WAKEUP | SP_ENQ_SYNC, 900, O1_SLEEP_INTERACTIVE },
		{ 1, SP_ENQ_WAKEUP | SP_ENQ_SYNC, 0, O1_SLEEP_NONINTERACTIVE },
		{ 1, SP_ENQ_WAKEUP, 900, O1_SLEEP_INTERACTIVE },
	};
	int i;

	o1_test_need_defaults(test);
	p->mm = (struct mm_struct *)p;	/* a user task; never dereferenced */
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		o1_sync_noninteractive = cases[i].on;
		ot->sleep_avg = 500 * NSEC_PER_MSEC;
		ot->sleep_type = O1_SLEEP_NORMAL;
		ot->timestamp = 1000 * NSEC_PER_MSEC;
		/* as o1_enqueue(): 400 ms asleep */
		o1_note_sync_sleep(p, cases[i].flags);
		o1_credit_wakeup(p, 1400 * NSEC_PER_MSEC, cases[i].flags);
		want = cases[i].avg_ms * NSEC_PER_MSEC;
		KUNIT_EXPECT_EQ(test, ot->sleep_avg, want ?: ceiling);
		KUNIT_EXPECT_EQ(test, ot->sleep_type, cases[i].type);
	}
	o1_sync_noninteractive = saved;
}

/*
 * The run-queue credit through the steps of a wakeup and a pick (2.6.22's
 * activate_task() and schedule()): a task woken by a task is credited ON_RUNQUEUE_WEIGHT
 * (30%, as x 38 / 128) of its wait on the run queue when it is picked,
 * one woken by an interrupt all of it, and a non-interactive sleep none.
 * 190 ms asleep give bonus 1 (prio 124); 100 ms waiting then add
 * 100 x 38 / 128 = 29.6875 ms, 219.6875 ms in all: bonus 2, prio 123.
 */
static void o1_test_runqueue_credit(struct kunit *test)
{
	struct o1_cpu *oc = o1_fake_cpu(test);
	struct task_struct *p = o1_fake_task(test, 1, 0, 0);
	struct o1_task *ot = o1_task(p);
	u64 ms = NSEC_PER_MSEC;

	o1_test_need_defaults(test);
	p->mm = (struct mm_struct *)p;	/* a user task; never dereferenced */
	/* slept at 0 in TASK_INTERRUPTIBLE, woken by a task at 190 ms */
	ot->sleep_type = O1_SLEEP_NORMAL;
	ot->timestamp = 0;
	o1_credit_wakeup(p, 190 * ms, SP_ENQ_WAKEUP);
	KUNIT_EXPECT_EQ(test, ot->sleep_type, O1_SLEEP_INTERACTIVE);
	KUNIT_EXPECT_EQ(test, ot->sleep_avg, 190 * ms);
	ot->prio = o1_effective_prio(p, ot->sleep_avg);
	KUNIT_EXPECT_EQ(test, ot->prio, 124);
	o1_array_add(oc->active, p, false);
	/* picked 100 ms later: credited and moved up a level */
	KUNIT_EXPECT_TRUE(test, o1_credit_runqueue_wait(p, 290 * ms));
	KUNIT_EXPECT_EQ(test, ot->sleep_avg, 219687500ULL);
	KUNIT_EXPECT_EQ(test, ot->prio, 123);
	KUNIT_EXPECT_PTR_EQ(test, ot->array, oc->active);
	o1_check_array(test, oc->active);
	/* the credit is taken once: a second pick adds nothing */
	KUNIT_EXPECT_FALSE(test, o1_credit_runqueue_wait(p, 400 * ms));
	KUNIT_EXPECT_EQ(test, ot->sleep_avg, 219687500ULL);

	/*
	 * an interrupt's wakeup (SP_ENQ_IRQ, whichever CPU activates it):
	 * the sleep of 0 ms adds nothing, the whole 50 ms wait counts
	 */
	ot->sleep_type = O1_SLEEP_NORMAL;
	ot->timestamp = 400 * ms;
	o1_credit_wakeup(p, 400 * ms, SP_ENQ_WAKEUP | SP_ENQ_IRQ);
	KUNIT_EXPECT_EQ(test, ot->sleep_type, O1_SLEEP_INTERRUPTED);
	KUNIT_EXPECT_TRUE(test, o1_credit_runqueue_wait(p, 450 * ms));
	KUNIT_EXPECT_EQ(test, ot->sleep_avg, 269687500ULL);

	/* an uninterruptible sleep earns no run-queue credit ... */
	ot->sleep_type = O1_SLEEP_NONINTERACTIVE;
	ot->timestamp = 450 * ms;
	o1_credit_wakeup(p, 460 * ms, SP_ENQ_WAKEUP | SP_ENQ_IRQ);
	KUNIT_EXPECT_EQ(test, ot->sleep_type, O1_SLEEP_NONINTERACTIVE);
	KUNIT_EXPECT_FALSE(test, o1_credit_runqueue_wait(p, 900 * ms));
	KUNIT_EXPECT_EQ(test, ot->sleep_avg, 279687500ULL);
	KUNIT_EXPECT_EQ(test, ot->sleep_type, O1_SLEEP_NORMAL);
	/* ... nor does a sleep that hit the interactive ceiling */
	ot->sleep_avg = 0;
	ot->timestamp = 0;
	o1_credit_wakeup(p, 5000 * ms, SP_ENQ_WAKEUP | SP_ENQ_IRQ);
	KUNIT_EXPECT_EQ(test, ot->sleep_type, O1_SLEEP_NONINTERACTIVE);
	KUNIT_EXPECT_FALSE(test, o1_credit_runqueue_wait(p, 5500 * ms));
	KUNIT_EXPECT_EQ(test, ot->sleep_avg, 800 * ms - TICK_NSEC);

	/* a wait longer than the ceiling lifts a user task only to it */
	ot->sleep_avg = 100 * ms;
	ot->sleep_type = O1_SLEEP_INTERRUPTED;
	ot->timestamp = 5500 * ms;
	KUNIT_EXPECT_TRUE(test, o1_credit_runqueue_wait(p, 7500 * ms));
	KUNIT_EXPECT_EQ(test, ot->sleep_avg, 800 * ms - TICK_NSEC);
	KUNIT_EXPECT_EQ(test, ot->sleep_type, O1_SLEEP_NORMAL);
	o1_check_array(test, oc->active);
	/* at MAX_SLEEP_AVG there is nothing left to credit */
	ot->sleep_avg = 1000 * ms;
	ot->sleep_type = O1_SLEEP_INTERRUPTED;
	KUNIT_EXPECT_FALSE(test, o1_credit_runqueue_wait(p, 7600 * ms));
	/* leaving the class (a boost) forfeits a pending credit */
	ot->sleep_avg = 0;
	ot->sleep_type = O1_SLEEP_INTERRUPTED;
	o1_disable(p);
	KUNIT_EXPECT_FALSE(test, o1_credit_runqueue_wait(p, 7700 * ms));
	KUNIT_EXPECT_EQ(test, ot->sleep_avg, 0ULL);

	/* runqueue_credit=0 switches the credit off */
	WRITE_ONCE(o1_runqueue_credit, 0);
	ot->sleep_type = O1_SLEEP_INTERRUPTED;
	ot->timestamp = 7700 * ms;
	KUNIT_EXPECT_FALSE(test, o1_credit_runqueue_wait(p, 7800 * ms));
	WRITE_ONCE(o1_runqueue_credit, 1);	/* the default, checked above */
	KUNIT_EXPECT_EQ(test, ot->sleep_avg, 0ULL);
	o1_array_del(p);
	o1_check_array(test, oc->active);
}

static void o1_test_expiry_decision(struct kunit *test)
{
	struct o1_cpu *oc = o1_fake_cpu(test);
	struct task_struct *inter = o1_fake_task(test, 1, 0, 1000);
	struct task_struct *hog = o1_fake_task(test, 2, 0, 0);
	u64 sec = NSEC_PER_SEC;

	o1_test_need_defaults(test);
	o1_array_add(oc->active, inter, false);
	o1_array_add(oc->active, hog, false);
	/* Nothing waits yet: the interactive task stays active ... */
	KUNIT_EXPECT_EQ(test, o1_expire(oc, inter, 2, sec), O1_REINSERTED);
	KUNIT_EXPECT_PTR_EQ(test, o1_task(inter)->array, oc->active);
	KUNIT_EXPECT_EQ(test, o1_task(inter)->time_slice,
			(s64)(100 * NSEC_PER_MSEC));
	/* ... but its slice end started the starvation clock. */
	KUNIT_EXPECT_EQ(test, oc->expired_timestamp, (u64)sec);
	KUNIT_EXPECT_EQ(test, o1_expire(oc, hog, 2, 2 * sec), O1_TO_EXPIRED);
	KUNIT_EXPECT_PTR_EQ(test, o1_task(hog)->array, oc->expired);
	KUNIT_EXPECT_EQ(test, oc->expired_timestamp, (u64)sec);
	/* limit x nr_running = 2 s after the first slice end: not yet ... */
	KUNIT_EXPECT_FALSE(test, o1_expired_starving(oc, inter, 2, 3 * sec));
	KUNIT_EXPECT_EQ(test, o1_expire(oc, inter, 2, 3 * sec), O1_REINSERTED);
	/* ... then starving: the interactive task goes to expired too. */
	KUNIT_EXPECT_TRUE(test, o1_expired_starving(oc, inter, 2, 3 * sec + 1));
	KUNIT_EXPECT_EQ(test, o1_expire(oc, inter, 2, 3 * sec + 1), O1_STARVED);
	KUNIT_EXPECT_PTR_EQ(test, o1_task(inter)->array, oc->expired);
	o1_check_array(test, oc->active);
	o1_check_array(test, oc->expired);
	KUNIT_EXPECT_TRUE(test, o1_swap_if_active_empty(oc, 0));

	/* A better static priority waiting in expired also counts. */
	oc->best_expired_prio = NICE_TO_PRIO(-1);
	KUNIT_EXPECT_TRUE(test, o1_expired_starving(oc, inter, 2, 0));
	oc->best_expired_prio = NICE_TO_PRIO(0);
	KUNIT_EXPECT_FALSE(test, o1_expired_starving(oc, inter, 2, 0));
	/* starvation_limit_ms = 0 switches the clock off */
	oc->expired_timestamp = 1;
	o1_starvation_limit_ms = 0;
	KUNIT_EXPECT_FALSE(test, o1_expired_starving(oc, inter, 2, 100 * sec));
	o1_starvation_limit_ms = 1000;
}

/* 2.6.22's schedule(): the starvation clock stops when the CPU idles */
static void o1_test_idle_resets_starvation_clock(struct kunit *test)
{
	struct o1_cpu *oc = o1_fake_cpu(test);
	struct task_struct *inter = o1_fake_task(test, 1, 0, 1000);
	u64 sec = NSEC_PER_SEC;

	o1_test_need_defaults(test);
	o1_array_add(oc->active, inter, false);
	KUNIT_EXPECT_EQ(test, o1_expire(oc, inter, 1, sec), O1_REINSERTED);
	KUNIT_EXPECT_EQ(test, oc->expired_timestamp, (u64)sec);
	/* while the task runs, the clock keeps running */
	KUNIT_EXPECT_PTR_EQ(test, o1_queue_pick(oc), inter);
	KUNIT_EXPECT_EQ(test, oc->expired_timestamp, (u64)sec);
	/* it sleeps and the CPU idles (o1_balance() found nothing) */
	o1_array_del(inter);
	o1_cpu_idles(oc);
	KUNIT_EXPECT_EQ(test, oc->expired_timestamp, 0ULL);
	/* so a slice end 10 s later is not starving ... */
	o1_array_add(oc->active, inter, false);
	KUNIT_EXPECT_EQ(test, o1_expire(oc, inter, 1, 10 * sec), O1_REINSERTED);
	KUNIT_EXPECT_FALSE(test, o1_expired_starving(oc, inter, 1, 10 * sec));
	/* ... where without the idle it would have been (limit x 1 = 1 s) */
	oc->expired_timestamp = sec;
	KUNIT_EXPECT_TRUE(test, o1_expired_starving(oc, inter, 1, 10 * sec));
}

/* 2.6.22's __activate_task() and __setscheduler() for SCHED_BATCH */
static void o1_test_batch(struct kunit *test)
{
	struct o1_cpu *oc = o1_fake_cpu(test);
	struct task_struct *p = o1_fake_task(test, 1, 0, 800);

	KUNIT_EXPECT_PTR_EQ(test, o1_activate_array(oc, p), oc->active);
	o1_note_batch(p);
	KUNIT_EXPECT_EQ(test, o1_task(p)->sleep_avg, 800 * NSEC_PER_MSEC);
	p->policy = SCHED_BATCH;
	/* a woken batch task waits in expired ... */
	KUNIT_EXPECT_PTR_EQ(test, o1_activate_array(oc, p), oc->expired);
	/* ... and becoming SCHED_BATCH cost it its sleep_avg, once */
	o1_note_batch(p);
	KUNIT_EXPECT_EQ(test, o1_task(p)->sleep_avg, 0ULL);
	o1_task(p)->sleep_avg = 5;
	o1_note_batch(p);
	KUNIT_EXPECT_EQ(test, o1_task(p)->sleep_avg, 5ULL);
	/* there it does not start the starvation clock */
	o1_array_add(o1_activate_array(oc, p), p, false);
	KUNIT_EXPECT_EQ(test, oc->expired_timestamp, 0ULL);
	KUNIT_EXPECT_PTR_EQ(test, o1_queue_pick(oc), p);
}

/* Redo what the enqueue after an attribute change recomputes. */
static void o1_fake_change(struct task_struct *p, int policy, int nice)
{
	o1_save_for_change(p);
	p->policy = policy;
	p->static_prio = NICE_TO_PRIO(nice);
	o1_note_batch(p);
	o1_task(p)->prio = o1_effective_prio(p, o1_task(p)->sleep_avg);
}

/* The reschedule after set_user_nice()/sched_setscheduler(), as 2.6.22. */
static void o1_test_change_resched(struct kunit *test)
{
	struct task_struct *curr = o1_fake_task(test, 1, 0, 500);	/* 120 */
	struct task_struct *w = o1_fake_task(test, 2, 0, 0);		/* 125 */

	o1_test_need_defaults(test);
	curr->sp.flags = SP_TASK_QUEUED;
	w->sp.flags = SP_TASK_QUEUED;
	/* the running task made SCHED_IDLE: same static prio, worse */
	o1_fake_change(curr, SCHED_IDLE, 0);
	KUNIT_EXPECT_EQ(test, o1_task(curr)->prio, MAX_PRIO - 1);
	KUNIT_EXPECT_TRUE(test, o1_change_resched(curr, curr));
	/* ... and back: better, runs on */
	o1_fake_change(curr, SCHED_NORMAL, 0);
	KUNIT_EXPECT_FALSE(test, o1_change_resched(curr, curr));
	/* SCHED_BATCH loses sleep_avg: worse */
	o1_fake_change(curr, SCHED_BATCH, 0);
	KUNIT_EXPECT_EQ(test, o1_task(curr)->prio, 125);
	KUNIT_EXPECT_TRUE(test, o1_change_resched(curr, curr));
	o1_fake_change(curr, SCHED_NORMAL, -5);		/* 120: better */
	KUNIT_EXPECT_FALSE(test, o1_change_resched(curr, curr));
	o1_fake_change(curr, SCHED_NORMAL, 5);		/* 130: worse */
	KUNIT_EXPECT_TRUE(test, o1_change_resched(curr, curr));
	o1_fake_change(curr, SCHED_NORMAL, 0);		/* 125 */
	/* a waiting task reniced worse does not reschedule ... */
	o1_fake_change(w, SCHED_NORMAL, 3);		/* 128 */
	KUNIT_EXPECT_FALSE(test, o1_change_resched(w, curr));
	/* ... reniced better it does, even if still behind curr */
	o1_fake_change(w, SCHED_NORMAL, 2);		/* 127 */
	KUNIT_EXPECT_TRUE(test, o1_change_resched(w, curr));
	/* a policy change reschedules only if it now preempts */
	o1_fake_change(w, SCHED_BATCH, -5);		/* 120 < 125 */
	KUNIT_EXPECT_EQ(test, o1_task(w)->prio, 120);
	KUNIT_EXPECT_TRUE(test, o1_change_resched(w, curr));
	o1_fake_change(w, SCHED_IDLE, -5);
	KUNIT_EXPECT_FALSE(test, o1_change_resched(w, curr));
	/* nothing to compare with while another class runs */
	curr->sp.flags = 0;
	o1_fake_change(w, SCHED_NORMAL, -10);
	KUNIT_EXPECT_FALSE(test, o1_change_resched(w, curr));
}

/*
 * Which attribute changes re-activate the task at their enqueue (2.6.22's
 * sched_setscheduler(): __activate_task(), the active array or, for
 * SCHED_BATCH, the expired one) and which keep its array (set_user_nice(),
 * a PI boost, a migration): the dequeue, the class exit and the enqueue
 * flags as the core gives them.
 */
static void o1_test_policy_change_array(struct kunit *test)
{
	struct task_struct *p = o1_fake_task(test, 1, 0, 0);

	o1_save_for_change(p);			/* renice */
	p->static_prio = NICE_TO_PRIO(5);
	KUNIT_EXPECT_FALSE(test, o1_policy_changed(p, SP_ENQ_RESTORE));
	o1_save_for_change(p);			/* to SCHED_BATCH */
	p->policy = SCHED_BATCH;
	KUNIT_EXPECT_TRUE(test, o1_policy_changed(p, SP_ENQ_RESTORE));
	KUNIT_EXPECT_FALSE(test, o1_policy_changed(p, SP_ENQ_MIGRATED));
	/* to SCHED_FIFO (the class is left) and back to SCHED_NORMAL */
	p->policy = SCHED_NORMAL;
	o1_save_for_change(p);
	p->policy = SCHED_FIFO;
	o1_disable(p);
	p->policy = SCHED_NORMAL;
	KUNIT_EXPECT_TRUE(test, o1_policy_changed(p, SP_ENQ_RESTORE));
	/* a PI boost leaves and comes back with the policy unchanged */
	o1_save_for_change(p);
	o1_disable(p);
	KUNIT_EXPECT_FALSE(test, o1_policy_changed(p, SP_ENQ_RESTORE));
}

/*
 * sched_fork(): the child gets half the parent's slice, rounded up, and
 * the parent keeps the rest, so forking gains no CPU time; the child's
 * sleep_avg is CHILD_PENALTY (95%) of the parent's bonus levels, rounded
 * down (wake_up_new_task()): 800 ms = 8 levels -> 7 = 700 ms, prio 117 ->
 * 118; the parent keeps PARENT_PENALTY (100%) of its whole levels.
 */
static void o1_test_fork_split(struct kunit *test)
{
	struct task_struct *parent = o1_fake_task(test, 1, 0, 800);
	struct task_struct *child = o1_fake_task(test, 2, 0, 0);

	o1_test_need_defaults(test);
	parent->sp.flags = SP_TASK_QUEUED;
	KUNIT_EXPECT_EQ(test, o1_task(parent)->prio, 117);
	o1_task(parent)->time_slice = 51 * NSEC_PER_MSEC + 1;
	o1_fork_from(child, parent);
	KUNIT_EXPECT_EQ(test, o1_task(child)->time_slice,
			(s64)(25500 * NSEC_PER_USEC + 1));
	KUNIT_EXPECT_EQ(test, o1_task(parent)->time_slice,
			(s64)(25500 * NSEC_PER_USEC));
	KUNIT_EXPECT_EQ(test, o1_task(child)->sleep_avg, 700 * NSEC_PER_MSEC);
	KUNIT_EXPECT_EQ(test, o1_task(child)->prio, 118);
	KUNIT_EXPECT_EQ(test, o1_task(parent)->sleep_avg, 800 * NSEC_PER_MSEC);
	KUNIT_EXPECT_PTR_EQ(test, o1_task(child)->array, NULL);

	/* the parent loses the fraction of a level, the child one level */
	o1_task(parent)->sleep_avg = 859 * NSEC_PER_MSEC;
	o1_fork_from(child, parent);
	KUNIT_EXPECT_EQ(test, o1_task(child)->sleep_avg, 700 * NSEC_PER_MSEC);
	KUNIT_EXPECT_EQ(test, o1_task(parent)->sleep_avg, 800 * NSEC_PER_MSEC);
	/* at bonus 1, 95% of a level rounds down to none */
	o1_task(parent)->sleep_avg = 199 * NSEC_PER_MSEC;
	o1_fork_from(child, parent);
	KUNIT_EXPECT_EQ(test, o1_task(child)->sleep_avg, 0ULL);
	KUNIT_EXPECT_EQ(test, o1_task(parent)->sleep_avg, 100 * NSEC_PER_MSEC);
	/* a full bonus gives the child 9 levels */
	o1_task(parent)->sleep_avg = 1000 * NSEC_PER_MSEC;
	o1_fork_from(child, parent);
	KUNIT_EXPECT_EQ(test, o1_task(child)->sleep_avg, 900 * NSEC_PER_MSEC);
	KUNIT_EXPECT_EQ(test, o1_task(child)->prio, 116);

	/* a parent with no slice left: the child starts a full one */
	o1_task(parent)->time_slice = 0;
	o1_fork_from(child, parent);
	KUNIT_EXPECT_EQ(test, o1_task(child)->time_slice,
			(s64)(100 * NSEC_PER_MSEC));

	/* a parent of another class passes on neither slice nor sleep_avg */
	parent->sp.flags = 0;
	o1_task(parent)->time_slice = 40 * NSEC_PER_MSEC;
	o1_task(parent)->sleep_avg = 859 * NSEC_PER_MSEC;
	o1_fork_from(child, parent);
	KUNIT_EXPECT_EQ(test, o1_task(parent)->time_slice,
			(s64)(40 * NSEC_PER_MSEC));
	KUNIT_EXPECT_EQ(test, o1_task(parent)->sleep_avg, 859 * NSEC_PER_MSEC);
	KUNIT_EXPECT_EQ(test, o1_task(child)->sleep_avg, 0ULL);
	KUNIT_EXPECT_EQ(test, o1_task(child)->prio, 125);
	KUNIT_EXPECT_EQ(test, o1_task(child)->time_slice,
			(s64)(100 * NSEC_PER_MSEC));
}

/*
 * sched_exit() at the reap: the unused part of a child's first slice goes
 * back to its parent on the same CPU, capped at the child's own full
 * timeslice; the parent's sleep_avg moves a quarter of the way down to a
 * lower child's (EXIT_WEIGHT 3); a slice that expired, or was not split
 * from the parent, is not given back.
 */
static void o1_test_exit_to_parent(struct kunit *test)
{
	struct task_struct *parent = o1_fake_task(test, 1, 0, 800);
	struct task_struct *child = o1_fake_task(test, 2, 0, 0);
	struct task_struct *nice19 = o1_fake_task(test, 3, 19, 0);
	struct o1_cpu *oc;

	o1_test_need_defaults(test);
	parent->sp.flags = SP_TASK_QUEUED;
	o1_task(parent)->time_slice = 60 * NSEC_PER_MSEC;
	o1_fork_from(child, parent);
	KUNIT_EXPECT_TRUE(test, o1_task(child)->first_time_slice);
	/* the child ran 10 of its 30 ms and lost sleep_avg doing it */
	o1_task(child)->time_slice = 20 * NSEC_PER_MSEC;
	o1_task(child)->sleep_avg = 500 * NSEC_PER_MSEC;
	KUNIT_EXPECT_TRUE(test, o1_exit_to(child, parent));
	KUNIT_EXPECT_EQ(test, o1_task(parent)->time_slice,
			(s64)(50 * NSEC_PER_MSEC));
	KUNIT_EXPECT_EQ(test, o1_task(parent)->sleep_avg, 725 * NSEC_PER_MSEC);

	/* capped at the child's full timeslice: 100 ms at nice 0 ... */
	o1_task(parent)->time_slice = 90 * NSEC_PER_MSEC;
	KUNIT_EXPECT_TRUE(test, o1_exit_to(child, parent));
	KUNIT_EXPECT_EQ(test, o1_task(parent)->time_slice,
			(s64)(100 * NSEC_PER_MSEC));
	/* ... 5 ms at nice 19, even below what the parent had */
	o1_task(parent)->time_slice = 30 * NSEC_PER_MSEC;
	o1_fork_from(nice19, parent);
	KUNIT_EXPECT_EQ(test, o1_task(parent)->time_slice,
			(s64)(15 * NSEC_PER_MSEC));
	o1_task(nice19)->time_slice = 3 * NSEC_PER_MSEC;
	KUNIT_EXPECT_TRUE(test, o1_exit_to(nice19, parent));
	KUNIT_EXPECT_EQ(test, o1_task(parent)->time_slice,
			(s64)(5 * NSEC_PER_MSEC));

	/* a child that slept more than its parent leaves its sleep_avg */
	o1_task(parent)->sleep_avg = 400 * NSEC_PER_MSEC;
	o1_task(child)->sleep_avg = 900 * NSEC_PER_MSEC;
	o1_exit_to(child, parent);
	KUNIT_EXPECT_EQ(test, o1_task(parent)->sleep_avg, 400 * NSEC_PER_MSEC);

	/* a first slice that ran out (o1_expire) is not given back */
	o1_task(parent)->time_slice = 30 * NSEC_PER_MSEC;
	o1_fork_from(child, parent);
	oc = o1_fake_cpu(test);
	o1_array_add(oc->active, child, false);
	o1_task(child)->time_slice = 0;
	o1_expire(oc, child, 1, 0);
	KUNIT_EXPECT_FALSE(test, o1_task(child)->first_time_slice);
	KUNIT_EXPECT_FALSE(test, o1_exit_to(child, parent));
	KUNIT_EXPECT_EQ(test, o1_task(parent)->time_slice,
			(s64)(15 * NSEC_PER_MSEC));

	/* nor is one the child did not get from a parent of the policy */
	parent->sp.flags = 0;
	o1_fork_from(child, parent);
	KUNIT_EXPECT_FALSE(test, o1_task(child)->first_time_slice);
	KUNIT_EXPECT_FALSE(test, o1_exit_to(child, parent));
	KUNIT_EXPECT_EQ(test, o1_task(parent)->time_slice,
			(s64)(15 * NSEC_PER_MSEC));
#ifdef CONFIG_SMP
	/* nor one from another CPU; the sleep_avg blend still happens */
	parent->sp.flags = SP_TASK_QUEUED;
	o1_task(parent)->sleep_avg = 800 * NSEC_PER_MSEC;
	o1_fork_from(child, parent);
	o1_task(child)->sleep_avg = 0;
	task_thread_info(child)->cpu = 1;
	KUNIT_EXPECT_FALSE(test, o1_exit_to(child, parent));
	KUNIT_EXPECT_EQ(test, o1_task(parent)->time_slice,
			(s64)(7500 * NSEC_PER_USEC));
	KUNIT_EXPECT_EQ(test, o1_task(parent)->sleep_avg, 600 * NSEC_PER_MSEC);
#endif
}

/*
 * wake_up_new_task(): a forked process (another mm) is queued just
 * before its running parent at the parent's priority and preempts it;
 * a thread, or a child of a parent outside the policy, is queued as any
 * new task.
 */
static void o1_test_child_first(struct kunit *test)
{
	static int mm_a, mm_b;
	struct o1_cpu *oc = o1_fake_cpu(test);
	struct task_struct *other = o1_fake_task(test, 1, 0, 800);	/* 117 */
	struct task_struct *parent = o1_fake_task(test, 2, 0, 800);	/* 117 */
	struct task_struct *child = o1_fake_task(test, 3, 0, 0);	/* 125 */
	struct task_struct *thread = o1_fake_task(test, 4, 0, 0);

	o1_test_need_defaults(test);
	parent->mm = (struct mm_struct *)&mm_a;
	thread->mm = parent->mm;
	child->mm = (struct mm_struct *)&mm_b;
	parent->sp.flags = SP_TASK_QUEUED;
	o1_array_add(oc->active, other, false);
	o1_array_add(oc->active, parent, false);

	KUNIT_EXPECT_FALSE(test, o1_enqueue_child_first(thread, parent));
	parent->sp.flags = 0;
	KUNIT_EXPECT_FALSE(test, o1_enqueue_child_first(child, parent));
	parent->sp.flags = SP_TASK_QUEUED;
	KUNIT_EXPECT_TRUE(test, o1_enqueue_child_first(child, parent));
	o1_check_array(test, oc->active);
	KUNIT_EXPECT_EQ(test, o1_task(child)->prio, 117);
	/* queued after the task that was there first, before its parent */
	o1_array_del(other);
	KUNIT_EXPECT_PTR_EQ(test, o1_queue_pick(oc), child);
	KUNIT_EXPECT_TRUE(test, o1_wakeup_preempt(NULL, parent, child,
						  SP_WAKE_FORK));
	KUNIT_EXPECT_FALSE(test, o1_wakeup_preempt(NULL, parent, thread,
						   SP_WAKE_FORK));
	o1_array_del(child);
	KUNIT_EXPECT_PTR_EQ(test, o1_queue_pick(oc), parent);
	o1_check_array(test, oc->active);
}

/*
 * try_to_wake_up(): a woken task preempts one of worse dynamic priority,
 * unless the wakeup is sync (the waker is about to sleep) and on the
 * waker's CPU (2.6.22: if (!sync || cpu != this_cpu)).
 */
static void o1_test_sync_wakeup(struct kunit *test)
{
	struct task_struct *hog = o1_fake_task(test, 1, 0, 0);		/* 125 */
	struct task_struct *reader = o1_fake_task(test, 2, 0, 1000);	/* 115 */
	struct task_struct *niced = o1_fake_task(test, 3, 5, 0);	/* 130 */

	o1_test_need_defaults(test);
	KUNIT_EXPECT_TRUE(test, o1_wakeup_preempt(NULL, hog, reader, 0));
	KUNIT_EXPECT_FALSE(test, o1_wakeup_preempt(NULL, hog, reader,
						   SP_WAKE_SYNC));
	KUNIT_EXPECT_TRUE(test, o1_wakeup_preempt(NULL, hog, reader,
						  SP_WAKE_SYNC | SP_WAKE_REMOTE));
	KUNIT_EXPECT_FALSE(test, o1_wakeup_preempt(NULL, hog, niced, 0));
	KUNIT_EXPECT_FALSE(test, o1_wakeup_preempt(NULL, reader, hog, 0));
	/* equal priority does not preempt */
	KUNIT_EXPECT_FALSE(test, o1_wakeup_preempt(NULL, hog, hog, 0));
}

static void o1_test_granularity(struct kunit *test)
{
	struct o1_cpu *oc = o1_fake_cpu(test);
	struct task_struct *p = o1_fake_task(test, 1, 0, 950);
	u64 ncpus = num_online_cpus();

	o1_test_need_defaults(test);
	/* bonus 9: 10 ms x 2^0 per CPU; bonus 7: 10 ms x 2^2 */
	KUNIT_EXPECT_EQ(test, o1_granularity(950 * NSEC_PER_MSEC),
			10 * NSEC_PER_MSEC * ncpus);
	KUNIT_EXPECT_EQ(test, o1_granularity(750 * NSEC_PER_MSEC),
			40 * NSEC_PER_MSEC * ncpus);
	if (ncpus > 10)
		kunit_skip(test, "a granule over a 100 ms slice at %llu CPUs", ncpus);
	o1_array_add(oc->active, p, false);
	o1_task(p)->time_slice = 100 * NSEC_PER_MSEC;
	o1_task(p)->gran_used = 10 * NSEC_PER_MSEC * ncpus - 1;
	KUNIT_EXPECT_FALSE(test, o1_granularity_due(oc, p));
	/* a granule used, a whole slice left: to the tail of its level */
	o1_task(p)->gran_used++;
	KUNIT_EXPECT_TRUE(test, o1_granularity_due(oc, p));
	/* less than a granule left: it runs on to its slice end */
	o1_task(p)->time_slice = 10 * NSEC_PER_MSEC * ncpus - 1;
	KUNIT_EXPECT_FALSE(test, o1_granularity_due(oc, p));
	/* at a dynamic priority that is not interactive: its whole slice */
	o1_task(p)->time_slice = 100 * NSEC_PER_MSEC;
	o1_task(p)->prio = 125;
	KUNIT_EXPECT_FALSE(test, o1_granularity_due(oc, p));
}

static void o1_test_yield(struct kunit *test)
{
	struct o1_cpu *oc = o1_fake_cpu(test);
	struct task_struct *y = o1_fake_task(test, 1, 0, 1000);
	struct task_struct *o = o1_fake_task(test, 2, 0, 0);

	o1_array_add(oc->active, y, false);
	o1_array_add(oc->active, o, false);
	KUNIT_EXPECT_PTR_EQ(test, o1_queue_pick(oc), y);
	o1_queue_yield(oc, y, 5);
	o1_check_array(test, oc->active);
	o1_check_array(test, oc->expired);
	KUNIT_EXPECT_PTR_EQ(test, o1_task(y)->array, oc->expired);
	KUNIT_EXPECT_EQ(test, oc->expired_timestamp, 5ULL);
	/* The other task, even of worse priority, runs first. */
	KUNIT_EXPECT_PTR_EQ(test, o1_queue_pick(oc), o);
	o1_array_del(o);
	KUNIT_EXPECT_PTR_EQ(test, o1_queue_pick(oc), y);
}

static void o1_test_candidate(struct kunit *test)
{
	struct o1_cpu *oc = o1_fake_cpu(test);
	struct task_struct *act = o1_fake_task(test, 1, 0, 0);
	struct task_struct *exp_low = o1_fake_task(test, 2, 10, 0);
	struct task_struct *exp_a = o1_fake_task(test, 3, 0, 0);
	struct task_struct *exp_b = o1_fake_task(test, 4, 0, 0);
	int dst = cpumask_first(cpu_active_mask);

	o1_array_add(oc->active, act, false);
	KUNIT_EXPECT_PTR_EQ(test, o1_array_candidate(oc->expired, dst), NULL);
	KUNIT_EXPECT_PTR_EQ(test, o1_array_candidate(oc->active, dst), act);
	o1_add_expired(oc, exp_low, 1);
	o1_add_expired(oc, exp_a, 1);
	o1_add_expired(oc, exp_b, 1);
	/* best level of the expired array, newest (tail) first */
	KUNIT_EXPECT_PTR_EQ(test, o1_array_candidate(oc->expired, dst), exp_b);
	cpumask_clear(&exp_b->cpus_mask);
	KUNIT_EXPECT_PTR_EQ(test, o1_array_candidate(oc->expired, dst), exp_a);
	cpumask_clear(&exp_a->cpus_mask);
	KUNIT_EXPECT_PTR_EQ(test, o1_array_candidate(oc->expired, dst), exp_low);
}

/* Pull @p as o1_move_tasks() would: off its array */
static void o1_test_pull(struct o1_lb_walk *w, struct task_struct *p)
{
	o1_array_del(p);
	w->rem_load -= o1_task(p)->load_ms;
}

/*
 * move_tasks()'s walk: expired array first, best level first, tail
 * first; a task heavier than what is left is skipped unless it would be
 * the best here and is not the busiest's only best one; cache-hot tasks stay
 * unless balancing has failed too often; pinned is kept only if no task
 * was allowed here.
 */
static void o1_test_move_walk(struct kunit *test)
{
	struct o1_cpu *oc = o1_fake_cpu(test);
	struct task_struct *act = o1_fake_task(test, 1, -10, 0);
	struct task_struct *mid = o1_fake_task(test, 2, 0, 0);
	struct task_struct *h1 = o1_fake_task(test, 3, 19, 0);
	struct task_struct *h2 = o1_fake_task(test, 4, 19, 0);
	struct task_struct *p;
	struct o1_lb_walk w;
	int dst = cpumask_first(cpu_active_mask);

	o1_test_need_defaults(test);
	o1_array_add(oc->active, act, false);
	o1_add_expired(oc, mid, 1);
	o1_add_expired(oc, h1, 1);
	o1_add_expired(oc, h2, 1);
	o1_task(act)->load_ms = o1_load_ms(act);	/* 600 */
	o1_task(mid)->load_ms = o1_load_ms(mid);	/* 100 */
	o1_task(h1)->load_ms = o1_load_ms(h1);		/* 5 */
	o1_task(h2)->load_ms = o1_load_ms(h2);
	KUNIT_ASSERT_EQ(test, o1_task(act)->load_ms, 600U);
	KUNIT_ASSERT_EQ(test, o1_task(h1)->load_ms, 5U);

	/* 110 to move: mid (100), then h2 and h1 from the tail (5 + 5) */
	w = (struct o1_lb_walk){
		.src = oc, .array = oc->expired, .dst_cpu = dst,
		.rem_load = 110, .this_best_prio = MAX_PRIO,
		.best_prio = o1_task(act)->prio, .pinned = true,
		.hot_ns = 2500 * NSEC_PER_USEC,
	};
	p = o1_lb_next(&w);
	KUNIT_EXPECT_PTR_EQ(test, p, mid);
	o1_test_pull(&w, p);
	p = o1_lb_next(&w);
	KUNIT_EXPECT_PTR_EQ(test, p, h2);
	o1_test_pull(&w, p);
	p = o1_lb_next(&w);
	KUNIT_EXPECT_PTR_EQ(test, p, h1);
	o1_test_pull(&w, p);
	/*
	 * then the active array: act (600) is too heavy for the 100 left,
	 * but would be the best here and another task of its level (the
	 * busiest's running one, say) has been seen: it moves
	 */
	w.rem_load = 100;
	w.best_prio_seen = true;
	KUNIT_EXPECT_PTR_EQ(test, o1_lb_next(&w), act);
	KUNIT_EXPECT_FALSE(test, w.pinned);

	/* the busiest's only task of its best level stays */
	w = (struct o1_lb_walk){
		.src = oc, .array = oc->active, .dst_cpu = dst,
		.rem_load = 100, .this_best_prio = MAX_PRIO,
		.best_prio = o1_task(act)->prio, .pinned = true,
	};
	KUNIT_EXPECT_PTR_EQ(test, o1_lb_next(&w), NULL);
	KUNIT_EXPECT_TRUE(test, w.best_prio_seen);
	/* and so does any heavy task when this CPU already runs as well */
	w = (struct o1_lb_walk){
		.src = oc, .array = oc->active, .dst_cpu = dst,
		.rem_load = 100, .this_best_prio = o1_task(act)->prio,
		.best_prio = MAX_PRIO, .best_prio_seen = true, .pinned = true,
	};
	KUNIT_EXPECT_PTR_EQ(test, o1_lb_next(&w), NULL);

	/* cache hot (it ran "now"): stays, unless aggressive */
	act->se.exec_start = U64_MAX;
	w = (struct o1_lb_walk){
		.src = oc, .array = oc->active, .dst_cpu = dst,
		.rem_load = 1000, .this_best_prio = MAX_PRIO,
		.best_prio = MAX_PRIO, .pinned = true,
		.hot_ns = 2500 * NSEC_PER_USEC,
	};
	KUNIT_EXPECT_PTR_EQ(test, o1_lb_next(&w), NULL);
	KUNIT_EXPECT_FALSE(test, w.pinned);
	w.array = oc->active;
	w.next = NULL;
	w.idx = 0;
	w.aggressive = true;
	KUNIT_EXPECT_PTR_EQ(test, o1_lb_next(&w), act);

	/* not allowed here: skipped, and the walk reports all pinned */
	cpumask_clear(&act->cpus_mask);
	w = (struct o1_lb_walk){
		.src = oc, .array = oc->active, .dst_cpu = dst,
		.rem_load = 1000, .this_best_prio = MAX_PRIO,
		.best_prio = MAX_PRIO, .pinned = true, .aggressive = true,
	};
	KUNIT_EXPECT_PTR_EQ(test, o1_lb_next(&w), NULL);
	KUNIT_EXPECT_TRUE(test, w.pinned);
}

/* try_to_wake_up()'s affine test on nice-0 loads (100 each) */
static void o1_test_wake_affine(struct kunit *test)
{
	struct sched_policy_lb_wake w = {
		.this_load = 0, .prev_load = 100, .prev_target = 100,
		.this_per_task = 100, .task_load = 100,
	};

	/* an idle waking CPU beside a previous CPU with one task */
	KUNIT_EXPECT_TRUE(test, sched_policy_lb_affine(&o1_lb, &w));
	/* two tasks here, one there: stay */
	w.this_load = 200;
	KUNIT_EXPECT_FALSE(test, sched_policy_lb_affine(&o1_lb, &w));
	/* the waker alone here: only a sync wakeup takes it off */
	w.this_load = 100;
	KUNIT_EXPECT_FALSE(test, sched_policy_lb_affine(&o1_lb, &w));
	w.waker_load = 100;
	KUNIT_EXPECT_TRUE(test, sched_policy_lb_affine(&o1_lb, &w));
	/*
	 * the imbalance rule, 100 x (100 + 100) <= 112 x prev_load:
	 * 20,000 > 19,936 at 178, 20,000 <= 20,048 at 179
	 */
	w.waker_load = 0;
	w.prev_load = 178;
	w.prev_target = 178;
	KUNIT_EXPECT_FALSE(test, sched_policy_lb_affine(&o1_lb, &w));
	w.prev_load = 179;
	w.prev_target = 179;
	KUNIT_EXPECT_TRUE(test, sched_policy_lb_affine(&o1_lb, &w));
}

/* The consistency check: sound arrays, then one corruption at a time. */
static void o1_test_check(struct kunit *test)
{
	struct o1_cpu *oc = o1_fake_cpu(test);
	struct task_struct *a = o1_fake_task(test, 1, 0, 0);
	struct task_struct *b = o1_fake_task(test, 2, 5, 0);
	unsigned int nr;

	/* fake tasks are on CPU 0 */
	a->sp.flags = SP_TASK_QUEUED;
	b->sp.flags = SP_TASK_QUEUED;
	o1_load_add(oc, a);
	o1_array_add(oc->active, a, false);
	o1_load_add(oc, b);
	o1_add_expired(oc, b, 1);
	KUNIT_EXPECT_EQ(test, o1_cpu_check(NULL, oc, 0, &nr), 0U);
	KUNIT_EXPECT_EQ(test, nr, 2U);

	/* a level's bit clear over its non-empty list, set over an empty one */
	__clear_bit(o1_task(a)->prio, oc->active->bitmap);
	KUNIT_EXPECT_EQ(test, o1_cpu_check(NULL, oc, 0, &nr), 1U);
	__set_bit(o1_task(a)->prio, oc->active->bitmap);
	__set_bit(MAX_RT_PRIO, oc->active->bitmap);
	KUNIT_EXPECT_EQ(test, o1_cpu_check(NULL, oc, 0, &nr), 1U);
	__clear_bit(MAX_RT_PRIO, oc->active->bitmap);
	/* 2.6.22's delimiter bit is not modelled: bit 140 stays clear */
	__set_bit(O1_NR_PRIO, oc->expired->bitmap);
	KUNIT_EXPECT_EQ(test, o1_cpu_check(NULL, oc, 0, &nr), 1U);
	__clear_bit(O1_NR_PRIO, oc->expired->bitmap);
	/* nr_active, the task's own level, the load, the starvation clock */
	oc->expired->nr_active++;
	KUNIT_EXPECT_EQ(test, o1_cpu_check(NULL, oc, 0, &nr), 1U);
	oc->expired->nr_active--;
	o1_task(b)->prio--;
	KUNIT_EXPECT_EQ(test, o1_cpu_check(NULL, oc, 0, &nr), 1U);
	o1_task(b)->prio++;
	oc->lb.load++;
	KUNIT_EXPECT_EQ(test, o1_cpu_check(NULL, oc, 0, &nr), 1U);
	oc->lb.load--;
	oc->expired_timestamp = 0;
	KUNIT_EXPECT_EQ(test, o1_cpu_check(NULL, oc, 0, &nr), 1U);
	oc->expired_timestamp = 1;
	/* not queued in the core, and a task of another CPU */
	a->sp.flags = 0;
	task_thread_info(b)->cpu = 1;
	KUNIT_EXPECT_EQ(test, o1_cpu_check(NULL, oc, 0, &nr), 2U);
	a->sp.flags = SP_TASK_QUEUED;
	task_thread_info(b)->cpu = 0;
	KUNIT_EXPECT_EQ(test, o1_cpu_check(NULL, oc, 0, &nr), 0U);
}

/*
 * Hook sequences on the core's KUnit run queue (sched_policy_kunit_*()):
 * the registered hooks called in the core's order, 1000 ticks a second.
 */

static struct sched_policy_rq *o1_seq_rq(struct kunit *test)
{
	o1_test_need_defaults(test);
	return sched_policy_kunit_rq(test, &o1_policy);
}

static struct task_struct *o1_seq_task(struct kunit *test,
				       struct sched_policy_rq *rq, pid_t pid,
				       int nice, u64 sleep_avg_ms)
{
	struct task_struct *p = o1_fake_task(test, pid, nice, sleep_avg_ms);

	sched_policy_kunit_attach(rq, p);
	return p;
}

/* @p, new, is queued alone and picked */
static void o1_seq_start(struct kunit *test, struct sched_policy_rq *rq,
			 struct task_struct *p)
{
	sched_policy_kunit_enqueue(rq, p, SP_ENQ_NEW);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), p);
}

/* @ms milliseconds of ticks, rescheduling whenever a tick asks */
static void o1_seq_run(struct sched_policy_rq *rq, unsigned int ms)
{
	while (ms--) {
		sched_policy_kunit_run(rq, NSEC_PER_MSEC);
		if (sched_policy_kunit_tick(rq))
			sched_policy_kunit_schedule(rq);
	}
}

/* The arrays hold what the core has queued, and are consistent. */
static void o1_seq_check(struct kunit *test, struct sched_policy_rq *rq)
{
	unsigned int nr = 0;

	KUNIT_EXPECT_EQ(test, o1_cpu_check(NULL, o1_cpu(rq), 0, &nr), 0U);
	KUNIT_EXPECT_EQ(test, nr, sched_policy_rq_nr_queued(rq));
}

/*
 * A lone CPU hog's slice ends: it goes to the expired array, and the
 * schedule() after it picks it again.  2.6.22 swapped the arrays in that
 * schedule(); 6.12 skips put_prev/set_next on a re-pick, and only the
 * core's promise to make it both (sp_repick()) lets o1 swap in set_next.
 */
static void o1_test_seq_repick_swaps(struct kunit *test)
{
	struct sched_policy_rq *rq = o1_seq_rq(test);
	struct o1_cpu *oc = o1_cpu(rq);
	struct task_struct *hog = o1_seq_task(test, rq, 1, 0, 0);

	o1_seq_start(test, rq, hog);
	o1_seq_run(rq, 99);
	KUNIT_EXPECT_EQ(test, sched_policy_kunit_stat(rq, O1_STAT_EXPIRED), 0ULL);
	/* the 100th ms ends the 100 ms slice; the re-pick swaps */
	o1_seq_run(rq, 1);
	KUNIT_EXPECT_EQ(test, sched_policy_kunit_stat(rq, O1_STAT_EXPIRED), 1ULL);
	KUNIT_EXPECT_EQ(test, sched_policy_kunit_stat(rq, O1_STAT_ARRAY_SWAPS),
			1ULL);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_rq_curr(rq), hog);
	KUNIT_EXPECT_PTR_EQ(test, o1_task(hog)->array, oc->active);
	KUNIT_EXPECT_EQ(test, oc->expired_timestamp, 0ULL);
	KUNIT_EXPECT_EQ(test, o1_task(hog)->time_slice,
			(s64)(100 * NSEC_PER_MSEC));
	o1_seq_check(test, rq);
}

/*
 * An interactive task alone: its slice ends start the starvation clock
 * though it is reinserted.  It sleeps, the CPU idles and the clock is
 * reset (2.6.22's schedule(): expired_timestamp = 0 before idle), so
 * after 2 s of idle its next slice end is not counted as starving (the
 * limit is 1 s per runnable task).  The reset runs in the balance pass:
 * the core never calls the pick with nothing queued.
 */
static void o1_test_seq_idle_resets_clock(struct kunit *test)
{
	struct sched_policy_rq *rq = o1_seq_rq(test);
	struct o1_cpu *oc = o1_cpu(rq);
	struct task_struct *inter = o1_seq_task(test, rq, 1, 0, 1000);

	o1_seq_start(test, rq, inter);
	o1_seq_run(rq, 100);
	KUNIT_EXPECT_EQ(test,
			sched_policy_kunit_stat(rq, O1_STAT_INTERACTIVE_REINSERT),
			1ULL);
	KUNIT_EXPECT_NE(test, oc->expired_timestamp, 0ULL);
	KUNIT_EXPECT_NULL(test, sched_policy_kunit_sleep(rq));
	KUNIT_EXPECT_EQ(test, oc->expired_timestamp, 0ULL);
	sched_policy_kunit_run(rq, 2 * NSEC_PER_SEC);
	KUNIT_EXPECT_TRUE(test, sched_policy_kunit_wakeup(rq, inter, 0, 0));
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), inter);
	o1_seq_run(rq, 100);
	KUNIT_EXPECT_EQ(test,
			sched_policy_kunit_stat(rq, O1_STAT_INTERACTIVE_REINSERT),
			2ULL);
	KUNIT_EXPECT_EQ(test, sched_policy_kunit_stat(rq, O1_STAT_STARVATION),
			0ULL);
	o1_seq_check(test, rq);
}

/*
 * 2.6.22's schedule() reset the clock only when rq->nr_running was 0,
 * which counted RT tasks.  The same interactive task sleeps while a task
 * of a higher class is runnable: the clock runs on, so 2 s later its
 * next slice end counts as starving (the limit: 1 s x 2 runnable tasks,
 * the RT one included); once that task has gone too, the next balance
 * pass with nothing to run resets the clock.
 */
static void o1_test_seq_higher_class_keeps_clock(struct kunit *test)
{
	struct sched_policy_rq *rq = o1_seq_rq(test);
	struct o1_cpu *oc = o1_cpu(rq);
	struct task_struct *inter = o1_seq_task(test, rq, 1, 0, 1000);

	o1_seq_start(test, rq, inter);
	o1_seq_run(rq, 100);
	KUNIT_EXPECT_NE(test, oc->expired_timestamp, 0ULL);
	sched_policy_kunit_set_other(rq, 1);
	KUNIT_EXPECT_NULL(test, sched_policy_kunit_sleep(rq));
	KUNIT_EXPECT_NE(test, oc->expired_timestamp, 0ULL);
	sched_policy_kunit_run(rq, 2 * NSEC_PER_SEC);
	KUNIT_EXPECT_TRUE(test, sched_policy_kunit_wakeup(rq, inter, 0, 0));
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), inter);
	o1_seq_run(rq, 100);
	KUNIT_EXPECT_EQ(test, sched_policy_kunit_stat(rq, O1_STAT_STARVATION),
			1ULL);
	/* the swap stopped the clock; the next slice end starts it again */
	o1_seq_run(rq, 100);
	KUNIT_EXPECT_NE(test, oc->expired_timestamp, 0ULL);
	sched_policy_kunit_set_other(rq, 0);
	KUNIT_EXPECT_NULL(test, sched_policy_kunit_sleep(rq));
	KUNIT_EXPECT_EQ(test, oc->expired_timestamp, 0ULL);
	o1_seq_check(test, rq);
}

/*
 * A reader (interactive, 115) wakes beside a hog (125): it preempts,
 * unless the wakeup is sync on the waker's CPU (try_to_wake_up()'s
 * !sync); a sync hint from another CPU does not hold the preemption.
 */
static void o1_test_seq_sync_wakeup(struct kunit *test)
{
	static const unsigned int flags[] = {
		0, SP_WAKE_SYNC, SP_WAKE_SYNC | SP_WAKE_REMOTE,
	};
	static const bool preempts[] = { true, false, true };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(flags); i++) {
		struct sched_policy_rq *rq = o1_seq_rq(test);
		struct task_struct *hog = o1_seq_task(test, rq, 1, 0, 0);
		struct task_struct *reader = o1_seq_task(test, rq, 2, 0, 1000);

		o1_seq_start(test, rq, hog);
		o1_seq_run(rq, 5);
		KUNIT_EXPECT_EQ_MSG(test,
				    sched_policy_kunit_wakeup(rq, reader, 0,
							      flags[i]),
				    preempts[i], "wake flags %#x", flags[i]);
		/* either way the reader runs at the next schedule() */
		KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq),
				    reader);
		o1_seq_check(test, rq);
	}
}

/*
 * sched_fork() and wake_up_new_task() of 2.6.22 as the core calls them,
 * the parent (prio 117, 100 ms) running: a thread takes half the
 * parent's slice and one bonus level less (prio 118) and waits; a forked
 * process takes half of what is left, is queued before its parent at the
 * parent's priority and runs first; when it sleeps, the parent (117)
 * runs before the thread (118).
 */
static void o1_test_seq_fork(struct kunit *test)
{
	static int mm_a, mm_b;
	struct sched_policy_rq *rq = o1_seq_rq(test);
	struct task_struct *parent = o1_seq_task(test, rq, 1, 0, 800);
	struct task_struct *thread = o1_fake_task(test, 2, 0, 0);
	struct task_struct *child = o1_fake_task(test, 3, 0, 0);

	parent->mm = (struct mm_struct *)&mm_a;
	thread->mm = parent->mm;
	child->mm = (struct mm_struct *)&mm_b;
	o1_seq_start(test, rq, parent);

	sched_policy_kunit_fork(rq, thread);
	KUNIT_EXPECT_EQ(test, o1_task(parent)->time_slice,
			(s64)(50 * NSEC_PER_MSEC));
	KUNIT_EXPECT_EQ(test, o1_task(thread)->time_slice,
			(s64)(50 * NSEC_PER_MSEC));
	KUNIT_EXPECT_EQ(test, o1_task(thread)->sleep_avg, 700 * NSEC_PER_MSEC);
	KUNIT_EXPECT_FALSE(test, sched_policy_kunit_wake_new(rq, thread));
	KUNIT_EXPECT_EQ(test, o1_task(thread)->prio, 118);

	sched_policy_kunit_fork(rq, child);
	KUNIT_EXPECT_EQ(test, o1_task(parent)->time_slice,
			(s64)(25 * NSEC_PER_MSEC));
	KUNIT_EXPECT_EQ(test, o1_task(child)->time_slice,
			(s64)(25 * NSEC_PER_MSEC));
	KUNIT_EXPECT_TRUE(test, sched_policy_kunit_wake_new(rq, child));
	KUNIT_EXPECT_EQ(test, o1_task(child)->prio, 117);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), child);
	o1_seq_check(test, rq);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_sleep(rq), parent);
	o1_seq_check(test, rq);
}

/*
 * set_user_nice() of 2.6.22: the running task reniced worse is
 * rescheduled and the other runs; a waiting task reniced better
 * reschedules the CPU.
 */
static void o1_test_seq_renice(struct kunit *test)
{
	struct sched_policy_rq *rq = o1_seq_rq(test);
	struct task_struct *a = o1_seq_task(test, rq, 1, 0, 0);
	struct task_struct *b = o1_seq_task(test, rq, 2, 0, 0);

	sched_policy_kunit_enqueue(rq, a, SP_ENQ_NEW);
	sched_policy_kunit_enqueue(rq, b, SP_ENQ_NEW);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), a);
	o1_seq_run(rq, 5);
	/* a better nice for the running task changes nothing */
	sched_policy_kunit_set_nice(rq, a, -1);
	KUNIT_EXPECT_FALSE(test, sched_policy_kunit_resched(rq));
	sched_policy_kunit_set_nice(rq, a, 10);
	KUNIT_EXPECT_TRUE(test, sched_policy_kunit_resched(rq));
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), b);
	/* a worse nice for a waiting task changes nothing either */
	sched_policy_kunit_set_nice(rq, a, 15);
	KUNIT_EXPECT_FALSE(test, sched_policy_kunit_resched(rq));
	sched_policy_kunit_set_nice(rq, a, -10);
	KUNIT_EXPECT_TRUE(test, sched_policy_kunit_resched(rq));
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), a);
	o1_seq_check(test, rq);
}

/*
 * sched_yield() of a SCHED_NORMAL task goes to the expired array: the
 * other task of its priority runs, and when that one yields too the
 * arrays swap and the first runs again.
 */
static void o1_test_seq_yield(struct kunit *test)
{
	struct sched_policy_rq *rq = o1_seq_rq(test);
	struct o1_cpu *oc = o1_cpu(rq);
	struct task_struct *a = o1_seq_task(test, rq, 1, 0, 0);
	struct task_struct *b = o1_seq_task(test, rq, 2, 0, 0);

	sched_policy_kunit_enqueue(rq, a, SP_ENQ_NEW);
	sched_policy_kunit_enqueue(rq, b, SP_ENQ_NEW);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), a);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_yield(rq), b);
	KUNIT_EXPECT_PTR_EQ(test, o1_task(a)->array, oc->expired);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_yield(rq), a);
	KUNIT_EXPECT_EQ(test, sched_policy_kunit_stat(rq, O1_STAT_YIELD_EXPIRED),
			2ULL);
	KUNIT_EXPECT_EQ(test, sched_policy_kunit_stat(rq, O1_STAT_ARRAY_SWAPS),
			1ULL);
	KUNIT_EXPECT_PTR_EQ(test, o1_task(b)->array, oc->active);
	o1_seq_check(test, rq);
}

/*
 * A SCHED_BATCH task that wakes goes to the expired array
 * (__activate_task()): it does not preempt the hog, and runs only after
 * the hog's slice.
 */
static void o1_test_seq_batch_wakeup(struct kunit *test)
{
	struct sched_policy_rq *rq = o1_seq_rq(test);
	struct o1_cpu *oc = o1_cpu(rq);
	struct task_struct *hog = o1_seq_task(test, rq, 1, 0, 0);
	struct task_struct *batch = o1_seq_task(test, rq, 2, 0, 1000);

	batch->policy = SCHED_BATCH;
	o1_seq_start(test, rq, hog);
	KUNIT_EXPECT_FALSE(test, sched_policy_kunit_wakeup(rq, batch, 0, 0));
	KUNIT_EXPECT_PTR_EQ(test, o1_task(batch)->array, oc->expired);
	o1_seq_run(rq, 99);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_rq_curr(rq), hog);
	o1_seq_run(rq, 1);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_rq_curr(rq), batch);
	o1_seq_check(test, rq);
}

static struct kunit_case o1_test_cases[] = {
	KUNIT_CASE(o1_test_array_order),
	KUNIT_CASE(o1_test_array_swap),
	KUNIT_CASE(o1_test_timeslice_table),
	KUNIT_CASE(o1_test_effective_prio),
	KUNIT_CASE(o1_test_interactive),
	KUNIT_CASE(o1_test_sleep_credit),
	KUNIT_CASE(o1_test_sync_sleep),
	KUNIT_CASE(o1_test_runqueue_credit),
	KUNIT_CASE(o1_test_expiry_decision),
	KUNIT_CASE(o1_test_idle_resets_starvation_clock),
	KUNIT_CASE(o1_test_batch),
	KUNIT_CASE(o1_test_change_resched),
	KUNIT_CASE(o1_test_policy_change_array),
	KUNIT_CASE(o1_test_fork_split),
	KUNIT_CASE(o1_test_exit_to_parent),
	KUNIT_CASE(o1_test_child_first),
	KUNIT_CASE(o1_test_sync_wakeup),
	KUNIT_CASE(o1_test_granularity),
	KUNIT_CASE(o1_test_yield),
	KUNIT_CASE(o1_test_candidate),
	KUNIT_CASE(o1_test_move_walk),
	KUNIT_CASE(o1_test_wake_affine),
	KUNIT_CASE(o1_test_check),
	KUNIT_CASE(o1_test_seq_repick_swaps),
	KUNIT_CASE(o1_test_seq_idle_resets_clock),
	KUNIT_CASE(o1_test_seq_higher_class_keeps_clock),
	KUNIT_CASE(o1_test_seq_sync_wakeup),
	KUNIT_CASE(o1_test_seq_fork),
	KUNIT_CASE(o1_test_seq_renice),
	KUNIT_CASE(o1_test_seq_yield),
	KUNIT_CASE(o1_test_seq_batch_wakeup),
	{}
};

static struct kunit_suite o1_test_suite = {
	.name = "sched_policy_o1",
	.test_cases = o1_test_cases,
};
kunit_test_suite(o1_test_suite);
