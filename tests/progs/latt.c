// SPDX-License-Identifier: GPL-2.0
/*
 * latt - wakeup latency of clients woken through pipes (after Jens Axboe's
 * latt).
 *
 * usage: latt [-t SECONDS] [-c CLIENTS] [-d MAX_DELAY_US] [-s SEED]
 *
 * Forks CLIENTS (default 4) children, each reading a pipe of its own with
 * a plain blocking read().  For SECONDS (default 3) the parent sleeps a
 * pseudo-random delay in [0, MAX_DELAY_US] (default 10000; SEED, default 1,
 * seeds the generator so that runs repeat), then writes each client the
 * current CLOCK_MONOTONIC time in nanoseconds (8 bytes, taken just before
 * that client's write).  A client woken by the write takes now minus that
 * time as one wakeup latency; samples go to shared memory (the first 200000
 * are kept; a note on stderr counts any beyond).  Prints two lines, times
 * in microseconds, percentiles by nearest rank:
 *
 *   LATT clients=C secs=S samples=N mean_us=.. stddev_us=.. min_us=.. max_us=.. p50_us=.. p90_us=.. p99_us=.. p999_us=..
 *   LATT_QUANTILES q0.01=.. q0.05=.. q0.10=.. ... q0.99=.. q0.999=.. q1=..
 *
 * (the second line has the quantiles 0.01 0.05 0.10 0.20 ... 0.90 0.95
 * 0.99 0.999 1; S is the measured length of the parent's loop, stddev the
 * population one).
 *
 * Exit status: 0 on success, 1 if a setup step or a client failed or there
 * was no sample, 2 on usage error.
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

#define MAX_CLIENTS	256
#define MAX_SAMPLES	200000

struct shared {
	long taken;			/* samples claimed, kept or not */
	int64_t ns[MAX_SAMPLES];
};

static const char *const qnames[] = {
	"0.01", "0.05", "0.10", "0.20", "0.30", "0.40", "0.50", "0.60",
	"0.70", "0.80", "0.90", "0.95", "0.99", "0.999", "1",
};

static void usage(void)
{
	fprintf(stderr,
		"usage: latt [-t SECONDS] [-c CLIENTS] [-d MAX_DELAY_US] [-s SEED]\n");
	exit(2);
}

static int64_t now_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts)) {
		perror("clock_gettime");
		exit(1);
	}
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* xorshift64*: small, good enough, and the same on every libc */
static uint64_t next_rand(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

/* Read exactly @len bytes: 1 done, 0 at end of file, -1 on error. */
static int read_full(int fd, void *buf, size_t len)
{
	size_t got = 0;
	ssize_t n;

	while (got < len) {
		n = read(fd, (char *)buf + got, len - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			return got ? -1 : 0;
		got += n;
	}
	return 1;
}

static void client(int rfd, int ready_fd, struct shared *sh)
{
	int64_t ts, lat;
	long i;
	int rc;
	char c = 'r';

	if (write(ready_fd, &c, 1) != 1)
		_exit(1);
	close(ready_fd);
	while ((rc = read_full(rfd, &ts, sizeof(ts))) == 1) {
		lat = now_ns() - ts;
		i = __atomic_fetch_add(&sh->taken, 1, __ATOMIC_RELAXED);
		if (i < MAX_SAMPLES)
			sh->ns[i] = lat;
	}
	_exit(rc ? 1 : 0);
}

static void sleep_us(long us)
{
	struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* The parent's loop; returns 0, or -1 if a write failed. */
static int drive(const int *wfd, long clients, double secs, long max_delay,
		 uint64_t seed, double *elapsed)
{
	double t0 = now_sec(CLOCK_MONOTONIC), end = t0 + secs;
	uint64_t state = (seed + 1) * 0x9e3779b97f4a7c15ULL; /* never 0 */
	int64_t ts;
	long i;
	int ret = 0;

	while (now_sec(CLOCK_MONOTONIC) < end) {
		if (max_delay)
			sleep_us(next_rand(&state) % (max_delay + 1));
		for (i = 0; i < clients; i++) {
			ts = now_ns();
			if (write(wfd[i], &ts, sizeof(ts)) != sizeof(ts)) {
				perror("latt: write");
				ret = -1;
				goto out;
			}
		}
	}
out:
	*elapsed = now_sec(CLOCK_MONOTONIC) - t0;
	return ret;
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* Nearest rank: the smallest sample with at least q * n samples <= it. */
static double quantile_us(const int64_t *s, long n, double q)
{
	double want = q * n - 1e-9;	/* 0.7 * 10 is 7.000000000000001 */
	long rank = (long)want;

	if (rank < want)		/* ceil, without libm */
		rank++;
	if (rank < 1)
		rank = 1;
	if (rank > n)
		rank = n;
	return s[rank - 1] / 1e3;
}

/* Square root by Newton's method, so that no libm is needed. */
static double sqrt_nr(double x)
{
	double r = x > 1 ? x : 1;
	int i;

	if (x <= 0)
		return 0;
	for (i = 0; i < 200; i++) {
		double next = (r + x / r) / 2;

		if (next >= r)
			break;
		r = next;
	}
	return r;
}

static void report(int64_t *s, long n, long clients, double elapsed)
{
	double sum = 0, var = 0, mean, d;
	long i;

	qsort(s, n, sizeof(s[0]), cmp_i64);
	for (i = 0; i < n; i++)
		sum += s[i];
	mean = sum / n;
	for (i = 0; i < n; i++) {
		d = s[i] - mean;
		var += d * d;
	}
	printf("LATT clients=%ld secs=%.3f samples=%ld mean_us=%.1f stddev_us=%.1f min_us=%.1f max_us=%.1f p50_us=%.1f p90_us=%.1f p99_us=%.1f p999_us=%.1f\n",
	       clients, elapsed, n, mean / 1e3, sqrt_nr(var / n) / 1e3,
	       s[0] / 1e3, s[n - 1] / 1e3, quantile_us(s, n, 0.5),
	       quantile_us(s, n, 0.9), quantile_us(s, n, 0.99),
	       quantile_us(s, n, 0.999));
	printf("LATT_QUANTILES");
	for (i = 0; i < (long)(sizeof(qnames) / sizeof(qnames[0])); i++)
		printf(" q%s=%.1f", qnames[i],
		       quantile_us(s, n, strtod(qnames[i], NULL)));
	printf("\n");
}

/* Fork the clients; returns how many were started. */
static long start_clients(int *wfd, long clients, struct shared *sh)
{
	int ready[2], pfd[2];
	long i, n = 0;

	if (pipe(ready)) {
		perror("latt: pipe");
		return 0;
	}
	for (i = 0; i < clients; i++) {
		pid_t pid;

		if (pipe(pfd)) {
			perror("latt: pipe");
			break;
		}
		pid = fork();
		if (pid < 0) {
			perror("latt: fork");
			close(pfd[0]);
			close(pfd[1]);
			break;
		}
		if (pid == 0) {
			/* only the own pipe's read end and the ready pipe */
			while (--n >= 0)
				close(wfd[n]);
			close(pfd[1]);
			close(ready[0]);
			client(pfd[0], ready[1], sh);
		}
		close(pfd[0]);
		wfd[n++] = pfd[1];
	}
	close(ready[1]);
	/* wait until every client is about to block in read() */
	for (i = 0; i < n; i++)
		wait_byte(ready[0]);
	close(ready[0]);
	return n;
}

int main(int argc, char **argv)
{
	long clients = 4, max_delay = 10000, seed = 1, started, n, i;
	double secs = 3.0, elapsed = 0;
	int wfd[MAX_CLIENTS];
	struct shared *sh;
	int opt, failed = 0;

	while ((opt = getopt(argc, argv, "+t:c:d:s:h")) != -1) {
		switch (opt) {
		case 't':
			secs = parse_seconds(optarg, 86400);
			break;
		case 'c':
			clients = parse_long(optarg, "clients", 1, MAX_CLIENTS);
			break;
		case 'd':
			max_delay = parse_long(optarg, "max delay", 0,
					       10000000);
			break;
		case 's':
			seed = parse_long(optarg, "seed", 0, 0x7fffffffL);
			break;
		default:
			usage();
		}
	}
	if (optind != argc)
		usage();

	sh = map_shared(sizeof(*sh));
	signal(SIGPIPE, SIG_IGN);	/* a dead client: EPIPE, not death */
	fflush(stdout);
	started = start_clients(wfd, clients, sh);
	if (started < clients)
		failed = 1;
	else if (drive(wfd, clients, secs, max_delay, seed, &elapsed))
		failed = 1;
	for (i = 0; i < started; i++)
		close(wfd[i]);
	if (reap_children(started))
		failed = 1;
	if (failed) {
		fprintf(stderr, "latt: a client or a setup step failed\n");
		return 1;
	}
	n = sh->taken < MAX_SAMPLES ? sh->taken : MAX_SAMPLES;
	if (sh->taken > MAX_SAMPLES)
		fprintf(stderr, "latt: %ld samples beyond the first %d not kept\n",
			sh->taken - MAX_SAMPLES, MAX_SAMPLES);
	if (!n) {
		fprintf(stderr, "latt: no samples\n");
		return 1;
	}
	report(sh->ns, n, clients, elapsed);
	return 0;
}
