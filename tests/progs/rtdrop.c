// SPDX-License-Identifier: GPL-2.0
/*
 * rtdrop - a running SCHED_FIFO task that drops to SCHED_OTHER must be
 * preempted at once by an RT task queued behind it on the same CPU.
 *
 * usage: rtdrop [-c CPU] [-t SECONDS]
 *
 * The parent pins itself to CPU (default 0), becomes SCHED_FIFO 50 and
 * forks a child, which stays queued behind it; the parent lowers the child
 * to SCHED_FIFO 10, then switches itself to SCHED_OTHER and spins for up
 * to SECONDS (default 2) until the child has run.  Prints:
 *   RTDROP cpu=C delay_us=D ran=0|1
 * Exit status: 0 when the child ran, 1 when it did not or setup failed.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

#include "progs.h"

static long long now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

static void fifo(pid_t pid, int prio)
{
	struct sched_param sp = { .sched_priority = prio };

	if (sched_setscheduler(pid, prio ? SCHED_FIFO : SCHED_OTHER, &sp)) {
		perror("rtdrop: sched_setscheduler");
		exit(1);
	}
}

int main(int argc, char **argv)
{
	long long *child_ran_at;	/* shared with the child: atomic accesses */
	double seconds = 2;
	long long t0, deadline, ran_at;
	int cpu = 0, opt;
	pid_t child;

	while ((opt = getopt(argc, argv, "c:t:")) != -1) {
		if (opt == 'c')
			cpu = parse_cpu(optarg);
		else if (opt == 't')
			seconds = parse_seconds(optarg, 3600);
		else {
			fprintf(stderr, "usage: rtdrop [-c CPU] [-t SECONDS]\n");
			return 1;
		}
	}
	child_ran_at = map_shared(sizeof(*child_ran_at));
	*child_ran_at = 0;
	if (pin_to_cpu(cpu))
		return 1;
	fifo(0, 50);

	child = fork();
	if (child < 0) {
		perror("rtdrop: fork");
		return 1;
	}
	if (child == 0) {
		/* Runs only once the parent stops hogging the CPU. */
		__atomic_store_n(child_ran_at, now_us(), __ATOMIC_RELEASE);
		_exit(0);
	}
	fifo(child, 10);

	t0 = now_us();
	fifo(0, 0);
	deadline = t0 + (long long)(seconds * 1e6);
	while (!(ran_at = __atomic_load_n(child_ran_at, __ATOMIC_ACQUIRE)) &&
	       now_us() < deadline)
		;
	printf("RTDROP cpu=%d delay_us=%lld ran=%d\n", cpu,
	       ran_at ? ran_at - t0 : now_us() - t0, ran_at != 0);
	fflush(stdout);
	waitpid(child, NULL, 0);
	return ran_at ? 0 : 1;
}
