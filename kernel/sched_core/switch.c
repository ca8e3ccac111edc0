// SPDX-License-Identifier: GPL-2.0
/*
 * Switching the active policy at run time, following sched_ext's
 * enable/disable sequence (scx_ops_enable/scx_ops_disable_workfn):
 *
 *  - the policy's per-CPU data exists, is bound to every CPU's handle and
 *    the ops are published before the first task arrives;
 *  - every task on the core's task list (tasks.c: fork to free, so the
 *    threads that reaped themselves too) is moved one at a time under its
 *    task_rq_lock, with forks held off by a percpu rwsem that every fork
 *    takes for reading from sched_fork() to sched_post_fork();
 *  - switching a policy off runs in bypass (bypass.c), so that nothing in
 *    it waits on the policy; its tasks leave, every life under it ends
 *    (task_exit), then the ops are unpublished (pointer, then static key),
 *    every CPU passes through a grace period (a hook that read the old
 *    ops has returned) and only then is the policy's data freed.
 *
 * The hotplug lock is never taken with the fork rwsem held (a fork holds
 * the rwsem across copy_namespaces() and cgroup_css_set_fork(), which
 * take the hotplug lock): the static key is flipped outside it, as
 * ext.c does since "scx: Reorder scx_fork_rwsem, cpu_hotplug_lock and
 * scx_cgroup_rwsem", and the deadline server's bandwidth (server.c) is
 * reserved before and released after the walks.
 *
 * Which class a normal task belongs to comes from __setscheduler_class(),
 * i.e. task_should_policy(): the policy class while a policy accepts
 * tasks, else fair.  Going from policy P to policy Q passes through eevdf
 * (all tasks back to fair, then all to Q): the two policies never share
 * the class.  The module of the active policy is pinned.
 */
#define pr_fmt(fmt) "sched_policy: " fmt

#include <linux/sched/signal.h>
#include "internal.h"
#include <trace/events/sched_policy.h>

bool sched_policy_accepting;

/* Before it is published: @ops's data on every CPU's handle. */
static void sp_bind(struct sched_policy_ops *ops)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		struct sched_policy_rq *sprq = &per_cpu(sched_policy_rqs, cpu);

		WARN_ON_ONCE(sprq->nr_queued);
		sprq->pull_pending = false;
		sprq->next_balance = jiffies;
		sprq->priv = ops->percpu_data ?
			     per_cpu_ptr(ops->percpu_data, cpu) : NULL;
		sprq->stats = per_cpu_ptr(ops->stats, cpu);
		sprq->nr_stats = ops->nr_stats;
	}
}

/* After the grace period that follows unpublishing. */
static void sp_unbind(void)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		struct sched_policy_rq *sprq = &per_cpu(sched_policy_rqs, cpu);

		WARN_ON_ONCE(sprq->nr_queued);
		sprq->priv = NULL;
		sprq->stats = NULL;
		sprq->nr_stats = 0;
	}
}

/* Per-CPU data, init(), cpu_init(): everything a task's arrival needs. */
int sp_ops_prepare(struct sched_policy_ops *ops)
{
	int ret;

	if (ops->percpu_size) {
		ops->percpu_data = __alloc_percpu(ops->percpu_size,
						  SMP_CACHE_BYTES);
		if (!ops->percpu_data)
			return -ENOMEM;
	}
	if (ops->init) {
		ret = ops->init();
		if (ret) {
			free_percpu(ops->percpu_data);
			ops->percpu_data = NULL;
			return ret;
		}
	}
	return 0;
}

/* Called with the policy's tasks gone and its data bound. */
static void sp_cpu_init_all(struct sched_policy_ops *ops)
{
	int cpu;

	if (ops->cpu_init)
		for_each_possible_cpu(cpu)
			ops->cpu_init(sched_policy_cpu_rq(cpu));
}

void sp_ops_release(struct sched_policy_ops *ops)
{
	if (ops->exit)
		ops->exit();
	free_percpu(ops->percpu_data);
	ops->percpu_data = NULL;
}

/* Boot: no task exists yet, so there is nothing to move. */
void __init sp_enable_boot(struct sched_policy_ops *ops)
{
	sp_bind(ops);
	sp_cpu_init_all(ops);
	sp_server_reserve_boot();
	sched_policy_active = ops;
	sched_policy_accepting = true;
	static_branch_enable(&__sched_policy_on);
}

static unsigned int sp_enable(struct sched_policy_ops *ops)
{
	sp_bind(ops);
	sp_cpu_init_all(ops);
	WRITE_ONCE(sched_policy_active, ops);
	static_branch_enable(&__sched_policy_on);
	/* pairs with task_should_policy(): a fork sees the ops published */
	smp_store_release(&sched_policy_accepting, true);
	return sp_move_all_tasks(NULL);
}

/*
 * Never fails.  With @keep_key (another policy follows at once) the
 * static key stays on: patching the kernel text twice per switch is the
 * slow part, and every class hook copes with no published ops.
 */
static unsigned int sp_disable(struct sched_policy_ops *ops, bool keep_key)
{
	unsigned int moved;

	sched_policy_bypass(true);
	WRITE_ONCE(sched_policy_accepting, false);
	moved = sp_move_all_tasks(ops);
	WRITE_ONCE(sched_policy_active, NULL);
	if (!keep_key)
		static_branch_disable(&__sched_policy_on);
	/*
	 * No CPU may still be inside a hook of @ops when its data goes, and
	 * bypass stays on until then: a balance() that read @ops before it
	 * was unpublished sees bypass when it retakes its locks.
	 */
	synchronize_rcu_expedited();
	sched_policy_bypass(false);
	if (ops->exit)
		ops->exit();
	sp_unbind();
	free_percpu(ops->percpu_data);
	ops->percpu_data = NULL;
	module_put(ops->owner);
	return moved;
}

/*
 * Make @to the active policy (NULL: eevdf).  Caller holds
 * sched_policy_mutex.  Returns 0, or an error with nothing changed
 * (module going away, no memory, the policy's init() failed, no
 * deadline bandwidth for the class's server).  The server's bandwidth is
 * the class's, not a policy's: held from eevdf to a policy until back.
 */
int sched_policy_switch_locked(struct sched_policy_ops *to)
{
	struct sched_policy_ops *from = sched_policy_active;
	unsigned int moved = 0;
	u64 start;
	int ret;

	lockdep_assert_held(&sched_policy_mutex);
	if (from == to)
		return 0;
	if (to) {
		if (!try_module_get(to->owner))
			return -ENODEV;
		ret = sp_ops_prepare(to);
		if (!ret && !from) {
			ret = sp_server_reserve();
			if (ret)
				sp_ops_release(to);
		}
		if (ret) {
			module_put(to->owner);
			return ret;
		}
	}
	start = ktime_get_ns();
	if (from)
		moved += sp_disable(from, to);
	if (to)
		moved += sp_enable(to);
	else
		sp_server_release();
	start = ktime_get_ns() - start;
	trace_sched_policy_switch(from ? from->name : SCHED_POLICY_DEFAULT_NAME,
				  to ? to->name : SCHED_POLICY_DEFAULT_NAME,
				  moved, start);
	pr_info("switched from %s to %s in %llu us (%u task moves)\n",
		from ? from->name : SCHED_POLICY_DEFAULT_NAME,
		to ? to->name : SCHED_POLICY_DEFAULT_NAME,
		div_u64(start, NSEC_PER_USEC), moved);
	return 0;
}

/*
 * Switch by name, loading "sched-policy-NAME" if no such policy is
 * registered.  -EINVAL for a name nothing provides; nothing changes then.
 */
int sched_policy_switch_by_name(const char *name, size_t len)
{
	struct sched_policy_ops *ops = NULL;
	char buf[SCHED_POLICY_NAME_MAX];
	int ret;

	if (len && name[len - 1] == '\n')
		len--;
	if (!len || len >= sizeof(buf) || memchr(name, '\0', len))
		return -EINVAL;
	memcpy(buf, name, len);
	buf[len] = '\0';
	/* a policy name; also refuses a second trailing newline */
	if (strspn(buf, "abcdefghijklmnopqrstuvwxyz0123456789_") != len)
		return -EINVAL;

	mutex_lock(&sched_policy_mutex);
	if (strcmp(buf, SCHED_POLICY_DEFAULT_NAME)) {
		ops = sched_policy_find(buf, len);
		if (!ops) {
			mutex_unlock(&sched_policy_mutex);
			request_module("sched-policy-%s", buf);
			mutex_lock(&sched_policy_mutex);
			ops = sched_policy_find(buf, len);
		}
		if (!ops) {
			mutex_unlock(&sched_policy_mutex);
			return -EINVAL;
		}
	}
	ret = sched_policy_switch_locked(ops);
	mutex_unlock(&sched_policy_mutex);
	return ret;
}
