// SPDX-License-Identifier: GPL-2.0
/*
 * The consistency check behind /sys/kernel/sched_policy/check.
 *
 * Everything runs inside stop_machine(): every CPU spins in its stopper
 * with interrupts off, so no task runs, wakes or moves, and each task of
 * the policy that was running has been preempted by the stopper, i.e. put
 * back by put_prev(queued=true).  Then, on one CPU:
 *
 *  - for each online CPU, under its run-queue lock: the policy's check()
 *    hook walks its own structures, reports what is broken and returns
 *    the tasks it holds for that CPU, which must equal the core's count
 *    of tasks queued with the policy (nr_queued less the bypass FIFO's);
 *    no policy task may be running there;
 *  - every task on the core's task list (tasks.c: fork to free, so the
 *    threads reaped before their last schedule() too): one marked queued
 *    (SP_TASK_QUEUED) must be in the policy class and on a run queue, and
 *    a runnable task of the policy class must be marked;
 *  - per CPU, the marked tasks must equal nr_queued, and an offline CPU
 *    must have none.
 *
 * The verdict is one line, "ok policy=..." or "fail policy=...", and
 * every failure is logged (deferred printk, the first few only).
 */
#define pr_fmt(fmt) "sched_policy: " fmt

#include <linux/sched/signal.h>
#include <linux/stop_machine.h>
#include <linux/slab.h>
#include "internal.h"

#define SP_CHECK_MAX_LOGGED	10
#define SP_CHECK_MSG_LEN	160

struct sp_check_run {
	struct sched_policy_ops	*ops;
	unsigned int		*marked;	/* per CPU, from the task list */
	unsigned int		failures;
	unsigned int		cpus;
	unsigned int		queued;
	unsigned int		tasks;
	char			first[SP_CHECK_MSG_LEN];
};

/* Set only while sp_check_fn() runs, i.e. while every CPU is stopped. */
static struct sp_check_run *sp_check_cur;

static void sp_check_record(struct sp_check_run *run, int cpu,
			    const char *msg)
{
	run->failures++;
	if (run->failures == 1)
		scnprintf(run->first, sizeof(run->first), "cpu%d: %s", cpu, msg);
	if (run->failures <= SP_CHECK_MAX_LOGGED)
		pr_err("check: %s: cpu%d: %s\n", run->ops->name, cpu, msg);
	else if (run->failures == SP_CHECK_MAX_LOGGED + 1)
		pr_err("check: %s: more failures, not logged\n", run->ops->name);
}

static __printf(2, 3) void sp_check_failf(int cpu, const char *fmt, ...)
{
	char msg[SP_CHECK_MSG_LEN];
	va_list args;

	va_start(args, fmt);
	vscnprintf(msg, sizeof(msg), fmt, args);
	va_end(args);
	sp_check_record(sp_check_cur, cpu, msg);
}

int sched_policy_check_fail(struct sched_policy_rq *rq, const char *fmt, ...)
{
	char msg[SP_CHECK_MSG_LEN];
	va_list args;

	if (!sp_check_cur)
		return 1;
	va_start(args, fmt);
	vscnprintf(msg, sizeof(msg), fmt, args);
	va_end(args);
	sp_check_record(sp_check_cur, rq ? rq->cpu : -1, msg);
	return 1;
}
EXPORT_SYMBOL_GPL(sched_policy_check_fail);

/* One online CPU: the policy's walk against the core's count. */
static void sp_check_cpu(struct sp_check_run *run, int cpu)
{
	struct sched_policy_rq *sprq = &per_cpu(sched_policy_rqs, cpu);
	struct rq *rq = cpu_rq(cpu);
	struct rq_flags rf;
	unsigned int held;

	rq_lock_irqsave(rq, &rf);
	run->cpus++;
	run->queued += sprq->nr_queued;
	if (rq->curr->sched_class == &policy_sched_class)
		sp_check_failf(cpu, "%s[%d] of the policy runs inside stop_machine",
			       rq->curr->comm, task_pid_nr(rq->curr));
	if (sprq->nr_queued > rq->nr_running)
		sp_check_failf(cpu, "nr_queued %u > the run queue's nr_running %u",
			       sprq->nr_queued, rq->nr_running);
	if (run->ops->check) {
		held = run->ops->check(sprq);
		if (held != sched_policy_rq_nr_queued(sprq))
			sp_check_failf(cpu, "the policy holds %u tasks, the core counts %u queued with it",
				       held, sched_policy_rq_nr_queued(sprq));
	}
	rq_unlock_irqrestore(rq, &rf);
}

/* One task of the core's list: its mark against class and on_rq. */
static void sp_check_task(struct sp_check_run *run, struct task_struct *p)
{
	bool marked = p->sp.flags & SP_TASK_QUEUED;
	bool ours = p->sched_class == &policy_sched_class;
	int cpu = task_cpu(p);

	run->tasks++;
	if (marked)
		run->marked[cpu]++;
	if (marked && !ours)
		sp_check_failf(cpu, "%s[%d] is marked queued but not in the policy class",
			       p->comm, task_pid_nr(p));
	else if (marked && !task_on_rq_queued(p))
		sp_check_failf(cpu, "%s[%d] is marked queued but not runnable (on_rq %d)",
			       p->comm, task_pid_nr(p), p->on_rq);
	else if (!marked && ours && task_on_rq_queued(p))
		sp_check_failf(cpu, "%s[%d] is runnable in the policy class but not marked queued",
			       p->comm, task_pid_nr(p));
}

/*
 * Per CPU: marked tasks on the core's task list against nr_queued.  The
 * list holds every task to its free, exiting threads too: they match.
 */
static void sp_check_counts(struct sp_check_run *run)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		unsigned int nr = per_cpu(sched_policy_rqs, cpu).nr_queued;

		if (!cpu_online(cpu) && nr)
			sp_check_failf(cpu, "offline, but %u tasks counted queued", nr);
		if (run->marked[cpu] != nr)
			sp_check_failf(cpu, "%u tasks marked queued here, the core counts %u",
				       run->marked[cpu], nr);
	}
}

static int sp_check_fn(void *data)
{
	struct sp_check_run *run = data;
	struct sched_policy_entity *se;
	struct task_struct *p;
	int cpu;

	/* printk under run-queue locks (and here) must not reach the console */
	printk_deferred_enter();
	sp_check_cur = run;
	for_each_online_cpu(cpu)
		sp_check_cpu(run, cpu);
	raw_spin_lock(&sp_tasks_lock);
	list_for_each_entry(se, &sp_tasks, tasks_node) {
		p = sp_listed_task(se);
		if (p)
			sp_check_task(run, p);
	}
	raw_spin_unlock(&sp_tasks_lock);
	sp_check_counts(run);
	sp_check_cur = NULL;
	printk_deferred_exit();
	return 0;
}

static size_t sp_check_verdict(struct sp_check_run *run, char *buf,
			       size_t len)
{
	if (run->failures)
		return scnprintf(buf, len, "fail policy=%s failures=%u first: %s\n",
				 run->ops->name, run->failures, run->first);
	return scnprintf(buf, len,
			 "ok policy=%s cpus=%u queued=%u checked_tasks=%u%s\n",
			 run->ops->name, run->cpus, run->queued, run->tasks,
			 run->ops->check ? "" : " (the policy has no check hook)");
}

/*
 * Run the check and write the one-line verdict into @buf; returns its
 * length or a negative error.  Expensive: every CPU stops for the length
 * of the walks (the policy's queues and the whole task list).
 */
ssize_t sched_policy_check_all(char *buf, size_t len)
{
	struct sp_check_run *run;
	ssize_t ret;

	run = kzalloc(sizeof(*run), GFP_KERNEL);
	if (!run)
		return -ENOMEM;
	run->marked = kcalloc(nr_cpu_ids, sizeof(*run->marked), GFP_KERNEL);
	if (!run->marked) {
		kfree(run);
		return -ENOMEM;
	}

	/* The active policy and its per-CPU data stay while the mutex is held. */
	mutex_lock(&sched_policy_mutex);
	run->ops = sched_policy_active;
	if (!run->ops) {
		ret = scnprintf(buf, len, "ok policy=%s (nothing to check: the kernel's own class)\n",
				SCHED_POLICY_DEFAULT_NAME);
	} else {
		ret = stop_machine(sp_check_fn, run, NULL);
		if (!ret)
			ret = sp_check_verdict(run, buf, len);
	}
	mutex_unlock(&sched_policy_mutex);

	kfree(run->marked);
	kfree(run);
	return ret;
}
