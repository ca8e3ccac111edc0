/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The public API of pluggable CPU scheduling policies.
 *
 * A policy schedules every SCHED_NORMAL, SCHED_BATCH, SCHED_IDLE and
 * SCHED_ISO task while it is active; RT, deadline, stop and idle classes are untouched.
 * It fills in a struct sched_policy_ops and registers it.  This header and
 * the helpers it declares are all a policy may use: policies never include
 * kernel/sched/sched.h, so every policy also builds as an out-of-tree module.
 *
 * Context: unless its comment below says otherwise, a hook is called with
 * interrupts off and the run-queue lock of the CPU its struct
 * sched_policy_rq names held (which may be another CPU than the one
 * running the hook), must not sleep, must not take another run-queue lock
 * (sched_policy_pull() does that for a policy) and must not printk except
 * through printk_deferred.  The core does runtime accounting, nr_running,
 * statistics and tracing; a policy decides order and preemption only.
 *
 * What a policy can rely on:
 *  - its hooks run only between init() and exit(), with its per-CPU data
 *    bound (sched_policy_rq_priv());
 *  - a task's life under it is task_init (or task_fork) ... task_exit,
 *    exactly once each; membership of the class is enable ... disable,
 *    which may repeat within one life (a priority-inheritance boost, or
 *    sched_setscheduler() to RT and back, leaves and re-enters the
 *    class: the task's private state stays as the policy left it);
 *  - every runnable task of the class was given to enqueue, except while
 *    the core bypasses the policy (see below);
 *  - the running task was given to set_next and will be given to
 *    put_prev before another task's set_next; when pick_next returns the
 *    task that was running, the core calls put_prev(queued=true) and
 *    set_next on it before it runs on, as for any other pick.
 *
 * Bypass: the core can take the class's runnable tasks away from the
 * policy at any time (stall watchdog, SysRq-P, a switch away from the
 * policy, suspend, /sys/kernel/sched_policy/bypass).  Each queued task is
 * dequeued with SP_DEQ_SAVE (and, if it runs, given to put_prev with
 * queued=false) and held in a FIFO of the core's; while it is there the
 * policy is not called for it (no enqueue, dequeue, pick, set_next,
 * put_prev, tick, yield, account, prio_changed, cpus_allowed_changed) and
 * sched_policy_task_queued() is false; the life and membership hooks and
 * timeslice_ns still are.  At the end of bypass it is enqueued again with
 * SP_ENQ_RESTORE.  Balancing and wakeup preemption do not run meanwhile.
 */
#ifndef _LINUX_SCHED_POLICY_H
#define _LINUX_SCHED_POLICY_H

#include <linux/sched.h>
#include <linux/module.h>
#include <linux/cpumask.h>
#include <linux/sched_policy_types.h>

#define SCHED_POLICY_NAME_MAX		16
#define SCHED_POLICY_MAX_STATS		32
#define SCHED_POLICY_DEFAULT_NAME	"eevdf"

/*
 * SCHED_ISO: BFS's unprivileged soft real-time policy, policy number 4,
 * which Linux reserves for it (patch 0011 makes it valid).  Any user may
 * set it; it is SCHED_NORMAL to every policy that does not implement it.
 */
#ifndef SCHED_ISO
#define SCHED_ISO			4
#endif

/* An opaque per-CPU run-queue handle. */
struct sched_policy_rq;

/* ops->flags */
#define SCHED_POLICY_GLOBAL_QUEUE	(1U << 0) /* one queue for all CPUs */
/*
 * Implements SCHED_ISO: then, as under BFS, a request for SCHED_FIFO or
 * SCHED_RR that the caller may not make (no CAP_SYS_NICE, RLIMIT_RTPRIO
 * 0) sets SCHED_ISO instead of failing with EPERM.
 */
#define SCHED_POLICY_ISO		(1U << 1)

/* enqueue flags */
#define SP_ENQ_WAKEUP		(1U << 0) /* the task woke up */
#define SP_ENQ_NEW		(1U << 1) /* first enqueue after fork */
#define SP_ENQ_MIGRATED		(1U << 2) /* arrives from another CPU */
#define SP_ENQ_RESTORE		(1U << 3) /* put back after an attribute change */
/* with SP_ENQ_WAKEUP: a sync wakeup (WF_SYNC: a pipe or socket write) */
#define SP_ENQ_SYNC		(1U << 4)
/*
 * with SP_ENQ_WAKEUP: the waker ran in interrupt context (a timer, a
 * device), also when another CPU activates the task from its wake list
 */
#define SP_ENQ_IRQ		(1U << 5)

/* dequeue flags */
#define SP_DEQ_SLEEP		(1U << 0) /* the task goes to sleep */
#define SP_DEQ_SAVE		(1U << 1) /* taken out for an attribute change */

/*
 * select_cpu and wakeup_preempt wake flags.  SP_WAKE_SYNC: the waker said
 * it will sleep soon (a pipe write, say).  SP_WAKE_REMOTE (wakeup_preempt
 * only): @woken was queued on a CPU other than the waker's, which the
 * waker's sleep will not free.
 */
#define SP_WAKE_FORK		(1U << 0) /* a new task's first wakeup */
#define SP_WAKE_EXEC		(1U << 1) /* exec placement (select_cpu) */
#define SP_WAKE_SYNC		(1U << 2)
#define SP_WAKE_REMOTE		(1U << 3)

/* sched_policy_entity.flags, owned by the core */
#define SP_TASK_QUEUED		(1U << 0) /* between enqueue and dequeue */
#define SP_TASK_INIT		(1U << 1) /* task_init ran, task_exit pending */
#define SP_TASK_ENABLED		(1U << 2) /* between enable and disable */
#define SP_TASK_BYPASS		(1U << 3) /* queued in the core's bypass FIFO */
#define SP_TASK_BYPASS_RUN	(1U << 4) /* running from the bypass FIFO */

/**
 * struct sched_policy_tunable - one range-checked sysfs/boot tunable
 * @name:	file name under /sys/kernel/sched_policy/<policy>/tunables/
 * @value:	the policy's variable; read locklessly by the policy
 * @min, @max:	inclusive range; writes outside it fail with -EINVAL
 * @unit:	shown in the documentation ("ms", "ns", "bool", ...)
 *
 * The array in ops->tunables ends with an entry whose @name is NULL.
 */
struct sched_policy_tunable {
	const char	*name;
	u64		*value;
	u64		min;
	u64		max;
	const char	*unit;
};

/**
 * struct sched_policy_ops - the contract between core and policy
 *
 * Required: name, enqueue, dequeue, pick_next, put_prev, set_next, tick,
 * and, for a per-CPU policy on SMP, migration_candidate or balance.  An
 * optional hook left NULL does what its comment says under "default".
 *
 * Queue model: enqueue/dequeue bracket the time a task is runnable on this
 * CPU.  set_next() tells the policy the task now runs (most policies take
 * it off their queue); put_prev() tells it the task stopped running and
 * whether it is still queued (then it goes back into the queue).
 * pick_next() only chooses and must not change any queue: @curr is the
 * running task when it belongs to the policy and is still queued (it may
 * be chosen again), else NULL.
 */
struct sched_policy_ops {
	const char	*name;
	struct module	*owner;
	unsigned int	flags;
	size_t		percpu_size;	/* private per-CPU data, zeroed */

	/*
	 * init: process context, may sleep, before any task arrives (an
	 * error refuses the switch and changes nothing).  exit: process
	 * context, after the last task left and every CPU is out of the
	 * policy's hooks.  cpu_init: once per possible CPU after init(),
	 * no lock needed (nothing runs there yet).  Default: nothing.
	 */
	int  (*init)(void);
	void (*exit)(void);
	void (*cpu_init)(struct sched_policy_rq *rq);

	/*
	 * Life.  task_init: the task's first entry into the class under
	 * this policy (a switch, a setscheduler to a normal policy, the end
	 * of a boost), with its rq locked.  task_fork: a child forked into
	 * the class (not visible yet) by @parent, which runs on @rq (the
	 * forking CPU's, locked, as is the child's pi_lock): the hook may
	 * change the parent's state (split its slice) and call
	 * sched_policy_resched(@rq); default task_init.  @parent is current
	 * there, but the hook must use the argument: KUnit forks from a
	 * fake task (sched_policy_kunit_fork()).  task_exit: when the policy is switched off
	 * (rq locked, after disable), or when the task is freed or its fork
	 * is cancelled (any context, IRQs off, no run-queue lock, and no
	 * disable first: the task is dead or never ran); default nothing.
	 */
	void (*task_init)(struct task_struct *p);
	void (*task_fork)(struct sched_policy_rq *rq, struct task_struct *p,
			  struct task_struct *parent);
	void (*task_exit)(struct task_struct *p);
	/*
	 * @p is reaped (release_task(): its parent's wait, or its own exit
	 * when nobody waits for it), and @parent is p->parent, both living
	 * under this policy: tasklist_lock held for writing, @parent's
	 * pi_lock and run queue @rq locked, @p's not (a zombie reaped by
	 * a wait may still be finishing its exit on its CPU: READ_ONCE what
	 * its last accounting may change).  Not called while @rq is
	 * bypassed.  2.6.22's sched_exit().  Default nothing.
	 */
	void (*task_reaped)(struct sched_policy_rq *rq, struct task_struct *p,
			    struct task_struct *parent);
	/*
	 * Membership: the task enters (after task_init/task_fork, before its
	 * enqueue) or leaves the class (after its dequeue), rq locked (at
	 * fork pi_lock only).  Default nothing.
	 */
	void (*enable)(struct task_struct *p);
	void (*disable)(struct task_struct *p);

	void (*enqueue)(struct sched_policy_rq *rq, struct task_struct *p,
			unsigned int flags);
	void (*dequeue)(struct sched_policy_rq *rq, struct task_struct *p,
			unsigned int flags);
	struct task_struct *(*pick_next)(struct sched_policy_rq *rq,
					 struct task_struct *curr);
	void (*put_prev)(struct sched_policy_rq *rq, struct task_struct *p,
			 bool queued);
	void (*set_next)(struct sched_policy_rq *rq, struct task_struct *p);
	/* periodic tick and the slice timer on the running task */
	void (*tick)(struct sched_policy_rq *rq, struct task_struct *curr);
	/* @delta_ns more run time of @curr; default nothing */
	void (*account)(struct sched_policy_rq *rq, struct task_struct *curr,
			u64 delta_ns);
	/* sched_yield() by @curr, before its schedule(); default nothing */
	void (*yield)(struct sched_policy_rq *rq, struct task_struct *curr);
	/*
	 * @woken was enqueued on @rq's CPU, where @curr, also a task of
	 * the class, runs: true to preempt @curr.  Default: never.
	 */
	bool (*wakeup_preempt)(struct sched_policy_rq *rq,
			       struct task_struct *curr,
			       struct task_struct *woken,
			       unsigned int wake_flags);

	/*
	 * The CPU to wake or place @p on: @p's pi_lock held, no run-queue
	 * lock, on the waking CPU; the core checks the answer against the
	 * allowed and active CPUs.  Default: sched_policy_select_idle_cpu().
	 */
	int  (*select_cpu)(struct task_struct *p, int prev_cpu,
			   unsigned int wake_flags);
	/*
	 * Before each pick on @rq's CPU (which may be about to go idle):
	 * pull work with sched_policy_pull(); return nonzero if this CPU has
	 * a policy task to run.  Default: the core's generic balancer, which
	 * uses load() (default: the number of queued tasks, read without the
	 * remote lock: READ_ONCE only) and migration_candidate() (called
	 * with both run-queue locks held: a queued, not running task allowed
	 * on @dst_cpu, or NULL).
	 */
	int  (*balance)(struct sched_policy_rq *rq);
	unsigned long (*load)(struct sched_policy_rq *rq);
	struct task_struct *(*migration_candidate)(struct sched_policy_rq *rq,
						   int dst_cpu);

	/* nice/priority changed: after the dequeue/enqueue around it */
	void (*prio_changed)(struct sched_policy_rq *rq, struct task_struct *p,
			     int old_prio);
	/*
	 * Affinity changed.  Called with @p's pi_lock and rq lock held, or
	 * with only pi_lock for a task neither queued nor running, and also
	 * when a running task enters or leaves a migrate_disable() section.
	 * Default nothing (the core honours p->cpus_ptr in its helpers).
	 */
	void (*cpus_allowed_changed)(struct task_struct *p,
				     const struct cpumask *new_mask);
	/*
	 * @rq's CPU joins or leaves the active set: at hotplug, and also
	 * whenever the root domain is rebuilt (cpuset changes), so the
	 * calls need not alternate.  Default nothing.
	 */
	void (*cpu_online)(struct sched_policy_rq *rq);
	void (*cpu_offline)(struct sched_policy_rq *rq);
	/* sched_rr_get_interval(), no lock: READ_ONCE; default 0 */
	u64  (*timeslice_ns)(struct task_struct *p);
	void (*dump)(struct sched_policy_rq *rq);	/* rq locked, printk deferred */
	/*
	 * Whether @p may wait without bound by design (bfs's SCHED_IDLE
	 * tasks run only when nothing else can): the stall watchdog then
	 * does not count its wait.  Called by the watchdog with no rq lock,
	 * under rcu_read_lock() and a spinlock: read what it needs with
	 * READ_ONCE.  Default: no task may starve.
	 */
	bool (*may_starve)(struct task_struct *p);
	/*
	 * Optional debug hook, run by reading /sys/kernel/sched_policy/check:
	 * verify the policy's own structures for @rq's CPU.  Called for each
	 * online CPU in turn, lowest first, with that CPU's run-queue lock
	 * held and printk deferred, while stop_machine() holds every CPU: no
	 * task runs, wakes or moves, and no task of the policy is running -
	 * the stopper preempted each one that was, so put_prev(queued=true)
	 * has put it back wherever the policy keeps waiting tasks.  Report
	 * each broken invariant with sched_policy_check_fail() and return the
	 * number of tasks the policy holds queued for this CPU, which the core
	 * compares with sched_policy_rq_nr_queued().  A global-queue policy
	 * returns the tasks on its global queue whose task_cpu() is this CPU
	 * (the CPU whose run queue holds them), and checks the global queue
	 * as a whole once, when called for the first online CPU.
	 */
	unsigned int (*check)(struct sched_policy_rq *rq);

	const struct sched_policy_tunable *tunables;
	const char * const *stat_names;	/* policy's own counters */
	unsigned int	nr_stats;

	/* owned by the core */
	struct list_head	list;
	struct kobject		*kobj;
	u64 __percpu		*stats;
	void __percpu		*percpu_data;
};

int sched_policy_register(struct sched_policy_ops *ops);
void sched_policy_unregister(struct sched_policy_ops *ops);

/*
 * Built-in policies must exist before the first fork, long before
 * initcalls run: they are collected from a linker section by sched_init().
 * As a module, the same line registers on load and unregisters on unload.
 */
#ifdef MODULE
#define sched_policy_declare(ops)					\
	static int __init ops##_module_init(void)			\
	{								\
		return sched_policy_register(&(ops));			\
	}								\
	static void __exit ops##_module_exit(void)			\
	{								\
		sched_policy_unregister(&(ops));			\
	}								\
	module_init(ops##_module_init);					\
	module_exit(ops##_module_exit)
#else
#define sched_policy_declare(ops)					\
	static struct sched_policy_ops *const __sched_policy_##ops	\
	__used __section("__sched_policy_builtin") = &(ops)
#endif

/* release_task() (kernel/exit.c), tasklist_lock held for writing */
#ifdef CONFIG_SCHED_POLICY
void sched_policy_release(struct task_struct *p);
#else
static inline void sched_policy_release(struct task_struct *p) { }
#endif

/* Run-queue handles */
int sched_policy_rq_cpu(const struct sched_policy_rq *rq);
struct sched_policy_rq *sched_policy_cpu_rq(int cpu);
void *sched_policy_rq_priv(struct sched_policy_rq *rq);
unsigned int sched_policy_rq_nr_queued(const struct sched_policy_rq *rq);
/*
 * Runnable tasks of the classes above the policy's (stop, deadline, RT)
 * on the CPU, which the 2.6 kernels counted in the same nr_running.
 * Under the rq lock.
 */
unsigned int sched_policy_rq_nr_other(const struct sched_policy_rq *rq);
/*
 * The RT tasks on the CPU, queued or running (throttled ones too, but
 * with CONFIG_RT_GROUP_SCHED not those of a throttled group): a lockless
 * read of a remote CPU's is a snapshot.
 */
unsigned int sched_policy_rq_nr_rt(const struct sched_policy_rq *rq);
/*
 * The share of the CPU its RT tasks have had of late, out of 1024: 6.12's
 * PELT average of RT running time (rq->avg_rt, halved every 32 ms) as of
 * its last update (while RT tasks run, or the core's periodic update of
 * blocked averages), read locklessly.
 */
unsigned long sched_policy_rq_rt_util(const struct sched_policy_rq *rq);
/*
 * local_clock()'s time as of the run queue's last clock update, without
 * reading the clock again (rq_clock(): the core updates it before every
 * hook but task_init).  Under the rq lock.
 */
u64 sched_policy_rq_clock(struct sched_policy_rq *rq);
struct task_struct *sched_policy_rq_curr(struct sched_policy_rq *rq);
/*
 * Whether the caller runs on @rq's CPU, so that its running task is
 * current: a fork's first enqueue there is its parent's doing, as is a
 * wakeup's the waker's.  Under the rq lock.  A KUnit run queue stands for
 * the CPU of the test, whose running task stands for current.
 */
bool sched_policy_rq_local(const struct sched_policy_rq *rq);
void sched_policy_resched(struct sched_policy_rq *rq);
void sched_policy_resched_cpu(int cpu);
/*
 * Call tick() on this CPU again in @delay_ns, with a high-resolution timer
 * where the machine has one (else the periodic tick, 1/HZ, is the
 * granularity): for slices that should end between two ticks.  One timer
 * per CPU, re-armed by each call, cancelled when the running task stops.
 * A delay of a tick or more arms nothing yet: the core arms the timer at
 * the last periodic tick before it ends (hrtimers cost more than the rest
 * of a context switch), so a call per set_next() is cheap.
 */
void sched_policy_slice_timer(struct sched_policy_rq *rq, u64 delay_ns);
bool sched_policy_cpu_idle(int cpu);
/* 0 same CPU, 1 SMT sibling, 2 shared cache, 3 same node, 4 other node */
int sched_policy_cpu_distance(int from, int to);
/*
 * The CPUs that share @cpu's last-level cache, itself included, online or
 * not (the multi-core domain's span: cpu_coregroup_mask(), 2.6.22's
 * cpu_coregroup_map()); only @cpu without CONFIG_SCHED_MC
 */
const struct cpumask *sched_policy_cpu_llc_mask(int cpu);
/*
 * Only from a balance() hook: move a task queued on @src_cpu to @rq's CPU
 * so it can be picked here.  @rq's lock may be dropped and retaken (check
 * anything read under it again); the task moved is the one the policy's
 * migration_candidate(src, this CPU) returns with both locks held.
 * Returns it, or NULL when there was none.
 */
struct task_struct *sched_policy_pull(struct sched_policy_rq *rq, int src_cpu);
/*
 * Only from a balance() hook, for a policy that moves several tasks in
 * one pass (2.6.22's move_tasks()): call @move(src, dst = @rq, @arg) with
 * both run-queue locks held; @rq's lock may be dropped and retaken before.
 * Inside @move, sched_policy_move_queued() moves one queued, not running
 * task of @src that may run on @dst's CPU (the policy's dequeue hook runs
 * for @src, then its enqueue hook for @dst, before it returns).  Returns
 * what @move returned, or 0 when it was not called (@src_cpu offline or
 * this CPU, or a CPU in bypass).
 */
int sched_policy_balance_locked(struct sched_policy_rq *rq, int src_cpu,
				int (*move)(struct sched_policy_rq *src,
					    struct sched_policy_rq *dst,
					    void *arg),
				void *arg);
bool sched_policy_move_queued(struct sched_policy_rq *src,
			      struct sched_policy_rq *dst,
			      struct task_struct *p);
/*
 * The core's generic balancer, for a policy with its own that can be
 * switched off: call the first from balance(), the second from tick().
 */
int sched_policy_default_balance(struct sched_policy_rq *rq);
void sched_policy_default_tick_balance(struct sched_policy_rq *rq);
/*
 * Only from a balance() hook: have @src_cpu's stopper thread preempt what
 * runs there and move one task to @rq's CPU, the one migration_candidate
 * (src, this CPU) then names (2.6.22's active_load_balance()).  False if
 * one is pending there already.  @rq's lock is dropped and retaken.
 */
bool sched_policy_push_from(struct sched_policy_rq *rq, int src_cpu);

/* Tasks */
bool sched_policy_task_running(const struct task_struct *p);
bool sched_policy_can_migrate(struct task_struct *p, int dst_cpu);
/*
 * @p should not wait behind everything else now: it is being frozen, has
 * a signal pending, is exiting, or (@enq_flags, the enqueue hook's, has
 * SP_ENQ_WAKEUP) wakes from an uninterruptible sleep (BFS's
 * !idleprio_suitable()).  Under the rq lock.
 */
bool sched_policy_task_urgent(const struct task_struct *p,
			      unsigned int enq_flags);
unsigned long sched_policy_task_weight(const struct task_struct *p);
u64 sched_policy_task_runtime(const struct task_struct *p);
/*
 * How long ago @p last ran, by its run queue's task clock as of that run
 * queue's last update (0 while it runs, or if the clock is behind); a
 * child that has not run yet inherits its parent's last run, as 2.6.22's
 * last_ran was copied at fork.  For cache-hot tests; @p's rq lock held.
 */
u64 sched_policy_task_cold_ns(const struct task_struct *p);
int sched_policy_select_idle_cpu(struct task_struct *p, int prev_cpu);

/*
 * From a check() hook: report one broken invariant, printf-like.  The
 * core counts every report, keeps the first for the verdict and logs the
 * first few.  Returns 1, so that a check can count what it found
 * (bad += sched_policy_check_fail(...)); outside a check run (a KUnit
 * test calling a policy's check helpers, @rq NULL) it only returns 1.
 */
__printf(2, 3)
int sched_policy_check_fail(struct sched_policy_rq *rq, const char *fmt, ...);

/* The policy's own counters, indexed as ops->stat_names */
void sched_policy_stat_add(struct sched_policy_rq *rq, unsigned int idx,
			   u64 val);

/*
 * Queued with the policy: between its enqueue and its dequeue.  A task
 * the core holds in its bypass FIFO is runnable but not the policy's.
 */
static inline bool sched_policy_task_queued(const struct task_struct *p)
{
	return (p->sp.flags & (SP_TASK_QUEUED | SP_TASK_BYPASS)) ==
	       SP_TASK_QUEUED;
}

/*
 * KUnit (kernel/sched_core/kunit.c): a run queue of no CPU on which a
 * test calls a policy's hooks in the core's order and with its
 * bookkeeping, under the run queue's own lock, with a clock the test
 * advances.  On it sched_policy_resched() marks the running task,
 * sched_policy_slice_timer() only notes the slice end, and the core's
 * balancers see no other CPU; sched_policy_pull() and the other helpers
 * that move tasks between CPUs warn and move nothing (they need the
 * balance pass of a real schedule()).  sched_policy_rq_cpu() is 0:
 * a hook that reaches another CPU's state through its number
 * (sched_policy_cpu_rq()) finds the real CPU 0's, where an inactive
 * policy has no per-CPU area: such a path is not for these tests, and
 * the test's tasks may run on CPU 0 only.  The tests skip while a policy
 * runs the machine (the hooks also read current).
 */
struct kunit;
#ifdef CONFIG_SCHED_POLICY_KUNIT
bool sched_policy_rq_is_kunit(const struct sched_policy_rq *rq);
struct sched_policy_rq *sched_policy_kunit_rq(struct kunit *test,
					      struct sched_policy_ops *ops);
void sched_policy_kunit_attach(struct sched_policy_rq *rq,
			       struct task_struct *p);
void sched_policy_kunit_enqueue(struct sched_policy_rq *rq,
				struct task_struct *p, unsigned int flags);
void sched_policy_kunit_dequeue(struct sched_policy_rq *rq,
				struct task_struct *p, unsigned int flags);
struct task_struct *sched_policy_kunit_schedule(struct sched_policy_rq *rq);
void sched_policy_kunit_run(struct sched_policy_rq *rq, u64 ns);
bool sched_policy_kunit_tick(struct sched_policy_rq *rq);
bool sched_policy_kunit_wakeup(struct sched_policy_rq *rq,
			       struct task_struct *p, unsigned int enq_flags,
			       unsigned int wake_flags);
void sched_policy_kunit_fork(struct sched_policy_rq *rq,
			     struct task_struct *child);
bool sched_policy_kunit_wake_new(struct sched_policy_rq *rq,
				 struct task_struct *child);
struct task_struct *sched_policy_kunit_sleep(struct sched_policy_rq *rq);
struct task_struct *sched_policy_kunit_yield(struct sched_policy_rq *rq);
void sched_policy_kunit_set_nice(struct sched_policy_rq *rq,
				 struct task_struct *p, int nice);
void sched_policy_kunit_set_policy(struct sched_policy_rq *rq,
				   struct task_struct *p, int policy);
bool sched_policy_kunit_resched(struct sched_policy_rq *rq);
u64 sched_policy_kunit_stat(struct sched_policy_rq *rq, unsigned int idx);
u64 sched_policy_kunit_slice_end(struct sched_policy_rq *rq);
void sched_policy_kunit_set_other(struct sched_policy_rq *rq,
				  unsigned int nr);
#else
static inline bool sched_policy_rq_is_kunit(const struct sched_policy_rq *rq)
{
	return false;
}
#endif

/* The policy's view of its private area in task_struct */
#define sched_policy_priv(p, type)					\
	({								\
		BUILD_BUG_ON(sizeof(type) > sizeof((p)->sp.priv));	\
		(type *)(p)->sp.priv;					\
	})

#endif /* _LINUX_SCHED_POLICY_H */
