// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for cfs: tree order and the leftmost cache, min_vruntime,
 * the weighted delta arithmetic (extreme weights, overflow), slices and
 * scaling, placement of new and woken tasks, the wakeup-preemption
 * decision table, the wakeup statistics with ADAPTIVE_GRAN and
 * SYNC_LESS, buddies, the tick checks, each yield mode's resulting
 * position, renormalisation, the balancer's walk and the migration
 * candidate, wake_affine() and fork placement, and the consistency
 * check finding each kind of corruption.
 * Included from cfs.c; fake tasks only carry what cfs reads.  Every case
 * runs with the default tunables and sched_tunable_scaling = none, so the
 * values in force are the documented one-CPU defaults.
 */
#include <kunit/test.h>

#define MS	1000000ULL

struct cfs_saved_tunables {
	u64 v[ARRAY_SIZE(cfs_tunables) - 1];
};

static const u64 cfs_test_defaults[] = {
	5 * MS, 1 * MS, 1 * MS, CFS_SCALING_NONE, 0, CFS_YIELD_REQUEUE,
	8 * MS, 1, 1, 1, 0, 1, 0, 1, 1, 500000, 1, 1,
};

static int cfs_test_init(struct kunit *test)
{
	struct cfs_saved_tunables *s = kunit_kzalloc(test, sizeof(*s),
						     GFP_KERNEL);
	int i;

	KUNIT_ASSERT_NOT_NULL(test, s);
	BUILD_BUG_ON(ARRAY_SIZE(cfs_test_defaults) !=
		     ARRAY_SIZE(cfs_tunables) - 1);
	for (i = 0; cfs_tunables[i].name; i++) {
		s->v[i] = *cfs_tunables[i].value;
		*cfs_tunables[i].value = cfs_test_defaults[i];
	}
	test->priv = s;
	return 0;
}

static void cfs_test_exit(struct kunit *test)
{
	struct cfs_saved_tunables *s = test->priv;
	int i;

	for (i = 0; cfs_tunables[i].name; i++)
		*cfs_tunables[i].value = s->v[i];
}

static struct task_struct *cfs_fake(struct kunit *test, pid_t pid,
				    unsigned long weight, u64 vruntime)
{
	struct task_struct *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	p->pid = pid;
	p->policy = SCHED_NORMAL;
	RB_CLEAR_NODE(&p->sp.tree_node);
	cpumask_copy(&p->cpus_mask, cpu_possible_mask);
	p->cpus_ptr = &p->cpus_mask;
	cfs_task(p)->weight = weight;
	cfs_task(p)->vruntime = vruntime;
	cfs_task(p)->avg_wakeup = MS;	/* __sched_fork(): the granularity */
	return p;
}

static void cfs_fake_cpu(struct cfs_cpu *cc, u64 min_vruntime)
{
	memset(cc, 0, sizeof(*cc));
	cc->tree = RB_ROOT_CACHED;
	INIT_LIST_HEAD(&cc->tasks);
	cc->min_vruntime = min_vruntime;
}

/* Make @p the running task, as pick + set_next would. */
static void cfs_fake_run(struct cfs_cpu *cc, struct task_struct *p)
{
	cfs_queue_add(cc, p);
	cfs_queue_set_next(cc, p);
}

static struct task_struct *cfs_pick(struct cfs_cpu *cc,
				    struct task_struct *curr)
{
	enum cfs_pick_via via;

	return cfs_queue_pick(cc, curr, &via);
}

static void cfs_test_tree_order(struct kunit *test)
{
	struct cfs_cpu cc;
	struct task_struct *a = cfs_fake(test, 1, 1024, 30);
	struct task_struct *b = cfs_fake(test, 2, 1024, 10);
	struct task_struct *c = cfs_fake(test, 3, 1024, 20);
	struct task_struct *d = cfs_fake(test, 4, 1024, 10);

	cfs_fake_cpu(&cc, 0);
	cfs_queue_add(&cc, a);
	KUNIT_EXPECT_PTR_EQ(test, cfs_leftmost(&cc), a);
	cfs_queue_add(&cc, b);
	cfs_queue_add(&cc, c);
	cfs_queue_add(&cc, d);	/* equal key: behind b */
	KUNIT_EXPECT_EQ(test, cc.nr_running, 4U);
	KUNIT_EXPECT_EQ(test, cc.lb.load, 4096UL);
	KUNIT_EXPECT_PTR_EQ(test, cfs_leftmost(&cc), b);
	KUNIT_EXPECT_PTR_EQ(test, cfs_rightmost(&cc), a);
	KUNIT_EXPECT_PTR_EQ(test, cfs_pick(&cc, NULL), b);

	cfs_queue_del(&cc, b);	/* the cache follows */
	KUNIT_EXPECT_PTR_EQ(test, cfs_leftmost(&cc), d);
	cfs_queue_del(&cc, d);
	KUNIT_EXPECT_PTR_EQ(test, cfs_leftmost(&cc), c);
	cfs_queue_del(&cc, a);
	KUNIT_EXPECT_PTR_EQ(test, cfs_rightmost(&cc), c);
	cfs_queue_del(&cc, c);
	KUNIT_EXPECT_NULL(test, cfs_leftmost(&cc));
	KUNIT_EXPECT_NULL(test, cfs_pick(&cc, NULL));
	KUNIT_EXPECT_EQ(test, cc.lb.load, 0UL);
}

static void cfs_test_tree_wraps(struct kunit *test)
{
	struct cfs_cpu cc;
	/* just below and just above the u64 wrap: still in order */
	struct task_struct *a = cfs_fake(test, 1, 1024, U64_MAX - 5);
	struct task_struct *b = cfs_fake(test, 2, 1024, 5);

	cfs_fake_cpu(&cc, U64_MAX - 10);
	cfs_queue_add(&cc, b);
	cfs_queue_add(&cc, a);
	KUNIT_EXPECT_PTR_EQ(test, cfs_leftmost(&cc), a);
	KUNIT_EXPECT_TRUE(test, cfs_before(U64_MAX, 0));
	KUNIT_EXPECT_EQ(test, cfs_max_vruntime(U64_MAX, 1), 1ULL);
	KUNIT_EXPECT_EQ(test, cfs_min_vruntime(U64_MAX, 1), U64_MAX);
}

/* Curr competes as if put back: behind waiting tasks of equal key. */
static void cfs_test_pick_curr(struct kunit *test)
{
	struct cfs_cpu cc;
	struct task_struct *curr = cfs_fake(test, 1, 1024, 100);
	struct task_struct *w = cfs_fake(test, 2, 1024, 100);

	cfs_fake_cpu(&cc, 0);
	cfs_fake_run(&cc, curr);
	cfs_queue_add(&cc, w);
	KUNIT_EXPECT_PTR_EQ(test, cfs_pick(&cc, curr), w);
	cfs_task(curr)->vruntime = 99;
	KUNIT_EXPECT_PTR_EQ(test, cfs_pick(&cc, curr), curr);
	/* not queued any more (went to sleep): never chosen */
	KUNIT_EXPECT_PTR_EQ(test, cfs_pick(&cc, NULL), w);
}

static void cfs_test_min_vruntime(struct kunit *test)
{
	struct cfs_cpu cc;
	struct task_struct *curr = cfs_fake(test, 1, 1024, 1000);
	struct task_struct *w = cfs_fake(test, 2, 1024, 1500);
	struct task_struct *old = cfs_fake(test, 3, 1024, 10);

	cfs_fake_cpu(&cc, 1000);
	cfs_fake_run(&cc, curr);
	cfs_queue_add(&cc, w);
	cfs_queue_account(&cc, curr, 300);	/* curr 1300: min follows */
	KUNIT_EXPECT_EQ(test, cc.min_vruntime, 1300ULL);
	cfs_queue_account(&cc, curr, 1000);	/* curr 2300: w is smaller */
	KUNIT_EXPECT_EQ(test, cc.min_vruntime, 1500ULL);
	/* a task far behind joins: min_vruntime never moves backwards */
	cfs_queue_add(&cc, old);
	cfs_update_min_vruntime(&cc);
	KUNIT_EXPECT_EQ(test, cc.min_vruntime, 1500ULL);
	cfs_queue_del(&cc, old);
	cfs_queue_del(&cc, w);
	KUNIT_EXPECT_EQ(test, cc.min_vruntime, 2300ULL);
	/* curr went to sleep and nothing is queued: min stays */
	cfs_queue_del(&cc, curr);
	cfs_queue_put_prev(&cc, curr, false);
	cfs_update_min_vruntime(&cc);
	KUNIT_EXPECT_EQ(test, cc.min_vruntime, 2300ULL);

	/* across the wrap */
	cfs_fake_cpu(&cc, U64_MAX - 100);
	cfs_task(curr)->vruntime = U64_MAX - 100;
	cfs_task(curr)->on_rq = false;
	cfs_fake_run(&cc, curr);
	cfs_queue_account(&cc, curr, 300);
	KUNIT_EXPECT_EQ(test, cc.min_vruntime, 199ULL);
}

/*
 * 2.6.32's update_min_vruntime() counts the running task until put_prev,
 * even once it is dequeued: a sleeper behind the leftmost holds
 * min_vruntime back until the CPU moves on.
 */
static void cfs_test_min_vruntime_dequeued_curr(struct kunit *test)
{
	struct cfs_cpu cc;
	struct task_struct *curr = cfs_fake(test, 1, 1024, 1000);
	struct task_struct *w = cfs_fake(test, 2, 1024, 1500);

	cfs_fake_cpu(&cc, 1000);
	cfs_fake_run(&cc, curr);
	cfs_queue_add(&cc, w);
	cfs_queue_del(&cc, curr);	/* goes to sleep, still cc->curr */
	KUNIT_EXPECT_EQ(test, cc.min_vruntime, 1000ULL);
	cfs_queue_put_prev(&cc, curr, false);
	cfs_update_min_vruntime(&cc);
	KUNIT_EXPECT_EQ(test, cc.min_vruntime, 1500ULL);
}

static void cfs_test_calc_delta(struct kunit *test)
{
	/* nice 0 is the identity; nice 5 (335) ages ~3.06x faster */
	KUNIT_EXPECT_EQ(test, cfs_calc_delta_fair(MS, 1024), MS);
	KUNIT_EXPECT_EQ(test, cfs_calc_delta_fair(MS, 335), 3056716ULL);
	KUNIT_EXPECT_EQ(test, cfs_calc_delta_fair(MS, 110), 9309090ULL);
	/* nice -20 and nice 19 and SCHED_IDLE */
	KUNIT_EXPECT_EQ(test, cfs_calc_delta_fair(MS, 88761), 11536ULL);
	KUNIT_EXPECT_EQ(test, cfs_calc_delta_fair(MS, 15), 68266666ULL);
	KUNIT_EXPECT_EQ(test, cfs_calc_delta_fair(MS, 3), 341333333ULL);
	/* the 128-bit path: exact where 64 bits would overflow */
	/* 2^54 * 1024 / 3 = floor(2^64 / 3) */
	KUNIT_EXPECT_EQ(test, cfs_calc_delta_fair(1ULL << 54, 3),
			6148914691236517205ULL);
	KUNIT_EXPECT_EQ(test, cfs_calc_delta(U64_MAX, 88761, 88761 + 1024),
			mul_u64_u64_div_u64(U64_MAX, 88761, 89785));
	KUNIT_EXPECT_EQ(test, cfs_calc_delta_fair(U64_MAX, 88761),
			mul_u64_u64_div_u64(U64_MAX, 1024, 88761));
	/* quotient beyond 64 bits: saturated, not wrapped */
	KUNIT_EXPECT_EQ(test, cfs_calc_delta_fair(1ULL << 62, 3), U64_MAX);
	KUNIT_EXPECT_EQ(test, cfs_calc_delta_fair(U64_MAX, 15), U64_MAX);
	/* share of a period */
	KUNIT_EXPECT_EQ(test, cfs_calc_delta(5 * MS, 1024, 1359), 3767476ULL);
	KUNIT_EXPECT_EQ(test, cfs_calc_delta(5 * MS, 335, 1359), 1232523ULL);
	KUNIT_EXPECT_EQ(test, cfs_calc_delta(7, 1024, 0), 7ULL);
}

static void cfs_test_factor(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, cfs_factor(CFS_SCALING_NONE, 4), 1U);
	KUNIT_EXPECT_EQ(test, cfs_factor(CFS_SCALING_LOG, 1), 1U);
	KUNIT_EXPECT_EQ(test, cfs_factor(CFS_SCALING_LOG, 2), 2U);
	KUNIT_EXPECT_EQ(test, cfs_factor(CFS_SCALING_LOG, 4), 3U);
	KUNIT_EXPECT_EQ(test, cfs_factor(CFS_SCALING_LOG, 6), 3U);
	KUNIT_EXPECT_EQ(test, cfs_factor(CFS_SCALING_LOG, 8), 4U);
	KUNIT_EXPECT_EQ(test, cfs_factor(CFS_SCALING_LOG, 64), 4U);
	KUNIT_EXPECT_EQ(test, cfs_factor(CFS_SCALING_LINEAR, 4), 4U);
	KUNIT_EXPECT_EQ(test, cfs_factor(CFS_SCALING_LINEAR, 64), 8U);
	KUNIT_EXPECT_EQ(test, cfs_nr_latency(), 5U);
	cfs_min_gran_ns = 2 * MS;	/* 5 / 2 rounds up */
	KUNIT_EXPECT_EQ(test, cfs_nr_latency(), 3U);
}

static void cfs_test_slice(struct kunit *test)
{
	struct task_struct *t[8];
	struct task_struct *nice5 = cfs_fake(test, 20, 335, 0);
	struct task_struct *new = cfs_fake(test, 21, 1024, 0);
	struct cfs_cpu cc;
	int i;

	cfs_fake_cpu(&cc, 0);
	for (i = 0; i < 8; i++)
		t[i] = cfs_fake(test, i + 1, 1024, i);
	for (i = 0; i < 4; i++)
		cfs_queue_add(&cc, t[i]);
	/* 4 tasks within nr_latency: the latency split 4 ways */
	KUNIT_EXPECT_EQ(test, cfs_slice(&cc, t[0]), 1250000ULL);
	/* a task not queued yet counts itself: 5 ways */
	KUNIT_EXPECT_EQ(test, cfs_slice(&cc, new), MS);
	for (i = 4; i < 8; i++)
		cfs_queue_add(&cc, t[i]);
	/* 8 > nr_latency: the period stretches to 8 * min_granularity */
	KUNIT_EXPECT_EQ(test, cfs_period(8), 8 * MS);
	KUNIT_EXPECT_EQ(test, cfs_slice(&cc, t[3]), MS);

	/* nice 0 beside nice 5: 1024:335 of 5 ms */
	cfs_fake_cpu(&cc, 0);
	cfs_task(t[0])->on_rq = false;
	RB_CLEAR_NODE(&t[0]->sp.tree_node);
	cfs_queue_add(&cc, t[0]);
	cfs_queue_add(&cc, nice5);
	KUNIT_EXPECT_EQ(test, cfs_slice(&cc, t[0]), 3767476ULL);
	KUNIT_EXPECT_EQ(test, cfs_slice(&cc, nice5), 1232523ULL);
	/* in virtual time both slices are about the same */
	KUNIT_EXPECT_EQ(test, cfs_vslice(&cc, nice5), 3767473ULL);

	/* scaled: 4 CPUs, log2 mode: latency 15 ms */
	cfs_scaling = CFS_SCALING_LOG;
	KUNIT_EXPECT_EQ(test, cfs_period(2),
			5 * MS * cfs_factor(CFS_SCALING_LOG,
					    num_online_cpus()));
}

static void cfs_test_place_new(struct kunit *test)
{
	struct cfs_cpu cc;
	struct task_struct *t[3];
	struct task_struct *child = cfs_fake(test, 10, 1024, 500);
	const u64 min = 10 * MS;
	int i;

	cfs_fake_cpu(&cc, min);
	for (i = 0; i < 3; i++) {
		t[i] = cfs_fake(test, i + 1, 1024, min + i);
		cfs_queue_add(&cc, t[i]);
	}
	/* START_DEBIT: one virtual slice of a 4-task period after min */
	KUNIT_EXPECT_EQ(test, cfs_place(&cc, child, true), CFS_PLACE_MOVED);
	KUNIT_EXPECT_EQ(test, cfs_task(child)->vruntime, min + 1250000);

	/* without it: at min_vruntime (never before the parent) */
	cfs_feat_start_debit = 0;
	cfs_task(child)->vruntime = 500;
	cfs_place(&cc, child, true);
	KUNIT_EXPECT_EQ(test, cfs_task(child)->vruntime, min);

	/* a parent far ahead: the child keeps the parent's vruntime */
	cfs_feat_start_debit = 1;
	cfs_task(child)->vruntime = min + 7 * MS;
	KUNIT_EXPECT_EQ(test, cfs_place(&cc, child, true), CFS_PLACE_KEPT);
	KUNIT_EXPECT_EQ(test, cfs_task(child)->vruntime, min + 7 * MS);

	/* a nice-5 child: its slice is smaller, its vslice the same-ish */
	cfs_task(child)->weight = 335;
	cfs_task(child)->vruntime = 0;
	cfs_place(&cc, child, true);
	KUNIT_EXPECT_EQ(test, cfs_task(child)->vruntime,
			min + cfs_calc_delta_fair(cfs_calc_delta(5 * MS, 335,
								 3072 + 335),
						  335));
}

static void cfs_test_place_woken(struct kunit *test)
{
	struct cfs_cpu cc;
	const u64 min = 100 * MS;
	struct task_struct *p = cfs_fake(test, 1, 1024, 1);

	cfs_fake_cpu(&cc, min);
	/* a long sleeper: credited half a latency (GENTLE_FAIR_SLEEPERS) */
	KUNIT_EXPECT_EQ(test, cfs_place(&cc, p, false), CFS_PLACE_MOVED);
	KUNIT_EXPECT_EQ(test, cfs_task(p)->vruntime, min - 2500000);
	/* without GENTLE: a whole latency */
	cfs_feat_gentle_sleepers = 0;
	cfs_task(p)->vruntime = 1;
	cfs_place(&cc, p, false);
	KUNIT_EXPECT_EQ(test, cfs_task(p)->vruntime, min - 5 * MS);
	/* a short sleeper keeps its own vruntime: no gain from sleeping */
	cfs_feat_gentle_sleepers = 1;
	cfs_task(p)->vruntime = min - MS;
	KUNIT_EXPECT_EQ(test, cfs_place(&cc, p, false), CFS_PLACE_KEPT);
	KUNIT_EXPECT_EQ(test, cfs_task(p)->vruntime, min - MS);
	/* one ahead of min stays ahead */
	cfs_task(p)->vruntime = min + MS;
	cfs_place(&cc, p, false);
	KUNIT_EXPECT_EQ(test, cfs_task(p)->vruntime, min + MS);
	/* the credit scales with the latency in force */
	cfs_latency_ns = 20 * MS;
	cfs_task(p)->vruntime = 0;
	cfs_place(&cc, p, false);
	KUNIT_EXPECT_EQ(test, cfs_task(p)->vruntime, min - 10 * MS);
}

static void cfs_test_wakeup_preempt(struct kunit *test)
{
	struct cfs_cpu cc;
	const u64 v = 50 * MS;
	struct task_struct *curr = cfs_fake(test, 1, 1024, v);
	struct task_struct *w = cfs_fake(test, 2, 1024, 0);

	cfs_fake_cpu(&cc, v);
	cfs_fake_run(&cc, curr);
	cfs_queue_add(&cc, w);

	/* behind by more than the granularity (1 ms): preempt */
	cfs_task(w)->vruntime = v - MS - 1;
	KUNIT_EXPECT_EQ(test, cfs_wakeup_preempt_entity(curr, w), 1);
	KUNIT_EXPECT_TRUE(test, cfs_queue_wakeup_preempt(&cc, curr, w));
	/* behind by exactly the granularity: no */
	cfs_task(w)->vruntime = v - MS;
	KUNIT_EXPECT_EQ(test, cfs_wakeup_preempt_entity(curr, w), 0);
	KUNIT_EXPECT_FALSE(test, cfs_queue_wakeup_preempt(&cc, curr, w));
	/* ahead or level: -1, no */
	cfs_task(w)->vruntime = v;
	KUNIT_EXPECT_EQ(test, cfs_wakeup_preempt_entity(curr, w), -1);
	KUNIT_EXPECT_FALSE(test, cfs_queue_wakeup_preempt(&cc, curr, w));

	/* the granularity is in the woken task's virtual time */
	cfs_task(w)->weight = 15;	/* nice 19: 68.27 ms of vruntime */
	cfs_task(w)->vruntime = v - 60 * MS;
	KUNIT_EXPECT_FALSE(test, cfs_queue_wakeup_preempt(&cc, curr, w));
	cfs_task(w)->vruntime = v - 69 * MS;
	KUNIT_EXPECT_TRUE(test, cfs_queue_wakeup_preempt(&cc, curr, w));
	cfs_task(w)->weight = 1024;

	/* SCHED_BATCH and SCHED_IDLE wakers never preempt */
	cfs_task(w)->vruntime = v - 10 * MS;
	w->policy = SCHED_BATCH;
	KUNIT_EXPECT_FALSE(test, cfs_queue_wakeup_preempt(&cc, curr, w));
	w->policy = SCHED_IDLE;
	KUNIT_EXPECT_FALSE(test, cfs_queue_wakeup_preempt(&cc, curr, w));
	/* a SCHED_IDLE curr is preempted by any normal waker */
	w->policy = SCHED_NORMAL;
	curr->policy = SCHED_IDLE;
	cfs_task(w)->vruntime = v + 10 * MS;
	KUNIT_EXPECT_TRUE(test, cfs_queue_wakeup_preempt(&cc, curr, w));
	curr->policy = SCHED_NORMAL;
	/* the feature off: never */
	cfs_feat_wakeup_preempt = 0;
	cfs_task(w)->vruntime = v - 10 * MS;
	KUNIT_EXPECT_FALSE(test, cfs_queue_wakeup_preempt(&cc, curr, w));
	/* below nr_latency no buddy was set */
	KUNIT_EXPECT_NULL(test, cc.last);
	KUNIT_EXPECT_NULL(test, cc.next);
}

/*
 * 2.6.32's wakeup statistics and their readers: update_avg() moves an
 * eighth of the way (an arithmetic shift: down, also below zero); a
 * waker's avg_wakeup is its run since it last woke a task or was woken,
 * avg_overlap its run from that wakeup to its sleep, or at most
 * 2 x migration_cost per preemption; ADAPTIVE_GRAN lets a woken task
 * that wakes others quickly preempt with less lead; SYNC_LESS drops the
 * sync hint for a task that runs on after its wakeups.
 */
static void cfs_test_wakeup_stats(struct kunit *test)
{
	const u64 v = 50 * MS;
	struct task_struct *hog = cfs_fake(test, 1, 1024, v);
	struct task_struct *w = cfs_fake(test, 2, 1024, v);
	struct cfs_task *wt = cfs_task(w);
	struct cfs_cpu cc;
	u64 avg = MS;

	cfs_update_avg(&avg, 0);
	KUNIT_EXPECT_EQ(test, avg, 875000ULL);
	avg = 10;
	cfs_update_avg(&avg, 0);
	KUNIT_EXPECT_EQ(test, avg, 8ULL);

	/* woken at 10 ms of runtime, wakes a task at 10.2, sleeps at 10.5 */
	wt->start_runtime = 10 * MS;
	w->se.sum_exec_runtime = 10 * MS + 200000;
	cfs_note_waker(w);
	KUNIT_EXPECT_EQ(test, wt->avg_wakeup, 900000ULL);
	KUNIT_EXPECT_EQ(test, wt->last_wakeup, 10 * MS + 200000);
	w->se.sum_exec_runtime = 10 * MS + 500000;
	cfs_note_sleep(w);
	KUNIT_EXPECT_EQ(test, wt->avg_overlap, 37500ULL);
	KUNIT_EXPECT_EQ(test, wt->last_wakeup, 0ULL);
	/* a sleep with no wakeup before it: avg_wakeup towards 1 ms */
	cfs_note_sleep(w);
	KUNIT_EXPECT_EQ(test, wt->avg_wakeup, 912500ULL);
	KUNIT_EXPECT_EQ(test, wt->avg_overlap, 37500ULL);
	/* preempted after 3 ms: counts as 1 ms of overlap */
	wt->slice_start = 10 * MS + 500000;
	w->se.sum_exec_runtime = 13 * MS + 500000;
	cfs_note_preempted(w);
	KUNIT_EXPECT_EQ(test, wt->avg_overlap, 157812ULL);

	/*
	 * ADAPTIVE_GRAN, w 0.5 ms behind the running hog, 2 queued:
	 * 2 x 0.9125 ms x 2 = 3.65 ms, capped at 1 ms: no.  At avg_wakeup
	 * 0.1 ms, 0.4 ms: yes, where the plain 1 ms would not; less the
	 * 0.3 ms the hog has run, 0.1 ms.
	 */
	cfs_fake_cpu(&cc, v);
	cfs_fake_run(&cc, hog);
	wt->vruntime = v - 500000;
	cfs_queue_add(&cc, w);
	KUNIT_EXPECT_EQ(test, cfs_adaptive_gran(&cc, hog, w, cfs_wakeup_gran()), MS);
	KUNIT_EXPECT_EQ(test, cfs_queue_wakeup_preempt(&cc, hog, w),
			CFS_NO_PREEMPT);
	wt->avg_wakeup = 100000;
	KUNIT_EXPECT_EQ(test, cfs_adaptive_gran(&cc, hog, w, cfs_wakeup_gran()), 400000ULL);
	KUNIT_EXPECT_EQ(test, cfs_queue_wakeup_preempt(&cc, hog, w),
			CFS_PREEMPT_ADAPTIVE);
	hog->se.sum_exec_runtime += 300000;
	KUNIT_EXPECT_EQ(test, cfs_adaptive_gran(&cc, hog, w, cfs_wakeup_gran()), 100000ULL);
	/* behind by more than 1 ms: a plain preemption */
	wt->vruntime = v - MS - 1;
	KUNIT_EXPECT_EQ(test, cfs_queue_wakeup_preempt(&cc, hog, w),
			CFS_PREEMPT);
	/* the feature off: the plain granularity */
	cfs_feat_adaptive_gran = 0;
	wt->vruntime = v - 500000;
	KUNIT_EXPECT_EQ(test, cfs_queue_wakeup_preempt(&cc, hog, w),
			CFS_NO_PREEMPT);

	/* SYNC_LESS, on the woken task's side (the waker is not ours) */
	KUNIT_EXPECT_TRUE(test, cfs_sync_believed(w, false));
	wt->avg_overlap = 500001;
	KUNIT_EXPECT_FALSE(test, cfs_sync_believed(w, false));
	cfs_feat_sync_less = 0;
	KUNIT_EXPECT_TRUE(test, cfs_sync_believed(w, false));
}

static void cfs_test_buddies(struct kunit *test)
{
	struct task_struct *t[5];
	struct task_struct *curr, *w;
	struct cfs_cpu cc;
	enum cfs_pick_via via;
	const u64 v = 50 * MS;
	int i;

	cfs_feat_next_buddy = 1;
	cfs_fake_cpu(&cc, v);
	curr = cfs_fake(test, 10, 1024, v + 3 * MS);
	cfs_fake_run(&cc, curr);
	for (i = 0; i < 5; i++) {
		t[i] = cfs_fake(test, i + 1, 1024, v + i * 100);
		cfs_queue_add(&cc, t[i]);
	}
	/* 6 tasks >= nr_latency: a preempting wakeup sets both buddies */
	w = t[4];
	KUNIT_EXPECT_TRUE(test, cfs_queue_wakeup_preempt(&cc, curr, w));
	KUNIT_EXPECT_PTR_EQ(test, cc.next, w);
	KUNIT_EXPECT_PTR_EQ(test, cc.last, curr);
	/*
	 * The pick: curr (LAST) is 3 ms ahead of the leftmost, more than the
	 * granularity, so NEXT (400 ns ahead) wins.
	 */
	KUNIT_EXPECT_PTR_EQ(test, cfs_queue_pick(&cc, curr, &via), w);
	KUNIT_EXPECT_EQ(test, via, CFS_PICK_NEXT);
	KUNIT_EXPECT_NULL(test, cc.next);
	/* LAST within the granularity of the leftmost wins over it */
	cfs_task(curr)->vruntime = v + 500;
	cc.last = curr;
	KUNIT_EXPECT_PTR_EQ(test, cfs_queue_pick(&cc, curr, &via), curr);
	KUNIT_EXPECT_EQ(test, via, CFS_PICK_LAST);
	KUNIT_EXPECT_NULL(test, cc.last);
	/* a dequeued buddy is forgotten */
	cc.next = t[2];
	cfs_queue_del(&cc, t[2]);
	KUNIT_EXPECT_NULL(test, cc.next);
	/* a forked task is no NEXT buddy (WF_FORK) */
	cfs_task(t[3])->forked = true;
	cfs_queue_wakeup_preempt(&cc, curr, t[3]);
	KUNIT_EXPECT_NULL(test, cc.next);
}

static void cfs_test_tick(struct kunit *test)
{
	struct cfs_cpu cc;
	const u64 v = 50 * MS;
	struct task_struct *curr = cfs_fake(test, 1, 1024, v);
	struct task_struct *w = cfs_fake(test, 2, 1024, v);

	cfs_fake_cpu(&cc, v);
	cfs_fake_run(&cc, curr);
	/* alone: runs on whatever it used */
	curr->se.sum_exec_runtime = 100 * MS;
	KUNIT_EXPECT_EQ(test, cfs_queue_tick(&cc, curr), CFS_TICK_RUN);
	cfs_queue_add(&cc, w);
	cfs_queue_set_next(&cc, curr);	/* new slice: 2.5 ms of 2 tasks */
	curr->se.sum_exec_runtime += 2500000;
	KUNIT_EXPECT_EQ(test, cfs_queue_tick(&cc, curr), CFS_TICK_RUN);
	curr->se.sum_exec_runtime += 1;
	KUNIT_EXPECT_EQ(test, cfs_queue_tick(&cc, curr), CFS_TICK_SLICE);
	/* within the slice but a slice of vruntime ahead of the leftmost */
	cfs_queue_set_next(&cc, curr);
	curr->se.sum_exec_runtime += MS;
	cfs_task(curr)->vruntime = v + 2500001;
	KUNIT_EXPECT_EQ(test, cfs_queue_tick(&cc, curr), CFS_TICK_SPREAD);
	/* ... but not before the minimum granularity */
	cfs_queue_set_next(&cc, curr);
	curr->se.sum_exec_runtime += MS - 1;
	KUNIT_EXPECT_EQ(test, cfs_queue_tick(&cc, curr), CFS_TICK_RUN);
	/*
	 * behind the leftmost after the minimum granularity: 2.6.32's
	 * unsigned comparison reschedules it; not before that, nor when
	 * it is ahead by less than a slice
	 */
	cfs_queue_set_next(&cc, curr);
	cfs_task(curr)->vruntime = v - 1;
	curr->se.sum_exec_runtime += MS - 1;
	KUNIT_EXPECT_EQ(test, cfs_queue_tick(&cc, curr), CFS_TICK_RUN);
	curr->se.sum_exec_runtime += 1;
	KUNIT_EXPECT_EQ(test, cfs_queue_tick(&cc, curr), CFS_TICK_BEHIND);
	cfs_task(curr)->vruntime = v + 2500000;
	KUNIT_EXPECT_EQ(test, cfs_queue_tick(&cc, curr), CFS_TICK_RUN);
}

static void cfs_test_hrtick(struct kunit *test)
{
	struct cfs_cpu cc;
	struct task_struct *curr = cfs_fake(test, 1, 1024, 0);
	struct task_struct *w = cfs_fake(test, 2, 1024, 0);
	bool over;

	cfs_fake_cpu(&cc, 0);
	cfs_fake_run(&cc, curr);
	cfs_queue_add(&cc, w);
	curr->se.sum_exec_runtime = MS;
	/* off by default */
	KUNIT_EXPECT_EQ(test, cfs_hrtick_delay(&cc, curr, &over), 0ULL);
	KUNIT_EXPECT_FALSE(test, over);
	cfs_feat_hrtick = 1;
	/* 2.5 ms slice, 1 ms used: fire in 1.5 ms */
	KUNIT_EXPECT_EQ(test, cfs_hrtick_delay(&cc, curr, &over), 1500000ULL);
	/* nearly over: at least 10 us */
	curr->se.sum_exec_runtime = 2500000 - 5;
	KUNIT_EXPECT_EQ(test, cfs_hrtick_delay(&cc, curr, &over), 10000ULL);
	curr->se.sum_exec_runtime = 2500000;
	KUNIT_EXPECT_EQ(test, cfs_hrtick_delay(&cc, curr, &over), 0ULL);
	KUNIT_EXPECT_TRUE(test, over);
	/* alone: no timer */
	cfs_queue_del(&cc, w);
	KUNIT_EXPECT_EQ(test, cfs_hrtick_delay(&cc, curr, &over), 0ULL);
	KUNIT_EXPECT_FALSE(test, over);
}

/* curr (100) runs; b (200), c (300) wait; returns what would run next */
static struct task_struct *cfs_yield_setup(struct kunit *test,
					   struct cfs_cpu *cc,
					   struct task_struct **b,
					   struct task_struct **c)
{
	struct task_struct *curr = cfs_fake(test, 1, 1024, 100);

	cfs_fake_cpu(cc, 100);
	cfs_fake_run(cc, curr);
	*b = cfs_fake(test, 2, 1024, 200);
	*c = cfs_fake(test, 3, 1024, 300);
	cfs_queue_add(cc, *b);
	cfs_queue_add(cc, *c);
	return curr;
}

static void cfs_test_yield_modes(struct kunit *test)
{
	struct task_struct *curr, *b, *c;
	struct cfs_cpu cc;

	/* 0: requeue by key; curr still has the smallest key: runs again */
	curr = cfs_yield_setup(test, &cc, &b, &c);
	KUNIT_EXPECT_EQ(test, cfs_queue_yield(&cc, curr), CFS_YIELD_REQUEUE);
	KUNIT_EXPECT_EQ(test, cfs_task(curr)->vruntime, 100ULL);
	KUNIT_EXPECT_PTR_EQ(test, cfs_pick(&cc, curr), curr);

	/* 1: right behind the next task: b runs, then curr, then c */
	cfs_yield_mode = CFS_YIELD_BEHIND_NEXT;
	cfs_yield_gran_ns = 50;
	curr = cfs_yield_setup(test, &cc, &b, &c);
	KUNIT_EXPECT_EQ(test, cfs_queue_yield(&cc, curr),
			CFS_YIELD_BEHIND_NEXT);
	KUNIT_EXPECT_EQ(test, cfs_task(curr)->vruntime, 250ULL);
	KUNIT_EXPECT_PTR_EQ(test, cfs_pick(&cc, curr), b);
	cfs_queue_put_prev(&cc, curr, true);
	cfs_queue_set_next(&cc, b);
	cfs_task(b)->vruntime = 400;		/* b ran */
	cfs_queue_put_prev(&cc, b, true);
	KUNIT_EXPECT_PTR_EQ(test, cfs_pick(&cc, NULL), curr);
	/* a granularity beyond c's key puts curr behind c too */
	cfs_yield_gran_ns = 8 * MS;
	curr = cfs_yield_setup(test, &cc, &b, &c);
	cfs_queue_yield(&cc, curr);
	KUNIT_EXPECT_EQ(test, cfs_task(curr)->vruntime, 200 + 8 * MS);
	cfs_queue_put_prev(&cc, curr, true);
	KUNIT_EXPECT_PTR_EQ(test, cfs_rightmost(&cc), curr);

	/* 2: plain resched: the key is unchanged, curr runs again */
	cfs_yield_mode = CFS_YIELD_RESCHED;
	curr = cfs_yield_setup(test, &cc, &b, &c);
	KUNIT_EXPECT_EQ(test, cfs_queue_yield(&cc, curr), CFS_YIELD_RESCHED);
	KUNIT_EXPECT_EQ(test, cfs_task(curr)->vruntime, 100ULL);
	KUNIT_EXPECT_PTR_EQ(test, cfs_pick(&cc, curr), curr);

	/* 3: compat: behind the rightmost, everyone else runs first */
	cfs_yield_mode = CFS_YIELD_COMPAT;
	curr = cfs_yield_setup(test, &cc, &b, &c);
	KUNIT_EXPECT_EQ(test, cfs_queue_yield(&cc, curr), CFS_YIELD_COMPAT);
	KUNIT_EXPECT_EQ(test, cfs_task(curr)->vruntime, 301ULL);
	KUNIT_EXPECT_PTR_EQ(test, cfs_pick(&cc, curr), b);
	/* already the rightmost: unchanged */
	KUNIT_EXPECT_EQ(test, cfs_queue_yield(&cc, curr), CFS_YIELD_COMPAT);
	KUNIT_EXPECT_EQ(test, cfs_task(curr)->vruntime, 301ULL);

	/* SCHED_BATCH always yields the compat way */
	cfs_yield_mode = CFS_YIELD_REQUEUE;
	curr = cfs_yield_setup(test, &cc, &b, &c);
	curr->policy = SCHED_BATCH;
	KUNIT_EXPECT_EQ(test, cfs_queue_yield(&cc, curr), CFS_YIELD_COMPAT);
	KUNIT_EXPECT_EQ(test, cfs_task(curr)->vruntime, 301ULL);

	/* alone: nothing to yield to */
	cfs_fake_cpu(&cc, 0);
	curr = cfs_fake(test, 9, 1024, 0);
	cfs_fake_run(&cc, curr);
	KUNIT_EXPECT_EQ(test, cfs_queue_yield(&cc, curr), -1);
}

static void cfs_test_renormalise(struct kunit *test)
{
	struct task_struct *p = cfs_fake(test, 1, 1024, 5000);

	/* 300 ahead of the source's min: 300 ahead of the destination's */
	cfs_renormalise(cfs_task(p), 4700, 100, 3);
	KUNIT_EXPECT_EQ(test, cfs_task(p)->vruntime, 400ULL);
	KUNIT_EXPECT_EQ(test, cfs_task(p)->cpu, 3);
	/* behind, and across the wrap */
	cfs_task(p)->vruntime = 10;
	cfs_renormalise(cfs_task(p), 20, U64_MAX - 4, 1);
	KUNIT_EXPECT_EQ(test, cfs_task(p)->vruntime, U64_MAX - 14);
}

/*
 * move_one_task()'s candidate: the first task in cfs_rq->tasks order
 * (the last queued first) that may move, not the largest vruntime
 */
static void cfs_test_candidate(struct kunit *test)
{
	struct cfs_cpu cc;
	struct task_struct *a = cfs_fake(test, 1, 1024, 10);
	struct task_struct *b = cfs_fake(test, 2, 1024, 20);
	int dst = cpumask_first(cpu_active_mask);

	cfs_fake_cpu(&cc, 0);
	cfs_queue_add(&cc, b);
	cfs_queue_add(&cc, a);
	KUNIT_EXPECT_PTR_EQ(test, cfs_queue_candidate(&cc, dst), a);
	cpumask_clear(&a->cpus_mask);
	KUNIT_EXPECT_PTR_EQ(test, cfs_queue_candidate(&cc, dst), b);
	cpumask_clear(&b->cpus_mask);
	KUNIT_EXPECT_NULL(test, cfs_queue_candidate(&cc, dst));
}

/*
 * balance_tasks()'s walk: newest first; a task of more than twice the
 * load left is skipped (before can_migrate_task(), so all of them
 * skipped so counts as all pinned); a task that ran within
 * sched_migration_cost, or a buddy while this CPU is busy, is hot and
 * stays unless balancing has failed too often; at most 33 looked at.
 */
static void cfs_test_move_walk(struct kunit *test)
{
	struct cfs_cpu cc;
	struct task_struct *light = cfs_fake(test, 1, 335, 10);	/* nice 5 */
	struct task_struct *mid = cfs_fake(test, 2, 1024, 20);
	struct task_struct *heavy = cfs_fake(test, 3, 3121, 30); /* nice -5 */
	struct task_struct *many[34], *p;
	struct cfs_lb_walk w;
	int dst = cpumask_first(cpu_active_mask), i;

	cfs_fake_cpu(&cc, 0);
	cfs_queue_add(&cc, light);
	cfs_queue_add(&cc, mid);
	cfs_queue_add(&cc, heavy);

	/* 1,000 to move: heavy (1,560 > 1,000) skipped, mid, then light */
	cfs_lb_walk_init(&w, &cc, dst, false, 1000, false);
	w.cost = 0;
	p = cfs_lb_next(&w);
	KUNIT_EXPECT_PTR_EQ(test, p, mid);
	w.rem_load -= 1024;
	/* -24 left: light's half (167) is more than that */
	KUNIT_EXPECT_NULL(test, cfs_lb_next(&w));
	KUNIT_EXPECT_FALSE(test, w.pinned);
	/* 200 left instead: mid's half (512) is too much, light's is not */
	cfs_lb_walk_init(&w, &cc, dst, false, 200, false);
	w.cost = 0;
	KUNIT_EXPECT_PTR_EQ(test, cfs_lb_next(&w), light);
	/* 100 left: every task too heavy, none asked: all pinned */
	cfs_lb_walk_init(&w, &cc, dst, false, 100, false);
	KUNIT_EXPECT_NULL(test, cfs_lb_next(&w));
	KUNIT_EXPECT_TRUE(test, w.pinned);

	/* hot: ran "now" (exec_start ahead of the clock: cold 0 ns) */
	mid->se.exec_start = U64_MAX;
	cfs_lb_walk_init(&w, &cc, dst, false, 1500, false);
	KUNIT_EXPECT_PTR_EQ(test, cfs_lb_next(&w), light);
	KUNIT_EXPECT_FALSE(test, w.pinned);
	cfs_lb_walk_init(&w, &cc, dst, false, 1500, true);
	KUNIT_EXPECT_PTR_EQ(test, cfs_lb_next(&w), mid);
	/* sched_migration_cost 0: nothing is hot by time */
	cfs_lb_walk_init(&w, &cc, dst, false, 1500, false);
	w.cost = 0;
	KUNIT_EXPECT_PTR_EQ(test, cfs_lb_next(&w), mid);
	/* a buddy is hot while the pulling CPU has tasks of its own */
	cc.last = mid;
	cfs_lb_walk_init(&w, &cc, dst, true, 1500, false);
	w.cost = 0;
	KUNIT_EXPECT_PTR_EQ(test, cfs_lb_next(&w), light);
	cfs_lb_walk_init(&w, &cc, dst, false, 1500, false);
	w.cost = 0;
	KUNIT_EXPECT_PTR_EQ(test, cfs_lb_next(&w), mid);
	cc.last = NULL;

	/* not allowed here, or too heavy: none asked, all pinned */
	cpumask_clear(&mid->cpus_mask);
	cpumask_clear(&light->cpus_mask);
	cfs_lb_walk_init(&w, &cc, dst, false, 1500, true);
	KUNIT_EXPECT_NULL(test, cfs_lb_next(&w));
	KUNIT_EXPECT_TRUE(test, w.pinned);

	/* sysctl_sched_nr_migrate: the 34th task is not looked at */
	cfs_fake_cpu(&cc, 0);
	for (i = 0; i < 34; i++) {
		many[i] = cfs_fake(test, 10 + i, 1024, i);
		cfs_queue_add(&cc, many[i]);
	}
	/* the newest first: 33 down to 1 are looked at, and refused */
	for (i = 1; i < 34; i++)
		cpumask_clear(&many[i]->cpus_mask);
	cfs_lb_walk_init(&w, &cc, dst, false, 2000, true);
	KUNIT_EXPECT_NULL(test, cfs_lb_next(&w));
	cpumask_copy(&many[1]->cpus_mask, cpu_possible_mask);
	cfs_lb_walk_init(&w, &cc, dst, false, 2000, true);
	KUNIT_EXPECT_PTR_EQ(test, cfs_lb_next(&w), many[1]);
}

/* wake_affine() at wake_idx 0 on nice-0 weights (1,024) */
static void cfs_test_wake_affine(struct kunit *test)
{
	struct sched_policy_lb_wake w = {
		.this_load = 0, .prev_load = 1024, .prev_target = 1024,
		.this_per_task = 0, .task_load = 1024,
	};

	/* an idle waking CPU: always (!this_load) */
	KUNIT_EXPECT_TRUE(test, sched_policy_lb_affine(&cfs_lb, &w));
	w.prev_load = w.prev_target = 0;
	KUNIT_EXPECT_TRUE(test, sched_policy_lb_affine(&cfs_lb, &w));
	/* the waker alone here, the previous CPU idle: stay there */
	w.this_load = 1024;
	w.this_per_task = 1024;
	KUNIT_EXPECT_FALSE(test, sched_policy_lb_affine(&cfs_lb, &w));
	/* sync: the waker's weight comes off, leaving 0: come here */
	w.waker_load = 1024;
	KUNIT_EXPECT_TRUE(test, sched_policy_lb_affine(&cfs_lb, &w));
	/*
	 * the imbalance rule, 100 x (this + 1,024) <= 112 x prev: one task
	 * here, two there: 204,800 <= 229,376, come here; one there:
	 * 204,800 > 114,688, only the per-task rule can say yes
	 */
	w.waker_load = 0;
	w.prev_load = w.prev_target = 2048;
	KUNIT_EXPECT_TRUE(test, sched_policy_lb_affine(&cfs_lb, &w));
	w.prev_load = w.prev_target = 1024;
	w.this_per_task = 2048;
	/* this <= prev and this + prev <= this_per_task: 2,048 <= 2,048 */
	KUNIT_EXPECT_TRUE(test, sched_policy_lb_affine(&cfs_lb, &w));
	w.this_per_task = 2047;
	KUNIT_EXPECT_FALSE(test, sched_policy_lb_affine(&cfs_lb, &w));
}

/* The consistency check: a sound queue, then one corruption at a time. */
static void cfs_test_check(struct kunit *test)
{
	struct task_struct *a = cfs_fake(test, 1, 1024, 100);
	struct task_struct *b = cfs_fake(test, 2, 335, 200);
	struct task_struct *c = cfs_fake(test, 3, 1024, 300);
	struct task_struct *gone = cfs_fake(test, 4, 1024, 400);
	struct cfs_cpu cc;
	unsigned int nr;

	cfs_fake_cpu(&cc, 100);
	cc.checked_min_vruntime = 100;
	/* fake tasks are on CPU 0 */
	a->sp.flags = SP_TASK_QUEUED;
	b->sp.flags = SP_TASK_QUEUED;
	c->sp.flags = SP_TASK_QUEUED;
	cfs_queue_add(&cc, a);
	cfs_queue_add(&cc, b);
	cfs_queue_add(&cc, c);
	KUNIT_EXPECT_EQ(test, cfs_queue_check(NULL, &cc, NULL, 0, &nr), 0U);
	KUNIT_EXPECT_EQ(test, nr, 3U);

	/* a key changed in place: the in-order walk goes backwards */
	cfs_task(b)->vruntime = 400;
	KUNIT_EXPECT_EQ(test, cfs_queue_check(NULL, &cc, NULL, 0, &nr), 1U);
	cfs_task(b)->vruntime = 200;
	/* a stale leftmost cache */
	cc.tree.rb_leftmost = &b->sp.tree_node;
	KUNIT_EXPECT_EQ(test, cfs_queue_check(NULL, &cc, NULL, 0, &nr), 1U);
	cc.tree.rb_leftmost = &a->sp.tree_node;
	/* nr_running and load against the tree */
	cc.nr_running++;
	cc.lb.load--;
	KUNIT_EXPECT_EQ(test, cfs_queue_check(NULL, &cc, NULL, 0, &nr), 2U);
	cc.nr_running--;
	cc.lb.load++;

	/* a running curr is counted; it must be the task running here */
	cfs_queue_set_next(&cc, a);
	KUNIT_EXPECT_EQ(test, cfs_queue_check(NULL, &cc, a, 0, &nr), 0U);
	KUNIT_EXPECT_EQ(test, nr, 3U);
	KUNIT_EXPECT_EQ(test, cfs_queue_check(NULL, &cc, NULL, 0, &nr), 1U);
	/* buddies must be queued here */
	cc.last = gone;
	KUNIT_EXPECT_EQ(test, cfs_queue_check(NULL, &cc, a, 0, &nr), 1U);
	cc.last = NULL;
	/* min_vruntime never goes back */
	cc.min_vruntime = 50;
	KUNIT_EXPECT_EQ(test, cfs_queue_check(NULL, &cc, a, 0, &nr), 1U);
	cc.min_vruntime = 150;
	KUNIT_EXPECT_EQ(test, cfs_queue_check(NULL, &cc, a, 0, &nr), 0U);
}

/*
 * Hook sequences on the core's KUnit run queue (sched_policy_kunit_*()):
 * the registered hooks called in the core's order, 1000 ticks a second.
 * Tasks are queued with no flag first, so that they keep the vruntime
 * the test gives them (relative to the run queue's min_vruntime).
 */

static struct task_struct *cfs_seq_task(struct kunit *test,
					struct sched_policy_rq *rq, pid_t pid,
					u64 vruntime)
{
	struct task_struct *p = cfs_fake(test, pid, 1024, vruntime);

	p->static_prio = NICE_TO_PRIO(0);
	sched_policy_kunit_attach(rq, p);
	return p;
}

/* The tree holds what the core has queued, and is consistent. */
static void cfs_seq_check(struct kunit *test, struct sched_policy_rq *rq)
{
	struct cfs_cpu *cc = cfs_cpu(rq);
	unsigned int nr = 0;

	KUNIT_EXPECT_EQ(test, cfs_queue_check(NULL, cc, sched_policy_rq_curr(rq),
					      0, &nr), 0U);
	KUNIT_EXPECT_EQ(test, nr, sched_policy_rq_nr_queued(rq));
}

/*
 * check_preempt_tick() of 2.6.32 compared the running task's lead over
 * the leftmost, an s64, with the unsigned ideal slice: a task behind the
 * leftmost is rescheduled as soon as it has run min_granularity (1 ms),
 * and the pick takes it again with a fresh slice.  A signed comparison
 * would let it run its 2.5 ms slice.
 */
static void cfs_test_seq_tick_behind(struct kunit *test)
{
	struct sched_policy_rq *rq = sched_policy_kunit_rq(test, &cfs_policy);
	u64 base = cfs_cpu(rq)->min_vruntime;
	struct task_struct *a = cfs_seq_task(test, rq, 1, base);
	struct task_struct *b = cfs_seq_task(test, rq, 2, base + 10 * MS);

	sched_policy_kunit_enqueue(rq, a, 0);
	sched_policy_kunit_enqueue(rq, b, 0);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), a);
	sched_policy_kunit_run(rq, MS / 2);
	KUNIT_EXPECT_FALSE(test, sched_policy_kunit_tick(rq));
	sched_policy_kunit_run(rq, MS / 2);
	KUNIT_EXPECT_TRUE(test, sched_policy_kunit_tick(rq));
	KUNIT_EXPECT_EQ(test, sched_policy_kunit_stat(rq, CFS_STAT_BEHIND_PREEMPT),
			1ULL);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), a);
	KUNIT_EXPECT_EQ(test, cfs_task(a)->slice_start,
			sched_policy_task_runtime(a));
	cfs_seq_check(test, rq);
}

/*
 * A task that slept long wakes beside a hog: placed half a latency
 * (GENTLE_FAIR_SLEEPERS) before min_vruntime, it leads the hog by more
 * than the wakeup granularity and preempts it; one that slept briefly
 * keeps its own vruntime, leads by 0.5 ms and waits.  The same with the
 * sync hint: 2.6.32 ran with WAKEUP_SYNC off, so it decides nothing
 * (BFS 0.363 never preempted on a sync wakeup).
 */
static void cfs_seq_wakeup(struct kunit *test, unsigned int wake_flags)
{
	struct sched_policy_rq *rq = sched_policy_kunit_rq(test, &cfs_policy);
	u64 base = cfs_cpu(rq)->min_vruntime;
	struct task_struct *hog = cfs_seq_task(test, rq, 1, base);
	struct task_struct *old = cfs_seq_task(test, rq, 2, base);
	struct task_struct *brief = cfs_seq_task(test, rq, 3, base);
	u64 min;

	cfs_feat_adaptive_gran = 0;	/* the plain granularity, 1 ms */
	sched_policy_kunit_enqueue(rq, hog, 0);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), hog);
	sched_policy_kunit_run(rq, 10 * MS);
	min = cfs_cpu(rq)->min_vruntime;
	KUNIT_EXPECT_EQ(test, min, base + 10 * MS);
	cfs_task(brief)->vruntime = min - MS / 2;
	KUNIT_EXPECT_FALSE(test, sched_policy_kunit_wakeup(rq, brief, 0,
							   wake_flags));
	KUNIT_EXPECT_EQ(test, cfs_task(brief)->vruntime, min - MS / 2);
	KUNIT_EXPECT_TRUE(test, sched_policy_kunit_wakeup(rq, old, 0,
							  wake_flags));
	KUNIT_EXPECT_EQ(test, cfs_task(old)->vruntime, min - 5 * MS / 2);
	KUNIT_EXPECT_EQ(test, sched_policy_kunit_stat(rq, CFS_STAT_SLEEPER), 1ULL);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), old);
	cfs_seq_check(test, rq);
}

static void cfs_test_seq_wakeup(struct kunit *test)
{
	cfs_seq_wakeup(test, 0);
	cfs_seq_wakeup(test, SP_WAKE_SYNC);
}

/*
 * sched_yield() in 2.6.32 (sched_compat_yield 0) only reschedules: the
 * yielder, still leftmost, runs on.  With the 2.6.24 compat yield it
 * goes behind the rightmost task and the other one runs.
 */
static void cfs_test_seq_yield(struct kunit *test)
{
	struct sched_policy_rq *rq = sched_policy_kunit_rq(test, &cfs_policy);
	u64 base = cfs_cpu(rq)->min_vruntime;
	struct task_struct *a = cfs_seq_task(test, rq, 1, base);
	struct task_struct *b = cfs_seq_task(test, rq, 2, base + 3 * MS);

	sched_policy_kunit_enqueue(rq, a, 0);
	sched_policy_kunit_enqueue(rq, b, 0);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), a);
	sched_policy_kunit_run(rq, MS / 2);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_yield(rq), a);
	cfs_yield_mode = CFS_YIELD_COMPAT;
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_yield(rq), b);
	KUNIT_EXPECT_GT(test, cfs_task(a)->vruntime, cfs_task(b)->vruntime);
	KUNIT_EXPECT_EQ(test, sched_policy_kunit_stat(rq, CFS_STAT_YIELD0), 1ULL);
	KUNIT_EXPECT_EQ(test, sched_policy_kunit_stat(rq, CFS_STAT_YIELD3), 1ULL);
	cfs_seq_check(test, rq);
}

/*
 * sched_fork() and task_new_fair() of 2.6.32 as the core calls them: the
 * child starts from its running parent's vruntime and is placed a
 * virtual slice after min_vruntime (START_DEBIT), behind its parent: it
 * waits.  With sched_child_runs_first it takes the parent's smaller
 * vruntime instead, reschedules the parent and runs.
 */
static void cfs_test_seq_fork(struct kunit *test)
{
	int first;

	for (first = 0; first <= 1; first++) {
		struct sched_policy_rq *rq = sched_policy_kunit_rq(test,
								   &cfs_policy);
		u64 base = cfs_cpu(rq)->min_vruntime, parent_vr;
		struct task_struct *parent = cfs_seq_task(test, rq, 1, base);
		struct task_struct *child = cfs_fake(test, 2, 1024, 0);

		child->static_prio = NICE_TO_PRIO(0);
		cfs_child_runs_first = first;
		sched_policy_kunit_enqueue(rq, parent, 0);
		KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq),
				    parent);
		sched_policy_kunit_run(rq, 3 * MS);
		parent_vr = cfs_task(parent)->vruntime;
		sched_policy_kunit_fork(rq, child);
		KUNIT_EXPECT_EQ(test, cfs_task(child)->vruntime, parent_vr);
		KUNIT_EXPECT_EQ_MSG(test, sched_policy_kunit_wake_new(rq, child),
				    (bool)first, "child_runs_first=%d", first);
		if (first)
			KUNIT_EXPECT_LT(test, cfs_task(child)->vruntime,
					cfs_task(parent)->vruntime);
		else
			KUNIT_EXPECT_GT(test, cfs_task(child)->vruntime,
					cfs_task(parent)->vruntime);
		KUNIT_EXPECT_PTR_EQ_MSG(test, sched_policy_kunit_schedule(rq),
					first ? child : parent,
					"child_runs_first=%d", first);
		cfs_seq_check(test, rq);
	}
}

/*
 * set_user_nice() of 2.6.32 rescheduled the CPU when a waiting task's
 * nice fell, whether or not it then led the running task, and when the
 * running task's nice moved either way; a waiting task reniced up did
 * not, even one far enough ahead to preempt on a wakeup.  The pick then
 * took the leftmost (the task made better, then the running one).
 * prio_changed_fair()'s rule would have preempted for the task made
 * worse, and not rescheduled for the running task made better.
 */
static void cfs_test_seq_renice(struct kunit *test)
{
	struct sched_policy_rq *rq = sched_policy_kunit_rq(test, &cfs_policy);
	u64 base = cfs_cpu(rq)->min_vruntime;
	struct task_struct *a = cfs_seq_task(test, rq, 1, base);
	struct task_struct *b = cfs_seq_task(test, rq, 2, base + 5 * MS);

	sched_policy_kunit_enqueue(rq, a, 0);
	sched_policy_kunit_enqueue(rq, b, 0);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), a);
	sched_policy_kunit_run(rq, 10 * MS);
	/* b leads a by 5 ms, more than nice 5's granularity, 3.06 ms */
	sched_policy_kunit_set_nice(rq, b, 5);
	KUNIT_EXPECT_FALSE(test, sched_policy_kunit_resched(rq));
	sched_policy_kunit_set_nice(rq, b, -5);
	KUNIT_EXPECT_TRUE(test, sched_policy_kunit_resched(rq));
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), b);
	sched_policy_kunit_set_nice(rq, b, -10);
	KUNIT_EXPECT_TRUE(test, sched_policy_kunit_resched(rq));
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), b);
	sched_policy_kunit_set_nice(rq, b, 5);
	KUNIT_EXPECT_TRUE(test, sched_policy_kunit_resched(rq));
	cfs_seq_check(test, rq);
}

static struct kunit_case cfs_test_cases[] = {
	KUNIT_CASE(cfs_test_tree_order),
	KUNIT_CASE(cfs_test_tree_wraps),
	KUNIT_CASE(cfs_test_pick_curr),
	KUNIT_CASE(cfs_test_min_vruntime),
	KUNIT_CASE(cfs_test_min_vruntime_dequeued_curr),
	KUNIT_CASE(cfs_test_calc_delta),
	KUNIT_CASE(cfs_test_factor),
	KUNIT_CASE(cfs_test_slice),
	KUNIT_CASE(cfs_test_place_new),
	KUNIT_CASE(cfs_test_place_woken),
	KUNIT_CASE(cfs_test_wakeup_preempt),
	KUNIT_CASE(cfs_test_buddies),
	KUNIT_CASE(cfs_test_tick),
	KUNIT_CASE(cfs_test_hrtick),
	KUNIT_CASE(cfs_test_yield_modes),
	KUNIT_CASE(cfs_test_renormalise),
	KUNIT_CASE(cfs_test_candidate),
	KUNIT_CASE(cfs_test_move_walk),
	KUNIT_CASE(cfs_test_wake_affine),
	KUNIT_CASE(cfs_test_wakeup_stats),
	KUNIT_CASE(cfs_test_check),
	KUNIT_CASE(cfs_test_seq_tick_behind),
	KUNIT_CASE(cfs_test_seq_wakeup),
	KUNIT_CASE(cfs_test_seq_yield),
	KUNIT_CASE(cfs_test_seq_fork),
	KUNIT_CASE(cfs_test_seq_renice),
	{}
};

static struct kunit_suite cfs_test_suite = {
	.name = "sched_policy_cfs",
	.init = cfs_test_init,
	.exit = cfs_test_exit,
	.test_cases = cfs_test_cases,
};
kunit_test_suite(cfs_test_suite);
