// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for rr's queue: FIFO order, slice expiry, head/tail
 * requeue, yield, the migration candidate's affinity check, and the
 * consistency check finding each kind of corruption.
 * Included from rr.c; fake tasks only carry what rr reads.
 */
#include <kunit/test.h>

static struct task_struct *rr_fake_task(struct kunit *test, pid_t pid)
{
	struct task_struct *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	p->pid = pid;
	INIT_LIST_HEAD(&p->sp.run_node);
	cpumask_copy(&p->cpus_mask, cpu_possible_mask);
	p->cpus_ptr = &p->cpus_mask;
	rr_new_slice(p);
	return p;
}

static void rr_test_fifo_order(struct kunit *test)
{
	struct rr_cpu rc = { .queue = LIST_HEAD_INIT(rc.queue) };
	struct task_struct *a = rr_fake_task(test, 1);
	struct task_struct *b = rr_fake_task(test, 2);
	struct task_struct *c = rr_fake_task(test, 3);

	rr_queue_add(&rc, a, false);
	rr_queue_add(&rc, b, false);
	rr_queue_add(&rc, c, false);
	KUNIT_EXPECT_PTR_EQ(test, rr_queue_pick(&rc, NULL), a);
	list_del_init(&a->sp.run_node);
	KUNIT_EXPECT_PTR_EQ(test, rr_queue_pick(&rc, NULL), b);
	list_del_init(&b->sp.run_node);
	KUNIT_EXPECT_PTR_EQ(test, rr_queue_pick(&rc, NULL), c);
	list_del_init(&c->sp.run_node);
	KUNIT_EXPECT_NULL(test, rr_queue_pick(&rc, NULL));
}

static void rr_test_slice_expiry(struct kunit *test)
{
	struct rr_cpu rc = { .queue = LIST_HEAD_INIT(rc.queue) };
	struct task_struct *curr = rr_fake_task(test, 1);
	struct task_struct *next = rr_fake_task(test, 2);
	u64 slice = rr_timeslice_ms * NSEC_PER_MSEC;

	rr_queue_add(&rc, next, false);
	curr->se.sum_exec_runtime = slice - 1;
	KUNIT_EXPECT_FALSE(test, rr_slice_expired(curr));
	KUNIT_EXPECT_PTR_EQ(test, rr_queue_pick(&rc, curr), curr);

	curr->se.sum_exec_runtime = slice;
	KUNIT_EXPECT_TRUE(test, rr_slice_expired(curr));
	KUNIT_EXPECT_PTR_EQ(test, rr_queue_pick(&rc, curr), next);

	/* Expired: to the tail with a fresh slice. */
	KUNIT_EXPECT_TRUE(test, rr_queue_put_prev(&rc, curr));
	KUNIT_EXPECT_FALSE(test, rr_slice_expired(curr));
	KUNIT_EXPECT_PTR_EQ(test, list_last_entry(&rc.queue, struct task_struct,
						  sp.run_node), curr);
}

static void rr_test_alone_keeps_running(struct kunit *test)
{
	struct rr_cpu rc = { .queue = LIST_HEAD_INIT(rc.queue) };
	struct task_struct *curr = rr_fake_task(test, 1);

	curr->se.sum_exec_runtime = 10 * rr_timeslice_ms * NSEC_PER_MSEC;
	KUNIT_EXPECT_PTR_EQ(test, rr_queue_pick(&rc, curr), curr);
}

static void rr_test_preempted_keeps_head(struct kunit *test)
{
	struct rr_cpu rc = { .queue = LIST_HEAD_INIT(rc.queue) };
	struct task_struct *curr = rr_fake_task(test, 1);
	struct task_struct *other = rr_fake_task(test, 2);

	rr_queue_add(&rc, other, false);
	curr->se.sum_exec_runtime = 1;
	KUNIT_EXPECT_FALSE(test, rr_queue_put_prev(&rc, curr));
	KUNIT_EXPECT_PTR_EQ(test, rr_queue_pick(&rc, NULL), curr);
	KUNIT_EXPECT_EQ(test, rr_task(curr)->slice_start, 0ULL);
}

static void rr_test_yield_ends_slice(struct kunit *test)
{
	struct rr_cpu rc = { .queue = LIST_HEAD_INIT(rc.queue) };
	struct task_struct *curr = rr_fake_task(test, 1);
	struct task_struct *other = rr_fake_task(test, 2);

	rr_queue_add(&rc, other, false);
	rr_task(curr)->yielded = true;
	KUNIT_EXPECT_PTR_EQ(test, rr_queue_pick(&rc, curr), other);
	KUNIT_EXPECT_TRUE(test, rr_queue_put_prev(&rc, curr));
	KUNIT_EXPECT_FALSE(test, rr_task(curr)->yielded);
}

static void rr_test_candidate_affinity(struct kunit *test)
{
	struct rr_cpu rc = { .queue = LIST_HEAD_INIT(rc.queue) };
	struct task_struct *pinned = rr_fake_task(test, 1);
	struct task_struct *free = rr_fake_task(test, 2);
	int dst = cpumask_first(cpu_active_mask);

	cpumask_clear(&pinned->cpus_mask);
	rr_queue_add(&rc, free, false);
	rr_queue_add(&rc, pinned, false);
	/* The newest task is pinned nowhere useful: the older one is chosen. */
	KUNIT_EXPECT_PTR_EQ(test, rr_queue_candidate(&rc, dst), free);
	cpumask_clear(&free->cpus_mask);
	KUNIT_EXPECT_NULL(test, rr_queue_candidate(&rc, dst));
	cpumask_set_cpu(dst, &pinned->cpus_mask);
	KUNIT_EXPECT_PTR_EQ(test, rr_queue_candidate(&rc, dst), pinned);
}

/* The consistency check: a sound queue, then one corruption at a time. */
static void rr_test_check(struct kunit *test)
{
	struct rr_cpu rc = { .queue = LIST_HEAD_INIT(rc.queue) };
	struct task_struct *a = rr_fake_task(test, 1);
	struct task_struct *b = rr_fake_task(test, 2);
	unsigned int nr;

	/* fake tasks are on CPU 0 */
	a->sp.flags = SP_TASK_QUEUED;
	b->sp.flags = SP_TASK_QUEUED;
	rr_queue_add(&rc, a, false);
	rr_queue_add(&rc, b, false);
	KUNIT_EXPECT_EQ(test, rr_queue_check(NULL, &rc, 0, &nr), 0U);
	KUNIT_EXPECT_EQ(test, nr, 2U);

	b->sp.flags = 0;		/* on the queue, not queued in the core */
	KUNIT_EXPECT_EQ(test, rr_queue_check(NULL, &rc, 0, &nr), 1U);
	b->sp.flags = SP_TASK_QUEUED;
	task_thread_info(b)->cpu = 1;	/* on another CPU's run queue */
	KUNIT_EXPECT_EQ(test, rr_queue_check(NULL, &rc, 0, &nr), 1U);
	task_thread_info(b)->cpu = 0;
#ifdef CONFIG_SMP
	b->on_cpu = 1;			/* running, yet on the queue */
	KUNIT_EXPECT_EQ(test, rr_queue_check(NULL, &rc, 0, &nr), 1U);
	b->on_cpu = 0;
#endif
	list_del_init(&b->sp.run_node);
	KUNIT_EXPECT_EQ(test, rr_queue_check(NULL, &rc, 0, &nr), 0U);
	KUNIT_EXPECT_EQ(test, nr, 1U);
}

static struct kunit_case rr_test_cases[] = {
	KUNIT_CASE(rr_test_fifo_order),
	KUNIT_CASE(rr_test_slice_expiry),
	KUNIT_CASE(rr_test_alone_keeps_running),
	KUNIT_CASE(rr_test_preempted_keeps_head),
	KUNIT_CASE(rr_test_yield_ends_slice),
	KUNIT_CASE(rr_test_candidate_affinity),
	KUNIT_CASE(rr_test_check),
	{}
};

static struct kunit_suite rr_test_suite = {
	.name = "sched_policy_rr",
	.test_cases = rr_test_cases,
};
kunit_test_suite(rr_test_suite);
