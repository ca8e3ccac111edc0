// SPDX-License-Identifier: GPL-2.0
/*
 * bfs - Con Kolivas' Brain Fuck Scheduler 0.363 (the last 0.3xx), as a policy.
 *
 * One run queue for the whole machine, under one lock.  Every runnable
 * task of the policy that is not running sits on it with a virtual
 * deadline: when a task gets a new timeslice of rr_interval its deadline
 * becomes now + rr_interval x prio_ratio(nice) / 128, prio_ratio rising
 * 10% per nice level.  A CPU runs the task with the earliest deadline
 * among those allowed on it, found by scanning the whole queue (O(n), as
 * in the original; with cache_locality=1 a task queued beyond this CPU's
 * cache counts as later, bfs_locality_offset()).  A task keeps its
 * deadline while it sleeps, so a woken sleeper usually comes first.
 *
 * On wakeup a task goes to an idle CPU if one is allowed (its last CPU,
 * then the closest by cache), else to the CPU running the task with the
 * latest deadline if its own is earlier (which it preempts).  SCHED_BATCH
 * never preempts on wakeup; SCHED_IDLE tasks (BFS's SCHED_IDLEPRIO) run
 * only when no other task of the policy can run on that CPU.
 *
 * The kernel keeps each task on one CPU's run queue; BFS's global queue
 * lives beside those.  When a CPU's best task is queued on another CPU,
 * its balance() hook moves it here with sched_policy_pull(), the core's
 * remote-task helper (sched_ext's lock protocol), and then picks it.
 * Lock order: run-queue locks, then the global queue lock.
 */
#include <linux/sched_policy.h>
#include <linux/sched/clock.h>

/* Tunables */
#define BFS_RR_INTERVAL_BASE_MS	6	/* BFS's rr_interval before scaling */
static u64 bfs_rr_interval_ms;		/* 0: scaled with the CPU count */
/*
 * 0: 0.363 as it ran (its offset, in ms on a deadline in ns, decided
 * nothing); 1: the offset its comment describes (bfs_locality_offset())
 */
static u64 bfs_cache_locality;
/* SCHED_ISO's share of all CPUs' time, in percent (0.363's iso_cpu) */
static u64 bfs_iso_cpu = 70;

static const struct sched_policy_tunable bfs_tunables[] = {
	{ "rr_interval_ms",	&bfs_rr_interval_ms,	0, 1000, "ms" },
	{ "cache_locality",	&bfs_cache_locality,	0,    1, "bool" },
	{ "iso_cpu",		&bfs_iso_cpu,		0,   99, "%" },
	{ }
};

enum {
	BFS_STAT_LOCKS,
	BFS_STAT_CONTENDED,
	BFS_STAT_SCANNED,
	BFS_STAT_SCAN_REUSED,
	BFS_STAT_REMOTE_RUNS,
	BFS_STAT_PULL_RACES,
	BFS_STAT_SLICES,
	BFS_STAT_IDLE_KICKS,
	BFS_NR_STATS
};

static const char * const bfs_stat_names[BFS_NR_STATS] = {
	[BFS_STAT_LOCKS]	= "grq_locks",
	[BFS_STAT_CONTENDED]	= "grq_contended",
	[BFS_STAT_SCANNED]	= "scanned",
	[BFS_STAT_SCAN_REUSED]	= "picks_from_balance_scan",
	[BFS_STAT_REMOTE_RUNS]	= "remote_runs",
	[BFS_STAT_PULL_RACES]	= "pull_races",
	[BFS_STAT_SLICES]	= "slices_expired",
	[BFS_STAT_IDLE_KICKS]	= "idle_kicks",
};

/*
 * prio_ratios[nice + 20]: 128 at nice -20, then each level 10% more than
 * the one before, rounded down as BFS computed it (x 11 / 10).
 */
static const unsigned int bfs_prio_ratios[NICE_WIDTH] = {
	 128,  140,  154,  169,  185,  203,  223,  245,  269,  295,
	 324,  356,  391,  430,  473,  520,  572,  629,  691,  760,
	 836,  919, 1010, 1111, 1222, 1344, 1478, 1625, 1787, 1965,
	2161, 2377, 2614, 2875, 3162, 3478, 3825, 4207, 4627, 5089,
};

/* The global run queue. */
struct bfs_queue {
	raw_spinlock_t		lock;
	struct list_head	iso;		/* SCHED_ISO, not refractory */
	struct list_head	normal;		/* SCHED_NORMAL and SCHED_BATCH */
	struct list_head	idleprio;	/* SCHED_IDLE */
	unsigned int		nr_queued;
};

static struct bfs_queue bfs_grq = {
	.lock		= __RAW_SPIN_LOCK_UNLOCKED(bfs_grq.lock),
	.iso		= LIST_HEAD_INIT(bfs_grq.iso),
	.normal		= LIST_HEAD_INIT(bfs_grq.normal),
	.idleprio	= LIST_HEAD_INIT(bfs_grq.idleprio),
};

/*
 * SCHED_ISO's CPU use, 0.363's grq.iso_ticks, iso_tick() and
 * no_iso_tick() in nanoseconds: @load is iso_ticks x TICK_NSEC.  Every
 * ns a task runs as SCHED_ISO adds 100; every other ns of any CPU (a
 * normal task, idle, another class) takes (load / period + 1) away,
 * period being ISO_PERIOD, 5 s x the online CPUs.  Past iso_cpu x period
 * the state is refractory: SCHED_ISO tasks queue as normal ones until
 * the load falls below iso_cpu x 115/128 x period.  0.363 did this per
 * tick of each CPU; here account() sums the ISO time and the tick of any
 * CPU running a task of bfs folds all CPUs' time in since the last one.
 */
struct bfs_iso {
	raw_spinlock_t		lock;
	u64			load;
	u64			last;		/* local_clock() of the last update */
	atomic64_t		pending;	/* ns run as SCHED_ISO since */
	bool			refractory;
};

static struct bfs_iso bfs_iso = {
	.lock		= __RAW_SPIN_LOCK_UNLOCKED(bfs_iso.lock),
	.pending	= ATOMIC64_INIT(0),
};

#define BFS_NO_DEADLINE	0	/* bfs_cpu.curr_deadline: no policy task */

struct bfs_cpu {
	u64			curr_deadline;	/* of the running task, racy reads */
	u8			curr_level;	/* and its bfs_level(), as racy */
	struct task_struct	*wanted;	/* being pulled here; under grq lock */
	/*
	 * What balance()'s scan found for pick_next(), so that one
	 * schedule() scans the queue once: the earliest task queued on
	 * this CPU (NULL: none).  Under this CPU's run-queue lock; any
	 * change to the tasks queued here makes it invalid.
	 */
	struct task_struct	*scan_local;
	bool			scan_valid;
};

/* Per-task state, overlaid on task_struct's policy area. */
struct bfs_task {
	u64	deadline;	/* virtual deadline, local_clock() ns */
	s64	time_slice;	/* ns left of rr_interval */
	bool	on_grq;		/* on the global queue (not running) */
	bool	idle_queued;	/* queued (and so running) as SCHED_IDLE */
	bool	iso_queued;	/* queued (and so running) as SCHED_ISO */
};

static inline struct bfs_task *bfs_task(struct task_struct *p)
{
	return sched_policy_priv(p, struct bfs_task);
}

static inline struct bfs_cpu *bfs_cpu(struct sched_policy_rq *rq)
{
	return sched_policy_rq_priv(rq);
}

/* Deadline arithmetic */

/*
 * rr_interval in ms: the tunable, or with 0 (the default) BFS 0.363's
 * sched_init_smp() scaling, rr_interval x (4n + 4) / (n + 6) for n
 * online CPUs: 6, 9, 12, 15, 18 ms at 1, 2, 4, 8, 16.  BFS scaled once
 * at boot; this follows hotplug, as cfs's sched_tunable_scaling does.
 */
static u64 bfs_rr_interval_ms_for(u64 set_ms, unsigned int ncpus)
{
	if (set_ms)
		return set_ms;
	return BFS_RR_INTERVAL_BASE_MS * (4 * ncpus + 4) / (ncpus + 6);
}

static u64 bfs_rr_interval_ns(void)
{
	return bfs_rr_interval_ms_for(READ_ONCE(bfs_rr_interval_ms),
				      num_online_cpus()) * NSEC_PER_MSEC;
}

/* prio_deadline_diff(): how far ahead a fresh slice's deadline lies. */
static u64 bfs_deadline_diff(int static_prio)
{
	int idx = clamp(static_prio - MAX_RT_PRIO, 0, NICE_WIDTH - 1);

	return div_u64(bfs_rr_interval_ns() * bfs_prio_ratios[idx], 128);
}

static bool bfs_idleprio(const struct task_struct *p)
{
	return p->policy == SCHED_IDLE;
}

/*
 * enqueue_task() of 0.363: a SCHED_IDLE task that is not
 * idleprio_suitable() (being frozen, a signal pending, exiting, woken
 * from an uninterruptible sleep) is queued as a normal one this time, so
 * it gets out of the way instead of holding a resource behind a hog.
 */
static bool bfs_waits_as_idle(const struct task_struct *p,
			      unsigned int enq_flags)
{
	return bfs_idleprio(p) && !sched_policy_task_urgent(p, enq_flags);
}

/* How a queued or running task is scheduled: as SCHED_IDLE or not. */
static bool bfs_as_idle(struct task_struct *p)
{
	return bfs_task(p)->idle_queued;
}

/* 0.363's priority queues: ISO_PRIO, NORMAL_PRIO, IDLE_PRIO */
enum bfs_level {
	BFS_LEVEL_ISO,
	BFS_LEVEL_NORMAL,
	BFS_LEVEL_IDLE,
};

static enum bfs_level bfs_level(struct task_struct *p)
{
	if (bfs_task(p)->iso_queued)
		return BFS_LEVEL_ISO;
	return bfs_as_idle(p) ? BFS_LEVEL_IDLE : BFS_LEVEL_NORMAL;
}

/*
 * enqueue_task() of 0.363: a SCHED_ISO task queues above every normal
 * one unless the ISO state is refractory; then it queues as a normal task
 * (by its deadline) until it is queued again.
 */
static bool bfs_waits_as_iso(const struct task_struct *p)
{
	return p->policy == SCHED_ISO && !READ_ONCE(bfs_iso.refractory);
}

/* An idleprio task behind any other work waits by design. */
static bool bfs_may_starve(struct task_struct *p)
{
	return READ_ONCE(p->policy) == SCHED_IDLE;
}

/* time_slice_expired(): a full slice and a new deadline from @now. */
static void bfs_new_slice(struct task_struct *p, u64 now)
{
	struct bfs_task *bt = bfs_task(p);

	bt->time_slice = bfs_rr_interval_ns();
	bt->deadline = now + bfs_deadline_diff(p->static_prio);
}

/*
 * cache_distance() of BFS 0.363: CPUs that share a cache (SMT siblings,
 * one last-level cache: distance 1 and 2) cost nothing; for another
 * package of the node (3) a task counts as later by twice its deadline
 * offset @diff, across nodes (4) by four times.  (0.363 added this
 * offset, computed in ms, to a deadline in ns, so there it came to tens
 * of ns; the README says more.)
 */
static u64 bfs_locality_offset(u64 diff, int distance)
{
	return distance > 2 ? diff << (distance - 2) : 0;
}

/* The deadline @cpu sees for @p, which is queued on task_cpu(@p). */
static u64 bfs_effective_deadline(struct task_struct *p, int cpu)
{
	u64 dl = bfs_task(p)->deadline;
	int queued_on = task_cpu(p);

	int distance;

	if (queued_on == cpu || !READ_ONCE(bfs_cache_locality))
		return dl;
	/* the scan's common case, a shared cache, costs no division */
	distance = sched_policy_cpu_distance(queued_on, cpu);
	if (distance <= 2)
		return dl;
	return dl + bfs_locality_offset(bfs_deadline_diff(p->static_prio),
					distance);
}

/* What one scan of the queue found for a CPU. */
struct bfs_found {
	struct task_struct	*any;	/* earliest that may run here */
	struct task_struct	*local;	/* earliest queued here */
	u64			any_dl, local_dl;
	bool			local_known;	/* @local is the answer */
};

/*
 * earliest_deadline_task(): one pass over @queue (O(n)) for the tasks
 * allowed on @cpu with the earliest effective deadline, both among all
 * that may move here (the balance) and among those queued here (the
 * pick).  BFS 0.363 scanned once per schedule() and took the winner
 * wherever it was queued; here balance() pulls a remote winner and
 * leaves the local one to pick_next().
 */
static void bfs_scan(struct list_head *queue, int cpu, struct bfs_found *f,
		     unsigned int *scanned)
{
	struct task_struct *p;

	list_for_each_entry(p, queue, sp.run_node) {
		bool here = task_cpu(p) == cpu;
		u64 dl;

		(*scanned)++;
		if (!here && !sched_policy_can_migrate(p, cpu))
			continue;
		if (!cpumask_test_cpu(cpu, p->cpus_ptr))
			continue;
		dl = bfs_effective_deadline(p, cpu);
		if (!f->any || dl < f->any_dl) {
			f->any = p;
			f->any_dl = dl;
		}
		if (here && (!f->local || dl < f->local_dl)) {
			f->local = p;
			f->local_dl = dl;
		}
	}
}

/*
 * SCHED_IDLE tasks are looked at only when no other task qualifies: for
 * the balance (@local_only false) none that may run here, for the pick
 * none queued here.  If a task elsewhere qualifies but none queued here
 * does, the balance's local answer stays unknown (an idleprio task may
 * wait here): balance() pulls that task or keeps the running one, and
 * pick_next() scans if it must.
 */
static void bfs_earliest(int cpu, bool local_only, struct bfs_found *f,
			 unsigned int *scanned)
{
	struct list_head *levels[] = {
		&bfs_grq.iso, &bfs_grq.normal, &bfs_grq.idleprio
	};
	unsigned int i;

	memset(f, 0, sizeof(*f));
	for (i = 0; i < ARRAY_SIZE(levels); i++) {
		if (local_only ? f->local : f->any)
			break;
		bfs_scan(levels[i], cpu, f, scanned);
	}
	f->local_known = f->local || !f->any;
}

/* The tasks queued on this CPU changed: balance()'s answer is stale. */
static void bfs_scan_stale(struct sched_policy_rq *rq)
{
	bfs_cpu(rq)->scan_valid = false;
}

static void bfs_scan_found(struct sched_policy_rq *rq, struct task_struct *p)
{
	bfs_cpu(rq)->scan_local = p;
	bfs_cpu(rq)->scan_valid = true;
}

/*
 * Does @a run before @b on @cpu?  SCHED_ISO before all else, SCHED_IDLE
 * after all else, and by deadline within a level.
 */
static bool bfs_runs_before(struct task_struct *a, struct task_struct *b,
			    int cpu)
{
	if (bfs_level(a) != bfs_level(b))
		return bfs_level(a) < bfs_level(b);
	return bfs_effective_deadline(a, cpu) < bfs_effective_deadline(b, cpu);
}

/* The global queue and its lock */

static void bfs_lock(struct sched_policy_rq *rq)
{
	if (!raw_spin_trylock(&bfs_grq.lock)) {
		sched_policy_stat_add(rq, BFS_STAT_CONTENDED, 1);
		raw_spin_lock(&bfs_grq.lock);
	}
	sched_policy_stat_add(rq, BFS_STAT_LOCKS, 1);
}

static void bfs_unlock(void)
{
	raw_spin_unlock(&bfs_grq.lock);
}

/* @enq_flags: the enqueue hook's (SP_ENQ_*), 0 for a task put back */
static void bfs_queue_add(struct task_struct *p, unsigned int enq_flags)
{
	bool idle = bfs_waits_as_idle(p, enq_flags);
	bool iso = bfs_waits_as_iso(p);
	struct list_head *list = &bfs_grq.normal;

	bfs_task(p)->idle_queued = idle;
	bfs_task(p)->iso_queued = iso;
	if (idle)
		list = &bfs_grq.idleprio;
	else if (iso)
		list = &bfs_grq.iso;
	list_add_tail(&p->sp.run_node, list);
	bfs_task(p)->on_grq = true;
	bfs_grq.nr_queued++;
}

static void bfs_queue_del(struct task_struct *p)
{
	if (!bfs_task(p)->on_grq)
		return;
	list_del_init(&p->sp.run_node);
	bfs_task(p)->on_grq = false;
	bfs_grq.nr_queued--;
}

static bool bfs_kick_idle_for(struct sched_policy_rq *rq,
			      struct task_struct *p)
{
	int cpu;

	for_each_cpu_and(cpu, p->cpus_ptr, cpu_active_mask) {
		if (cpu != task_cpu(p) && sched_policy_cpu_idle(cpu)) {
			sched_policy_resched_cpu(cpu);
			sched_policy_stat_add(rq, BFS_STAT_IDLE_KICKS, 1);
			return true;
		}
	}
	return false;
}

/*
 * A task waits on the global queue while an allowed CPU idles (it was put
 * back after a preemption, or queued where it could not run at once):
 * kick one such CPU, whose balance() will pull it.  Called under the
 * global lock; only the first few queued tasks are looked at.
 */
static void bfs_kick_idle(struct sched_policy_rq *rq)
{
	struct list_head *levels[] = { &bfs_grq.iso, &bfs_grq.normal };
	struct task_struct *p;
	unsigned int i, n = 0;

	for (i = 0; i < ARRAY_SIZE(levels); i++) {
		list_for_each_entry(p, levels[i], sp.run_node) {
			if (++n > 4 || bfs_kick_idle_for(rq, p))
				return;
		}
	}
}

/* @p is a task of bfs that runs (queued in the core, off the global queue) */
static bool bfs_running(struct task_struct *p)
{
	return sched_policy_task_queued(p) && !bfs_task(p)->on_grq;
}

/* BFS's RESCHED_US: a slice with less left is as good as used up. */
#define BFS_RESCHED_NS	(100 * NSEC_PER_USEC)

/*
 * check_deadline() of 0.363, which schedule() ran on the task leaving the
 * CPU before it looked for the earliest deadline: a slice with less than
 * RESCHED_US left, and any SCHED_BATCH task's, is renewed, so a batch
 * task always goes behind.  Called where that schedule() is: from
 * balance() for the running task, still queued, before the pick that may
 * take it again, and at the dequeue of a task going to sleep.  (Renewed
 * in put_prev, after the pick, a batch task was picked again first.)
 */
static void bfs_check_deadline(struct task_struct *p)
{
	if (bfs_task(p)->time_slice < BFS_RESCHED_NS ||
	    p->policy == SCHED_BATCH)
		bfs_new_slice(p, local_clock());
}

/* SCHED_ISO accounting (struct bfs_iso) */

/* 0.363's ISO_PERIOD, 5 s x @ncpus + 1 tick, in ns */
static u64 bfs_iso_period_ns(unsigned int ncpus)
{
	return (5ULL * HZ * ncpus + 1) * TICK_NSEC;
}

/*
 * no_iso_tick() for @ns of CPU time not run as SCHED_ISO: load falls by
 * (load / period + 1) per ns, in steps short enough (period / 16) for
 * that linear form of its exponential decay; a long gap ends at 0 within
 * about 75 steps.
 */
static void bfs_iso_decay(struct bfs_iso *iso, u64 ns, u64 period)
{
	u64 step_max = period / 16;

	while (ns && iso->load) {
		u64 step = min(ns, step_max);
		u64 drop = step + mul_u64_u64_div_u64(step, iso->load, period);

		iso->load = iso->load > drop ? iso->load - drop : 0;
		ns -= step;
	}
}

/*
 * test_ret_isorefractory() and no_iso_tick()'s hysteresis: refractory
 * past iso_cpu x period, normal again below iso_cpu x 115/128 x period
 * (62 for 70, in 0.363's integer arithmetic).
 */
static void bfs_iso_set_refractory(struct bfs_iso *iso, u64 period,
				   u64 iso_cpu)
{
	if (!iso->refractory && iso->load > period * iso_cpu)
		WRITE_ONCE(iso->refractory, true);
	else if (iso->refractory && iso->load < period * (iso_cpu * 115 / 128))
		WRITE_ONCE(iso->refractory, false);
}

/*
 * Fold in all CPUs' time since the last update at @now: the part run as
 * SCHED_ISO adds 100 per ns (iso_tick(), capped at 100 x period), the
 * rest decays the load.  Under @iso's lock.
 */
static void bfs_iso_update(struct bfs_iso *iso, u64 now, unsigned int ncpus,
			   u64 iso_cpu)
{
	u64 period = bfs_iso_period_ns(ncpus), all, ran;

	if ((s64)(now - iso->last) <= 0)
		return;
	all = (now - iso->last) * ncpus;
	iso->last = now;
	ran = min_t(u64, atomic64_xchg(&iso->pending, 0), all);
	iso->load = min(iso->load + 100 * ran, 100 * period);
	bfs_iso_decay(iso, all - ran, period);
	bfs_iso_set_refractory(iso, period, iso_cpu);
}

/* From the tick of any CPU running a task of bfs. */
static void bfs_iso_tick(void)
{
	/* nothing to fold in or to decay, and not refractory: no SCHED_ISO */
	if (!READ_ONCE(bfs_iso.load) && !atomic64_read(&bfs_iso.pending) &&
	    !READ_ONCE(bfs_iso.refractory))
		return;
	raw_spin_lock(&bfs_iso.lock);
	bfs_iso_update(&bfs_iso, local_clock(), num_online_cpus(),
		       READ_ONCE(bfs_iso_cpu));
	raw_spin_unlock(&bfs_iso.lock);
}

/* Hooks */

static void bfs_task_init(struct task_struct *p)
{
	struct bfs_task *bt = bfs_task(p);

	memset(bt, 0, sizeof(*bt));
	bfs_new_slice(p, local_clock());
}

/*
 * sched_fork() of BFS 0.363: parent and child share what is left of the
 * parent's slice, so forking gains no CPU time; the child keeps the
 * parent's deadline.  A parent with less than 2 x RESCHED_US left has its
 * slice used up, and the child starts afresh (so it runs first: the
 * parent's next deadline is later).  Returns true when the parent must
 * be rescheduled.  A parent outside the policy passes on nothing.
 */
static bool bfs_fork_from(struct task_struct *p, struct task_struct *parent,
			  u64 now)
{
	struct bfs_task *bt = bfs_task(p), *pt = bfs_task(parent);
	bool from_policy = sched_policy_task_queued(parent);

	memset(bt, 0, sizeof(*bt));
	if (from_policy && pt->time_slice >= 2 * BFS_RESCHED_NS) {
		pt->time_slice /= 2;
		bt->time_slice = pt->time_slice;
		bt->deadline = pt->deadline;
		return false;
	}
	if (from_policy)
		pt->time_slice = 0;
	bfs_new_slice(p, now);
	return from_policy;
}

/* The forking CPU's run queue, @rq, is locked (the parent runs there). */
static void bfs_task_fork(struct sched_policy_rq *rq, struct task_struct *p,
			  struct task_struct *parent)
{
	if (bfs_fork_from(p, parent, local_clock()))
		sched_policy_resched(rq);
}

static void bfs_level_changed(struct sched_policy_rq *rq,
			      struct task_struct *p, enum bfs_level was);

static void bfs_enqueue(struct sched_policy_rq *rq, struct task_struct *p,
			unsigned int flags)
{
	bool restore = flags & SP_ENQ_RESTORE;
	enum bfs_level was = restore ? bfs_level(p) : BFS_LEVEL_NORMAL;

	bfs_scan_stale(rq);
	bfs_lock(rq);
	bfs_queue_add(p, flags);
	bfs_unlock();
	if (restore)
		bfs_level_changed(rq, p, was);
}

static void bfs_dequeue(struct sched_policy_rq *rq, struct task_struct *p,
			unsigned int flags)
{
	bfs_scan_stale(rq);
	bfs_lock(rq);
	bfs_queue_del(p);	/* a no-op for the running task */
	bfs_unlock();
	if (flags & SP_DEQ_SLEEP)
		bfs_check_deadline(p);
}

/*
 * Before the pick, the one scan of this schedule(): if the best task for
 * this CPU is queued on another CPU (and beats the one that was running),
 * bring it here; else leave the best local task to pick_next().  A pull
 * can lose a race (the task ran elsewhere, moved or went away while the
 * locks were switched); then look again, a few times at most.  A pulled
 * task is the pick, as in 0.363, where a task queued after the scan
 * waited for the next schedule() too.
 */
static int bfs_balance(struct sched_policy_rq *rq)
{
	struct bfs_cpu *bc = bfs_cpu(rq);
	struct task_struct *prev = sched_policy_rq_curr(rq);
	int cpu = sched_policy_rq_cpu(rq), tries;

	/*
	 * the task leaving the CPU, if it is still ours and may run on: as
	 * 0.363's schedule() queued it again, a SCHED_ISO task competes at
	 * the level the ISO state now gives it
	 */
	if (bfs_running(prev)) {
		bfs_check_deadline(prev);
		bfs_task(prev)->iso_queued = bfs_waits_as_iso(prev);
	}
	bfs_scan_stale(rq);
	for (tries = 0; tries < 3; tries++) {
		struct task_struct *pulled;
		struct bfs_found f;
		unsigned int scanned = 0;
		int src;

		bfs_lock(rq);
		bfs_earliest(cpu, false, &f, &scanned);
		sched_policy_stat_add(rq, BFS_STAT_SCANNED, scanned);
		/* a pull drops the lock: is prev still ours, and first? */
		if (!f.any || task_cpu(f.any) == cpu ||
		    (bfs_running(prev) && !bfs_runs_before(f.any, prev, cpu))) {
			bfs_unlock();
			if (f.local_known)
				bfs_scan_found(rq, f.local);
			break;
		}
		bc->wanted = f.any;
		src = task_cpu(f.any);
		bfs_unlock();
		pulled = sched_policy_pull(rq, src);
		if (pulled) {
			sched_policy_stat_add(rq, BFS_STAT_REMOTE_RUNS, 1);
			bfs_scan_found(rq, pulled);
			break;
		}
		sched_policy_stat_add(rq, BFS_STAT_PULL_RACES, 1);
	}
	return sched_policy_rq_nr_queued(rq) > 0;
}

/* With both run queues locked: the task balance() chose, if still valid. */
static struct task_struct *bfs_migration_candidate(struct sched_policy_rq *rq,
						   int dst_cpu)
{
	struct bfs_cpu *dst = bfs_cpu(sched_policy_cpu_rq(dst_cpu));
	struct task_struct *p;

	bfs_lock(rq);
	p = dst->wanted;
	dst->wanted = NULL;
	if (p && (!bfs_task(p)->on_grq ||
		  task_cpu(p) != sched_policy_rq_cpu(rq) ||
		  !sched_policy_can_migrate(p, dst_cpu)))
		p = NULL;
	bfs_unlock();
	return p;
}

static struct task_struct *bfs_pick_next(struct sched_policy_rq *rq,
					 struct task_struct *curr)
{
	struct bfs_cpu *bc = bfs_cpu(rq);
	int cpu = sched_policy_rq_cpu(rq);
	unsigned int scanned = 0;
	struct task_struct *p;

	if (bc->scan_valid) {
		p = bc->scan_local;
		sched_policy_stat_add(rq, BFS_STAT_SCAN_REUSED, 1);
	} else {
		struct bfs_found f;

		bfs_lock(rq);
		bfs_earliest(cpu, true, &f, &scanned);
		bfs_unlock();
		sched_policy_stat_add(rq, BFS_STAT_SCANNED, scanned);
		p = f.local;
	}
	if (curr && (!p || bfs_runs_before(curr, p, cpu)))
		return curr;
	return p;
}

static void bfs_set_next(struct sched_policy_rq *rq, struct task_struct *p)
{
	bfs_scan_stale(rq);
	bfs_lock(rq);
	bfs_queue_del(p);
	if (bfs_grq.nr_queued)
		bfs_kick_idle(rq);
	bfs_unlock();
	WRITE_ONCE(bfs_cpu(rq)->curr_level, bfs_level(p));
	WRITE_ONCE(bfs_cpu(rq)->curr_deadline,
		   bfs_as_idle(p) ? U64_MAX : bfs_task(p)->deadline);
	sched_policy_slice_timer(rq, max_t(s64, bfs_task(p)->time_slice, 0));
}

static void bfs_put_prev(struct sched_policy_rq *rq, struct task_struct *p,
			 bool queued)
{
	WRITE_ONCE(bfs_cpu(rq)->curr_deadline, BFS_NO_DEADLINE);
	if (!queued)
		return;
	bfs_scan_stale(rq);
	bfs_lock(rq);
	bfs_queue_add(p, 0);
	bfs_unlock();
}

static void bfs_account(struct sched_policy_rq *rq, struct task_struct *curr,
			u64 delta_ns)
{
	bfs_task(curr)->time_slice -= delta_ns;
	if (bfs_task(curr)->iso_queued)
		atomic64_add(delta_ns, &bfs_iso.pending);
}

/*
 * A used-up slice gets a new one and a new deadline, then reschedule.
 * task_running_tick() of 0.363: a task running as SCHED_ISO while the
 * state is refractory has used its slice up, and queues as normal.
 */
static void bfs_tick(struct sched_policy_rq *rq, struct task_struct *curr)
{
	struct bfs_task *bt = bfs_task(curr);

	bfs_iso_tick();
	if (bt->iso_queued && READ_ONCE(bfs_iso.refractory)) {
		bt->time_slice = 0;
		bt->iso_queued = false;
		WRITE_ONCE(bfs_cpu(rq)->curr_level, BFS_LEVEL_NORMAL);
	}
	if (bt->time_slice >= BFS_RESCHED_NS) {
		sched_policy_slice_timer(rq, bt->time_slice);
		return;
	}
	bfs_new_slice(curr, local_clock());
	sched_policy_stat_add(rq, BFS_STAT_SLICES, 1);
	sched_policy_resched(rq);
}

/*
 * No yield hook: BFS 0.363's sched_yield() only calls schedule(), and the
 * yielder keeps its slice and deadline ("if it still has the earliest
 * deadline it will be scheduled again").  0.313 still expired its slice.
 */

/* A new task that does not share its parent's mm (fork, not a thread). */
static bool bfs_forked_process(struct task_struct *child,
			       struct task_struct *parent,
			       unsigned int wake_flags)
{
	return (wake_flags & SP_WAKE_FORK) && child->mm != parent->mm;
}

/*
 * wake_up_new_task() and try_to_wake_up() of BFS 0.363: a forked child
 * (not a thread) on its parent's CPU preempts the parent; a sync wakeup
 * (pipes, WF_SYNC) preempts nothing, on the waker's CPU or another (an
 * idle CPU, if any, was chosen by select_cpu); otherwise the higher
 * priority (SCHED_ISO over normal, can_preempt()) and then the earlier
 * deadline preempts, never SCHED_BATCH.
 */
static bool bfs_wakeup_preempt(struct sched_policy_rq *rq,
			       struct task_struct *curr,
			       struct task_struct *woken,
			       unsigned int wake_flags)
{
	if (bfs_as_idle(woken) != bfs_as_idle(curr))
		return bfs_as_idle(curr);
	/* the child runs first where it found its parent (current) running */
	if (bfs_forked_process(woken, curr, wake_flags) &&
	    sched_policy_rq_local(rq))
		return true;
	if ((wake_flags & SP_WAKE_SYNC) || woken->policy == SCHED_BATCH)
		return false;
	if (bfs_level(woken) != bfs_level(curr))
		return bfs_level(woken) < bfs_level(curr);
	return bfs_task(woken)->deadline < bfs_task(curr)->deadline;
}

/* A queued task that now runs before this CPU's task preempts it. */
static bool bfs_preempt_local(struct sched_policy_rq *rq, struct task_struct *p)
{
	struct task_struct *curr = sched_policy_rq_curr(rq);

	if (!bfs_running(curr) ||
	    !bfs_runs_before(p, curr, sched_policy_rq_cpu(rq)))
		return false;
	sched_policy_resched(rq);
	return true;
}

/* adjust_deadline(): the offset of the new nice level replaces the old one. */
static u64 bfs_renice_deadline(u64 deadline, int old_prio, int new_prio)
{
	return deadline + bfs_deadline_diff(new_prio) -
	       bfs_deadline_diff(old_prio);
}

/*
 * set_user_nice(): the deadline moves by the difference of the two
 * offsets at once; a queued task whose nice fell may preempt, a running
 * one whose nice rose is rescheduled.
 */
static void bfs_prio_changed(struct sched_policy_rq *rq, struct task_struct *p,
			     int old_prio)
{
	struct task_struct *curr = sched_policy_rq_curr(rq);
	struct bfs_task *bt = bfs_task(p);

	if (old_prio < MAX_RT_PRIO || old_prio == p->static_prio)
		return;
	bfs_scan_stale(rq);
	bt->deadline = bfs_renice_deadline(bt->deadline, old_prio,
					   p->static_prio);
	if (curr == p) {
		WRITE_ONCE(bfs_cpu(rq)->curr_deadline,
			   bfs_as_idle(p) ? U64_MAX : bt->deadline);
		if (p->static_prio > old_prio)
			sched_policy_resched(rq);
	} else if (bt->on_grq && p->static_prio < old_prio) {
		bfs_preempt_local(rq, p);
	}
}

/* An idle allowed CPU, the task's last one first, then by cache distance. */
static int bfs_idle_cpu(struct task_struct *p, int prev_cpu)
{
	int cpu, best = -1, best_dist = INT_MAX;

	for_each_cpu_and(cpu, p->cpus_ptr, cpu_active_mask) {
		int dist;

		if (!sched_policy_cpu_idle(cpu))
			continue;
		dist = sched_policy_cpu_distance(prev_cpu, cpu);
		if (dist < best_dist) {
			best = cpu;
			best_dist = dist;
		}
	}
	return best;
}

/*
 * try_preempt(): no idle CPU, so the CPU running the lowest priority
 * (a normal task for a SCHED_ISO one) and among those the latest
 * deadline, if this task's priority is higher or its deadline earlier.
 * SCHED_BATCH and SCHED_IDLE tasks never preempt.
 */
static int bfs_preempt_cpu(struct task_struct *p)
{
	enum bfs_level level = bfs_waits_as_iso(p) ? BFS_LEVEL_ISO :
						     BFS_LEVEL_NORMAL;
	u64 latest = bfs_task(p)->deadline;
	int cpu, target = -1;

	if (p->policy == SCHED_BATCH || bfs_waits_as_idle(p, SP_ENQ_WAKEUP))
		return -1;
	for_each_cpu_and(cpu, p->cpus_ptr, cpu_active_mask) {
		struct bfs_cpu *bc = bfs_cpu(sched_policy_cpu_rq(cpu));
		u64 dl = READ_ONCE(bc->curr_deadline);
		enum bfs_level lvl = READ_ONCE(bc->curr_level);

		if (dl == BFS_NO_DEADLINE || lvl < level)
			continue;
		if (lvl > level || dl > latest) {
			level = lvl;
			latest = dl;
			target = cpu;
		}
	}
	return target;
}

/*
 * sched_setscheduler() in 0.363: __setscheduler() rescheduled the running
 * task when its priority fell, and a queued task went through
 * try_preempt(): an idle CPU, else the one running the latest deadline.
 * Here a policy change moves the level a task is queued at (ISO, normal,
 * idle), seen when the core puts the task back.
 */
static void bfs_level_changed(struct sched_policy_rq *rq,
			      struct task_struct *p, enum bfs_level was)
{
	enum bfs_level now = bfs_level(p);
	int cpu;

	if (now == was)
		return;
	if (p == sched_policy_rq_curr(rq)) {
		if (now > was)
			sched_policy_resched(rq);
		return;
	}
	if (now > was || p->policy == SCHED_BATCH || bfs_preempt_local(rq, p))
		return;
	cpu = bfs_idle_cpu(p, task_cpu(p));
	if (cpu < 0)
		cpu = bfs_preempt_cpu(p);
	if (cpu == sched_policy_rq_cpu(rq))
		sched_policy_resched(rq);
	else if (cpu >= 0)
		sched_policy_resched_cpu(cpu);
}

/*
 * An idle CPU if one is allowed; else, as BFS's try_preempt(), the CPU
 * running the latest deadline - except for a sync wakeup (no preemption
 * then) and for a forked child, which stays on its parent's CPU to run
 * first there.
 */
static int bfs_select_cpu(struct task_struct *p, int prev_cpu,
			  unsigned int wake_flags)
{
	int cpu = bfs_idle_cpu(p, prev_cpu);

	if (cpu < 0 && !(wake_flags & SP_WAKE_SYNC) &&
	    !bfs_forked_process(p, current, wake_flags))
		cpu = bfs_preempt_cpu(p);
	if (cpu < 0 && cpumask_test_cpu(prev_cpu, p->cpus_ptr) &&
	    cpu_active(prev_cpu))
		cpu = prev_cpu;
	if (cpu < 0)
		cpu = cpumask_any_and(p->cpus_ptr, cpu_active_mask);
	return cpu < nr_cpu_ids ? cpu : prev_cpu;
}

static u64 bfs_timeslice_ns(struct task_struct *p)
{
	return bfs_rr_interval_ns();
}

static void bfs_dump(struct sched_policy_rq *rq)
{
	struct task_struct *p;
	char buf[160] = "";
	size_t len = 0;
	u64 now = local_clock();

	bfs_lock(rq);
	list_for_each_entry(p, &bfs_grq.iso, sp.run_node)
		len += scnprintf(buf + len, sizeof(buf) - len, " iso:%d@cpu%d",
				 p->pid, task_cpu(p));
	list_for_each_entry(p, &bfs_grq.normal, sp.run_node)
		len += scnprintf(buf + len, sizeof(buf) - len, " %d@cpu%d%+lldms",
				 p->pid, task_cpu(p),
				 div_s64((s64)(bfs_task(p)->deadline - now),
					 NSEC_PER_MSEC));
	pr_info("bfs: cpu%d queued=%u curr_deadline%+lldms grq=%u:%s\n",
		sched_policy_rq_cpu(rq), sched_policy_rq_nr_queued(rq),
		div_s64((s64)(READ_ONCE(bfs_cpu(rq)->curr_deadline) - now),
			NSEC_PER_MSEC),
		bfs_grq.nr_queued, buf);
	bfs_unlock();
}

/*
 * Consistency check (ops->check, run under stop_machine).  The global
 * queue, checked once (from the first online CPU): every task on it is
 * marked on_grq, queued in the core, not running, on the list of the
 * level it was queued at (bfs_level()), on an online CPU's
 * run queue, with a sane deadline (set, and not more than the largest
 * offset rr_interval's range allows ahead of now) and time slice (at most
 * rr_interval's maximum), and nr_queued counts them.  Per CPU: while no
 * task of the policy runs there, no running deadline is recorded; and
 * the tasks returned are those on the global queue whose task_cpu() is
 * this CPU, i.e. those on this CPU's run queue, which the core counts in
 * its nr_queued - so every CPU's count is compared exactly, not only the
 * total.  Each helper reports what it finds broken and returns how many;
 * @rq may be NULL (KUnit).
 */
/* The longest slice, and deadline offset, rr_interval_ms (tunable 0) allows */
static s64 bfs_check_max_slice(void)
{
	return bfs_tunables[0].max * NSEC_PER_MSEC;
}

static s64 bfs_check_max_ahead(void)
{
	return div_u64(bfs_check_max_slice() * bfs_prio_ratios[NICE_WIDTH - 1],
		       128);
}

static const char * const bfs_level_names[] = {
	[BFS_LEVEL_ISO]		= "iso",
	[BFS_LEVEL_NORMAL]	= "normal",
	[BFS_LEVEL_IDLE]	= "idleprio",
};

static unsigned int bfs_check_task(struct sched_policy_rq *rq,
				   struct task_struct *p, enum bfs_level level,
				   u64 now)
{
	struct bfs_task *bt = bfs_task(p);
	unsigned int bad = 0;

	if (!bt->on_grq || !sched_policy_task_queued(p) ||
	    sched_policy_task_running(p))
		bad += sched_policy_check_fail(rq, "bfs: pid %d on the queue: on_grq %d, queued %d, running %d",
					       p->pid, bt->on_grq,
					       sched_policy_task_queued(p),
					       sched_policy_task_running(p));
	if (bfs_level(p) != level || (bt->idle_queued && bt->iso_queued))
		bad += sched_policy_check_fail(rq, "bfs: pid %d (policy %u, queued as %s%s) on the %s list",
					       p->pid, p->policy,
					       bfs_level_names[bfs_level(p)],
					       bt->idle_queued && bt->iso_queued ?
					       " and idle" : "",
					       bfs_level_names[level]);
	if (!cpu_online(task_cpu(p)))
		bad += sched_policy_check_fail(rq, "bfs: pid %d is queued on offline cpu%d",
					       p->pid, task_cpu(p));
	if (!bt->deadline || (s64)(bt->deadline - now) > bfs_check_max_ahead() ||
	    bt->time_slice > bfs_check_max_slice())
		bad += sched_policy_check_fail(rq, "bfs: pid %d: deadline %lld ns ahead, time slice %lld ns",
					       p->pid, (s64)(bt->deadline - now),
					       bt->time_slice);
	return bad;
}

static unsigned int bfs_check_list(struct sched_policy_rq *rq,
				   struct list_head *list, enum bfs_level level,
				   u64 now, unsigned int *nr)
{
	struct task_struct *p;
	unsigned int bad = 0, n = 0;

	list_for_each_entry(p, list, sp.run_node) {
		if (++n > PID_MAX_LIMIT)	/* a loop: stop */
			return bad + sched_policy_check_fail(rq, "bfs: a list does not end");
		bad += bfs_check_task(rq, p, level, now);
	}
	*nr += n;
	return bad;
}

/* The global queue as a whole; returns the failures. */
static unsigned int bfs_queue_check(struct sched_policy_rq *rq,
				    struct bfs_queue *q, u64 now)
{
	unsigned int bad = 0, nr = 0;

	bad += bfs_check_list(rq, &q->iso, BFS_LEVEL_ISO, now, &nr);
	bad += bfs_check_list(rq, &q->normal, BFS_LEVEL_NORMAL, now, &nr);
	bad += bfs_check_list(rq, &q->idleprio, BFS_LEVEL_IDLE, now, &nr);
	if (nr != q->nr_queued)
		bad += sched_policy_check_fail(rq, "bfs: nr_queued %u, %u tasks on the lists",
					       q->nr_queued, nr);
	return bad;
}

/* The tasks on @q queued on @cpu's run queue. */
static unsigned int bfs_queue_nr_on(struct bfs_queue *q, int cpu)
{
	struct list_head *lists[] = { &q->iso, &q->normal, &q->idleprio };
	unsigned int i, n, nr = 0;
	struct task_struct *p;

	for (i = 0; i < ARRAY_SIZE(lists); i++) {
		n = 0;
		list_for_each_entry(p, lists[i], sp.run_node) {
			if (++n > PID_MAX_LIMIT)	/* a loop, reported */
				break;
			nr += task_cpu(p) == cpu;
		}
	}
	return nr;
}

/* @running: the task running on this CPU */
static unsigned int bfs_cpu_check(struct sched_policy_rq *rq,
				  struct bfs_cpu *bc,
				  struct task_struct *running)
{
	if (!bfs_running(running) && bc->curr_deadline != BFS_NO_DEADLINE)
		return sched_policy_check_fail(rq, "bfs: running deadline %llu recorded, no task of bfs runs",
					       bc->curr_deadline);
	return 0;
}

static unsigned int bfs_check(struct sched_policy_rq *rq)
{
	int cpu = sched_policy_rq_cpu(rq);
	unsigned int nr;

	raw_spin_lock(&bfs_grq.lock);	/* not bfs_lock(): no statistics */
	if (cpu == cpumask_first(cpu_online_mask))
		bfs_queue_check(rq, &bfs_grq, local_clock());
	bfs_cpu_check(rq, bfs_cpu(rq), sched_policy_rq_curr(rq));
	nr = bfs_queue_nr_on(&bfs_grq, cpu);
	raw_spin_unlock(&bfs_grq.lock);
	return nr;
}

static struct sched_policy_ops bfs_policy = {
	.name			= "bfs",
	.owner			= THIS_MODULE,
	.flags			= SCHED_POLICY_GLOBAL_QUEUE | SCHED_POLICY_ISO,
	.percpu_size		= sizeof(struct bfs_cpu),
	.task_init		= bfs_task_init,
	.task_fork		= bfs_task_fork,
	.enqueue		= bfs_enqueue,
	.dequeue		= bfs_dequeue,
	.pick_next		= bfs_pick_next,
	.put_prev		= bfs_put_prev,
	.set_next		= bfs_set_next,
	.tick			= bfs_tick,
	.account		= bfs_account,
	.prio_changed		= bfs_prio_changed,
	.wakeup_preempt		= bfs_wakeup_preempt,
	.select_cpu		= bfs_select_cpu,
	.balance		= bfs_balance,
	.migration_candidate	= bfs_migration_candidate,
	.timeslice_ns		= bfs_timeslice_ns,
	.dump			= bfs_dump,
	.may_starve		= bfs_may_starve,
	.check			= bfs_check,
	.tunables		= bfs_tunables,
	.stat_names		= bfs_stat_names,
	.nr_stats		= BFS_NR_STATS,
};
sched_policy_declare(bfs_policy);

MODULE_DESCRIPTION("bfs: Con Kolivas' BFS 0.3xx as a policy");
MODULE_LICENSE("GPL");
MODULE_ALIAS("sched-policy-bfs");

#ifdef CONFIG_SCHED_POLICY_BFS_KUNIT_TEST
#include "bfs_test.c"
#endif
