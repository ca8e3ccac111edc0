// SPDX-License-Identifier: GPL-2.0
/*
 * syncwake - does a wakeup preempt the task running where the woken one
 * waits?  A writer and a reader, on one CPU or two, over a channel whose
 * wakeups are sync (a pipe) or not (an eventfd).
 *
 * usage: syncwake [-t SECONDS] [-c CPU] [-r READER_CPU] [-n NICE]
 *                 [-w WORK_US] pipe|eventfd
 *
 * The parent, at nice NICE (default 19), and a forked reader at nice 0
 * are pinned to CPU (default 0); with -r the reader to READER_CPU, where
 * the waker's sleep frees nothing (a remote wakeup).  For SECONDS
 * (default 2) the parent burns WORK_US (default 20) microseconds of CPU,
 * then writes one message: one byte to a pipe, or 1 added to an eventfd.
 * The reader reads as much as there is (up to 4096 bytes from the pipe;
 * the whole eventfd counter) until the parent closes the pipe or writes
 * the eventfd's end mark.  A pipe write wakes the reader with a sync
 * hint, an eventfd write without one.  If each wakeup preempts the task
 * running on the reader's CPU (the writer, or with -r whatever runs
 * there), the reader takes one message per read; if that task keeps the
 * CPU, many.  Prints one line:
 *
 *   SYNCWAKE chan=pipe|eventfd secs=S writes=W reads=R per_read=X
 *
 * Exit status: 0 if the reader got every message and exited cleanly, 1
 * otherwise, 2 on usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/eventfd.h>
#include <sys/resource.h>

#include "progs.h"

/* The eventfd reader stops at a counter with this bit (the end mark). */
#define END_MARK	(1ULL << 40)

struct counts {
	long long	msgs;	/* messages the reader got */
	long long	reads;	/* reads that returned any */
};

static void bad_usage(void)
{
	fprintf(stderr, "usage: syncwake [-t SECONDS] [-c CPU] [-r READER_CPU] [-n NICE] [-w WORK_US] pipe|eventfd\n");
	exit(2);
}

static int pipe_reader(int fd, struct counts *c)
{
	char buf[4096];
	ssize_t n;

	for (;;) {
		n = read(fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0;
		c->msgs += n;
		c->reads++;
	}
}

static int eventfd_reader(int fd, struct counts *c)
{
	uint64_t v;

	for (;;) {
		if (read(fd, &v, sizeof(v)) != sizeof(v)) {
			if (errno == EINTR)
				continue;
			return 1;
		}
		c->msgs += v & (END_MARK - 1);
		c->reads++;
		if (v & END_MARK)
			return 0;
	}
}

static int send_one(int fd, int is_pipe)
{
	uint64_t one = 1;

	if (is_pipe)
		return write(fd, "x", 1) == 1 ? 0 : -1;
	return write(fd, &one, sizeof(one)) == sizeof(one) ? 0 : -1;
}

static int send_end(int fd, int is_pipe)
{
	uint64_t mark = END_MARK;

	if (is_pipe)
		return close(fd);
	return write(fd, &mark, sizeof(mark)) == sizeof(mark) ? 0 : -1;
}

int main(int argc, char **argv)
{
	double secs = 2.0, work_us = 20, end;
	long cpu = 0, reader_cpu = -1, nice_w = 19;
	long long writes = 0;
	int opt, is_pipe, rfd, wfd, pfd[2], failed = 0;
	struct counts *c;
	pid_t pid;

	while ((opt = getopt(argc, argv, "+t:c:r:n:w:h")) != -1) {
		switch (opt) {
		case 't':
			secs = parse_seconds(optarg, 3600);
			break;
		case 'c':
			cpu = parse_cpu(optarg);
			break;
		case 'r':
			reader_cpu = parse_cpu(optarg);
			break;
		case 'n':
			nice_w = parse_long(optarg, "nice", -20, 19);
			break;
		case 'w':
			work_us = parse_long(optarg, "work_us", 0, 1000000);
			break;
		default:
			bad_usage();
		}
	}
	if (optind != argc - 1)
		bad_usage();
	if (!strcmp(argv[optind], "pipe"))
		is_pipe = 1;
	else if (!strcmp(argv[optind], "eventfd"))
		is_pipe = 0;
	else
		bad_usage();
	if (pin_to_cpu(cpu))
		return 1;
	c = map_shared(sizeof(*c));
	if (is_pipe) {
		if (pipe(pfd)) {
			perror("syncwake: pipe");
			return 1;
		}
		rfd = pfd[0];
		wfd = pfd[1];
	} else {
		rfd = wfd = eventfd(0, 0);
		if (rfd < 0) {
			perror("syncwake: eventfd");
			return 1;
		}
	}
	fflush(stdout);
	pid = xfork();
	if (pid == 0) {
		if (reader_cpu >= 0 && pin_to_cpu(reader_cpu))
			_exit(1);
		if (is_pipe)
			close(wfd);
		_exit(is_pipe ? pipe_reader(rfd, c) : eventfd_reader(rfd, c));
	}
	if (is_pipe)
		close(rfd);
	/* a reader that died early is an EPIPE from write(), not a kill */
	signal(SIGPIPE, SIG_IGN);
	if (setpriority(PRIO_PROCESS, 0, nice_w)) {
		perror("syncwake: setpriority");
		failed = 1;
	}
	end = now_sec(CLOCK_MONOTONIC) + secs;
	while (!failed && now_sec(CLOCK_MONOTONIC) < end) {
		burn_cpu(work_us / 1e6);
		if (send_one(wfd, is_pipe)) {
			perror("syncwake: write");
			failed = 1;
			break;
		}
		writes++;
	}
	if (send_end(wfd, is_pipe))
		failed = 1;
	if (!reap_ok(pid) || c->msgs != writes)
		failed = 1;
	printf("SYNCWAKE chan=%s secs=%g writes=%lld reads=%lld per_read=%.2f\n",
	       is_pipe ? "pipe" : "eventfd", secs, writes, c->reads,
	       c->reads ? (double)c->msgs / c->reads : 0.0);
	return failed;
}
