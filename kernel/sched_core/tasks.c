// SPDX-License-Identifier: GPL-2.0
/*
 * The core's list of every task, as sched_ext's scx_tasks: a task joins
 * it in sched_post_fork() and leaves it when its task_struct is freed, so
 * a walk finds the threads that reaped themselves (release_task() takes
 * them off the task list before their last schedule, and they may still
 * sleep and wake) and the dead ones whose policy state is not yet freed.
 *
 * Lock order: sp_tasks_lock, then a task's pi_lock, then run-queue locks.
 * It is a raw lock because bypass entry (bypass.c) must not sleep and
 * walks it from under its own raw lock.
 */
#include "internal.h"
#include <linux/percpu-rwsem.h>
#include <linux/rcu_sync.h>

DEFINE_RAW_SPINLOCK(sp_tasks_lock);
LIST_HEAD(sp_tasks);

/* Held for reading by every fork, sched_fork() to sched_post_fork(). */
DEFINE_STATIC_PERCPU_RWSEM(sp_fork_rwsem);

/*
 * Forks take the rwsem's reader slow path from boot on, as cgroup's
 * favordynmods does for its threadgroup rwsem: a switch's
 * percpu_down_write() then never waits for a normal RCU grace period
 * (11-15 ms measured at the first switch beside busy CPUs: one tick or
 * more per CPU), and a fork pays a full barrier and an atomic read more.
 */
static int __init sp_fork_rwsem_favor_switches(void)
{
	rcu_sync_enter(&sp_fork_rwsem.rss);
	return 0;
}
core_initcall(sp_fork_rwsem_favor_switches);

static void sp_task_exit_unlocked(struct sched_policy_ops *ops,
				  struct task_struct *p);

void sched_policy_pre_fork(void)
{
	percpu_down_read(&sp_fork_rwsem);
}

/* Still under the rwsem: a switch either sees @p on the list or waits. */
void sched_policy_post_fork(struct task_struct *p)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&sp_tasks_lock, flags);
	list_add_tail(&p->sp.tasks_node, &sp_tasks);
	raw_spin_unlock_irqrestore(&sp_tasks_lock, flags);
	percpu_up_read(&sp_fork_rwsem);
}

/* A child that never ran: its life under the policy ends unseen. */
void sched_policy_cancel_fork(struct task_struct *p)
{
	if (p->sp.flags & SP_TASK_INIT) {
		local_irq_disable();
		sp_task_exit_unlocked(sp_ops(), p);
		local_irq_enable();
	}
	percpu_up_read(&sp_fork_rwsem);
}

/*
 * The end of a life that ends without the policy's locks: at the free
 * (any context, RCU callbacks included) or a cancelled fork.  Only
 * task_exit is called - the task is dead or never ran, so it holds no
 * place in the class - with interrupts off (the grace period a switch
 * waits for before it frees the policy covers the call) and no run-queue
 * lock, so a last put under some rq lock cannot deadlock here.
 */
static void sp_task_exit_unlocked(struct sched_policy_ops *ops,
				  struct task_struct *p)
{
	if (ops && ops->task_exit)
		ops->task_exit(p);
	p->sp.flags &= ~(SP_TASK_INIT | SP_TASK_ENABLED);
}

/*
 * The last reference is gone.  Off the list under its lock, so a switch
 * that ends the policy either ended this life already (SP_TASK_INIT is
 * clear) or never sees the task and waits for us in its grace period.
 */
void sched_policy_free(struct task_struct *p)
{
	struct sched_policy_ops *ops = NULL;
	unsigned long flags;

	raw_spin_lock_irqsave(&sp_tasks_lock, flags);
	list_del_init(&p->sp.tasks_node);
	if (p->sp.flags & SP_TASK_INIT)
		ops = sp_ops();
	raw_spin_unlock(&sp_tasks_lock);
	if (ops)
		sp_task_exit_unlocked(ops, p);
	local_irq_restore(flags);
}

/*
 * release_task(), tasklist_lock held for writing: @p is reaped, by its
 * parent's wait or, when nobody waits for it, by its own exit - where
 * 2.6.22 called sched_exit().  The policy may move what is left of @p's
 * CPU time to its parent, under the parent's task_rq_lock; tasklist_lock
 * before pi_lock before the rq lock is the order exit_notify()'s wakeup
 * of the parent takes them in.  Interrupts are off from before sp_ops()
 * is read until the hook returns, so a switch's grace period covers the
 * call: @p's and the parent's private state is this policy's while
 * their SP_TASK_INIT is set (@p's read without its lock: a switch that
 * ends its life concurrently leaves that state as it was).  Under
 * tasklist_lock p->parent is a live task other than @p: copy_process()
 * and the reparenting at exit never leave it otherwise.
 */
void sched_policy_release(struct task_struct *p)
{
	struct sched_policy_ops *ops = sp_ops();
	struct task_struct *parent = p->parent;
	struct sched_policy_rq *sprq;
	struct rq_flags rf;
	struct rq *rq;

	lockdep_assert_irqs_disabled();
	if (!ops || !ops->task_reaped ||
	    !(READ_ONCE(p->sp.flags) & SP_TASK_INIT))
		return;
	rq = task_rq_lock(parent, &rf);
	sprq = sp_rq_of(rq);
	if ((parent->sp.flags & SP_TASK_INIT) && !sprq->bypassing)
		ops->task_reaped(sprq, p, parent);
	task_rq_unlock(rq, parent, &rf);
}

static bool sp_task_gone(struct rq *rq, struct task_struct *p)
{
	return READ_ONCE(p->__state) == TASK_DEAD && !task_on_rq_queued(p) &&
	       !task_on_cpu(rq, p);
}

/*
 * Move @p to the class __setscheduler_class() gives it now, if it is a
 * normal task in the fair or the policy class.  As __sched_setscheduler()
 * does it, fair's delayed dequeue included.  Returns true if it moved.
 */
static bool sp_change_class(struct rq *rq, struct task_struct *p)
{
	const struct sched_class *prev, *next;
	bool queued, running;

	prev = p->sched_class;
	next = __setscheduler_class(p->policy, p->prio);
	/*
	 * A dead task past its last schedule stays where it is: fair's
	 * task_dead already took its load away, and it will not run.
	 */
	if (prev == next || sp_task_gone(rq, p) ||
	    (prev != &fair_sched_class && prev != &policy_sched_class))
		return false;
	update_rq_clock(rq);
	if (p->se.sched_delayed)
		dequeue_task(rq, p, DEQUEUE_SLEEP | DEQUEUE_DELAYED |
				    DEQUEUE_NOCLOCK);
	queued = task_on_rq_queued(p);
	running = task_current(rq, p);
	if (queued)
		dequeue_task(rq, p, DEQUEUE_SAVE | DEQUEUE_MOVE | DEQUEUE_NOCLOCK);
	if (running)
		put_prev_task(rq, p);
	p->sched_class = next;
	check_class_changing(rq, p, prev);
	if (queued)
		enqueue_task(rq, p, ENQUEUE_RESTORE | ENQUEUE_MOVE |
				    ENQUEUE_NOCLOCK);
	if (running)
		set_next_task(rq, p);
	check_class_changed(rq, p, prev, p->prio);
	return true;
}

/*
 * Move @p to its class and, with @ending, end its life under that policy
 * too (a task boosted out of the class included), in one hold of its
 * task_rq_lock: a switch takes each task's locks once.  Returns true if
 * @p moved.
 */
static bool sp_move_task(struct task_struct *p, struct sched_policy_ops *ending)
{
	struct balance_callback *head;
	struct rq_flags rf;
	struct rq *rq;
	bool moved;

	rq = task_rq_lock(p, &rf);
	moved = sp_change_class(rq, p);
	if (ending && (p->sp.flags & SP_TASK_INIT))
		sp_task_exit(ending, p);

	preempt_disable();
	head = splice_balance_callbacks(rq);
	task_rq_unlock(rq, p, &rf);
	balance_callbacks(rq, head);
	preempt_enable();
	return moved;
}

/* Tasks moved between two releases of the list lock in a long walk. */
#define SP_WALK_BATCH	32

/* The task after @cursor, other walks' cursors skipped; @cursor moves past it. */
static struct task_struct *sp_walk_next(struct sched_policy_entity *cursor)
{
	struct sched_policy_entity *se = cursor;
	struct task_struct *p;

	list_for_each_entry_continue(se, &sp_tasks, tasks_node) {
		p = sp_listed_task(se);
		if (p) {
			list_move(&cursor->tasks_node, &se->tasks_node);
			return p;
		}
	}
	return NULL;
}

/*
 * Walk every task with forks held off: each normal task goes to the
 * class it belongs in now, and with @ending (the policy being switched
 * off, no longer accepting tasks) every life under it ends, that of a
 * task boosted out of the class included.  Returns the number of moves.
 *
 * A cursor keeps the walk's place, as scx_task_iter's does, so that the
 * list lock (and with it interrupts) is dropped every SP_WALK_BATCH
 * tasks: a task freed meanwhile has left the list, and no task joins it
 * while forks are held off.
 */
unsigned int sp_move_all_tasks(struct sched_policy_ops *ending)
{
	struct sched_policy_entity cursor = { .flags = SP_TASK_CURSOR };
	unsigned int moved = 0, n = 0;
	struct task_struct *p;

	percpu_down_write(&sp_fork_rwsem);
	raw_spin_lock_irq(&sp_tasks_lock);
	list_add(&cursor.tasks_node, &sp_tasks);
	while ((p = sp_walk_next(&cursor))) {
		moved += sp_move_task(p, ending);
		if (++n % SP_WALK_BATCH == 0) {
			raw_spin_unlock_irq(&sp_tasks_lock);
			cond_resched();
			raw_spin_lock_irq(&sp_tasks_lock);
		}
	}
	list_del(&cursor.tasks_node);
	raw_spin_unlock_irq(&sp_tasks_lock);
	percpu_up_write(&sp_fork_rwsem);
	return moved;
}

/*
 * Take @p out of the class and put it back, rq locked: enough to move it
 * between the policy's queues and the bypass FIFO, which enqueue and
 * set_next choose by the run queue's bypass state.
 */
void sp_cycle_task(struct rq *rq, struct task_struct *p)
{
	bool queued = task_on_rq_queued(p);
	bool running = task_current(rq, p);

	lockdep_assert_rq_held(rq);
	if (queued)
		dequeue_task(rq, p, DEQUEUE_SAVE | DEQUEUE_MOVE | DEQUEUE_NOCLOCK);
	if (running)
		put_prev_task(rq, p);
	if (queued)
		enqueue_task(rq, p, ENQUEUE_RESTORE | ENQUEUE_MOVE |
				    ENQUEUE_NOCLOCK);
	if (running)
		set_next_task(rq, p);
}
