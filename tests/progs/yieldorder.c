// SPDX-License-Identifier: GPL-2.0
/*
 * yieldorder - does sched_yield() let every other runnable task run?
 *
 * usage: yieldorder [-t SECONDS] [-c CPU] [-k SPINNERS]
 *
 * Forks SPINNERS (default 3) CPU hogs, all pinned with the caller to CPU
 * (default 0); each keeps writing the time into shared memory.  After a
 * 0.5 s warm-up and one unmeasured sched_yield() (so that measuring starts
 * from the state a yield leaves, not from wherever the warm-up left the
 * spinners), the caller loops for SECONDS (default 3): note the time,
 * sched_yield(), and count the yield as "complete" if every spinner ran
 * (wrote a later time) before the call returned.  Prints one line:
 *
 *   YIELDORDER spinners=K yields=Y complete=C mean_yield_ms=M max_yield_ms=X
 *
 * Exit status: 0 on success, 1 if a setup step failed, 2 on usage error.
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
#include <sys/wait.h>

#include "progs.h"

#define MAX_SPINNERS 32

static void usage(void)
{
	fprintf(stderr, "usage: yieldorder [-t SECONDS] [-c CPU] [-k SPINNERS]\n");
	exit(2);
}

static void spin(volatile double *last)
{
	for (;;) {
		for (volatile int i = 0; i < 100; i++)
			;
		*last = now_sec(CLOCK_MONOTONIC);
	}
}

int main(int argc, char **argv)
{
	double secs = 3.0, end, t0, t1, sum = 0, max = 0;
	long cpu = 0, k = 3, yields = 0, complete = 0, i;
	pid_t pids[MAX_SPINNERS];
	volatile double *last;
	int opt;

	while ((opt = getopt(argc, argv, "+t:c:k:h")) != -1) {
		switch (opt) {
		case 't':
			secs = parse_seconds(optarg, 3600);
			break;
		case 'c':
			cpu = parse_cpu(optarg);
			break;
		case 'k':
			k = parse_long(optarg, "spinners", 1, MAX_SPINNERS);
			break;
		default:
			usage();
		}
	}
	if (optind != argc)
		usage();
	if (pin_to_cpu(cpu))
		return 1;
	last = map_shared(MAX_SPINNERS * sizeof(double));
	for (i = 0; i < k; i++)
		if (fork_child(pids, i) == 0)
			spin(&last[i]);
	usleep(500000);
	sched_yield();

	end = now_sec(CLOCK_MONOTONIC) + secs;
	do {
		int all = 1;

		t0 = now_sec(CLOCK_MONOTONIC);
		sched_yield();
		t1 = now_sec(CLOCK_MONOTONIC);
		for (i = 0; i < k; i++)
			if (last[i] <= t0)
				all = 0;
		yields++;
		complete += all;
		sum += t1 - t0;
		if (t1 - t0 > max)
			max = t1 - t0;
	} while (t1 < end);
	printf("YIELDORDER spinners=%ld yields=%ld complete=%ld mean_yield_ms=%.2f max_yield_ms=%.1f\n",
	       k, yields, complete, 1e3 * sum / yields, 1e3 * max);
	kill_children(pids, k);
	return 0;
}
