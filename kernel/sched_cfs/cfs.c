// SPDX-License-Identifier: GPL-2.0
/*
 * cfs - the Completely Fair Scheduler as it was in Linux 2.6.32.
 *
 * Every CPU keeps its waiting tasks in a red-black tree ordered by
 * virtual runtime (vruntime), with the leftmost node cached.  A running
 * task's vruntime grows by its runtime scaled by NICE_0 / its weight, so
 * a nice-5 task (weight 335) ages about three times faster than a nice-0
 * one (1024).  The task to run is the leftmost, i.e. the one that has
 * received the least weighted CPU time.  min_vruntime only moves forward
 * and anchors placement: a new task starts one virtual slice after it
 * (START_DEBIT), a woken sleeper at most half a latency before it
 * (GENTLE_FAIR_SLEEPERS).  A running task is preempted at a tick once it
 * has run its slice, its weighted share of sched_latency (or of
 * nr_running * min_granularity when more than sched_nr_latency tasks
 * wait), and by a wakeup whose vruntime is more than the weight-scaled
 * wakeup granularity behind its own.  NEXT/LAST buddies bias the pick
 * towards the woken and the preempted task while that stays fair within
 * the wakeup granularity.  sched_yield() follows yield_mode, one of the
 * variants argued over in 2007.  SMP is 2.6.32's on one domain spanning
 * every CPU: load_balance() over the queued weight and its cpu_load[]
 * averages (the core's lb.c, shared with o1), moving tasks in the order
 * they were queued, newest first, skipping cache-hot ones
 * (sched_migration_cost); wake_affine() on wakeups and the idlest CPU on
 * fork and exec.  A task moving between CPUs keeps its vruntime relative
 * to min_vruntime (2.6.32's set_task_cpu()).
 *
 * There is no group scheduling: tasks are scheduled flat, as 2.6.32 did
 * without CONFIG_FAIR_GROUP_SCHED.  README.md lists every deviation.
 */
#include <linux/sched_policy.h>
#include <linux/sched_policy_lb.h>
#include <linux/rbtree.h>
#include <linux/math64.h>
#include <linux/log2.h>

#define CFS_NICE_0_WEIGHT	1024UL

/*
 * 2.6.32's SD_CPU_INIT (include/linux/topology.h), the one domain cfs
 * sees, spanning every CPU, each CPU a group: SD_BALANCE_NEWIDLE,
 * SD_BALANCE_EXEC, SD_BALANCE_FORK and SD_WAKE_AFFINE, not
 * SD_BALANCE_WAKE; wake_idx and forkexec_idx 0 (the load now).  The
 * balancer's numbers are in cfs_lb.
 */
#define CFS_IMBALANCE_PCT	125
#define CFS_WAKE_IDX		0	/* forkexec_idx too */
#define CFS_NR_MIGRATE		32	/* sysctl_sched_nr_migrate */

enum { CFS_SCALING_NONE, CFS_SCALING_LOG, CFS_SCALING_LINEAR };
enum {
	CFS_YIELD_REQUEUE,	/* 0: dequeue and requeue by key */
	CFS_YIELD_BEHIND_NEXT,	/* 1: key = next's key + yield granularity */
	CFS_YIELD_RESCHED,	/* 2: just reschedule */
	CFS_YIELD_COMPAT,	/* 3: 2.6.24 sched_compat_yield: behind rightmost */
	CFS_NR_YIELD_MODES
};

/*
 * Tunables.  The three times are the one-CPU values (2.6.33's
 * normalized_sysctl_*); the values in force are these times the factor
 * of sched_tunable_scaling, recomputed at every use from the online CPU
 * count, so a write or a CPU hotplug takes effect at the next decision.
 */
static u64 cfs_latency_ns = 5000000ULL;
static u64 cfs_min_gran_ns = 1000000ULL;
static u64 cfs_wakeup_gran_ns = 1000000ULL;
static u64 cfs_scaling = CFS_SCALING_LOG;
static u64 cfs_child_runs_first;
static u64 cfs_yield_mode = CFS_YIELD_REQUEUE;
static u64 cfs_yield_gran_ns = 8000000ULL;
static u64 cfs_feat_gentle_sleepers = 1;
static u64 cfs_feat_start_debit = 1;
static u64 cfs_feat_wakeup_preempt = 1;
static u64 cfs_feat_next_buddy;
static u64 cfs_feat_last_buddy = 1;
static u64 cfs_feat_hrtick;
static u64 cfs_feat_adaptive_gran = 1;
static u64 cfs_feat_sync_less = 1;
static u64 cfs_migration_cost_ns = 500000ULL;	/* task_hot() */
static u64 cfs_balancer = 1;		/* load_balance()'s; 0: the core's */
static u64 cfs_wake_placement = 1;	/* select_task_rq_fair(); 0: the core's */

static const struct sched_policy_tunable cfs_tunables[] = {
	{ "sched_latency_ns", &cfs_latency_ns, 100000, 1000000000, "ns" },
	{ "sched_min_granularity_ns", &cfs_min_gran_ns, 100000, 1000000000,
	  "ns" },
	{ "sched_wakeup_granularity_ns", &cfs_wakeup_gran_ns, 0, 1000000000,
	  "ns" },
	{ "sched_tunable_scaling", &cfs_scaling, 0, 2,
	  "0 none, 1 log2, 2 linear" },
	{ "sched_child_runs_first", &cfs_child_runs_first, 0, 1, "bool" },
	{ "yield_mode", &cfs_yield_mode, 0, CFS_NR_YIELD_MODES - 1, "mode" },
	{ "yield_granularity_ns", &cfs_yield_gran_ns, 0, 1000000000, "ns" },
	{ "gentle_fair_sleepers", &cfs_feat_gentle_sleepers, 0, 1, "bool" },
	{ "start_debit", &cfs_feat_start_debit, 0, 1, "bool" },
	{ "wakeup_preemption", &cfs_feat_wakeup_preempt, 0, 1, "bool" },
	{ "next_buddy", &cfs_feat_next_buddy, 0, 1, "bool" },
	{ "last_buddy", &cfs_feat_last_buddy, 0, 1, "bool" },
	{ "hrtick", &cfs_feat_hrtick, 0, 1, "bool" },
	{ "adaptive_gran", &cfs_feat_adaptive_gran, 0, 1, "bool" },
	{ "sync_less", &cfs_feat_sync_less, 0, 1, "bool" },
	{ "sched_migration_cost_ns", &cfs_migration_cost_ns, 0, 1000000000,
	  "ns" },
	{ "balancer", &cfs_balancer, 0, 1, "bool" },
	{ "wake_placement", &cfs_wake_placement, 0, 1, "bool" },
	{ }
};

enum {
	CFS_STAT_SLICE_PREEMPT,
	CFS_STAT_SPREAD_PREEMPT,
	CFS_STAT_BEHIND_PREEMPT,
	CFS_STAT_NEXT_BUDDY,
	CFS_STAT_LAST_BUDDY,
	CFS_STAT_YIELD0,
	CFS_STAT_YIELD1,
	CFS_STAT_YIELD2,
	CFS_STAT_YIELD3,
	CFS_STAT_START_DEBIT,
	CFS_STAT_SLEEPER,
	CFS_STAT_CHILD_FIRST,
	CFS_STAT_RENORM,
	CFS_STAT_ADAPTIVE_PREEMPT,
	CFS_STAT_LB,		/* SP_LB_NR_STATS of the balancer's */
	CFS_NR_STATS = CFS_STAT_LB + SP_LB_NR_STATS
};

static const char * const cfs_stat_names[CFS_NR_STATS] = {
	[CFS_STAT_SLICE_PREEMPT]	= "tick_slice_preempts",
	[CFS_STAT_SPREAD_PREEMPT]	= "tick_spread_preempts",
	[CFS_STAT_BEHIND_PREEMPT]	= "tick_behind_preempts",
	[CFS_STAT_NEXT_BUDDY]		= "next_buddy_picks",
	[CFS_STAT_LAST_BUDDY]		= "last_buddy_picks",
	[CFS_STAT_YIELD0]		= "yields_mode0",
	[CFS_STAT_YIELD1]		= "yields_mode1",
	[CFS_STAT_YIELD2]		= "yields_mode2",
	[CFS_STAT_YIELD3]		= "yields_mode3",
	[CFS_STAT_START_DEBIT]		= "start_debit_placements",
	[CFS_STAT_SLEEPER]		= "sleeper_placements",
	[CFS_STAT_CHILD_FIRST]		= "child_runs_first_swaps",
	[CFS_STAT_RENORM]		= "vruntime_renormalised",
	[CFS_STAT_ADAPTIVE_PREEMPT]	= "adaptive_gran_preempts",
	SP_LB_STAT_NAMES(CFS_STAT_LB),
};

/* Per-task state, overlaid on task_struct's policy area. */
struct cfs_task {
	u64		vruntime;
	u64		slice_start;	/* task runtime when it got the CPU */
	unsigned long	weight;		/* the weight it is queued with */
	int		cpu;		/* @vruntime is relative to this CPU */
	bool		on_rq;		/* between enqueue and dequeue */
	bool		forked;		/* not run since fork (WF_FORK) */
	bool		waker_noted;	/* select_cpu() saw this wakeup's waker */
	/* 2.6.32's sched_entity wakeup statistics (cfs_note_waker()) */
	u64		start_runtime;	/* runtime at its last wakeup */
	u64		last_wakeup;	/* runtime when it last woke a task */
	u64		avg_overlap;	/* ns run after waking a task */
	u64		avg_wakeup;	/* ns run before waking a task */
};

/* Per-CPU state: the cfs_rq of 2.6.32 without groups. */
struct cfs_cpu {
	struct rb_root_cached	tree;	/* waiting tasks; curr is not in it */
	/* cfs_rq->tasks: queued tasks, curr too, the latest first */
	struct list_head	tasks;
	u64			min_vruntime;
	/* lb.load: weights of queued tasks, curr too; its domain's state */
	struct sched_policy_lb_cpu lb;
	unsigned int		nr_running;
	struct task_struct	*curr;	/* between set_next and put_prev */
	struct task_struct	*next;	/* NEXT_BUDDY */
	struct task_struct	*last;	/* LAST_BUDDY */
	u64			checked_min_vruntime;	/* at the last check */
};

static inline struct cfs_task *cfs_task(struct task_struct *p)
{
	return sched_policy_priv(p, struct cfs_task);
}

static inline struct cfs_cpu *cfs_cpu(struct sched_policy_rq *rq)
{
	return sched_policy_rq_priv(rq);
}

static inline struct cfs_cpu *cfs_cpu_of(int cpu)
{
	return cfs_cpu(sched_policy_cpu_rq(cpu));
}

static inline struct task_struct *cfs_node_task(const struct rb_node *n)
{
	return n ? rb_entry(n, struct task_struct, sp.tree_node) : NULL;
}

/* vruntime comparisons that survive u64 wrap-around */
static inline bool cfs_before(u64 a, u64 b)
{
	return (s64)(a - b) < 0;
}

static inline u64 cfs_max_vruntime(u64 a, u64 b)
{
	return cfs_before(a, b) ? b : a;
}

static inline u64 cfs_min_vruntime(u64 a, u64 b)
{
	return cfs_before(b, a) ? b : a;
}

/* Arithmetic */

/*
 * delta * weight / load, 2.6.32's calc_delta_mine().  Exact (128-bit
 * intermediate) instead of the inverse-weight fixed point, and saturated
 * where the quotient would not fit: with SCHED_IDLE's weight of 3 that is
 * a delta of over 600 days, which the fixed point wrapped silently.
 */
static u64 cfs_calc_delta(u64 delta, unsigned long weight, unsigned long load)
{
	if (weight == load || !load)
		return delta;
	if (weight > load && delta > div64_u64(U64_MAX, weight) * load)
		return U64_MAX;
	return mul_u64_u64_div_u64(delta, weight, load);
}

/* Real time to virtual time for a task of @weight: calc_delta_fair(). */
static inline u64 cfs_calc_delta_fair(u64 delta, unsigned long weight)
{
	return cfs_calc_delta(delta, CFS_NICE_0_WEIGHT, weight);
}

/* The factor of sched_tunable_scaling for @ncpus online CPUs (max 8). */
static unsigned int cfs_factor(u64 mode, unsigned int ncpus)
{
	ncpus = clamp(ncpus, 1U, 8U);
	switch (mode) {
	case CFS_SCALING_NONE:
		return 1;
	case CFS_SCALING_LINEAR:
		return ncpus;
	default:
		return 1 + ilog2(ncpus);
	}
}

static inline u64 cfs_scaled(const u64 *base)
{
	return READ_ONCE(*base) *
	       cfs_factor(READ_ONCE(cfs_scaling), num_online_cpus());
}

static inline u64 cfs_latency(void)
{
	return cfs_scaled(&cfs_latency_ns);
}

static inline u64 cfs_min_gran(void)
{
	return cfs_scaled(&cfs_min_gran_ns);
}

static inline u64 cfs_wakeup_gran(void)
{
	return cfs_scaled(&cfs_wakeup_gran_ns);
}

/* sched_nr_latency: how many tasks fit in a latency at min granularity */
static unsigned int cfs_nr_latency(void)
{
	return DIV64_U64_ROUND_UP(READ_ONCE(cfs_latency_ns),
				  READ_ONCE(cfs_min_gran_ns));
}

/* __sched_period(): the latency, stretched when too many tasks share it */
static u64 cfs_period(unsigned int nr_running)
{
	if (nr_running > cfs_nr_latency())
		return cfs_min_gran() * nr_running;
	return cfs_latency();
}

/*
 * sched_slice(): @p's weighted share of the period, counting @p in the
 * queue when it is not queued yet (placement of a new task).
 */
static u64 cfs_slice(const struct cfs_cpu *cc, struct task_struct *p)
{
	const struct cfs_task *ct = cfs_task(p);
	unsigned int nr = cc->nr_running + !ct->on_rq;
	unsigned long load = cc->lb.load + (ct->on_rq ? 0 : ct->weight);

	return cfs_calc_delta(cfs_period(nr), ct->weight, load);
}

/* sched_vslice(): the slice in virtual time */
static u64 cfs_vslice(const struct cfs_cpu *cc, struct task_struct *p)
{
	return cfs_calc_delta_fair(cfs_slice(cc, p), cfs_task(p)->weight);
}

/* The tree */

static bool cfs_less(struct rb_node *a, const struct rb_node *b)
{
	return cfs_before(cfs_task(cfs_node_task(a))->vruntime,
			  cfs_task(cfs_node_task(b))->vruntime);
}

/* Equal keys go right, behind the tasks already waiting. */
static void cfs_tree_insert(struct cfs_cpu *cc, struct task_struct *p)
{
	rb_add_cached(&p->sp.tree_node, &cc->tree, cfs_less);
}

static void cfs_tree_remove(struct cfs_cpu *cc, struct task_struct *p)
{
	if (RB_EMPTY_NODE(&p->sp.tree_node))
		return;
	rb_erase_cached(&p->sp.tree_node, &cc->tree);
	RB_CLEAR_NODE(&p->sp.tree_node);
}

static inline struct task_struct *cfs_leftmost(struct cfs_cpu *cc)
{
	return cfs_node_task(rb_first_cached(&cc->tree));
}

static inline struct task_struct *cfs_rightmost(struct cfs_cpu *cc)
{
	return cfs_node_task(rb_last(&cc->tree.rb_root));
}

/*
 * min_vruntime follows the smaller of the running task's and the leftmost
 * waiting task's vruntime, never backwards.  As 2.6.32's
 * update_min_vruntime(), the running task counts until put_prev even
 * when it has just been dequeued (it goes to sleep): until then it is
 * cfs_rq->curr there.  (Later kernels skip a curr that is not queued.)
 */
static void cfs_update_min_vruntime(struct cfs_cpu *cc)
{
	struct task_struct *left = cfs_leftmost(cc);
	u64 v = cc->min_vruntime;
	bool have = false;

	if (cc->curr) {
		v = cfs_task(cc->curr)->vruntime;
		have = true;
	}
	if (left) {
		u64 lv = cfs_task(left)->vruntime;

		v = have ? cfs_min_vruntime(v, lv) : lv;
	}
	/* read by other CPUs renormalising a migrating task */
	WRITE_ONCE(cc->min_vruntime, cfs_max_vruntime(cc->min_vruntime, v));
}

static void cfs_clear_buddies(struct cfs_cpu *cc, struct task_struct *p)
{
	if (cc->next == p)
		cc->next = NULL;
	if (cc->last == p)
		cc->last = NULL;
}

/* Queue operations, kept free of run-queue handles for the KUnit tests. */

static void cfs_queue_add(struct cfs_cpu *cc, struct task_struct *p)
{
	struct cfs_task *ct = cfs_task(p);

	ct->on_rq = true;
	sched_policy_lb_load_add(&cc->lb, ct->weight);
	list_add(&p->sp.run_node, &cc->tasks);
	cc->nr_running++;
	if (p != cc->curr)
		cfs_tree_insert(cc, p);
}

static void cfs_queue_del(struct cfs_cpu *cc, struct task_struct *p)
{
	struct cfs_task *ct = cfs_task(p);

	cfs_tree_remove(cc, p);
	cfs_clear_buddies(cc, p);
	ct->on_rq = false;
	sched_policy_lb_load_add(&cc->lb, -(long)ct->weight);
	list_del_init(&p->sp.run_node);
	cc->nr_running--;
	cfs_update_min_vruntime(cc);
}

/* Charge @delta_ns of runtime to the running task: update_curr(). */
static void cfs_queue_account(struct cfs_cpu *cc, struct task_struct *curr,
			      u64 delta_ns)
{
	struct cfs_task *ct = cfs_task(curr);

	ct->vruntime += cfs_calc_delta_fair(delta_ns, ct->weight);
	cfs_update_min_vruntime(cc);
}

/*
 * A task's vruntime is relative to the min_vruntime of the CPU it was
 * last queued on; moving it shifts it by the difference of the two
 * (2.6.32's set_task_cpu()), so that it keeps its lag.
 */
static void cfs_renormalise(struct cfs_task *ct, u64 src_min, u64 dst_min,
			    int dst_cpu)
{
	ct->vruntime = ct->vruntime - src_min + dst_min;
	ct->cpu = dst_cpu;
}

enum cfs_place_result { CFS_PLACE_KEPT, CFS_PLACE_MOVED };

/*
 * place_entity(): a new task (@initial) starts a virtual slice after
 * min_vruntime when START_DEBIT is on, so that it does not steal the
 * current period from the tasks already promised it; a woken sleeper is
 * credited at most a latency (half of it with GENTLE_FAIR_SLEEPERS) of
 * the time it slept, and never gains by being placed backwards.
 */
static enum cfs_place_result cfs_place(struct cfs_cpu *cc,
				       struct task_struct *p, bool initial)
{
	struct cfs_task *ct = cfs_task(p);
	u64 v = cc->min_vruntime;

	if (initial && READ_ONCE(cfs_feat_start_debit))
		v += cfs_vslice(cc, p);
	if (!initial) {
		u64 thresh = cfs_latency();

		if (READ_ONCE(cfs_feat_gentle_sleepers))
			thresh >>= 1;
		v -= thresh;
	}
	if (!cfs_before(v, ct->vruntime) && v != ct->vruntime) {
		ct->vruntime = v;
		return CFS_PLACE_MOVED;
	}
	return CFS_PLACE_KEPT;
}

/*
 * wakeup_preempt_entity()'s test: is @se, behind @curr by @vdiff in
 * virtual time, behind by more than @gran ns of its own virtual time
 * (ASYM_GRAN: a light task needs a larger lead to preempt than a heavy
 * one)?
 */
static bool cfs_lead_exceeds(s64 vdiff, struct task_struct *se, u64 gran)
{
	return vdiff > (s64)cfs_calc_delta_fair(gran, cfs_task(se)->weight);
}

/*
 * wakeup_preempt_entity() with a granularity of @gran ns: -1 when @se is
 * not behind @curr at all, 1 when it is behind by more than @gran, else 0.
 */
static int cfs_preempt_by(struct task_struct *curr, struct task_struct *se,
			  u64 gran)
{
	s64 vdiff = cfs_task(curr)->vruntime - cfs_task(se)->vruntime;

	if (vdiff <= 0)
		return -1;
	return cfs_lead_exceeds(vdiff, se, gran) ? 1 : 0;
}

/* The buddies' test at a pick, where 2.6.32 had no running task */
static int cfs_wakeup_preempt_entity(struct task_struct *curr,
				     struct task_struct *se)
{
	return cfs_preempt_by(curr, se, cfs_wakeup_gran());
}

/* 2.6.32's update_avg(): an eighth of the way to @sample */
static void cfs_update_avg(u64 *avg, u64 sample)
{
	s64 diff = sample - *avg;

	WRITE_ONCE(*avg, *avg + (diff >> 3));
}

/*
 * try_to_wake_up() outside interrupts (2.6.32 sched.c): @waker, current,
 * woke a task after running this long since it last woke one or was
 * itself woken (avg_wakeup); the run from now to its next sleep is its
 * overlap with the woken task (avg_overlap, at cfs_note_sleep()).
 */
static void cfs_note_waker(struct task_struct *waker)
{
	struct cfs_task *wt = cfs_task(waker);
	u64 now = sched_policy_task_runtime(waker);

	cfs_update_avg(&wt->avg_wakeup,
		       now - (wt->last_wakeup ?: wt->start_runtime));
	wt->last_wakeup = now;
}

/* dequeue_task(sleep): the overlap after its last wakeup of a task */
static void cfs_note_sleep(struct task_struct *p)
{
	struct cfs_task *ct = cfs_task(p);

	if (ct->last_wakeup) {
		cfs_update_avg(&ct->avg_overlap,
			       sched_policy_task_runtime(p) - ct->last_wakeup);
		ct->last_wakeup = 0;
	} else {
		cfs_update_avg(&ct->avg_wakeup, cfs_wakeup_gran());
	}
}

/*
 * put_prev_task() of a task that is still runnable: it overlaps with
 * whatever it woke, so avg_overlap grows by its run, at most
 * 2 x migration_cost, and does not go stale.
 */
static void cfs_note_preempted(struct task_struct *p)
{
	struct cfs_task *ct = cfs_task(p);
	u64 ran = sched_policy_task_runtime(p) - ct->slice_start;

	cfs_update_avg(&ct->avg_overlap,
		       min(ran, 2 * READ_ONCE(cfs_migration_cost_ns)));
}

/*
 * adaptive_gran() (ADAPTIVE_GRAN): a woken task that wakes others soon
 * after it runs preempts sooner - the granularity is twice its
 * avg_wakeup per queued task, less what @curr has run of its turn,
 * between 0 and the wakeup granularity @gran.
 */
static u64 cfs_adaptive_gran(const struct cfs_cpu *cc,
			     struct task_struct *curr,
			     struct task_struct *woken, u64 gran)
{
	u64 this_run = sched_policy_task_runtime(curr) -
		       cfs_task(curr)->slice_start;
	u64 expected = 2 * READ_ONCE(cfs_task(woken)->avg_wakeup) *
		       cc->nr_running;

	return min(expected > this_run ? expected - this_run : 0, gran);
}

enum cfs_pick_via { CFS_PICK_LEFT, CFS_PICK_NEXT, CFS_PICK_LAST };

/*
 * pick_next_entity(): the smallest vruntime among the waiting tasks and
 * @curr (a running task that is still queued, as if put back first: it
 * goes behind waiting tasks of equal key), then the NEXT and LAST buddies
 * when they are not more than a wakeup granularity ahead of it.  Clearing
 * the chosen task's buddy marks is bookkeeping, not a queue change.
 */
static struct task_struct *cfs_queue_pick(struct cfs_cpu *cc,
					  struct task_struct *curr,
					  enum cfs_pick_via *via)
{
	struct task_struct *left = cfs_leftmost(cc), *se;

	if (curr && (!left || cfs_before(cfs_task(curr)->vruntime,
					 cfs_task(left)->vruntime)))
		left = curr;
	se = left;
	*via = CFS_PICK_LEFT;
	if (!se)
		return NULL;
	if (cc->next && cc->next != se &&
	    cfs_wakeup_preempt_entity(cc->next, left) < 1) {
		se = cc->next;
		*via = CFS_PICK_NEXT;
	}
	if (cc->last && cc->last != se &&
	    cfs_wakeup_preempt_entity(cc->last, left) < 1) {
		se = cc->last;
		*via = CFS_PICK_LAST;
	}
	cfs_clear_buddies(cc, se);
	return se;
}

static void cfs_queue_set_next(struct cfs_cpu *cc, struct task_struct *p)
{
	struct cfs_task *ct = cfs_task(p);

	cfs_tree_remove(cc, p);
	cc->curr = p;
	ct->slice_start = sched_policy_task_runtime(p);
	ct->forked = false;
}

static void cfs_queue_put_prev(struct cfs_cpu *cc, struct task_struct *p,
			       bool queued)
{
	if (cc->curr == p)
		cc->curr = NULL;
	if (queued && cfs_task(p)->on_rq)
		cfs_tree_insert(cc, p);
}

enum cfs_tick_result {
	CFS_TICK_RUN, CFS_TICK_SLICE, CFS_TICK_SPREAD, CFS_TICK_BEHIND
};

/*
 * check_preempt_tick(): preempt once the task ran its slice; and, so that
 * a task that narrowly missed a wakeup preemption does not wait a whole
 * slice, once it ran the minimum granularity and is more than a slice of
 * vruntime ahead of the leftmost waiting task.
 *
 * 2.6.32 compared that lead, an s64, with the slice, an unsigned long:
 * C converts the lead to unsigned, so a running task still *behind* the
 * leftmost was rescheduled too, at every tick past the minimum
 * granularity (CFS_TICK_BEHIND).  It is then usually picked again with
 * a new slice.  The return for a negative lead came with "sched: Fix
 * signed unsigned comparison in check_preempt_tick()" (Weisbecker,
 * 2011); 2.6.32 is modelled, with its own counter.
 */
static enum cfs_tick_result cfs_queue_tick(struct cfs_cpu *cc,
					   struct task_struct *curr)
{
	struct cfs_task *ct = cfs_task(curr);
	u64 ideal = cfs_slice(cc, curr);
	u64 ran = sched_policy_task_runtime(curr) - ct->slice_start;
	struct task_struct *left;
	u64 lead;

	if (cc->nr_running <= 1 && READ_ONCE(cfs_feat_wakeup_preempt))
		return CFS_TICK_RUN;
	if (ran > ideal) {
		cfs_clear_buddies(cc, curr);
		return CFS_TICK_SLICE;
	}
	if (!READ_ONCE(cfs_feat_wakeup_preempt) || ran < cfs_min_gran())
		return CFS_TICK_RUN;
	left = cfs_leftmost(cc);
	if (!left)
		return CFS_TICK_RUN;
	lead = ct->vruntime - cfs_task(left)->vruntime;
	if ((s64)lead < 0)
		return CFS_TICK_BEHIND;
	return lead > ideal ? CFS_TICK_SPREAD : CFS_TICK_RUN;
}

enum { CFS_NO_PREEMPT, CFS_PREEMPT, CFS_PREEMPT_ADAPTIVE };

/*
 * check_preempt_wakeup(): should @woken preempt @curr?  SCHED_BATCH and
 * SCHED_IDLE wakers never preempt; anything preempts a SCHED_IDLE task;
 * otherwise the woken task must be a wakeup granularity behind, the
 * adaptive one (ADAPTIVE_GRAN) unless that feature is off.  With more
 * than sched_nr_latency tasks the buddies are set: the woken task as
 * NEXT, the preempted one as LAST (to be run again soon, cache-hot).
 * Returns CFS_PREEMPT_ADAPTIVE for a preemption the plain granularity
 * would not have allowed.
 */
static int cfs_queue_wakeup_preempt(struct cfs_cpu *cc,
				    struct task_struct *curr,
				    struct task_struct *woken)
{
	bool scale = cc->nr_running >= cfs_nr_latency();
	u64 plain, gran;
	s64 vdiff;

	if (curr == woken)
		return CFS_NO_PREEMPT;
	if (READ_ONCE(cfs_feat_next_buddy) && scale &&
	    !cfs_task(woken)->forked && woken->policy != SCHED_IDLE)
		cc->next = woken;
	/* 2.6.32: only SCHED_NORMAL preempts (SCHED_ISO is one here) */
	if (woken->policy == SCHED_BATCH || woken->policy == SCHED_IDLE)
		return CFS_NO_PREEMPT;
	if (curr->policy == SCHED_IDLE)
		return CFS_PREEMPT;
	if (!READ_ONCE(cfs_feat_wakeup_preempt))
		return CFS_NO_PREEMPT;
	vdiff = cfs_task(curr)->vruntime - cfs_task(woken)->vruntime;
	if (vdiff <= 0)
		return CFS_NO_PREEMPT;
	gran = plain = cfs_wakeup_gran();
	if (READ_ONCE(cfs_feat_adaptive_gran))
		gran = cfs_adaptive_gran(cc, curr, woken, plain);
	if (!cfs_lead_exceeds(vdiff, woken, gran))
		return CFS_NO_PREEMPT;
	if (READ_ONCE(cfs_feat_last_buddy) && scale && cfs_task(curr)->on_rq &&
	    curr->policy != SCHED_IDLE)
		cc->last = curr;
	if (gran < plain && !cfs_lead_exceeds(vdiff, woken, plain))
		return CFS_PREEMPT_ADAPTIVE;
	return CFS_PREEMPT;
}

/*
 * sched_yield() of the running task @curr; returns the mode applied, or
 * -1 when there is nobody to yield to.  The core has already charged
 * curr's runtime, and schedule() follows: curr, which is not in the tree
 * while it runs, is put back by its (possibly changed) key and the
 * leftmost runs.  SCHED_BATCH tasks always yield the compat way, as in
 * 2.6.24-2.6.38.
 */
static int cfs_queue_yield(struct cfs_cpu *cc, struct task_struct *curr)
{
	struct cfs_task *ct = cfs_task(curr);
	int mode = READ_ONCE(cfs_yield_mode);
	struct task_struct *other;

	if (cc->nr_running <= 1)
		return -1;
	cfs_clear_buddies(cc, curr);
	if (curr->policy == SCHED_BATCH)
		mode = CFS_YIELD_COMPAT;

	switch (mode) {
	case CFS_YIELD_BEHIND_NEXT:
		other = cfs_leftmost(cc);
		if (other)
			ct->vruntime = cfs_max_vruntime(ct->vruntime,
				cfs_task(other)->vruntime +
				READ_ONCE(cfs_yield_gran_ns));
		break;
	case CFS_YIELD_COMPAT:
		other = cfs_rightmost(cc);
		if (other && !cfs_before(cfs_task(other)->vruntime,
					 ct->vruntime))
			ct->vruntime = cfs_task(other)->vruntime + 1;
		break;
	default:
		/*
		 * Requeue by key and plain resched give the same order here:
		 * in 2.6.23-rc1 they differed because the running task stayed
		 * in the tree under a stale key; curr's key is always up to
		 * date when it is put back.
		 */
		break;
	}
	return mode;
}

/*
 * task_hot() (2.6.32 kernel/sched.c): a buddy of its CPU while the
 * balancing CPU has tasks of its own (CACHE_HOT_BUDDY), or a task that
 * ran less than sched_migration_cost ago (0: none is hot).
 */
static bool cfs_task_hot(struct cfs_cpu *cc, struct task_struct *p,
			 bool dst_busy, u64 cost)
{
	if (dst_busy && (cc->next == p || cc->last == p))
		return true;
	return cost && sched_policy_task_cold_ns(p) < cost;
}

/*
 * balance_tasks()'s walk over the busiest CPU's cfs_rq->tasks (2.6.32
 * kernel/sched_fair.c __load_balance_iterator()): the most recently
 * queued first, the running task included (can_migrate_task() refuses
 * it), at most sysctl_sched_nr_migrate + 1 tasks looked at.
 */
struct cfs_lb_walk {
	struct cfs_cpu		*src;
	struct task_struct	*next;		/* NULL: the walk is over */
	unsigned int		loops;
	int			dst_cpu;
	long			rem_load;	/* rem_load_move */
	bool			dst_busy;	/* this_rq()->nr_running */
	bool			aggressive;	/* too many failures: ignore hot */
	bool			pinned;		/* none allowed on dst_cpu */
	u64			cost;		/* sysctl_sched_migration_cost */
};

/* can_migrate_task(): allowed there, not running, and not cache hot */
static bool cfs_lb_can_migrate(struct cfs_lb_walk *w, struct task_struct *p)
{
	if (!cpumask_test_cpu(w->dst_cpu, p->cpus_ptr))
		return false;
	w->pinned = false;
	if (!sched_policy_can_migrate(p, w->dst_cpu))
		return false;
	return w->aggressive || !cfs_task_hot(w->src, p, w->dst_busy, w->cost);
}

/*
 * The next task balance_tasks() pulls, or NULL.  A task of more than
 * twice the load left to move is skipped before can_migrate_task() is
 * asked, so a CPU whose tasks are all too heavy counts as all pinned
 * (2.6.32's order of the two tests).  The next node is taken before the
 * task is returned: pulling it takes it off this list.
 */
static struct task_struct *cfs_lb_next(struct cfs_lb_walk *w)
{
	while (w->next) {
		struct task_struct *p = w->next;

		if (w->loops++ > CFS_NR_MIGRATE)
			break;
		w->next = list_is_last(&p->sp.run_node, &w->src->tasks) ? NULL :
			  list_next_entry(p, sp.run_node);
		if ((long)(cfs_task(p)->weight >> 1) > w->rem_load ||
		    !cfs_lb_can_migrate(w, p))
			continue;
		return p;
	}
	w->next = NULL;
	return NULL;
}

static void cfs_lb_walk_init(struct cfs_lb_walk *w, struct cfs_cpu *src,
			     int dst_cpu, bool dst_busy, long max_load,
			     bool aggressive)
{
	*w = (struct cfs_lb_walk) {
		.src		= src,
		.next		= list_first_entry_or_null(&src->tasks,
							   struct task_struct,
							   sp.run_node),
		.dst_cpu	= dst_cpu,
		.rem_load	= max_load,
		.dst_busy	= dst_busy,
		.aggressive	= aggressive,
		.pinned		= true,
		.cost		= READ_ONCE(cfs_migration_cost_ns),
	};
}

/*
 * move_one_task() for active balancing (and the core's balancer when
 * balancer is 0): the first task in list order that may move, whatever
 * its weight and however hot.
 */
static struct task_struct *cfs_queue_candidate(struct cfs_cpu *cc,
					       int dst_cpu)
{
	struct cfs_lb_walk w;

	cfs_lb_walk_init(&w, cc, dst_cpu, false, LONG_MAX, true);
	return cfs_lb_next(&w);
}

static struct sched_policy_lb_cpu *cfs_lb_cpu(struct sched_policy_rq *rq)
{
	return &cfs_cpu(rq)->lb;
}

/*
 * balance_tasks(), both run-queue locks held: pull in list order while
 * load is left to move.  Newly idle, a preemptible kernel (CONFIG_PREEMPT)
 * stops after one task, as 2.6.32 did to bound the latency of schedule().
 */
static int cfs_move_tasks(struct sched_policy_rq *src,
			  struct sched_policy_rq *dst,
			  struct sched_policy_lb_move *m)
{
	struct cfs_lb_walk w;
	struct task_struct *p;
	int pulled = 0;

	cfs_lb_walk_init(&w, cfs_cpu(src), sched_policy_rq_cpu(dst),
			 sched_policy_rq_nr_queued(dst) > 0, m->max_load,
			 m->aggressive);
	while ((p = cfs_lb_next(&w))) {
		long load = cfs_task(p)->weight;

		if (!sched_policy_move_queued(src, dst, p))
			break;
		pulled++;
		w.rem_load -= load;
		if ((IS_ENABLED(CONFIG_PREEMPT) && m->idle == SP_LB_NEWLY_IDLE) ||
		    w.rem_load <= 0)
			break;
	}
	m->all_pinned = w.pinned;
	return pulled;
}

/* 2.6.32's SD_CPU_INIT, and balance_tasks() over cfs_rq->tasks */
static const struct sched_policy_lb cfs_lb = {
	.busy_idx		= 2,
	.idle_idx		= 1,
	.newidle_idx		= 0,
	.wake_idx		= CFS_WAKE_IDX,
	.imbalance_pct		= CFS_IMBALANCE_PCT,
	.cache_nice_tries	= 1,
	.min_interval		= 1,
	.max_interval		= 4,
	.busy_factor		= 64,
	.max_pinned_interval	= 512,
	.kernel			= SP_LB_2_6_32,
	.rt_power		= true,
	.cpu			= cfs_lb_cpu,
	.move_tasks		= cfs_move_tasks,
	.stat_base		= CFS_STAT_LB,
};

/*
 * SYNC_LESS: a sync hint is not believed when the waker or the woken task
 * has run on for more than migration_cost after its wakeups of others,
 * on average - it will not sleep soon, so the two would share a CPU.  A
 * waker that is not ours overlaps nothing here.
 */
static bool cfs_sync_believed(struct task_struct *p, bool waker_ours)
{
	u64 cost = READ_ONCE(cfs_migration_cost_ns);

	if (!READ_ONCE(cfs_feat_sync_less))
		return true;
	return READ_ONCE(cfs_task(p)->avg_overlap) <= cost &&
	       (!waker_ours ||
		READ_ONCE(cfs_task(current)->avg_overlap) <= cost);
}

/*
 * wake_affine() (2.6.32 kernel/sched_fair.c, here
 * sched_policy_lb_wake_affine()) at wake_idx 0 on the queued weights,
 * less a sync waker's own; a sync wakeup from an interrupt has no waker:
 * current is not it.
 */
static bool cfs_wake_to_this_cpu(struct task_struct *p, int prev_cpu,
				 int this_cpu, bool sync)
{
	bool waker_ours = sched_policy_task_queued(current);
	unsigned long waker_weight = 0;

	sync = sync && cfs_sync_believed(p, waker_ours);
	if (sync && in_task() && waker_ours)
		waker_weight = READ_ONCE(cfs_task(current)->weight);
	return sched_policy_lb_wake_affine(&cfs_lb, this_cpu, prev_cpu,
					   sched_policy_task_weight(p),
					   waker_weight);
}

/*
 * HRTICK (off by default, as in 2.6.32): end the running task's slice
 * with a high-resolution timer instead of at the first tick past it, so
 * that with fewer tasks than sched_nr_latency the latency target holds to
 * the timer's precision rather than to 1/HZ.  Returns the delay to arm
 * the timer with, or 0 for none; @now_over: the slice is already over.
 */
#define CFS_HRTICK_MIN_NS	10000ULL

static u64 cfs_hrtick_delay(struct cfs_cpu *cc, struct task_struct *curr,
			    bool *now_over)
{
	u64 slice, ran;

	*now_over = false;
	if (!READ_ONCE(cfs_feat_hrtick) || cc->nr_running <= 1)
		return 0;
	slice = cfs_slice(cc, curr);
	ran = sched_policy_task_runtime(curr) - cfs_task(curr)->slice_start;
	if (ran >= slice) {
		*now_over = true;
		return 0;
	}
	return max(slice - ran, CFS_HRTICK_MIN_NS);
}

/* hrtick_start_fair(): (re)arm the slice timer for the running task */
static void cfs_hrtick_start(struct sched_policy_rq *rq,
			     struct task_struct *curr)
{
	bool over;
	u64 delay = cfs_hrtick_delay(cfs_cpu(rq), curr, &over);

	if (over)
		sched_policy_resched(rq);
	else if (delay)
		sched_policy_slice_timer(rq, delay);
}

/* hrtick_update(): the queue changed, so did the running task's slice */
static void cfs_hrtick_update(struct sched_policy_rq *rq)
{
	struct cfs_cpu *cc = cfs_cpu(rq);

	if (cc->curr && cfs_task(cc->curr)->on_rq &&
	    cc->nr_running < cfs_nr_latency())
		cfs_hrtick_start(rq, cc->curr);
}

/* Hooks */

static void cfs_cpu_init(struct sched_policy_rq *rq)
{
	struct cfs_cpu *cc = cfs_cpu(rq);

	cc->tree = RB_ROOT_CACHED;
	INIT_LIST_HEAD(&cc->tasks);
	sched_policy_lb_cpu_init(&cfs_lb, &cc->lb);
	/* 2.6.32 starts just below the wrap, so that wrap bugs show early */
	cc->min_vruntime = (u64)(-(1LL << 20));
	cc->checked_min_vruntime = cc->min_vruntime;
}

/* @p starts on @cpu, whose state is @cc, at its min_vruntime */
static void cfs_task_start(struct task_struct *p, int cpu, struct cfs_cpu *cc)
{
	struct cfs_task *ct = cfs_task(p);

	memset(ct, 0, sizeof(*ct));
	RB_CLEAR_NODE(&p->sp.tree_node);
	ct->avg_wakeup = cfs_wakeup_gran();	/* __sched_fork() */
	ct->cpu = cpu;
	ct->vruntime = READ_ONCE(cc->min_vruntime);
	ct->weight = sched_policy_task_weight(p);
}

/* A task enters the policy (boot, or a class change): start at min. */
static void cfs_task_init(struct task_struct *p)
{
	cfs_task_start(p, task_cpu(p), cfs_cpu_of(task_cpu(p)));
}

/*
 * 2.6.32's sched_fork(): the child starts from its parent's vruntime, as
 * last charged.  Its CPU is chosen later (wake_up_new_task()), so the
 * placement proper (START_DEBIT, child_runs_first) waits for the first
 * enqueue there, as task_new_fair() did under that CPU's lock.
 */
static void cfs_task_fork(struct sched_policy_rq *rq, struct task_struct *p,
			  struct task_struct *parent)
{
	struct cfs_task *ct = cfs_task(p);

	/* the child is on the forking CPU (sched_cgroup_fork()) */
	cfs_task_start(p, sched_policy_rq_cpu(rq), cfs_cpu(rq));
	ct->forked = true;
	if (sched_policy_task_queued(parent) && parent->sched_class ==
	    p->sched_class) {
		ct->vruntime = READ_ONCE(cfs_task(parent)->vruntime);
		ct->cpu = READ_ONCE(cfs_task(parent)->cpu);
	}
}

/*
 * The first enqueue of a new task: place it (START_DEBIT) and, with
 * sched_child_runs_first, give it the parent's smaller vruntime when it
 * starts on the parent's CPU.
 */
static void cfs_place_new(struct sched_policy_rq *rq, struct cfs_cpu *cc,
			  struct task_struct *p)
{
	struct task_struct *parent = cc->curr;
	struct cfs_task *ct = cfs_task(p);

	if (cfs_place(cc, p, true) == CFS_PLACE_MOVED)
		sched_policy_stat_add(rq, CFS_STAT_START_DEBIT, 1);
	if (!READ_ONCE(cfs_child_runs_first) || !sched_policy_rq_local(rq) ||
	    !parent || !cfs_task(parent)->on_rq ||
	    !cfs_before(cfs_task(parent)->vruntime, ct->vruntime))
		return;
	swap(cfs_task(parent)->vruntime, ct->vruntime);
	sched_policy_resched(rq);
	sched_policy_stat_add(rq, CFS_STAT_CHILD_FIRST, 1);
}

/*
 * The wakeup of @p runs in its waker's context, and the waker (current)
 * is ours: 2.6.32's try_to_wake_up() noted current outside interrupts.
 */
static bool cfs_woken_by_current(struct task_struct *p)
{
	return !in_interrupt() && current != p &&
	       sched_policy_task_queued(current);
}

/*
 * A wakeup's enqueue: the woken task's runtime is its start_runtime
 * (enqueue_task()), and its waker, current, is noted unless select_cpu()
 * did that already or this runs in an interrupt: a wakeup queued to
 * another CPU is enqueued there from the IPI, and only select_cpu() saw
 * the waker - a task allowed on one CPU has none, so its remote wakeups
 * go unnoted.
 */
static void cfs_note_wakeup(struct task_struct *p)
{
	struct cfs_task *ct = cfs_task(p);

	ct->start_runtime = sched_policy_task_runtime(p);
	if (ct->waker_noted)
		ct->waker_noted = false;
	else if (cfs_woken_by_current(p))
		cfs_note_waker(current);
}

static void cfs_enqueue(struct sched_policy_rq *rq, struct task_struct *p,
			unsigned int flags)
{
	struct cfs_cpu *cc = cfs_cpu(rq);
	struct cfs_task *ct = cfs_task(p);
	int cpu = sched_policy_rq_cpu(rq);

	if (ct->cpu != cpu) {
		cfs_renormalise(ct, READ_ONCE(cfs_cpu_of(ct->cpu)->min_vruntime),
				cc->min_vruntime, cpu);
		sched_policy_stat_add(rq, CFS_STAT_RENORM, 1);
	}
	ct->weight = sched_policy_task_weight(p);
	if (flags & SP_ENQ_WAKEUP)
		cfs_note_wakeup(p);
	if (flags & SP_ENQ_NEW)
		cfs_place_new(rq, cc, p);
	else if ((flags & SP_ENQ_WAKEUP) &&
		 cfs_place(cc, p, false) == CFS_PLACE_MOVED)
		sched_policy_stat_add(rq, CFS_STAT_SLEEPER, 1);
	cfs_queue_add(cc, p);
	cfs_hrtick_update(rq);
}

static void cfs_dequeue(struct sched_policy_rq *rq, struct task_struct *p,
			unsigned int flags)
{
	if (flags & SP_DEQ_SLEEP)
		cfs_note_sleep(p);
	cfs_queue_del(cfs_cpu(rq), p);
	cfs_hrtick_update(rq);
}

static struct task_struct *cfs_pick_next(struct sched_policy_rq *rq,
					 struct task_struct *curr)
{
	struct cfs_cpu *cc = cfs_cpu(rq);
	enum cfs_pick_via via;
	struct task_struct *p = cfs_queue_pick(cc, curr, &via);

	if (via == CFS_PICK_NEXT)
		sched_policy_stat_add(rq, CFS_STAT_NEXT_BUDDY, 1);
	else if (via == CFS_PICK_LAST)
		sched_policy_stat_add(rq, CFS_STAT_LAST_BUDDY, 1);
	/*
	 * Chosen again: the core skips put_prev/set_next, but 2.6.32 ran both
	 * and so started a new slice.
	 */
	if (p && p == curr) {
		cfs_note_preempted(p);
		cfs_task(p)->slice_start = sched_policy_task_runtime(p);
		cfs_hrtick_start(rq, p);
	}
	return p;
}

static void cfs_put_prev(struct sched_policy_rq *rq, struct task_struct *p,
			 bool queued)
{
	if (queued)
		cfs_note_preempted(p);
	cfs_queue_put_prev(cfs_cpu(rq), p, queued);
}

static void cfs_set_next(struct sched_policy_rq *rq, struct task_struct *p)
{
	cfs_queue_set_next(cfs_cpu(rq), p);
	cfs_hrtick_start(rq, p);
}

static void cfs_account(struct sched_policy_rq *rq, struct task_struct *curr,
			u64 delta_ns)
{
	cfs_queue_account(cfs_cpu(rq), curr, delta_ns);
}

static void cfs_tick(struct sched_policy_rq *rq, struct task_struct *curr)
{
	if (READ_ONCE(cfs_balancer))
		sched_policy_lb_tick(&cfs_lb, rq);
	else
		sched_policy_default_tick_balance(rq);
	switch (cfs_queue_tick(cfs_cpu(rq), curr)) {
	case CFS_TICK_SLICE:
		sched_policy_stat_add(rq, CFS_STAT_SLICE_PREEMPT, 1);
		sched_policy_resched(rq);
		break;
	case CFS_TICK_SPREAD:
		sched_policy_stat_add(rq, CFS_STAT_SPREAD_PREEMPT, 1);
		sched_policy_resched(rq);
		break;
	case CFS_TICK_BEHIND:
		sched_policy_stat_add(rq, CFS_STAT_BEHIND_PREEMPT, 1);
		sched_policy_resched(rq);
		break;
	default:
		/* a slice timer that fired a hair early: wait for the rest */
		cfs_hrtick_start(rq, curr);
		break;
	}
}

static void cfs_yield(struct sched_policy_rq *rq, struct task_struct *curr)
{
	int mode = cfs_queue_yield(cfs_cpu(rq), curr);

	if (mode < 0)
		return;
	sched_policy_stat_add(rq, CFS_STAT_YIELD0 + mode, 1);
	if (mode == CFS_YIELD_RESCHED)
		sched_policy_resched(rq);
}

/*
 * The sync hint is not looked at: 2.6.32's check_preempt_wakeup() used
 * it only behind WAKEUP_SYNC, and avg_overlap behind WAKEUP_OVERLAP,
 * both off by default.
 */
static bool cfs_wakeup_preempt(struct sched_policy_rq *rq,
			       struct task_struct *curr,
			       struct task_struct *woken,
			       unsigned int wake_flags)
{
	int preempt = cfs_queue_wakeup_preempt(cfs_cpu(rq), curr, woken);

	if (preempt == CFS_PREEMPT_ADAPTIVE)
		sched_policy_stat_add(rq, CFS_STAT_ADAPTIVE_PREEMPT, 1);
	return preempt != CFS_NO_PREEMPT;
}

static unsigned long cfs_load(struct sched_policy_rq *rq)
{
	return READ_ONCE(cfs_cpu(rq)->lb.load);
}

/*
 * Before each pick: 2.6.32's idle_balance() or the periodic balance its
 * tick found due (sched_policy_lb_balance()), or the core's balancer.
 */
static int cfs_balance(struct sched_policy_rq *rq)
{
	if (!READ_ONCE(cfs_balancer))
		return sched_policy_default_balance(rq);
	return sched_policy_lb_balance(&cfs_lb, rq);
}

/*
 * select_task_rq_fair() of 2.6.32 on one SD_CPU_INIT domain: a new task
 * (SD_BALANCE_FORK) and an exec (SD_BALANCE_EXEC) go to the idlest CPU
 * past half the imbalance; a wakeup (no domain has SD_BALANCE_WAKE) goes
 * to the waker's CPU if wake_affine() says so, else to its previous CPU,
 * busy or not: 2.6.32 had no idle-sibling search (2.6.33 did).
 */
static int cfs_select_cpu(struct task_struct *p, int prev_cpu,
			  unsigned int wake_flags)
{
	int this_cpu = smp_processor_id();

	if (!(wake_flags & (SP_WAKE_FORK | SP_WAKE_EXEC)) &&
	    cfs_woken_by_current(p)) {
		cfs_note_waker(current);
		cfs_task(p)->waker_noted = true;
	}
	if (!READ_ONCE(cfs_wake_placement))
		return sched_policy_select_idle_cpu(p, prev_cpu);
	if (wake_flags & (SP_WAKE_FORK | SP_WAKE_EXEC))
		return sched_policy_lb_idlest_cpu(&cfs_lb, p, this_cpu);
	if (cpumask_test_cpu(this_cpu, p->cpus_ptr) &&
	    cfs_wake_to_this_cpu(p, prev_cpu, this_cpu,
				 wake_flags & SP_WAKE_SYNC))
		return this_cpu;
	return prev_cpu;
}

static struct task_struct *cfs_migration_candidate(struct sched_policy_rq *rq,
						   int dst_cpu)
{
	return cfs_queue_candidate(cfs_cpu(rq), dst_cpu);
}

/*
 * set_user_nice() of 2.6.32: a queued task whose nice fell, or the
 * running task whose nice moved either way, rescheduled the CPU, and the
 * pick then took the leftmost.  The hook cannot tell a renice from a PI
 * change back to the nice level; both end with prio at static_prio.
 */
static bool cfs_renice_resched(struct cfs_cpu *cc, struct task_struct *p,
			       int old_prio)
{
	return cc->curr == p || p->prio < old_prio;
}

/*
 * The core re-queued @p with its new weight.  A renice (prio back at
 * static_prio) reschedules only as set_user_nice() did: a waiting task
 * made worse never preempts; otherwise (a PI boost) prio_changed_fair():
 * a running task that got worse gives way, a waiting one may preempt.
 */
static void cfs_prio_changed(struct sched_policy_rq *rq, struct task_struct *p,
			     int old_prio)
{
	struct cfs_cpu *cc = cfs_cpu(rq);

	if (!cfs_task(p)->on_rq)
		return;
	if (p->prio == p->static_prio) {
		if (cfs_renice_resched(cc, p, old_prio))
			sched_policy_resched(rq);
	} else if (cc->curr == p) {
		if (p->prio > old_prio)
			sched_policy_resched(rq);
	} else if (cc->curr && cfs_queue_wakeup_preempt(cc, cc->curr, p)) {
		sched_policy_resched(rq);
	}
}

/* sched_rr_get_interval(): the task's current slice (read unlocked) */
static u64 cfs_timeslice_ns(struct task_struct *p)
{
	return cfs_slice(cfs_cpu_of(task_cpu(p)), p);
}

static void cfs_dump(struct sched_policy_rq *rq)
{
	struct cfs_cpu *cc = cfs_cpu(rq);
	struct rb_node *n;
	char buf[160] = "";
	size_t len = 0;

	for (n = rb_first_cached(&cc->tree); n && len < sizeof(buf) - 1;
	     n = rb_next(n)) {
		struct task_struct *p = cfs_node_task(n);

		len += scnprintf(buf + len, sizeof(buf) - len, " %d:%lld",
				 p->pid, (s64)(cfs_task(p)->vruntime -
					       cc->min_vruntime));
	}
	pr_info("cfs: cpu%d nr=%u load=%lu min_vruntime=%llu curr=%d waiting (pid:vruntime-min):%s\n",
		sched_policy_rq_cpu(rq), cc->nr_running, cc->lb.load,
		cc->min_vruntime, cc->curr ? cc->curr->pid : -1, buf);
	sched_policy_lb_dump("cfs", &cc->lb);
}

/*
 * Consistency check (ops->check, run under stop_machine).  The tree: an
 * in-order walk finds vruntime non-decreasing (wrap-safe), the cached
 * leftmost is the first node, and every task in it is queued (its own
 * on_rq and the core's mark), belongs to this CPU (task_cpu and the CPU
 * its vruntime is relative to) and is not curr.  curr, if set, is the
 * task running here; the NEXT/LAST buddies, if set, are queued here.
 * nr_running and load are the count and the weight sum of the tree plus
 * a queued curr, and min_vruntime has not gone back since the last check.
 * (min_vruntime <= leftmost does not hold: a woken sleeper is placed up
 * to half a latency before it, and a migrated task keeps its lag.)  Each
 * helper reports what it finds broken and returns how many; @rq may be
 * NULL (KUnit).
 */
struct cfs_check_sum {
	unsigned int	nr;
	unsigned long	load;
};

static unsigned int cfs_check_task(struct sched_policy_rq *rq,
				   struct cfs_cpu *cc, struct task_struct *p,
				   int cpu)
{
	struct cfs_task *ct = cfs_task(p);
	unsigned int bad = 0;

	if (!ct->on_rq || !sched_policy_task_queued(p))
		bad += sched_policy_check_fail(rq, "cfs: pid %d in the tree: on_rq %d, queued %d",
					       p->pid, ct->on_rq,
					       sched_policy_task_queued(p));
	if (ct->cpu != cpu || task_cpu(p) != cpu)
		bad += sched_policy_check_fail(rq, "cfs: pid %d in cpu%d's tree: vruntime of cpu%d, on cpu%d",
					       p->pid, cpu, ct->cpu, task_cpu(p));
	if (p == cc->curr)
		bad += sched_policy_check_fail(rq, "cfs: curr pid %d is in the tree",
					       p->pid);
	return bad;
}

static unsigned int cfs_check_tree(struct sched_policy_rq *rq,
				   struct cfs_cpu *cc, int cpu,
				   struct cfs_check_sum *sum)
{
	struct task_struct *p, *prev = NULL;
	unsigned int bad = 0;
	struct rb_node *n;

	for (n = rb_first(&cc->tree.rb_root); n; n = rb_next(n), prev = p) {
		p = cfs_node_task(n);
		if (++sum->nr > PID_MAX_LIMIT)	/* a loop: stop */
			return bad + sched_policy_check_fail(rq, "cfs: the tree walk does not end");
		bad += cfs_check_task(rq, cc, p, cpu);
		sum->load += cfs_task(p)->weight;
		if (prev && cfs_before(cfs_task(p)->vruntime,
				       cfs_task(prev)->vruntime))
			bad += sched_policy_check_fail(rq, "cfs: pid %d (vruntime %llu) follows pid %d (%llu) in the tree",
						       p->pid, cfs_task(p)->vruntime,
						       prev->pid,
						       cfs_task(prev)->vruntime);
	}
	if (rb_first_cached(&cc->tree) != rb_first(&cc->tree.rb_root))
		bad += sched_policy_check_fail(rq, "cfs: the cached leftmost is not the first node");
	return bad;
}

static unsigned int cfs_check_buddy(struct sched_policy_rq *rq,
				    struct task_struct *p, const char *name,
				    int cpu)
{
	if (p && (!cfs_task(p)->on_rq || cfs_task(p)->cpu != cpu))
		return sched_policy_check_fail(rq, "cfs: %s buddy pid %d is not queued here",
					       name, p->pid);
	return 0;
}

/* curr (@running: the task running on this CPU) and the buddies */
static unsigned int cfs_check_curr(struct sched_policy_rq *rq,
				   struct cfs_cpu *cc,
				   struct task_struct *running, int cpu,
				   struct cfs_check_sum *sum)
{
	unsigned int bad = 0;

	if (cc->curr && cc->curr != running)
		bad += sched_policy_check_fail(rq, "cfs: curr pid %d is not the running task",
					       cc->curr->pid);
	if (cc->curr && cfs_task(cc->curr)->on_rq) {
		sum->nr++;
		sum->load += cfs_task(cc->curr)->weight;
	}
	bad += cfs_check_buddy(rq, cc->next, "next", cpu);
	bad += cfs_check_buddy(rq, cc->last, "last", cpu);
	return bad;
}

/* Returns the failures; *nr: the queued tasks, a queued curr included. */
static unsigned int cfs_queue_check(struct sched_policy_rq *rq,
				    struct cfs_cpu *cc,
				    struct task_struct *running, int cpu,
				    unsigned int *nr)
{
	struct cfs_check_sum sum = { };
	unsigned int bad = 0;

	bad += cfs_check_tree(rq, cc, cpu, &sum);
	bad += cfs_check_curr(rq, cc, running, cpu, &sum);
	if (cc->nr_running != sum.nr)
		bad += sched_policy_check_fail(rq, "cfs: nr_running %u, %u tasks in the tree and curr",
					       cc->nr_running, sum.nr);
	if (cc->lb.load != sum.load)
		bad += sched_policy_check_fail(rq, "cfs: load %lu, the queued weights sum to %lu",
					       cc->lb.load, sum.load);
	if (list_count_nodes(&cc->tasks) != sum.nr)
		bad += sched_policy_check_fail(rq, "cfs: %zu tasks on the task list, %u queued",
					       list_count_nodes(&cc->tasks),
					       sum.nr);
	if (cfs_before(cc->min_vruntime, cc->checked_min_vruntime))
		bad += sched_policy_check_fail(rq, "cfs: min_vruntime went back from %llu to %llu",
					       cc->checked_min_vruntime,
					       cc->min_vruntime);
	cc->checked_min_vruntime = cc->min_vruntime;
	*nr = sum.nr;
	return bad;
}

static unsigned int cfs_check(struct sched_policy_rq *rq)
{
	unsigned int nr;

	cfs_queue_check(rq, cfs_cpu(rq), sched_policy_rq_curr(rq),
			sched_policy_rq_cpu(rq), &nr);
	return nr;
}

static struct sched_policy_ops cfs_policy = {
	.name			= "cfs",
	.owner			= THIS_MODULE,
	.percpu_size		= sizeof(struct cfs_cpu),
	.cpu_init		= cfs_cpu_init,
	.task_init		= cfs_task_init,
	.task_fork		= cfs_task_fork,
	.enqueue		= cfs_enqueue,
	.dequeue		= cfs_dequeue,
	.pick_next		= cfs_pick_next,
	.put_prev		= cfs_put_prev,
	.set_next		= cfs_set_next,
	.tick			= cfs_tick,
	.account		= cfs_account,
	.yield			= cfs_yield,
	.wakeup_preempt		= cfs_wakeup_preempt,
	.load			= cfs_load,
	.balance		= cfs_balance,
	.select_cpu		= cfs_select_cpu,
	.migration_candidate	= cfs_migration_candidate,
	.prio_changed		= cfs_prio_changed,
	.timeslice_ns		= cfs_timeslice_ns,
	.dump			= cfs_dump,
	.check			= cfs_check,
	.tunables		= cfs_tunables,
	.stat_names		= cfs_stat_names,
	.nr_stats		= CFS_NR_STATS,
};
sched_policy_declare(cfs_policy);

MODULE_DESCRIPTION("cfs: the Completely Fair Scheduler of Linux 2.6.32");
MODULE_LICENSE("GPL");
MODULE_ALIAS("sched-policy-cfs");

#ifdef CONFIG_SCHED_POLICY_CFS_KUNIT_TEST
#include "cfs_test.c"
#endif
