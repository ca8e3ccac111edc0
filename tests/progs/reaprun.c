// SPDX-License-Identifier: GPL-2.0
/*
 * reaprun - how long a task runs on after it reaps a child that exited
 * at once.
 *
 * usage: reaprun [-c CPU] [-r ROUNDS] [-w WARMUP] [-p NICE]
 *
 * Forks one spinning hog and spins beside it, both pinned to CPU
 * (default 0).  After WARMUP seconds (default 4) it waits until it has
 * been off the CPU (so that it starts a fresh run), then, ROUNDS times
 * (default 12): forks a child that exits at once, reaps it, and spins
 * until it is next off the CPU for at least OFF_MIN (2 ms); the run is
 * the CPU time it used from the reap to then.  With -p it first sets its
 * own nice to NICE and SCHED_RESET_ON_FORK, so that its children (but
 * not the hog, forked before) start at nice 0.
 *
 * Under 2.6.22's O(1) scheduler this measures sched_exit(): the child
 * took half of its parent's slice at fork and, reaped unused, gives it
 * back, capped at the child's own full timeslice, so a nice-0 parent
 * that forked at the start of its 100 ms slice runs about 100 ms after
 * the reap (50 ms without the give-back), and a nice -10 parent (600 ms
 * slices) about 100 ms, the cap of a nice-0 child (300 ms without the
 * give-back, 600 ms without the cap).
 *
 * Off the CPU.  A loop iteration that took over GAP_MIN (0.2 ms) is a
 * gap; it was time off the CPU if our CPU time (CLOCK_THREAD_CPUTIME_ID)
 * grew by less than half the wall time since the previous check.
 * Otherwise the time was charged to us, as an interrupt or a stall of an
 * emulated CPU is: the run goes on.  Shorter times off the CPU than
 * OFF_MIN (a kernel thread that woke up, under O(1) a preemption that
 * leaves the slice as it was) do not end a run; they are counted
 * (shorts).  A run is cut at RUN_MAX (2 s of wall time).
 *
 * Output, one line (times in ms; runs_ms in round order, run_* over
 * them, off_ms and reap_ms medians of the time off the CPU that ended
 * each run and of fork() to the reap's return):
 *
 *   REAPRUN cpu=C nice=N rounds=R runs_ms=X,Y,... run_median_ms=M
 *           run_min_ms=A run_max_ms=B off_ms=O reap_ms=F shorts=S
 *
 * Exit status: 0 on success, 1 if a step failed, 2 on usage error.
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
#include <sys/resource.h>
#include <sys/wait.h>

#include "progs.h"

#define MAX_ROUNDS	100
#define GAP_MIN		200e-6	/* a loop iteration this long is checked */
#define OFF_MIN		2e-3	/* time off the CPU that ends a run */
#define RUN_MAX		2.0	/* s: a longer run is reported as this */

static void bad_usage(void)
{
	fprintf(stderr, "usage: reaprun [-c CPU] [-r ROUNDS] [-w WARMUP] [-p NICE]\n");
	exit(2);
}

/* A little work between clock reads keeps the vDSO calls cheap. */
static double spin_a_little(void)
{
	for (int i = 0; i < 200; i++)
		__asm__ __volatile__("" : : : "memory");
	return now_sec(CLOCK_MONOTONIC);
}

/*
 * Spin from @from until we have been off the CPU for at least OFF_MIN
 * (or RUN_MAX has passed).  Returns our CPU time then; *@off gets how
 * long we were off (0 if cut at RUN_MAX), *@shorts is incremented for
 * each shorter time off the CPU on the way.
 */
static double run_until_off_cpu(double from, double *off, long *shorts)
{
	double last = from, t_ref = from;
	double cpu_ref = now_sec(CLOCK_THREAD_CPUTIME_ID);

	for (;;) {
		double now = spin_a_little(), cpu, missing;

		if (now - from >= RUN_MAX) {
			*off = 0;
			return now_sec(CLOCK_THREAD_CPUTIME_ID);
		}
		if (now - last >= GAP_MIN) {
			cpu = now_sec(CLOCK_THREAD_CPUTIME_ID);
			missing = (now - t_ref) - (cpu - cpu_ref);
			if (missing >= (now - last) / 2) {
				if (now - last >= OFF_MIN) {
					*off = now - last;
					return cpu;
				}
				(*shorts)++;
			}
			cpu_ref = cpu;
			t_ref = now;
		}
		last = now;
	}
}

/* Fork a child that exits at once and reap it; 0, or -1 after a message. */
static int fork_and_reap(void)
{
	int status;
	pid_t pid = fork();

	if (pid < 0) {
		perror("reaprun: fork");
		return -1;
	}
	if (pid == 0)
		_exit(0);
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			perror("reaprun: waitpid");
			return -1;
		}
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "reaprun: child status 0x%x\n", status);
		return -1;
	}
	return 0;
}

/* Our nice, with SCHED_RESET_ON_FORK so that children start at nice 0. */
static int set_parent_nice(long nice)
{
	struct sched_param param = { 0 };

	if (setpriority(PRIO_PROCESS, 0, nice)) {
		perror("reaprun: setpriority");
		return -1;
	}
	if (sched_setscheduler(0, SCHED_OTHER | SCHED_RESET_ON_FORK, &param)) {
		perror("reaprun: sched_setscheduler(SCHED_RESET_ON_FORK)");
		return -1;
	}
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/*
 * The rounds: runs[], offs[] and reaps[] get each round's times, *@shorts
 * the number of short times off the CPU inside the runs.
 */
static int measure(int rounds, double *runs, double *offs, double *reaps,
		   long *shorts)
{
	double off, start, cpu;
	long ignored = 0;
	int i;

	/* start on a fresh run */
	run_until_off_cpu(now_sec(CLOCK_MONOTONIC), &off, &ignored);
	for (i = 0; i < rounds; i++) {
		start = now_sec(CLOCK_MONOTONIC);
		if (fork_and_reap())
			return -1;
		reaps[i] = now_sec(CLOCK_MONOTONIC);
		cpu = now_sec(CLOCK_THREAD_CPUTIME_ID);
		runs[i] = run_until_off_cpu(reaps[i], &off, shorts) - cpu;
		reaps[i] -= start;
		offs[i] = off;
	}
	return 0;
}

static void report(long cpu, long nice, int rounds, double *runs,
		   double *offs, double *reaps, long shorts)
{
	int i;

	printf("REAPRUN cpu=%ld nice=%ld rounds=%d runs_ms=", cpu, nice, rounds);
	for (i = 0; i < rounds; i++)
		printf("%s%.1f", i ? "," : "", runs[i] * 1e3);
	/* median() sorts: the list above is in round order */
	printf(" run_median_ms=%.1f", median(runs, rounds) * 1e3);
	printf(" run_min_ms=%.1f run_max_ms=%.1f", runs[0] * 1e3,
	       runs[rounds - 1] * 1e3);
	printf(" off_ms=%.1f", median(offs, rounds) * 1e3);
	printf(" reap_ms=%.2f shorts=%ld\n", median(reaps, rounds) * 1e3,
	       shorts);
}

int main(int argc, char **argv)
{
	double runs[MAX_ROUNDS], offs[MAX_ROUNDS], reaps[MAX_ROUNDS];
	double warmup = 4.0, end;
	long cpu = 0, rounds = 12, nice = 0, shorts = 0;
	int opt, set_nice = 0, failed;
	pid_t hog;

	while ((opt = getopt(argc, argv, "+c:r:w:p:h")) != -1) {
		switch (opt) {
		case 'c':
			cpu = parse_cpu(optarg);
			break;
		case 'r':
			rounds = parse_long(optarg, "rounds", 1, MAX_ROUNDS);
			break;
		case 'w':
			warmup = parse_seconds(optarg, 600);
			break;
		case 'p':
			nice = parse_long(optarg, "nice", -20, 19);
			set_nice = 1;
			break;
		default:
			bad_usage();
		}
	}
	if (optind != argc)
		bad_usage();
	if (pin_to_cpu(cpu))
		return 1;
	fflush(stdout);
	hog = xfork();
	if (hog == 0)
		for (;;)
			spin_a_little();
	if (set_nice && set_parent_nice(nice)) {
		kill_children(&hog, 1);
		return 1;
	}
	end = now_sec(CLOCK_MONOTONIC) + warmup;
	while (spin_a_little() < end)
		;
	failed = measure(rounds, runs, offs, reaps, &shorts);
	if (kill_children(&hog, 1))
		failed = 1;
	if (failed)
		return 1;
	report(cpu, nice, rounds, runs, offs, reaps, shorts);
	return 0;
}
