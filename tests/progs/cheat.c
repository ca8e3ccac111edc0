// SPDX-License-Identifier: GPL-2.0
/*
 * cheat - a classic scheduler cheat beside honest CPU hogs, and the CPU
 * share it gets.
 *
 * usage: cheat [-t SECONDS] [-w WARMUP] [-c CPU] [-n HONEST] [-b BURST_MS] MODE
 *
 * Forks HONEST (default 3) spinning hogs and one cheat, all pinned to CPU
 * (default 0) so that they share one CPU, releases them together, lets
 * them run WARMUP seconds (default 1) unmeasured and then measures the
 * CPU time each used in the next SECONDS (default 4).  MODE is the cheat:
 *
 *   tickdodge     run most of each tick period and sleep across the tick
 *                 (Tsafrir et al., "Secretly Monopolizing the CPU Without
 *                 Superuser Privileges", USENIX Security 2007): a policy
 *                 that charges or preempts only at ticks never sees it.
 *   forkchain     the work is done by a chain of short-lived processes:
 *                 each runs BURST_MS (default 2) of CPU, fork()s its
 *                 successor and exits, so a fresh task always runs
 *                 (start credit, child-runs-first, inherited bonuses).
 *   forkwait      the work is done by short-lived children: the cheat
 *                 forks a child that runs BURST_MS (default 2) of CPU
 *                 and exits, waits for it and forks the next, so it
 *                 sleeps while its children work (2.6.22's sched_exit()
 *                 gave a parent the unused part of a child's first slice
 *                 back at the reap and pulled the parent's sleep_avg
 *                 towards the child's).
 *   yieldpattern  bursts of BURST_MS (default 2) of CPU, each followed by
 *                 sched_yield(), every fourth by a 1 ms sleep instead:
 *                 many voluntary switches and 1 ms of sleep per 8 ms of
 *                 CPU, meant to look interactive to a sleep_avg-style
 *                 estimator (O(1)'s bonus survives if it sleeps a tenth
 *                 of the time it runs) while using most of the CPU.
 *   honest        no cheat: the cheat is one more hog (the control).
 *
 * The tick's phase.  The guest kernel runs at HZ=250 with high-resolution
 * timers, so the tick is an hrtimer that fires every TICK_NS = 4 ms of
 * CLOCK_MONOTONIC, and tick_init_jiffy_update() aligns it to a multiple
 * of TICK_NS (skew_tick=0, the default, gives every CPU the same phase).
 * The tick-dodger therefore needs no probing: it spins until DODGE_GUARD
 * before the next multiple of TICK_NS and sleeps with clock_nanosleep(
 * TIMER_ABSTIME) until DODGE_WAKE after it, with a timer slack of 1 ns so
 * the wakeup is not deferred: 90% of each tick period running, and the
 * tick fires while it sleeps.  To check that, every process counts the
 * ticks it was seen running through (two loop iterations less than
 * ON_CPU_GAP apart on either side of a multiple of TICK_NS); cheat_ticks
 * is the cheat's count in % of the window's ticks - about 100 / (HONEST
 * + 1) for an honest hog (a little less: a tick that preempts is not
 * seen), near 0 for a working tick-dodger.
 *
 * Accounting.  Every process reads its own CLOCK_THREAD_CPUTIME_ID (the
 * kernel's precise sum_exec_runtime) when it first sees the window start
 * and end.  A fork chain's CPU time is that of all its members, fork and
 * exit included: the driver is a child subreaper, so every member, even
 * one whose parent is gone, is reaped by it with wait4(), whose rusage is
 * the member's whole CPU time.  Each member leaves a record, indexed by
 * its pid (unique until reaped), of the CPU time it had used when the
 * window began and ended and when it called fork(), and the driver
 * subtracts what fell outside the window; forkwait's children leave the
 * same records for the cheat, which reaps them.  What a member used from its
 * fork() to its death (forkexit) is CPU time its successor does not
 * inherit: work_share is the cheat's share without it.
 *
 * Stalls.  Under an emulator on a busy host the virtual CPU itself stops
 * now and then; the guest's clocks run on, and the task that was current
 * is charged the lost time as if it had run.  Short stalls fall on every
 * task alike, but one long one is a gift to one task that a policy
 * without memory (round robin) never takes back.  A process sees a stall
 * as a gap between two loop iterations over which its own CPU time still
 * grew; stall_ms sums those of at least BIG_STALL (20 ms) over all
 * processes, as far as they overlap the window (a lower bound),
 * max_stall_ms is the longest, so that a caller can tell a disturbed
 * measurement from a scheduling result.
 *
 * Output, one line (shares are fractions of the CPU time all of them used
 * in the window; fair_share is 1 / (HONEST + 1); ratio is cheat / fair;
 * util is that total CPU time over the window; procs is the number of
 * cheat processes that ran in the window; forkexit_ms the mean forkexit
 * of a chain member):
 *
 *   CHEAT mode=M cpu=C honest=H secs=S cheat_share=X fair_share=Y
 *         honest_min=A honest_max=B ratio=R total_ms=T util=U procs=P
 *         cheat_ticks=K forkexit_ms=F work_share=W stall_ms=L
 *         max_stall_ms=M
 *
 * Exit status: 0 on success, 1 if a process failed or measured no CPU
 * time, 2 on usage error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "progs.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

#define MAX_HONEST	32
#define CHEAT_IDX	MAX_HONEST	/* the cheat's slot after the hogs' */

#define TICK_NS		4000000LL	/* HZ=250 */
#define DODGE_GUARD	400000LL	/* stop this long before a tick */
#define DODGE_WAKE	50000LL		/* and wake this long after it */
#define ON_CPU_GAP	500e-6		/* loop gap that means "not preempted" */
#define STALL_GAP	1e-3		/* loop gap worth checking for a stall */
#define BIG_STALL	20e-3		/* a stall worth reporting */

#define YIELDS_PER_SLEEP 3		/* yieldpattern: yields between sleeps */
#define YIELD_SLEEP_NS	1000000LL	/* yieldpattern's sleep */

/* The default pid_max; the driver reads the real one. */
#define PID_MAX_DEFAULT	32768L
#define PID_MAX_LIMIT	4194304L

enum cheat_mode { TICKDODGE, FORKCHAIN, FORKWAIT, YIELDPATTERN, HONEST };

static const char *const mode_names[] = {
	[TICKDODGE] = "tickdodge", [FORKCHAIN] = "forkchain",
	[FORKWAIT] = "forkwait",
	[YIELDPATTERN] = "yieldpattern", [HONEST] = "honest",
};

/* What a fork chain member leaves for the driver, indexed by its pid. */
struct chain_rec {
	int pid;		/* the member's, so a stale record shows */
	int before;		/* it exited before the window began */
	double pre;		/* CPU time (s) used when the window began */
	double stop;		/* CPU time when the window ended, < 0: not seen */
	double forked;		/* CPU time just before fork(), < 0: no fork */
};

struct shared {
	double measure_start;	/* CLOCK_MONOTONIC */
	double deadline;
	/* per worker; the cheat's slot is CHEAT_IDX (a chain adds to it) */
	double cpu[MAX_HONEST + 1];	/* window CPU time, s; chain: unused */
	int done[MAX_HONEST + 1];
	unsigned long ticks[MAX_HONEST + 1];	/* ticks seen running through */
	unsigned long long stall_ns[MAX_HONEST + 1];
	unsigned long long max_stall_ns;
	int chain_failed;
	long cheat_procs;	/* cheat processes that ran in the window */
	long nrec;
	struct chain_rec rec[];
};

/* The cheat as the driver sums it up. */
struct cheat_sum {
	double cpu;		/* CPU time (s) in the window */
	long procs;		/* processes that ran in the window */
	double forkexit;	/* chain: fork() to death, inside the window */
	double forkexit_all;	/* the same for members that forked in it */
	long nforkexit;		/* how many those were */
};

/*
 * A process's view of the window: the CPU time when it first saw the
 * window begin and end, the ticks it ran through and the stalls it was
 * charged inside it.  cpu_ref is the CPU time at t_ref, the last time it
 * was read; between two long gaps the process ran all the time, so at a
 * gap it expects cpu_ref + (last - t_ref) and any more is a stall.
 */
struct meter {
	const struct shared *sh;
	double pre, stop;
	int started, stopped;
	double last;		/* previous loop time, 0 after a sleep */
	double cpu_ref, t_ref;
	unsigned long ticks;
	double stall, max_stall;
};

static void usage(void)
{
	fprintf(stderr,
		"usage: cheat [-t SECONDS] [-w WARMUP] [-c CPU] [-n HONEST] [-b BURST_MS] tickdodge|forkchain|forkwait|yieldpattern|honest\n");
	exit(2);
}

static long long to_ns(double t)
{
	return (long long)(t * 1e9);
}

static void meter_init(struct meter *m, const struct shared *sh)
{
	memset(m, 0, sizeof(*m));
	m->sh = sh;
	m->stop = -1;
}

static int meter_in_window(const struct meter *m)
{
	return m->started && !m->stopped;
}

static void atomic_max(unsigned long long *p, unsigned long long v)
{
	unsigned long long old = *p;

	while (v > old) {
		unsigned long long seen = __sync_val_compare_and_swap(p, old, v);

		if (seen == old)
			break;
		old = seen;
	}
}

/*
 * At a long gap (or after a sleep, last == 0): a stall, and a new
 * reference.  A stall counts as far as the gap overlaps the window: one
 * that swallows the whole window leaves nothing to measure.
 */
static void meter_gap(struct meter *m, double now)
{
	double cpu = now_sec(CLOCK_THREAD_CPUTIME_ID);
	double excess = cpu - (m->cpu_ref + (m->last - m->t_ref));
	double from = m->last > m->sh->measure_start ? m->last : m->sh->measure_start;
	double to = now < m->sh->deadline ? now : m->sh->deadline;

	if (m->last > 0 && m->t_ref > 0 && now - m->last >= BIG_STALL &&
	    excess >= BIG_STALL && to > from) {
		m->stall += excess < to - from ? excess : to - from;
		if (excess > m->max_stall)
			m->max_stall = excess;
	}
	m->cpu_ref = cpu;
	m->t_ref = now;
}

/*
 * Called with the CLOCK_MONOTONIC time at every loop iteration and after
 * every sleep; returns true once the window is over.  The CPU clock is a
 * system call, read only at the window's edges and at long gaps.
 */
static int meter_poll(struct meter *m, double now)
{
	long long t0 = to_ns(m->last) / TICK_NS, t1 = to_ns(now) / TICK_NS;

	if (m->last == 0 || now - m->last > STALL_GAP)
		meter_gap(m, now);
	if (!m->started && now >= m->sh->measure_start) {
		m->pre = now_sec(CLOCK_THREAD_CPUTIME_ID);
		m->started = 1;
	}
	if (meter_in_window(m) && m->last > 0 && t1 > t0 &&
	    now - m->last < ON_CPU_GAP)
		m->ticks += t1 - t0;
	m->last = now;
	if (!m->stopped && now >= m->sh->deadline) {
		m->stop = now_sec(CLOCK_THREAD_CPUTIME_ID);
		m->stopped = 1;
	}
	return m->stopped;
}

/* A little work between clock reads keeps the vDSO calls cheap. */
static double spin_a_little(void)
{
	for (volatile int i = 0; i < 1000; i++)
		;
	return now_sec(CLOCK_MONOTONIC);
}

/* An honest hog: spin until the window is over. */
static void spin_to_end(struct meter *m)
{
	while (!meter_poll(m, spin_a_little()))
		;
}

/* Spin @burst seconds of our own CPU time; true at the window's end. */
static int spin_cpu(struct meter *m, double burst)
{
	double until = now_sec(CLOCK_THREAD_CPUTIME_ID) + burst;

	do {
		if (meter_poll(m, spin_a_little()))
			return 1;
	} while (now_sec(CLOCK_THREAD_CPUTIME_ID) < until);
	return 0;
}

static void sleep_until_ns(long long t)
{
	struct timespec ts = { .tv_sec = t / 1000000000LL,
			       .tv_nsec = t % 1000000000LL };

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

/*
 * tickdodge: run until DODGE_GUARD before the next tick, sleep until
 * DODGE_WAKE after it.  Back on the CPU late (inside the guard, or after
 * the tick), it sleeps across the next tick at once.
 */
static void tickdodge(struct meter *m)
{
	for (;;) {
		double now = now_sec(CLOCK_MONOTONIC);
		long long tick = (to_ns(now) / TICK_NS + 1) * TICK_NS;

		while (to_ns(now) < tick - DODGE_GUARD) {
			if (meter_poll(m, now))
				return;
			now = spin_a_little();
		}
		sleep_until_ns(tick + DODGE_WAKE);
		m->last = 0;
		if (meter_poll(m, now_sec(CLOCK_MONOTONIC)))
			return;
	}
}

/* yieldpattern: burst, yield, burst, yield, burst, yield, burst, sleep. */
static void yieldpattern(struct meter *m, double burst)
{
	unsigned long n;

	for (n = 1; !spin_cpu(m, burst); n++) {
		if (n % (YIELDS_PER_SLEEP + 1)) {
			sched_yield();
		} else {
			sleep_until_ns(to_ns(now_sec(CLOCK_MONOTONIC)) +
				       YIELD_SLEEP_NS);
			m->last = 0;
		}
	}
}

/* A chain member's record for the driver, then its exit. */
static void chain_leave(struct shared *sh, struct meter *m, double forked)
{
	pid_t pid = getpid();
	struct chain_rec *r;

	/* the window may have begun or ended during fork() */
	meter_poll(m, now_sec(CLOCK_MONOTONIC));
	if (pid >= sh->nrec) {
		sh->chain_failed = 1;
		_exit(1);
	}
	r = &sh->rec[pid];
	r->pid = pid;
	r->before = !m->started;
	r->pre = m->pre;
	r->stop = m->stop;
	r->forked = forked;
	__sync_fetch_and_add(&sh->ticks[CHEAT_IDX], m->ticks);
	__sync_fetch_and_add(&sh->stall_ns[CHEAT_IDX], to_ns(m->stall));
	atomic_max(&sh->max_stall_ns, to_ns(m->max_stall));
	_exit(0);
}

/*
 * The fork chain: each member runs a burst, forks its successor, leaves
 * its record and exits; the successor goes round the loop.  The member
 * that sees the window end stops the chain.
 */
static void forkchain(struct shared *sh, double burst)
{
	struct meter m;
	double forked;
	pid_t pid;

	for (;;) {
		meter_init(&m, sh);
		/* born inside the window: all of its CPU time counts */
		if (now_sec(CLOCK_MONOTONIC) >= sh->measure_start)
			m.started = 1;
		forked = -1;
		if (!spin_cpu(&m, burst)) {
			forked = now_sec(CLOCK_THREAD_CPUTIME_ID);
			pid = fork();
			if (pid < 0) {
				perror("cheat: fork (chain)");
				sh->chain_failed = 1;
				_exit(1);
			}
			if (pid == 0)
				continue;	/* the successor's turn */
		}
		chain_leave(sh, &m, forked);
	}
}

static int chain_account(const struct shared *sh, pid_t pid, double total,
			 struct cheat_sum *sum);
static double ru_cpu(const struct rusage *ru);

/* A forkwait child: a burst, counted from its birth if inside the window. */
static void forkwait_child(struct shared *sh, double burst)
{
	struct meter m;

	meter_init(&m, sh);
	if (now_sec(CLOCK_MONOTONIC) >= sh->measure_start)
		m.started = 1;
	spin_cpu(&m, burst);
	chain_leave(sh, &m, -1);
}

/*
 * forkwait: fork a child that works a burst, wait for it, add its part of
 * the window to @sum, and again, until the window is over.
 */
static void forkwait(struct shared *sh, struct meter *m, double burst,
		     struct cheat_sum *sum)
{
	struct rusage ru;
	int status;
	pid_t pid;

	while (!meter_poll(m, now_sec(CLOCK_MONOTONIC))) {
		pid = fork();
		if (pid < 0) {
			perror("cheat: fork (fork and wait)");
			_exit(1);
		}
		if (pid == 0)
			forkwait_child(sh, burst);
		while (wait4(pid, &status, 0, &ru) < 0) {
			if (errno != EINTR) {
				perror("cheat: wait4 (fork and wait)");
				_exit(1);
			}
		}
		if (!WIFEXITED(status) || WEXITSTATUS(status) ||
		    chain_account(sh, pid, ru_cpu(&ru), sum))
			_exit(1);
		m->last = 0;	/* it slept in wait4() */
	}
}

static void worker(struct shared *sh, int idx, enum cheat_mode mode, long cpu,
		   double burst, int rfd)
{
	struct cheat_sum children = { 0 };
	struct meter m;

	if (pin_to_cpu(cpu))
		_exit(1);
	/* the cheat's wakeups must not be deferred by timer slack */
	if (idx == CHEAT_IDX && prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0)) {
		perror("cheat: PR_SET_TIMERSLACK");
		_exit(1);
	}
	/* wait for the start signal: the driver closes the write end */
	wait_byte(rfd);
	close(rfd);
	if (idx == CHEAT_IDX && mode == FORKCHAIN)
		forkchain(sh, burst);

	meter_init(&m, sh);
	if (idx != CHEAT_IDX || mode == HONEST)
		spin_to_end(&m);
	else if (mode == TICKDODGE)
		tickdodge(&m);
	else if (mode == FORKWAIT)
		forkwait(sh, &m, burst, &children);
	else
		yieldpattern(&m, burst);
	/* forkwait's children, all reaped, added their ticks and stalls */
	sh->cpu[idx] = m.stop - m.pre + children.cpu;
	sh->ticks[idx] += m.ticks;
	sh->stall_ns[idx] += to_ns(m.stall);
	if (idx == CHEAT_IDX)
		sh->cheat_procs = 1 + children.procs;
	atomic_max(&sh->max_stall_ns, to_ns(m.max_stall));
	sh->done[idx] = 1;
	_exit(0);
}

/* pid_max, so that a record indexed by pid fits. */
static long read_pid_max(void)
{
	FILE *f = fopen("/proc/sys/kernel/pid_max", "r");
	long v = PID_MAX_DEFAULT;

	if (f) {
		if (fscanf(f, "%ld", &v) != 1)
			v = PID_MAX_DEFAULT;
		fclose(f);
	}
	return v > 0 && v <= PID_MAX_LIMIT ? v + 1 : PID_MAX_LIMIT + 1;
}

/*
 * Add the window's part of a reaped chain member's CPU time @total to
 * @sum, and what its fork() and exit cost inside the window.
 */
static int chain_account(const struct shared *sh, pid_t pid, double total,
			 struct cheat_sum *sum)
{
	const struct chain_rec *r = pid < sh->nrec ? &sh->rec[pid] : NULL;
	double from;

	if (!r || r->pid != pid) {
		fprintf(stderr, "cheat: no record of chain member %d\n", (int)pid);
		return -1;
	}
	if (r->before)
		return 0;
	sum->cpu += (r->stop >= 0 ? r->stop : total) - r->pre;
	sum->procs++;
	if (r->stop < 0 && r->forked >= 0) {
		from = r->forked > r->pre ? r->forked : r->pre;
		sum->forkexit += total - from;
		if (r->forked >= r->pre) {
			sum->forkexit_all += total - r->forked;
			sum->nforkexit++;
		}
	}
	return 0;
}

static double ru_cpu(const struct rusage *ru)
{
	return ru->ru_utime.tv_sec + ru->ru_utime.tv_usec / 1e6 +
	       ru->ru_stime.tv_sec + ru->ru_stime.tv_usec / 1e6;
}

static int is_one_of(const pid_t *pids, int n, pid_t pid)
{
	int i;

	for (i = 0; i < n; i++)
		if (pids[i] == pid)
			return 1;
	return 0;
}

/*
 * Reap every child, chain members included (we are their subreaper),
 * until none is left.  Returns nonzero if one failed.
 */
static int reap_all(const struct shared *sh, const pid_t *pids, int n,
		    int chain, struct cheat_sum *sum)
{
	struct rusage ru;
	int status, failed = 0;
	pid_t pid;

	for (;;) {
		pid = wait4(-1, &status, 0, &ru);
		if (pid < 0) {
			if (errno == EINTR)
				continue;
			if (errno == ECHILD)
				break;
			perror("cheat: wait4");
			return 1;
		}
		if (!WIFEXITED(status) || WEXITSTATUS(status)) {
			fprintf(stderr, "cheat: process %d failed, status 0x%x\n",
				(int)pid, status);
			failed = 1;
			continue;
		}
		/* the cheat worker, pids[n - 1], is the chain's first member */
		if (!chain || is_one_of(pids, n - 1, pid))
			continue;
		if (chain_account(sh, pid, ru_cpu(&ru), sum))
			failed = 1;
	}
	return failed;
}

static void report(const struct shared *sh, enum cheat_mode mode, long cpu,
		   int honest, double secs, const struct cheat_sum *cs)
{
	double total = cs->cpu, min = 0, max = 0, fair = 1.0 / (honest + 1);
	double window_ticks = secs * 1e9 / TICK_NS, stall = 0;
	int i;

	for (i = 0; i < honest; i++) {
		total += sh->cpu[i];
		stall += sh->stall_ns[i] / 1e6;
	}
	stall += sh->stall_ns[CHEAT_IDX] / 1e6;
	for (i = 0; i < honest; i++) {
		double s = sh->cpu[i] / total;

		if (i == 0 || s < min)
			min = s;
		if (i == 0 || s > max)
			max = s;
	}
	printf("CHEAT mode=%s cpu=%ld honest=%d secs=%g cheat_share=%.3f fair_share=%.3f honest_min=%.3f honest_max=%.3f ratio=%.3f total_ms=%.1f util=%.3f procs=%ld cheat_ticks=%.1f forkexit_ms=%.3f work_share=%.3f stall_ms=%.1f max_stall_ms=%.1f\n",
	       mode_names[mode], cpu, honest, secs, cs->cpu / total, fair,
	       min, max, cs->cpu / total / fair, total * 1e3, total / secs,
	       cs->procs, 100.0 * sh->ticks[CHEAT_IDX] / window_ticks,
	       cs->nforkexit ? cs->forkexit_all / cs->nforkexit * 1e3 : 0.0,
	       (cs->cpu - cs->forkexit) / total, stall,
	       sh->max_stall_ns / 1e6);
}

static int cpu_allowed(long cpu)
{
	cpu_set_t set;

	return !sched_getaffinity(0, sizeof(set), &set) && CPU_ISSET(cpu, &set);
}

static enum cheat_mode parse_mode(const char *s)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(mode_names); i++)
		if (!strcmp(s, mode_names[i]))
			return i;
	usage();
	return HONEST;	/* not reached */
}

int main(int argc, char **argv)
{
	double secs = 4.0, warmup = 1.0, burst = 2e-3;
	struct cheat_sum cs = { 0 };
	long cpu = 0, honest = 3, nrec = 0;
	pid_t pids[MAX_HONEST + 1];
	struct shared *sh;
	int i, n, opt, pfd[2], failed, bad = 0;
	enum cheat_mode mode;

	while ((opt = getopt(argc, argv, "+t:w:c:n:b:h")) != -1) {
		switch (opt) {
		case 't':
			secs = parse_seconds(optarg, 3600);
			break;
		case 'w':
			warmup = parse_seconds(optarg, 3600);
			break;
		case 'c':
			cpu = parse_cpu(optarg);
			break;
		case 'n':
			honest = parse_long(optarg, "honest hog count", 1, MAX_HONEST);
			break;
		case 'b':
			burst = parse_long(optarg, "burst ms", 1, 1000) / 1e3;
			break;
		default:
			usage();
		}
	}
	if (argc - optind != 1)
		usage();
	mode = parse_mode(argv[optind]);
	if (!cpu_allowed(cpu)) {
		fprintf(stderr, "cheat: cpu %ld is not one we may run on\n", cpu);
		usage();
	}

	if (mode == FORKCHAIN || mode == FORKWAIT)
		nrec = read_pid_max();
	sh = map_shared(sizeof(*sh) + nrec * sizeof(sh->rec[0]));
	sh->nrec = nrec;
	/* orphaned chain members must come back to us to be reaped */
	if (prctl(PR_SET_CHILD_SUBREAPER, 1UL, 0, 0, 0)) {
		perror("cheat: PR_SET_CHILD_SUBREAPER");
		return 1;
	}
	if (pipe(pfd)) {
		perror("cheat: pipe");
		return 1;
	}
	fflush(stdout);
	/* the hogs take slots 0..honest-1, the cheat the last pids[] entry */
	n = honest + 1;
	for (i = 0; i < n; i++) {
		if (fork_child(pids, i) == 0) {
			close(pfd[1]);
			worker(sh, i < honest ? i : CHEAT_IDX, mode, cpu, burst,
			       pfd[0]);
		}
	}
	close(pfd[0]);
	/* let the workers settle on their CPU before the release */
	usleep(200000);
	sh->measure_start = now_sec(CLOCK_MONOTONIC) + warmup;
	sh->deadline = sh->measure_start + secs;
	__sync_synchronize();
	close(pfd[1]);

	failed = reap_all(sh, pids, n, mode == FORKCHAIN, &cs);
	if (mode == FORKCHAIN) {
		if (sh->chain_failed) {
			fprintf(stderr, "cheat: the fork chain broke\n");
			failed = 1;
		}
	} else {
		cs.cpu = sh->cpu[CHEAT_IDX];
		cs.procs = sh->cheat_procs;
		if (!sh->done[CHEAT_IDX])
			bad = 1;
	}
	for (i = 0; i < honest; i++)
		if (!sh->done[i] || !(sh->cpu[i] > 0))
			bad = 1;
	if (bad || !(cs.cpu > 0)) {
		fprintf(stderr, "cheat: a process measured no CPU time\n");
		failed = 1;
	}
	if (!failed)
		report(sh, mode, cpu, honest, secs, &cs);
	return failed;
}
