// SPDX-License-Identifier: GPL-2.0
/*
 * yieldord - who runs between a task's sched_yield() and its return.
 *
 * usage: yieldord [-t SECONDS] [-c CPU] NHOGS
 *
 * Forks NHOGS spinning children, each counting in its own slot of shared
 * memory, and runs a yielder; all pinned to CPU (default 0).  For SECONDS
 * (default 1) the yielder calls sched_yield() in a loop and, around each
 * call, compares the hogs' counters: which of them ran before the yielder
 * got the CPU back.
 *
 * Output: YIELDORD yields=N self_pct=A one_pct=B all_pct=C
 *   self  no hog ran: the yielder got the CPU straight back
 *   one   exactly one hog ran
 *   all   every hog ran
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
#include <sys/wait.h>

#include "progs.h"

#define MAX_HOGS	16

struct shared {
	volatile unsigned long count[MAX_HOGS];
};

static void usage(void)
{
	fprintf(stderr, "usage: yieldord [-t SECONDS] [-c CPU] NHOGS\n");
	exit(2);
}

int main(int argc, char **argv)
{
	unsigned long before[MAX_HOGS], yields = 0, self = 0, one = 0, all = 0;
	double secs = 1.0, end;
	pid_t pids[MAX_HOGS];
	struct shared *sh;
	long cpu = 0;
	int n, i, opt, failed = 0;

	while ((opt = getopt(argc, argv, "+t:c:h")) != -1) {
		switch (opt) {
		case 't':
			secs = parse_seconds(optarg, 600);
			break;
		case 'c':
			cpu = parse_cpu(optarg);
			break;
		default:
			usage();
		}
	}
	if (argc - optind != 1)
		usage();
	n = parse_long(argv[optind], "nhogs", 1, MAX_HOGS);

	sh = map_shared(sizeof(*sh));
	if (pin_to_cpu(cpu))
		return 1;
	fflush(stdout);
	for (i = 0; i < n; i++) {
		if (fork_child(pids, i) == 0)
			for (;;)
				sh->count[i]++;
	}
	/* let every hog run at least once before measuring */
	usleep(200000);
	end = now_sec(CLOCK_MONOTONIC) + secs;
	while (now_sec(CLOCK_MONOTONIC) < end) {
		int ran = 0;

		for (i = 0; i < n; i++)
			before[i] = sh->count[i];
		sched_yield();
		for (i = 0; i < n; i++)
			ran += sh->count[i] != before[i];
		yields++;
		self += ran == 0;
		one += ran == 1;
		all += ran == n;
	}
	if (kill_children(pids, n))
		failed = 1;
	if (!yields) {
		fprintf(stderr, "yieldord: no yields\n");
		return 1;
	}
	printf("YIELDORD yields=%lu self_pct=%.1f one_pct=%.1f all_pct=%.1f\n",
	       yields, 100.0 * self / yields, 100.0 * one / yields,
	       100.0 * all / yields);
	return failed;
}
