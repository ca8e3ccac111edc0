/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The simulated machine and workload: task behaviour, the event queue,
 * measurements and the run's parameters.
 */
#ifndef _SIM_MODEL_H
#define _SIM_MODEL_H

#include "sim.h"

#define SIM_NAME_MAX	32
#define SIM_MAX_BURSTS	4096

/* A duration, fixed or drawn uniformly from [lo, hi] by the seeded RNG. */
struct sim_dur {
	u64 lo, hi;
};

/* A log-linear histogram of durations (report.c) */
#define SIM_HIST_BUCKETS	(128 + 57 * 64)
struct sim_hist {
	u64 count, sum, max;
	u32 *buckets;		/* allocated on first use */
};

/* One "task" line of a workload: a group of identical tasks. */
struct sim_spec {
	char		name[SIM_NAME_MAX];
	unsigned int	count;		/* started at @start; 0: only forked */
	int		nice;
	unsigned int	policy;
	struct cpumask	cpus;
	bool		cpus_set;
	u64		start;
	struct sim_dur	run;		/* CPU time of a burst; lo == U64_MAX: forever */
	struct sim_dur	sleep;		/* after a burst */
	u64		period;		/* wake every @period instead */
	bool		yield;		/* sched_yield() after each burst */
	bool		pipe;		/* pairs that ping-pong a message */
	/* ring=N: rings of N tasks pass a token, waiting with sched_yield() */
	unsigned int	ring;
	struct sim_dur	spin;		/* a failed look at the token */
	unsigned int	*ring_token;	/* per ring: the position holding it */
	u64		messages, messages_base;
	bool		uninterruptible;
	struct sim_spec	*fork;		/* fork @forks of these after each burst */
	unsigned int	forks;
	bool		wait;		/* then wait for them to exit */
	unsigned int	exit_after;	/* bursts; 0: never exits */
	/* replayed bursts: run, then sleep; cycled */
	unsigned int	nr_bursts;
	u64		*burst_run, *burst_sleep;
	/* expect share=PCT tol=PCT */
	bool		expect_share;
	double		share_pct, share_tol;
	/* results over the group; its waits unless per task (--tasks) */
	unsigned int	started, exited;
	struct sim_hist	waits, wakelats;
	struct sim_spec	*next;
};

/* An "offline" line: CPU @cpu leaves at @at and, if @until, comes back. */
struct sim_hotplug {
	unsigned int		cpu;
	u64			at, until;
	struct sim_hotplug	*next;
};

enum sim_state {
	SIM_RUNNABLE,	/* queued (running or waiting) */
	SIM_SLEEPING,	/* on a timer */
	SIM_BLOCKED,	/* on its pipe peer or its children */
	SIM_DEAD,
};

struct sim_task {
	struct task_struct	ts;
	unsigned int		id;
	struct sim_spec		*spec;
	char			name[SIM_NAME_MAX + 16];
	enum sim_state		state;
	u64			work_left;	/* of the current burst */
	u64			run_from;	/* running: progress since (after switch cost) */
	u64			gen;		/* invalidates its pending event */
	unsigned int		bursts;		/* completed */
	unsigned int		idx;		/* in its group */
	bool			holding;	/* ring: this burst is a message */
	u64			next_period;
	/* pipe */
	struct sim_task		*peer;
	unsigned int		pending;	/* messages waiting to be read */
	bool			read_first;
	/* fork/wait */
	struct sim_task		*parent;
	unsigned int		children;	/* alive */
	/* measurements */
	u64			wait_from;	/* 0: not waiting */
	bool			wait_is_wakeup;
	struct sim_hist		wait, wakelat;
	u64			runtime_base;	/* at the end of warm-up */
	u64			switches, migrations;
	struct list_head	wait_node;	/* on sim_waiting while waiting */
	struct list_head	all_node;
};

enum sim_event_type {
	EV_TICK,
	EV_HRTICK,
	EV_BURST_END,
	EV_WAKE,
	EV_RESCHED_IPI,
	EV_SPAWN,
	EV_WARMUP_END,
	EV_SAMPLE,
	EV_CPU_DOWN,
	EV_CPU_UP,
};

struct sim_event {
	u64			time;
	u64			seq;
	enum sim_event_type	type;
	int			cpu;
	u64			gen;
	struct sim_task		*task;
	struct sim_spec		*spec;
};

struct sim_params {
	unsigned int	cpus, smt, llc_cores, nodes;
	u64		duration, warmup;
	u64		seed;
	u64		switch_cost;
	u64		ipi_delay;
	u64		max_wait;	/* bounded-wait invariant */
	u64		idle_grace;	/* wasted-core invariant */
	bool		per_task;
	bool		check_end;	/* call the policy's check() at the end */
};

extern struct sim_params sim_params;
extern struct sim_spec *sim_specs;
extern struct sim_hotplug *sim_hotplugs;
extern struct list_head sim_all_tasks, sim_waiting;
extern unsigned int sim_nr_tasks, sim_nr_live;
extern u64 sim_warnings;

/* events.c */
void sim_event_add(u64 time, enum sim_event_type type, int cpu,
		   struct sim_task *t, u64 gen, struct sim_spec *spec);
bool sim_event_next(struct sim_event *ev);
void sim_rand_seed(u64 seed);
u64 sim_rand(void);
u64 sim_draw(const struct sim_dur *d);

/* core.c: the kernel's side of each hook call */
void sim_core_init(void);
void sim_schedule(struct rq *rq);
void sim_preempt_point(void);
void sim_tick(struct rq *rq);
void sim_hrtick(struct rq *rq);
void sim_wake_up(struct sim_task *t, int wake_flags);
struct sim_task *sim_fork(struct sim_spec *spec, unsigned int idx,
			  struct task_struct *parent);
void sim_block(struct sim_task *t);
void sim_exit(struct sim_task *t);
void sim_yield(struct sim_task *t);
void sim_update_curr(struct rq *rq);
void sim_account_idle(struct rq *rq);
void sim_check_all(void);
void sim_cpu_down(unsigned int cpu);
void sim_cpu_up(unsigned int cpu);
bool sim_is_policy_task(const struct task_struct *p);
static inline struct sim_task *sim_task_of(struct task_struct *p)
{
	return p->sim;
}

/* workload.c */
int sim_workload_load(const char *path);
void sim_task_burst_end(struct sim_task *t);
void sim_task_new_burst(struct sim_task *t);
void sim_task_wakeup_event(struct sim_task *t);

/* report.c */
void sim_hist_add(struct sim_hist *h, u64 v);
u64 sim_hist_quantile(const struct sim_hist *h, double q);
void sim_wait_begin(struct sim_task *t, bool wakeup);
void sim_wait_end(struct sim_task *t);
void sim_sample(void);
const struct cpumask *sim_idle_cpus(void);
void sim_warmup_end(void);
int sim_report(FILE *json, FILE *text, const char *policy, const char *workload);

/* The policies built in: sched_policy_declare()'s linker section */
extern struct sched_policy_ops *const __start___sched_policy_builtin[];
extern struct sched_policy_ops *const __stop___sched_policy_builtin[];

#endif
