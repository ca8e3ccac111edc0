// SPDX-License-Identifier: GPL-2.0
/*
 * sleeplat - wakeup latency of a periodic sleeper beside CPU hogs.
 *
 * usage: sleeplat [-t SECONDS] [-c CPU] [-p PERIOD_US] NHOGS
 *
 * Forks NHOGS spinning children and one sleeper, all pinned to CPU
 * (default 0).  The sleeper wakes every PERIOD_US (default 3000) with
 * clock_nanosleep(TIMER_ABSTIME) and a 1 ns timer slack, for SECONDS
 * (default 3), and records for each wakeup:
 *
 *   late   how long after the timer's expiry it was running again (timer
 *          delivery, which under TCG includes the host's timer lateness,
 *          plus the wait for the CPU)
 *   wait   the time it spent runnable but waiting for the CPU, from the
 *          kernel's own accounting (run_delay in /proc/self/schedstat,
 *          read after every wakeup)
 *
 * and the mean CPU time the sleeper used per wakeup (run_per_wake_us):
 * under CFS the sleeper keeps its full wakeup credit only while that
 * stays under its fair share of a period.
 *
 * Output: SLEEPLAT n=N hogs=H period_us=P median_us=A p90_us=B p99_us=C max_us=D
 *         wait_median_us=E wait_p90_us=F wait_p99_us=G wait_max_us=H
 *         run_per_wake_us=R
 * (the first four are "late").
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
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>

#include "progs.h"

#define MAX_HOGS	16
#define MAX_SAMPLES	100000

static void usage(void)
{
	fprintf(stderr, "usage: sleeplat [-t SECONDS] [-c CPU] [-p PERIOD_US] NHOGS\n");
	exit(2);
}

/*
 * The CPU time and run_delay (ns) from /proc/self/schedstat into *run
 * and *delay; -1 if they cannot be read
 */
static int schedstat(int fd, double *run, double *delay)
{
	unsigned long long r, d;
	char buf[128];
	ssize_t n;

	if (lseek(fd, 0, SEEK_SET) < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	if (sscanf(buf, "%llu %llu", &r, &d) != 2)
		return -1;
	*run = r;
	*delay = d;
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double pct(const double *v, int n, double p)
{
	int i = (int)(p * (n - 1) + 0.5);

	return v[i];
}

int main(int argc, char **argv)
{
	double secs = 3.0, *lat, *wait, d0, d1, run0, run1;
	long cpu = 0, period_us = 3000;
	pid_t pids[MAX_HOGS];
	struct timespec next;
	int n, i, opt, cnt = 0, failed = 0, fd;
	double end;

	while ((opt = getopt(argc, argv, "+t:c:p:h")) != -1) {
		switch (opt) {
		case 't':
			secs = parse_seconds(optarg, 600);
			break;
		case 'c':
			cpu = parse_cpu(optarg);
			break;
		case 'p':
			period_us = parse_long(optarg, "period_us", 100, 1000000);
			break;
		default:
			usage();
		}
	}
	if (argc - optind != 1)
		usage();
	n = parse_long(argv[optind], "nhogs", 0, MAX_HOGS);
	lat = calloc(MAX_SAMPLES, sizeof(*lat));
	wait = calloc(MAX_SAMPLES, sizeof(*wait));
	fd = open("/proc/self/schedstat", O_RDONLY);
	if (fd < 0) {
		perror("sleeplat: /proc/self/schedstat");
		return 1;
	}
	if (!lat || !wait) {
		perror("sleeplat: calloc");
		return 1;
	}
	if (pin_to_cpu(cpu))
		return 1;
	fflush(stdout);
	for (i = 0; i < n; i++) {
		if (fork_child(pids, i) == 0) {
			for (;;)
				for (volatile int k = 0; k < 1000; k++)
					;
		}
	}
	if (prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0))
		perror("sleeplat: PR_SET_TIMERSLACK");
	/* let the hogs settle, then sample */
	usleep(300000);
	clock_gettime(CLOCK_MONOTONIC, &next);
	end = next.tv_sec + next.tv_nsec / 1e9 + secs;
	if (schedstat(fd, &run0, &d0)) {
		fprintf(stderr, "sleeplat: cannot read run_delay\n");
		return 1;
	}
	while (cnt < MAX_SAMPLES) {
		double due, now;

		next.tv_nsec += period_us * 1000;
		while (next.tv_nsec >= 1000000000L) {
			next.tv_nsec -= 1000000000L;
			next.tv_sec++;
		}
		due = next.tv_sec + next.tv_nsec / 1e9;
		if (due > end)
			break;
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next,
				       NULL) == EINTR)
			;
		now = now_sec(CLOCK_MONOTONIC);
		if (schedstat(fd, &run1, &d1)) {
			fprintf(stderr, "sleeplat: cannot read run_delay\n");
			return 1;
		}
		wait[cnt] = (d1 - d0) / 1e3;
		d0 = d1;
		lat[cnt++] = (now - due) * 1e6;
		/* a late wakeup must not make the next sleep negative */
		if (now - due > period_us / 1e6)
			clock_gettime(CLOCK_MONOTONIC, &next);
	}
	if (kill_children(pids, n))
		failed = 1;
	if (cnt < 10) {
		fprintf(stderr, "sleeplat: only %d samples\n", cnt);
		return 1;
	}
	qsort(lat, cnt, sizeof(*lat), cmp_double);
	qsort(wait, cnt, sizeof(*wait), cmp_double);
	printf("SLEEPLAT n=%d hogs=%d period_us=%ld median_us=%.0f p90_us=%.0f p99_us=%.0f max_us=%.0f wait_median_us=%.0f wait_p90_us=%.0f wait_p99_us=%.0f wait_max_us=%.0f run_per_wake_us=%.0f\n",
	       cnt, n, period_us, pct(lat, cnt, 0.5), pct(lat, cnt, 0.9),
	       pct(lat, cnt, 0.99), lat[cnt - 1], pct(wait, cnt, 0.5),
	       pct(wait, cnt, 0.9), pct(wait, cnt, 0.99), wait[cnt - 1],
	       (run1 - run0) / 1e3 / cnt);
	return failed;
}
