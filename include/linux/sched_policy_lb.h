/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The 2.6-era sched-domain balancer, for per-CPU policies that model it:
 * load_balance(), load_balance_newidle(), find_busiest_group(),
 * find_busiest_queue(), the balance_interval backoff and active balance of
 * 2.6.22 and 2.6.32 kernel/sched.c, which agree on most of this.  It runs
 * on one domain spanning every active CPU, each CPU a group of power
 * SCHED_LOAD_SCALE (what both built for CPUs that share nothing but
 * memory: SD_CPU_INIT; 2.6.32 less the CPU's RT time, see rt_power),
 * or, for a policy whose multi_core() says so, on
 * 2.6.22's two (CONFIG_SCHED_MC): the CPUs that share a last-level cache,
 * each CPU a group (SD_MC_INIT), under every CPU, each cache a group
 * (SD_CPU_INIT), a domain of one group left out.
 *
 * A policy keeps a load per task in its own units (2.6.22: the static
 * timeslice; 2.6.32: the weight), embeds struct sched_policy_lb_cpu in its
 * per-CPU data and updates its load with sched_policy_lb_load_add() at
 * every enqueue and dequeue.  It describes its domain in a struct
 * sched_policy_lb: SD_CPU_INIT's numbers, and the move_tasks() walk,
 * where the two kernels differ most (which task moves first, which
 * are cache hot).  Its balance() hook calls sched_policy_lb_balance(),
 * its tick() hook sched_policy_lb_tick(), and its select_cpu() hook may
 * place wakeups with sched_policy_lb_wake_affine() and new or exec'ing
 * tasks with sched_policy_lb_idlest_cpu().  Uses nothing a module could
 * not, so the simulator builds it as it builds the policies.
 */
#ifndef _LINUX_SCHED_POLICY_LB_H
#define _LINUX_SCHED_POLICY_LB_H

#include <linux/sched_policy.h>

/* enum idle_type (2.6.22, 2.6.32): what the balancing CPU is doing */
enum sched_policy_lb_idle {
	SP_LB_NOT_IDLE,
	SP_LB_NEWLY_IDLE,
	SP_LB_CPU_IDLE,
};

/* SCHED_LOAD_SCALE: a group's cpu_power when it can run one task */
#define SP_LB_POWER_SCALE	1024UL

/*
 * Load indexes: 0 is the load now, i (1 or 2) reads cpu_load[i - 1]
 * (source_load(), target_load()), the higher ones SD_NODE_INIT's only.
 */
#define SP_LB_NR_CPU_LOADS	2

/*
 * The domains, bottom up: a CPU's last-level cache (SD_MC_INIT, only with
 * multi_core()) and every CPU (SD_CPU_INIT)
 */
enum {
	SP_LB_LLC,
	SP_LB_ALL,
	SP_LB_NR_LEVELS
};

/* A CPU's balancing state in one domain (struct sched_domain's) */
struct sched_policy_lb_level {
	unsigned long	last_balance;	/* jiffies */
	unsigned int	balance_interval;	/* ms */
	unsigned int	nr_balance_failed;
};

/* One CPU's run-queue load and its domains' balancing state */
struct sched_policy_lb_cpu {
	unsigned long	load;		/* queued tasks' loads, curr's too */
	/* update_load()/update_cpu_load(): [0] at the last tick, [1] average */
	unsigned long	cpu_load[SP_LB_NR_CPU_LOADS];
	unsigned long	load_stamp;	/* the jiffy cpu_load[] is of */
	struct sched_policy_lb_level level[SP_LB_NR_LEVELS];
	int		balance_due;	/* enum sched_policy_lb_idle, or -1 */
	unsigned int	busy_levels;	/* the tick's unbalanced ones, bits */
	unsigned int	tick_nr_queued;	/* at this CPU's last tick */
	struct cpumask	lb_cpus;	/* CPUs this pass may pull from */
};

/* One move_tasks() call: what it may move, and whether all was pinned */
struct sched_policy_lb_move {
	long				max_load;	/* rem_load_move */
	enum sched_policy_lb_idle	idle;
	bool				aggressive;	/* ignore cache hot */
	bool				all_pinned;	/* out */
};

/* The counters the balancer keeps, from sched_policy_lb.stat_base on */
enum {
	SP_LB_STAT_IMBALANCED,
	SP_LB_STAT_MOVED_TASKS,
	SP_LB_STAT_FAILED,
	SP_LB_STAT_ALL_PINNED,
	SP_LB_STAT_ACTIVE_BALANCES,
	SP_LB_NR_STATS
};

#define SP_LB_STAT_NAMES(base)						\
	[(base) + SP_LB_STAT_IMBALANCED]	= "lb_imbalanced",	\
	[(base) + SP_LB_STAT_MOVED_TASKS]	= "lb_moved_tasks",	\
	[(base) + SP_LB_STAT_FAILED]		= "lb_failed",		\
	[(base) + SP_LB_STAT_ALL_PINNED]	= "lb_all_pinned",	\
	[(base) + SP_LB_STAT_ACTIVE_BALANCES]	= "active_balances"

enum { SP_LB_2_6_22, SP_LB_2_6_32 };

/* A policy's domain: its SD_CPU_INIT and its walk */
struct sched_policy_lb {
	unsigned int	busy_idx, idle_idx, newidle_idx;	/* load indexes */
	unsigned int	wake_idx;	/* = forkexec_idx in both kernels */
	unsigned int	imbalance_pct;
	unsigned int	cache_nice_tries;
	unsigned int	min_interval, max_interval;	/* ms */
	unsigned int	busy_factor;
	unsigned int	max_pinned_interval;	/* ms, MAX_PINNED_INTERVAL */
	/*
	 * Which kernel's find_busiest_group(): where 2.6.22 and 2.6.32
	 * differ (SP_LB_2_6_32 from 2.6.23 on, as far as these go):
	 *  - fix_small_imbalance()'s gap test: 2.6.32 adds one of the
	 *    busiest CPU's tasks to the gap, so a gap of one task moves one;
	 *  - when moving one task would not gain throughput, 2.6.22 reports
	 *    balance, 2.6.32 still names the busiest CPU with what is left
	 *    of the imbalance (possibly 0): nothing moves, which counts as a
	 *    failure and leads to active balancing;
	 *  - cpu_avg_load_per_task() of an empty CPU: 2.6.22 a nice-0 task's
	 *    load (nice_0_load()), 2.6.32 0;
	 *  - load_balance_newidle() tries the next busiest CPU when nothing
	 *    moved (2.6.22) or only when all were pinned (2.6.32);
	 *  - wake_affine() (2.6.32) always wakes onto a waking CPU whose
	 *    load, less a sync waker's, is 0.
	 */
	unsigned int	kernel;
	/* the policy's per-CPU state, and SCHED_LOAD_SCALE in its units */
	struct sched_policy_lb_cpu *(*cpu)(struct sched_policy_rq *rq);
	unsigned long	(*nice_0_load)(void);	/* 2.6.22 only */
	/*
	 * 2.6.22's rq->nr_running and raw_weighted_load counted a CPU's RT
	 * tasks beside its own (set_load_weight(): RTPRIO_TO_LOAD_WEIGHT(),
	 * a nice -20 task's load plus the RT priority taken as jiffies of
	 * timeslice): each RT task's load in the policy's units.  NULL: the
	 * policy's tasks alone in the load (as 2.6.32's fair load).
	 */
	unsigned long	(*rt_task_load)(void);
	/*
	 * 2.6.32: a CPU's power is SCHED_LOAD_SCALE less the share its RT
	 * tasks took (update_cpu_power(), scale_rt_power()), and its RT
	 * tasks count in its task count (rq->nr_running) but not its load.
	 * False: every CPU has SCHED_LOAD_SCALE, as in 2.6.22 without SMT.
	 */
	bool		rt_power;
	/*
	 * 2.6.22 built with CONFIG_SCHED_MC (x86-64's default): balance
	 * within each last-level cache, then between them, each cache's
	 * CPUs a group of one task's capacity (init_sched_groups_power():
	 * its cores share the package).  NULL or false: one domain.
	 */
	bool		(*multi_core)(void);
	/*
	 * move_tasks() with both locks held: move tasks of @src with
	 * sched_policy_move_queued() while m->max_load of load is left
	 * (called only when @src has a task of the policy, two tasks or
	 * more as sched_policy_lb_nr_running() counts, and max_load > 0).
	 * Sets m->all_pinned when no task of @src may run on @dst's CPU;
	 * returns the number moved.
	 */
	int		(*move_tasks)(struct sched_policy_rq *src,
				      struct sched_policy_rq *dst,
				      struct sched_policy_lb_move *m);
	unsigned int	stat_base;	/* index of lb_imbalanced, SP_LB_STAT_NAMES */
};

/* What find_busiest_group() adds up (for tests: the verdict's inputs) */
struct sched_policy_lb_stats {
	unsigned long	this_load;	/* its group's target_load(), over its power */
	unsigned long	this_nr;
	unsigned long	this_weighted;	/* its load now */
	unsigned long	max_load;	/* the busiest's source_load(), over its power */
	unsigned long	busiest_nr;
	unsigned long	busiest_weighted;
	unsigned long	total_load;
	/* cpu_power, SP_LB_POWER_SCALE a CPU's that runs nothing else */
	unsigned long	this_power;
	unsigned long	busiest_power;
	unsigned long	total_power;
	int		busiest;	/* its first CPU; -1: none */
};

/*
 * What the SD_WAKE_AFFINE test reads, in the policy's load units (the
 * loads at wake_idx, from the waking CPU: sched_policy_lb_wake_affine())
 */
struct sched_policy_lb_wake {
	unsigned long	this_load;	/* target_load() of the waking CPU */
	unsigned long	prev_load;	/* source_load() of the task's last CPU */
	unsigned long	prev_target;	/* and its target_load() */
	unsigned long	this_per_task;	/* cpu_avg_load_per_task(waking CPU) */
	unsigned long	task_load;	/* the woken task's */
	unsigned long	waker_load;	/* a sync waker's own, else 0 */
};

void sched_policy_lb_cpu_init(const struct sched_policy_lb *lb,
			      struct sched_policy_lb_cpu *c);
void sched_policy_lb_load_add(struct sched_policy_lb_cpu *c, long delta);
unsigned long sched_policy_lb_cpu_load(struct sched_policy_lb_cpu *c,
				       unsigned int i, unsigned long load,
				       unsigned long now);
unsigned long sched_policy_lb_source_load(const struct sched_policy_lb *lb,
					  int cpu, unsigned int idx);
unsigned long sched_policy_lb_target_load(const struct sched_policy_lb *lb,
					  int cpu, unsigned int idx);
unsigned long sched_policy_lb_load_per_task(const struct sched_policy_lb *lb,
					    int cpu);
unsigned int sched_policy_lb_nr_running(const struct sched_policy_lb *lb,
					struct sched_policy_rq *rq);
bool sched_policy_lb_imbalance(const struct sched_policy_lb *lb,
			       const struct sched_policy_lb_stats *st,
			       unsigned long *imbalance);
int sched_policy_lb_balance(const struct sched_policy_lb *lb,
			    struct sched_policy_rq *rq);
void sched_policy_lb_tick(const struct sched_policy_lb *lb,
			  struct sched_policy_rq *rq);
bool sched_policy_lb_affine(const struct sched_policy_lb *lb,
			    const struct sched_policy_lb_wake *w);
bool sched_policy_lb_wake_affine(const struct sched_policy_lb *lb,
				 int this_cpu, int prev_cpu,
				 unsigned long task_load,
				 unsigned long waker_load);
int sched_policy_lb_idlest_cpu(const struct sched_policy_lb *lb,
			       struct task_struct *p, int this_cpu);
void sched_policy_lb_dump(const char *policy,
			  const struct sched_policy_lb_cpu *c);

#endif /* _LINUX_SCHED_POLICY_LB_H */
