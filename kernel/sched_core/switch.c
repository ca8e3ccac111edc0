// SPDX-License-Identifier: GPL-2.0
/*
 * Switching the active policy at run time, following sched_ext's
 * enable/disable sequence (scx_ops_enable/scx_ops_disable_workfn):
 *
 *  - forks are held off with a percpu rwsem that every fork takes for
 *    reading from sched_fork() to sched_post_fork(), so no task is caught
 *    half-created with the old class;
 *  - every task is walked and moved one at a time under its task_rq_lock:
 *    dequeued and put, class changed (switching_to/switched_from, which
 *    create and tear down the policy's per-task state), enqueued and set;
 *  - the policy's per-CPU state exists before the first task arrives and
 *    is freed only after the last one left and every CPU is out of the
 *    policy's code (synchronize_rcu()).
 *
 * Which class a normal task belongs to comes from __setscheduler_class(),
 * i.e. task_should_policy(): the policy class while a policy accepts
 * tasks, else fair.  Going from policy P to policy Q passes through eevdf
 * (all tasks back to fair, then all to Q): the two policies never share
 * the class.  The module of the active policy is pinned.
 *
 * One kind of task escapes the walk: a thread that reaps itself leaves
 * the task list (release_task() in exit_notify()) before its last
 * schedule().  Switching a policy off therefore also waits until no CPU
 * has a task of it queued; the policy still runs them meanwhile.  If they
 * do not drain (a policy that never runs them), the switch is undone.
 */
#define pr_fmt(fmt) "sched_policy: " fmt

#include <linux/percpu-rwsem.h>
#include <linux/sched/signal.h>
#include <linux/cpu.h>
#include <linux/delay.h>
#include "internal.h"
#include <trace/events/sched_policy.h>

DEFINE_STATIC_PERCPU_RWSEM(sp_fork_rwsem);
bool sched_policy_accepting;

void sched_policy_pre_fork(void)
{
	percpu_down_read(&sp_fork_rwsem);
}

void sched_policy_post_fork(void)
{
	percpu_up_read(&sp_fork_rwsem);
}

/*
 * Move @p to the class __setscheduler_class() gives it now, if it is a
 * normal task in the fair or the policy class.  As __sched_setscheduler()
 * does it, fair's delayed dequeue included.  Returns true if it moved.
 */
static bool sp_move_task(struct task_struct *p)
{
	const struct sched_class *prev, *next;
	struct balance_callback *head;
	bool queued, running;
	struct rq_flags rf;
	struct rq *rq;

	rq = task_rq_lock(p, &rf);
	prev = p->sched_class;
	next = __setscheduler_class(p->policy, p->prio);
	if (prev == next ||
	    (prev != &fair_sched_class && prev != &policy_sched_class)) {
		task_rq_unlock(rq, p, &rf);
		return false;
	}
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

	preempt_disable();
	head = splice_balance_callbacks(rq);
	task_rq_unlock(rq, p, &rf);
	balance_callbacks(rq, head);
	preempt_enable();
	return true;
}

/* Walk every task (forks are held off); returns how many moved. */
static unsigned int sp_move_all_tasks(void)
{
	struct task_struct *g, *p;
	unsigned int moved = 0;

	read_lock(&tasklist_lock);
	for_each_process_thread(g, p)
		moved += sp_move_task(p);
	read_unlock(&tasklist_lock);
	return moved;
}

static unsigned int sp_nr_queued_all(void)
{
	unsigned int nr = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		nr += READ_ONCE(per_cpu(sched_policy_rqs, cpu).nr_queued);
	return nr;
}

/* Exiting threads the walk could not see finish under the old policy. */
static bool sp_drain(void)
{
	unsigned long deadline = jiffies + HZ;

	while (sp_nr_queued_all()) {
		if (time_after(jiffies, deadline))
			return false;
		usleep_range(500, 1000);
	}
	return true;
}

static void sp_reset_rqs(void)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		struct sched_policy_rq *sprq = &per_cpu(sched_policy_rqs, cpu);

		WARN_ON_ONCE(sprq->nr_queued);
		sprq->pull_pending = false;
		sprq->next_balance = jiffies;
	}
}

/* Per-CPU data, init(), cpu_init(): everything a task's arrival needs. */
int sp_ops_prepare(struct sched_policy_ops *ops)
{
	int ret;

	if (ops->percpu_size) {
		ops->percpu_data = __alloc_percpu(ops->percpu_size,
						  SMP_CACHE_BYTES);
		if (!ops->percpu_data)
			return -ENOMEM;
	}
	if (ops->init) {
		ret = ops->init();
		if (ret) {
			free_percpu(ops->percpu_data);
			ops->percpu_data = NULL;
			return ret;
		}
	}
	return 0;
}

/* Called with the policy's tasks gone and sched_policy_active set. */
static void sp_cpu_init_all(struct sched_policy_ops *ops)
{
	int cpu;

	if (ops->cpu_init)
		for_each_possible_cpu(cpu)
			ops->cpu_init(sched_policy_cpu_rq(cpu));
}

void sp_ops_release(struct sched_policy_ops *ops)
{
	if (ops->exit)
		ops->exit();
	free_percpu(ops->percpu_data);
	ops->percpu_data = NULL;
}

/* Boot: no task exists yet, so there is nothing to move. */
void __init sp_enable_boot(struct sched_policy_ops *ops)
{
	sched_policy_active = ops;
	sp_cpu_init_all(ops);
	sched_policy_accepting = true;
	static_branch_enable(&__sched_policy_on);
}

/*
 * The static key stays on while a switch passes through eevdf (@keep_key):
 * patching the kernel text twice per switch is the slow part.
 */
static unsigned int sp_enable(struct sched_policy_ops *ops)
{
	unsigned int moved;

	cpus_read_lock();
	percpu_down_write(&sp_fork_rwsem);
	sp_reset_rqs();
	sched_policy_active = ops;
	sp_cpu_init_all(ops);
	WRITE_ONCE(sched_policy_accepting, true);
	static_branch_enable_cpuslocked(&__sched_policy_on);
	moved = sp_move_all_tasks();
	percpu_up_write(&sp_fork_rwsem);
	cpus_read_unlock();
	return moved;
}

/* Returns the number of moves, or -EBUSY with @ops active again. */
static int sp_disable(struct sched_policy_ops *ops, bool keep_key)
{
	unsigned int moved;

	cpus_read_lock();
	percpu_down_write(&sp_fork_rwsem);
	WRITE_ONCE(sched_policy_accepting, false);
	moved = sp_move_all_tasks();
	if (!sp_drain()) {
		pr_err("%u tasks of '%s' did not drain; it stays active\n",
		       sp_nr_queued_all(), ops->name);
		WRITE_ONCE(sched_policy_accepting, true);
		sp_move_all_tasks();
		percpu_up_write(&sp_fork_rwsem);
		cpus_read_unlock();
		return -EBUSY;
	}
	if (!keep_key)
		static_branch_disable_cpuslocked(&__sched_policy_on);
	percpu_up_write(&sp_fork_rwsem);
	cpus_read_unlock();
	/* No CPU may still be inside a policy hook when the data goes. */
	synchronize_rcu_expedited();
	sp_reset_rqs();
	sched_policy_active = NULL;
	sp_ops_release(ops);
	module_put(ops->owner);
	return moved;
}

/*
 * Make @to the active policy (NULL: eevdf).  Caller holds
 * sched_policy_mutex.  Returns 0, or an error with nothing changed
 * (module going away, no memory, the policy's init() failed).
 */
int sched_policy_switch_locked(struct sched_policy_ops *to)
{
	struct sched_policy_ops *from = sched_policy_active;
	unsigned int moved = 0;
	u64 start;
	int ret;

	lockdep_assert_held(&sched_policy_mutex);
	if (from == to)
		return 0;
	if (to) {
		if (!try_module_get(to->owner))
			return -ENODEV;
		ret = sp_ops_prepare(to);
		if (ret) {
			module_put(to->owner);
			return ret;
		}
	}
	start = ktime_get_ns();
	if (from) {
		ret = sp_disable(from, to);
		if (ret < 0) {
			if (to) {
				sp_ops_release(to);
				module_put(to->owner);
			}
			return ret;
		}
		moved += ret;
	}
	if (to)
		moved += sp_enable(to);
	start = ktime_get_ns() - start;
	trace_sched_policy_switch(from ? from->name : SCHED_POLICY_DEFAULT_NAME,
				  to ? to->name : SCHED_POLICY_DEFAULT_NAME,
				  moved, start);
	pr_info("switched from %s to %s in %llu us (%u task moves)\n",
		from ? from->name : SCHED_POLICY_DEFAULT_NAME,
		to ? to->name : SCHED_POLICY_DEFAULT_NAME,
		div_u64(start, NSEC_PER_USEC), moved);
	return 0;
}

/*
 * Switch by name, loading "sched-policy-NAME" if no such policy is
 * registered.  -EINVAL for a name nothing provides; nothing changes then.
 */
int sched_policy_switch_by_name(const char *name, size_t len)
{
	struct sched_policy_ops *ops = NULL;
	char buf[SCHED_POLICY_NAME_MAX];
	int ret;

	if (len && name[len - 1] == '\n')
		len--;
	if (!len || len >= sizeof(buf) || memchr(name, '\0', len))
		return -EINVAL;
	memcpy(buf, name, len);
	buf[len] = '\0';
	/* a policy name; also refuses a second trailing newline */
	if (strspn(buf, "abcdefghijklmnopqrstuvwxyz0123456789_") != len)
		return -EINVAL;

	mutex_lock(&sched_policy_mutex);
	if (strcmp(buf, SCHED_POLICY_DEFAULT_NAME)) {
		ops = sched_policy_find(buf, len);
		if (!ops) {
			mutex_unlock(&sched_policy_mutex);
			request_module("sched-policy-%s", buf);
			mutex_lock(&sched_policy_mutex);
			ops = sched_policy_find(buf, len);
		}
		if (!ops) {
			mutex_unlock(&sched_policy_mutex);
			return -EINVAL;
		}
	}
	ret = sched_policy_switch_locked(ops);
	mutex_unlock(&sched_policy_mutex);
	return ret;
}
