// SPDX-License-Identifier: GPL-2.0
/*
 * wakelat - a periodic sleeper that measures its own wakeup latency.
 *
 * usage: wakelat [-t SECONDS] [-p PERIOD_US | -s SLEEP_US] [-w WORK_US]
 *                [-c CPU] [-n NICE | -f RTPRIO] [-l LABEL] [-d DELAY]
 *
 * Every PERIOD_US (default 5000) it sleeps to an absolute CLOCK_MONOTONIC
 * time with clock_nanosleep(), measures how late it runs after that time
 * (the wakeup-to-run delay, timer slack included), then burns WORK_US of
 * its own CPU time (default 100).  A period it overruns is skipped, not
 * counted.  With -s it is not periodic: after each WORK_US it sleeps
 * SLEEP_US (a mostly-running task that still sleeps a little, as
 * interactive programs under load do).  -f runs it as SCHED_FIFO at
 * RTPRIO (an RT task beside the policy's).  -d sleeps DELAY seconds
 * before the first period, unmeasured, as a program waiting for input
 * does before it works: under o1 the sleeper then starts interactive
 * whatever bonus it inherited at fork.  Prints one line when SECONDS
 * (default 3) are over:
 *
 *   WAKELAT label=L pid=P n=N mean_us=M p50_us=A p99_us=B max_us=C cpu_ms=U p995_us=D
 *
 * p995_us is the 99.5th percentile (a delay that comes once in 100-200
 * wakeups shows there, where p99 is at the edge of it).
 *
 * Exit status: 0 on success, 1 if a setup step failed, 2 on usage error.
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

#define MAX_SAMPLES 200000

static double samples[MAX_SAMPLES];

static void usage(void)
{
	fprintf(stderr,
		"usage: wakelat [-t SECONDS] [-p PERIOD_US | -s SLEEP_US] [-w WORK_US] [-c CPU] [-n NICE | -f RTPRIO] [-l LABEL] [-d DELAY]\n");
	exit(2);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static struct timespec to_ts(double t)
{
	struct timespec ts;

	ts.tv_sec = (time_t)t;
	ts.tv_nsec = (long)((t - ts.tv_sec) * 1e9);
	return ts;
}

static int setup(long pin, int have_nice, long nice_val, long rtprio)
{
	if (pin >= 0 && pin_to_cpu(pin))
		return 1;
	if (have_nice && setpriority(PRIO_PROCESS, 0, nice_val)) {
		fprintf(stderr, "wakelat: setpriority(%ld): %s\n", nice_val,
			strerror(errno));
		return 1;
	}
	if (rtprio) {
		struct sched_param sp = { .sched_priority = rtprio };

		if (sched_setscheduler(0, SCHED_FIFO, &sp)) {
			fprintf(stderr, "wakelat: sched_setscheduler(FIFO %ld): %s\n",
				rtprio, strerror(errno));
			return 1;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	double secs = 3.0, delay = 0, period, work, start, next, t, sum = 0;
	double cpu0;
	long period_us = 5000, sleep_us = -1, work_us = 100, pin = -1, nice_val = 0;
	long rtprio = 0;
	const char *label = "wakelat";
	int have_nice = 0, opt;
	size_t n = 0;

	while ((opt = getopt(argc, argv, "+t:p:s:w:c:n:f:l:d:h")) != -1) {
		switch (opt) {
		case 't':
			secs = parse_seconds(optarg, 86400);
			break;
		case 'p':
			period_us = parse_long(optarg, "period", 100, 10000000);
			break;
		case 's':
			sleep_us = parse_long(optarg, "sleep", 1, 10000000);
			break;
		case 'w':
			work_us = parse_long(optarg, "work", 0, 10000000);
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
		case 'l':
			label = optarg;
			break;
		case 'd':
			delay = parse_seconds(optarg, 3600);
			break;
		default:
			usage();
		}
	}
	if (optind != argc || (have_nice && rtprio))
		usage();
	if (setup(pin, have_nice, nice_val, rtprio))
		return 1;

	if (delay > 0) {
		struct timespec ts = to_ts(delay);

		while (nanosleep(&ts, &ts) && errno == EINTR)
			;
	}
	period = (sleep_us > 0 ? sleep_us : period_us) / 1e6;
	work = work_us / 1e6;
	cpu0 = now_sec(CLOCK_PROCESS_CPUTIME_ID);
	start = now_sec(CLOCK_MONOTONIC);
	next = start + period;
	while (next < start + secs) {
		struct timespec ts = to_ts(next);
		int rc;

		do {
			rc = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME,
					     &ts, NULL);
		} while (rc == EINTR);
		t = now_sec(CLOCK_MONOTONIC);
		if (n < MAX_SAMPLES) {
			samples[n++] = t - next;
			sum += t - next;
		}
		burn_cpu(work);
		t = now_sec(CLOCK_MONOTONIC);
		next += period;
		if (sleep_us > 0 || next < t)	/* -s, or an overrun period */
			next = t + period;
	}
	if (!n) {
		fprintf(stderr, "wakelat: no samples\n");
		return 1;
	}
	qsort(samples, n, sizeof(samples[0]), cmp_double);
	printf("WAKELAT label=%s pid=%d n=%zu mean_us=%.0f p50_us=%.0f p99_us=%.0f max_us=%.0f cpu_ms=%.0f p995_us=%.0f\n",
	       label, (int)getpid(), n, 1e6 * sum / n, 1e6 * samples[n / 2],
	       1e6 * samples[n * 99 / 100], 1e6 * samples[n - 1],
	       1e3 * (now_sec(CLOCK_PROCESS_CPUTIME_ID) - cpu0),
	       1e6 * samples[n * 995 / 1000]);
	return 0;
}
