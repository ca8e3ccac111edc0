// SPDX-License-Identifier: GPL-2.0
/*
 * runlat - how long CPU hogs wait between their runs.
 *
 * usage: runlat [-t SECONDS] [-c CPU] [-g GAP_US] [-l LOST_US] NHOGS
 *
 * Forks NHOGS children pinned to CPU (default 0) that spin reading
 * CLOCK_MONOTONIC for SECONDS (default 3) after a common start.  Each
 * records its runs: a run ends where two consecutive clock reads are more
 * than GAP_US (default 100) apart.  A hog's wait is the interval between
 * two of its runs in which another hog ran; it is measured twice:
 *
 *   wait_ms  the CPU time the other hogs used in that interval (the time
 *            the scheduler gave to others before coming back; the host's
 *            stalls of a virtual CPU and interrupts are not in it)
 *   gap_ms   the wall time of the interval
 *
 * A wait is "clean" when, from the start of the hog's preceding turn to
 * the end of the wait, at most LOST_US (default 1000) of wall time went
 * to no hog at all (a host stall of the virtual CPU, interrupts, another
 * task).  The kernel charges such time to whichever task was current, and
 * a fair scheduler then rightly makes that task wait the longer for its
 * next turn; it is not the scheduler's latency.
 *
 * Output, one line per hog and a summary:
 *   RUNLAT idx=I pid=P runs=R waits=W clean=K max_wait_ms=X max_clean_wait_ms=Z max_gap_ms=Y cpu_ms=U
 *   RUNLAT_SUMMARY n=N secs=T cpu=C max_wait_ms=X max_clean_wait_ms=Z max_gap_ms=Y mean_wait_ms=M p50_wait_ms=A p90_wait_ms=P p99_wait_ms=B waits=W clean=K
 *
 * Exit status: 0 if all hogs completed, 1 otherwise, 2 on usage error.
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
#define MAX_RUNS	50000

struct run {
	double start, end;
};

struct hogrec {
	int nruns;
	int done;
	int overflow;
	struct run runs[MAX_RUNS];
};

struct shared {
	double deadline;
	struct hogrec hog[MAX_HOGS];
};

static void usage(void)
{
	fprintf(stderr, "usage: runlat [-t SECONDS] [-c CPU] [-g GAP_US] [-l LOST_US] NHOGS\n");
	exit(2);
}

static void add_run(struct hogrec *h, double start, double end)
{
	if (h->nruns >= MAX_RUNS) {
		h->overflow = 1;
		return;
	}
	h->runs[h->nruns].start = start;
	h->runs[h->nruns].end = end;
	h->nruns++;
}

static void child(struct shared *sh, int idx, long cpu, double gap, int rfd)
{
	struct hogrec *h = &sh->hog[idx];
	double start, last, t;

	if (pin_to_cpu(cpu))
		_exit(1);
	wait_byte(rfd);
	start = last = now_sec(CLOCK_MONOTONIC);
	while (last < sh->deadline) {
		t = now_sec(CLOCK_MONOTONIC);
		if (t - last > gap) {
			add_run(h, start, last);
			start = t;
		}
		last = t;
	}
	add_run(h, start, last);
	h->done = 1;
	_exit(0);
}

static double all_waits[MAX_HOGS * MAX_RUNS / 4];
static long nall;

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double pctl(double p)
{
	return nall ? all_waits[(long)(p * (nall - 1) + 0.5)] : 0;
}

/* CPU time of the other hogs' runs inside (from, to) */
static double others_in(struct shared *sh, int n, int self, double from,
			double to)
{
	double sum = 0;
	int j, k;

	for (j = 0; j < n; j++) {
		struct hogrec *o = &sh->hog[j];

		if (j == self)
			continue;
		for (k = 0; k < o->nruns; k++) {
			double s = o->runs[k].start, e = o->runs[k].end;

			if (e <= from)
				continue;
			if (s >= to)
				break;
			sum += (e < to ? e : to) - (s > from ? s : from);
		}
	}
	return sum;
}

int main(int argc, char **argv)
{
	double secs = 3.0, gap = 100e-6, max_wait = 0, max_gap = 0, sum_wait = 0;
	double lost_max = 1e-3, max_clean = 0;
	long cpu = 0, nwaits = 0, nclean = 0;
	pid_t pids[MAX_HOGS];
	struct shared *sh;
	int n, i, k, opt, pfd[2], failed = 0;

	while ((opt = getopt(argc, argv, "+t:c:g:l:h")) != -1) {
		switch (opt) {
		case 't':
			secs = parse_seconds(optarg, 600);
			break;
		case 'c':
			cpu = parse_cpu(optarg);
			break;
		case 'g':
			gap = parse_long(optarg, "gap_us", 1, 1000000) / 1e6;
			break;
		case 'l':
			lost_max = parse_long(optarg, "lost_us", 0, 1000000) / 1e6;
			break;
		default:
			usage();
		}
	}
	if (argc - optind != 1)
		usage();
	n = parse_long(argv[optind], "nhogs", 2, MAX_HOGS);

	sh = map_shared(sizeof(*sh));
	if (pipe(pfd)) {
		perror("runlat: pipe");
		return 1;
	}
	fflush(stdout);
	for (i = 0; i < n; i++) {
		if (fork_child(pids, i) == 0) {
			close(pfd[1]);
			child(sh, i, cpu, gap, pfd[0]);
		}
	}
	close(pfd[0]);
	usleep(200000);
	sh->deadline = now_sec(CLOCK_MONOTONIC) + secs;
	__sync_synchronize();
	close(pfd[1]);

	for (i = 0; i < n; i++) {
		if (!reap_ok(pids[i]) || !sh->hog[i].done ||
		    sh->hog[i].overflow) {
			fprintf(stderr, "runlat: hog %d (pid %d) failed\n", i,
				(int)pids[i]);
			failed = 1;
		}
	}
	for (i = 0; i < n; i++) {
		struct hogrec *h = &sh->hog[i];
		double hmax = 0, hgap = 0, cpu_s = 0, hclean = 0;
		double turn_start = h->nruns ? h->runs[0].start : 0, own = 0;
		long w = 0, c = 0;

		for (k = 0; k < h->nruns; k++)
			cpu_s += h->runs[k].end - h->runs[k].start;
		for (k = 0; k + 1 < h->nruns; k++) {
			double from = h->runs[k].end, to = h->runs[k + 1].start;
			double o = others_in(sh, n, i, from, to);
			double lost;

			own += h->runs[k].end - h->runs[k].start;
			if (o <= 0)
				continue;	/* an interrupt, not a wait */
			/* wall time of turn + wait that no hog used */
			lost = (to - turn_start) - own -
			       others_in(sh, n, i, turn_start, to);
			if (lost <= lost_max) {
				c++;
				if (o > hclean)
					hclean = o;
			}
			turn_start = to;
			own = 0;
			w++;
			if (nall < (long)(sizeof(all_waits) / sizeof(*all_waits)))
				all_waits[nall++] = o;
			sum_wait += o;
			if (o > hmax)
				hmax = o;
			if (to - from > hgap)
				hgap = to - from;
		}
		nwaits += w;
		nclean += c;
		if (hclean > max_clean)
			max_clean = hclean;
		if (hmax > max_wait)
			max_wait = hmax;
		if (hgap > max_gap)
			max_gap = hgap;
		printf("RUNLAT idx=%d pid=%d runs=%d waits=%ld clean=%ld max_wait_ms=%.3f max_clean_wait_ms=%.3f max_gap_ms=%.3f cpu_ms=%.1f\n",
		       i, (int)pids[i], h->nruns, w, c, hmax * 1e3,
		       hclean * 1e3, hgap * 1e3, cpu_s * 1e3);
	}
	qsort(all_waits, nall, sizeof(*all_waits), cmp_double);
	printf("RUNLAT_SUMMARY n=%d secs=%g cpu=%ld max_wait_ms=%.3f max_clean_wait_ms=%.3f max_gap_ms=%.3f mean_wait_ms=%.3f p50_wait_ms=%.3f p90_wait_ms=%.3f p99_wait_ms=%.3f waits=%ld clean=%ld\n",
	       n, secs, cpu, max_wait * 1e3, max_clean * 1e3, max_gap * 1e3,
	       nwaits ? sum_wait * 1e3 / nwaits : 0.0, pctl(0.5) * 1e3, pctl(0.9) * 1e3,
	       pctl(0.99) * 1e3, nwaits, nclean);
	return failed;
}
