// SPDX-License-Identifier: GPL-2.0
/*
 * computemix - an AIM7 "compute"-like job mix run by TASKS processes.
 *
 * usage: computemix [-t SECONDS] [-s SLEEP_US] TASKS
 *
 * Forks TASKS (1..10000) processes that wait on a pipe until all exist and
 * then run jobs for SECONDS (default 3).  Tasks are paired by index (2k
 * with 2k+1; an odd last task is its own partner).  One job is: a fixed
 * integer and floating-point kernel (about 20 us natively on a current
 * CPU), a pass over a private 64 KiB buffer (memset, memcpy, sum), one
 * 64-byte message exchange with the partner over a pair of pipes (each
 * writes, then reads the other's message), and a sleep of SLEEP_US
 * (default 200; 0 for none).  At the end the pair agree in the messages:
 * the even task sets a stop flag in the first exchange it makes after the
 * deadline, and both stop after that exchange, so both make the same
 * number of exchanges and neither waits for a message that never comes.
 * Jobs are counted in shared memory.  Prints one line:
 *
 *   COMPUTEMIX tasks=N secs=S jobs=J jobs_per_min=X min_task_jobs=A max_task_jobs=B
 *
 * S is the measured time from the start to the exit of the last task.
 * Each task needs about 200 KiB of memory (buffer, stack, page tables,
 * kernel structures), which bounds TASKS on a small machine.
 *
 * Exit status: 0 if every task ran at least one job and exited cleanly,
 * 1 otherwise, 2 on usage error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

#include "progs.h"

#define MAX_TASKS	10000
#define BUF_SIZE	(64 * 1024)
#define KERNEL_STEPS	8000		/* about 20 us natively */

struct msg {
	uint32_t stop;
	uint32_t task;
	uint64_t job;
	uint64_t sum;
	char pad[40];
};

_Static_assert(sizeof(struct msg) == 64, "a message is 64 bytes");

struct shared {
	double deadline;		/* CLOCK_MONOTONIC, set before the start */
	long jobs[];			/* one slot per task */
};

static uint64_t buf64[BUF_SIZE / sizeof(uint64_t)];	/* word-aligned */
static unsigned char *const buf = (unsigned char *)buf64;

static void usage(void)
{
	fprintf(stderr, "usage: computemix [-t SECONDS] [-s SLEEP_US] TASKS\n");
	exit(2);
}

/* (a) the arithmetic kernel: a chain of integer and floating-point steps */
static uint64_t compute(uint64_t seed)
{
	uint64_t x = seed | 1, acc = 0;
	double f = 1.0, g = 0.5;
	int i;

	for (i = 0; i < KERNEL_STEPS; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		acc += (x >> 33) % (uint64_t)(i + 3);
		f = f * 0.999999 + (double)(x >> 44) * 1e-7;
		g = g + f / (1.0 + (double)(i & 255));
	}
	return acc ^ (uint64_t)(f * 1e6) ^ (uint64_t)g;
}

/* (b) the memory pass over the private buffer */
static uint64_t memory_pass(uint64_t seed)
{
	const uint64_t *w = buf64;
	uint64_t sum = 0;
	size_t i;

	memset(buf, (int)(seed & 0xff), BUF_SIZE / 2);
	buf[seed % (BUF_SIZE / 2)] ^= (unsigned char)(seed >> 8);
	memcpy(buf + BUF_SIZE / 2, buf, BUF_SIZE / 2);
	for (i = 0; i < BUF_SIZE / sizeof(*w); i++)
		sum += w[i] ^ i;
	return sum;
}

static int write_msg(int fd, const struct msg *m)
{
	ssize_t n;

	do {
		n = write(fd, m, sizeof(*m));
	} while (n < 0 && errno == EINTR);
	return n == sizeof(*m) ? 0 : -1;
}

/* Pipe writes of 64 bytes are atomic, but a read may still come short. */
static int read_msg(int fd, struct msg *m)
{
	size_t got = 0;
	ssize_t n;

	while (got < sizeof(*m)) {
		n = read(fd, (char *)m + got, sizeof(*m) - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		got += n;
	}
	return 0;
}

static void sleep_us(long us)
{
	struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/*
 * One task's life.  @leader decides when to stop (the even task of a pair,
 * and the odd one out, whose partner is itself); the other follows the
 * stop flag in the leader's message.
 */
static void task(long idx, int rfd, int wfd, int leader, struct shared *sh,
		 long nap_us)
{
	struct msg out, in;
	uint64_t sum = idx;
	long jobs = 0;
	int stop;

	memset(&out, 0, sizeof(out));
	out.task = idx;
	for (;;) {
		sum = compute(sum + jobs);
		sum += memory_pass(sum);
		stop = leader && now_sec(CLOCK_MONOTONIC) >= sh->deadline;
		out.stop = stop;
		out.job = jobs;
		out.sum = sum;
		if (write_msg(wfd, &out) || read_msg(rfd, &in))
			_exit(1);
		if (in.job != (uint64_t)jobs)	/* the pair got out of step */
			_exit(1);
		sum ^= in.sum;
		sh->jobs[idx] = ++jobs;
		if (stop || in.stop)
			_exit(0);
		if (nap_us)
			sleep_us(nap_us);
	}
}

/* Wait for the start (EOF once the parent closes its write end), then run. */
static void child(long idx, int start_r, int rfd, int wfd, int leader,
		  struct shared *sh, long nap_us)
{
	wait_byte(start_r);
	close(start_r);
	task(idx, rfd, wfd, leader, sh, nap_us);
}

/*
 * Fork the tasks of one pair (@idx and @idx + 1, or just @idx when it is
 * the last); returns how many were forked.
 */
static int fork_pair(long idx, long ntasks, int start[2], pid_t *pids,
		     struct shared *sh, long nap_us)
{
	int ab[2], ba[2], n = 0;

	if (idx + 1 == ntasks) {		/* the odd one out */
		if (pipe(ab)) {
			perror("computemix: pipe");
			return 0;
		}
		pids[idx] = fork();
		if (pids[idx] == 0) {
			close(start[1]);
			child(idx, start[0], ab[0], ab[1], 1, sh, nap_us);
		}
		if (pids[idx] < 0)
			perror("computemix: fork");
		close(ab[0]);
		close(ab[1]);
		return pids[idx] > 0;
	}
	if (pipe(ab)) {
		perror("computemix: pipe");
		return 0;
	}
	if (pipe(ba)) {
		perror("computemix: pipe");
		close(ab[0]);
		close(ab[1]);
		return 0;
	}
	pids[idx] = fork();
	if (pids[idx] == 0) {
		close(start[1]);
		close(ab[0]);
		close(ba[1]);
		child(idx, start[0], ba[0], ab[1], 1, sh, nap_us);
	}
	if (pids[idx] > 0) {
		n++;
		pids[idx + 1] = fork();
		if (pids[idx + 1] == 0) {
			close(start[1]);
			close(ab[1]);
			close(ba[0]);
			child(idx + 1, start[0], ab[0], ba[1], 0, sh, nap_us);
		}
		if (pids[idx + 1] > 0)
			n++;
	}
	if (n < 2)
		perror("computemix: fork");
	close(ab[0]);
	close(ab[1]);
	close(ba[0]);
	close(ba[1]);
	return n;
}

int main(int argc, char **argv)
{
	long ntasks, nap_us = 200, started = 0, i, total = 0, min, max;
	double secs = 3.0, t0, t1;
	struct shared *sh;
	int opt, failed = 0, start[2];
	pid_t *pids;

	while ((opt = getopt(argc, argv, "+t:s:h")) != -1) {
		switch (opt) {
		case 't':
			secs = parse_seconds(optarg, 3600);
			break;
		case 's':
			nap_us = parse_long(optarg, "sleep", 0, 1000000);
			break;
		default:
			usage();
		}
	}
	if (optind != argc - 1)
		usage();
	ntasks = parse_long(argv[optind], "TASKS", 1, MAX_TASKS);

	sh = map_shared(sizeof(*sh) + ntasks * sizeof(sh->jobs[0]));
	pids = calloc(ntasks, sizeof(*pids));
	if (!pids || pipe(start)) {
		fprintf(stderr, "computemix: setup failed\n");
		return 1;
	}
	fflush(stdout);
	for (i = 0; i < ntasks; i += 2) {
		int want = i + 1 == ntasks ? 1 : 2;
		int got = fork_pair(i, ntasks, start, pids, sh, nap_us);

		started += got;
		if (got < want) {
			failed = 1;
			break;
		}
	}
	if (failed) {		/* no half pairs: stop everyone */
		for (i = 0; i < ntasks; i++)
			if (pids[i] > 0)
				kill(pids[i], SIGKILL);
	}
	t0 = now_sec(CLOCK_MONOTONIC);
	sh->deadline = t0 + secs;
	close(start[0]);
	close(start[1]);	/* the start: every task reads end of file */
	if (reap_children(started))
		failed = 1;
	t1 = now_sec(CLOCK_MONOTONIC);
	if (failed) {
		fprintf(stderr, "computemix: a task or a setup step failed\n");
		return 1;
	}

	min = max = sh->jobs[0];
	for (i = 0; i < ntasks; i++) {
		total += sh->jobs[i];
		if (sh->jobs[i] < min)
			min = sh->jobs[i];
		if (sh->jobs[i] > max)
			max = sh->jobs[i];
	}
	printf("COMPUTEMIX tasks=%ld secs=%.3f jobs=%ld jobs_per_min=%.0f min_task_jobs=%ld max_task_jobs=%ld\n",
	       ntasks, t1 - t0, total, total * 60 / (t1 - t0), min, max);
	if (!min) {
		fprintf(stderr, "computemix: a task completed no job\n");
		return 1;
	}
	return 0;
}
