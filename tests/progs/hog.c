// SPDX-License-Identifier: GPL-2.0
/*
 * hog - burn CPU for a given wall time and report the CPU time consumed.
 *
 * usage: hog [-t SECONDS] [-c CPU] [-n NICE] [-f RTPRIO | -b | -i] [-l LABEL]
 *
 *   -t SECONDS  wall time to spin (fractions allowed, default 1)
 *   -c CPU      pin to this CPU with sched_setaffinity() (default: no pin)
 *   -n NICE     setpriority() to this nice value before spinning
 *   -f RTPRIO   switch to SCHED_FIFO with this priority (1..99)
 *   -b, -i      switch to SCHED_BATCH or SCHED_IDLE
 *   -l LABEL    label echoed in the result line (default "hog")
 *
 * Prints exactly one result line on stdout when done:
 *   HOG label=L pid=P cpu=C nice=N policy=normal|fifo|batch|idle wall_ms=W cpu_ms=U pct=X.Y
 * cpu= is the CPU the task ran on last (-1 if unknown); pct is cpu_ms/wall_ms.
 * Exit status: 0 on success, 2 on usage error, 1 if a setup step failed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>

#include "progs.h"

static void usage(void)
{
	fprintf(stderr,
		"usage: hog [-t SECONDS] [-c CPU] [-n NICE] [-f RTPRIO | -b | -i] [-l LABEL]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	double secs = 1.0, start, deadline, t, cpu0, cpu1, wall;
	const char *label = "hog";
	long pin = -1, nice_val = 0, rtprio = 0;
	int have_nice = 0, opt, other_policy = -1;
	const char *policy_name = "normal";
	unsigned long iter = 0;

	while ((opt = getopt(argc, argv, "+t:c:n:f:bil:h")) != -1) {
		switch (opt) {
		case 't':
			secs = parse_seconds(optarg, 86400);
			break;
		case 'c':
			pin = parse_cpu(optarg);
			break;
		case 'n':
			nice_val = parse_long(optarg, "nice", -20, 19);
			have_nice = 1;
			break;
		case 'f':
			rtprio = parse_long(optarg, "rt priority", 1, 99);
			break;
		case 'b':
			other_policy = SCHED_BATCH;
			policy_name = "batch";
			break;
		case 'i':
			other_policy = SCHED_IDLE;
			policy_name = "idle";
			break;
		case 'l':
			label = optarg;
			break;
		default:
			usage();
		}
	}
	if (optind != argc || (rtprio && other_policy >= 0))
		usage();

	if (pin >= 0 && pin_to_cpu(pin))
		return 1;
	if (have_nice && setpriority(PRIO_PROCESS, 0, nice_val)) {
		fprintf(stderr, "hog: setpriority(%ld): %s\n", nice_val,
			strerror(errno));
		return 1;
	}
	if (other_policy >= 0) {
		struct sched_param sp = { .sched_priority = 0 };

		if (sched_setscheduler(0, other_policy, &sp)) {
			fprintf(stderr, "hog: sched_setscheduler(%s): %s\n",
				policy_name, strerror(errno));
			return 1;
		}
	}
	if (rtprio) {
		struct sched_param sp = { .sched_priority = rtprio };

		policy_name = "fifo";
		if (sched_setscheduler(0, SCHED_FIFO, &sp)) {
			fprintf(stderr, "hog: sched_setscheduler(FIFO %ld): %s\n",
				rtprio, strerror(errno));
			return 1;
		}
	}

	cpu0 = now_sec(CLOCK_PROCESS_CPUTIME_ID);
	start = now_sec(CLOCK_MONOTONIC);
	deadline = start + secs;
	do {
		/* a little work between clock reads keeps vDSO calls cheap */
		for (volatile int i = 0; i < 1000; i++)
			;
		iter++;
		t = now_sec(CLOCK_MONOTONIC);
	} while (t < deadline);
	cpu1 = now_sec(CLOCK_PROCESS_CPUTIME_ID);
	wall = t - start;

	printf("HOG label=%s pid=%d cpu=%d nice=%d policy=%s wall_ms=%.0f cpu_ms=%.0f pct=%.1f iters=%lu\n",
	       label, (int)getpid(), sched_getcpu(),
	       getpriority(PRIO_PROCESS, 0), policy_name,
	       wall * 1e3, (cpu1 - cpu0) * 1e3,
	       wall > 0 ? 100.0 * (cpu1 - cpu0) / wall : 0.0, iter);
	return 0;
}
