// SPDX-License-Identifier: GPL-2.0
/*
 * forkstorm - fork/exit storm followed by a thread create/join storm.
 *
 * usage: forkstorm [-p NPROC] [-t NTHREADS] [-j PARALLEL]
 *
 * Forks NPROC (default 5000) short-lived children, keeping up to PARALLEL
 * (default 8) alive at a time; each exits at once with a known status that
 * the parent checks.  Then creates and joins NTHREADS (default 2000)
 * threads, again up to PARALLEL at a time, checking each return value.
 * Prints one result line:
 *   FORKSTORM procs=N threads=M par=J proc_ms=A thread_ms=B failures=F
 * Exit status: 0 when everything finished and was correct, 1 otherwise.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

#include "progs.h"

#define MAX_PAR 256

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int reap_one(pid_t *pids, int *codes, int par, long *failures)
{
	int status, i;
	pid_t p;

	do {
		p = wait(&status);
	} while (p < 0 && errno == EINTR);
	if (p < 0) {
		fprintf(stderr, "forkstorm: wait: %s\n", strerror(errno));
		exit(1);
	}
	for (i = 0; i < par; i++) {
		if (pids[i] != p)
			continue;
		if (!WIFEXITED(status) || WEXITSTATUS(status) != codes[i]) {
			if (*failures < 10)
				fprintf(stderr, "forkstorm: child %d: status 0x%x, expected exit %d\n",
					(int)p, status, codes[i]);
			(*failures)++;
		}
		pids[i] = 0;
		return i;
	}
	fprintf(stderr, "forkstorm: unknown child %d reaped\n", (int)p);
	(*failures)++;
	return -1;
}

static void *thread_fn(void *arg)
{
	return (void *)((uintptr_t)arg * 3 + 1);
}

int main(int argc, char **argv)
{
	long nproc = 5000, nthr = 2000, par = 8, failures = 0, i;
	pid_t pids[MAX_PAR] = { 0 };
	int codes[MAX_PAR];
	pthread_t thr[MAX_PAR];
	uintptr_t targ[MAX_PAR];
	double t0, t1, t2;
	int opt, live = 0, slot, j;

	while ((opt = getopt(argc, argv, "+p:t:j:h")) != -1) {
		switch (opt) {
		case 'p':
			nproc = parse_long(optarg, "process count", 0, 10000000);
			break;
		case 't':
			nthr = parse_long(optarg, "thread count", 0, 10000000);
			break;
		case 'j':
			par = parse_long(optarg, "parallelism", 1, MAX_PAR);
			break;
		default:
			fprintf(stderr, "usage: forkstorm [-p NPROC] [-t NTHREADS] [-j PARALLEL]\n");
			return 2;
		}
	}

	t0 = now_ms();
	for (i = 0; i < nproc; i++) {
		pid_t p;

		if (live == par) {
			if (reap_one(pids, codes, par, &failures) >= 0)
				live--;
		}
		for (slot = 0; slot < par && pids[slot]; slot++)
			;
		p = fork();
		if (p < 0) {
			fprintf(stderr, "forkstorm: fork #%ld: %s\n", i,
				strerror(errno));
			failures++;
			break;
		}
		if (p == 0)
			_exit(i & 0x7f);
		pids[slot] = p;
		codes[slot] = i & 0x7f;
		live++;
	}
	while (live > 0) {
		if (reap_one(pids, codes, par, &failures) >= 0)
			live--;
	}
	t1 = now_ms();

	for (i = 0; i < nthr; i += par) {
		int batch = (nthr - i < par) ? (int)(nthr - i) : (int)par;
		int err;

		for (j = 0; j < batch; j++) {
			targ[j] = i + j;
			err = pthread_create(&thr[j], NULL, thread_fn,
					     (void *)targ[j]);
			if (err) {
				fprintf(stderr, "forkstorm: pthread_create #%ld: %s\n",
					i + j, strerror(err));
				failures++;
				batch = j;
				break;
			}
		}
		for (j = 0; j < batch; j++) {
			void *ret;

			err = pthread_join(thr[j], &ret);
			if (err || (uintptr_t)ret != targ[j] * 3 + 1) {
				fprintf(stderr, "forkstorm: thread #%lu: join %s, ret %p\n",
					(unsigned long)targ[j], strerror(err), ret);
				failures++;
			}
		}
		if (failures && batch < par)
			break;
	}
	t2 = now_ms();

	printf("FORKSTORM procs=%ld threads=%ld par=%ld proc_ms=%.0f thread_ms=%.0f failures=%ld\n",
	       nproc, nthr, par, t1 - t0, t2 - t1, failures);
	return failures ? 1 : 0;
}
