// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's side of the contract, simulated: what kernel/core.c and
 * kernel/sched_core/class.c do around each hook, in the same order, on
 * the simulated CPUs.  One thread runs everything; "this CPU" is the CPU
 * whose event is being handled (sim_this_cpu), so current and
 * smp_processor_id() mean what they mean in the kernel there.
 *
 * Where the kernel's order matters to a policy, the function names the
 * kernel function it follows.  Not modelled: RT and deadline tasks, the
 * stall watchdog and bypass, policy switching, cgroups.
 */
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include "model.h"

struct sched_class {
	const char *name;
};

static const struct sched_class sim_policy_class = { "policy" };
static const struct sched_class sim_idle_class = { "idle" };

struct rq *sim_rqs;
struct sched_policy_ops *sim_ops;
int sim_this_cpu;
int sim_in_irq;
unsigned long jiffies;
u64 sim_now;
u64 sim_warnings;
unsigned int nr_cpu_ids;
struct cpumask sim_cpu_online, sim_cpu_active, sim_cpu_possible;
static struct rq_flags sim_rf;

/* sched_prio_to_weight[], kernel/sched/core.c, extracted at build time */
static const int sim_prio_to_weight[40] = {
#include "prio_to_weight.h"
};
#define WEIGHT_IDLEPRIO		3

void sim_warn(const char *file, int line, const char *cond)
{
	sim_warnings++;
	if (sim_warnings <= 10)
		fprintf(stderr, "sim: WARN at %s:%d: %s (t=%llu ns, cpu%d)\n",
			file, line, cond, (unsigned long long)sim_now,
			sim_this_cpu);
}

void sim_printk(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

/* One thread: a lock taken twice is a self-deadlock in the kernel. */
void sim_raw_spin_lock(raw_spinlock_t *lock)
{
	if (WARN_ON(lock->locked))
		return;
	lock->locked = 1;
}

void sim_raw_spin_unlock(raw_spinlock_t *lock)
{
	WARN_ON(!lock->locked);
	lock->locked = 0;
}

struct task_struct *sim_current(void)
{
	return cpu_rq(sim_this_cpu)->curr;
}

bool sim_is_policy_task(const struct task_struct *p)
{
	return p->sched_class == &sim_policy_class;
}

/* Helpers of <linux/sched_policy.h> (class.c's, in the kernel) */

int sched_policy_rq_cpu(const struct sched_policy_rq *rq)
{
	return rq->cpu;
}

struct sched_policy_rq *sched_policy_cpu_rq(int cpu)
{
	return &cpu_rq(cpu)->sprq;
}

void *sched_policy_rq_priv(struct sched_policy_rq *rq)
{
	return rq->priv;
}

unsigned int sched_policy_rq_nr_queued(const struct sched_policy_rq *rq)
{
	return rq->nr_queued - rq->nr_bypassed;
}

/* The model has no class above the policy's */
unsigned int sched_policy_rq_nr_other(const struct sched_policy_rq *rq)
{
	return 0;
}

unsigned int sched_policy_rq_nr_rt(const struct sched_policy_rq *rq)
{
	return 0;
}

unsigned long sched_policy_rq_rt_util(const struct sched_policy_rq *rq)
{
	return 0;
}

u64 sched_policy_rq_clock(struct sched_policy_rq *rq)
{
	return rq->rq->clock;
}

struct task_struct *sched_policy_rq_curr(struct sched_policy_rq *rq)
{
	return rq->rq->curr;
}

bool sched_policy_rq_local(const struct sched_policy_rq *rq)
{
	return rq->cpu == sim_this_cpu;
}

void sched_policy_resched(struct sched_policy_rq *rq)
{
	resched_curr(rq->rq);
}

/* irq_work_queue_on(): the kick lands after an IPI's delay */
void sched_policy_resched_cpu(int cpu)
{
	resched_curr(cpu_rq(cpu));
}

bool sched_policy_cpu_idle(int cpu)
{
	return available_idle_cpu(cpu);
}

bool sched_policy_task_running(const struct task_struct *p)
{
	return p->on_cpu;
}

bool sched_policy_task_urgent(const struct task_struct *p,
			      unsigned int enq_flags)
{
	return (p->flags & PF_EXITING) ||
	       ((enq_flags & SP_ENQ_WAKEUP) && p->sched_contributes_to_load);
}

bool sched_policy_can_migrate(struct task_struct *p, int dst_cpu)
{
	return !p->on_cpu && !p->migration_disabled && cpu_active(dst_cpu) &&
	       cpumask_test_cpu(dst_cpu, p->cpus_ptr);
}

unsigned long sched_policy_task_weight(const struct task_struct *p)
{
	return p->se.load.weight;
}

u64 sched_policy_task_runtime(const struct task_struct *p)
{
	return p->se.sum_exec_runtime;
}

static void sim_stopper_preempt(struct rq *rq);

/*
 * push.c's active balance, at once: the stopper preempts the source
 * CPU's running task, which is then queued and may be the one that
 * moves; the source CPU picks again.
 */
bool sched_policy_push_from(struct sched_policy_rq *rq, int src_cpu)
{
	struct sched_policy_rq *src = sched_policy_cpu_rq(src_cpu);
	struct task_struct *p;

	if (src_cpu == rq->cpu || !cpu_active(src_cpu))
		return false;
	sim_stopper_preempt(src->rq);
	resched_curr(src->rq);
	p = sim_ops->migration_candidate(src, rq->cpu);
	if (p)
		sp_move_queued_locked(rq->rq, src->rq, p);
	return true;
}

/* se.exec_start is the clock at the last accounting, as in the kernel */
u64 sched_policy_task_cold_ns(const struct task_struct *p)
{
	u64 now = task_rq(p)->clock;

	if (p->on_cpu || now < p->se.exec_start)
		return 0;
	return now - p->se.exec_start;
}

void sched_policy_stat_add(struct sched_policy_rq *rq, unsigned int idx,
			   u64 val)
{
	if (WARN_ON_ONCE(idx >= rq->nr_stats))
		return;
	sp_stat_add(rq, SP_NR_CORE_STATS + idx, val);
}

int sched_policy_check_fail(struct sched_policy_rq *rq, const char *fmt, ...)
{
	va_list ap;

	if (!rq)
		return 1;
	sim_warnings++;
	fprintf(stderr, "sim: check failed on cpu%d: ", rq->cpu);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return 1;
}

/*
 * hrtick_start(): the slice timer, never shorter than 10 us.  The kernel
 * defers a timer whose slice outlasts the next periodic tick and arms it
 * from that tick; it fires at the same time either way, so the simulator
 * arms it at once.
 */
void sched_policy_slice_timer(struct sched_policy_rq *rq, u64 delay_ns)
{
	struct rq *r = rq->rq;

	r->hrtick_gen++;
	r->hrtick_armed = true;
	sim_event_add(sim_now + max(delay_ns, 10000ULL), EV_HRTICK, r->cpu,
		      NULL, r->hrtick_gen, NULL);
}

static void sim_cancel_slice_timer(struct rq *rq)
{
	if (rq->hrtick_armed) {
		rq->hrtick_gen++;
		rq->hrtick_armed = false;
	}
}

/* idle_cpu(): nothing runs, nothing is queued; kept as a mask */
static struct cpumask sim_idle_mask;

const struct cpumask *sim_idle_cpus(void)
{
	return &sim_idle_mask;
}

bool available_idle_cpu(int cpu)
{
	return test_bit(cpu, sim_idle_mask.bits);
}

const struct cpumask *cpu_smt_mask(int cpu)
{
	return &cpu_rq(cpu)->smt_mask;
}

const struct cpumask *cpu_coregroup_mask(int cpu)
{
	return &cpu_rq(cpu)->llc_mask;
}

static void sim_update_idle(struct rq *rq)
{
	if (rq->curr == rq->idle && !rq->nr_running)
		__set_bit(rq->cpu, sim_idle_mask.bits);
	else
		__clear_bit(rq->cpu, sim_idle_mask.bits);
}

/*
 * resched_curr(): on this CPU the next preemption point schedules; on
 * another, the IPI arrives after ipi_delay.
 */
void resched_curr(struct rq *rq)
{
	if (rq->need_resched)
		return;
	rq->need_resched = true;
	if (rq->cpu == sim_this_cpu || rq->ipi_pending)
		return;
	rq->ipi_pending = true;
	sim_event_add(sim_now + sim_params.ipi_delay, EV_RESCHED_IPI, rq->cpu,
		      NULL, 0, NULL);
}

/* update_curr_policy(): runtime, then the policy's account() */
void sim_update_curr(struct rq *rq)
{
	struct task_struct *curr = rq->curr;
	s64 delta;

	if (!sim_is_policy_task(curr))
		return;
	delta = rq->clock - curr->se.exec_start;
	if (delta <= 0)
		return;
	curr->se.sum_exec_runtime += delta;
	curr->se.exec_start = rq->clock;
	if (sim_ops->account)
		sim_ops->account(&rq->sprq, curr, delta);
}

static unsigned int sp_enqueue_flags(int flags)
{
	return (flags & ENQUEUE_WAKEUP ? SP_ENQ_WAKEUP : 0) |
	       (flags & ENQUEUE_INITIAL ? SP_ENQ_NEW : 0) |
	       (flags & ENQUEUE_MIGRATED ? SP_ENQ_MIGRATED : 0) |
	       (flags & ENQUEUE_RESTORE ? SP_ENQ_RESTORE : 0);
}

static unsigned int sp_dequeue_flags(int flags)
{
	return (flags & DEQUEUE_SLEEP ? SP_DEQ_SLEEP : 0) |
	       (flags & DEQUEUE_SAVE ? SP_DEQ_SAVE : 0);
}

/* enqueue_task_policy() */
static void sim_enqueue(struct rq *rq, struct task_struct *p, int flags)
{
	struct sched_policy_rq *sprq = &rq->sprq;

	if (WARN_ON_ONCE(p->sp.flags & SP_TASK_QUEUED))
		return;
	p->sp.flags |= SP_TASK_QUEUED;
	sprq->nr_queued++;
	rq->nr_running++;
	sim_update_idle(rq);
	if (rq->curr != p)
		sim_wait_begin(p->sim, flags & ENQUEUE_WAKEUP);
	sim_ops->enqueue(sprq, p, sp_enqueue_flags(flags));
	sp_stat_add(sprq, SP_STAT_ENQUEUES, 1);
}

/* dequeue_task_policy() */
static void sim_dequeue(struct rq *rq, struct task_struct *p, int flags)
{
	struct sched_policy_rq *sprq = &rq->sprq;

	if (WARN_ON_ONCE(!(p->sp.flags & SP_TASK_QUEUED)))
		return;
	if (rq->curr == p)
		sim_update_curr(rq);
	sim_ops->dequeue(sprq, p, sp_dequeue_flags(flags));
	sp_stat_add(sprq, SP_STAT_DEQUEUES, 1);
	p->sp.flags &= ~SP_TASK_QUEUED;
	sprq->nr_queued--;
	rq->nr_running--;
	sim_update_idle(rq);
}

/* activate_task()/deactivate_task(), core.c: a moved task is MIGRATED */
void activate_task(struct rq *rq, struct task_struct *p, int flags)
{
	if (p->on_rq == 2)
		flags |= ENQUEUE_MIGRATED;
	rq->clock = sim_now;
	sim_enqueue(rq, p, flags);
	p->on_rq = 1;
}

void deactivate_task(struct rq *rq, struct task_struct *p, int flags)
{
	p->on_rq = 2;	/* TASK_ON_RQ_MIGRATING */
	rq->clock = sim_now;
	sim_dequeue(rq, p, flags);
}

void set_task_cpu(struct task_struct *p, unsigned int cpu)
{
	if (p->cpu == cpu)
		return;
	sp_stat_add(&cpu_rq(sim_this_cpu)->sprq, SP_STAT_MIGRATIONS, 1);
	p->sim->migrations++;
	p->cpu = cpu;
}

/* put_prev_task_policy() */
static void sim_put_prev(struct rq *rq, struct task_struct *p)
{
	if (!sim_is_policy_task(p))
		return;
	sim_cancel_slice_timer(rq);
	sim_update_curr(rq);
	sim_ops->put_prev(&rq->sprq, p, sched_policy_task_queued(p));
}

/* set_next_task_policy() */
static void sim_set_next(struct rq *rq, struct task_struct *p)
{
	if (!sim_is_policy_task(p))
		return;
	p->se.exec_start = rq->clock;
	p->se.prev_sum_exec_runtime = p->se.sum_exec_runtime;
	sim_ops->set_next(&rq->sprq, p);
}

/* sp_pick_task_for(): a re-pick is a put_prev and a set_next too */
static struct task_struct *sim_pick(struct rq *rq)
{
	struct sched_policy_rq *sprq = &rq->sprq;
	struct task_struct *curr = rq->curr, *p;

	if (!sprq->nr_queued)
		return NULL;
	if (!sim_is_policy_task(curr) || !(curr->sp.flags & SP_TASK_QUEUED))
		curr = NULL;
	p = sim_ops->pick_next(sprq, curr);
	if (p)
		WARN_ON_ONCE(task_cpu(p) != sprq->cpu ||
			     !sched_policy_task_queued(p));
	else
		WARN_ON_ONCE(!(sim_ops->flags & SCHED_POLICY_GLOBAL_QUEUE));
	sp_stat_add(sprq, SP_STAT_PICKS, 1);
	if (p && p == curr) {
		sim_put_prev(rq, p);
		sim_set_next(rq, p);
		sp_stat_add(sprq, SP_STAT_REPICKS, 1);
	}
	return p;
}

/* Charge the idle (or offline) time of @rq's idle task up to now. */
void sim_account_idle(struct rq *rq)
{
	if (rq->curr != rq->idle)
		return;
	if (cpu_online(rq->cpu))
		rq->idle_ns += sim_now - rq->idle_since;
	else
		rq->offline_ns += sim_now - rq->idle_since;
	rq->idle_since = sim_now;
}

/* The simulator's side of a context switch: idle time, work progress. */
static void sim_stop_running(struct rq *rq, struct task_struct *prev)
{
	struct sim_task *t = prev->sim;

	prev->on_cpu = 0;
	if (!t) {
		sim_account_idle(rq);
		return;
	}
	if (t->work_left != U64_MAX && sim_now > t->run_from)
		t->work_left -= min(t->work_left, sim_now - t->run_from);
	t->gen++;
	if (prev->on_rq)
		sim_wait_begin(t, false);
}

static void sim_start_running(struct rq *rq, struct task_struct *next)
{
	struct sim_task *t = next->sim;

	next->on_cpu = 1;
	rq->switches++;
	if (!t) {
		rq->idle_since = sim_now;
		return;
	}
	sim_wait_end(t);
	t->switches++;
	t->run_from = sim_now + sim_params.switch_cost;
	if (t->work_left != U64_MAX)
		sim_event_add(t->run_from + t->work_left, EV_BURST_END,
			      rq->cpu, t, t->gen, NULL);
}

/*
 * __schedule() with the policy class's fast path
 * (sched_policy_pick_next_fast): block prev if it sleeps, balance, pick,
 * then put_prev_set_next_task().
 */
void sim_schedule(struct rq *rq)
{
	struct task_struct *prev = rq->curr, *next;
	int saved = sim_this_cpu;

	sim_this_cpu = rq->cpu;
	rq->clock = sim_now;
	rq->need_resched = false;
	if (sim_is_policy_task(prev) && prev->__state != TASK_RUNNING &&
	    prev->on_rq) {
		prev->sched_contributes_to_load =
			!!(prev->__state & TASK_UNINTERRUPTIBLE);
		sim_dequeue(rq, prev, DEQUEUE_SLEEP);
		prev->on_rq = 0;
	}
	sp_balance(rq, &sim_rf);
	next = sim_pick(rq);
	if (!next)
		next = rq->idle;
	if (next != prev) {
		sim_put_prev(rq, prev);
		sim_set_next(rq, next);
		sim_stop_running(rq, prev);
		rq->curr = next;
		sim_update_idle(rq);
		sim_start_running(rq, next);
		/* __put_task_struct(): sched_policy_free() */
		if (prev->sim && prev->sim->state == SIM_DEAD &&
		    sim_ops->task_exit)
			sim_ops->task_exit(prev);
	}
	sim_this_cpu = saved;
}

/* Return from an interrupt or a syscall: schedule where asked to. */
void sim_preempt_point(void)
{
	struct rq *rq = cpu_rq(sim_this_cpu);
	int loops = 0;

	while (rq->need_resched && cpu_online(rq->cpu)) {
		sim_schedule(rq);
		if (WARN_ON(++loops > 100))
			break;
	}
}

/* sched_tick() and task_tick_policy(queued=0) */
void sim_tick(struct rq *rq)
{
	struct task_struct *curr = rq->curr;

	rq->clock = sim_now;
	if (!sim_is_policy_task(curr))
		return;
	sim_update_curr(rq);
	sp_stat_add(&rq->sprq, SP_STAT_TICKS, 1);
	sim_ops->tick(&rq->sprq, curr);
	sp_tick_balance(rq);
}

/* hrtick(): task_tick_policy(queued=1) */
void sim_hrtick(struct rq *rq)
{
	rq->hrtick_armed = false;
	rq->clock = sim_now;
	if (!sim_is_policy_task(rq->curr))
		return;
	sim_update_curr(rq);
	sim_ops->tick(&rq->sprq, rq->curr);
}

/* wakeup_preempt() and wakeup_preempt_policy() */
static void sim_wakeup_preempt(struct rq *rq, struct task_struct *p,
			       int wake_flags)
{
	unsigned int f = 0;

	if (!sim_is_policy_task(rq->curr)) {
		resched_curr(rq);	/* the idle task */
		return;
	}
	if (!sim_ops->wakeup_preempt || rq->need_resched)
		return;
	if (wake_flags & WF_FORK)
		f |= SP_WAKE_FORK;
	if (wake_flags & WF_SYNC)
		f |= SP_WAKE_SYNC;
	if (rq->cpu != sim_this_cpu)
		f |= SP_WAKE_REMOTE;
	sim_update_curr(rq);
	if (!sim_ops->wakeup_preempt(&rq->sprq, rq->curr, p, f))
		return;
	resched_curr(rq);
	sp_stat_add(&rq->sprq, SP_STAT_WAKEUP_PREEMPTS, 1);
}

/*
 * select_fallback_rq(): an allowed active CPU on @cpu's node, else any
 * allowed active CPU, else the task is no longer affine: it may run
 * anywhere from now on (the kernel logs "no longer affine to cpuN").
 */
static int sim_fallback_cpu(struct task_struct *p, int cpu)
{
	unsigned int dest;

	for_each_cpu_and(dest, p->cpus_ptr, cpu_active_mask)
		if (cpu_rq(dest)->node == cpu_rq(cpu)->node)
			return dest;
	dest = cpumask_any_and(p->cpus_ptr, cpu_active_mask);
	if (dest < nr_cpu_ids)
		return dest;
	fprintf(stderr, "sim: %s no longer affine to cpu%d\n", p->sim->name,
		cpu);
	p->cpus_mask = sim_cpu_possible;
	p->nr_cpus_allowed = cpumask_weight(p->cpus_ptr);
	if (sim_ops->cpus_allowed_changed)
		sim_ops->cpus_allowed_changed(p, p->cpus_ptr);
	return cpumask_any_and(p->cpus_ptr, cpu_active_mask);
}

/* select_task_rq(): the policy's choice, checked against the mask */
static int sim_select_cpu(struct task_struct *p, int wake_flags)
{
	int cpu;

	if (p->nr_cpus_allowed > 1) {
		unsigned int f = (wake_flags & WF_FORK ? SP_WAKE_FORK : 0) |
				 (wake_flags & WF_SYNC ? SP_WAKE_SYNC : 0);

		cpu = sim_ops->select_cpu ?
		      sim_ops->select_cpu(p, task_cpu(p), f) :
		      sched_policy_select_idle_cpu(p, task_cpu(p));
	} else {
		cpu = cpumask_first(p->cpus_ptr);
	}
	if (!cpumask_test_cpu(cpu, p->cpus_ptr) || !cpu_active(cpu))
		cpu = sim_fallback_cpu(p, task_cpu(p));
	return cpu;
}

/*
 * try_to_wake_up() from this CPU: place the task, enqueue it on its
 * CPU's run queue at once (the remote CPU hears by IPI), and ask that
 * CPU's class whether to preempt.
 */
void sim_wake_up(struct sim_task *t, int wake_flags)
{
	struct task_struct *p = &t->ts;
	int cpu, flags = ENQUEUE_WAKEUP;
	struct rq *rq;

	if (WARN_ON(p->on_rq || t->state == SIM_DEAD))
		return;
	t->state = SIM_RUNNABLE;
	cpu = sim_select_cpu(p, wake_flags);
	if (cpu != (int)task_cpu(p)) {
		flags |= ENQUEUE_MIGRATED;
		set_task_cpu(p, cpu);
	}
	rq = cpu_rq(cpu);
	rq->clock = sim_now;
	activate_task(rq, p, flags);
	sim_wakeup_preempt(rq, p, wake_flags);
	p->__state = TASK_RUNNING;
}

static void sim_set_prio(struct task_struct *p, int nice, unsigned int policy)
{
	p->policy = policy;
	p->static_prio = NICE_TO_PRIO(nice);
	p->normal_prio = p->static_prio;
	p->prio = p->static_prio;
	p->se.load.weight = policy == SCHED_IDLE ? WEIGHT_IDLEPRIO :
			    sim_prio_to_weight[nice - MIN_NICE];
}

/*
 * sched_fork(), sched_cgroup_fork() (task_fork_policy()) and
 * wake_up_new_task(), with @parent current on this CPU.  A task of the
 * workload's first generation is forked by the CPU's idle task, as a
 * kernel thread would fork it: the policy then has no parent of its own
 * class to split.  The child gets its group's nice and policy from the
 * start (in a guest, nice(1) renices the child before it execs).
 */
struct sim_task *sim_fork(struct sim_spec *spec, unsigned int idx,
			  struct task_struct *parent)
{
	struct sim_task *t = calloc(1, sizeof(*t));
	struct task_struct *p;
	struct rq *rq = cpu_rq(sim_this_cpu);
	int cpu;

	if (!t) {
		perror("sim: calloc");
		exit(2);
	}
	p = &t->ts;
	p->sim = t;
	t->spec = spec;
	t->id = sim_nr_tasks++;
	t->idx = idx;
	snprintf(t->name, sizeof(t->name), "%s.%u", spec->name, idx);
	p->pid = 1000 + t->id;
	snprintf(p->comm, sizeof(p->comm), "%s", spec->name);
	p->mm = (struct mm_struct *)t;	/* a process of its own */
	p->cpu = sim_this_cpu;
	p->sched_class = &sim_policy_class;
	sim_set_prio(p, spec->nice, spec->policy);
	if (spec->cpus_set)
		p->cpus_mask = spec->cpus;
	else
		p->cpus_mask = sim_cpu_possible;
	p->cpus_ptr = &p->cpus_mask;
	p->nr_cpus_allowed = cpumask_weight(p->cpus_ptr);
	INIT_LIST_HEAD(&p->sp.run_node);
	INIT_LIST_HEAD(&t->wait_node);
	list_add_tail(&t->all_node, &sim_all_tasks);
	sim_nr_live++;
	spec->started++;
	if (parent->sim) {
		t->parent = parent->sim;
		parent->sim->children++;
	}

	/* task_fork_policy(): this run queue locked, its clock updated */
	rq->clock = sim_now;
	p->se.exec_start = parent->se.exec_start;
	if (sim_ops->task_fork)
		sim_ops->task_fork(sp_rq_of(rq), p, parent);
	else if (sim_ops->task_init)
		sim_ops->task_init(p);
	p->sp.flags |= SP_TASK_INIT;
	if (sim_ops->enable)
		sim_ops->enable(p);
	p->sp.flags |= SP_TASK_ENABLED;

	/* wake_up_new_task() */
	p->__state = TASK_RUNNING;
	t->state = SIM_RUNNABLE;
	cpu = sim_select_cpu(p, WF_FORK);
	p->cpu = cpu;
	rq = cpu_rq(cpu);
	rq->clock = sim_now;
	sim_task_new_burst(t);
	activate_task(rq, p, ENQUEUE_INITIAL);
	sim_wakeup_preempt(rq, p, WF_FORK);
	return t;
}

/* The running task @t sleeps: set its state, then schedule(). */
void sim_block(struct sim_task *t)
{
	struct task_struct *p = &t->ts;

	p->__state = t->spec->uninterruptible ? TASK_UNINTERRUPTIBLE :
			TASK_INTERRUPTIBLE;
	sim_schedule(cpu_rq(task_cpu(p)));
}

/* do_exit(): the parent hears first, then the last schedule() */
void sim_exit(struct sim_task *t)
{
	struct task_struct *p = &t->ts;

	p->flags |= PF_EXITING;
	t->state = SIM_DEAD;
	t->spec->exited++;
	sim_nr_live--;
	if (t->parent) {
		struct sim_task *parent = t->parent;

		parent->children--;
		if (!parent->children && parent->state == SIM_BLOCKED &&
		    parent->spec->wait) {
			sim_task_new_burst(parent);
			sim_wake_up(parent, 0);
		}
	}
	p->__state = TASK_DEAD;
	sim_schedule(cpu_rq(task_cpu(p)));
}

/* do_sched_yield(): yield_task_policy(), then schedule() */
void sim_yield(struct sim_task *t)
{
	struct rq *rq = cpu_rq(task_cpu(&t->ts));

	rq->clock = sim_now;
	sim_update_curr(rq);
	if (sim_ops->yield)
		sim_ops->yield(&rq->sprq, rq->curr);
	sp_stat_add(&rq->sprq, SP_STAT_YIELDS, 1);
	sim_schedule(rq);
}

/*
 * ops->check() as /sys/kernel/sched_policy/check runs it: every CPU's
 * running task preempted by the stopper first (put_prev, queued), then
 * each CPU checked, lowest first; afterwards each CPU picks again.
 */
void sim_check_all(void)
{
	static struct task_struct stopper = { .sched_class = &sim_idle_class };
	unsigned int cpu, nr;

	if (!sim_ops->check)
		return;
	for_each_online_cpu(cpu) {
		struct rq *rq = cpu_rq(cpu);

		sim_this_cpu = cpu;
		rq->clock = sim_now;
		if (sim_is_policy_task(rq->curr)) {
			sim_put_prev(rq, rq->curr);
			rq->curr->on_cpu = 0;
		}
	}
	for_each_online_cpu(cpu) {
		struct rq *rq = cpu_rq(cpu);
		struct task_struct *saved = rq->curr;

		rq->curr = &stopper;
		sim_this_cpu = cpu;
		nr = sim_ops->check(&rq->sprq);
		if (nr != sched_policy_rq_nr_queued(&rq->sprq))
			sched_policy_check_fail(&rq->sprq,
				"the policy holds %u tasks, the core counts %u",
				nr, sched_policy_rq_nr_queued(&rq->sprq));
		rq->curr = saved;
	}
	for_each_online_cpu(cpu) {
		struct rq *rq = cpu_rq(cpu);

		sim_this_cpu = cpu;
		if (sim_is_policy_task(rq->curr)) {
			rq->curr->on_cpu = 1;
			sim_set_next(rq, rq->curr);
		}
	}
}

/*
 * The stopper preempts @rq's running policy task: put back, queued, the
 * CPU running its idle task until it picks again
 */
static void sim_stopper_preempt(struct rq *rq)
{
	struct task_struct *curr = rq->curr;

	if (!sim_is_policy_task(curr))
		return;
	rq->clock = sim_now;
	sim_put_prev(rq, curr);
	sim_stop_running(rq, curr);
	rq->curr = rq->idle;
	sim_start_running(rq, rq->idle);
}

/* move_queued_task() from @rq to a fallback CPU, as balance_push() does */
static void sim_push_away(struct rq *rq, struct task_struct *p)
{
	int dest = sim_fallback_cpu(p, rq->cpu);
	struct rq *drq = cpu_rq(dest);

	deactivate_task(rq, p, 0);
	set_task_cpu(p, dest);
	activate_task(drq, p, 0);
	sim_wakeup_preempt(drq, p, 0);
}

/*
 * sched_cpu_deactivate() and sched_cpu_dying(): the CPU leaves the
 * active set (the policy's cpu_offline()), the stopper preempts its
 * task, and every task queued there is pushed to a fallback CPU, the
 * running one first.  The last active CPU stays, as the kernel refuses
 * to take it down (-EBUSY).
 */
void sim_cpu_down(unsigned int cpu)
{
	struct rq *rq = cpu_rq(cpu);
	struct task_struct *curr = rq->curr;
	struct sim_task *t;

	if (!cpu_active(cpu) || cpumask_weight(cpu_active_mask) == 1) {
		fprintf(stderr, "sim: cpu%u %s: left up\n", cpu,
			cpu_active(cpu) ? "is the last active CPU" :
					  "is offline already");
		return;
	}
	sim_this_cpu = cpu;
	rq->clock = sim_now;
	cpumask_clear_cpu(cpu, &sim_cpu_active);
	if (sim_ops->cpu_offline)
		sim_ops->cpu_offline(&rq->sprq);
	if (sim_is_policy_task(curr)) {
		sim_stopper_preempt(rq);
		sim_push_away(rq, curr);
	}
	list_for_each_entry(t, &sim_all_tasks, all_node)
		if ((t->ts.sp.flags & SP_TASK_QUEUED) &&
		    task_cpu(&t->ts) == cpu)
			sim_push_away(rq, &t->ts);
	WARN_ON(rq->nr_running);
	rq->need_resched = false;
	sim_account_idle(rq);
	cpumask_clear_cpu(cpu, &sim_cpu_online);
	sim_update_idle(rq);
}

/* sched_cpu_activate(): back in the active set; its idle task looks for work */
void sim_cpu_up(unsigned int cpu)
{
	struct rq *rq = cpu_rq(cpu);

	if (cpu_online(cpu))
		return;
	sim_this_cpu = cpu;
	rq->clock = sim_now;
	sim_account_idle(rq);
	cpumask_set_cpu(cpu, &sim_cpu_online);
	cpumask_set_cpu(cpu, &sim_cpu_active);
	sim_update_idle(rq);
	if (sim_ops->cpu_online)
		sim_ops->cpu_online(&rq->sprq);
	resched_curr(rq);
}

static void sim_topology(void)
{
	unsigned int cpu, smt = sim_params.smt;
	unsigned int cores = sim_params.cpus / smt;
	unsigned int llcs = (cores + sim_params.llc_cores - 1) /
			    sim_params.llc_cores;
	unsigned int llcs_per_node = (llcs + sim_params.nodes - 1) /
				     sim_params.nodes;

	for (cpu = 0; cpu < sim_params.cpus; cpu++) {
		struct rq *rq = cpu_rq(cpu);
		unsigned int sib;

		/* siblings of a core are numbered together */
		rq->core = cpu / smt;
		rq->llc = rq->core / sim_params.llc_cores;
		rq->node = rq->llc / llcs_per_node;
		cpumask_clear(&rq->smt_mask);
		for (sib = rq->core * smt; sib < (rq->core + 1) * smt; sib++)
			cpumask_set_cpu(sib, &rq->smt_mask);
	}
	for (cpu = 0; cpu < sim_params.cpus; cpu++) {
		unsigned int other;

		cpumask_clear(&cpu_rq(cpu)->llc_mask);
		for (other = 0; other < sim_params.cpus; other++)
			if (cpu_rq(other)->llc == cpu_rq(cpu)->llc)
				cpumask_set_cpu(other, &cpu_rq(cpu)->llc_mask);
	}
}

static struct task_struct *sim_new_idle(int cpu)
{
	struct task_struct *idle = calloc(1, sizeof(*idle));

	idle->sched_class = &sim_idle_class;
	idle->flags = PF_IDLE;
	idle->cpu = cpu;
	idle->on_cpu = 1;
	idle->static_prio = MAX_PRIO;
	idle->prio = MAX_PRIO;
	snprintf(idle->comm, sizeof(idle->comm), "swapper/%d", cpu);
	idle->mm = NULL;
	return idle;
}

/* The machine, then the policy's init(), per-CPU data and cpu_init(). */
void sim_core_init(void)
{
	unsigned int cpu, nstats = SP_NR_CORE_STATS + sim_ops->nr_stats;

	nr_cpu_ids = sim_params.cpus;
	sim_rqs = calloc(nr_cpu_ids, sizeof(*sim_rqs));
	for (cpu = 0; cpu < nr_cpu_ids; cpu++) {
		struct rq *rq = cpu_rq(cpu);

		cpumask_set_cpu(cpu, &sim_cpu_possible);
		cpumask_set_cpu(cpu, &sim_cpu_online);
		cpumask_set_cpu(cpu, &sim_cpu_active);
		rq->cpu = cpu;
		rq->idle = sim_new_idle(cpu);
		rq->curr = rq->idle;
		sim_update_idle(rq);
		rq->sprq.rq = rq;
		rq->sprq.cpu = cpu;
		rq->sprq.stats = calloc(nstats, sizeof(u64));
		rq->sprq.nr_stats = sim_ops->nr_stats;
		rq->sprq.priv = calloc(1, sim_ops->percpu_size ?: 1);
	}
	sim_topology();
	if (sim_ops->init && sim_ops->init()) {
		fprintf(stderr, "sim: %s: init() failed\n", sim_ops->name);
		exit(2);
	}
	for (cpu = 0; cpu < nr_cpu_ids; cpu++) {
		sim_this_cpu = cpu;
		if (sim_ops->cpu_init)
			sim_ops->cpu_init(&cpu_rq(cpu)->sprq);
		cpu_rq(cpu)->idle_since = 0;
	}
	sim_this_cpu = 0;
}
