// SPDX-License-Identifier: GPL-2.0
/*
 * The policy class's deadline server: what keeps RT tasks from starving
 * policy tasks.
 *
 * Since 6.12 Linux has no RT throttling outside RT group scheduling; the
 * fair class is protected from runaway SCHED_FIFO/RR tasks by its deadline
 * server (rq->fair_server), a SCHED_DEADLINE entity that picks fair tasks.
 * Normal tasks in the policy class are not fair tasks, so that server
 * never runs them: without one of our own, a FIFO hog pinned to a CPU
 * starved every policy task there, rcu_sched and the kworkers included.
 *
 * This is the same mechanism with the same parameters as fair's server:
 * 50 ms of runtime every 1000 ms per CPU, in defer mode, so the server
 * only runs when policy tasks have been starved up to the zero-laxity
 * point of its period, and time the policy's tasks get anyway is counted
 * against it.  It starts when a task is queued and stops itself when it
 * is picked with nothing to run.  Its bandwidth is held only while a
 * policy is enabled: reserved (and admitted, or the switch fails with
 * -EBUSY) when one is, released when the machine goes back to eevdf,
 * as the sched_ext server patches (Righi, Fernandes, 2025) do with
 * dl_server_remove_params(); 6.12's fair server reserves at its first
 * start and never releases.  One difference: fair's server counts
 * idle time as served (dl_server_update_idle_time() knows only
 * fair_server); ours does not, which can let a policy task run up to one
 * budget sooner after an idle stretch.
 */
#define pr_fmt(fmt) "sched_policy: " fmt

#include <linux/debugfs.h>
#include "internal.h"

#define SP_SERVER_RUNTIME_NS	(50ULL * NSEC_PER_MSEC)
#define SP_SERVER_PERIOD_NS	(1000ULL * NSEC_PER_MSEC)

/* counted in server_picks, not in picks: see sp_pick_task_for() */
static struct task_struct *sp_server_pick(struct sched_dl_entity *dl_se)
{
	return sp_pick_task_for(dl_se->rq, true);
}

void sp_server_init(struct sched_policy_rq *sprq)
{
	struct sched_dl_entity *dl_se = &sprq->server;

	init_dl_entity(dl_se);
	dl_server_init(dl_se, sprq->rq, sp_server_pick);
	/*
	 * A server from the start, so that dl_server_start() never reserves
	 * bandwidth on its own at a first start: sp_server_set() does, and
	 * with no runtime (no policy enabled) a start does nothing.
	 */
	dl_se->dl_server = 1;
	dl_se->dl_defer = 1;
}

void __sp_server_start(struct sched_policy_rq *sprq)
{
	dl_server_start(&sprq->server);
}

/* Whether a policy is enabled, so that its server holds bandwidth. */
static bool sp_server_wanted;

/* The CPU is in its root domain's count (dl_bw_cpus()). */
static bool sp_server_cpu_counts(struct rq *rq)
{
	return cpu_active(cpu_of(rq)) && rq->online;
}

/*
 * Give the server its bandwidth (@runtime > 0) or take it back (0) as
 * fair's debugfs write does (debug.c, sched_fair_server_write()): stop
 * it, have the root domain admit the new parameters, start it again if
 * policy tasks wait.  -EBUSY, and nothing changed, if it cannot admit
 * them.  Under the rq lock, on a CPU that counts in its root domain.
 */
static int sp_server_set(struct sched_policy_rq *sprq, struct rq *rq,
			 u64 runtime)
{
	struct sched_dl_entity *dl_se = &sprq->server;
	int ret;

	lockdep_assert_rq_held(rq);
	update_rq_clock(rq);
	if (dl_server_active(dl_se))
		dl_server_stop(dl_se);
	ret = dl_server_apply_params(dl_se, runtime, SP_SERVER_PERIOD_NS, false);
	if (dl_se->dl_runtime && sprq->nr_queued)
		dl_server_start(dl_se);
	return ret;
}

/*
 * Reserve or release, as sp_server_wanted says, if the CPU counts in
 * its root domain now; else it is done when the CPU joins one.
 */
static int sp_server_settle(struct sched_policy_rq *sprq, struct rq *rq)
{
	bool want = READ_ONCE(sp_server_wanted);

	if (want == !!sprq->server.dl_runtime || !sp_server_cpu_counts(rq))
		return 0;
	return sp_server_set(sprq, rq, want ? SP_SERVER_RUNTIME_NS : 0);
}

static int sp_server_settle_cpu(int cpu)
{
	struct sched_policy_rq *sprq = &per_cpu(sched_policy_rqs, cpu);
	struct rq_flags rf;
	int ret;

	rq_lock_irqsave(sprq->rq, &rf);
	ret = sp_server_settle(sprq, sprq->rq);
	rq_unlock_irqrestore(sprq->rq, &rf);
	return ret;
}

/*
 * Every CPU's server to sp_server_wanted; the first error, if any.  With
 * CPU hotplug and domain rebuilds held off: a run queue between two root
 * domains (partition_sched_domains() moves every CPU of a rebuilt domain
 * through the default one) would be counted in the wrong one.  Called
 * with the machine healthy (eevdf before a policy arrives, or after it
 * left), so waiting for these locks is safe.
 */
static int sp_server_settle_all(bool want)
{
	int cpu, ret = 0;

	cpus_read_lock();
	mutex_lock(&sched_domains_mutex);
	WRITE_ONCE(sp_server_wanted, want);
	for_each_possible_cpu(cpu) {
		ret = sp_server_settle_cpu(cpu);
		if (ret && want) {
			pr_err("no deadline bandwidth for the policy server on CPU %d (%llu ns every %llu ns; see kernel.sched_rt_runtime_us)\n",
			       cpu, SP_SERVER_RUNTIME_NS, SP_SERVER_PERIOD_NS);
			break;
		}
		if (ret)
			pr_warn("CPU %d: the policy server's bandwidth was not released (%d)\n",
				cpu, ret);
	}
	mutex_unlock(&sched_domains_mutex);
	cpus_read_unlock();
	return ret;
}

/*
 * Switching from eevdf to a policy: bandwidth for the server on every
 * CPU, admitted as a SCHED_DEADLINE task's would be (against
 * kernel.sched_rt_runtime_us of every CPU of a root domain, fair's
 * servers and deadline tasks included).  -EBUSY, with nothing reserved,
 * if one root domain has no room.  CPUs that are offline now get theirs
 * when they come online (sched_policy_attach_root()).
 */
int sp_server_reserve(void)
{
	int ret = sp_server_settle_all(true);

	if (ret)
		sp_server_settle_all(false);
	return ret;
}

/* Back to eevdf: no bandwidth held for a class without tasks. */
void sp_server_release(void)
{
	sp_server_settle_all(false);
}

/* A policy chosen at boot: the CPUs reserve as they join root domains. */
void __init sp_server_reserve_boot(void)
{
	sp_server_wanted = true;
}

/*
 * sched_cpu_dying(): the CPU is empty; its server's timer must not fire
 * on another CPU and queue the server on a dead run queue.  Only an
 * active server is stopped: 6.12's dl_server_stop() does not check, and
 * stopping a stopped server takes its bandwidth off running_bw twice
 * (the "running_bw > old" warning make stress hit in a hotplug cycle).
 */
void sched_policy_cpu_dying(struct rq *rq)
{
	struct sched_dl_entity *dl_se = &sp_rq_of(rq)->server;

	if (dl_server_active(dl_se))
		dl_server_stop(dl_se);
}

/*
 * rq_attach_root(), under the rq lock: a new root domain counts the
 * deadline bandwidth of the tasks moved to it, not that of servers,
 * which are not tasks; the server's is added here as fair's is.  This is
 * also where a CPU that comes online (or that was offline when the
 * policy was enabled or disabled) reserves or releases its own.
 */
void sched_policy_attach_root(struct rq *rq)
{
	struct sched_policy_rq *sprq = sp_rq_of(rq);

	if (sprq->server.dl_runtime)
		__dl_server_attach_root(&sprq->server, rq);
	if (sp_server_settle(sprq, rq)) {
		/* no console output under the rq lock */
		printk_deferred_enter();
		pr_warn("no deadline bandwidth for the policy server on CPU %d: RT tasks can starve its policy tasks\n",
			cpu_of(rq));
		printk_deferred_exit();
	}
}

/*
 * dl_clear_root_domain(), under the root domain's dl_bw lock (which every
 * change of the server's parameters takes): what the server holds on an
 * active CPU, counted again when a root domain's bandwidth is recounted.
 */
u64 sched_policy_server_bw(int cpu)
{
	return per_cpu(sched_policy_rqs, cpu).server.dl_bw;
}

#ifdef CONFIG_DEBUG_FS
/*
 * /sys/kernel/debug/sched/policy_server/cpuN/{runtime,period}, beside
 * fair's fair_server/cpuN/: the parameters in ns, read-only; the
 * runtime is 0 while eevdf runs (no bandwidth held).
 */
static int __init sp_server_debugfs_init(void)
{
	struct dentry *sched = debugfs_lookup("sched", NULL);
	struct dentry *top;
	int cpu;

	if (IS_ERR_OR_NULL(sched))
		return 0;
	top = debugfs_create_dir("policy_server", sched);
	for_each_possible_cpu(cpu) {
		struct sched_dl_entity *dl_se = &per_cpu(sched_policy_rqs, cpu).server;
		struct dentry *d;
		char name[16];

		snprintf(name, sizeof(name), "cpu%d", cpu);
		d = debugfs_create_dir(name, top);
		debugfs_create_u64("runtime", 0444, d, &dl_se->dl_runtime);
		debugfs_create_u64("period", 0444, d, &dl_se->dl_period);
	}
	dput(sched);
	return 0;
}
late_initcall(sp_server_debugfs_init);
#endif
