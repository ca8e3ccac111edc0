// SPDX-License-Identifier: GPL-2.0
/*
 * The stall watchdog: a task of the policy that has been runnable without
 * running for longer than watchdog_timeout_ms means the policy is broken
 * (sched_ext's scx_watchdog_workfn makes the same judgement).  It logs
 * one report - the policy, the task, how long it waited, and every CPU's
 * policy state through the dump() hook - and switches back to eevdf in
 * bypass (bypass.c), so that the switch needs nothing from the policy.
 * A watchdog switch is never rolled back.  SysRq-P does the same on
 * demand.
 *
 * "Runnable since" is the class's own stamp (p->sp.runnable_since, set
 * when a task is queued to wait, cleared when it runs, as the kernel's
 * sched_info.last_queued is), so the policy cannot hide a stalled task;
 * every task on the core's task list is looked at once per check.  The
 * checks run on a SCHED_FIFO kthread worker, like sched_ext's helper: a
 * broken policy cannot starve the thread that is to replace it.
 */
#define pr_fmt(fmt) "sched_policy: " fmt

#include <linux/sched/signal.h>
#include <linux/sched/clock.h>
#include <linux/kthread.h>
#include <linux/sysrq.h>
#include "internal.h"

unsigned int sched_policy_watchdog_timeout_ms = 30000;

/*
 * sched_policy_watchdog_ms=N: the timeout from boot on, for experiments
 * whose tasks legitimately wait long (thousands of hogs on one CPU).  A
 * bad value logs one line and leaves the default.
 */
static int __init sp_watchdog_boot_param(char *str)
{
	u64 val;

	if (!str || sched_policy_parse_value(str, strlen(str), 0,
					     SP_WATCHDOG_MAX_MS, &val) ||
	    (val && val < SP_WATCHDOG_MIN_MS)) {
		pr_warn("sched_policy_watchdog_ms=%s: not 0 (off) or %u-%u, keeping %u\n",
			str ?: "", SP_WATCHDOG_MIN_MS, SP_WATCHDOG_MAX_MS,
			sched_policy_watchdog_timeout_ms);
		return 0;
	}
	sched_policy_watchdog_timeout_ms = val;
	pr_info("watchdog timeout %u ms from the command line\n",
		sched_policy_watchdog_timeout_ms);
	return 0;
}
early_param("sched_policy_watchdog_ms", sp_watchdog_boot_param);

static struct kthread_worker *sp_watchdog_worker;
static struct kthread_delayed_work sp_watchdog_work;

/* Check 4 times per timeout, at most every 100 ms, at least every 5 s. */
static unsigned long sp_watchdog_period(void)
{
	unsigned int ms = READ_ONCE(sched_policy_watchdog_timeout_ms) / 4;

	return msecs_to_jiffies(ms ? clamp(ms, 100U, 5000U) : 5000U);
}

/*
 * The policy task waiting longest, with a reference, or NULL.  The core's
 * task list has the exiting threads the task list no longer has.
 */
static struct task_struct *sp_find_stalled(struct sched_policy_ops *ops,
					   u64 limit_ns, u64 *waited_ns)
{
	struct task_struct *p, *worst = NULL;
	struct sched_policy_entity *se;
	u64 worst_wait = 0;

	raw_spin_lock_irq(&sp_tasks_lock);
	list_for_each_entry(se, &sp_tasks, tasks_node) {
		u64 queued_at, now;

		p = sp_listed_task(se);
		if (!p)
			continue;
		queued_at = READ_ONCE(p->sp.runnable_since);
		if (READ_ONCE(p->sched_class) != &policy_sched_class ||
		    !queued_at || !task_on_rq_queued(p) ||
		    (ops->may_starve && ops->may_starve(p)))
			continue;
		now = sched_clock_cpu(task_cpu(p));
		if (now > queued_at && now - queued_at > limit_ns &&
		    now - queued_at > worst_wait) {
			worst = p;
			worst_wait = now - queued_at;
		}
	}
	if (worst && !refcount_inc_not_zero(&worst->usage))
		worst = NULL;
	raw_spin_unlock_irq(&sp_tasks_lock);
	*waited_ns = worst_wait;
	return worst;
}

void sp_dump_all(struct sched_policy_ops *ops)
{
	int cpu;

	if (!ops->dump)
		return;
	for_each_online_cpu(cpu) {
		struct rq *rq = cpu_rq(cpu);
		struct rq_flags rf;

		/* printk under a run-queue lock must not reach the console */
		rq_lock_irqsave(rq, &rf);
		printk_deferred_enter();
		ops->dump(sched_policy_cpu_rq(cpu));
		printk_deferred_exit();
		rq_unlock_irqrestore(rq, &rf);
	}
}

/*
 * Back to eevdf without the policy's help.  Called under rcu_read_lock()
 * (the ops stay valid: a switch waits for a grace period before it lets
 * the module go): dump the policy's state, enter bypass, so that the
 * switch's mutex, fork rwsem and RCU waits cannot be starved by it; the
 * switch follows in sp_recover_finish(), outside the RCU section.
 */
static bool sp_recover_start(struct sched_policy_ops *ops)
{
	/* pinned, so that the pointer compared below is still this policy */
	if (!try_module_get(ops->owner))
		return false;
	sp_dump_all(ops);
	sched_policy_bypass(true);
	return true;
}

static void sp_recover_finish(struct sched_policy_ops *ops)
{
	mutex_lock(&sched_policy_mutex);
	if (sched_policy_active == ops)
		sched_policy_switch_locked(NULL);
	mutex_unlock(&sched_policy_mutex);
	sched_policy_bypass(false);
	module_put(ops->owner);
}

static void sp_watchdog_fn(struct kthread_work *work)
{
	unsigned int timeout = READ_ONCE(sched_policy_watchdog_timeout_ms);
	struct sched_policy_ops *ops;
	struct task_struct *p = NULL;
	u64 waited;

	rcu_read_lock();
	ops = sp_ops();
	if (ops && timeout)
		p = sp_find_stalled(ops, (u64)timeout * NSEC_PER_MSEC, &waited);
	if (!p) {
		rcu_read_unlock();
		goto out;
	}
	pr_err("watchdog: policy '%s' left %s[%d] (cpu %d) runnable for %llu ms without running (limit %u ms); dumping its state and switching to %s\n",
	       ops->name, p->comm, task_pid_nr(p), task_cpu(p),
	       div_u64(waited, NSEC_PER_MSEC), timeout,
	       SCHED_POLICY_DEFAULT_NAME);
	put_task_struct(p);
	if (!sp_recover_start(ops)) {
		rcu_read_unlock();
		goto out;
	}
	rcu_read_unlock();
	sp_recover_finish(ops);
out:
	kthread_queue_delayed_work(sp_watchdog_worker, &sp_watchdog_work,
				   sp_watchdog_period());
}

#ifdef CONFIG_MAGIC_SYSRQ
/*
 * SysRq-P: dump the active policy's state and return the machine to
 * eevdf, from the watchdog's SCHED_FIFO worker (the handler itself runs
 * in interrupt context).
 */
static void sp_sysrq_workfn(struct kthread_work *work)
{
	struct sched_policy_ops *ops;

	rcu_read_lock();
	ops = sp_ops();
	if (!ops) {
		rcu_read_unlock();
		pr_info("sysrq: no policy active (%s runs normal tasks)\n",
			SCHED_POLICY_DEFAULT_NAME);
		return;
	}
	pr_err("sysrq: dumping policy '%s' and switching to %s\n", ops->name,
	       SCHED_POLICY_DEFAULT_NAME);
	if (!sp_recover_start(ops)) {
		rcu_read_unlock();
		return;
	}
	rcu_read_unlock();
	sp_recover_finish(ops);
}

static DEFINE_KTHREAD_WORK(sp_sysrq_work, sp_sysrq_workfn);

static void sp_sysrq_handler(u8 key)
{
	if (!IS_ERR_OR_NULL(sp_watchdog_worker))
		kthread_queue_work(sp_watchdog_worker, &sp_sysrq_work);
}

static const struct sysrq_key_op sp_sysrq_op = {
	.handler	= sp_sysrq_handler,
	.help_msg	= "reset-sched-policy(P)",
	.action_msg	= "Dump the scheduling policy and switch to eevdf",
	.enable_mask	= SYSRQ_ENABLE_RTNICE,
};

static void sp_sysrq_register(void)
{
	register_sysrq_key('P', &sp_sysrq_op);
}
#else
static void sp_sysrq_register(void) { }
#endif

/* A new timeout takes effect at once, not after the old period. */
void sched_policy_watchdog_rearm(void)
{
	if (!IS_ERR_OR_NULL(sp_watchdog_worker))
		kthread_mod_delayed_work(sp_watchdog_worker, &sp_watchdog_work,
					 sp_watchdog_period());
}

static int __init sp_watchdog_init(void)
{
	sp_watchdog_worker = kthread_create_worker(0, "sched_policy_wd");
	if (IS_ERR(sp_watchdog_worker)) {
		pr_err("watchdog: no worker thread (%ld); stalls go undetected\n",
		       PTR_ERR(sp_watchdog_worker));
		return 0;
	}
	sched_set_fifo(sp_watchdog_worker->task);
	kthread_init_delayed_work(&sp_watchdog_work, sp_watchdog_fn);
	kthread_queue_delayed_work(sp_watchdog_worker, &sp_watchdog_work,
				   sp_watchdog_period());
	sp_sysrq_register();
	return 0;
}
late_initcall(sp_watchdog_init);
