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
	SP_STAT_ENQUEUE_NS,
	SP_STAT_PICKS,
	SP_STAT_PICK_NS,
	SP_STAT_TICKS,
	SP_STAT_WAKEUP_PREEMPTS,
	SP_STAT_YIELDS,
	SP_STAT_MIGRATIONS,
	SP_STAT_BALANCE_PULLS,
	SP_STAT_SERVER_PICKS,
	SP_NR_CORE_STATS,
};

extern const char * const sp_core_stat_names[SP_NR_CORE_STATS];

/* Per-CPU state of the policy class; the policies' opaque handle. */
struct sched_policy_rq {
	struct rq	*rq;
	int		cpu;
	unsigned int	nr_queued;	/* policy tasks enqueued, running one included */
	unsigned long	next_balance;	/* jiffies */
	bool		pull_pending;
	struct rq_flags	*balance_rf;	/* set while ops->balance() runs */
	struct irq_work	kick;		/* sched_policy_resched_cpu() */
	struct sched_dl_entity server;	/* against RT starvation (server.c) */
};

DECLARE_PER_CPU_SHARED_ALIGNED(struct sched_policy_rq, sched_policy_rqs);

/* The active policy; NULL while eevdf (the fair class) runs normal tasks. */
extern struct sched_policy_ops *sched_policy_active;
extern struct mutex sched_policy_mutex;
extern struct list_head sched_policy_list;
extern unsigned int sched_policy_balance_interval_ms;

static inline struct sched_policy_rq *sp_rq_of(struct rq *rq)
{
	return &per_cpu(sched_policy_rqs, cpu_of(rq));
}

static inline void sp_stat_add(struct sched_policy_rq *sprq,
			       unsigned int idx, u64 val)
{
	per_cpu_ptr(sched_policy_active->stats, sprq->cpu)[idx] += val;
}

static inline unsigned int sp_nr_stats(const struct sched_policy_ops *ops)
{
	return SP_NR_CORE_STATS + ops->nr_stats;
}

/* class.c */
void sched_policy_init_rqs(void);
void sp_cancel_slice_timer(struct rq *rq);
struct task_struct *sp_pick_task(struct rq *rq);

/* server.c */
void sp_server_init(struct sched_policy_rq *sprq);
void __sp_server_start(struct sched_policy_rq *sprq);

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

/* sysfs/ */
void sched_policy_sysfs_add(struct sched_policy_ops *ops);
/* switch.c */
int sp_ops_prepare(struct sched_policy_ops *ops);
void sp_ops_release(struct sched_policy_ops *ops);
void sp_enable_boot(struct sched_policy_ops *ops);
int sched_policy_switch_locked(struct sched_policy_ops *to);
int sched_policy_switch_by_name(const char *name, size_t len);
/* watchdog.c */
extern unsigned int sched_policy_watchdog_timeout_ms;
void sched_policy_watchdog_rearm(void);
void sched_policy_sysfs_remove(struct sched_policy_ops *ops);
/* check.c */
ssize_t sched_policy_check_all(char *buf, size_t len);

#endif /* _KERNEL_SCHED_CORE_INTERNAL_H */
