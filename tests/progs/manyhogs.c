// SPDX-License-Identifier: GPL-2.0
/*
 * manyhogs - keep N CPU hogs runnable on one CPU for a while.
 *
 * usage: manyhogs [-t SECONDS] [-c CPU] [-s] [-r FILE] N
 *
 * Forks N (1..10000) children pinned to CPU (default 0); they wait on a
 * pipe until all exist, then spin until one common end, SECONDS (default
 * 3) after the start, and exit; the parent waits for all of them.  For
 * measuring scheduler costs against the number of runnable tasks.  The
 * end is common, not per child, so that the run lasts SECONDS however
 * long the policy makes a child wait for its first turn: with an end
 * counted from each child's first run, 1,000 children under o1 (turns of
 * 40 ms or more) kept one waiting 30.9 s for its first turn, and the
 * core's stall watchdog switched the machine to eevdf.
 * -s: the children sleep until the end instead (N idle tasks, for
 * costs against the number of tasks rather than of runnable ones).
 * -r FILE: create FILE once all N are released, so that a measurement
 * running beside them knows when they are all there; the parent then
 * leaves CPU for the other CPUs it may use, if any, to release, create
 * FILE and reap at once instead of waiting behind its N children (up to
 * a whole round of their turns: under cfs, 10,000 times the minimum
 * granularity).
 * Prints one line:
 *
 *   MANYHOGS n=N cpu=C secs=S started=K
 *
 * Exit status: 0 if all N ran and exited cleanly, 1 otherwise, 2 on usage.
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
#include <fcntl.h>
#include <sys/wait.h>

#include "progs.h"

static void usage(void)
{
	fprintf(stderr, "usage: manyhogs [-t SECONDS] [-c CPU] [-s] [-r FILE] N\n");
	exit(2);
}

/* A child's run: spin, or with -s sleep, until the common end. */
static void child_run(volatile double *end, int sleeper)
{
	struct timespec ts;

	while (now_sec(CLOCK_MONOTONIC) < *end) {
		if (!sleeper) {
			for (volatile int j = 0; j < 1000; j++)
				;
			continue;
		}
		ts.tv_sec = (time_t)*end;
		ts.tv_nsec = (long)((*end - (double)ts.tv_sec) * 1e9);
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
	}
}

/* -r: the parent runs on the CPUs it was allowed but @cpu, if there are any */
static int leave_cpu(const cpu_set_t *allowed, long cpu)
{
	cpu_set_t set = *allowed;

	CPU_CLR(cpu, &set);
	if (!CPU_COUNT(&set))
		return 0;
	if (sched_setaffinity(0, sizeof(set), &set)) {
		perror("manyhogs: sched_setaffinity");
		return 1;
	}
	return 0;
}

/* -r FILE: say that every child is released */
static int mark_ready(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0) {
		fprintf(stderr, "manyhogs: %s: %s\n", path, strerror(errno));
		return 1;
	}
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	double secs = 3.0;
	volatile double *end;
	long cpu = 0, n, i, started = 0;
	int opt, failed = 0, pfd[2], sleeper = 0;
	const char *ready = NULL;
	cpu_set_t allowed;

	while ((opt = getopt(argc, argv, "+t:c:sr:h")) != -1) {
		switch (opt) {
		case 't':
			secs = parse_seconds(optarg, 3600);
			break;
		case 'c':
			cpu = parse_cpu(optarg);
			break;
		case 's':
			sleeper = 1;
			break;
		case 'r':
			ready = optarg;
			break;
		default:
			usage();
		}
	}
	if (optind != argc - 1)
		usage();
	n = parse_long(argv[optind], "N", 1, 10000);
	if (sched_getaffinity(0, sizeof(allowed), &allowed)) {
		perror("manyhogs: sched_getaffinity");
		return 1;
	}
	if (pin_to_cpu(cpu))
		return 1;
	end = map_shared(sizeof(*end));
	if (pipe(pfd)) {
		perror("manyhogs: pipe");
		return 1;
	}
	fflush(stdout);
	for (i = 0; i < n; i++) {
		pid_t pid = fork();

		if (pid < 0) {
			fprintf(stderr, "manyhogs: fork %ld: %s\n", i,
				strerror(errno));
			failed = 1;
			break;
		}
		if (pid == 0) {
			/* blocked until the parent closes the write end */
			close(pfd[1]);
			wait_byte(pfd[0]);
			child_run(end, sleeper);
			_exit(0);
		}
		started++;
	}
	if (ready && leave_cpu(&allowed, cpu))
		failed = 1;
	*end = now_sec(CLOCK_MONOTONIC) + secs;
	close(pfd[0]);
	close(pfd[1]);
	if (ready && mark_ready(ready))
		failed = 1;
	if (reap_children(started))
		failed = 1;
	printf("MANYHOGS n=%ld cpu=%ld secs=%g started=%ld\n", n, cpu, secs,
	       started);
	return failed;
}
