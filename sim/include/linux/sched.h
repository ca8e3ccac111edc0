/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The simulator's task_struct: the fields a policy may read, with the
 * kernel's names and meanings, plus a pointer to the simulator's own
 * state of the task (workload position, measurements).
 */
#ifndef _SIM_LINUX_SCHED_H
#define _SIM_LINUX_SCHED_H

#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/list.h>
#include <linux/cpumask.h>
#include <linux/sched_policy_types.h>

#define SCHED_NORMAL		0
#define SCHED_FIFO		1
#define SCHED_RR		2
#define SCHED_BATCH		3
#define SCHED_IDLE		5
#define SCHED_DEADLINE		6

#define MAX_NICE		19
#define MIN_NICE		-20
#define NICE_WIDTH		(MAX_NICE - MIN_NICE + 1)
#define MAX_RT_PRIO		100
#define MAX_PRIO		(MAX_RT_PRIO + NICE_WIDTH)
#define DEFAULT_PRIO		(MAX_RT_PRIO + NICE_WIDTH / 2)
#define NICE_TO_PRIO(nice)	((nice) + DEFAULT_PRIO)
#define PRIO_TO_NICE(prio)	((prio) - DEFAULT_PRIO)

#define TASK_RUNNING		0x0000
#define TASK_INTERRUPTIBLE	0x0001
#define TASK_UNINTERRUPTIBLE	0x0002
#define TASK_DEAD		0x0080

#define PF_IDLE			0x00000002
#define PF_EXITING		0x00000004
#define PF_KTHREAD		0x00200000

#define TASK_COMM_LEN		16
#define PID_MAX_LIMIT		(4 * 1024 * 1024)

#define HZ			250
#define TICK_NSEC		(NSEC_PER_SEC / HZ)
extern unsigned long jiffies;
#define time_before(a, b)	((long)((a) - (b)) < 0)
#define time_after(a, b)	time_before(b, a)
#define time_after_eq(a, b)	((long)((a) - (b)) >= 0)
#define msecs_to_jiffies(ms)	((unsigned long)(ms) * HZ / 1000)
#define NS_TO_JIFFIES(ns)	((unsigned long)((ns) / TICK_NSEC))

typedef struct {
	int locked;
} raw_spinlock_t;

void sim_raw_spin_lock(raw_spinlock_t *lock);
void sim_raw_spin_unlock(raw_spinlock_t *lock);
#define __RAW_SPIN_LOCK_UNLOCKED(name)	{ 0 }
#define raw_spin_lock_init(l)	((l)->locked = 0)
#define raw_spin_lock(l)	sim_raw_spin_lock(l)
#define raw_spin_unlock(l)	sim_raw_spin_unlock(l)
#define raw_spin_trylock(l)	((l)->locked ? 0 : (sim_raw_spin_lock(l), 1))

struct sched_class;
struct mm_struct;
struct sim_task;

struct load_weight {
	unsigned long weight;
};

struct sched_entity {
	struct load_weight	load;
	u64			exec_start;
	u64			sum_exec_runtime;
	u64			prev_sum_exec_runtime;
};

struct task_struct {
	unsigned int			__state;
	unsigned int			flags;
	int				on_cpu;
	int				on_rq;
	int				prio;
	int				static_prio;
	int				normal_prio;
	unsigned int			policy;
	const struct sched_class	*sched_class;
	struct sched_entity		se;
	struct sched_policy_entity	sp;
	unsigned int			cpu;
	int				nr_cpus_allowed;
	const struct cpumask		*cpus_ptr;
	struct cpumask			cpus_mask;
	unsigned short			migration_disabled;
	unsigned int			sched_contributes_to_load:1;
	struct mm_struct		*mm;
	pid_t				pid;
	char				comm[TASK_COMM_LEN];
	struct sim_task			*sim;
};

/* The CPU whose hooks run now (a timer's, a waker's, a tick's). */
extern int sim_this_cpu;
struct task_struct *sim_current(void);
#define current			sim_current()
#define smp_processor_id()	sim_this_cpu
/* Set while a timer's event runs: its wakeups come from an interrupt. */
extern int sim_in_irq;
#define in_interrupt()		(sim_in_irq != 0)
#define in_task()		(sim_in_irq == 0)

static inline bool is_idle_task(const struct task_struct *p)
{
	return p->flags & PF_IDLE;
}

/* The model runs no RT task; as the kernel's rt_task() (sched/rt.h) */
static inline bool rt_task(const struct task_struct *p)
{
	return p->prio < MAX_RT_PRIO;
}

static inline unsigned int task_cpu(const struct task_struct *p)
{
	return READ_ONCE(p->cpu);
}

#endif
