// SPDX-License-Identifier: GPL-2.0
/*
 * The policy registry and boot-time selection.
 *
 * Policies register a struct sched_policy_ops, validated like an elevator
 * in elv_register(): a well-formed unique name, the required hooks, sane
 * tunables.  Built-in policies are collected from a linker section by
 * sched_policy_init(), called from sched_init() before the first fork, so
 * that every normal task - init and kthreadd included - starts in the
 * chosen policy.  "eevdf" is not a registered policy: it means the policy
 * class stays empty and the kernel's own fair class runs normal tasks.
 */
#define pr_fmt(fmt) "sched_policy: " fmt

#include <linux/ctype.h>
#include <linux/kstrtox.h>
#include <linux/kthread.h>
#include <linux/notifier.h>
#include <linux/kmod.h>
#include <linux/umh.h>
#include "internal.h"

LIST_HEAD(sched_policy_list);
DEFINE_MUTEX(sched_policy_mutex);
/*
 * Who wants to hear of registrations (the sysfs layer, which sits on top
 * and calls down; the registry never calls up by name).  Under the mutex.
 */
static RAW_NOTIFIER_HEAD(sp_registry_chain);

/* @nb hears SCHED_POLICY_ADDED/_REMOVED; caller holds the mutex. */
void sched_policy_registry_watch(struct notifier_block *nb)
{
	lockdep_assert_held(&sched_policy_mutex);
	raw_notifier_chain_register(&sp_registry_chain, nb);
}
struct sched_policy_ops *sched_policy_active;
DEFINE_STATIC_KEY_FALSE(__sched_policy_on);

const char * const sp_core_stat_names[SP_NR_CORE_STATS] = {
	[SP_STAT_ENQUEUES]		= "enqueues",
	[SP_STAT_DEQUEUES]		= "dequeues",
	[SP_STAT_PICKS]			= "picks",
	[SP_STAT_PUT_PREVS]		= "put_prevs",
	[SP_STAT_SET_NEXTS]		= "set_nexts",
	[SP_STAT_DECISIONS]		= "decisions",
	[SP_STAT_BALANCES]		= "balances",
	[SP_STAT_ENQUEUE_NS]		= "enqueue_ns",
	[SP_STAT_DEQUEUE_NS]		= "dequeue_ns",
	[SP_STAT_PICK_NS]		= "pick_ns",
	[SP_STAT_PUT_PREV_NS]		= "put_prev_ns",
	[SP_STAT_SET_NEXT_NS]		= "set_next_ns",
	[SP_STAT_DECISION_NS]		= "decision_ns",
	[SP_STAT_BALANCE_NS]		= "balance_ns",
	[SP_STAT_TICKS]			= "ticks",
	[SP_STAT_WAKEUP_PREEMPTS]	= "wakeup_preempts",
	[SP_STAT_YIELDS]		= "yields",
	[SP_STAT_MIGRATIONS]		= "migrations",
	[SP_STAT_BALANCE_PULLS]		= "balance_pulls",
	[SP_STAT_SERVER_PICKS]		= "server_picks",
	[SP_STAT_REPICKS]		= "repicks",
	[SP_STAT_BYPASS_ENQUEUES]	= "bypass_enqueues",
	[SP_STAT_TASK_INITS]		= "task_inits",
	[SP_STAT_ENABLES]		= "enables",
};

/*
 * sched_policy=NAME: the last one given wins.  A name too long for the
 * buffer is kept truncated, for the log line, and is never a policy.
 */
static char sp_boot_name[64] __initdata;
static bool sp_boot_truncated __initdata;
static unsigned int sp_boot_given __initdata;
/* A boot policy that is not built in: tried as a module once modprobe can run. */
static char sp_boot_module[SCHED_POLICY_NAME_MAX];

static int __init sp_boot_param(char *str)
{
	sp_boot_truncated = strscpy(sp_boot_name, str ? str : "",
				    sizeof(sp_boot_name)) < 0;
	sp_boot_given++;
	return 0;
}
early_param("sched_policy", sp_boot_param);

/*
 * Boot-time tunables: sched_policy_tunable=POLICY.NAME=VALUE, repeatable,
 * applied in order once the built-in policies are registered.  A bad one
 * is logged and ignored; it changes nothing.
 */
#define SP_MAX_BOOT_TUNABLES	16
static char *sp_boot_tunables[SP_MAX_BOOT_TUNABLES] __initdata;
static unsigned int sp_nr_boot_tunables __initdata;

static int __init sp_tunable_param(char *str)
{
	if (!str)
		str = "";
	if (sp_nr_boot_tunables == SP_MAX_BOOT_TUNABLES) {
		pr_warn("ignoring tunable '%s': more than %d given\n", str,
			SP_MAX_BOOT_TUNABLES);
		return 0;
	}
	sp_boot_tunables[sp_nr_boot_tunables++] = str;
	return 0;
}
early_param("sched_policy_tunable", sp_tunable_param);

static bool sp_name_valid(const char *name)
{
	size_t i, len = strnlen(name, SCHED_POLICY_NAME_MAX);

	if (!len || len >= SCHED_POLICY_NAME_MAX)
		return false;
	for (i = 0; i < len; i++)
		if (!islower(name[i]) && !isdigit(name[i]) && name[i] != '_')
			return false;
	return strcmp(name, SCHED_POLICY_DEFAULT_NAME) != 0;
}

static int sp_reject(const struct sched_policy_ops *ops, const char *why)
{
	pr_err("refusing policy '%s': %s\n",
	       ops->name ? ops->name : "(null)", why);
	return -EINVAL;
}

static int sp_validate_tunables(const struct sched_policy_ops *ops)
{
	const struct sched_policy_tunable *t;

	for (t = ops->tunables; t && t->name; t++) {
		if (!*t->name || strchr(t->name, '/') || !t->value)
			return sp_reject(ops, "malformed tunable");
		if (t->min > t->max || *t->value < t->min ||
		    *t->value > t->max)
			return sp_reject(ops, "tunable default out of its range");
	}
	return 0;
}

/* The hooks every policy must have, by name for the error message. */
#define SP_HOOK(hook) { offsetof(struct sched_policy_ops, hook), #hook }
static const struct {
	size_t		offset;
	const char	*name;
} sp_required_hooks[] = {
	SP_HOOK(enqueue), SP_HOOK(dequeue), SP_HOOK(pick_next),
	SP_HOOK(put_prev), SP_HOOK(set_next), SP_HOOK(tick),
};

static const char *sp_missing_hook(const struct sched_policy_ops *ops)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(sp_required_hooks); i++)
		if (!*(void **)((char *)ops + sp_required_hooks[i].offset))
			return sp_required_hooks[i].name;
	return NULL;
}

int sched_policy_validate_ops(const struct sched_policy_ops *ops)
{
	const char *missing;

	if (!ops->name || !sp_name_valid(ops->name))
		return sp_reject(ops, "name must be 1-15 of [a-z0-9_], not 'eevdf'");
	missing = sp_missing_hook(ops);
	if (missing) {
		pr_err("refusing policy '%s': missing hook %s\n", ops->name, missing);
		return -EINVAL;
	}
	if (IS_ENABLED(CONFIG_SMP) && !(ops->flags & SCHED_POLICY_GLOBAL_QUEUE) &&
	    !ops->balance && !ops->migration_candidate)
		return sp_reject(ops, "per-CPU policy needs migration_candidate or balance");
	if (ops->nr_stats > SCHED_POLICY_MAX_STATS ||
	    (ops->nr_stats && !ops->stat_names))
		return sp_reject(ops, "bad statistics table");
	return sp_validate_tunables(ops);
}

/* Look a policy up by its exact name (callers strip sysfs newlines). */
struct sched_policy_ops *sched_policy_find(const char *name, size_t len)
{
	struct sched_policy_ops *ops;

	list_for_each_entry(ops, &sched_policy_list, list)
		if (strlen(ops->name) == len && !strncmp(ops->name, name, len))
			return ops;
	return NULL;
}

/* "eevdf rr ..." into @buf; returns the length. Caller holds the mutex. */
size_t sched_policy_format_available(char *buf, size_t size)
{
	struct sched_policy_ops *ops;
	size_t len = scnprintf(buf, size, "%s", SCHED_POLICY_DEFAULT_NAME);

	list_for_each_entry(ops, &sched_policy_list, list)
		len += scnprintf(buf + len, size - len, " %s", ops->name);
	return len;
}

/*
 * Parse a decimal tunable value in [@min, @max].  Empty, signed,
 * non-numeric, binary (embedded NUL), overlong and out-of-range input
 * is -EINVAL; one trailing newline is accepted.
 */
int sched_policy_parse_value(const char *buf, size_t len, u64 min, u64 max,
			     u64 *out)
{
	char tmp[24];
	size_t i;
	u64 val;

	if (len && buf[len - 1] == '\n')
		len--;
	if (!len || len >= sizeof(tmp))
		return -EINVAL;
	/* digits only: kstrtou64 would also take a second trailing newline */
	for (i = 0; i < len; i++)
		if (!isdigit(buf[i]))
			return -EINVAL;
	memcpy(tmp, buf, len);
	tmp[len] = '\0';
	if (kstrtou64(tmp, 10, &val) || val < min || val > max)
		return -EINVAL;
	*out = val;
	return 0;
}

static const struct sched_policy_tunable *
sp_find_tunable(const struct sched_policy_ops *ops, const char *name, size_t len)
{
	const struct sched_policy_tunable *t;

	for (t = ops->tunables; t && t->name; t++)
		if (strlen(t->name) == len && !strncmp(t->name, name, len))
			return t;
	return NULL;
}

/*
 * Apply one "POLICY.NAME=VALUE" setting to a registered policy.  Returns
 * 0, -ENOENT (no such policy or tunable) or -EINVAL (malformed, bad value),
 * with the reason in *why.  Caller holds the mutex (or is early boot).
 */
int sched_policy_apply_setting(const char *setting, const char **why)
{
	const char *dot = strchr(setting, '.');
	const char *eq = strchr(setting, '=');
	const struct sched_policy_tunable *t;
	struct sched_policy_ops *ops;
	u64 val;

	if (!dot || !eq || eq < dot) {
		*why = "expected POLICY.TUNABLE=VALUE";
		return -EINVAL;
	}
	ops = sched_policy_find(setting, dot - setting);
	if (!ops) {
		*why = "no such policy";
		return -ENOENT;
	}
	t = sp_find_tunable(ops, dot + 1, eq - dot - 1);
	if (!t) {
		*why = "no such tunable";
		return -ENOENT;
	}
	if (sched_policy_parse_value(eq + 1, strlen(eq + 1), t->min, t->max,
				     &val)) {
		*why = "not a number in the tunable's range";
		return -EINVAL;
	}
	WRITE_ONCE(*t->value, val);
	return 0;
}

static void __init sp_apply_boot_tunables(void)
{
	unsigned int i;

	for (i = 0; i < sp_nr_boot_tunables; i++) {
		const char *why;

		if (sched_policy_apply_setting(sp_boot_tunables[i], &why))
			pr_warn("ignoring tunable '%s': %s\n",
				sp_boot_tunables[i], why);
		else
			pr_info("tunable %s\n", sp_boot_tunables[i]);
	}
}

static int sp_register_locked(struct sched_policy_ops *ops)
{
	int ret = sched_policy_validate_ops(ops);

	if (ret)
		return ret;
	if (sched_policy_find(ops->name, strlen(ops->name))) {
		pr_err("refusing policy '%s': name already registered\n",
		       ops->name);
		return -EEXIST;
	}
	ops->stats = __alloc_percpu(sizeof(u64) * sp_nr_stats(ops),
				    sizeof(u64));
	if (!ops->stats)
		return -ENOMEM;
	list_add_tail(&ops->list, &sched_policy_list);
	return 0;
}

int sched_policy_register(struct sched_policy_ops *ops)
{
	int ret;

	mutex_lock(&sched_policy_mutex);
	ret = sp_register_locked(ops);
	if (!ret)
		raw_notifier_call_chain(&sp_registry_chain, SCHED_POLICY_ADDED,
					ops);
	mutex_unlock(&sched_policy_mutex);
	if (!ret)
		pr_info("registered policy '%s'\n", ops->name);
	return ret;
}
EXPORT_SYMBOL_GPL(sched_policy_register);

void sched_policy_unregister(struct sched_policy_ops *ops)
{
	mutex_lock(&sched_policy_mutex);
	if (WARN(ops == sched_policy_active,
		 "sched_policy: active policy '%s' cannot be unregistered\n",
		 ops->name)) {
		mutex_unlock(&sched_policy_mutex);
		return;
	}
	raw_notifier_call_chain(&sp_registry_chain, SCHED_POLICY_REMOVED, ops);
	list_del_init(&ops->list);
	free_percpu(ops->stats);
	ops->stats = NULL;
	mutex_unlock(&sched_policy_mutex);
}
EXPORT_SYMBOL_GPL(sched_policy_unregister);

static int __init sp_activate_boot(struct sched_policy_ops *ops)
{
	int ret = sp_ops_prepare(ops);

	if (!ret)
		sp_enable_boot(ops);
	return ret;
}

/*
 * The boot policy's ops; NULL for eevdf.  A name that is no policy's
 * logs one fallback line: "unknown policy" for a well-formed name (tried
 * again later as a module), "bad policy name" for one that cannot be a
 * policy's (empty, too long, other characters), which is never passed
 * to modprobe.
 */
static struct sched_policy_ops *__init sp_choose_boot_policy(void)
{
	const char *fallback = CONFIG_SCHED_POLICY_DEFAULT;
	const char *want = sp_boot_given ? sp_boot_name : fallback;
	const char *what = "unknown policy";
	struct sched_policy_ops *ops;
	char avail[128];

	if (sp_boot_given > 1)
		pr_info("sched_policy= given %u times, the last one counts\n",
			sp_boot_given);
	if (!sp_boot_truncated) {
		if (!strcmp(want, SCHED_POLICY_DEFAULT_NAME))
			return NULL;
		ops = sched_policy_find(want, strlen(want));
		if (ops)
			return ops;
	}

	sched_policy_format_available(avail, sizeof(avail));
	if (sp_boot_truncated || !sp_name_valid(want))
		what = "bad policy name";
	else if (sp_boot_given)
		strscpy(sp_boot_module, want, sizeof(sp_boot_module));
	if (sp_boot_given && strcmp(want, fallback)) {
		ops = sched_policy_find(fallback, strlen(fallback));
		if (ops || !strcmp(fallback, SCHED_POLICY_DEFAULT_NAME)) {
			pr_warn("%s '%s%s' (available: %s), using default '%s'\n",
				what, want, sp_boot_truncated ? "..." : "",
				avail, fallback);
			return ops;
		}
	}
	pr_warn("%s '%s%s' (available: %s), using '%s'\n", what, want,
		sp_boot_truncated ? "..." : "", avail, SCHED_POLICY_DEFAULT_NAME);
	return NULL;
}

void __init sched_policy_init(void)
{
	struct sched_policy_ops *const *builtin;
	struct sched_policy_ops *ops;

	sched_policy_init_rqs();
	for (builtin = __sched_policy_builtin_start;
	     builtin < __sched_policy_builtin_end; builtin++)
		sp_register_locked(*builtin);
	sp_apply_boot_tunables();

	ops = sp_choose_boot_policy();
	if (ops && sp_activate_boot(ops)) {
		pr_err("policy '%s' failed to start, using '%s'\n", ops->name,
		       SCHED_POLICY_DEFAULT_NAME);
		ops = NULL;
	}
	pr_info("active policy: %s\n", ops ? ops->name : SCHED_POLICY_DEFAULT_NAME);
}

/*
 * sched_policy=NAME for a policy that is a module: modules cannot load
 * before sched_init(), so the boot starts under the fallback (logged
 * above) and this thread loads "sched-policy-NAME" as soon as userspace
 * can run modprobe (the initramfs's, or the root file system's), then
 * switches to it.  A name no module provides changes nothing more.
 */
static int sp_boot_module_fn(void *unused)
{
	const char *name = sp_boot_module;
	int ret;

	/* Returns with the helper lock held, or 0 after the timeout. */
	if (!usermodehelper_read_lock_wait(120 * HZ))
		return 0;
	usermodehelper_read_unlock();
	if (request_module("sched-policy-%s", name))
		return 0;
	ret = sched_policy_switch_by_name(name, strlen(name));
	if (ret)
		pr_err("boot policy '%s': module loaded, switch failed (%d)\n",
		       name, ret);
	else
		pr_info("boot policy '%s' loaded as a module and active\n", name);
	return 0;
}

static int __init sp_boot_module_init(void)
{
	if (sp_boot_module[0] && !sched_policy_active &&
	    strcmp(sp_boot_module, SCHED_POLICY_DEFAULT_NAME))
		kthread_run(sp_boot_module_fn, NULL, "sched_policy_load");
	return 0;
}
late_initcall(sp_boot_module_init);
