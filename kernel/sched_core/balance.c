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
 * Both run-queue locks held: move @p, queued on @src and not running, to
 * @this_rq.  False (and a warning: the policy chose it) if it may not go.
 */
bool sp_move_queued_locked(struct rq *this_rq, struct rq *src_rq,
			   struct task_struct *p)
{
	int this_cpu = cpu_of(this_rq);

	if (WARN_ON_ONCE(!sched_policy_can_migrate(p, this_cpu)) ||
	    WARN_ON_ONCE(!task_on_rq_queued(p) || task_rq(p) != src_rq))
		return false;
	deactivate_task(src_rq, p, 0);
	set_task_cpu(p, this_cpu);
	activate_task(this_rq, p, 0);
	sp_stat_add(sp_rq_of(this_rq), SP_STAT_BALANCE_PULLS, 1);
	trace_sched_policy_pull(p, cpu_of(src_rq), this_cpu);
	return true;
}

/* Neither CPU in bypass: the policy holds tasks on both. */
static bool sp_both_policy(struct rq *this_rq, struct sched_policy_rq *src)
{
	return !src->bypassing && !sp_rq_of(this_rq)->bypassing;
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
	struct task_struct *p = NULL;

	double_lock_balance(this_rq, src->rq);
	if (sp_both_policy(this_rq, src) &&
	    (!only_if_imbalanced ||
	     sp_imbalanced(src, sp_rq_of(this_rq)->nr_queued)))
		p = ops->migration_candidate(src, cpu_of(this_rq));
	if (p && !sp_move_queued_locked(this_rq, src->rq, p))
		p = NULL;
	double_unlock_balance(this_rq, src->rq);
	return p;
}

/* The generic newidle (or marked) pull: see the top of this file. */
static int sp_generic_balance(struct sched_policy_ops *ops, struct rq *rq,
			      struct rq_flags *rf, bool pending)
{
	struct sched_policy_rq *sprq = sp_rq_of(rq);
	struct sched_policy_rq *busiest;

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

static int __sp_balance(struct sched_policy_ops *ops, struct rq *rq,
			struct rq_flags *rf)
{
	struct sched_policy_rq *sprq = sp_rq_of(rq);
	bool pending = sprq->pull_pending;
	int ret;

	sprq->pull_pending = false;
	if (sprq->bypassing)
		return sprq->nr_queued > 0;
	if (!ops->balance)
		return sp_generic_balance(ops, rq, rf, pending);
	sprq->balance_rf = rf;
	sprq->balance_ops = ops;
	sprq->balance_pending = pending;
	ret = ops->balance(sprq);
	sprq->balance_rf = NULL;
	sprq->balance_ops = NULL;
	return ret;
}

/*
 * From a balance() hook: the generic balancer instead of the policy's own
 * (a policy's tunable that compares the two).
 */
int sched_policy_default_balance(struct sched_policy_rq *rq)
{
	if (sp_rq_is_kunit(rq) ||
	    WARN_ON_ONCE(!rq->balance_rf || !rq->balance_ops))
		return rq->nr_queued > 0;
	return sp_generic_balance(rq->balance_ops, rq->rq, rq->balance_rf,
				  rq->balance_pending);
}
EXPORT_SYMBOL_GPL(sched_policy_default_balance);

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

static void sp_generic_tick(struct sched_policy_ops *ops,
			    struct sched_policy_rq *sprq)
{
	if (!IS_ENABLED(CONFIG_SMP) || !ops->migration_candidate ||
	    time_before(jiffies, sprq->next_balance))
		return;
	sprq->next_balance = jiffies +
		msecs_to_jiffies(READ_ONCE(sched_policy_balance_interval_ms));

	if (sprq->nr_queued >= 2)
		sp_kick_idle(ops, sprq);
	if (sp_find_busiest(ops, sprq->cpu, sprq->nr_queued)) {
		sprq->pull_pending = true;
		resched_curr(sprq->rq);
	}
}

/* From the tick of a CPU running a policy task, rq locked. */
void sp_tick_balance(struct rq *rq)
{
	struct sched_policy_ops *ops = sp_ops();

	if (!ops->balance)
		sp_generic_tick(ops, sp_rq_of(rq));
}

/* From a tick() hook: the generic balancer's periodic part. */
void sched_policy_default_tick_balance(struct sched_policy_rq *rq)
{
	if (!sp_rq_is_kunit(rq))
		sp_generic_tick(sp_ops(), rq);
}
EXPORT_SYMBOL_GPL(sched_policy_default_tick_balance);

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

/*
 * From a policy's balance() hook: hold @rq's and @src_cpu's run-queue
 * locks together (double_lock_balance(), which may drop @rq's) and let
 * @move(src, rq, arg) move tasks with sched_policy_move_queued(), as
 * 2.6.22's load_balance() ran move_tasks() under double_rq_lock().
 * Returns what @move returned, or 0 when it was not called: @src_cpu is
 * this CPU or offline, or either CPU is in bypass.
 */
int sched_policy_balance_locked(struct sched_policy_rq *rq, int src_cpu,
				int (*move)(struct sched_policy_rq *src,
					    struct sched_policy_rq *dst,
					    void *arg),
				void *arg)
{
	struct rq_flags *rf = rq->balance_rf;
	struct sched_policy_rq *src;
	int ret = 0;

	if (WARN_ON_ONCE(!rf) || src_cpu == rq->cpu || !cpu_online(src_cpu))
		return 0;
	src = &per_cpu(sched_policy_rqs, src_cpu);
	rq_unpin_lock(rq->rq, rf);
	double_lock_balance(rq->rq, src->rq);
	if (sp_both_policy(rq->rq, src))
		ret = move(src, rq, arg);
	double_unlock_balance(rq->rq, src->rq);
	rq_repin_lock(rq->rq, rf);
	return ret;
}
EXPORT_SYMBOL_GPL(sched_policy_balance_locked);

/* Only inside sched_policy_balance_locked()'s @move: see the header. */
bool sched_policy_move_queued(struct sched_policy_rq *src,
			      struct sched_policy_rq *dst,
			      struct task_struct *p)
{
	lockdep_assert_rq_held(src->rq);
	lockdep_assert_rq_held(dst->rq);
	return sp_move_queued_locked(dst->rq, src->rq, p);
}
EXPORT_SYMBOL_GPL(sched_policy_move_queued);

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

const struct cpumask *sched_policy_cpu_llc_mask(int cpu)
{
#ifdef CONFIG_SCHED_MC
	return cpu_coregroup_mask(cpu);
#else
	return cpumask_of(cpu);
#endif
}
EXPORT_SYMBOL_GPL(sched_policy_cpu_llc_mask);

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
