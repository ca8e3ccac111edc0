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
 * is picked with nothing to run.  One difference: fair's server counts
 * idle time as served (dl_server_update_idle_time() knows only
 * fair_server); ours does not, which can let a policy task run up to one
 * budget sooner after an idle stretch.
 */
#include <linux/debugfs.h>
#include "internal.h"

#define SP_SERVER_RUNTIME_NS	(50 * NSEC_PER_MSEC)
#define SP_SERVER_PERIOD_NS	(1000 * NSEC_PER_MSEC)

static struct task_struct *sp_server_pick(struct sched_dl_entity *dl_se)
{
	struct task_struct *p = sp_pick_task(dl_se->rq);

	if (p)
		sp_stat_add(sp_rq_of(dl_se->rq), SP_STAT_SERVER_PICKS, 1);
	return p;
}

void sp_server_init(struct sched_policy_rq *sprq)
{
	init_dl_entity(&sprq->server);
	dl_server_init(&sprq->server, sprq->rq, sp_server_pick);
}

/*
 * The first start reserves the bandwidth, under the rq lock as fair's
 * first start does; without bandwidth the server stays off (runtime 0).
 * Called by sp_server_start() when the server is stopped.
 */
void __sp_server_start(struct sched_policy_rq *sprq)
{
	struct sched_dl_entity *dl_se = &sprq->server;

	dl_server_start(dl_se);
	if (unlikely(!dl_se->dl_runtime))
		pr_warn_once("sched_policy: no deadline bandwidth for the policy server on CPU %d\n",
			     sprq->cpu);
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
 * rq_attach_root(): a new root domain counts the deadline bandwidth of
 * the tasks moved to it, not that of servers, which are not tasks.
 */
void sched_policy_attach_root(struct rq *rq)
{
	struct sched_dl_entity *dl_se = &sp_rq_of(rq)->server;

	if (dl_se->dl_server)
		__dl_server_attach_root(dl_se, rq);
}

#ifdef CONFIG_DEBUG_FS
/*
 * /sys/kernel/debug/sched/policy_server/cpuN/{runtime,period}, beside
 * fair's fair_server/cpuN/: the parameters in ns, read-only (0 until the
 * server first starts on that CPU, as for fair's).
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
