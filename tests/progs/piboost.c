// SPDX-License-Identifier: GPL-2.0
/*
 * piboost - priority-inheritance boosts of a normal task (the pi_boost
 * test): each one takes the task out of the policy class and back.
 *
 * usage: piboost [-n ROUNDS] [-c CPU] [-b BURN_MS]
 *
 * The main thread (SCHED_OTHER, a task of the policy) and a SCHED_FIFO 10
 * thread are pinned to CPU (default 0).  In each of ROUNDS (default 200)
 * rounds the main thread locks a PTHREAD_PRIO_INHERIT mutex (a PI futex),
 * wakes the FIFO thread, which preempts it and blocks on the mutex, so
 * the main thread runs boosted to FIFO 10 (checked: the priority field of
 * /proc/thread-self/stat is -11, seen within 200 ms) for BURN_MS
 * (default 1) of CPU time, then unlocks (deboost: it re-enters the
 * policy class) and waits for the FIFO thread to have taken and released
 * the mutex.  The rounds begin once the thread is SCHED_FIFO.  Prints:
 *
 *   PIBOOST rounds=R boosted=B unboosted_after=U failed=F first_miss=M
 *
 * B: rounds in which the boost was seen; U: rounds after which the main
 * thread was back at its normal priority (20); M: the first round (from
 * 0) without a boost, -1 if none.  Exit status: 0 if every
 * round boosted and deboosted, 1 otherwise, 2 on usage errors.
 */
#include "progs.h"
#include <pthread.h>
#include <sched.h>

static pthread_mutex_t pi_mutex;
static int go_pipe[2], done_pipe[2];
static long rounds = 200;
static long cpu;
static double burn_s = 0.001;
static int fifo_unready;	/* not FIFO; set before the ready byte */

/* Field 18 of /proc/thread-self/stat: the kernel's prio - 100. */
static int my_prio(void)
{
	char buf[1024], *p;
	int field = 0;
	FILE *f = fopen("/proc/thread-self/stat", "r");

	if (!f || !fgets(buf, sizeof(buf), f)) {
		if (f)
			fclose(f);
		return 1000;
	}
	fclose(f);
	p = strrchr(buf, ')');	/* after the comm, which may hold spaces */
	if (!p)
		return 1000;
	for (field = 2; p && field < 18; field++)
		p = strchr(p + 1, ' ');
	return p ? atoi(p + 1) : 1000;
}

/*
 * Burn BURN_MS while boosted: poll the priority until the FIFO thread has
 * blocked on the mutex (at once on an idle machine, later under load),
 * for up to 200 ms of wall time.
 */
static int boost_seen(void)
{
	double give_up = now_sec(CLOCK_MONOTONIC) + 0.2;

	while (my_prio() != -11)
		if (now_sec(CLOCK_MONOTONIC) > give_up)
			return 0;
	burn_cpu(burn_s);
	return 1;
}

static void *fifo_fn(void *arg)
{
	struct sched_param sp = { .sched_priority = 10 };
	long i;

	char c = 1;

	if (pin_to_cpu(cpu) || pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp))
		fifo_unready = 1;
	/* ready: from here on, a byte on go_pipe preempts the main thread */
	if (write(done_pipe[1], &c, 1) != 1 || fifo_unready)
		return (void *)1;
	for (i = 0; i < rounds; i++) {
		wait_byte(go_pipe[0]);
		pthread_mutex_lock(&pi_mutex);
		pthread_mutex_unlock(&pi_mutex);
		if (write(done_pipe[1], &c, 1) != 1)
			return (void *)1;
	}
	return NULL;
}

int main(int argc, char **argv)
{
	long i, boosted = 0, unboosted = 0, failed = 0, first_miss = -1;
	pthread_mutexattr_t ma;
	pthread_t fifo;
	void *ret;
	int opt;

	while ((opt = getopt(argc, argv, "n:c:b:")) != -1) {
		switch (opt) {
		case 'n':
			rounds = parse_long(optarg, "rounds", 1, 1000000);
			break;
		case 'c':
			cpu = parse_cpu(optarg);
			break;
		case 'b':
			burn_s = parse_long(optarg, "burn ms", 0, 1000) / 1000.0;
			break;
		default:
			fprintf(stderr, "usage: piboost [-n ROUNDS] [-c CPU] [-b BURN_MS]\n");
			return 2;
		}
	}
	if (pin_to_cpu(cpu) || pipe(go_pipe) || pipe(done_pipe))
		return 1;
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setprotocol(&ma, PTHREAD_PRIO_INHERIT);
	pthread_mutex_init(&pi_mutex, &ma);
	if (pthread_create(&fifo, NULL, fifo_fn, NULL)) {
		perror("piboost: pthread_create");
		return 1;
	}
	/*
	 * Until it is SCHED_FIFO the thread is a policy task like us, and
	 * a policy may run a new thread last and keep a spinning parent on
	 * the CPU (o1 does, as 2.6.22 did): a first round begun before the
	 * thread is ready would time the policy, not the boost.  Sleep
	 * until it is.
	 */
	wait_byte(done_pipe[0]);
	for (i = 0; i < rounds && !fifo_unready; i++) {
		char c = 1;

		pthread_mutex_lock(&pi_mutex);
		/* the FIFO thread preempts us here and blocks on the mutex */
		if (write(go_pipe[1], &c, 1) != 1)
			break;
		if (boost_seen())
			boosted++;
		else if (first_miss < 0)
			first_miss = i;
		pthread_mutex_unlock(&pi_mutex);
		wait_byte(done_pipe[0]);
		if (my_prio() == 20)
			unboosted++;
	}
	if (pthread_join(fifo, &ret) || ret)
		failed++;
	failed += (rounds - boosted) + (rounds - unboosted);
	printf("PIBOOST rounds=%ld boosted=%ld unboosted_after=%ld failed=%ld first_miss=%ld\n",
	       rounds, boosted, unboosted, failed, first_miss);
	return failed ? 1 : 0;
}
