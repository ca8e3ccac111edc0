/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared between the files of the dispatch layer (kernel/sched_core/).
 * Policies never see this; they use <linux/sched_policy.h>.
 */
#ifndef _KERNEL_SCHED_CORE_INTERNAL_H
#define _KERNEL_SCHED_CORE_INTERNAL_H

#include <linux/sched_policy.h>
#include <linux/irq_work.h>
#include <linux/mmu_context.h>
#include <linux/sched/clock.h>
#include <linux/sched/rt.h>
#include <uapi/linux/sched/types.h>
#include "sched.h"	/* kernel/sched/sched.h, via -I in the Makefile */

/* The core's counters, shown before the policy's own in stats files. */
enum sp_core_stat {
	SP_STAT_ENQUEUES,
	SP_STAT_DEQUEUES,
	SP_STAT_PICKS,
	SP_STAT_PUT_PREVS,
	SP_STAT_SET_NEXTS,
	SP_STAT_DECISIONS,
	SP_STAT_BALANCES,
	/* nanoseconds, counted only while timing is on (sp_timing()) */
	SP_STAT_ENQUEUE_NS,
	SP_STAT_DEQUEUE_NS,
	SP_STAT_PICK_NS,
	SP_STAT_PUT_PREV_NS,
	SP_STAT_SET_NEXT_NS,
	SP_STAT_DECISION_NS,
	SP_STAT_BALANCE_NS,
	SP_STAT_TICKS,
	SP_STAT_WAKEUP_PREEMPTS,
	SP_STAT_YIELDS,
	SP_STAT_MIGRATIONS,
	SP_STAT_BALANCE_PULLS,
	SP_STAT_SERVER_PICKS,
	SP_STAT_REPICKS,
	SP_STAT_BYPASS_ENQUEUES,
	SP_STAT_TASK_INITS,
	SP_STAT_ENABLES,
	SP_NR_CORE_STATS,
};

extern const char * const sp_core_stat_names[SP_NR_CORE_STATS];

/*
 * Per-CPU state of the policy class; the policies' opaque handle.  Every
 * field is under the CPU's run-queue lock unless it says otherwise.
 */
struct sched_policy_rq {
	struct rq	*rq;
	int		cpu;
	unsigned int	nr_queued;	/* class tasks enqueued, running one included */
	unsigned int	nr_bypassed;	/* of which in the bypass FIFO */
	unsigned long	next_balance;	/* jiffies */
	bool		pull_pending;
	bool		balance_pending;	/* pull_pending, for ops->balance() */
	bool		bypassing;	/* bypass.c: the policy is not called */
	struct list_head bypass_fifo;	/* bypassed tasks waiting to run */
	struct rq_flags	*balance_rf;	/* set while ops->balance() runs */
	struct sched_policy_ops *balance_ops;	/* and its ops */
	u64		decision_start;	/* timing: clock at the pick, or 0 */
	u64		balance_cost;	/* timing: of the balance pass before it */
	u64		slice_end;	/* rq clock the slice timer is due, or 0 */
	u64		last_tick;	/* rq clock at the last periodic tick */
	/*
	 * The active policy's per-CPU data and counters, bound before it is
	 * published and unbound after the grace period that follows its
	 * unpublishing: a hook that began before can still use them.
	 */
	void		*priv;
	u64		*stats;
	unsigned int	nr_stats;	/* the policy's own, after the core's */
	struct irq_work	kick;		/* sched_policy_resched_cpu() */
	/* push.c: an active balance queued on this CPU's stopper */
	bool		active_balance;
	int		push_cpu;
	struct cpu_stop_work active_balance_work;
	struct sched_dl_entity server;	/* against RT starvation (server.c) */
#ifdef CONFIG_SCHED_POLICY_KUNIT
	/* kunit.c: the policy of a KUnit test's run queue, which has no CPU */
	struct sched_policy_ops *kunit_ops;
	const char	*kunit_broken;	/* a broken promise, for the unlock */
#endif
};

/*
 * A KUnit test's run queue (kunit.c): the helpers a policy calls on it
 * ask nothing of a CPU, and the balancers see no other CPU from it.
 */
static inline bool sp_rq_is_kunit(const struct sched_policy_rq *sprq)
{
#ifdef CONFIG_SCHED_POLICY_KUNIT
	return sprq->kunit_ops;
#else
	return false;
#endif
}

DECLARE_PER_CPU_SHARED_ALIGNED(struct sched_policy_rq, sched_policy_rqs);

/*
 * The active policy; NULL while eevdf (the fair class) runs normal tasks.
 * Published by a switch before the first task enters the class and
 * unpublished after the last one left; read it once per entry into the
 * class (sp_ops()) and hand that snapshot down.
 */
extern struct sched_policy_ops *sched_policy_active;
extern struct mutex sched_policy_mutex;
extern struct list_head sched_policy_list;
extern unsigned int sched_policy_balance_interval_ms;

static inline struct sched_policy_ops *sp_ops(void)
{
	return READ_ONCE(sched_policy_active);
}

static inline struct sched_policy_rq *sp_rq_of(struct rq *rq)
{
	return &per_cpu(sched_policy_rqs, cpu_of(rq));
}

/* Only while a policy is bound to @sprq (in a hook of the policy). */
static inline void sp_stat_add(struct sched_policy_rq *sprq,
			       unsigned int idx, u64 val)
{
	sprq->stats[idx] += val;
}

/*
 * Timing of the policy's hooks (the *_ns counters): a static key, off by
 * default outside the test kernel, so that a measurement kernel pays
 * no clock reads for it.  Switched by /sys/kernel/sched_policy/timing.
 */
DECLARE_STATIC_KEY_MAYBE(CONFIG_SCHED_POLICY_TIMING, sp_timing_key);

static __always_inline bool sp_timing(void)
{
	return static_branch_maybe(CONFIG_SCHED_POLICY_TIMING, &sp_timing_key);
}

void sched_policy_set_timing(bool on);

/* In the core's custody (bypass): the policy does not see the task. */
static inline bool sp_task_bypassed(const struct task_struct *p)
{
	return p->sp.flags & (SP_TASK_BYPASS | SP_TASK_BYPASS_RUN);
}

static inline unsigned int sp_nr_stats(const struct sched_policy_ops *ops)
{
	return SP_NR_CORE_STATS + ops->nr_stats;
}

/* class.c */
void sched_policy_init_rqs(void);
void sp_cancel_slice_timer(struct rq *rq);
struct task_struct *sp_pick_task_for(struct rq *rq, bool server);
void sp_task_exit(struct sched_policy_ops *ops, struct task_struct *p);

/* tasks.c: every task from sched_post_fork() to its free */
extern raw_spinlock_t sp_tasks_lock;
extern struct list_head sp_tasks;

/* Not a task but a walk's place in sp_tasks (tasks.c): skip it. */
#define SP_TASK_CURSOR		(1U << 31)

static inline struct task_struct *sp_listed_task(struct sched_policy_entity *se)
{
	return se->flags & SP_TASK_CURSOR ? NULL :
	       container_of(se, struct task_struct, sp);
}
unsigned int sp_move_all_tasks(struct sched_policy_ops *ending);
void sp_cycle_task(struct rq *rq, struct task_struct *p);

/* bypass.c */
extern int sp_bypass_depth;
void sched_policy_bypass(bool on);
bool sched_policy_bypassing(void);
void sp_bypass_enqueue(struct sched_policy_rq *sprq, struct task_struct *p);
void sp_bypass_dequeue(struct sched_policy_rq *sprq, struct task_struct *p);
struct task_struct *sp_bypass_pick(struct sched_policy_rq *sprq);
void sp_bypass_put_prev(struct sched_policy_rq *sprq, struct task_struct *p);
void sp_bypass_set_next(struct sched_policy_rq *sprq, struct task_struct *p);
void sp_bypass_tick(struct sched_policy_rq *sprq, struct task_struct *curr);

/* server.c */
void sp_server_init(struct sched_policy_rq *sprq);
void __sp_server_start(struct sched_policy_rq *sprq);
int sp_server_reserve(void);
void sp_server_release(void);
void sp_server_reserve_boot(void);

/* On every enqueue: a call only when the server is stopped. */
static inline void sp_server_start(struct sched_policy_rq *sprq)
{
	if (!dl_server_active(&sprq->server))
		__sp_server_start(sprq);
}

/* Runtime of a policy task, on the server's behalf or not. */
static inline void sp_server_account(struct sched_policy_rq *sprq, s64 delta)
{
	if (dl_server_active(&sprq->server))
		dl_server_update(&sprq->server, delta);
}

/* From the linker script: pointers placed by sched_policy_declare(). */
extern struct sched_policy_ops *const __sched_policy_builtin_start[];
extern struct sched_policy_ops *const __sched_policy_builtin_end[];

/* registry.c */
struct sched_policy_ops *sched_policy_find(const char *name, size_t len);
int sched_policy_validate_ops(const struct sched_policy_ops *ops);
int sched_policy_parse_value(const char *buf, size_t len, u64 min, u64 max,
			     u64 *out);
size_t sched_policy_format_available(char *buf, size_t size);
int sched_policy_apply_setting(const char *setting, const char **why);

/* balance.c */
int sp_balance(struct rq *rq, struct rq_flags *rf);
void sp_tick_balance(struct rq *rq);
bool sp_move_queued_locked(struct rq *this_rq, struct rq *src_rq,
			   struct task_struct *p);

/* registry.c: what the sysfs layer hears (notifier actions) */
#define SCHED_POLICY_ADDED	1
#define SCHED_POLICY_REMOVED	2
void sched_policy_registry_watch(struct notifier_block *nb);
/* switch.c */
int sp_ops_prepare(struct sched_policy_ops *ops);
void sp_ops_release(struct sched_policy_ops *ops);
void sp_enable_boot(struct sched_policy_ops *ops);
int sched_policy_switch_locked(struct sched_policy_ops *to);
int sched_policy_switch_by_name(const char *name, size_t len);
/* watchdog.c: the timeout is 0 (off) or SP_WATCHDOG_MIN_MS..MAX_MS */
#define SP_WATCHDOG_MIN_MS	100
#define SP_WATCHDOG_MAX_MS	3600000
extern unsigned int sched_policy_watchdog_timeout_ms;
void sched_policy_watchdog_rearm(void);
void sp_dump_all(struct sched_policy_ops *ops);
/* check.c */
ssize_t sched_policy_check_all(char *buf, size_t len);

#endif /* _KERNEL_SCHED_CORE_INTERNAL_H */
