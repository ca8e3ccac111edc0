/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The few things kernel/sched needs to know about the policy class.
 * Included by kernel/sched/sched.h; not for policies.
 */
#ifndef _KERNEL_SCHED_CORE_HOOKS_H
#define _KERNEL_SCHED_CORE_HOOKS_H

#include <linux/jump_label.h>
#include <linux/rbtree.h>
#include <linux/sched.h>
#include <uapi/linux/sched.h>

struct rq;

#ifdef CONFIG_SCHED_POLICY
extern const struct sched_class policy_sched_class;
DECLARE_STATIC_KEY_FALSE(__sched_policy_on);

/* True while a policy other than eevdf owns the normal tasks. */
static __always_inline bool sched_policy_enabled(void)
{
	return static_branch_unlikely(&__sched_policy_on);
}

/* False while a policy is being switched off: its tasks go to fair. */
extern bool sched_policy_accepting;

static inline bool task_should_policy(int policy)
{
	/* acquire: a policy accepting tasks is published (switch.c) */
	return sched_policy_enabled() && smp_load_acquire(&sched_policy_accepting) &&
	       (policy == SCHED_NORMAL || policy == SCHED_BATCH ||
		policy == SCHED_IDLE || policy == SCHED_ISO);
}

/*
 * Forks hold off a run-time switch: sched_fork() to sched_post_fork(),
 * where the new task joins the core's task list (sched_cancel_fork():
 * it never does).
 */
void sched_policy_pre_fork(void);
void sched_policy_post_fork(struct task_struct *p);
void sched_policy_cancel_fork(struct task_struct *p);

/* Called by __sched_fork() for every new task, whatever its class. */
static inline void sched_policy_init_entity(struct task_struct *p)
{
	INIT_LIST_HEAD(&p->sp.run_node);
	RB_CLEAR_NODE(&p->sp.tree_node);
	p->sp.key = 0;
	p->sp.flags = 0;
	p->sp.runnable_since = 0;
	INIT_LIST_HEAD(&p->sp.tasks_node);
	INIT_LIST_HEAD(&p->sp.bypass_node);
	memset(p->sp.priv, 0, sizeof(p->sp.priv));
}

/*
 * ttwu_do_activate() adds this enqueue flag for a WF_SYNC wakeup; the
 * policy class passes it on as SP_ENQ_SYNC.  A bit far above 6.12's
 * ENQUEUE_* flags, which the other classes do not look at.
 */
#define ENQUEUE_POLICY_SYNC	0x10000
/* ... and this one when the waker ran in interrupt context (SP_ENQ_IRQ). */
#define ENQUEUE_POLICY_IRQ	0x20000

/*
 * sched_ttwu_pending() adds this wake flag for a wakeup another CPU left
 * on this CPU's wake list, so that the class can tell the policy it is
 * remote (SP_WAKE_REMOTE) although this CPU activates it.  Far above
 * 6.12's WF_* flags.
 */
#define WF_POLICY_REMOTE	0x10000
/* With it: the waker ran in interrupt context on its CPU. */
#define WF_POLICY_IRQ		0x20000

bool sched_policy_can_stop_tick(struct rq *rq);
bool sched_policy_rt_to_iso(struct task_struct *p, int policy);
void sched_policy_init(void);
struct rq_flags;
struct task_struct *sched_policy_pick_next_fast(struct rq *rq,
						struct rq_flags *rf);

/* The policy class's deadline server (server.c), as fair_server's. */
void sched_policy_cpu_dying(struct rq *rq);
void sched_policy_attach_root(struct rq *rq);
u64 sched_policy_server_bw(int cpu);
#else
static inline void sched_policy_init_entity(struct task_struct *p) { }
#define ENQUEUE_POLICY_SYNC	0
#define ENQUEUE_POLICY_IRQ	0
#define WF_POLICY_REMOTE	0
#define WF_POLICY_IRQ		0
static inline bool sched_policy_enabled(void) { return false; }
static inline bool task_should_policy(int policy) { return false; }
static inline bool sched_policy_can_stop_tick(struct rq *rq) { return true; }
static inline bool sched_policy_rt_to_iso(struct task_struct *p, int policy)
{
	return false;
}
static inline struct task_struct *
sched_policy_pick_next_fast(struct rq *rq, struct rq_flags *rf) { return NULL; }
static inline void sched_policy_init(void) { }
static inline void sched_policy_pre_fork(void) { }
static inline void sched_policy_post_fork(struct task_struct *p) { }
static inline void sched_policy_cancel_fork(struct task_struct *p) { }
static inline void sched_policy_cpu_dying(struct rq *rq) { }
static inline void sched_policy_attach_root(struct rq *rq) { }
static inline u64 sched_policy_server_bw(int cpu) { return 0; }
#endif

#endif /* _KERNEL_SCHED_CORE_HOOKS_H */
