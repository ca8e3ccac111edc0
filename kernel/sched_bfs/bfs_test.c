// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for bfs: rr_interval's scaling with the CPU count, the
 * prio_ratio table and deadline arithmetic, earliest-deadline selection
 * with affinity masks, SCHED_IDLE last and the cache-locality offsets,
 * the order after a slice expiry (and none after a yield), the fork
 * split, the wakeup rules (sync wakeups, child first), renice, SCHED_ISO's
 * accounting and its place before normal tasks, and the
 * consistency check finding each kind of corruption.  Included from bfs.c;
 * fake tasks on private lists, except in the hook sequences at the end,
 * which queue them on the global queue while no policy runs (the core's
 * KUnit run queue skips otherwise) and empty it after each case.  Every
 * case runs with rr_interval_ms = 6 (bfs_test_init).
 */
#include <kunit/test.h>

static u64 bfs_test_saved_rr, bfs_test_saved_locality;

/* Every case runs with rr_interval_ms = 6 and cache_locality = 1. */
static int bfs_test_init(struct kunit *test)
{
	bfs_test_saved_rr = bfs_rr_interval_ms;
	bfs_test_saved_locality = bfs_cache_locality;
	WRITE_ONCE(bfs_rr_interval_ms, 6);
	WRITE_ONCE(bfs_cache_locality, 1);
	return 0;
}

static void bfs_test_exit(struct kunit *test)
{
	WRITE_ONCE(bfs_rr_interval_ms, bfs_test_saved_rr);
	WRITE_ONCE(bfs_cache_locality, bfs_test_saved_locality);
}

/* sched_init_smp() of 0.363: 6 x (4n + 4) / (n + 6) ms; a set value as is */
static void bfs_test_rr_interval_scaling(struct kunit *test)
{
	static const unsigned int ncpus[] = { 1, 2, 4, 8, 16, 64 };
	static const u64 want[] = { 6, 9, 12, 15, 18, 22 };
	int i;

	for (i = 0; i < ARRAY_SIZE(ncpus); i++)
		KUNIT_EXPECT_EQ_MSG(test, bfs_rr_interval_ms_for(0, ncpus[i]),
				    want[i], "%u CPUs", ncpus[i]);
	KUNIT_EXPECT_EQ(test, bfs_rr_interval_ms_for(3, 16), 3ULL);
	KUNIT_EXPECT_EQ(test, bfs_rr_interval_ms_for(1000, 1), 1000ULL);
}

static struct task_struct *bfs_fake_task(struct kunit *test, pid_t pid,
					 int nice, int cpu, u64 deadline)
{
	struct task_struct *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	p->pid = pid;
	p->policy = SCHED_NORMAL;
	p->static_prio = NICE_TO_PRIO(nice);
	INIT_LIST_HEAD(&p->sp.run_node);
	cpumask_copy(&p->cpus_mask, cpu_possible_mask);
	p->cpus_ptr = &p->cpus_mask;
	task_thread_info(p)->cpu = cpu;
	bfs_task(p)->deadline = deadline;
	bfs_task(p)->time_slice = bfs_rr_interval_ns();
	return p;
}

static void bfs_test_prio_ratios(struct kunit *test)
{
	int i;

	KUNIT_EXPECT_EQ(test, bfs_prio_ratios[0], 128U);
	for (i = 1; i < NICE_WIDTH; i++)
		KUNIT_EXPECT_EQ_MSG(test, bfs_prio_ratios[i],
				    bfs_prio_ratios[i - 1] * 11 / 10, "index %d", i);
	/* nice 0 and 10 and 19 */
	KUNIT_EXPECT_EQ(test, bfs_prio_ratios[20], 836U);
	KUNIT_EXPECT_EQ(test, bfs_prio_ratios[30], 2161U);
	KUNIT_EXPECT_EQ(test, bfs_prio_ratios[39], 5089U);
}

static void bfs_test_deadline_diff(struct kunit *test)
{
	/* rr_interval x ratio / 128: 6 ms at nice -20, 39.18 ms at nice 0 */
	KUNIT_EXPECT_EQ(test, bfs_deadline_diff(NICE_TO_PRIO(-20)),
			6 * NSEC_PER_MSEC);
	KUNIT_EXPECT_EQ(test, bfs_deadline_diff(NICE_TO_PRIO(0)),
			div_u64(6 * NSEC_PER_MSEC * 836, 128));
	KUNIT_EXPECT_EQ(test, bfs_deadline_diff(NICE_TO_PRIO(10)),
			div_u64(6 * NSEC_PER_MSEC * 2161, 128));
	KUNIT_EXPECT_EQ(test, bfs_deadline_diff(NICE_TO_PRIO(19)),
			div_u64(6 * NSEC_PER_MSEC * 5089, 128));
}

static void bfs_test_new_slice(struct kunit *test)
{
	struct task_struct *p = bfs_fake_task(test, 1, 0, 0, 0);
	u64 now = 1000 * NSEC_PER_MSEC;

	bfs_task(p)->time_slice = -5;
	bfs_new_slice(p, now);
	KUNIT_EXPECT_EQ(test, bfs_task(p)->time_slice, (s64)(6 * NSEC_PER_MSEC));
	KUNIT_EXPECT_EQ(test, bfs_task(p)->deadline,
			now + bfs_deadline_diff(NICE_TO_PRIO(0)));
}

/*
 * sched_fork() of 0.363: parent and child halve what is left and share
 * the deadline; with less than 2 x RESCHED_US (200 us) left, the parent's
 * slice is used up and rescheduled and the child starts afresh, ahead of
 * the parent's next deadline; a parent of another class passes on nothing.
 */
static void bfs_test_fork_split(struct kunit *test)
{
	struct task_struct *parent = bfs_fake_task(test, 1, 0, 0, 5000);
	struct task_struct *child = bfs_fake_task(test, 2, 0, 0, 0);
	u64 now = 1000 * NSEC_PER_MSEC;

	parent->sp.flags = SP_TASK_QUEUED;
	bfs_task(parent)->time_slice = 5 * NSEC_PER_MSEC + 1;
	KUNIT_EXPECT_FALSE(test, bfs_fork_from(child, parent, now));
	KUNIT_EXPECT_EQ(test, bfs_task(parent)->time_slice,
			(s64)(2500 * NSEC_PER_USEC));
	KUNIT_EXPECT_EQ(test, bfs_task(child)->time_slice,
			(s64)(2500 * NSEC_PER_USEC));
	KUNIT_EXPECT_EQ(test, bfs_task(child)->deadline, 5000ULL);

	bfs_task(parent)->time_slice = 2 * BFS_RESCHED_NS - 1;
	KUNIT_EXPECT_TRUE(test, bfs_fork_from(child, parent, now));
	KUNIT_EXPECT_EQ(test, bfs_task(parent)->time_slice, 0LL);
	KUNIT_EXPECT_EQ(test, bfs_task(child)->time_slice,
			(s64)(6 * NSEC_PER_MSEC));
	KUNIT_EXPECT_EQ(test, bfs_task(child)->deadline,
			now + bfs_deadline_diff(NICE_TO_PRIO(0)));
	/* the parent's next slice starts after the fork: the child is first */
	bfs_new_slice(parent, now + 1);
	KUNIT_EXPECT_TRUE(test, bfs_runs_before(child, parent, 0));

	parent->sp.flags = 0;
	bfs_task(parent)->time_slice = 4 * NSEC_PER_MSEC;
	KUNIT_EXPECT_FALSE(test, bfs_fork_from(child, parent, now));
	KUNIT_EXPECT_EQ(test, bfs_task(parent)->time_slice,
			(s64)(4 * NSEC_PER_MSEC));
	KUNIT_EXPECT_EQ(test, bfs_task(child)->time_slice,
			(s64)(6 * NSEC_PER_MSEC));
}

/* One scan: the earliest task for @cpu anywhere, or queued there. */
static struct task_struct *bfs_test_scan(struct list_head *q, int cpu,
					 bool local, unsigned int *scanned)
{
	struct bfs_found f = { };

	bfs_scan(q, cpu, &f, scanned);
	return local ? f.local : f.any;
}

static void bfs_test_earliest_affinity(struct kunit *test)
{
	LIST_HEAD(q);
	int cpu = cpumask_first(cpu_online_mask);
	struct task_struct *a = bfs_fake_task(test, 1, 0, cpu, 300);
	struct task_struct *b = bfs_fake_task(test, 2, 0, cpu, 100);
	struct task_struct *c = bfs_fake_task(test, 3, 0, cpu, 200);
	unsigned int scanned = 0;

	KUNIT_EXPECT_NULL(test, bfs_test_scan(&q, cpu, true, &scanned));
	list_add_tail(&a->sp.run_node, &q);
	list_add_tail(&b->sp.run_node, &q);
	list_add_tail(&c->sp.run_node, &q);
	KUNIT_EXPECT_PTR_EQ(test, bfs_test_scan(&q, cpu, true, &scanned), b);
	/* the whole queue is looked at: O(n) */
	KUNIT_EXPECT_EQ(test, scanned, 3U);
	/* b may not run on this CPU: the next earliest */
	cpumask_clear(&b->cpus_mask);
	KUNIT_EXPECT_PTR_EQ(test, bfs_test_scan(&q, cpu, true, &scanned), c);
	cpumask_clear(&c->cpus_mask);
	KUNIT_EXPECT_PTR_EQ(test, bfs_test_scan(&q, cpu, true, &scanned), a);
	cpumask_clear(&a->cpus_mask);
	KUNIT_EXPECT_NULL(test, bfs_test_scan(&q, cpu, true, &scanned));
}

/* One pass answers both the balance (anywhere) and the pick (here). */
static void bfs_test_one_scan(struct kunit *test)
{
	LIST_HEAD(q);
	int here = cpumask_first(cpu_online_mask);
	int there = cpumask_next(here, cpu_online_mask);
	struct task_struct *local, *remote, *pinned;
	struct bfs_found f = { };
	unsigned int scanned = 0;

	if (there >= nr_cpu_ids)
		kunit_skip(test, "needs two online CPUs");
	local = bfs_fake_task(test, 1, 0, here, 300);
	remote = bfs_fake_task(test, 2, 0, there, 100);
	pinned = bfs_fake_task(test, 3, 0, there, 50);
	cpumask_clear(&pinned->cpus_mask);
	cpumask_set_cpu(there, &pinned->cpus_mask);
	list_add_tail(&local->sp.run_node, &q);
	list_add_tail(&remote->sp.run_node, &q);
	list_add_tail(&pinned->sp.run_node, &q);
	bfs_scan(&q, here, &f, &scanned);
	KUNIT_EXPECT_EQ(test, scanned, 3U);
	KUNIT_EXPECT_PTR_EQ(test, f.any, remote);
	KUNIT_EXPECT_PTR_EQ(test, f.local, local);
}

static void bfs_test_locality_bias(struct kunit *test)
{
	LIST_HEAD(q);
	int here = cpumask_first(cpu_online_mask);
	int there = cpumask_next(here, cpu_online_mask);
	u64 bias, base = 1000 * NSEC_PER_MSEC;
	struct task_struct *local, *remote;
	unsigned int scanned = 0;

	if (there >= nr_cpu_ids)
		kunit_skip(test, "needs two online CPUs");
	/*
	 * 0.363's offsets for a nice 0 task (deadline offset 39.1875 ms):
	 * none within a cache (SMT 1, LLC 2), twice within the node, four
	 * times across nodes.
	 */
	KUNIT_EXPECT_EQ(test, bfs_locality_offset(39187500, 1), 0ULL);
	KUNIT_EXPECT_EQ(test, bfs_locality_offset(39187500, 2), 0ULL);
	KUNIT_EXPECT_EQ(test, bfs_locality_offset(39187500, 3), 78375000ULL);
	KUNIT_EXPECT_EQ(test, bfs_locality_offset(39187500, 4), 156750000ULL);
	switch (sched_policy_cpu_distance(there, here)) {
	case 3:
		bias = 78375000;
		break;
	case 4:
		bias = 156750000;
		break;
	default:	/* these two share a cache: no bias */
		remote = bfs_fake_task(test, 1, 0, there, base);
		KUNIT_EXPECT_EQ(test, bfs_effective_deadline(remote, here), base);
		return;
	}
	/* A remote task counts as later by its offset. */
	remote = bfs_fake_task(test, 1, 0, there, base);
	local = bfs_fake_task(test, 2, 0, here, base + bias - 1);
	KUNIT_EXPECT_EQ(test, bfs_effective_deadline(remote, here), base + bias);
	KUNIT_EXPECT_EQ(test, bfs_effective_deadline(remote, there), base);
	list_add_tail(&remote->sp.run_node, &q);
	list_add_tail(&local->sp.run_node, &q);
	KUNIT_EXPECT_PTR_EQ(test, bfs_test_scan(&q, here, false, &scanned), local);
	bfs_task(local)->deadline = base + bias + 1;
	KUNIT_EXPECT_PTR_EQ(test, bfs_test_scan(&q, here, false, &scanned), remote);
	/* the pick only looks at tasks queued on its own CPU */
	KUNIT_EXPECT_PTR_EQ(test, bfs_test_scan(&q, here, true, &scanned), local);
	/* cache_locality=0 turns the bias off */
	bfs_cache_locality = 0;
	KUNIT_EXPECT_EQ(test, bfs_effective_deadline(remote, here), base);
	bfs_cache_locality = 1;
}

static void bfs_test_idleprio_last(struct kunit *test)
{
	int cpu = cpumask_first(cpu_online_mask);
	struct task_struct *idle = bfs_fake_task(test, 1, 0, cpu, 1);
	struct task_struct *norm = bfs_fake_task(test, 2, 0, cpu, 1000);

	idle->policy = SCHED_IDLE;
	bfs_task(idle)->idle_queued = bfs_waits_as_idle(idle, 0);
	KUNIT_EXPECT_TRUE(test, bfs_task(idle)->idle_queued);
	/* an earlier deadline does not let SCHED_IDLE run first */
	KUNIT_EXPECT_TRUE(test, bfs_runs_before(norm, idle, cpu));
	KUNIT_EXPECT_FALSE(test, bfs_runs_before(idle, norm, cpu));
	/* and it never preempts a normal task, which always preempts it */
	KUNIT_EXPECT_FALSE(test, bfs_wakeup_preempt(NULL, norm, idle, 0));
	KUNIT_EXPECT_TRUE(test, bfs_wakeup_preempt(NULL, idle, norm, 0));
	/* SCHED_BATCH never preempts on wakeup, even with the earlier deadline */
	idle->policy = SCHED_BATCH;
	bfs_task(idle)->idle_queued = bfs_waits_as_idle(idle, 0);
	KUNIT_EXPECT_FALSE(test, bfs_wakeup_preempt(NULL, norm, idle, 0));
	idle->policy = SCHED_NORMAL;
	bfs_task(idle)->idle_queued = bfs_waits_as_idle(idle, 0);
	KUNIT_EXPECT_TRUE(test, bfs_wakeup_preempt(NULL, norm, idle, 0));
}

/* 0.363's idleprio_suitable(): an urgent SCHED_IDLE task queues as normal */
static void bfs_test_idleprio_promotion(struct kunit *test)
{
	struct task_struct *p = bfs_fake_task(test, 1, 0, 0, 0);

	p->policy = SCHED_IDLE;
	KUNIT_EXPECT_TRUE(test, bfs_waits_as_idle(p, SP_ENQ_WAKEUP));
	p->flags |= PF_EXITING;
	KUNIT_EXPECT_FALSE(test, bfs_waits_as_idle(p, SP_ENQ_WAKEUP));
	p->flags &= ~PF_EXITING;
	p->sched_contributes_to_load = 1;	/* its last sleep was uninterruptible */
	KUNIT_EXPECT_FALSE(test, bfs_waits_as_idle(p, SP_ENQ_WAKEUP));
	/* that counts only as it wakes, not when it is put back later */
	KUNIT_EXPECT_TRUE(test, bfs_waits_as_idle(p, 0));
	p->sched_contributes_to_load = 0;
	set_tsk_thread_flag(p, TIF_SIGPENDING);
	KUNIT_EXPECT_FALSE(test, bfs_waits_as_idle(p, SP_ENQ_WAKEUP));
	clear_tsk_thread_flag(p, TIF_SIGPENDING);
	p->policy = SCHED_NORMAL;
	KUNIT_EXPECT_FALSE(test, bfs_waits_as_idle(p, SP_ENQ_WAKEUP));
}

/*
 * After its slice a task's new deadline puts it behind; a yield does not
 * (0.363's sched_yield() only reschedules: no yield hook).
 */
static void bfs_test_expiry_and_yield_order(struct kunit *test)
{
	LIST_HEAD(q);
	int cpu = cpumask_first(cpu_online_mask);
	u64 now = local_clock();	/* bfs_yield() reads the clock too */
	struct task_struct *a = bfs_fake_task(test, 1, 0, cpu, now - 10);
	struct task_struct *b = bfs_fake_task(test, 2, 0, cpu, now + 10);
	struct task_struct *c = bfs_fake_task(test, 3, 0, cpu, now + 20);
	unsigned int scanned = 0;

	list_add_tail(&a->sp.run_node, &q);
	list_add_tail(&b->sp.run_node, &q);
	list_add_tail(&c->sp.run_node, &q);
	KUNIT_EXPECT_PTR_EQ(test, bfs_test_scan(&q, cpu, true, &scanned), a);
	/* a used its slice: a new deadline 39 ms ahead, behind b and c */
	bfs_task(a)->time_slice = 0;
	bfs_new_slice(a, now);
	KUNIT_EXPECT_PTR_EQ(test, bfs_test_scan(&q, cpu, true, &scanned), b);
	KUNIT_EXPECT_TRUE(test, bfs_runs_before(c, a, cpu));
	KUNIT_EXPECT_NULL(test, bfs_policy.yield);
}

/*
 * try_to_wake_up() of 0.363; its fork rule (wake_up_new_task()) is
 * bfs_test_seq_fork's, on a run queue.
 */
static void bfs_test_wakeup_rules(struct kunit *test)
{
	int cpu = cpumask_first(cpu_online_mask);
	struct task_struct *curr = bfs_fake_task(test, 1, 0, cpu, 1000);
	struct task_struct *woken = bfs_fake_task(test, 2, 0, cpu, 500);

	KUNIT_EXPECT_TRUE(test, bfs_wakeup_preempt(NULL, curr, woken, 0));
	/* a sync wakeup (a pipe's) never preempts, even with the earlier deadline */
	KUNIT_EXPECT_FALSE(test, bfs_wakeup_preempt(NULL, curr, woken,
						    SP_WAKE_SYNC));
	/* on any CPU: 0.363 tested no CPU (2.6.22's o1 preempts there) */
	KUNIT_EXPECT_FALSE(test, bfs_wakeup_preempt(NULL, curr, woken,
						    SP_WAKE_SYNC | SP_WAKE_REMOTE));
	/* a later deadline does not preempt */
	bfs_task(woken)->deadline = 2000;
	KUNIT_EXPECT_FALSE(test, bfs_wakeup_preempt(NULL, curr, woken, 0));
}

/* adjust_deadline(): renice 0 -> 10 moves the deadline 62.1 ms later */
static void bfs_test_renice_deadline(struct kunit *test)
{
	u64 dl = 1000 * NSEC_PER_MSEC;

	KUNIT_EXPECT_EQ(test, bfs_renice_deadline(dl, NICE_TO_PRIO(0),
						  NICE_TO_PRIO(10)),
			dl + 101296875 - 39187500);
	KUNIT_EXPECT_EQ(test, bfs_renice_deadline(dl, NICE_TO_PRIO(10),
						  NICE_TO_PRIO(0)),
			dl - 101296875 + 39187500);
}

static void bfs_test_queue_add(struct bfs_queue *q, struct task_struct *p)
{
	bfs_task(p)->idle_queued = bfs_waits_as_idle(p, SP_ENQ_WAKEUP);
	list_add_tail(&p->sp.run_node,
		      bfs_task(p)->idle_queued ? &q->idleprio : &q->normal);
	bfs_task(p)->on_grq = true;
	p->sp.flags = SP_TASK_QUEUED;
	q->nr_queued++;
}

/* The consistency check: a sound queue, then one corruption at a time. */
static void bfs_test_check(struct kunit *test)
{
	struct bfs_queue q = {
		.iso		= LIST_HEAD_INIT(q.iso),
		.normal		= LIST_HEAD_INIT(q.normal),
		.idleprio	= LIST_HEAD_INIT(q.idleprio),
	};
	int cpu = cpumask_first(cpu_online_mask);
	int other = cpumask_next(cpu, cpu_online_mask);
	u64 now = 1000 * NSEC_PER_MSEC;
	struct task_struct *a = bfs_fake_task(test, 1, 0, cpu, now + 10);
	struct task_struct *b = bfs_fake_task(test, 2, 0, cpu, now - 10);
	struct task_struct *idle = bfs_fake_task(test, 3, 0, cpu, now);
	struct bfs_cpu bc = { .curr_deadline = BFS_NO_DEADLINE };

	idle->policy = SCHED_IDLE;
	bfs_test_queue_add(&q, a);
	bfs_test_queue_add(&q, b);
	bfs_test_queue_add(&q, idle);
	KUNIT_EXPECT_EQ(test, bfs_queue_check(NULL, &q, now), 0U);
	KUNIT_EXPECT_EQ(test, bfs_queue_nr_on(&q, cpu), 3U);

	q.nr_queued++;
	KUNIT_EXPECT_EQ(test, bfs_queue_check(NULL, &q, now), 1U);
	q.nr_queued--;
	bfs_task(idle)->idle_queued = false;	/* on the idleprio list */
	KUNIT_EXPECT_EQ(test, bfs_queue_check(NULL, &q, now), 1U);
	bfs_task(idle)->idle_queued = true;
	bfs_task(b)->on_grq = false;
	KUNIT_EXPECT_EQ(test, bfs_queue_check(NULL, &q, now), 1U);
	bfs_task(b)->on_grq = true;
	b->sp.flags = 0;
	KUNIT_EXPECT_EQ(test, bfs_queue_check(NULL, &q, now), 1U);
	b->sp.flags = SP_TASK_QUEUED;
	/* a deadline an hour ahead, a slice longer than rr_interval can be */
	bfs_task(a)->deadline = now + 3600 * NSEC_PER_SEC;
	KUNIT_EXPECT_EQ(test, bfs_queue_check(NULL, &q, now), 1U);
	bfs_task(a)->deadline = now + 10;
	bfs_task(a)->time_slice = 2 * NSEC_PER_SEC;
	KUNIT_EXPECT_EQ(test, bfs_queue_check(NULL, &q, now), 1U);
	bfs_task(a)->time_slice = bfs_rr_interval_ns();
	KUNIT_EXPECT_EQ(test, bfs_queue_check(NULL, &q, now), 0U);

	/* per CPU: the tasks on that CPU's run queue */
	if (other < nr_cpu_ids) {
		task_thread_info(b)->cpu = other;
		KUNIT_EXPECT_EQ(test, bfs_queue_nr_on(&q, cpu), 2U);
		KUNIT_EXPECT_EQ(test, bfs_queue_nr_on(&q, other), 1U);
	}

	/* a running deadline only while a task of bfs runs */
	KUNIT_EXPECT_EQ(test, bfs_cpu_check(NULL, &bc, idle), 0U);
	bc.curr_deadline = now;
	KUNIT_EXPECT_EQ(test, bfs_cpu_check(NULL, &bc, idle), 1U);
	bfs_task(idle)->on_grq = false;	/* idle runs */
	KUNIT_EXPECT_EQ(test, bfs_cpu_check(NULL, &bc, idle), 0U);
}

/*
 * Hook sequences on the core's KUnit run queue (sched_policy_kunit_*()):
 * the registered hooks called in the core's order.  Deadlines are
 * local_clock() times, as bfs_new_slice() makes them; the tasks may run
 * on CPU 0 only, the run queue's, so no other CPU is looked at.
 */

/* Whatever a case left on the global queue goes with its fake tasks. */
static void bfs_seq_empty_grq(void *unused)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&bfs_grq.lock, flags);
	INIT_LIST_HEAD(&bfs_grq.iso);
	INIT_LIST_HEAD(&bfs_grq.normal);
	INIT_LIST_HEAD(&bfs_grq.idleprio);
	bfs_grq.nr_queued = 0;
	raw_spin_unlock_irqrestore(&bfs_grq.lock, flags);
}

static struct sched_policy_rq *bfs_seq_rq(struct kunit *test)
{
	struct sched_policy_rq *rq = sched_policy_kunit_rq(test, &bfs_policy);

	KUNIT_ASSERT_EQ(test, bfs_grq.nr_queued, 0U);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, bfs_seq_empty_grq,
							NULL), 0);
	return rq;
}

static struct task_struct *bfs_seq_task(struct kunit *test,
					struct sched_policy_rq *rq, pid_t pid,
					int nice, u64 deadline)
{
	struct task_struct *p = bfs_fake_task(test, pid, nice, 0, deadline);

	cpumask_copy(&p->cpus_mask, cpumask_of(0));
	sched_policy_kunit_attach(rq, p);
	return p;
}

/* The global queue and the running deadline are consistent. */
static void bfs_seq_check(struct kunit *test, struct sched_policy_rq *rq)
{
	unsigned long flags;
	unsigned int bad;

	raw_spin_lock_irqsave(&bfs_grq.lock, flags);
	bad = bfs_queue_check(NULL, &bfs_grq, local_clock()) +
	      bfs_cpu_check(NULL, bfs_cpu(rq), sched_policy_rq_curr(rq));
	raw_spin_unlock_irqrestore(&bfs_grq.lock, flags);
	KUNIT_EXPECT_EQ(test, bad, 0U);
}

/*
 * sched_yield() of 0.363 only calls schedule(): the yielder keeps its
 * slice and its deadline, and runs again while that is the earliest
 * (0.313 expired the slice, and the other task would run).
 */
static void bfs_test_seq_yield(struct kunit *test)
{
	struct sched_policy_rq *rq = bfs_seq_rq(test);
	u64 now = local_clock(), r = bfs_rr_interval_ns();
	struct task_struct *a = bfs_seq_task(test, rq, 1, 0, now + r);
	struct task_struct *b = bfs_seq_task(test, rq, 2, 0, now + 2 * r);

	sched_policy_kunit_enqueue(rq, a, 0);
	sched_policy_kunit_enqueue(rq, b, 0);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), a);
	sched_policy_kunit_run(rq, NSEC_PER_MSEC);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_yield(rq), a);
	KUNIT_EXPECT_EQ(test, bfs_task(a)->deadline, now + r);
	KUNIT_EXPECT_EQ(test, bfs_task(a)->time_slice,
			(s64)(r - NSEC_PER_MSEC));
	bfs_seq_check(test, rq);
}

/*
 * try_to_wake_up() of 0.363: the earlier deadline preempts, except on a
 * sync wakeup, on the waker's CPU or another (SP_WAKE_REMOTE changes
 * nothing for bfs, where 2.6.22 ignored the hint).
 */
static void bfs_test_seq_sync_wakeup(struct kunit *test)
{
	static const unsigned int flags[] = {
		0, SP_WAKE_SYNC, SP_WAKE_SYNC | SP_WAKE_REMOTE,
	};
	static const bool preempts[] = { true, false, false };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(flags); i++) {
		struct sched_policy_rq *rq = bfs_seq_rq(test);
		u64 now = local_clock(), r = bfs_rr_interval_ns();
		struct task_struct *hog = bfs_seq_task(test, rq, 1, 0, now + r);
		struct task_struct *reader = bfs_seq_task(test, rq, 2, 0, now);

		sched_policy_kunit_enqueue(rq, hog, 0);
		KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), hog);
		KUNIT_EXPECT_EQ_MSG(test,
				    sched_policy_kunit_wakeup(rq, reader, 0,
							      flags[i]),
				    preempts[i], "wake flags %#x", flags[i]);
		/* the earlier deadline runs at the next schedule() */
		KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq),
				    reader);
		bfs_seq_check(test, rq);
		sched_policy_kunit_dequeue(rq, hog, 0);
		KUNIT_EXPECT_NULL(test, sched_policy_kunit_sleep(rq));
	}
}

/* A parent of its own mm, picked on a new run queue and run @ran_ns */
static struct task_struct *bfs_seq_parent(struct kunit *test,
					  struct sched_policy_rq *rq,
					  u64 deadline, u64 ran_ns)
{
	static int mm;
	struct task_struct *parent = bfs_seq_task(test, rq, 1, 0, deadline);

	parent->mm = (struct mm_struct *)&mm;
	sched_policy_kunit_enqueue(rq, parent, 0);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), parent);
	sched_policy_kunit_run(rq, ran_ns);
	KUNIT_EXPECT_FALSE(test, sched_policy_kunit_resched(rq));
	return parent;
}

/* A task to be forked on CPU 0, sharing @mm (a thread) or not (NULL) */
static struct task_struct *bfs_seq_new(struct kunit *test, pid_t pid,
				       struct mm_struct *mm)
{
	struct task_struct *p = bfs_fake_task(test, pid, 0, 0, 0);

	p->mm = mm ?: (struct mm_struct *)p;
	cpumask_copy(&p->cpus_mask, cpumask_of(0));
	return p;
}

/*
 * sched_fork() and wake_up_new_task() of 0.363 as the core calls them.
 * A parent 1 ms into its slice: a thread takes half of what is left and
 * the parent's deadline, and waits; a forked process does the same but
 * preempts its parent, on whose CPU it was forked, and runs.  A parent
 * with less than 2 x RESCHED_US left is rescheduled by the fork itself,
 * its slice used up; its child starts a slice of its own and runs.
 */
static void bfs_test_seq_fork(struct kunit *test)
{
	u64 now = local_clock(), r = bfs_rr_interval_ns();
	s64 left = r - NSEC_PER_MSEC;
	struct sched_policy_rq *rq = bfs_seq_rq(test);
	struct task_struct *parent = bfs_seq_parent(test, rq, now + r, NSEC_PER_MSEC);
	struct task_struct *child = bfs_seq_new(test, 2, parent->mm);

	sched_policy_kunit_fork(rq, child);
	KUNIT_EXPECT_EQ(test, bfs_task(parent)->time_slice, left / 2);
	KUNIT_EXPECT_EQ(test, bfs_task(child)->time_slice, left / 2);
	KUNIT_EXPECT_EQ(test, bfs_task(child)->deadline, now + r);
	KUNIT_EXPECT_FALSE(test, sched_policy_kunit_resched(rq));
	KUNIT_EXPECT_FALSE(test, sched_policy_kunit_wake_new(rq, child));
	bfs_seq_check(test, rq);

	bfs_seq_empty_grq(NULL);
	rq = bfs_seq_rq(test);
	parent = bfs_seq_parent(test, rq, now + r, NSEC_PER_MSEC);
	child = bfs_seq_new(test, 2, NULL);
	sched_policy_kunit_fork(rq, child);
	KUNIT_EXPECT_EQ(test, bfs_task(child)->time_slice, left / 2);
	KUNIT_EXPECT_EQ(test, bfs_task(child)->deadline, now + r);
	KUNIT_EXPECT_FALSE(test, sched_policy_kunit_resched(rq));
	KUNIT_EXPECT_TRUE(test, sched_policy_kunit_wake_new(rq, child));
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), child);
	bfs_seq_check(test, rq);

	bfs_seq_empty_grq(NULL);
	rq = bfs_seq_rq(test);
	parent = bfs_seq_parent(test, rq, now + r, r - BFS_RESCHED_NS);
	child = bfs_seq_new(test, 2, NULL);
	sched_policy_kunit_fork(rq, child);
	KUNIT_EXPECT_TRUE(test, sched_policy_kunit_resched(rq));
	KUNIT_EXPECT_EQ(test, bfs_task(parent)->time_slice, 0LL);
	KUNIT_EXPECT_EQ(test, bfs_task(child)->time_slice, (s64)r);
	sched_policy_kunit_wake_new(rq, child);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), child);
	bfs_seq_check(test, rq);
}

/*
 * set_user_nice() of 0.363 (adjust_deadline()): the deadline moves by
 * the difference of the offsets at once.  The running task reniced worse
 * is rescheduled and the other one runs; reniced better while it waits,
 * it runs before the running task and reschedules the CPU.
 */
static void bfs_test_seq_renice(struct kunit *test)
{
	struct sched_policy_rq *rq = bfs_seq_rq(test);
	u64 now = local_clock(), r = bfs_rr_interval_ns();
	struct task_struct *a = bfs_seq_task(test, rq, 1, 0, now + r);
	struct task_struct *b = bfs_seq_task(test, rq, 2, 0, now + r + 1);
	u64 up = bfs_deadline_diff(NICE_TO_PRIO(5)) -
		 bfs_deadline_diff(NICE_TO_PRIO(0));
	u64 down = bfs_deadline_diff(NICE_TO_PRIO(5)) -
		   bfs_deadline_diff(NICE_TO_PRIO(-5));

	sched_policy_kunit_enqueue(rq, a, 0);
	sched_policy_kunit_enqueue(rq, b, 0);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), a);
	sched_policy_kunit_set_nice(rq, a, 5);
	KUNIT_EXPECT_EQ(test, bfs_task(a)->deadline, now + r + up);
	KUNIT_EXPECT_TRUE(test, sched_policy_kunit_resched(rq));
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), b);
	sched_policy_kunit_set_nice(rq, a, -5);
	KUNIT_EXPECT_EQ(test, bfs_task(a)->deadline, now + r + up - down);
	KUNIT_EXPECT_TRUE(test, sched_policy_kunit_resched(rq));
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), a);
	bfs_seq_check(test, rq);
}

/*
 * check_deadline() of 0.363 renews a SCHED_BATCH task's slice whenever
 * it leaves the CPU: with the earlier deadline it still goes behind the
 * other task at its first schedule(); a normal task keeps its deadline
 * and runs on.
 */
static void bfs_test_seq_batch_behind(struct kunit *test)
{
	static const int policies[] = { SCHED_NORMAL, SCHED_BATCH };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(policies); i++) {
		struct sched_policy_rq *rq = bfs_seq_rq(test);
		u64 now = local_clock(), r = bfs_rr_interval_ns();
		struct task_struct *a = bfs_seq_task(test, rq, 1, 0, now);
		struct task_struct *b = bfs_seq_task(test, rq, 2, 0, now + r);

		a->policy = policies[i];
		sched_policy_kunit_enqueue(rq, a, 0);
		sched_policy_kunit_enqueue(rq, b, 0);
		KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), a);
		sched_policy_kunit_run(rq, NSEC_PER_MSEC);
		KUNIT_EXPECT_PTR_EQ_MSG(test, sched_policy_kunit_schedule(rq),
					i ? b : a, "policy %d", policies[i]);
		bfs_seq_check(test, rq);
		sched_policy_kunit_dequeue(rq, i ? a : b, 0);
		sched_policy_kunit_sleep(rq);
	}
}

/*
 * A SCHED_IDLE task runs only when no other task can, whatever its
 * deadline; a SCHED_IDLE task running is preempted by any wakeup.
 */
static void bfs_test_seq_idleprio(struct kunit *test)
{
	struct sched_policy_rq *rq = bfs_seq_rq(test);
	u64 now = local_clock(), r = bfs_rr_interval_ns();
	struct task_struct *idle = bfs_seq_task(test, rq, 1, 0, now);
	struct task_struct *normal = bfs_seq_task(test, rq, 2, 19, now + 4 * r);

	idle->policy = SCHED_IDLE;
	sched_policy_kunit_enqueue(rq, idle, 0);
	sched_policy_kunit_enqueue(rq, normal, 0);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), normal);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_sleep(rq), idle);
	KUNIT_EXPECT_TRUE(test, sched_policy_kunit_wakeup(rq, normal, 0,
							  SP_WAKE_SYNC));
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), normal);
	bfs_seq_check(test, rq);
}

/*
 * @cpus CPUs of which @iso run SCHED_ISO for @ms, folded in every 4 ms
 * (as ticks would); returns the ms after which the state was refractory
 * (@want_refractory) or not, or -1 if it never was within @ms.
 */
static int bfs_test_iso_run(struct bfs_iso *iso, u64 *now, unsigned int cpus,
			    unsigned int iso_cpus, int ms, bool want_refractory)
{
	int t;

	for (t = 4; t <= ms; t += 4) {
		atomic64_add(iso_cpus * 4 * NSEC_PER_MSEC, &iso->pending);
		*now += 4 * NSEC_PER_MSEC;
		bfs_iso_update(iso, *now, cpus, 70);
		if (iso->refractory == want_refractory)
			return t;
	}
	return -1;
}

/*
 * 0.363's iso_tick()/no_iso_tick() at iso_cpu 70, in their own
 * arithmetic: on one CPU a SCHED_ISO hog gains 100 per tick and becomes
 * refractory past 70 x ISO_PERIOD (5 s), after 0.7 x 5 s = 3.5 s; then
 * the load decays by (load / period + 1) per tick, (L + P) x e^(-t/P),
 * from 71 P to 63 P, below 62 P: after 5 s x ln(71/63) = 0.60 s.  One
 * hog among four CPUs gains 100 on a quarter of the ticks and loses
 * load / period + 1 on the rest: it settles at 100/3 - 1 = 32 periods
 * and never becomes refractory (sched-BFS.txt: it may run at that
 * priority indefinitely).
 */
static void bfs_test_iso_accounting(struct kunit *test)
{
	struct bfs_iso iso = { .pending = ATOMIC64_INIT(0) };
	u64 now = NSEC_PER_SEC;
	int t;

	iso.last = now;
	t = bfs_test_iso_run(&iso, &now, 1, 1, 10000, true);
	KUNIT_EXPECT_GE(test, t, 3480);
	KUNIT_EXPECT_LE(test, t, 3520);
	t = bfs_test_iso_run(&iso, &now, 1, 0, 10000, false);
	KUNIT_EXPECT_GE(test, t, 580);
	KUNIT_EXPECT_LE(test, t, 620);

	memset(&iso, 0, sizeof(iso));
	iso.last = now;
	KUNIT_EXPECT_EQ(test, bfs_test_iso_run(&iso, &now, 4, 1, 120000, true),
			-1);
	KUNIT_EXPECT_GE(test, iso.load, 31 * bfs_iso_period_ns(4));
	KUNIT_EXPECT_LE(test, iso.load, 33 * bfs_iso_period_ns(4));
}

/* The ISO state as a case found it, put back when it ends. */
static u64 bfs_test_saved_iso_load, bfs_test_saved_iso_last;
static bool bfs_test_saved_iso_refractory;

static void bfs_seq_restore_iso(void *unused)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&bfs_iso.lock, flags);
	bfs_iso.load = bfs_test_saved_iso_load;
	bfs_iso.last = bfs_test_saved_iso_last;
	atomic64_set(&bfs_iso.pending, 0);
	WRITE_ONCE(bfs_iso.refractory, bfs_test_saved_iso_refractory);
	raw_spin_unlock_irqrestore(&bfs_iso.lock, flags);
}

/* Set the ISO state: refractory with the largest load, or none at all. */
static void bfs_seq_set_iso(bool refractory)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&bfs_iso.lock, flags);
	bfs_iso.load = refractory ? 100 * bfs_iso_period_ns(num_online_cpus()) : 0;
	bfs_iso.last = local_clock();
	atomic64_set(&bfs_iso.pending, 0);
	WRITE_ONCE(bfs_iso.refractory, refractory);
	raw_spin_unlock_irqrestore(&bfs_iso.lock, flags);
}

/* the ISO state as it was, back after the test */
static void bfs_seq_save_iso(struct kunit *test)
{
	bfs_test_saved_iso_load = bfs_iso.load;
	bfs_test_saved_iso_last = bfs_iso.last;
	bfs_test_saved_iso_refractory = bfs_iso.refractory;
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, bfs_seq_restore_iso,
							NULL), 0);
}

/*
 * SCHED_ISO in 0.363: queued at ISO_PRIO, it runs before a normal task
 * of earlier deadline, and a non-sync wakeup of it preempts one (a sync
 * wakeup does not).  Refractory, the running one's slice ends at its
 * tick, and it queues as a normal task: the earlier deadline runs.
 */
static void bfs_test_seq_iso(struct kunit *test)
{
	struct sched_policy_rq *rq = bfs_seq_rq(test);
	u64 now = local_clock(), r = bfs_rr_interval_ns();
	struct task_struct *iso = bfs_seq_task(test, rq, 1, 0, now + 2 * r);
	struct task_struct *normal = bfs_seq_task(test, rq, 2, 0, now);

	bfs_seq_save_iso(test);
	bfs_seq_set_iso(false);
	iso->policy = SCHED_ISO;
	sched_policy_kunit_enqueue(rq, normal, 0);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), normal);
	KUNIT_EXPECT_FALSE(test, sched_policy_kunit_wakeup(rq, iso, 0,
							   SP_WAKE_SYNC));
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), iso);
	KUNIT_EXPECT_TRUE(test, bfs_task(iso)->iso_queued);
	bfs_seq_check(test, rq);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_sleep(rq), normal);
	KUNIT_EXPECT_TRUE(test, sched_policy_kunit_wakeup(rq, iso, 0, 0));
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), iso);

	bfs_seq_set_iso(true);
	KUNIT_EXPECT_TRUE(test, sched_policy_kunit_tick(rq));
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), normal);
	KUNIT_EXPECT_FALSE(test, bfs_task(iso)->iso_queued);
	bfs_seq_check(test, rq);
}

/*
 * sched_setscheduler() in 0.363: a queued task made SCHED_ISO preempts
 * the normal task running (try_preempt()), one made SCHED_IDLE does not;
 * the running task made normal again is rescheduled (__setscheduler()),
 * and the earlier deadline runs.
 */
static void bfs_test_seq_setscheduler(struct kunit *test)
{
	struct sched_policy_rq *rq = bfs_seq_rq(test);
	u64 now = local_clock(), r = bfs_rr_interval_ns();
	struct task_struct *a = bfs_seq_task(test, rq, 1, 0, now + r);
	struct task_struct *b = bfs_seq_task(test, rq, 2, 0, now + 2 * r);

	bfs_seq_save_iso(test);
	bfs_seq_set_iso(false);
	sched_policy_kunit_enqueue(rq, a, 0);
	sched_policy_kunit_enqueue(rq, b, 0);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), a);
	sched_policy_kunit_set_policy(rq, b, SCHED_IDLE);
	KUNIT_EXPECT_FALSE(test, sched_policy_kunit_resched(rq));
	sched_policy_kunit_set_policy(rq, b, SCHED_ISO);
	KUNIT_EXPECT_TRUE(test, sched_policy_kunit_resched(rq));
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), b);
	KUNIT_EXPECT_TRUE(test, bfs_task(b)->iso_queued);
	bfs_seq_check(test, rq);
	sched_policy_kunit_set_policy(rq, b, SCHED_NORMAL);
	KUNIT_EXPECT_TRUE(test, sched_policy_kunit_resched(rq));
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_kunit_schedule(rq), a);
	bfs_seq_check(test, rq);
}

static struct kunit_case bfs_test_cases[] = {
	KUNIT_CASE(bfs_test_rr_interval_scaling),
	KUNIT_CASE(bfs_test_prio_ratios),
	KUNIT_CASE(bfs_test_deadline_diff),
	KUNIT_CASE(bfs_test_new_slice),
	KUNIT_CASE(bfs_test_fork_split),
	KUNIT_CASE(bfs_test_earliest_affinity),
	KUNIT_CASE(bfs_test_one_scan),
	KUNIT_CASE(bfs_test_locality_bias),
	KUNIT_CASE(bfs_test_idleprio_last),
	KUNIT_CASE(bfs_test_idleprio_promotion),
	KUNIT_CASE(bfs_test_expiry_and_yield_order),
	KUNIT_CASE(bfs_test_wakeup_rules),
	KUNIT_CASE(bfs_test_renice_deadline),
	KUNIT_CASE(bfs_test_check),
	KUNIT_CASE(bfs_test_seq_yield),
	KUNIT_CASE(bfs_test_seq_sync_wakeup),
	KUNIT_CASE(bfs_test_seq_fork),
	KUNIT_CASE(bfs_test_seq_renice),
	KUNIT_CASE(bfs_test_seq_batch_behind),
	KUNIT_CASE(bfs_test_seq_idleprio),
	KUNIT_CASE(bfs_test_iso_accounting),
	KUNIT_CASE(bfs_test_seq_iso),
	KUNIT_CASE(bfs_test_seq_setscheduler),
	{}
};

static struct kunit_suite bfs_test_suite = {
	.name = "sched_policy_bfs",
	.init = bfs_test_init,
	.exit = bfs_test_exit,
	.test_cases = bfs_test_cases,
};
kunit_test_suite(bfs_test_suite);
