/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The simulator's own state: CPUs with their run queues, simulated tasks,
 * the event queue.  Policies never see this; they see
 * <linux/sched_policy.h> as in the kernel.
 */
#ifndef _SIM_SIM_H
#define _SIM_SIM_H

#include <linux/sched_policy.h>
#include <linux/sched/clock.h>

/* The core's counters the simulator keeps (a subset of the kernel's). */
enum sp_core_stat {
	SP_STAT_ENQUEUES,
	SP_STAT_DEQUEUES,
	SP_STAT_PICKS,
	SP_STAT_REPICKS,
	SP_STAT_TICKS,
	SP_STAT_WAKEUP_PREEMPTS,
	SP_STAT_YIELDS,
	SP_STAT_MIGRATIONS,
	SP_STAT_BALANCES,
	SP_STAT_BALANCE_NS,
	SP_STAT_BALANCE_PULLS,
	SP_NR_CORE_STATS,
};

/* The kernel's ENQUEUE_ and DEQUEUE_ flags that reach a policy. */
#define DEQUEUE_SLEEP		0x01
#define DEQUEUE_SAVE		0x02
#define ENQUEUE_WAKEUP		0x01
#define ENQUEUE_RESTORE		0x02
#define ENQUEUE_MIGRATED	0x40
#define ENQUEUE_INITIAL		0x80

#define WF_EXEC			0x02
#define WF_FORK			0x04
#define WF_SYNC			0x10

struct rq_flags {
	int unused;
};

/* As in kernel/sched_core/internal.h: the fields balance.c uses. */
struct sched_policy_rq {
	struct rq	*rq;
	int		cpu;
	unsigned int	nr_queued;
	unsigned int	nr_bypassed;	/* always 0: the simulator never bypasses */
	unsigned long	next_balance;
	bool		pull_pending;
	bool		balance_pending;
	bool		bypassing;
	struct rq_flags	*balance_rf;
	struct sched_policy_ops *balance_ops;
	u64		balance_cost;
	void		*priv;
	u64		*stats;
	unsigned int	nr_stats;
};

struct rq {
	int			cpu;
	struct task_struct	*curr;
	struct task_struct	*idle;
	u64			clock;
	unsigned int		nr_running;
	bool			need_resched;
	bool			ipi_pending;	/* a resched IPI is on its way */
	u64			hrtick_gen;	/* invalidates an armed slice timer */
	bool			hrtick_armed;
	struct sched_policy_rq	sprq;
	/* measurements */
	u64			idle_since;	/* idle or offline, since */
	u64			idle_ns, offline_ns;
	u64			switches;
	/* topology */
	int			core, llc, node;
	struct cpumask		smt_mask;
	struct cpumask		llc_mask;
};

extern struct rq *sim_rqs;
extern struct sched_policy_ops *sim_ops;

#define cpu_rq(cpu)		(&sim_rqs[cpu])
#define cpu_of(rq)		((rq)->cpu)
#define sp_rq_of(rq)		(&(rq)->sprq)
#define sp_ops()		sim_ops
#define sp_timing()		false
#define per_cpu(var, cpu)	(*sim_per_cpu_##var(cpu))

static inline struct sched_policy_rq *sim_per_cpu_sched_policy_rqs(int cpu)
{
	return &cpu_rq(cpu)->sprq;
}

/* kernel/sched_core/kunit.c's run queues are the kernel's only */
static inline bool sp_rq_is_kunit(const struct sched_policy_rq *sprq)
{
	return false;
}

static inline void sp_stat_add(struct sched_policy_rq *sprq, unsigned int idx,
			       u64 val)
{
	sprq->stats[idx] += val;
}

/* One thread of control: locks are always available, pins are no-ops. */
static inline void double_lock_balance(struct rq *a, struct rq *b) { }
static inline void double_unlock_balance(struct rq *a, struct rq *b) { }
static inline void rq_unpin_lock(struct rq *rq, struct rq_flags *rf) { }
static inline void rq_repin_lock(struct rq *rq, struct rq_flags *rf) { }

static inline void lockdep_assert_rq_held(struct rq *rq) { }

#define task_rq(p)		cpu_rq((p)->cpu)

static inline bool task_on_rq_queued(const struct task_struct *p)
{
	return p->on_rq == 1;
}

bool available_idle_cpu(int cpu);
void resched_curr(struct rq *rq);
void activate_task(struct rq *rq, struct task_struct *p, int flags);
void deactivate_task(struct rq *rq, struct task_struct *p, int flags);
void set_task_cpu(struct task_struct *p, unsigned int cpu);

static inline bool cpus_share_cache(int a, int b)
{
	return cpu_rq(a)->llc == cpu_rq(b)->llc;
}

static inline int cpu_to_node(int cpu)
{
	return cpu_rq(cpu)->node;
}

/* kernel/sched_core/balance.c, built unchanged */
extern unsigned int sched_policy_balance_interval_ms;
int sp_balance(struct rq *rq, struct rq_flags *rf);
void sp_tick_balance(struct rq *rq);
bool sp_move_queued_locked(struct rq *this_rq, struct rq *src_rq,
			   struct task_struct *p);

#endif
