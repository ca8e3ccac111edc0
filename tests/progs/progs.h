/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the static test programs (each is one .c file that
 * includes this header).  Errors name the program and exit 2 (usage).
 */
#ifndef SPTEST_PROGS_H
#define SPTEST_PROGS_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>

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

#endif /* SPTEST_PROGS_H */
