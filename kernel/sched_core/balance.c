// SPDX-License-Identifier: GPL-2.0
/*
 * The generic balancer shared by per-CPU policies.
 *
 * It only ever pulls, one task at a time, and never holds two run-queue
 * locks except through double_lock_balance():
 *
 *  - newidle: a CPU about to run out of policy tasks pulls a waiting task
 *    from the busiest CPU (balance(), before the pick);
 *  - periodic: every balance interval, a busy CPU's tick kicks idle CPUs
 *    that could take one of its waiting tasks (they then pull as above),
 *    and a CPU with at least two tasks fewer than the busiest one marks
 *    itself to pull at its next schedule.
 *
 * "Busiest" is by the policy's load() (default: tasks queued); which task
 * moves is the policy's migration_candidate().  Wakeup placement prefers
 * the previous CPU when idle, then any idle allowed CPU, then the allowed
 * CPU with the fewest queued tasks.
 */
#include "internal.h"
#include <trace/events/sched_policy.h>

unsigned int sched_policy_balance_interval_ms = 4;

static unsigned long sp_load(struct sched_policy_ops *ops,
			     struct sched_policy_rq *sprq)
{
	if (ops->load)
		return ops->load(sprq);
	return READ_ONCE(sprq->nr_queued);
}

/* Worth pulling from @src to a CPU that has @this_nr tasks? */
static bool sp_imbalanced(struct sched_policy_rq *src, unsigned int this_nr)
{
	unsigned int nr = READ_ONCE(src->nr_queued);

	return nr >= 2 && nr >= this_nr + 2;
}

static struct sched_policy_rq *sp_find_busiest(struct sched_policy_ops *ops,
					       int this_cpu,
					       unsigned int this_nr)
{
	struct sched_policy_rq *busiest = NULL;
	unsigned long max_load = 0;
	int cpu;

	for_each_cpu(cpu, cpu_active_mask) {
		struct sched_policy_rq *sprq = &per_cpu(sched_policy_rqs, cpu);
		unsigned long load;

		if (cpu == this_cpu || !sp_imbalanced(sprq, this_nr))
			continue;
		load = sp_load(ops, sprq);
		if (load > max_load) {
			max_load = load;
			busiest = sprq;
		}
	}
	return busiest;
}

/*
 * Called with this_rq locked (unpinned); may drop and retake it.  With
 * both locks held, the policy's migration_candidate() names the task to
 * move, so whatever it chose before the locks were taken is checked
 * again (it may have run, moved or gone since).
 */
static struct task_struct *sp_pull_from(struct sched_policy_ops *ops,
					struct rq *this_rq,
					struct sched_policy_rq *src,
					bool only_if_imbalanced)
{
	struct rq *src_rq = src->rq;
	int this_cpu = cpu_of(this_rq);
	struct task_struct *p = NULL;

	double_lock_balance(this_rq, src_rq);
	/* in bypass the policy holds nothing there to move */
	if (!src->bypassing && !sp_rq_of(this_rq)->bypassing &&
	    (!only_if_imbalanced ||
	     sp_imbalanced(src, sp_rq_of(this_rq)->nr_queued)))
		p = ops->migration_candidate(src, this_cpu);
	if (p && (WARN_ON_ONCE(!sched_policy_can_migrate(p, this_cpu)) ||
		  WARN_ON_ONCE(!task_on_rq_queued(p))))
		p = NULL;
	if (p) {
		deactivate_task(src_rq, p, 0);
		set_task_cpu(p, this_cpu);
		activate_task(this_rq, p, 0);
		sp_stat_add(sp_rq_of(this_rq), SP_STAT_BALANCE_PULLS, 1);
		trace_sched_policy_pull(p, src->cpu, this_cpu);
	}
	double_unlock_balance(this_rq, src_rq);
	return p;
}

static int __sp_balance(struct sched_policy_ops *ops, struct rq *rq,
			struct rq_flags *rf)
{
	struct sched_policy_rq *sprq = sp_rq_of(rq);
	struct sched_policy_rq *busiest;
	bool pending = sprq->pull_pending;

	sprq->pull_pending = false;
	if (sprq->bypassing)
		return sprq->nr_queued > 0;
	if (ops->balance) {
		int ret;

		sprq->balance_rf = rf;
		sprq->balance_ops = ops;
		ret = ops->balance(sprq);
		sprq->balance_rf = NULL;
		sprq->balance_ops = NULL;
		return ret;
	}
	if (!IS_ENABLED(CONFIG_SMP) || !ops->migration_candidate)
		return sprq->nr_queued > 0;
	if ((sprq->nr_queued && !pending) || !cpu_active(cpu_of(rq)))
		return sprq->nr_queued > 0;

	busiest = sp_find_busiest(ops, sprq->cpu, sprq->nr_queued);
	if (busiest) {
		rq_unpin_lock(rq, rf);
		sp_pull_from(ops, rq, busiest, true);
		rq_repin_lock(rq, rf);
	}
	return sprq->nr_queued > 0;
}

/*
 * The balance pass of a schedule() (the policy's balance() or the generic
 * pull).  Timed (and counted) only while timing is on; its cost is also
 * kept for the pick that follows, which counts it in the decision: bfs
 * finds its pick while it balances.
 */
int sp_balance(struct rq *rq, struct rq_flags *rf)
{
	struct sched_policy_ops *ops = sp_ops();
	struct sched_policy_rq *sprq = sp_rq_of(rq);
	u64 start;
	int ret;

	/* NULL in the middle of a switch from one policy to another */
	if (!ops) {
		sprq->pull_pending = false;
		return 0;
	}
	if (!sp_timing())
		return __sp_balance(ops, rq, rf);
	start = local_clock();
	ret = __sp_balance(ops, rq, rf);
	sprq->balance_cost = local_clock() - start;
	sp_stat_add(sprq, SP_STAT_BALANCES, 1);
	sp_stat_add(sprq, SP_STAT_BALANCE_NS, sprq->balance_cost);
	return ret;
}

/* Kick idle CPUs that could run one of our waiting tasks. */
static void sp_kick_idle(struct sched_policy_ops *ops,
			 struct sched_policy_rq *sprq)
{
	unsigned int waiting = sprq->nr_queued - 1;
	int cpu;

	for_each_cpu(cpu, cpu_active_mask) {
		if (!waiting)
			break;
		if (cpu == sprq->cpu || !available_idle_cpu(cpu) ||
		    !ops->migration_candidate(sprq, cpu))
			continue;
		sched_policy_resched_cpu(cpu);
		waiting--;
	}
}

/* From the tick of a CPU running a policy task, rq locked. */
void sp_tick_balance(struct rq *rq)
{
	struct sched_policy_ops *ops = sp_ops();
	struct sched_policy_rq *sprq = sp_rq_of(rq);

	if (!IS_ENABLED(CONFIG_SMP) || ops->balance ||
	    !ops->migration_candidate ||
	    time_before(jiffies, sprq->next_balance))
		return;
	sprq->next_balance = jiffies +
		msecs_to_jiffies(READ_ONCE(sched_policy_balance_interval_ms));

	if (sprq->nr_queued >= 2)
		sp_kick_idle(ops, sprq);
	if (sp_find_busiest(ops, sprq->cpu, sprq->nr_queued)) {
		sprq->pull_pending = true;
		resched_curr(rq);
	}
}

/*
 * From a policy's balance() hook: move a task queued on @src_cpu here so
 * that this CPU can run it (a global-queue policy running a task that
 * sits on another CPU's run queue).  This follows sched_ext's rule for
 * remote tasks: the two run-queue locks are only ever taken together
 * through double_lock_balance(), which may drop @rq's lock, and the task
 * is chosen again under both by migration_candidate(src, this CPU).
 */
struct task_struct *sched_policy_pull(struct sched_policy_rq *rq, int src_cpu)
{
	struct sched_policy_ops *ops = rq->balance_ops;
	struct rq_flags *rf = rq->balance_rf;
	struct task_struct *p;

	if (WARN_ON_ONCE(!rf || !ops) || src_cpu == rq->cpu ||
	    !cpu_online(src_cpu) || !ops->migration_candidate)
		return NULL;
	rq_unpin_lock(rq->rq, rf);
	p = sp_pull_from(ops, rq->rq, &per_cpu(sched_policy_rqs, src_cpu),
			 false);
	rq_repin_lock(rq->rq, rf);
	return p;
}
EXPORT_SYMBOL_GPL(sched_policy_pull);

/* How far apart two CPUs are for cache purposes; see the header. */
int sched_policy_cpu_distance(int from, int to)
{
	if (from == to)
		return 0;
#ifdef CONFIG_SCHED_SMT
	if (cpumask_test_cpu(to, cpu_smt_mask(from)))
		return 1;
#endif
	if (cpus_share_cache(from, to))
		return 2;
	if (cpu_to_node(from) == cpu_to_node(to))
		return 3;
	return 4;
}
EXPORT_SYMBOL_GPL(sched_policy_cpu_distance);

int sched_policy_select_idle_cpu(struct task_struct *p, int prev_cpu)
{
	unsigned int best_nr = UINT_MAX;
	int cpu, best = prev_cpu;

	if (cpumask_test_cpu(prev_cpu, p->cpus_ptr) &&
	    available_idle_cpu(prev_cpu))
		return prev_cpu;

	for_each_cpu_and(cpu, p->cpus_ptr, cpu_active_mask) {
		unsigned int nr = READ_ONCE(per_cpu(sched_policy_rqs, cpu).nr_queued);

		if (available_idle_cpu(cpu))
			return cpu;
		if (nr < best_nr || (nr == best_nr && cpu == prev_cpu)) {
			best_nr = nr;
			best = cpu;
		}
	}
	return best;
}
EXPORT_SYMBOL_GPL(sched_policy_select_idle_cpu);
