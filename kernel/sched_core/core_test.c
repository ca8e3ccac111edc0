// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the dispatch layer: ops validation, the registry (unique
 * names, lookup, unregister), tunable parsing and the consistency check on
 * the live system.  The registry tests use a policy that is registered but
 * never activated.
 */
#include <kunit/test.h>
#include "internal.h"

static u64 kt_value = 5;

static const struct sched_policy_tunable kt_tunables[] = {
	{ "value", &kt_value, 1, 10, "" },
	{ }
};

/* Hooks that are never called: the test policy is never activated. */
static void kt_enqueue(struct sched_policy_rq *rq, struct task_struct *p,
		       unsigned int flags)
{
}

static void kt_dequeue(struct sched_policy_rq *rq, struct task_struct *p,
		       unsigned int flags)
{
}

static struct task_struct *kt_pick(struct sched_policy_rq *rq,
				   struct task_struct *curr)
{
	return curr;
}

static void kt_put_prev(struct sched_policy_rq *rq, struct task_struct *p,
			bool queued)
{
}

static void kt_set_next(struct sched_policy_rq *rq, struct task_struct *p)
{
}

static void kt_tick(struct sched_policy_rq *rq, struct task_struct *p)
{
}

static struct task_struct *kt_candidate(struct sched_policy_rq *rq, int cpu)
{
	return NULL;
}

static const struct sched_policy_ops kt_template = {
	.name			= "kunit_policy",
	.enqueue		= kt_enqueue,
	.dequeue		= kt_dequeue,
	.pick_next		= kt_pick,
	.put_prev		= kt_put_prev,
	.set_next		= kt_set_next,
	.tick			= kt_tick,
	.migration_candidate	= kt_candidate,
	.tunables		= kt_tunables,
};

static struct sched_policy_ops *kt_ops(struct kunit *test)
{
	struct sched_policy_ops *ops = kunit_kmalloc(test, sizeof(*ops), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, ops);
	*ops = kt_template;
	INIT_LIST_HEAD(&ops->list);
	return ops;
}

static void sp_test_validate_ok(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, sched_policy_validate_ops(kt_ops(test)), 0);
}

static void sp_test_validate_required_hooks(struct kunit *test)
{
	struct sched_policy_ops *ops;

#define EXPECT_REQUIRED(hook)						\
	do {								\
		ops = kt_ops(test);					\
		ops->hook = NULL;					\
		KUNIT_EXPECT_EQ_MSG(test, sched_policy_validate_ops(ops), \
				    -EINVAL, #hook " must be required");	\
	} while (0)
	EXPECT_REQUIRED(enqueue);
	EXPECT_REQUIRED(dequeue);
	EXPECT_REQUIRED(pick_next);
	EXPECT_REQUIRED(put_prev);
	EXPECT_REQUIRED(set_next);
	EXPECT_REQUIRED(tick);
#undef EXPECT_REQUIRED

	ops = kt_ops(test);
	ops->migration_candidate = NULL;
	KUNIT_EXPECT_EQ(test, sched_policy_validate_ops(ops),
			IS_ENABLED(CONFIG_SMP) ? -EINVAL : 0);
	ops->flags = SCHED_POLICY_GLOBAL_QUEUE;
	KUNIT_EXPECT_EQ(test, sched_policy_validate_ops(ops), 0);
}

static void sp_test_validate_names(struct kunit *test)
{
	static const char * const bad[] = {
		"", "eevdf", "RR", "has space", "a/b", "sixteen_chars_xx",
	};
	struct sched_policy_ops *ops = kt_ops(test);
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		ops->name = bad[i];
		KUNIT_EXPECT_EQ_MSG(test, sched_policy_validate_ops(ops), -EINVAL,
				    "name '%s' accepted", bad[i]);
	}
	ops->name = NULL;
	KUNIT_EXPECT_EQ(test, sched_policy_validate_ops(ops), -EINVAL);
	ops->name = "fifteen_chars_x";
	KUNIT_EXPECT_EQ(test, sched_policy_validate_ops(ops), 0);
}

static void sp_test_validate_tunables(struct kunit *test)
{
	static u64 out_of_range = 11;
	static const struct sched_policy_tunable bad_default[] = {
		{ "value", &out_of_range, 1, 10, "" },
		{ }
	};
	static const struct sched_policy_tunable bad_range[] = {
		{ "value", &kt_value, 10, 1, "" },
		{ }
	};
	struct sched_policy_ops *ops = kt_ops(test);

	ops->tunables = bad_default;
	KUNIT_EXPECT_EQ(test, sched_policy_validate_ops(ops), -EINVAL);
	ops->tunables = bad_range;
	KUNIT_EXPECT_EQ(test, sched_policy_validate_ops(ops), -EINVAL);
	ops->nr_stats = 1;	/* without stat_names */
	ops->tunables = kt_tunables;
	KUNIT_EXPECT_EQ(test, sched_policy_validate_ops(ops), -EINVAL);
}

static void sp_test_registry(struct kunit *test)
{
	struct sched_policy_ops *ops = kt_ops(test), *dup = kt_ops(test);
	char avail[256];

	KUNIT_ASSERT_EQ(test, sched_policy_register(ops), 0);
	KUNIT_EXPECT_EQ(test, sched_policy_register(dup), -EEXIST);

	mutex_lock(&sched_policy_mutex);
	KUNIT_EXPECT_PTR_EQ(test, sched_policy_find("kunit_policy", 12), ops);
	KUNIT_EXPECT_NULL(test, sched_policy_find("kunit_policy\n", 13));
	KUNIT_EXPECT_NULL(test, sched_policy_find("kunit_polic", 11));
	KUNIT_EXPECT_NULL(test, sched_policy_find("eevdf", 5));
	sched_policy_format_available(avail, sizeof(avail));
	mutex_unlock(&sched_policy_mutex);
	KUNIT_EXPECT_TRUE(test, str_has_prefix(avail, "eevdf"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(avail, " kunit_policy"));

	sched_policy_unregister(ops);
	mutex_lock(&sched_policy_mutex);
	KUNIT_EXPECT_NULL(test, sched_policy_find("kunit_policy", 12));
	mutex_unlock(&sched_policy_mutex);

	/* The name is free again. */
	KUNIT_ASSERT_EQ(test, sched_policy_register(dup), 0);
	sched_policy_unregister(dup);
}

static void sp_test_parse_value(struct kunit *test)
{
	static const char * const bad[] = {
		"", "\n", "-1", "abc", "0", "11", "5x", " 5", "+5", "5\n\n",
		"0000000000000000000000005", "18446744073709551616",
	};
	static const char binary[] = { '5', '\0', '1' };
	unsigned int i;
	u64 v = 0;

	KUNIT_EXPECT_EQ(test, sched_policy_parse_value("5", 1, 1, 10, &v), 0);
	KUNIT_EXPECT_EQ(test, v, 5ULL);
	KUNIT_EXPECT_EQ(test, sched_policy_parse_value("10\n", 3, 1, 10, &v), 0);
	KUNIT_EXPECT_EQ(test, v, 10ULL);
	KUNIT_EXPECT_EQ(test, sched_policy_parse_value("1", 1, 1, 10, &v), 0);

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		v = 42;
		KUNIT_EXPECT_EQ_MSG(test,
				    sched_policy_parse_value(bad[i], strlen(bad[i]),
							     1, 10, &v),
				    -EINVAL, "'%s' accepted", bad[i]);
		KUNIT_EXPECT_EQ(test, v, 42ULL);
	}
	/* Binary: an embedded NUL. */
	KUNIT_EXPECT_EQ(test, sched_policy_parse_value(binary, 3, 1, 10, &v),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, sched_policy_parse_value("18446744073709551615",
						       20, 0, U64_MAX, &v), 0);
	KUNIT_EXPECT_EQ(test, v, U64_MAX);
}

static void sp_test_apply_setting(struct kunit *test)
{
	static const struct {
		const char	*setting;
		int		err;
	} bad[] = {
		{ "kunit_policy.value=11", -EINVAL },
		{ "kunit_policy.value=0", -EINVAL },
		{ "kunit_policy.value=abc", -EINVAL },
		{ "kunit_policy.value=", -EINVAL },
		{ "kunit_policy.value", -EINVAL },
		{ "kunit_policy", -EINVAL },
		{ "kunit_policy=5.value", -EINVAL },
		{ "kunit_policy.nope=5", -ENOENT },
		{ "nope.value=5", -ENOENT },
		{ "eevdf.value=5", -ENOENT },
	};
	struct sched_policy_ops *ops = kt_ops(test);
	const char *why;
	unsigned int i;

	KUNIT_ASSERT_EQ(test, sched_policy_register(ops), 0);
	mutex_lock(&sched_policy_mutex);
	KUNIT_EXPECT_EQ(test, sched_policy_apply_setting("kunit_policy.value=7", &why), 0);
	KUNIT_EXPECT_EQ(test, kt_value, 7ULL);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		KUNIT_EXPECT_EQ_MSG(test, sched_policy_apply_setting(bad[i].setting, &why),
				    bad[i].err, "'%s'", bad[i].setting);
		KUNIT_EXPECT_EQ(test, kt_value, 7ULL);
	}
	kt_value = 5;
	mutex_unlock(&sched_policy_mutex);
	sched_policy_unregister(ops);
}

/*
 * The consistency check on the live system, whatever the boot policy:
 * a report outside a run only returns 1 (for the policies' own tests),
 * and a run says "ok" with the active policy's name (unless a policy
 * loaded as a module took over meanwhile).
 */
static const char *sp_test_active_name(void)
{
	struct sched_policy_ops *ops = READ_ONCE(sched_policy_active);

	return ops ? ops->name : SCHED_POLICY_DEFAULT_NAME;
}

static void sp_test_check_live(struct kunit *test)
{
	char *buf = kunit_kzalloc(test, 256, GFP_KERNEL);
	const char *before, *after;
	char want[64];

	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_EXPECT_EQ(test, sched_policy_check_fail(NULL, "kunit %d", 1), 1);
	before = sp_test_active_name();
	KUNIT_ASSERT_GT(test, sched_policy_check_all(buf, 256), 0);
	after = sp_test_active_name();
	snprintf(want, sizeof(want), "ok policy=%s ", before);
	if (before != after)
		strscpy(want, "ok policy=", sizeof(want));
	KUNIT_EXPECT_TRUE_MSG(test, str_has_prefix(buf, want), "verdict: %s", buf);
}

static struct kunit_case sp_core_test_cases[] = {
	KUNIT_CASE(sp_test_validate_ok),
	KUNIT_CASE(sp_test_validate_required_hooks),
	KUNIT_CASE(sp_test_validate_names),
	KUNIT_CASE(sp_test_validate_tunables),
	KUNIT_CASE(sp_test_registry),
	KUNIT_CASE(sp_test_parse_value),
	KUNIT_CASE(sp_test_apply_setting),
	KUNIT_CASE(sp_test_check_live),
	{}
};

static struct kunit_suite sp_core_test_suite = {
	.name = "sched_policy_core",
	.test_cases = sp_core_test_cases,
};
kunit_test_suite(sp_core_test_suite);

MODULE_DESCRIPTION("KUnit tests for the scheduling policy core");
MODULE_LICENSE("GPL");
