// SPDX-License-Identifier: GPL-2.0
/*
 * share - CPU share test driver.
 *
 * usage: share [-t SECONDS] [-w WARMUP] [-c CPU] NICE[:batch|:idle|:iso]...
 *
 * Forks one spinning child per NICE argument, each optionally pinned to CPU
 * (default 0; -c -1 means no pinning) and set to that nice value (and to
 * SCHED_BATCH, SCHED_IDLE or SCHED_ISO, BFS's policy 4, with the suffix).  All
 * children are released at the same time through a pipe, spin WARMUP
 * seconds (default 0) unmeasured, then SECONDS measured, up to common
 * CLOCK_MONOTONIC deadlines.  Each records the CPU time it consumed in the
 * measured window, its longest gap between two loop iterations there
 * (the longest time it waited for the CPU) and how many times it moved
 * from one CPU to another there (se.nr_migrations of /proc/self/sched;
 * -1 where the kernel has no CONFIG_SCHED_DEBUG).  Output, one line per
 * child and one summary line:
 *
 *   SHARE idx=I pid=P nice=N policy=normal|batch|idle|iso cpu_ms=U share_pct=S max_gap_ms=G migrations=M
 *   SHARE_SUMMARY n=K secs=T cpu=C total_ms=U min_ms=A max_ms=B max_over_min=R
 *
 * Exit status: 0 if all children completed, 1 otherwise, 2 on usage error.
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

#define MAX_HOGS 64

#ifndef SCHED_ISO
#define SCHED_ISO 4	/* BFS's; Linux reserves the number */
#endif

struct shared {
	double measure_start;
	double deadline;
	double cpu_ms[MAX_HOGS];
	double max_gap_ms[MAX_HOGS];
	long migrations[MAX_HOGS];
	int done[MAX_HOGS];
};

static void usage(void)
{
	fprintf(stderr, "usage: share [-t SECONDS] [-w WARMUP] [-c CPU|-1] NICE[:batch|:idle|:iso]...\n");
	exit(2);
}

static const char *const policy_names[] = {
	[SCHED_OTHER] = "normal", [SCHED_BATCH] = "batch", [SCHED_IDLE] = "idle",
	[SCHED_ISO] = "iso",
};

/* "NICE" or "NICE:batch" / "NICE:idle" / "NICE:iso" */
static long parse_nice_policy(char *arg, int *policy)
{
	char *colon = strchr(arg, ':');

	*policy = SCHED_OTHER;
	if (colon) {
		*colon = '\0';
		if (!strcmp(colon + 1, "batch"))
			*policy = SCHED_BATCH;
		else if (!strcmp(colon + 1, "idle"))
			*policy = SCHED_IDLE;
		else if (!strcmp(colon + 1, "iso"))
			*policy = SCHED_ISO;
		else
			usage();
	}
	return parse_long(arg, "nice", -20, 19);
}

/* This task's se.nr_migrations, or -1 if /proc/self/sched lacks it. */
static long nr_migrations(void)
{
	FILE *f = fopen("/proc/self/sched", "r");
	char line[256];
	long n = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "se.nr_migrations : %ld", &n) == 1)
			break;
	fclose(f);
	return n;
}

static void child(struct shared *sh, int idx, long pin, long nice_val,
		  int policy, int rfd)
{
	double c0, c1, t, last, gap = 0;
	long m0, m1;

	if (pin >= 0 && pin_to_cpu(pin))
		_exit(1);
	if (policy != SCHED_OTHER) {
		struct sched_param sp = { .sched_priority = 0 };

		if (sched_setscheduler(0, policy, &sp)) {
			fprintf(stderr, "share[%d]: sched_setscheduler(%s): %s\n",
				idx, policy_names[policy], strerror(errno));
			_exit(1);
		}
	}
	if (setpriority(PRIO_PROCESS, 0, nice_val)) {
		fprintf(stderr, "share[%d]: setpriority(%ld): %s\n", idx,
			nice_val, strerror(errno));
		_exit(1);
	}
	/* wait for the start signal: the parent closes the write end */
	wait_byte(rfd);
	while (now_sec(CLOCK_MONOTONIC) < sh->measure_start) {
		for (volatile int i = 0; i < 1000; i++)
			;
	}
	m0 = nr_migrations();
	c0 = now_sec(CLOCK_THREAD_CPUTIME_ID);
	last = now_sec(CLOCK_MONOTONIC);
	do {
		for (volatile int i = 0; i < 1000; i++)
			;
		t = now_sec(CLOCK_MONOTONIC);
		if (t - last > gap)
			gap = t - last;
		last = t;
	} while (t < sh->deadline);
	c1 = now_sec(CLOCK_THREAD_CPUTIME_ID);
	m1 = nr_migrations();
	sh->cpu_ms[idx] = (c1 - c0) * 1e3;
	sh->migrations[idx] = m0 < 0 || m1 < 0 ? -1 : m1 - m0;
	sh->max_gap_ms[idx] = gap * 1e3;
	sh->done[idx] = 1;
	_exit(0);
}

int main(int argc, char **argv)
{
	double secs = 3.0, warmup = 0, total = 0, min = 0, max = 0;
	long pin = 0, nices[MAX_HOGS];
	int policies[MAX_HOGS];
	pid_t pids[MAX_HOGS];
	struct shared *sh;
	int n, i, opt, pfd[2], failed = 0;

	while ((opt = getopt(argc, argv, "+t:w:c:h")) != -1) {
		switch (opt) {
		case 't':
			secs = parse_seconds(optarg, 3600);
			break;
		case 'w':
			warmup = parse_seconds(optarg, 3600);
			break;
		case 'c':
			pin = parse_long(optarg, "cpu", -1, CPU_SETSIZE - 1);
			break;
		default:
			usage();
		}
	}
	n = argc - optind;
	if (n < 1 || n > MAX_HOGS)
		usage();
	for (i = 0; i < n; i++)
		nices[i] = parse_nice_policy(argv[optind + i], &policies[i]);

	sh = map_shared(sizeof(*sh));
	if (pipe(pfd)) {
		perror("share: pipe");
		return 1;
	}
	fflush(stdout);
	for (i = 0; i < n; i++) {
		if (fork_child(pids, i) == 0) {
			close(pfd[1]);
			child(sh, i, pin, nices[i], policies[i], pfd[0]);
		}
	}
	close(pfd[0]);
	/* let the children settle on their CPU before the release */
	usleep(200000);
	sh->measure_start = now_sec(CLOCK_MONOTONIC) + warmup;
	sh->deadline = sh->measure_start + secs;
	__sync_synchronize();
	close(pfd[1]);

	for (i = 0; i < n; i++) {
		int status;

		if (waitpid(pids[i], &status, 0) < 0) {
			fprintf(stderr, "share: waitpid(%d): %s\n", (int)pids[i],
				strerror(errno));
			failed = 1;
			continue;
		}
		if (!WIFEXITED(status) || WEXITSTATUS(status) || !sh->done[i]) {
			fprintf(stderr, "share: child %d (pid %d) failed, status 0x%x\n",
				i, (int)pids[i], status);
			failed = 1;
		}
	}
	for (i = 0; i < n; i++) {
		double v = sh->cpu_ms[i];

		total += v;
		if (i == 0 || v < min)
			min = v;
		if (i == 0 || v > max)
			max = v;
	}
	for (i = 0; i < n; i++)
		printf("SHARE idx=%d pid=%d nice=%ld policy=%s cpu_ms=%.1f share_pct=%.2f max_gap_ms=%.1f migrations=%ld\n",
		       i, (int)pids[i], nices[i], policy_names[policies[i]],
		       sh->cpu_ms[i],
		       total > 0 ? 100.0 * sh->cpu_ms[i] / total : 0.0,
		       sh->max_gap_ms[i], sh->migrations[i]);
	printf("SHARE_SUMMARY n=%d secs=%g cpu=%ld total_ms=%.1f min_ms=%.1f max_ms=%.1f max_over_min=%.3f\n",
	       n, secs, pin, total, min, max, min > 0 ? max / min : 0.0);
	return failed;
}
