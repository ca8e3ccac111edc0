// SPDX-License-Identifier: GPL-2.0
/*
 * clonemix - the kinds of task creation that take the locks a policy
 * switch must not nest with the fork rwsem (the switch_race test).
 *
 * usage: clonemix MODE [-t SECONDS] [-j JOBS] [-n THREADS] [-g CGROUP]...
 *
 * Runs JOBS (default 2) loops in parallel for SECONDS (default 10); each
 * loop repeats one round of MODE until the time is up:
 *   threads  fork a process that starts THREADS (default 16) threads; each
 *            thread does a little work, sleeps 0-1 ms and exits (threads
 *            reap themselves); the process joins them all and exits 0
 *   cgroup   clone3(CLONE_INTO_CGROUP) a child into the next of the
 *            cgroup-v2 directories given with -g (up to 8, in turn); the
 *            child checks /proc/self/cgroup names that group, works a
 *            little and exits 0
 *   netns    clone(CLONE_NEWNET) a child (copy_namespaces() takes
 *            pernet_ops_rwsem, then the hotplug lock); it works a little
 *            and exits 0
 * Every child must exit with status 0 and every thread must finish its
 * work.  Prints one line when done:
 *
 *   CLONEMIX mode=M jobs=J rounds=R children=C threads=T failed=F secs=S
 *
 * Exit status: 0 if nothing failed (F=0) and at least one round ran per
 * job, 1 otherwise, 2 on usage errors.
 */
#include "progs.h"
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <linux/sched.h>
#include <sys/syscall.h>

#define MAX_GROUPS	8
#define MAX_THREADS	256

struct mix_result {
	long rounds, children, threads, failed;
};

static const char *mode;
static long nthreads = 16;
static const char *groups[MAX_GROUPS];
static int ngroups;

/* A few microseconds of work whose result is checked. */
static int work_ok(unsigned int seed)
{
	unsigned int x = seed;
	int i;

	for (i = 0; i < 2000; i++)
		x = x * 1103515245u + 12345u;
	return x != seed;
}

static void *thread_fn(void *arg)
{
	long i = (long)arg;
	struct timespec ts = { 0, (i % 4) * 250000 };

	if (!work_ok((unsigned int)i + 1))
		return (void *)1;
	nanosleep(&ts, NULL);
	return NULL;
}

static int child_threads(void)
{
	pthread_t tids[MAX_THREADS];
	long i, started = 0, bad = 0;

	for (i = 0; i < nthreads; i++) {
		pthread_attr_t attr;

		pthread_attr_init(&attr);
		pthread_attr_setstacksize(&attr, 64 * 1024);
		if (pthread_create(&tids[i], &attr, thread_fn, (void *)i))
			bad++;
		else
			started++;
		pthread_attr_destroy(&attr);
	}
	for (i = 0; i < started; i++) {
		void *ret;

		if (pthread_join(tids[i], &ret) || ret)
			bad++;
	}
	return bad ? 1 : 0;
}

/* The child is in @group if /proc/self/cgroup ends with its path. */
static int child_in_cgroup(const char *group)
{
	const char *rel = strstr(group, "/sys/fs/cgroup");
	char line[512];
	int ok = 0;
	FILE *f;

	rel = rel ? rel + strlen("/sys/fs/cgroup") : group;
	f = fopen("/proc/self/cgroup", "r");
	if (!f)
		return 1;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!strncmp(line, "0::", 3) && !strcmp(line + 3, rel))
			ok = 1;
	}
	fclose(f);
	return ok && work_ok(7) ? 0 : 1;
}

static pid_t clone_into(int cgroup_fd)
{
	struct clone_args args;

	memset(&args, 0, sizeof(args));
	args.flags = CLONE_INTO_CGROUP;
	args.exit_signal = SIGCHLD;
	args.cgroup = cgroup_fd;
	return syscall(SYS_clone3, &args, sizeof(args));
}

static pid_t clone_newnet(void)
{
	struct clone_args args;

	memset(&args, 0, sizeof(args));
	args.flags = CLONE_NEWNET;
	args.exit_signal = SIGCHLD;
	return syscall(SYS_clone3, &args, sizeof(args));
}

/* One round of the mode: a child made and reaped; 0 or 1 (failed). */
static int one_round(long round, struct mix_result *r)
{
	const char *group = NULL;
	int fd = -1;
	pid_t pid;

	if (!strcmp(mode, "cgroup")) {
		group = groups[round % ngroups];
		fd = open(group, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (fd < 0) {
			fprintf(stderr, "clonemix: open %s: %s\n", group,
				strerror(errno));
			return 1;
		}
		pid = clone_into(fd);
	} else if (!strcmp(mode, "netns")) {
		pid = clone_newnet();
	} else {
		pid = fork();
	}
	if (pid < 0) {
		fprintf(stderr, "clonemix: %s clone: %s\n", mode,
			strerror(errno));
		if (fd >= 0)
			close(fd);
		return 1;
	}
	if (pid == 0) {
		if (group)
			_exit(child_in_cgroup(group));
		if (!strcmp(mode, "threads"))
			_exit(child_threads());
		_exit(work_ok(3) ? 0 : 1);
	}
	if (fd >= 0)
		close(fd);
	r->children++;
	if (!strcmp(mode, "threads"))
		r->threads += nthreads;
	return reap_ok(pid) ? 0 : 1;
}

static void run_job(double end, struct mix_result *r)
{
	long round = 0;

	while (now_sec(CLOCK_MONOTONIC) < end) {
		r->failed += one_round(round++, r);
		r->rounds++;
	}
}

int main(int argc, char **argv)
{
	double secs = 10, start, end;
	struct mix_result *res, sum = { 0 };
	long jobs = 2, i;
	int opt, failed = 0;

	if (argc < 2)
		goto usage;
	mode = argv[1];
	if (strcmp(mode, "threads") && strcmp(mode, "cgroup") &&
	    strcmp(mode, "netns"))
		goto usage;
	optind = 2;
	while ((opt = getopt(argc, argv, "t:j:n:g:")) != -1) {
		switch (opt) {
		case 't':
			secs = parse_seconds(optarg, 3600);
			break;
		case 'j':
			jobs = parse_long(optarg, "jobs", 1, 64);
			break;
		case 'n':
			nthreads = parse_long(optarg, "threads", 1, MAX_THREADS);
			break;
		case 'g':
			if (ngroups == MAX_GROUPS)
				goto usage;
			groups[ngroups++] = optarg;
			break;
		default:
			goto usage;
		}
	}
	if (optind != argc || (!strcmp(mode, "cgroup") && !ngroups))
		goto usage;

	res = map_shared(sizeof(*res) * jobs);
	start = now_sec(CLOCK_MONOTONIC);
	end = start + secs;
	for (i = 0; i < jobs; i++) {
		pid_t pid = xfork();

		if (pid == 0) {
			run_job(end, &res[i]);
			_exit(0);
		}
	}
	failed = reap_children(jobs);
	for (i = 0; i < jobs; i++) {
		sum.rounds += res[i].rounds;
		sum.children += res[i].children;
		sum.threads += res[i].threads;
		sum.failed += res[i].failed;
		if (!res[i].rounds)
			failed = 1;
	}
	printf("CLONEMIX mode=%s jobs=%ld rounds=%ld children=%ld threads=%ld failed=%ld secs=%.1f\n",
	       mode, jobs, sum.rounds, sum.children, sum.threads, sum.failed,
	       now_sec(CLOCK_MONOTONIC) - start);
	return failed || sum.failed ? 1 : 0;
usage:
	fprintf(stderr, "usage: clonemix threads|cgroup|netns [-t SECONDS] [-j JOBS] [-n THREADS] [-g CGROUP]...\n");
	return 2;
}
