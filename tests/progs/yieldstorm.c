// SPDX-License-Identifier: GPL-2.0
/*
 * yieldstorm - rings of threads passing a token, waiting with sched_yield().
 *
 * usage: yieldstorm [-t SECONDS] [-r RINGS] [-n THREADS_PER_RING] [-w WORK]
 *
 * Starts RINGS (default 4) rings of THREADS_PER_RING (default 8) threads,
 * all in this one process (Volanomark's pattern: a chat server whose
 * threads wait for each other with sched_yield()).  In each ring a token
 * goes round: a thread waits for its turn by checking the ring's token and
 * calling sched_yield() after every failed check; holding the token it does
 * a "message": WORK (default 256) steps of a checksum-and-scramble loop
 * over the ring's 1 KiB message buffer, then hands the token to the next
 * thread.  After SECONDS (default 3) a stop flag, checked in the wait loop
 * too, ends every thread.  Prints one line:
 *
 *   YIELDSTORM rings=R threads=T secs=S messages=M msgs_per_s=X yields=Y yields_per_s=Z vcsw=V ivcsw=I
 *
 * T is the total number of threads, S the measured seconds from the start
 * to the stop flag, Y the number of sched_yield() calls, and V and I the
 * voluntary and involuntary context switches of the whole process
 * (getrusage) over the run.
 *
 * Exit status: 0 on success, 1 if a setup step failed or a ring passed no
 * message, 2 on usage error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>

#include "progs.h"

#define MAX_RINGS	64
#define MAX_PER_RING	64
#define MSG_SIZE	1024		/* a power of two */
#define STACK_SIZE	(64 * 1024)

struct ring {
	atomic_int turn;		/* index of the thread holding the token */
	unsigned int checksum;		/* written by the token holder */
	unsigned char msg[MSG_SIZE];
} __attribute__((aligned(64)));

struct worker {
	pthread_t tid;
	struct ring *ring;
	int idx, next;
	long messages, yields;		/* results, read after the join */
};

static atomic_int go, stop;
static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_cond = PTHREAD_COND_INITIALIZER;
static long work = 256;

static void usage(void)
{
	fprintf(stderr,
		"usage: yieldstorm [-t SECONDS] [-r RINGS] [-n THREADS_PER_RING] [-w WORK]\n");
	exit(2);
}

/* One message: @steps of a checksum loop that also rewrites the buffer. */
static unsigned int message_work(unsigned char *buf, long steps,
				 unsigned int sum)
{
	long i;

	for (i = 0; i < steps; i++) {
		unsigned int j = i & (MSG_SIZE - 1);

		sum = sum * 31 + buf[j];
		buf[j] = (unsigned char)(sum >> 11);
	}
	return sum;
}

/* Block until main() opens the gate (or gives up). */
static void wait_for_start(void)
{
	pthread_mutex_lock(&gate_lock);
	while (!atomic_load(&go))
		pthread_cond_wait(&gate_cond, &gate_lock);
	pthread_mutex_unlock(&gate_lock);
}

static void open_gate(void)
{
	pthread_mutex_lock(&gate_lock);
	atomic_store(&go, 1);
	pthread_cond_broadcast(&gate_cond);
	pthread_mutex_unlock(&gate_lock);
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct ring *r = w->ring;
	long messages = 0, yields = 0;

	wait_for_start();
	while (!atomic_load_explicit(&stop, memory_order_relaxed)) {
		/* wait for the token, the Volanomark way */
		while (atomic_load_explicit(&r->turn, memory_order_acquire) !=
		       w->idx) {
			if (atomic_load_explicit(&stop, memory_order_relaxed))
				goto out;
			sched_yield();
			yields++;
		}
		r->checksum = message_work(r->msg, work, r->checksum);
		messages++;
		atomic_store_explicit(&r->turn, w->next, memory_order_release);
	}
out:
	w->messages = messages;
	w->yields = yields;
	return NULL;
}

/* Sleep until @end on CLOCK_MONOTONIC. */
static void sleep_until(double end)
{
	struct timespec ts;

	ts.tv_sec = (time_t)end;
	ts.tv_nsec = (long)((end - ts.tv_sec) * 1e9);
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) ==
	       EINTR)
		;
}

static int start_workers(struct ring *rings, struct worker *w, long nrings,
			 long per_ring, long *started)
{
	pthread_attr_t attr;
	long r, i, k;
	int err;

	if (pthread_attr_init(&attr) ||
	    pthread_attr_setstacksize(&attr, STACK_SIZE)) {
		fprintf(stderr, "yieldstorm: pthread_attr setup failed\n");
		return -1;
	}
	for (r = 0; r < nrings; r++) {
		for (i = 0; i < MSG_SIZE; i++)
			rings[r].msg[i] = (unsigned char)(i * 7 + r);
		for (i = 0; i < per_ring; i++) {
			k = r * per_ring + i;
			w[k].ring = &rings[r];
			w[k].idx = i;
			w[k].next = (i + 1) % per_ring;
			err = pthread_create(&w[k].tid, &attr, worker_main,
					     &w[k]);
			if (err) {
				fprintf(stderr,
					"yieldstorm: pthread_create %ld: %s\n",
					k, strerror(err));
				pthread_attr_destroy(&attr);
				return -1;
			}
			(*started)++;
		}
	}
	pthread_attr_destroy(&attr);
	return 0;
}

int main(int argc, char **argv)
{
	long nrings = 4, per_ring = 8, started = 0, i, r;
	long messages = 0, yields = 0, ring_msgs;
	double secs = 3.0, t0, t1;
	struct rusage ru0, ru1;
	struct worker *w;
	struct ring *rings;
	int opt, failed = 0;

	while ((opt = getopt(argc, argv, "+t:r:n:w:h")) != -1) {
		switch (opt) {
		case 't':
			secs = parse_seconds(optarg, 3600);
			break;
		case 'r':
			nrings = parse_long(optarg, "rings", 1, MAX_RINGS);
			break;
		case 'n':
			per_ring = parse_long(optarg, "threads per ring", 1,
					      MAX_PER_RING);
			break;
		case 'w':
			work = parse_long(optarg, "work", 0, 100000000);
			break;
		default:
			usage();
		}
	}
	if (optind != argc)
		usage();

	rings = aligned_alloc(64, nrings * sizeof(*rings));
	w = calloc(nrings * per_ring, sizeof(*w));
	if (!rings || !w) {
		fprintf(stderr, "yieldstorm: out of memory\n");
		return 1;
	}
	memset(rings, 0, nrings * sizeof(*rings));
	if (start_workers(rings, w, nrings, per_ring, &started)) {
		atomic_store(&stop, 1);
		failed = 1;
	}

	getrusage(RUSAGE_SELF, &ru0);
	t0 = now_sec(CLOCK_MONOTONIC);
	open_gate();
	if (!failed)
		sleep_until(t0 + secs);
	t1 = now_sec(CLOCK_MONOTONIC);
	atomic_store(&stop, 1);
	for (i = 0; i < started; i++)
		pthread_join(w[i].tid, NULL);
	getrusage(RUSAGE_SELF, &ru1);
	if (failed)
		return 1;

	for (r = 0; r < nrings; r++) {
		ring_msgs = 0;
		for (i = 0; i < per_ring; i++) {
			ring_msgs += w[r * per_ring + i].messages;
			yields += w[r * per_ring + i].yields;
		}
		if (!ring_msgs) {
			fprintf(stderr, "yieldstorm: ring %ld passed no message\n",
				r);
			failed = 1;
		}
		messages += ring_msgs;
	}
	printf("YIELDSTORM rings=%ld threads=%ld secs=%.3f messages=%ld msgs_per_s=%.0f yields=%ld yields_per_s=%.0f vcsw=%ld ivcsw=%ld\n",
	       nrings, nrings * per_ring, t1 - t0, messages,
	       messages / (t1 - t0), yields, yields / (t1 - t0),
	       ru1.ru_nvcsw - ru0.ru_nvcsw, ru1.ru_nivcsw - ru0.ru_nivcsw);
	return failed;
}
