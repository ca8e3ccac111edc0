// SPDX-License-Identifier: GPL-2.0
/*
 * pingpong - pairs of processes passing a byte back and forth over pipes.
 *
 * usage: pingpong [-t SECONDS] [-p PAIRS] [-c]
 *
 * Forks PAIRS (default 8) pairs; in each pair one process writes a byte,
 * the other reads it and writes it back, for SECONDS (default 3).  Every
 * round trip is two wakeups, so this is a wakeup storm across all CPUs
 * (hackbench's pattern on a small scale).  With -c every pinger is pinned
 * to CPU 0 and every ponger to the last online CPU: each wakeup crosses
 * CPUs and no placement decision is left to the scheduler, so the rate
 * measures the cross-CPU wakeup path alone.  Prints one line:
 *
 *   PINGPONG pairs=P secs=S round_trips=N per_sec=R
 *
 * Exit status: 0 if every process finished cleanly, 1 otherwise, 2 on usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

#include "progs.h"

#define MAX_PAIRS 64

static void usage(void)
{
	fprintf(stderr, "usage: pingpong [-t SECONDS] [-p PAIRS] [-c]\n");
	exit(2);
}

static int xfer(int rfd, int wfd, char *c)
{
	ssize_t n;

	do {
		n = read(rfd, c, 1);
	} while (n < 0 && errno == EINTR);
	if (n != 1)
		return -1;
	do {
		n = write(wfd, c, 1);
	} while (n < 0 && errno == EINTR);
	return n == 1 ? 0 : -1;
}

/* -c: the CPU of each side (-1: unpinned) */
static long pinger_cpu = -1, ponger_cpu = -1;

/* The pinger counts round trips until the deadline, then sends 'q'. */
static void pinger(int rfd, int wfd, double end, long *count)
{
	char c = 'p';

	if (pinger_cpu >= 0 && pin_to_cpu(pinger_cpu))
		_exit(1);
	if (write(wfd, &c, 1) != 1)
		_exit(1);
	while (now_sec(CLOCK_MONOTONIC) < end) {
		c = 'p';
		if (xfer(rfd, wfd, &c))
			_exit(1);
		(*count)++;
	}
	c = 'q';
	if (read(rfd, &c, 1) != 1)
		_exit(1);
	c = 'q';
	if (write(wfd, &c, 1) != 1)
		_exit(1);
	_exit(0);
}

static void ponger(int rfd, int wfd)
{
	char c;

	if (ponger_cpu >= 0 && pin_to_cpu(ponger_cpu))
		_exit(1);
	for (;;) {
		if (xfer(rfd, wfd, &c))
			_exit(1);
		if (c == 'q')
			_exit(0);
	}
}

int main(int argc, char **argv)
{
	double secs = 3.0, end;
	long pairs = 8, i, total = 0;
	pid_t pids[2 * MAX_PAIRS];
	int opt, failed = 0, n = 0;
	long *counts;

	while ((opt = getopt(argc, argv, "+t:p:ch")) != -1) {
		switch (opt) {
		case 't':
			secs = parse_seconds(optarg, 3600);
			break;
		case 'p':
			pairs = parse_long(optarg, "pairs", 1, MAX_PAIRS);
			break;
		case 'c':
			pinger_cpu = 0;
			ponger_cpu = sysconf(_SC_NPROCESSORS_ONLN) - 1;
			break;
		default:
			usage();
		}
	}
	if (optind != argc)
		usage();
	counts = map_shared(MAX_PAIRS * sizeof(long));
	end = now_sec(CLOCK_MONOTONIC) + secs;
	fflush(stdout);
	for (i = 0; i < pairs; i++) {
		int ab[2], ba[2];

		if (pipe(ab) || pipe(ba)) {
			perror("pingpong: pipe");
			failed = 1;
			break;
		}
		pids[n] = fork();
		if (pids[n] == 0)
			pinger(ba[0], ab[1], end, &counts[i]);
		if (pids[n++] < 0)
			break;
		pids[n] = fork();
		if (pids[n] == 0)
			ponger(ab[0], ba[1]);
		if (pids[n++] < 0)
			break;
		close(ab[0]);
		close(ab[1]);
		close(ba[0]);
		close(ba[1]);
	}
	if (n && pids[n - 1] < 0) {	/* a fork failed: no half pairs */
		for (i = 0; i < n - 1; i++)
			kill(pids[i], SIGKILL);
	}
	for (i = 0; i < n; i++) {
		if (pids[i] < 0) {
			perror("pingpong: fork");
			failed = 1;
			continue;
		}
		if (!reap_ok(pids[i]))
			failed = 1;
	}
	for (i = 0; i < pairs; i++)
		total += counts[i];
	printf("PINGPONG pairs=%ld secs=%g round_trips=%ld per_sec=%.0f\n",
	       pairs, secs, total, total / secs);
	return failed;
}
