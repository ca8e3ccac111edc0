// SPDX-License-Identifier: GPL-2.0
/*
 * churn - change the scheduling attributes of live tasks, and kill tasks
 * while they are queued, running or being migrated (the stress tests).
 *
 * usage: churn attr [-c WORKERS] [-u UNITS] [-i INTERVAL_US] [-a ACTIONS]
 *                   [-t SECONDS] [-S] [-x COMM]... [PID...]
 *        churn kill [-r ROUNDS] [-v VICTIMS] [-u UNITS]
 *
 * Both modes run as SCHED_FIFO 99 with SCHED_RESET_ON_FORK (their
 * children and threads start as SCHED_NORMAL), so that they keep control
 * over the RT tasks they make, also on one CPU.  They never read /proc as
 * RT tasks (attr drops to SCHED_OTHER for its scans): a /proc lookup can
 * wait for a lower-priority task, which an RT task spinning there on its
 * CPU would starve for good under a policy (no RT throttling in 6.12
 * without RT_GROUP_SCHED, and no deadline server for the policy class).
 *
 * A worker does UNITS units of fixed work (a unit: 2000 integer and
 * floating-point steps), calls sched_yield() after every 4th unit and
 * sleeps 100 us after every 16th, and at the end compares its result with
 * the one churn computed before forking it (a task whose registers or FPU
 * state were lost on a context switch or migration fails there).
 *
 * attr: forks WORKERS (default 4) workers of UNITS (default 2000) units.
 * Every INTERVAL_US (default 1000) it picks a target at random and applies
 * one change from ACTIONS (default "npa"):
 *   n  setpriority() to a random nice value in -5..19
 *   p  sched_setattr() to SCHED_NORMAL, SCHED_BATCH, SCHED_IDLE or
 *      SCHED_FIFO 1..10 (with SCHED_FLAG_RESET_ON_FORK), chosen at random;
 *      one target at a time is made FIFO, and put back to SCHED_NORMAL
 *      after 5 ms, an IDLE one after 100 ms (so that the load goes on)
 *   a  sched_setaffinity() to a random non-empty set of CPUs
 * Targets: the workers, every thread of the PIDs given, and with -S every
 * thread of churn's session except churn and its ancestors (rescanned
 * every 100 ms, or 10 times as long as a rescan takes), less the
 * processes named COMM (up to 8 -x options).  Runs until every worker has
 * finished and, with -t, at least SECONDS have passed.  Targets that are
 * not workers and are still alive get their original policy, nice value
 * and affinity back at the end.  A target that is gone (ESRCH) is dropped;
 * an affinity a CPU hotplug made impossible (EINVAL) counts as refused.
 * churn sleeps 4 times as long as it worked after each pass, so that it
 * takes at most about a fifth of a CPU.  Prints:
 *
 *   CHURN mode=attr workers=W units=U secs=S targets=T nice=N policy=P fifo=F affinity=A gone=G refused=R errors=E failed=X
 *
 * kill: ROUNDS (default 5) rounds, each of
 *   queued     VICTIMS (default 3) spinning workers pinned to one CPU, and
 *              a SCHED_FIFO spinner on that CPU; while the spinner runs the
 *              victims (never sleeping) are runnable and make no progress
 *              (checked: an unchanged progress counter over 2 ms) and all
 *              but one get SIGKILL; then the spinner stops and the spared
 *              one must finish its UNITS (default 300) units
 *   running    (2 possible CPUs or more) a spinning worker on another CPU
 *              than churn gets SIGKILL at a moment its progress counter is
 *              seen to advance
 *   timer      a spinning worker arms a POSIX CPU-time timer that sends it
 *              SIGKILL after 1-20 ms of CPU time (it is running then)
 *   migrating  (2 possible CPUs or more) VICTIMS workers whose affinity a
 *              thread of churn moves from CPU to CPU without pause get
 *              SIGKILL one by one at random moments, all but one, which
 *              must finish
 * Each killed victim must die of SIGKILL (a victim not killed gives up
 * after 60 s with exit status 3).  Prints:
 *
 *   CHURN mode=kill rounds=R queued=Q running=N timer=T migrating=M spared=S moves=V not_queued=Z failed=X
 *
 * Q, N, T, M: kills of each kind (Q only those seen queued; Z those that
 * were not, e.g. moved by a CPU hotplug); S: spared victims that finished.
 *
 * Exit status: 0 if every worker finished its work and every victim died
 * as planned and no change failed unexpectedly, 1 otherwise, 2 on usage.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "progs.h"

#define UNIT_STEPS	2000
#define MAX_TARGETS	4096
#define MAX_VICTIMS	64
#define MAX_PIDS	64
#define FIFO_HOLD_S	0.005
#define IDLE_HOLD_S	0.100
#define RESCAN_S	0.100
#define VICTIM_MAX_S	60.0
#define ATTR_RESET_ON_FORK	0x01

/* struct sched_attr, first version (48 bytes) */
struct churn_attr {
	uint32_t size;
	uint32_t sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime;
	uint64_t sched_deadline;
	uint64_t sched_period;
};

static int set_attr(pid_t tid, struct churn_attr *a)
{
	a->size = sizeof(*a);
	return syscall(SYS_sched_setattr, tid, a, 0);
}

static int get_attr(pid_t tid, struct churn_attr *a)
{
	memset(a, 0, sizeof(*a));
	return syscall(SYS_sched_getattr, tid, a, sizeof(*a), 0);
}

static unsigned long long rng_state = 88172645463325252ULL;

static unsigned long rnd(unsigned long n)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return n ? rng_state % n : 0;
}

static double now(void)
{
	return now_sec(CLOCK_MONOTONIC);
}

static void nap_us(long us)
{
	struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* --- work ------------------------------------------------------------- */

struct result {
	uint64_t x;
	double f;
};

static void work_unit(struct result *r)
{
	uint64_t x = r->x;
	double f = r->f;
	int i;

	for (i = 0; i < UNIT_STEPS; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		f = f * 0.999 + (double)(x >> 44) * 1e-6;
	}
	r->x = x;
	r->f = f;
}

static struct result expected(long units)
{
	struct result r = { 12345, 1.0 };
	long i;

	for (i = 0; i < units; i++)
		work_unit(&r);
	return r;
}

/*
 * Run @units units (-1: until killed, or exit 3 after VICTIM_MAX_S), with
 * yields and naps unless @spin; count them in *@progress.  Exit status 0
 * when the result is @want, 1 when not.
 */
static void __attribute__((noreturn))
worker(long units, struct result want, int spin,
	volatile unsigned long *progress)
{
	struct result r = { 12345, 1.0 };
	double give_up = now() + VICTIM_MAX_S;
	long i;

	for (i = 0; units < 0 || i < units; i++) {
		work_unit(&r);
		if (progress)
			(*progress)++;
		if (units < 0) {
			if ((i & 63) == 0 && now() > give_up)
				_exit(3);
			if (spin)
				continue;
		}
		if (spin)
			continue;
		if (i % 16 == 15)
			nap_us(100);
		else if (i % 4 == 3)
			sched_yield();
	}
	if (r.x != want.x || r.f != want.f) {
		fprintf(stderr, "churn: worker %d: wrong result after %ld units\n",
			(int)getpid(), units);
		_exit(1);
	}
	_exit(0);
}

static int become_fifo(int prio)
{
	struct sched_param sp = { .sched_priority = prio };

	if (sched_setscheduler(0, SCHED_FIFO | SCHED_RESET_ON_FORK, &sp)) {
		fprintf(stderr, "churn: sched_setscheduler(FIFO %d): %s\n", prio,
			strerror(errno));
		return -1;
	}
	return 0;
}

static void be_normal(void)
{
	struct sched_param sp = { .sched_priority = 0 };

	if (sched_setscheduler(0, SCHED_OTHER | SCHED_RESET_ON_FORK, &sp))
		fprintf(stderr, "churn: sched_setscheduler(OTHER): %s\n",
			strerror(errno));
}

static int ncpus;	/* possible CPU ids are 0..ncpus-1 */

/* Pin @pid to @cpu, or to the next CPU that is online: the CPU, or -1. */
static int pin_any(pid_t pid, int cpu)
{
	cpu_set_t set;
	int i;

	for (i = 0; i < ncpus; i++) {
		int c = (cpu + i) % ncpus;

		CPU_ZERO(&set);
		CPU_SET(c, &set);
		if (!sched_setaffinity(pid, sizeof(set), &set))
			return c;
	}
	return -1;
}

static int unpin(pid_t pid)
{
	cpu_set_t set;
	int i;

	CPU_ZERO(&set);
	for (i = 0; i < ncpus; i++)
		CPU_SET(i, &set);
	return sched_setaffinity(pid, sizeof(set), &set);
}

/* --- attr ------------------------------------------------------------- */

struct target {
	pid_t tid;
	int worker;
	int seen;
	int saved;
	struct churn_attr orig;
	cpu_set_t orig_mask;
	int held;		/* SCHED_FIFO or SCHED_IDLE, set by us */
	double since;		/* when */
};

static int nfifo_held;

static struct target *targets;
static int ntargets;
static long n_nice, n_policy, n_fifo, n_aff, n_gone, n_refused, n_errors;
static long n_targets_seen;

static void error_note(const char *what, pid_t tid, int err)
{
	if (n_errors++ < 10)
		fprintf(stderr, "churn: %s of %d: %s\n", what, (int)tid,
			strerror(err));
}

static struct target *find_target(pid_t tid)
{
	int i;

	for (i = 0; i < ntargets; i++)
		if (targets[i].tid == tid)
			return &targets[i];
	return NULL;
}

static void add_target(pid_t tid, int worker)
{
	struct target *t = find_target(tid);

	if (t) {
		t->seen = 1;
		return;
	}
	if (ntargets == MAX_TARGETS)
		return;
	t = &targets[ntargets++];
	memset(t, 0, sizeof(*t));
	t->tid = tid;
	t->worker = worker;
	t->seen = 1;
	n_targets_seen++;
}

static void drop_target(int i)
{
	if (targets[i].held == SCHED_FIFO)
		nfifo_held--;
	targets[i] = targets[--ntargets];
}

/* Add every thread of process @pid. */
static void add_threads(pid_t pid)
{
	char path[64];
	struct dirent *de;
	DIR *d;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	d = opendir(path);
	if (!d)
		return;
	while ((de = readdir(d)))
		if (de->d_name[0] >= '0' && de->d_name[0] <= '9')
			add_target(atoi(de->d_name), 0);
	closedir(d);
}

/* Parent and session of @pid from /proc/PID/stat: 0, or -1 if gone. */
static int proc_stat(pid_t pid, pid_t *ppid, pid_t *sid)
{
	char path[64], buf[512], *p;
	int pp, pg, s;
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	p = strrchr(buf, ')');
	if (!p || sscanf(p + 1, " %*c %d %d %d", &pp, &pg, &s) != 3)
		return -1;
	*ppid = pp;
	*sid = s;
	return 0;
}

static pid_t ancestors[64];
static int nancestors;
static const char *excluded[8];
static int nexcluded;

/* Is process @pid named one of the -x names? */
static int is_excluded(pid_t pid)
{
	char path[64], comm[64];
	FILE *f;
	int i, n;

	if (!nexcluded)
		return 0;
	snprintf(path, sizeof(path), "/proc/%d/comm", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return 1;
	n = fscanf(f, "%63s", comm);
	fclose(f);
	for (i = 0; n == 1 && i < nexcluded; i++)
		if (!strcmp(comm, excluded[i]))
			return 1;
	return 0;
}

static void find_ancestors(void)
{
	pid_t p = getppid(), pp, sid;

	while (p > 1 && nancestors < 64) {
		ancestors[nancestors++] = p;
		if (proc_stat(p, &pp, &sid))
			break;
		p = pp;
	}
}

static int is_ancestor(pid_t p)
{
	int i;

	for (i = 0; i < nancestors; i++)
		if (ancestors[i] == p)
			return 1;
	return 0;
}

static void rescan(pid_t *pids, int npids, int session)
{
	pid_t me = getpid(), mysid = getsid(0), pp, sid, p;
	struct dirent *de;
	DIR *d;
	int i;

	for (i = 0; i < ntargets; i++)
		if (!targets[i].worker)
			targets[i].seen = 0;
	for (i = 0; i < npids; i++)
		add_threads(pids[i]);
	if (session) {
		d = opendir("/proc");
		while (d && (de = readdir(d))) {
			if (de->d_name[0] < '1' || de->d_name[0] > '9')
				continue;
			p = atoi(de->d_name);
			if (p == me || is_ancestor(p) || proc_stat(p, &pp, &sid) ||
			    sid != mysid || is_excluded(p))
				continue;
			add_threads(p);
		}
		if (d)
			closedir(d);
	}
	for (i = ntargets - 1; i >= 0; i--)
		if (!targets[i].seen)
			drop_target(i);
}

/* Remember a target's attributes before the first change: 0 or -1 (gone). */
static int save_target(struct target *t)
{
	if (t->saved || t->worker)
		return 0;
	if (get_attr(t->tid, &t->orig) ||
	    sched_getaffinity(t->tid, sizeof(t->orig_mask), &t->orig_mask))
		return -1;
	t->saved = 1;
	return 0;
}

/* Count the outcome of a change: 0 done, -1 the target is gone. */
static int outcome(int ret, const char *what, struct target *t, long *count)
{
	if (!ret) {
		(*count)++;
		return 0;
	}
	if (errno == ESRCH) {
		n_gone++;
		return -1;
	}
	if (errno == EINVAL && count == &n_aff) {
		n_refused++;
		return 0;
	}
	error_note(what, t->tid, errno);
	return 0;
}

static int set_normal(struct target *t)
{
	struct churn_attr a = { 0 };
	int nice;

	errno = 0;
	nice = getpriority(PRIO_PROCESS, t->tid);
	if (nice == -1 && errno)
		return -1;
	a.sched_policy = SCHED_OTHER;
	a.sched_nice = nice;
	return set_attr(t->tid, &a);
}

static int change(struct target *t, const char *actions)
{
	char act = actions[rnd(strlen(actions))];
	struct churn_attr a = { 0 };
	cpu_set_t set;
	int i, nice;

	if (save_target(t))
		return -1;
	switch (act) {
	case 'n':
		nice = (int)rnd(25) - 5;
		return outcome(setpriority(PRIO_PROCESS, t->tid, nice),
			       "setpriority", t, &n_nice);
	case 'p':
		errno = 0;
		nice = getpriority(PRIO_PROCESS, t->tid);
		if (nice == -1 && errno)
			return outcome(-1, "getpriority", t, &n_policy);
		switch (rnd(4)) {
		case 0:
			a.sched_policy = SCHED_OTHER;
			break;
		case 1:
			a.sched_policy = SCHED_BATCH;
			break;
		case 2:
			a.sched_policy = SCHED_IDLE;
			break;
		default:
			a.sched_policy = nfifo_held ? SCHED_BATCH : SCHED_FIFO;
			break;
		}
		if (a.sched_policy == SCHED_FIFO) {
			a.sched_priority = 1 + rnd(10);
			a.sched_flags = ATTR_RESET_ON_FORK;
		}
		a.sched_nice = nice;
		if (outcome(set_attr(t->tid, &a), "sched_setattr", t, &n_policy))
			return -1;
		if (t->held == SCHED_FIFO)
			nfifo_held--;
		t->held = 0;
		if (a.sched_policy == SCHED_FIFO || a.sched_policy == SCHED_IDLE) {
			t->held = a.sched_policy;
			t->since = now();
		}
		if (a.sched_policy == SCHED_FIFO) {
			n_fifo++;
			nfifo_held++;
		}
		return 0;
	case 'a':
		CPU_ZERO(&set);
		for (i = 0; i < ncpus; i++)
			if (rnd(2))
				CPU_SET(i, &set);
		if (!CPU_COUNT(&set))
			CPU_SET(rnd(ncpus), &set);
		return outcome(sched_setaffinity(t->tid, sizeof(set), &set),
			       "sched_setaffinity", t, &n_aff);
	}
	return 0;
}

static void restore(struct target *t)
{
	if (!t->saved)
		return;
	t->orig.sched_flags &= ATTR_RESET_ON_FORK;
	if (set_attr(t->tid, &t->orig) && errno != ESRCH)
		error_note("restoring the policy", t->tid, errno);
	if (sched_setaffinity(t->tid, sizeof(t->orig_mask), &t->orig_mask) &&
	    errno != ESRCH && errno != EINVAL)
		error_note("restoring the affinity", t->tid, errno);
}

static int attr_main(int argc, char **argv)
{
	long nworkers = 4, units = 2000, interval = 1000, failed = 0, left, i;
	pid_t pids[MAX_PIDS];
	const char *actions = "npa";
	int opt, npids = 0, session = 0, status;
	double secs = 0, t0, next_scan = 0, t, t_pass, busy, scan;
	struct result want;
	pid_t p;

	while ((opt = getopt(argc, argv, "+c:u:i:a:t:Sx:h")) != -1) {
		switch (opt) {
		case 'c':
			nworkers = parse_long(optarg, "worker count", 0, 256);
			break;
		case 'u':
			units = parse_long(optarg, "units", 1, 100000000);
			break;
		case 'i':
			interval = parse_long(optarg, "interval", 10, 10000000);
			break;
		case 'a':
			actions = optarg;
			if (strspn(actions, "npa") != strlen(actions))
				goto usage;
			break;
		case 't':
			secs = parse_seconds(optarg, 86400);
			break;
		case 'S':
			session = 1;
			break;
		case 'x':
			if (nexcluded == 8)
				goto usage;
			excluded[nexcluded++] = optarg;
			break;
		default:
			goto usage;
		}
	}
	for (; optind < argc; optind++) {
		if (npids == MAX_PIDS)
			goto usage;
		pids[npids++] = parse_long(argv[optind], "pid", 1, 1 << 22);
	}

	targets = calloc(MAX_TARGETS, sizeof(*targets));
	if (!targets || (*actions && become_fifo(99)))
		return 1;
	find_ancestors();
	want = expected(units);
	t0 = now();
	for (i = 0; i < nworkers; i++) {
		p = xfork();
		if (p == 0)
			worker(units, want, 0, NULL);
		add_target(p, 1);
	}
	left = nworkers;
	t_pass = now();
	for (;;) {
		while (left > 0 && (p = waitpid(-1, &status, WNOHANG)) > 0) {
			struct target *w = find_target(p);

			if (!w || !w->worker)
				continue;
			if (!WIFEXITED(status) || WEXITSTATUS(status)) {
				fprintf(stderr, "churn: worker %d: status 0x%x\n",
					(int)p, status);
				failed++;
			}
			drop_target(w - targets);
			left--;
		}
		t = now();
		if (left == 0 && t - t0 >= secs)
			break;
		/*
		 * Rescans read /proc (see the top): as SCHED_OTHER, at a
		 * moment no target is held in FIFO.  A lookup of a dead
		 * task's entry can loop in shrink_dcache_parent() waiting
		 * for a task of lower priority.
		 */
		if ((npids || session) && t >= next_scan && !nfifo_held) {
			if (*actions)
				be_normal();
			rescan(pids, npids, session);
			if (*actions && become_fifo(99))
				return 1;
			/* rescans take at most a tenth of the time */
			scan = now() - t;
			next_scan = t + (scan * 10 > RESCAN_S ? scan * 10 : RESCAN_S);
			t_pass += scan;
		}
		for (i = 0; i < ntargets; i++) {
			struct target *h = &targets[i];

			if (!h->held || t - h->since <= (h->held == SCHED_FIFO ?
							 FIFO_HOLD_S : IDLE_HOLD_S))
				continue;
			if (h->held == SCHED_FIFO)
				nfifo_held--;
			h->held = 0;
			if (set_normal(h) && errno != ESRCH)
				error_note("ending FIFO or IDLE", h->tid, errno);
		}
		/* a target found gone is dropped at the next scan or reap */
		if (ntargets && *actions)
			change(&targets[rnd(ntargets)], actions);
		/*
		 * churn runs as FIFO 99: after a slow pass it sleeps 4 times
		 * as long, so that it takes at most a fifth of a CPU (and
		 * another tenth for the rescans)
		 */
		busy = now() - t_pass;
		nap_us(interval + (long)(4e6 * busy));
		t_pass = now();
	}
	for (i = 0; i < ntargets; i++)
		restore(&targets[i]);
	printf("CHURN mode=attr workers=%ld units=%ld secs=%.1f targets=%ld nice=%ld policy=%ld fifo=%ld affinity=%ld gone=%ld refused=%ld errors=%ld failed=%ld\n",
	       nworkers, units, now() - t0, n_targets_seen, n_nice, n_policy,
	       n_fifo, n_aff, n_gone, n_refused, n_errors, failed);
	return failed || n_errors ? 1 : 0;
usage:
	fprintf(stderr, "usage: churn attr [-c WORKERS] [-u UNITS] [-i INTERVAL_US] [-a ACTIONS] [-t SECONDS] [-S] [-x COMM]... [PID...]\n");
	return 2;
}

/* --- kill ------------------------------------------------------------- */

struct shared {
	volatile int spinner_running;
	volatile int stop;
	volatile unsigned long progress[MAX_VICTIMS];
};

static struct shared *shm;
static long k_queued, k_not_queued, k_running, k_timer, k_migrating;
static long k_spared, k_moves, k_failed;

/* Count a failure; the first 10 are printed: "churn: WHAT (task PID, N)". */
static void kfail(const char *what, int pid, int n)
{
	if (k_failed++ < 10)
		fprintf(stderr, "churn: %s (task %d, %d)\n", what, pid, n);
}

static pid_t fork_victim(long units, struct result want, int spin,
			 volatile unsigned long *progress)
{
	pid_t p = xfork();

	if (p == 0)
		worker(units, want, spin, progress);
	return p;
}

/* Reap @p: 1 if it died of SIGKILL, 0 if it exited 0, -1 otherwise. */
static int reap(pid_t p)
{
	int status;

	while (waitpid(p, &status, 0) < 0) {
		if (errno != EINTR) {
			kfail("waitpid failed", (int)p, errno);
			return -1;
		}
	}
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
		return 1;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	kfail("unexpected wait status", (int)p, status);
	return -1;
}

static void kill_queued(int nv, long units, struct result want)
{
	pid_t v[MAX_VICTIMS], spinner;
	unsigned long before[MAX_VICTIMS];
	int cpu = rnd(ncpus), i;
	double t;

	cpu = pin_any(0, cpu);
	if (cpu < 0) {
		kfail("queued: no CPU to pin to", 0, cpu);
		return;
	}
	shm->spinner_running = 0;
	shm->stop = 0;
	for (i = 0; i < nv; i++) {
		shm->progress[i] = 0;
		v[i] = fork_victim(i ? -1 : units, want, 1, &shm->progress[i]);
	}
	nap_us(5000);
	spinner = xfork();
	if (spinner == 0) {
		double give_up = now() + 2.0;

		/* churn made it FIFO 50 already: it runs before the victims */
		shm->spinner_running = 1;
		while (!shm->stop && now() < give_up)
			;
		_exit(0);
	}
	{
		struct sched_param sp = { .sched_priority = 50 };

		if (sched_setscheduler(spinner, SCHED_FIFO, &sp)) {
			fprintf(stderr, "churn: sched_setscheduler(%d, FIFO 50): %s\n",
				(int)spinner, strerror(errno));
			exit(1);
		}
	}
	unpin(0);
	t = now();
	while (!shm->spinner_running && now() - t < 5.0)
		nap_us(100);
	if (!shm->spinner_running)
		kfail("queued: the FIFO spinner did not run", (int)spinner, cpu);
	nap_us(1000);
	for (i = 1; i < nv; i++)
		before[i] = shm->progress[i];
	nap_us(2000);
	for (i = 1; i < nv; i++) {
		if (before[i] == shm->progress[i])
			k_queued++;
		else
			k_not_queued++;
		kill(v[i], SIGKILL);
	}
	shm->stop = 1;
	if (reap(spinner) != 0)
		kfail("queued: the FIFO spinner failed", (int)spinner, cpu);
	for (i = 1; i < nv; i++)
		if (reap(v[i]) != 1)
			kfail("queued: victim not killed", (int)v[i], i);
	if (reap(v[0]) == 0)
		k_spared++;
	else
		kfail("queued: spared victim did not finish", (int)v[0], cpu);
}

static void kill_running(void)
{
	int me, cpu, r;
	pid_t v;
	unsigned long a;
	double t;

	me = pin_any(0, rnd(ncpus));
	if (me < 0) {
		kfail("running: no CPU to pin to", 0, 0);
		return;
	}
	shm->progress[0] = 0;
	v = fork_victim(-1, (struct result){ 0 }, 1, &shm->progress[0]);
	cpu = pin_any(v, me + 1);
	unpin(0);
	t = now();
	while (!shm->progress[0] && now() - t < 5.0)
		nap_us(100);
	/* kill it right after its counter moved: it is running now */
	while (now() - t < 5.0) {
		a = shm->progress[0];
		nap_us(200);
		if (shm->progress[0] != a)
			break;
	}
	kill(v, SIGKILL);
	r = reap(v);
	if (r == 1)
		k_running++;
	else
		kfail("running: victim not killed", (int)v, cpu);
}

static void kill_timer(void)
{
	long ms = 1 + rnd(20);
	pid_t v = xfork();

	if (v == 0) {
		struct sigevent ev = { 0 };
		struct itimerspec its = { 0 };
		timer_t tm;

		ev.sigev_notify = SIGEV_SIGNAL;
		ev.sigev_signo = SIGKILL;
		its.it_value.tv_nsec = ms * 1000000;
		if (timer_create(CLOCK_THREAD_CPUTIME_ID, &ev, &tm) ||
		    timer_settime(tm, 0, &its, NULL)) {
			fprintf(stderr, "churn: timer: %s\n", strerror(errno));
			_exit(1);
		}
		worker(-1, (struct result){ 0 }, 1, NULL);
	}
	if (reap(v) == 1)
		k_timer++;
	else
		kfail("timer: victim not killed by its timer", (int)v, (int)ms);
}

struct mover {
	pid_t *v;
	int nv;
	volatile int stop;
};

static void *mover_fn(void *arg)
{
	struct mover *m = arg;
	unsigned int seed = m->nv * 7919;
	cpu_set_t set;
	int i;

	while (!m->stop) {
		for (i = 0; i < m->nv; i++) {
			CPU_ZERO(&set);
			CPU_SET(rand_r(&seed) % ncpus, &set);
			if (!sched_setaffinity(m->v[i], sizeof(set), &set))
				k_moves++;
		}
		sched_yield();
	}
	return NULL;
}

static void kill_migrating(int nv, long units, struct result want)
{
	struct mover m = { 0 };
	pthread_t th;
	pid_t v[MAX_VICTIMS];
	int i, err;

	for (i = 0; i < nv; i++)
		v[i] = fork_victim(i ? -1 : units, want, 0, NULL);
	m.v = v;
	m.nv = nv;
	err = pthread_create(&th, NULL, mover_fn, &m);
	if (err) {
		fprintf(stderr, "churn: pthread_create: %s\n", strerror(err));
		exit(1);
	}
	for (i = 1; i < nv; i++) {
		nap_us(rnd(3000));
		kill(v[i], SIGKILL);
	}
	nap_us(rnd(3000));
	m.stop = 1;
	pthread_join(th, NULL);
	unpin(v[0]);
	for (i = 1; i < nv; i++) {
		if (reap(v[i]) == 1)
			k_migrating++;
		else
			kfail("migrating: victim not killed", (int)v[i], i);
	}
	if (reap(v[0]) == 0)
		k_spared++;
	else
		kfail("migrating: spared victim did not finish", (int)v[0], 0);
}

static int kill_main(int argc, char **argv)
{
	long rounds = 5, nv = 3, units = 300, r;
	struct result want;
	int opt, multi;

	while ((opt = getopt(argc, argv, "+r:v:u:h")) != -1) {
		switch (opt) {
		case 'r':
			rounds = parse_long(optarg, "rounds", 1, 1000000);
			break;
		case 'v':
			nv = parse_long(optarg, "victims", 2, MAX_VICTIMS);
			break;
		case 'u':
			units = parse_long(optarg, "units", 1, 100000000);
			break;
		default:
			goto usage;
		}
	}
	if (optind != argc)
		goto usage;
	shm = map_shared(sizeof(*shm));
	if (become_fifo(99))
		return 1;
	/* CPUs that are offline now (hotplug) may be back for the next kind */
	multi = ncpus > 1;
	want = expected(units);
	for (r = 0; r < rounds; r++) {
		kill_queued(nv, units, want);
		if (multi)
			kill_running();
		kill_timer();
		if (multi)
			kill_migrating(nv, units, want);
	}
	printf("CHURN mode=kill rounds=%ld queued=%ld running=%ld timer=%ld migrating=%ld spared=%ld moves=%ld not_queued=%ld failed=%ld\n",
	       rounds, k_queued, k_running, k_timer, k_migrating, k_spared,
	       k_moves, k_not_queued, k_failed);
	return k_failed ? 1 : 0;
usage:
	fprintf(stderr, "usage: churn kill [-r ROUNDS] [-v VICTIMS] [-u UNITS]\n");
	return 2;
}

int main(int argc, char **argv)
{
	ncpus = sysconf(_SC_NPROCESSORS_CONF);
	if (ncpus < 1 || ncpus > CPU_SETSIZE)
		ncpus = 1;
	rng_state ^= (unsigned long long)getpid() << 20 ^
		     (unsigned long long)(now() * 1e6);
	if (argc >= 2 && !strcmp(argv[1], "attr"))
		return attr_main(argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "kill"))
		return kill_main(argc - 1, argv + 1);
	fprintf(stderr, "usage: churn attr|kill [OPTIONS] (see the source)\n");
	return 2;
}
