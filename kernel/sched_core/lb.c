// SPDX-License-Identifier: GPL-2.0
/*
 * The 2.6-era sched-domain balancer (include/linux/sched_policy_lb.h):
 * 2.6.22's and 2.6.32's kernel/sched.c load_balance() on one domain, each
 * CPU a group, or on 2.6.22's multi-core two, for the policies that model
 * those kernels (o1, cfs).  The walk that picks the tasks to move is the
 * policy's.  Only the policy API is used here, so that the simulator
 * builds this file unchanged.
 */
#include <linux/sched_policy_lb.h>

/*
 * update_load() (2.6.22) / update_cpu_load() (2.6.32) for cpu_load[1]:
 * halfway to the load at this tick, rounded up while the load grows.
 * @ticks steps of an unchanged @load; it is reached after at most about
 * log2(difference) of them.
 */
static unsigned long sp_lb_avg_after(unsigned long avg, unsigned long load,
				     unsigned long ticks)
{
	while (ticks-- && avg != load)
		avg = (avg + load + (load > avg)) >> 1;
	return avg;
}

/*
 * cpu_load[0] is the load at the CPU's last tick, cpu_load[1] its average
 * over ticks.  Both kernels updated them on every tick of every CPU; here
 * a CPU ticks for a policy only while it runs a policy task, so they are
 * caught up when the load next changes or is read in a later jiffy: every
 * change comes here first, so every tick missed since the last update saw
 * the load as it is now.  Under the CPU's rq lock; cpu_load[] is written
 * before its stamp (readers: sched_policy_lb_cpu_load()).
 */
static void sp_lb_tick_load_update(struct sched_policy_lb_cpu *c,
				   unsigned long now)
{
	unsigned long ticks = now - c->load_stamp;

	if (!ticks)
		return;
	WRITE_ONCE(c->cpu_load[1],
		   sp_lb_avg_after(c->cpu_load[1], c->load, ticks));
	WRITE_ONCE(c->cpu_load[0], c->load);
	smp_wmb();	/* the loads before their stamp */
	WRITE_ONCE(c->load_stamp, now);
}

/* At every enqueue (+) and dequeue (-) of a task's load, rq locked. */
void sched_policy_lb_load_add(struct sched_policy_lb_cpu *c, long delta)
{
	sp_lb_tick_load_update(c, jiffies);
	WRITE_ONCE(c->load, c->load + delta);
}
EXPORT_SYMBOL_GPL(sched_policy_lb_load_add);

/*
 * cpu_load[@i] of a CPU whose load is @load now, from any CPU without its
 * lock (both kernels read it unlocked too): caught up to jiffy @now.
 */
unsigned long sched_policy_lb_cpu_load(struct sched_policy_lb_cpu *c,
				       unsigned int i, unsigned long load,
				       unsigned long now)
{
	unsigned long stamp = READ_ONCE(c->load_stamp);
	unsigned long avg;

	smp_rmb();	/* the stamp before its loads */
	avg = READ_ONCE(c->cpu_load[i]);
	/* updated since @now was read: as of this jiffy */
	if (!time_after(now, stamp))
		return avg;
	return i ? sp_lb_avg_after(avg, load, now - stamp) : load;
}
EXPORT_SYMBOL_GPL(sched_policy_lb_cpu_load);

static struct sched_policy_lb_cpu *sp_lb_cpu_of(const struct sched_policy_lb *lb,
						int cpu)
{
	return lb->cpu(sched_policy_cpu_rq(cpu));
}

static bool sp_lb_multi_core(const struct sched_policy_lb *lb)
{
	return lb->multi_core && lb->multi_core();
}

/*
 * The groups of @level: the CPUs of a last-level cache at the top of
 * 2.6.22's multi-core pair (cpu_to_phys_group() with CONFIG_SCHED_MC),
 * or NULL: each CPU its own group
 */
static const struct cpumask *sp_lb_group_of(const struct sched_policy_lb *lb,
					    unsigned int level, int cpu)
{
	if (level == SP_LB_ALL && sp_lb_multi_core(lb))
		return sched_policy_cpu_llc_mask(cpu);
	return NULL;
}

/* The active CPUs of @cpu's @group (NULL: @cpu alone) after @i */
static unsigned int sp_lb_next_member(const struct cpumask *group, int cpu,
				      int i)
{
	if (!group)
		return i < 0 ? cpu : nr_cpu_ids;
	return cpumask_next_and(i, group, cpu_active_mask);
}

#define sp_lb_for_each_member(i, group, cpu)				\
	for ((i) = sp_lb_next_member((group), (cpu), -1); (i) < nr_cpu_ids; \
	     (i) = sp_lb_next_member((group), (cpu), (i)))

/* Is @cpu the first active CPU of its @group, the one that stands for it */
static bool sp_lb_group_first(const struct cpumask *group, int cpu)
{
	return !group || cpumask_next_and(-1, group, cpu_active_mask) == cpu;
}

/* Is @cpu in @this_cpu's domain at @level */
static bool sp_lb_in_span(unsigned int level, int this_cpu, int cpu)
{
	return level == SP_LB_ALL ||
	       cpumask_test_cpu(cpu, sched_policy_cpu_llc_mask(this_cpu));
}

/*
 * Does @cpu balance at @level: its domain there has two groups or more
 * (2.6.22's sd_degenerate() and sd_parent_degenerate() drop the others).
 * Without multi_core(), one domain of every CPU.
 */
static bool sp_lb_level_used(const struct sched_policy_lb *lb,
			     unsigned int level, int cpu)
{
	const struct cpumask *llc;
	int i;

	if (!sp_lb_multi_core(lb))
		return level == SP_LB_ALL;
	llc = sched_policy_cpu_llc_mask(cpu);
	for_each_cpu(i, cpu_active_mask) {
		/* a CPU in the cache other than @cpu, or one outside it */
		if (cpumask_test_cpu(i, llc) == (level == SP_LB_LLC) &&
		    i != cpu)
			return true;
	}
	return false;
}

/* Do a CPU's RT tasks count in its rq->nr_running (both kernels did) */
static bool sp_lb_counts_rt(const struct sched_policy_lb *lb)
{
	return lb->rt_task_load || lb->rt_power;
}

/*
 * rq->nr_running as the balancer counts it: the policy's tasks, and with
 * lb->rt_task_load() or lb->rt_power the CPU's RT tasks too
 */
unsigned int sched_policy_lb_nr_running(const struct sched_policy_lb *lb,
					struct sched_policy_rq *rq)
{
	unsigned int nr = sched_policy_rq_nr_queued(rq);

	return sp_lb_counts_rt(lb) ? nr + sched_policy_rq_nr_rt(rq) : nr;
}
EXPORT_SYMBOL_GPL(sched_policy_lb_nr_running);

/*
 * The load of the CPU's RT tasks (lb->rt_task_load()), as they are now:
 * cpu_load[] averages the policy's load only, so a steady RT task counts
 * in full at every index where 2.6.22's averages reached it after a few
 * ticks, and a short-lived one counts only while it is there.
 */
static unsigned long sp_lb_rt_load(const struct sched_policy_lb *lb,
				   struct sched_policy_rq *rq)
{
	if (!lb->rt_task_load)
		return 0;
	return sched_policy_rq_nr_rt(rq) * lb->rt_task_load();
}

/*
 * Busy with RT tasks alone: nothing of the policy's to pull or push
 * (2.6.22's move_tasks() moved RT tasks too; here 6.12's RT class places
 * them), so as good as all pinned, and the pass tries the next busiest
 */
static bool sp_lb_rt_only(const struct sched_policy_lb *lb,
			  struct sched_policy_rq *rq)
{
	return sp_lb_counts_rt(lb) && !sched_policy_rq_nr_queued(rq);
}

/*
 * The CPU's tasks as the kick below counts them (it leaves one): the
 * policy's, and one more when an RT task keeps the CPU busy, so that
 * every policy task may go (the kernels' idle CPUs balanced from their
 * own ticks and saw the RT task, in the load or the power)
 */
static unsigned int sp_lb_kick_nr(const struct sched_policy_lb *lb,
				  struct sched_policy_rq *rq)
{
	unsigned int nr = sched_policy_rq_nr_queued(rq);

	return sp_lb_counts_rt(lb) && sched_policy_rq_nr_rt(rq) ? nr + 1 : nr;
}

/* weighted_cpuload(): the CPU's load now, its RT tasks' included */
static unsigned long sp_lb_load_now(const struct sched_policy_lb *lb,
				    struct sched_policy_rq *rq)
{
	return READ_ONCE(lb->cpu(rq)->load) + sp_lb_rt_load(lb, rq);
}

/*
 * update_cpu_power() (2.6.32): SCHED_LOAD_SCALE less the share of the
 * CPU its RT tasks took (scale_rt_power()), at least 1; without
 * lb->rt_power SCHED_LOAD_SCALE.  2.6.32 averaged RT time over a window
 * halved every 500 ms (rq->rt_avg, sched_avg_update()) and stored the
 * power in the CPU's own balance passes; this reads 6.12's PELT average
 * (halved every 32 ms) when it is needed.
 */
static unsigned long sp_lb_cpu_power(const struct sched_policy_lb *lb,
				     int cpu)
{
	unsigned long rt;

	if (!lb->rt_power)
		return SP_LB_POWER_SCALE;
	rt = sched_policy_rq_rt_util(sched_policy_cpu_rq(cpu));
	return rt < SP_LB_POWER_SCALE ? SP_LB_POWER_SCALE - rt : 1;
}

/*
 * A group's cpu_power: its CPUs' added up (update_group_power()), or
 * without lb->rt_power one task's (2.6.22's init_sched_groups_power()
 * for a CPU, and for a cache whose cores share the package)
 */
static unsigned long sp_lb_group_power(const struct sched_policy_lb *lb,
				       const struct cpumask *group, int first)
{
	unsigned long power = 0;
	int i;

	if (!lb->rt_power)
		return SP_LB_POWER_SCALE;
	sp_lb_for_each_member(i, group, first)
		power += sp_lb_cpu_power(lb, i);
	return power;
}

/* group_capacity: the tasks a power runs, rounded (DIV_ROUND_CLOSEST) */
static unsigned long sp_lb_capacity(unsigned long power)
{
	return (power + SP_LB_POWER_SCALE / 2) / SP_LB_POWER_SCALE;
}

/* A load over a power: the load a CPU of full power would carry */
static unsigned long sp_lb_scaled(unsigned long load, unsigned long power)
{
	return load * SP_LB_POWER_SCALE / power;
}

/* At index @idx: the load now, or cpu_load[idx - 1] caught up */
static unsigned long sp_lb_indexed_load(struct sched_policy_lb_cpu *c,
					unsigned int idx, unsigned long load)
{
	if (!idx)
		return load;
	return sched_policy_lb_cpu_load(c, min_t(unsigned int, idx,
						 SP_LB_NR_CPU_LOADS) - 1,
					load, jiffies);
}

/*
 * source_load() and target_load(): the low and the high guess of a CPU's
 * load, from its load now and the one at index @idx
 */
unsigned long sched_policy_lb_source_load(const struct sched_policy_lb *lb,
					  int cpu, unsigned int idx)
{
	struct sched_policy_rq *rq = sched_policy_cpu_rq(cpu);
	struct sched_policy_lb_cpu *c = lb->cpu(rq);
	unsigned long load = READ_ONCE(c->load);

	return min(sp_lb_indexed_load(c, idx, load), load) +
	       sp_lb_rt_load(lb, rq);
}
EXPORT_SYMBOL_GPL(sched_policy_lb_source_load);

unsigned long sched_policy_lb_target_load(const struct sched_policy_lb *lb,
					  int cpu, unsigned int idx)
{
	struct sched_policy_rq *rq = sched_policy_cpu_rq(cpu);
	struct sched_policy_lb_cpu *c = lb->cpu(rq);
	unsigned long load = READ_ONCE(c->load);

	return max(sp_lb_indexed_load(c, idx, load), load) +
	       sp_lb_rt_load(lb, rq);
}
EXPORT_SYMBOL_GPL(sched_policy_lb_target_load);

/* cpu_avg_load_per_task() of an empty CPU: see sched_policy_lb.kernel */
static unsigned long sp_lb_empty_per_task(const struct sched_policy_lb *lb)
{
	return lb->kernel == SP_LB_2_6_22 ? lb->nice_0_load() : 0;
}

/* cpu_avg_load_per_task() */
unsigned long sched_policy_lb_load_per_task(const struct sched_policy_lb *lb,
					    int cpu)
{
	struct sched_policy_rq *rq = sched_policy_cpu_rq(cpu);
	unsigned int nr = sched_policy_lb_nr_running(lb, rq);

	if (!nr)
		return sp_lb_empty_per_task(lb);
	return sp_lb_load_now(lb, rq) / nr;
}
EXPORT_SYMBOL_GPL(sched_policy_lb_load_per_task);

/* Half the domain's imbalance_pct over 100: wakeups and fork/exec */
static unsigned int sp_lb_half_pct(const struct sched_policy_lb *lb)
{
	return 100 + (lb->imbalance_pct - 100) / 2;
}

/*
 * The SD_WAKE_AFFINE test of 2.6.22's try_to_wake_up() and 2.6.32's
 * wake_affine() (kernel/sched_fair.c, without group scheduling): wake
 * onto the waking CPU if its load (less a sync waker's own) plus the
 * task's is within half imbalance_pct of the previous CPU's, or if it
 * is no busier than that CPU and would then hold no more than one of its
 * tasks on average.  2.6.32 also takes a waking CPU with no load left.
 */
bool sched_policy_lb_affine(const struct sched_policy_lb *lb,
			    const struct sched_policy_lb_wake *w)
{
	unsigned long tl = w->this_load;

	tl = tl > w->waker_load ? tl - w->waker_load : 0;
	if (!tl && lb->kernel != SP_LB_2_6_22)
		return true;
	return 100 * (tl + w->task_load) <= sp_lb_half_pct(lb) * w->prev_load ||
	       (tl <= w->prev_load && tl + w->prev_target <= w->this_per_task);
}
EXPORT_SYMBOL_GPL(sched_policy_lb_affine);

/* The same test on the loads now, at wake_idx, from the waking CPU */
bool sched_policy_lb_wake_affine(const struct sched_policy_lb *lb,
				 int this_cpu, int prev_cpu,
				 unsigned long task_load,
				 unsigned long waker_load)
{
	unsigned int idx = lb->wake_idx;
	struct sched_policy_lb_wake w = {
		.this_load	= sched_policy_lb_target_load(lb, this_cpu, idx),
		.prev_load	= sched_policy_lb_source_load(lb, prev_cpu, idx),
		.prev_target	= sched_policy_lb_target_load(lb, prev_cpu, idx),
		.this_per_task	= sched_policy_lb_load_per_task(lb, this_cpu),
		.task_load	= task_load,
		.waker_load	= waker_load,
	};

	return sched_policy_lb_affine(lb, &w);
}
EXPORT_SYMBOL_GPL(sched_policy_lb_wake_affine);

/* Does @p's affinity allow a CPU of @first's @group */
static bool sp_lb_group_allowed(const struct cpumask *group, int first,
				struct task_struct *p)
{
	int i;

	sp_lb_for_each_member(i, group, first)
		if (cpumask_test_cpu(i, p->cpus_ptr))
			return true;
	return false;
}

/*
 * find_idlest_group() at forkexec_idx in @cpu's domain at @level: the
 * first CPU of the group of least target_load() (each group's CPUs added
 * up, over its power), or -1 when @cpu's own group's source_load() is
 * less than half imbalance_pct above it.  Groups without a CPU @p may use
 * are skipped; @cpu's own then weighs nothing and wins.
 */
static int sp_lb_idlest_group(const struct sched_policy_lb *lb,
			      struct task_struct *p, int cpu,
			      unsigned int level)
{
	unsigned long this_load = 0, min_load = ULONG_MAX, load;
	int first, i, idlest = -1;

	for_each_cpu(first, cpu_active_mask) {
		const struct cpumask *group = sp_lb_group_of(lb, level, first);
		bool local = group ? cpumask_test_cpu(cpu, group) : first == cpu;

		if (!sp_lb_in_span(level, cpu, first) ||
		    !sp_lb_group_first(group, first) ||
		    !sp_lb_group_allowed(group, first, p))
			continue;
		load = 0;
		sp_lb_for_each_member(i, group, first)
			load += local ?
				sched_policy_lb_source_load(lb, i, lb->wake_idx) :
				sched_policy_lb_target_load(lb, i, lb->wake_idx);
		load = sp_lb_scaled(load, sp_lb_group_power(lb, group, first));
		if (local) {
			this_load = load;
		} else if (load < min_load) {
			min_load = load;
			idlest = first;
		}
	}
	if (idlest < 0 || 100 * this_load < sp_lb_half_pct(lb) * min_load)
		return -1;
	return idlest;
}

/* find_idlest_cpu(): the allowed CPU of @first's group with least load now */
static int sp_lb_idlest_in_group(const struct sched_policy_lb *lb,
				 struct task_struct *p, int cpu,
				 unsigned int level, int first)
{
	unsigned long min_load = ULONG_MAX, load;
	int i, idlest = cpu;

	sp_lb_for_each_member(i, sp_lb_group_of(lb, level, first), first) {
		if (!cpumask_test_cpu(i, p->cpus_ptr))
			continue;
		load = sp_lb_load_now(lb, sched_policy_cpu_rq(i));
		if (load < min_load || (load == min_load && i == cpu)) {
			min_load = load;
			idlest = i;
		}
	}
	return idlest;
}

/*
 * SD_BALANCE_EXEC (both kernels) and SD_BALANCE_FORK (2.6.32; 2.6.22
 * only across NUMA nodes): sched_balance_self() from the top domain
 * down, each level's idlest group, then its idlest CPU, whose lower
 * domain is balanced next.  With one domain, each CPU a group: the
 * allowed CPU of least target_load(), unless this CPU's source_load() is
 * less than half imbalance_pct above it.  A this CPU that @p may not use
 * weighs nothing and is the answer, which select_task_rq() then replaces
 * with an allowed one.
 */
int sched_policy_lb_idlest_cpu(const struct sched_policy_lb *lb,
			       struct task_struct *p, int this_cpu)
{
	unsigned int level = SP_LB_NR_LEVELS;
	int cpu = this_cpu, first;

	while (level--) {
		if (!sp_lb_level_used(lb, level, cpu))
			continue;
		first = sp_lb_idlest_group(lb, p, cpu, level);
		if (first >= 0)
			cpu = sp_lb_idlest_in_group(lb, p, cpu, level, first);
	}
	return cpu;
}
EXPORT_SYMBOL_GPL(sched_policy_lb_idlest_cpu);

void sched_policy_lb_cpu_init(const struct sched_policy_lb *lb,
			      struct sched_policy_lb_cpu *c)
{
	unsigned int level;

	c->load = 0;
	c->cpu_load[0] = 0;
	c->cpu_load[1] = 0;
	c->load_stamp = jiffies;
	for (level = 0; level < SP_LB_NR_LEVELS; level++) {
		c->level[level].last_balance = jiffies;
		c->level[level].balance_interval = lb->min_interval;
		c->level[level].nr_balance_failed = 0;
	}
	c->balance_due = -1;
	c->busy_levels = 0;
	c->tick_nr_queued = 0;
}
EXPORT_SYMBOL_GPL(sched_policy_lb_cpu_init);

static void sp_lb_stat(const struct sched_policy_lb *lb,
		       struct sched_policy_rq *rq, unsigned int idx, u64 val)
{
	sched_policy_stat_add(rq, lb->stat_base + idx, val);
}

/* What find_busiest_group() adds up over one group's CPUs in its mask */
struct sp_lb_group_sum {
	unsigned long	load;		/* target (local) or source loads */
	unsigned long	nr;
	unsigned long	weighted;	/* the loads now */
	unsigned long	power;		/* the whole group's */
	int		balance_cpu;	/* its first idle CPU, else its first */
};

/*
 * One group in find_busiest_group(): its load over its power; over its
 * capacity (its power in tasks, rounded), the most loaded of the others
 * is the busiest.  @first stands for it.
 */
static void sp_lb_add_group(struct sched_policy_lb_stats *st, int first,
			    bool local, const struct sp_lb_group_sum *g)
{
	unsigned long load = sp_lb_scaled(g->load, g->power);

	st->total_load += g->load;
	st->total_power += g->power;
	if (local) {
		st->this_load = load;
		st->this_nr = g->nr;
		st->this_weighted = g->weighted;
		st->this_power = g->power;
	} else if (load > st->max_load &&
		   g->nr > sp_lb_capacity(g->power)) {
		st->max_load = load;
		st->busiest = first;
		st->busiest_nr = g->nr;
		st->busiest_weighted = g->weighted;
		st->busiest_power = g->power;
	}
}

/*
 * Would moving one task of @per_task from the busiest group here use
 * more of the two groups' power (the throughput test of
 * fix_small_imbalance(), the loads being over each group's power)
 */
static bool sp_lb_move_gains(const struct sched_policy_lb_stats *st,
			     unsigned long per_task,
			     unsigned long this_per_task)
{
	unsigned long max = st->max_load, this = st->this_load;
	unsigned long pb = st->busiest_power, pt = st->this_power;
	unsigned long pwr_now, pwr_move = 0, moved;

	pwr_now = (pb * min(per_task, max) + pt * min(this_per_task, this)) /
		  SP_LB_POWER_SCALE;
	/* the busiest less the task, this group with it */
	moved = sp_lb_scaled(per_task, pb);
	if (max > moved)
		pwr_move += pb * min(per_task, max - moved);
	if (max * pb < per_task * SP_LB_POWER_SCALE)
		moved = max * pb / pt;
	else
		moved = sp_lb_scaled(per_task, pt);
	pwr_move += pt * min(this_per_task, this + moved);
	return pwr_move / SP_LB_POWER_SCALE > pwr_now;
}

/*
 * fix_small_imbalance() (2.6.22: inside find_busiest_group()): the load
 * gap is less than a task of the busiest CPU; move one anyway if the gap
 * is big enough (imbn: two of them, one if they are heavier than this
 * CPU's; 2.6.32 counts one more in the gap), or if it gains throughput.
 */
static bool sp_lb_small_imbalance_moves(const struct sched_policy_lb *lb,
					const struct sched_policy_lb_stats *st,
					unsigned long busiest_per_task)
{
	unsigned long this_per_task = sp_lb_empty_per_task(lb), imbn = 2;
	unsigned long gap = st->max_load - st->this_load;

	if (st->this_nr) {
		this_per_task = st->this_weighted / st->this_nr;
		if (busiest_per_task > this_per_task)
			imbn = 1;
	}
	if (lb->kernel != SP_LB_2_6_22)
		gap += busiest_per_task;
	if (gap >= busiest_per_task * imbn)
		return true;
	return sp_lb_move_gains(st, busiest_per_task, this_per_task);
}

/*
 * find_busiest_group()'s verdict (2.6.32: and calculate_imbalance()'s):
 * true if st->busiest should give up *@imbalance of load.  2.6.32 may
 * name it with nothing to move (see sched_policy_lb.kernel).
 */
bool sched_policy_lb_imbalance(const struct sched_policy_lb *lb,
			       const struct sched_policy_lb_stats *st,
			       unsigned long *imbalance)
{
	unsigned long max = st->max_load, this = st->this_load;
	unsigned long avg, per_task, pull, imb = 0;

	*imbalance = 0;
	/* no local group: this CPU is not active (a tick during hotplug) */
	if (st->busiest < 0 || this >= max || !st->busiest_nr ||
	    !st->this_power)
		return false;
	avg = st->total_load * SP_LB_POWER_SCALE / st->total_power;
	if (this >= avg || 100 * max <= lb->imbalance_pct * this)
		return false;
	per_task = st->busiest_weighted / st->busiest_nr;
	if (max <= per_task)
		return false;
	/*
	 * never pull this CPU above the average, nor the busiest below it
	 * (each side's load over its power, back in load by that power)
	 */
	if (max >= avg) {
		pull = min(max - avg, max - per_task);
		imb = min(pull * st->busiest_power,
			  (avg - this) * st->this_power) / SP_LB_POWER_SCALE;
		if (imb >= per_task) {
			*imbalance = imb;
			return true;
		}
	}
	if (sp_lb_small_imbalance_moves(lb, st, per_task)) {
		*imbalance = per_task;
		return true;
	}
	if (lb->kernel == SP_LB_2_6_22)
		return false;
	*imbalance = imb;
	return true;
}
EXPORT_SYMBOL_GPL(sched_policy_lb_imbalance);

static unsigned int sp_lb_load_idx(const struct sched_policy_lb *lb,
				   enum sched_policy_lb_idle idle)
{
	if (idle == SP_LB_NOT_IDLE)
		return lb->busy_idx;
	return idle == SP_LB_NEWLY_IDLE ? lb->newidle_idx : lb->idle_idx;
}

static void sp_lb_sum_group(const struct sched_policy_lb *lb,
			    const struct cpumask *group, int first, bool local,
			    unsigned int idx, const struct cpumask *cpus,
			    struct sp_lb_group_sum *g)
{
	bool idle_found = false;
	int i;

	*g = (struct sp_lb_group_sum) {
		.power		= sp_lb_group_power(lb, group, first),
		.balance_cpu	= first,
	};
	sp_lb_for_each_member(i, group, first) {
		struct sched_policy_rq *rq = sched_policy_cpu_rq(i);

		if (!cpumask_test_cpu(i, cpus))
			continue;
		if (local && !idle_found && sched_policy_cpu_idle(i)) {
			idle_found = true;
			g->balance_cpu = i;
		}
		g->load += local ? sched_policy_lb_target_load(lb, i, idx) :
				   sched_policy_lb_source_load(lb, i, idx);
		g->nr += sched_policy_lb_nr_running(lb, rq);
		g->weighted += sp_lb_load_now(lb, rq);
	}
}

/*
 * find_busiest_queue(): the CPU of @first's group with the most load now
 * over its power, passing over one of a task's capacity or more whose
 * only task is heavier than the imbalance
 */
static int sp_lb_busiest_queue(const struct sched_policy_lb *lb,
			       unsigned int level, int first,
			       const struct cpumask *cpus,
			       unsigned long imbalance)
{
	unsigned long max_load = 0, load, power;
	int i, busiest = -1;

	sp_lb_for_each_member(i, sp_lb_group_of(lb, level, first), first) {
		struct sched_policy_rq *rq = sched_policy_cpu_rq(i);

		if (!cpumask_test_cpu(i, cpus))
			continue;
		power = sp_lb_cpu_power(lb, i);
		load = sp_lb_scaled(sp_lb_load_now(lb, rq), power);
		if (sp_lb_capacity(power) &&
		    sched_policy_lb_nr_running(lb, rq) == 1 && load > imbalance)
			continue;
		if (load > max_load) {
			max_load = load;
			busiest = i;
		}
	}
	return busiest;
}

/*
 * find_busiest_group() and find_busiest_queue() in this CPU's domain at
 * @level: the CPU to pull from and the load to move, lockless
 * (READ_ONCE).  -1 if balanced.  With @balance (the periodic passes),
 * only the first idle CPU of this CPU's group, else its first, balances
 * at this level and above: the others get -1 and *@balance false.
 */
static int sp_lb_find_busiest(const struct sched_policy_lb *lb, int this_cpu,
			      unsigned int level,
			      enum sched_policy_lb_idle idle,
			      const struct cpumask *cpus,
			      unsigned long *imbalance, bool *balance)
{
	struct sched_policy_lb_stats st = { .busiest = -1 };
	unsigned int idx = sp_lb_load_idx(lb, idle);
	struct sp_lb_group_sum g;
	int first;

	for_each_cpu(first, cpu_active_mask) {
		const struct cpumask *group = sp_lb_group_of(lb, level, first);
		bool local = group ? cpumask_test_cpu(this_cpu, group) :
				     first == this_cpu;

		if (!sp_lb_in_span(level, this_cpu, first) ||
		    !sp_lb_group_first(group, first))
			continue;
		/* a group whose CPUs are all excluded still counts */
		sp_lb_sum_group(lb, group, first, local, idx, cpus, &g);
		if (local && balance && g.balance_cpu != this_cpu) {
			*balance = false;
			return -1;
		}
		sp_lb_add_group(&st, first, local, &g);
	}
	if (!sched_policy_lb_imbalance(lb, &st, imbalance))
		return -1;
	return sp_lb_busiest_queue(lb, level, st.busiest, cpus, *imbalance);
}

struct sp_lb_pass {
	const struct sched_policy_lb	*lb;
	struct sched_policy_lb_move	m;
};

static int sp_lb_move_tasks(struct sched_policy_rq *src,
			    struct sched_policy_rq *dst, void *arg)
{
	struct sp_lb_pass *pass = arg;

	pass->m.all_pinned = false;
	if (!sched_policy_rq_nr_queued(src) ||
	    sched_policy_lb_nr_running(pass->lb, src) <= 1 ||
	    pass->m.max_load <= 0)
		return 0;
	return pass->lb->move_tasks(src, dst, &pass->m);
}

/* Pull from @busiest; -1 if all its tasks were pinned elsewhere. */
static int sp_lb_pull(const struct sched_policy_lb *lb,
		      struct sched_policy_rq *rq,
		      const struct sched_policy_lb_level *d, int busiest,
		      unsigned long imbalance, enum sched_policy_lb_idle idle)
{
	struct sp_lb_pass pass = {
		.lb = lb,
		.m = {
			.max_load	= min_t(unsigned long, imbalance,
						LONG_MAX),
			.idle		= idle,
			.aggressive	= d->nr_balance_failed >
					  lb->cache_nice_tries,
		},
	};
	int moved;

	moved = sched_policy_balance_locked(rq, busiest, sp_lb_move_tasks,
					    &pass);
	sp_lb_stat(lb, rq, SP_LB_STAT_MOVED_TASKS, moved);
	if (pass.m.all_pinned) {
		sp_lb_stat(lb, rq, SP_LB_STAT_ALL_PINNED, 1);
		return -1;
	}
	return moved;
}

/* The domain's balance_interval doubles, up to its limit. */
static void sp_lb_back_off(const struct sched_policy_lb *lb,
			   struct sched_policy_lb_level *d, bool all_pinned)
{
	if ((all_pinned && d->balance_interval < lb->max_pinned_interval) ||
	    d->balance_interval < lb->max_interval)
		WRITE_ONCE(d->balance_interval, d->balance_interval * 2);
}

/*
 * Nothing could be pulled from @busiest: after cache_nice_tries + 2
 * failures in a row, its stopper pushes a task here (active balance).
 * Returns true when that was started.
 */
static bool sp_lb_failed(const struct sched_policy_lb *lb,
			 struct sched_policy_rq *rq,
			 struct sched_policy_lb_level *d, int busiest,
			 bool *all_pinned)
{
	struct task_struct *curr;
	bool allowed;

	sp_lb_stat(lb, rq, SP_LB_STAT_FAILED, 1);
	if (++d->nr_balance_failed <= lb->cache_nice_tries + 2)
		return false;
	/*
	 * Its running task may not come here: no push (out_one_pinned).
	 * Read without its lock, as both kernels did; interrupts are off
	 * here, which keeps the task_struct from being freed under us.
	 */
	curr = sched_policy_rq_curr(sched_policy_cpu_rq(busiest));
	allowed = cpumask_test_cpu(sched_policy_rq_cpu(rq), curr->cpus_ptr);
	if (!allowed) {
		*all_pinned = true;
		return false;
	}
	d->nr_balance_failed = lb->cache_nice_tries + 1;
	if (!sched_policy_push_from(rq, busiest))
		return false;
	sp_lb_stat(lb, rq, SP_LB_STAT_ACTIVE_BALANCES, 1);
	return true;
}

/*
 * load_balance() and load_balance_newidle() at @level: pull up to the
 * imbalance from the busiest CPU, the next busiest when all its tasks
 * are pinned (newly idle: whenever nothing moved).  Only the periodic
 * balance counts failures, pushes, and adjusts the interval.  Returns
 * the tasks moved.
 */
static int sp_lb_load_balance(const struct sched_policy_lb *lb,
			      struct sched_policy_rq *rq, unsigned int level,
			      enum sched_policy_lb_idle idle, bool *balance)
{
	struct sched_policy_lb_cpu *c = lb->cpu(rq);
	struct sched_policy_lb_level *d = &c->level[level];
	bool newidle = idle == SP_LB_NEWLY_IDLE, all_pinned = false;
	bool next_if_unmoved = newidle && lb->kernel == SP_LB_2_6_22;
	struct sched_policy_rq *busiest_rq;
	unsigned long imbalance;
	int busiest, moved;

	cpumask_copy(&c->lb_cpus, cpu_active_mask);
	for (;;) {
		busiest = sp_lb_find_busiest(lb, sched_policy_rq_cpu(rq), level,
					     idle, &c->lb_cpus, &imbalance,
					     balance);
		if (busiest < 0)
			goto out_balanced;
		sp_lb_stat(lb, rq, SP_LB_STAT_IMBALANCED, 1);
		moved = 0;
		busiest_rq = sched_policy_cpu_rq(busiest);
		all_pinned = sp_lb_rt_only(lb, busiest_rq);
		if (all_pinned) {
			cpumask_clear_cpu(busiest, &c->lb_cpus);
			continue;
		}
		if (sched_policy_lb_nr_running(lb, busiest_rq) > 1) {
			moved = sp_lb_pull(lb, rq, d, busiest, imbalance, idle);
			all_pinned = moved < 0;
			moved = max(moved, 0);
			if (all_pinned || (next_if_unmoved && !moved)) {
				cpumask_clear_cpu(busiest, &c->lb_cpus);
				continue;
			}
		}
		break;
	}
	if (moved) {
		d->nr_balance_failed = 0;
		if (!newidle)
			WRITE_ONCE(d->balance_interval, lb->min_interval);
		return moved;
	}
	if (newidle)
		return 0;
	if (sp_lb_failed(lb, rq, d, busiest, &all_pinned)) {
		/* pushing has begun: back off (not covered by all_pinned) */
		if (d->balance_interval < lb->max_interval)
			WRITE_ONCE(d->balance_interval,
				   d->balance_interval * 2);
		return 0;
	}
	if (all_pinned)
		goto out_one_pinned;
	WRITE_ONCE(d->balance_interval, lb->min_interval);
	return 0;

out_balanced:
	d->nr_balance_failed = 0;
	if (newidle)
		return 0;
out_one_pinned:
	sp_lb_back_off(lb, d, all_pinned);
	return 0;
}

/*
 * rebalance_domains()'s test: is this CPU's periodic balance at a level
 * due?  Unlike both kernels, a busy CPU's interval is at most
 * max_interval x busy_factor: the backoff after pinned tasks (up to
 * 512 ms) made their wait up to 33 s once the CPU got work by a newly
 * idle pull, which does not reset it.
 */
static bool sp_lb_balance_due(const struct sched_policy_lb *lb,
			      const struct sched_policy_lb_level *d,
			      enum sched_policy_lb_idle idle, unsigned long now)
{
	unsigned long interval = READ_ONCE(d->balance_interval);

	if (idle != SP_LB_CPU_IDLE)
		interval = min_t(unsigned long, interval, lb->max_interval) *
			   lb->busy_factor;
	interval = msecs_to_jiffies(interval) ?: 1;
	return time_after_eq(now, READ_ONCE(d->last_balance) + interval);
}

/* Is @cpu's periodic balance due at a level it balances at */
static bool sp_lb_cpu_due(const struct sched_policy_lb *lb, int cpu,
			  enum sched_policy_lb_idle idle, unsigned long now)
{
	struct sched_policy_lb_cpu *c = sp_lb_cpu_of(lb, cpu);
	unsigned int level;

	for (level = 0; level < SP_LB_NR_LEVELS; level++) {
		if (sp_lb_balance_due(lb, &c->level[level], idle, now) &&
		    sp_lb_level_used(lb, level, cpu))
			return true;
	}
	return false;
}

/* A kick for an idle CPU's pass at every level, due or not (new work) */
#define SP_LB_NEW_WORK	(SP_LB_CPU_IDLE + 1)

/*
 * The tasks on the CPUs of @cpu's last-level cache: a walk of the cache
 * per tick, within the O(CPUs) the kick loop below already costs
 */
static unsigned int sp_lb_cache_nr_queued(const struct sched_policy_lb *lb,
					  int cpu)
{
	unsigned int nr = 0;
	int i;

	for_each_cpu_and(i, sched_policy_cpu_llc_mask(cpu), cpu_active_mask)
		nr += sp_lb_kick_nr(lb, sched_policy_cpu_rq(i));
	return nr;
}

/*
 * Idle CPUs balanced from their own tick (SCHED_IDLE), or under NO_HZ the
 * idle load balancer did it for them.  An idle CPU does not tick for a
 * policy, so a busy one kicks those whose idle balance is due when it
 * could give them work: it has tasks waiting, or, for an idle CPU on
 * another cache with multi_core(), its cache runs more tasks than its
 * group's capacity of one.  Each balances in the schedule() that
 * follows.  Unlike both kernels, new work here (more tasks than at the
 * last tick) kicks them whatever their interval: one backed off to
 * 512 ms by pinned tasks would otherwise idle that long beside it.
 */
static void sp_lb_kick_idle(const struct sched_policy_lb *lb,
			    struct sched_policy_rq *rq)
{
	struct sched_policy_lb_cpu *this_c = lb->cpu(rq);
	unsigned int waiting = sp_lb_kick_nr(lb, rq), in_cache;
	bool new_work = waiting > this_c->tick_nr_queued;
	int this_cpu = sched_policy_rq_cpu(rq), cpu;
	const struct cpumask *llc = NULL;

	this_c->tick_nr_queued = waiting;
	in_cache = waiting;
	if (sp_lb_multi_core(lb)) {
		llc = sched_policy_cpu_llc_mask(this_cpu);
		in_cache = sp_lb_cache_nr_queued(lb, this_cpu);
	}

	for_each_cpu(cpu, cpu_active_mask) {
		struct sched_policy_lb_cpu *c;
		unsigned int *spare;

		if (in_cache <= 1)
			break;
		spare = llc && !cpumask_test_cpu(cpu, llc) ? &in_cache :
							     &waiting;
		if (*spare <= 1 || cpu == this_cpu ||
		    !sched_policy_cpu_idle(cpu))
			continue;
		c = sp_lb_cpu_of(lb, cpu);
		if ((!new_work &&
		     !sp_lb_cpu_due(lb, cpu, SP_LB_CPU_IDLE, jiffies)) ||
		    cmpxchg(&c->balance_due, -1,
			    new_work ? SP_LB_NEW_WORK : SP_LB_CPU_IDLE) != -1)
			continue;
		sched_policy_resched_cpu(cpu);
		(*spare)--;
	}
}

/*
 * From the tick of a busy CPU, rq locked: its periodic balance (NOT_IDLE)
 * at each level due.  The imbalance is looked at here, lockless as both
 * kernels did; only if there is one does the CPU reschedule to pull in
 * its balance() hook, at the levels found unbalanced.
 */
void sched_policy_lb_tick(const struct sched_policy_lb *lb,
			  struct sched_policy_rq *rq)
{
	struct sched_policy_lb_cpu *c = lb->cpu(rq);
	int cpu = sched_policy_rq_cpu(rq);
	unsigned int level, busy = 0;
	unsigned long imbalance;
	bool balance = true;

	sp_lb_tick_load_update(c, jiffies);
	if (sched_policy_rq_is_kunit(rq))
		return;
	sp_lb_kick_idle(lb, rq);
	for (level = 0; level < SP_LB_NR_LEVELS && balance; level++) {
		struct sched_policy_lb_level *d = &c->level[level];

		if (!sp_lb_balance_due(lb, d, SP_LB_NOT_IDLE, jiffies) ||
		    !sp_lb_level_used(lb, level, cpu))
			continue;
		WRITE_ONCE(d->last_balance, jiffies);
		if (sp_lb_find_busiest(lb, cpu, level, SP_LB_NOT_IDLE,
				       cpu_active_mask, &imbalance,
				       &balance) >= 0) {
			busy |= BIT(level);
			continue;
		}
		/* load_balance()'s out_balanced */
		d->nr_balance_failed = 0;
		sp_lb_back_off(lb, d, false);
	}
	if (!busy)
		return;
	c->busy_levels = busy;
	/* a kick for an idle pass may have come first: this wins */
	xchg(&c->balance_due, SP_LB_NOT_IDLE);
	sched_policy_resched(rq);
}
EXPORT_SYMBOL_GPL(sched_policy_lb_tick);

/*
 * rebalance_domains(): load_balance() at each level, bottom up, that is
 * due or in @levels; after a pull this CPU is busy for the levels above.
 * Stops at a level where another CPU of this one's group balances.
 */
static void sp_lb_rebalance(const struct sched_policy_lb *lb,
			    struct sched_policy_rq *rq,
			    enum sched_policy_lb_idle idle, unsigned int levels)
{
	struct sched_policy_lb_cpu *c = lb->cpu(rq);
	int cpu = sched_policy_rq_cpu(rq);
	unsigned int level;
	bool balance = true;

	for (level = 0; level < SP_LB_NR_LEVELS && balance; level++) {
		struct sched_policy_lb_level *d = &c->level[level];

		if ((!(levels & BIT(level)) &&
		     !sp_lb_balance_due(lb, d, idle, jiffies)) ||
		    !sp_lb_level_used(lb, level, cpu))
			continue;
		if (sp_lb_load_balance(lb, rq, level, idle, &balance)) {
			idle = SP_LB_NOT_IDLE;
			levels = 0;
		}
		WRITE_ONCE(d->last_balance, jiffies);
	}
}

/* idle_balance(): newly idle, each level bottom up until one pulls */
static void sp_lb_idle_balance(const struct sched_policy_lb *lb,
			       struct sched_policy_rq *rq)
{
	int cpu = sched_policy_rq_cpu(rq);
	unsigned int level;

	for (level = 0; level < SP_LB_NR_LEVELS; level++) {
		if (sp_lb_level_used(lb, level, cpu) &&
		    sp_lb_load_balance(lb, rq, level, SP_LB_NEWLY_IDLE, NULL))
			break;
	}
}

/*
 * From balance(), before each pick: schedule()'s idle_balance() when
 * this CPU is about to run out of tasks, or the periodic balance its tick
 * (or a busy CPU, for an idle one) found due.  Returns balance()'s value.
 */
int sched_policy_lb_balance(const struct sched_policy_lb *lb,
			    struct sched_policy_rq *rq)
{
	struct sched_policy_lb_cpu *c = lb->cpu(rq);
	int due = READ_ONCE(c->balance_due);

	/* usually none is pending: a locked exchange only when one is */
	if (due != -1)
		due = xchg(&c->balance_due, -1);

	if (!IS_ENABLED(CONFIG_SMP) || cpumask_weight(cpu_active_mask) < 2 ||
	    !cpu_active(sched_policy_rq_cpu(rq)) || sched_policy_rq_is_kunit(rq))
		return sched_policy_rq_nr_queued(rq) > 0;
	if (!sched_policy_rq_nr_queued(rq)) {
		if (due == SP_LB_CPU_IDLE)
			sp_lb_rebalance(lb, rq, SP_LB_CPU_IDLE, 0);
		else if (due == SP_LB_NEW_WORK)
			sp_lb_rebalance(lb, rq, SP_LB_CPU_IDLE,
					BIT(SP_LB_NR_LEVELS) - 1);
		else
			sp_lb_idle_balance(lb, rq);
	} else if (due == SP_LB_NOT_IDLE) {
		sp_lb_rebalance(lb, rq, SP_LB_NOT_IDLE, c->busy_levels);
	}
	return sched_policy_rq_nr_queued(rq) > 0;
}
EXPORT_SYMBOL_GPL(sched_policy_lb_balance);

/* For the policy's dump(): each level's balancing state */
void sched_policy_lb_dump(const char *policy,
			  const struct sched_policy_lb_cpu *c)
{
	static const char * const names[SP_LB_NR_LEVELS] = {
		[SP_LB_LLC] = "cache", [SP_LB_ALL] = "all",
	};
	unsigned int level;

	for (level = 0; level < SP_LB_NR_LEVELS; level++) {
		const struct sched_policy_lb_level *d = &c->level[level];

		pr_info("%s:   balance %s: interval=%ums failed=%u last=%ld jiffies ago\n",
			policy, names[level], d->balance_interval,
			d->nr_balance_failed,
			(long)(jiffies - d->last_balance));
	}
}
EXPORT_SYMBOL_GPL(sched_policy_lb_dump);

#ifdef CONFIG_SCHED_POLICY_KUNIT_TEST
#include "lb_test.c"
#endif
