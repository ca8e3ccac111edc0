/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the static test programs (each is one .c file that
 * includes this header).  Errors name the program; a bad argument exits
 * 2 (usage), a failed fork() or mmap() exits 1.
 */
#ifndef SPTEST_PROGS_H
#define SPTEST_PROGS_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <sys/wait.h>

/* Parse a decimal integer in [lo, hi] or exit with a message naming @what. */
static inline long parse_long(const char *s, const char *what, long lo, long hi)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < lo || v > hi) {
		fprintf(stderr, "%s: bad %s '%s' (want %ld..%ld)\n",
			program_invocation_short_name, what, s, lo, hi);
		exit(2);
	}
	return v;
}

/* Parse a CPU number for -c: 0 <= value < CPU_SETSIZE, or exit. */
static inline long parse_cpu(const char *s)
{
	return parse_long(s, "cpu", 0, CPU_SETSIZE - 1);
}

/* Parse a duration in seconds, 0 < value <= @max, or exit. */
static inline double parse_seconds(const char *s, double max)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || *end || !(v > 0) || v > max) {
		fprintf(stderr, "%s: bad seconds '%s' (want 0 < s <= %g)\n",
			program_invocation_short_name, s, max);
		exit(2);
	}
	return v;
}

/* Seconds on @clk, or exit. */
static inline double now_sec(clockid_t clk)
{
	struct timespec ts;

	if (clock_gettime(clk, &ts)) {
		perror("clock_gettime");
		exit(1);
	}
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Burn @secs of the calling thread's CPU time. */
static inline void burn_cpu(double secs)
{
	double end = now_sec(CLOCK_THREAD_CPUTIME_ID) + secs;

	while (now_sec(CLOCK_THREAD_CPUTIME_ID) < end)
		for (volatile int i = 0; i < 100; i++)
			;
}

/* Pin the calling thread to @cpu: 0, or -1 after a message naming the program. */
static inline int pin_to_cpu(long cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		fprintf(stderr, "%s: sched_setaffinity(cpu %ld): %s\n",
			program_invocation_short_name, cpu, strerror(errno));
		return -1;
	}
	return 0;
}

/* Zeroed memory shared with the children forked after it, or exit 1. */
static inline void *map_shared(size_t size)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		fprintf(stderr, "%s: mmap: %s\n",
			program_invocation_short_name, strerror(errno));
		exit(1);
	}
	return p;
}

/*
 * A fork() failed: "PROG: fork: ERROR", SIGKILL to the @n children in
 * @pids (none when @n is 0), exit 1.
 */
static inline void fork_failed(const pid_t *pids, int n)
{
	fprintf(stderr, "%s: fork: %s\n", program_invocation_short_name,
		strerror(errno));
	while (--n >= 0)
		kill(pids[n], SIGKILL);
	exit(1);
}

/* fork(), or exit 1 with a message (fork_failed). */
static inline pid_t xfork(void)
{
	pid_t pid = fork();

	if (pid < 0)
		fork_failed(NULL, 0);
	return pid;
}

/*
 * Fork child @i of @pids, the children 0..@i-1 forked already: fork()'s
 * value, also stored in pids[@i].  If the fork fails, the children
 * already forked get SIGKILL and the program exits 1 (fork_failed).
 */
static inline pid_t fork_child(pid_t *pids, int i)
{
	pids[i] = fork();
	if (pids[i] < 0)
		fork_failed(pids, i);
	return pids[i];
}

/* Wait for child @pid (-1: any child): 1 if it exited with status 0. */
static inline int reap_ok(pid_t pid)
{
	int status;

	return waitpid(pid, &status, 0) >= 0 && WIFEXITED(status) &&
	       !WEXITSTATUS(status);
}

/* Reap @n children, in any order: 0 if each exited with status 0, else 1. */
static inline int reap_children(long n)
{
	int failed = 0;

	while (n-- > 0)
		if (!reap_ok(-1))
			failed = 1;
	return failed;
}

/* SIGKILL and reap the @n children in @pids: 0, or 1 if one was not reaped. */
static inline int kill_children(const pid_t *pids, int n)
{
	int i, failed = 0;

	for (i = 0; i < n; i++) {
		kill(pids[i], SIGKILL);
		if (waitpid(pids[i], NULL, 0) < 0)
			failed = 1;
	}
	return failed;
}

/*
 * Block until a byte arrives on @fd or every write end of its pipe is
 * closed (a start signal), retrying after a signal.
 */
static inline void wait_byte(int fd)
{
	char c;

	while (read(fd, &c, 1) < 0 && errno == EINTR)
		;
}

#endif /* SPTEST_PROGS_H */
