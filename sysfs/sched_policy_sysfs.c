// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/kernel/sched_policy/ - see sysfs/ABI.md for the files.
 *
 * Writes are root-only (file mode and CAP_SYS_ADMIN) and range-checked:
 * a bad value returns -EINVAL and leaves the old one.  Reading "check"
 * is root-only too: it runs the consistency check.  Files inside a
 * policy's directory never take sched_policy_mutex, because unregistering
 * a policy removes its directory with that mutex held.
 */
#define pr_fmt(fmt) "sched_policy: " fmt

#include <linux/kobject.h>
#include <linux/sysfs.h>
#include <linux/capability.h>
#include <linux/slab.h>
#include "internal.h"

static struct kobject *sp_root;

struct sp_tunable_attr {
	struct kobj_attribute			attr;
	const struct sched_policy_tunable	*t;
};

/* A policy's directory, freed with its kobject. */
struct sp_policy_dir {
	struct kobject			kobj;
	struct sched_policy_ops		*ops;
	struct attribute_group		tunables;
	struct attribute		**attrs;
	struct sp_tunable_attr		tattrs[];
};

static ssize_t available_show(struct kobject *kobj,
			      struct kobj_attribute *attr, char *buf)
{
	size_t len;

	mutex_lock(&sched_policy_mutex);
	len = sched_policy_format_available(buf, PAGE_SIZE - 1);
	mutex_unlock(&sched_policy_mutex);
	return len + sysfs_emit_at(buf, len, "\n");
}

static ssize_t active_show(struct kobject *kobj, struct kobj_attribute *attr,
			   char *buf)
{
	struct sched_policy_ops *ops;
	ssize_t len;

	/* a switch waits for a grace period before the module may go */
	rcu_read_lock();
	ops = READ_ONCE(sched_policy_active);
	len = sysfs_emit(buf, "%s\n", ops ? ops->name : SCHED_POLICY_DEFAULT_NAME);
	rcu_read_unlock();
	return len;
}

static int sp_store_u64(const char *buf, size_t count, u64 min, u64 max,
			u64 *val)
{
	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	return sched_policy_parse_value(buf, count, min, max, val);
}

/* Switch policy; an unknown name (after trying to load it) is -EINVAL. */
static ssize_t active_store(struct kobject *kobj, struct kobj_attribute *attr,
			    const char *buf, size_t count)
{
	int ret;

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	ret = sched_policy_switch_by_name(buf, count);
	return ret ? ret : count;
}

static ssize_t watchdog_timeout_ms_show(struct kobject *kobj,
					struct kobj_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u\n", READ_ONCE(sched_policy_watchdog_timeout_ms));
}

static ssize_t watchdog_timeout_ms_store(struct kobject *kobj,
					 struct kobj_attribute *attr,
					 const char *buf, size_t count)
{
	u64 val;
	int ret = sp_store_u64(buf, count, 0, SP_WATCHDOG_MAX_MS, &val);

	if (ret)
		return ret;
	if (val && val < SP_WATCHDOG_MIN_MS)
		return -EINVAL;
	WRITE_ONCE(sched_policy_watchdog_timeout_ms, val);
	sched_policy_watchdog_rearm();
	return count;
}

static ssize_t balance_interval_ms_show(struct kobject *kobj,
					struct kobj_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u\n", READ_ONCE(sched_policy_balance_interval_ms));
}

static ssize_t balance_interval_ms_store(struct kobject *kobj,
					 struct kobj_attribute *attr,
					 const char *buf, size_t count)
{
	u64 val;
	int ret = sp_store_u64(buf, count, 1, 1000, &val);

	if (ret)
		return ret;
	WRITE_ONCE(sched_policy_balance_interval_ms, val);
	return count;
}

/*
 * timing: 1 times every hook of the policy (the *_ns statistics), 0 does
 * not; the default is CONFIG_SCHED_POLICY_TIMING (on in the test kernel).
 */
static DEFINE_MUTEX(sp_timing_file_mutex);

static ssize_t timing_show(struct kobject *kobj, struct kobj_attribute *attr,
			   char *buf)
{
	return sysfs_emit(buf, "%u\n", sp_timing());
}

static ssize_t timing_store(struct kobject *kobj, struct kobj_attribute *attr,
			    const char *buf, size_t count)
{
	u64 val;
	int ret = sp_store_u64(buf, count, 0, 1, &val);

	if (ret)
		return ret;
	mutex_lock(&sp_timing_file_mutex);
	if (val != sp_timing())
		sched_policy_set_timing(val);
	mutex_unlock(&sp_timing_file_mutex);
	return count;
}

/*
 * bypass: 1 takes the class's tasks away from the policy into the core's
 * per-CPU FIFOs (kernel/sched_core/bypass.c), 0 gives them back.  This
 * file holds at most one bypass reference; reading shows it, and "2"
 * when bypass is on for another reason (the watchdog, suspend).
 */
static DEFINE_MUTEX(sp_bypass_file_mutex);
static bool sp_bypass_file_on;

static ssize_t bypass_show(struct kobject *kobj, struct kobj_attribute *attr,
			   char *buf)
{
	unsigned int v = READ_ONCE(sp_bypass_file_on);

	if (!v && sched_policy_bypassing())
		v = 2;
	return sysfs_emit(buf, "%u\n", v);
}

static ssize_t bypass_store(struct kobject *kobj, struct kobj_attribute *attr,
			    const char *buf, size_t count)
{
	u64 val;
	int ret = sp_store_u64(buf, count, 0, 1, &val);

	if (ret)
		return ret;
	mutex_lock(&sp_bypass_file_mutex);
	if (val != sp_bypass_file_on) {
		sched_policy_bypass(val);
		WRITE_ONCE(sp_bypass_file_on, val);
	}
	mutex_unlock(&sp_bypass_file_mutex);
	return count;
}

/*
 * The consistency check (kernel/sched_core/check.c): reading runs it, and
 * it stops every CPU for a moment, so only root may (mode 0400 and
 * CAP_SYS_ADMIN, as for writes elsewhere).
 */
static ssize_t check_show(struct kobject *kobj, struct kobj_attribute *attr,
			  char *buf)
{
	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	return sched_policy_check_all(buf, PAGE_SIZE);
}

static struct kobj_attribute sp_available_attr = __ATTR_RO(available);
static struct kobj_attribute sp_active_attr = __ATTR_RW(active);
static struct kobj_attribute sp_balance_attr = __ATTR_RW(balance_interval_ms);
static struct kobj_attribute sp_watchdog_attr = __ATTR_RW(watchdog_timeout_ms);
static struct kobj_attribute sp_check_attr = __ATTR(check, 0400, check_show, NULL);
static struct kobj_attribute sp_bypass_attr = __ATTR_RW(bypass);
static struct kobj_attribute sp_timing_attr = __ATTR_RW(timing);

static struct attribute *sp_root_attrs[] = {
	&sp_available_attr.attr,
	&sp_active_attr.attr,
	&sp_balance_attr.attr,
	&sp_watchdog_attr.attr,
	&sp_check_attr.attr,
	&sp_bypass_attr.attr,
	&sp_timing_attr.attr,
	NULL,
};

static const struct attribute_group sp_root_group = {
	.attrs = sp_root_attrs,
};

static ssize_t tunable_show(struct kobject *kobj, struct kobj_attribute *attr,
			    char *buf)
{
	struct sp_tunable_attr *ta = container_of(attr, struct sp_tunable_attr, attr);

	return sysfs_emit(buf, "%llu\n", READ_ONCE(*ta->t->value));
}

static ssize_t tunable_store(struct kobject *kobj, struct kobj_attribute *attr,
			     const char *buf, size_t count)
{
	struct sp_tunable_attr *ta = container_of(attr, struct sp_tunable_attr, attr);
	u64 val;
	int ret = sp_store_u64(buf, count, ta->t->min, ta->t->max, &val);

	if (ret)
		return ret;
	WRITE_ONCE(*ta->t->value, val);
	return count;
}

static const char *sp_stat_name(const struct sched_policy_ops *ops,
				unsigned int i)
{
	return i < SP_NR_CORE_STATS ? sp_core_stat_names[i] :
	       ops->stat_names[i - SP_NR_CORE_STATS];
}

/* "counter total cpu0 cpu1 ...", then one row per counter. */
static ssize_t stats_show(struct kobject *kobj, struct kobj_attribute *attr,
			  char *buf)
{
	struct sp_policy_dir *dir = container_of(kobj, struct sp_policy_dir, kobj);
	struct sched_policy_ops *ops = dir->ops;
	unsigned int i;
	ssize_t len;
	int cpu;

	len = sysfs_emit(buf, "counter total");
	for_each_possible_cpu(cpu)
		len += sysfs_emit_at(buf, len, " cpu%d", cpu);
	len += sysfs_emit_at(buf, len, "\n");

	for (i = 0; i < sp_nr_stats(ops); i++) {
		u64 sum = 0;

		for_each_possible_cpu(cpu)
			sum += READ_ONCE(per_cpu_ptr(ops->stats, cpu)[i]);
		len += sysfs_emit_at(buf, len, "%s %llu", sp_stat_name(ops, i), sum);
		for_each_possible_cpu(cpu)
			len += sysfs_emit_at(buf, len, " %llu",
					     READ_ONCE(per_cpu_ptr(ops->stats, cpu)[i]));
		len += sysfs_emit_at(buf, len, "\n");
	}
	return len;
}

static struct kobj_attribute sp_stats_attr = __ATTR_RO(stats);

static void sp_dir_release(struct kobject *kobj)
{
	struct sp_policy_dir *dir = container_of(kobj, struct sp_policy_dir, kobj);

	kfree(dir->attrs);
	kfree(dir);
}

static const struct kobj_type sp_dir_ktype = {
	.release	= sp_dir_release,
	.sysfs_ops	= &kobj_sysfs_ops,
};

static unsigned int sp_nr_tunables(const struct sched_policy_ops *ops)
{
	const struct sched_policy_tunable *t;
	unsigned int n = 0;

	for (t = ops->tunables; t && t->name; t++)
		n++;
	return n;
}

static int sp_dir_populate(struct sp_policy_dir *dir)
{
	struct sched_policy_ops *ops = dir->ops;
	unsigned int i, n = sp_nr_tunables(ops);
	int ret;

	ret = sysfs_create_file(&dir->kobj, &sp_stats_attr.attr);
	if (ret || !n)
		return ret;

	dir->attrs = kcalloc(n + 1, sizeof(*dir->attrs), GFP_KERNEL);
	if (!dir->attrs)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		struct sp_tunable_attr *ta = &dir->tattrs[i];

		ta->t = &ops->tunables[i];
		sysfs_attr_init(&ta->attr.attr);
		ta->attr.attr.name = ta->t->name;
		ta->attr.attr.mode = 0644;
		ta->attr.show = tunable_show;
		ta->attr.store = tunable_store;
		dir->attrs[i] = &ta->attr.attr;
	}
	dir->tunables.name = "tunables";
	dir->tunables.attrs = dir->attrs;
	return sysfs_create_group(&dir->kobj, &dir->tunables);
}

/* Called with sched_policy_mutex held. */
static void sp_dir_add(struct sched_policy_ops *ops)
{
	struct sp_policy_dir *dir;
	int ret;

	if (!sp_root)
		return;
	dir = kzalloc(struct_size(dir, tattrs, sp_nr_tunables(ops)), GFP_KERNEL);
	if (!dir)
		goto fail;
	dir->ops = ops;
	ret = kobject_init_and_add(&dir->kobj, &sp_dir_ktype, sp_root, "%s",
				   ops->name);
	if (!ret)
		ret = sp_dir_populate(dir);
	if (ret) {
		kobject_put(&dir->kobj);
		goto fail;
	}
	ops->kobj = &dir->kobj;
	return;
fail:
	pr_err("no sysfs directory for policy '%s'\n", ops->name);
}

static void sp_dir_remove(struct sched_policy_ops *ops)
{
	if (!ops->kobj)
		return;
	kobject_put(ops->kobj);
	ops->kobj = NULL;
}

/* The registry's news, under sched_policy_mutex. */
static int sp_registry_event(struct notifier_block *nb, unsigned long event,
			     void *data)
{
	if (event == SCHED_POLICY_ADDED)
		sp_dir_add(data);
	else if (event == SCHED_POLICY_REMOVED)
		sp_dir_remove(data);
	return NOTIFY_OK;
}

static struct notifier_block sp_registry_nb = {
	.notifier_call = sp_registry_event,
};

static int __init sched_policy_sysfs_init(void)
{
	struct sched_policy_ops *ops;
	int ret;

	mutex_lock(&sched_policy_mutex);
	sp_root = kobject_create_and_add("sched_policy", kernel_kobj);
	if (!sp_root) {
		ret = -ENOMEM;
		goto out;
	}
	ret = sysfs_create_group(sp_root, &sp_root_group);
	if (ret) {
		kobject_put(sp_root);
		sp_root = NULL;
		goto out;
	}
	list_for_each_entry(ops, &sched_policy_list, list)
		sp_dir_add(ops);
	sched_policy_registry_watch(&sp_registry_nb);
out:
	mutex_unlock(&sched_policy_mutex);
	if (ret)
		pr_err("cannot create /sys/kernel/sched_policy (%d)\n", ret);
	return ret;
}
subsys_initcall(sched_policy_sysfs_init);
