// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the 2.6-era balancer's arithmetic: cpu_load[] sampling
 * and averaging, find_busiest_group()'s verdict and the affine-wakeup
 * test where the kernels differ, worked by hand from
 * 2.6.22's and 2.6.32's formulas (a nice-0 task's load 100 here).
 * Included from lb.c.
 */
#include <kunit/test.h>

static unsigned long sp_lb_test_nice_0_load(void)
{
	return 100;
}

static const struct sched_policy_lb sp_lb_test_2622 = {
	.imbalance_pct	= 125,
	.kernel		= SP_LB_2_6_22,
	.nice_0_load	= sp_lb_test_nice_0_load,
};

static const struct sched_policy_lb sp_lb_test_2632 = {
	.imbalance_pct	= 125,
	.kernel		= SP_LB_2_6_32,
};

/* The verdict's load to move; 1 << 20 when balanced */
static unsigned long sp_lb_test_verdict(const struct sched_policy_lb *lb,
					const struct sched_policy_lb_stats *st)
{
	unsigned long imbalance;

	if (!sched_policy_lb_imbalance(lb, st, &imbalance))
		return 1UL << 20;
	return imbalance;
}

#define SP_LB_BALANCED	(1UL << 20)

/* @n CPUs of full power, each a group (2.6.22's CPUs all have it) */
#define SP_LB_TEST_CPUS(n)						\
	.this_power = SP_LB_POWER_SCALE, .busiest_power = SP_LB_POWER_SCALE, \
	.total_power = (n) * SP_LB_POWER_SCALE

/* A group's sum for sp_lb_add_group(), of full power */
#define SP_LB_TEST_GROUP(l, n, w)					\
	(&(struct sp_lb_group_sum){ .load = (l), .nr = (n),		\
				    .weighted = (w),			\
				    .power = SP_LB_POWER_SCALE })

/*
 * cpu_load[0]: the load at the last tick, sampled before the first
 * change in a later jiffy, or the load now when none came since;
 * cpu_load[1]: halfway to it per tick, rounded up while it grows
 */
static void sp_lb_test_tick_load(struct kunit *test)
{
	struct sched_policy_lb_cpu *c = kunit_kzalloc(test, sizeof(*c),
						      GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, c);
	c->load = 100;
	c->load_stamp = 5;
	KUNIT_EXPECT_EQ(test, sched_policy_lb_cpu_load(c, 0, 100, 5), 0UL); /* sampled */
	KUNIT_EXPECT_EQ(test, sched_policy_lb_cpu_load(c, 0, 100, 6), 100UL);
	/* one tick of 100 since: (0 + 100 + 1) / 2, two: (50 + 101) / 2 */
	KUNIT_EXPECT_EQ(test, sched_policy_lb_cpu_load(c, 1, 100, 6), 50UL);
	KUNIT_EXPECT_EQ(test, sched_policy_lb_cpu_load(c, 1, 100, 7), 75UL);
	/* jiffy 6: a task arrives; the tick at 6 saw the old load */
	sp_lb_tick_load_update(c, 6);
	c->load = 300;
	KUNIT_EXPECT_EQ(test, sched_policy_lb_cpu_load(c, 0, 300, 6), 100UL);
	KUNIT_EXPECT_EQ(test, sched_policy_lb_cpu_load(c, 1, 300, 6), 50UL);
	/* more changes in the same jiffy keep that sample */
	sp_lb_tick_load_update(c, 6);
	c->load = 200;
	KUNIT_EXPECT_EQ(test, sched_policy_lb_cpu_load(c, 0, 200, 6), 100UL);
	KUNIT_EXPECT_EQ(test, sched_policy_lb_cpu_load(c, 0, 200, 9), 200UL);
	/* ticks 7, 8, 9 at 200: 50 -> 125 -> 163 -> 182 */
	KUNIT_EXPECT_EQ(test, sched_policy_lb_cpu_load(c, 1, 200, 9), 182UL);
	/* ticks missed while idle: the loads are those they saw */
	sp_lb_tick_load_update(c, 40);
	c->load = 0;
	KUNIT_EXPECT_EQ(test, sched_policy_lb_cpu_load(c, 0, 0, 40), 200UL);
	KUNIT_EXPECT_EQ(test, sched_policy_lb_cpu_load(c, 1, 0, 40), 200UL);
	KUNIT_EXPECT_EQ(test, sched_policy_lb_cpu_load(c, 0, 0, 41), 0UL);
	/* falling: halved, rounded down, per tick */
	KUNIT_EXPECT_EQ(test, sched_policy_lb_cpu_load(c, 1, 0, 41), 100UL);
	KUNIT_EXPECT_EQ(test, sched_policy_lb_cpu_load(c, 1, 0, 43), 25UL);
	KUNIT_EXPECT_EQ(test, sched_policy_lb_cpu_load(c, 1, 0, 1000), 0UL);
}

/* find_busiest_group()'s verdict; each CPU a group */
static void sp_lb_test_imbalance(struct kunit *test)
{
	const struct sched_policy_lb *lb = &sp_lb_test_2622;
	struct sched_policy_lb_stats st = {
		.this_load = 0, .this_nr = 0, .this_weighted = 0,
		.max_load = 300, .busiest_nr = 3, .busiest_weighted = 300,
		.total_load = 300, SP_LB_TEST_CPUS(2), .busiest = 1,
	};

	/* idle beside three tasks: min(300 - 150, 300 - 100, 150 - 0) */
	KUNIT_EXPECT_EQ(test, sp_lb_test_verdict(lb, &st), 150UL);
	/* one here, two there: moving one only swaps (pwr 200 -> 200) */
	st = (struct sched_policy_lb_stats){
		.this_load = 100, .this_nr = 1, .this_weighted = 100,
		.max_load = 200, .busiest_nr = 2, .busiest_weighted = 200,
		.total_load = 300, SP_LB_TEST_CPUS(2), .busiest = 1,
	};
	KUNIT_EXPECT_EQ(test, sp_lb_test_verdict(lb, &st), SP_LB_BALANCED);
	/* no busiest (no CPU with two tasks) */
	st.busiest = -1;
	KUNIT_EXPECT_EQ(test, sp_lb_test_verdict(lb, &st), SP_LB_BALANCED);
	/* imbalance_pct: 100 x 500 <= 125 x 400 is balanced, 501 is not */
	st = (struct sched_policy_lb_stats){
		.this_load = 400, .this_nr = 4, .this_weighted = 400,
		.max_load = 500, .busiest_nr = 11, .busiest_weighted = 500,
		.total_load = 900, SP_LB_TEST_CPUS(2), .busiest = 1,
	};
	KUNIT_EXPECT_EQ(test, sp_lb_test_verdict(lb, &st), SP_LB_BALANCED);
	st.max_load = 501;
	st.busiest_weighted = 501;
	st.total_load = 901;
	/* min(501 - 450, 501 - 45, 450 - 400) = 50 >= 45 a task */
	KUNIT_EXPECT_EQ(test, sp_lb_test_verdict(lb, &st), 50UL);
	/*
	 * small_imbalance: idle, 4 CPUs, the busiest's average load 90 with
	 * two tasks of 60 now: 22 < 60 and 90 - 0 < 2 x 60, but moving one
	 * gains throughput (pwr 60 -> 30 + 60): one task's load
	 */
	st = (struct sched_policy_lb_stats){
		.max_load = 90, .busiest_nr = 2, .busiest_weighted = 120,
		.total_load = 90, SP_LB_TEST_CPUS(4), .busiest = 2,
	};
	KUNIT_EXPECT_EQ(test, sp_lb_test_verdict(lb, &st), 60UL);
}

/*
 * fix_small_imbalance(): 2.6.32 adds one of the busiest CPU's tasks to
 * the gap.  Two CPUs: here 3 tasks of 100 (target load 250, still rising),
 * there 4 (max 400, average 325 over 2).  min(400 - 325, 400 - 100,
 * 325 - 250) = 75 < 100.  2.6.22: 150 < 2 x 100, and moving one only
 * swaps (pwr_now 200 = pwr_move 200): balanced.  2.6.32: 250 >= 200.
 */
static void sp_lb_test_small_gap(struct kunit *test)
{
	struct sched_policy_lb_stats st = {
		.this_load = 250, .this_nr = 3, .this_weighted = 300,
		.max_load = 400, .busiest_nr = 4, .busiest_weighted = 400,
		.total_load = 650, SP_LB_TEST_CPUS(2), .busiest = 1,
	};

	KUNIT_EXPECT_EQ(test, sp_lb_test_verdict(&sp_lb_test_2622, &st),
			SP_LB_BALANCED);
	KUNIT_EXPECT_EQ(test, sp_lb_test_verdict(&sp_lb_test_2632, &st),
			100UL);
	/*
	 * One task of 100 here, two of 65 there: min(130 - 115, 65,
	 * 115 - 100) = 15; the gap (30, 2.6.32: 95) is under 2 x 65 and
	 * moving one does not gain (pwr 165 -> 165).  2.6.22: balanced;
	 * 2.6.32 still names the busiest CPU, with the 15 left to move.
	 */
	st = (struct sched_policy_lb_stats){
		.this_load = 100, .this_nr = 1, .this_weighted = 100,
		.max_load = 130, .busiest_nr = 2, .busiest_weighted = 130,
		.total_load = 230, SP_LB_TEST_CPUS(2), .busiest = 1,
	};
	KUNIT_EXPECT_EQ(test, sp_lb_test_verdict(&sp_lb_test_2622, &st),
			SP_LB_BALANCED);
	KUNIT_EXPECT_EQ(test, sp_lb_test_verdict(&sp_lb_test_2632, &st), 15UL);
}

/*
 * The affine-wakeup test where the kernels part: a sync waker alone on
 * the waking CPU leaves it no load, and the previous CPU is lightly
 * loaded now (source 50) but was busy (target 300).  2.6.22 stays: 300
 * over one task's 100 here, 100 x 100 > 112 x 50.  2.6.32 comes (!tl).
 */
static void sp_lb_test_affine_kernels(struct kunit *test)
{
	struct sched_policy_lb_wake w = {
		.this_load = 100, .waker_load = 100, .prev_load = 50,
		.prev_target = 300, .this_per_task = 100, .task_load = 100,
	};

	KUNIT_EXPECT_FALSE(test, sched_policy_lb_affine(&sp_lb_test_2622, &w));
	KUNIT_EXPECT_TRUE(test, sched_policy_lb_affine(&sp_lb_test_2632, &w));
	/* with the waker's load still there, both stay */
	w.waker_load = 0;
	KUNIT_EXPECT_FALSE(test, sched_policy_lb_affine(&sp_lb_test_2622, &w));
	KUNIT_EXPECT_FALSE(test, sched_policy_lb_affine(&sp_lb_test_2632, &w));
	/* 100 x (100 + 100) <= 112 x 179: both come */
	w.prev_load = 179;
	KUNIT_EXPECT_TRUE(test, sched_policy_lb_affine(&sp_lb_test_2622, &w));
	KUNIT_EXPECT_TRUE(test, sched_policy_lb_affine(&sp_lb_test_2632, &w));
}

/*
 * 2.6.22 with CONFIG_SCHED_MC: a cache's CPUs are one group of one
 * task's power at the top domain.  Two hogs on one cache of two CPUs,
 * the other cache idle: as two groups the busy one is over its capacity
 * and one task moves; as four groups (one domain, each CPU a group)
 * no CPU runs two and nothing does.
 */
static void sp_lb_test_cache_capacity(struct kunit *test)
{
	const struct sched_policy_lb *lb = &sp_lb_test_2622;
	struct sched_policy_lb_stats st = {
		.max_load = 200, .busiest_nr = 2, .busiest_weighted = 200,
		.total_load = 200, SP_LB_TEST_CPUS(2), .busiest = 0,
	};

	/* min(200 - 100, 200 - 100, 100 - 0): one hog */
	KUNIT_EXPECT_EQ(test, sp_lb_test_verdict(lb, &st), 100UL);
	st = (struct sched_policy_lb_stats){ .busiest = -1 };
	sp_lb_add_group(&st, 0, false, SP_LB_TEST_GROUP(100, 1, 100));
	sp_lb_add_group(&st, 1, false, SP_LB_TEST_GROUP(100, 1, 100));
	sp_lb_add_group(&st, 2, true, SP_LB_TEST_GROUP(0, 0, 0));
	sp_lb_add_group(&st, 3, false, SP_LB_TEST_GROUP(0, 0, 0));
	KUNIT_EXPECT_EQ(test, st.busiest, -1);
	KUNIT_EXPECT_EQ(test, sp_lb_test_verdict(lb, &st), SP_LB_BALANCED);
	/* the same hogs summed as one group: it is the busiest */
	st = (struct sched_policy_lb_stats){ .busiest = -1 };
	sp_lb_add_group(&st, 0, false, SP_LB_TEST_GROUP(200, 2, 200));
	sp_lb_add_group(&st, 2, true, SP_LB_TEST_GROUP(0, 0, 0));
	KUNIT_EXPECT_EQ(test, st.busiest, 0);
	KUNIT_EXPECT_EQ(test, st.total_power, 2 * SP_LB_POWER_SCALE);
	KUNIT_EXPECT_EQ(test, sp_lb_test_verdict(lb, &st), 100UL);
}

/*
 * 2.6.32's cpu_power lowered by RT time (scale_rt_power()), nice-0 tasks
 * of 1024, two CPUs: CPU 1's RT task had 95% of it (power 51, capacity
 * 0) and counts in its task count, not its load.
 */
static void sp_lb_test_rt_power(struct kunit *test)
{
	const struct sched_policy_lb *lb = &sp_lb_test_2632;
	struct sp_lb_group_sum one = { .load = 1024, .nr = 1,
				       .weighted = 1024, .power = 1024 };
	struct sp_lb_group_sum beside_rt = { .load = 1024, .nr = 2,
					     .weighted = 1024, .power = 51 };
	struct sp_lb_group_sum rt_only = { .nr = 1, .power = 51 };
	struct sp_lb_group_sum two = { .load = 2048, .nr = 2,
				       .weighted = 2048, .power = 1024 };
	struct sched_policy_lb_stats st = { .busiest = -1 };

	/*
	 * A hog here, one behind the RT task there: 1048576 / 51 = 20560
	 * over its capacity of 0; average 2097152 / 1075 = 1950, a task
	 * 512; min(min(18610, 20048) x 51, 926 x 1024) / 1024 = 926
	 */
	sp_lb_add_group(&st, 0, true, &one);
	sp_lb_add_group(&st, 1, false, &beside_rt);
	KUNIT_EXPECT_EQ(test, st.busiest, 1);
	KUNIT_EXPECT_EQ(test, st.max_load, 20560UL);
	KUNIT_EXPECT_EQ(test, sp_lb_test_verdict(lb, &st), 926UL);
	/* as two CPUs of full power, 1024 each: balanced */
	st = (struct sched_policy_lb_stats){ .busiest = -1 };
	beside_rt.power = 1024;
	sp_lb_add_group(&st, 0, true, &one);
	sp_lb_add_group(&st, 1, false, &beside_rt);
	KUNIT_EXPECT_EQ(test, sp_lb_test_verdict(lb, &st), SP_LB_BALANCED);
	/*
	 * The RT CPU looks at the other, both hogs there: min(98 x 1024,
	 * 1950 x 51) / 1024 = 97 < 1024 a task, but the gap 2048 + 1024
	 * is a task over its own of 0 (imbn 1): it pulls one (2.6.32 did)
	 */
	st = (struct sched_policy_lb_stats){ .busiest = -1 };
	sp_lb_add_group(&st, 0, false, &two);
	sp_lb_add_group(&st, 1, true, &rt_only);
	KUNIT_EXPECT_EQ(test, sp_lb_test_verdict(lb, &st), 1024UL);
}

static struct kunit_case sp_lb_test_cases[] = {
	KUNIT_CASE(sp_lb_test_tick_load),
	KUNIT_CASE(sp_lb_test_imbalance),
	KUNIT_CASE(sp_lb_test_cache_capacity),
	KUNIT_CASE(sp_lb_test_small_gap),
	KUNIT_CASE(sp_lb_test_affine_kernels),
	KUNIT_CASE(sp_lb_test_rt_power),
	{}
};

static struct kunit_suite sp_lb_test_suite = {
	.name = "sched_policy_lb",
	.test_cases = sp_lb_test_cases,
};
kunit_test_suite(sp_lb_test_suite);
