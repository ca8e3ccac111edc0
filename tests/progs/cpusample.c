// SPDX-License-Identifier: GPL-2.0
/*
 * cpusample - sample which CPU tasks run on and their affinity.
 *
 * usage: cpusample [-n SAMPLES] [-i INTERVAL_MS] PID [PID...]
 *
 * Every INTERVAL_MS (default 50) reads field 39 ("processor") of
 * /proc/PID/stat and the affinity (sched_getaffinity) of each PID, SAMPLES
 * times (default 50).  Prints one line per PID:
 *
 *   CPUSAMPLE pid=P samples=N cpus=2,3 counts=2:30,3:20 affinity=2-3 affinity_changes=0
 *
 * cpus is the sorted set of CPUs seen in field 39, affinity the list at the
 * first sample.  Exit status: 0 if all PIDs could be sampled every time,
 * 1 if one disappeared or could not be read, 2 on usage error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "progs.h"

#define MAX_PIDS 64
#define MAX_CPUS 1024

struct task {
	pid_t pid;
	cpu_set_t first_mask;
	int changes;
	unsigned int counts[MAX_CPUS];
};

/* field 39 of /proc/PID/stat, or -1 */
static int task_cpu(pid_t pid)
{
	char path[64], buf[2048], *p;
	int field, cpu = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (!fgets(buf, sizeof(buf), f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	/* comm may contain spaces and ')': field 3 starts after the last ") " */
	p = strrchr(buf, ')');
	if (!p)
		return -1;
	p++;
	for (field = 2; field < 39 && p; field++) {
		p = strchr(p, ' ');
		if (p)
			p++;
	}
	if (p && sscanf(p, "%d", &cpu) != 1)
		cpu = -1;
	return cpu;
}

static void print_list(const cpu_set_t *set)
{
	int i, first = 1;

	for (i = 0; i < CPU_SETSIZE; i++) {
		int j = i;

		if (!CPU_ISSET(i, set))
			continue;
		while (j + 1 < CPU_SETSIZE && CPU_ISSET(j + 1, set))
			j++;
		printf("%s%d", first ? "" : ",", i);
		if (j > i)
			printf("-%d", j);
		first = 0;
		i = j;
	}
	if (first)
		printf("none");
}

int main(int argc, char **argv)
{
	static struct task tasks[MAX_PIDS];
	long samples = 50, interval = 50, s;
	int ntasks, opt, i, c;
	struct timespec ts;

	while ((opt = getopt(argc, argv, "+n:i:h")) != -1) {
		switch (opt) {
		case 'n':
			samples = parse_long(optarg, "sample count", 1, 100000);
			break;
		case 'i':
			interval = parse_long(optarg, "interval", 0, 60000);
			break;
		default:
			fprintf(stderr, "usage: cpusample [-n SAMPLES] [-i INTERVAL_MS] PID [PID...]\n");
			return 2;
		}
	}
	ntasks = argc - optind;
	if (ntasks < 1 || ntasks > MAX_PIDS) {
		fprintf(stderr, "cpusample: need 1..%d PIDs\n", MAX_PIDS);
		return 2;
	}
	for (i = 0; i < ntasks; i++)
		tasks[i].pid = parse_long(argv[optind + i], "pid", 1, 1 << 30);

	ts.tv_sec = interval / 1000;
	ts.tv_nsec = (interval % 1000) * 1000000L;
	for (s = 0; s < samples; s++) {
		for (i = 0; i < ntasks; i++) {
			struct task *t = &tasks[i];
			cpu_set_t mask;

			c = task_cpu(t->pid);
			if (c < 0 || c >= MAX_CPUS) {
				fprintf(stderr, "cpusample: pid %d: cannot read its CPU at sample %ld\n",
					(int)t->pid, s);
				return 1;
			}
			t->counts[c]++;
			if (sched_getaffinity(t->pid, sizeof(mask), &mask)) {
				fprintf(stderr, "cpusample: pid %d: sched_getaffinity: %s\n",
					(int)t->pid, strerror(errno));
				return 1;
			}
			if (s == 0)
				t->first_mask = mask;
			else if (!CPU_EQUAL(&mask, &t->first_mask))
				t->changes++;
		}
		if (s + 1 < samples)
			nanosleep(&ts, NULL);
	}

	for (i = 0; i < ntasks; i++) {
		struct task *t = &tasks[i];
		int first = 1;

		printf("CPUSAMPLE pid=%d samples=%ld cpus=", (int)t->pid, samples);
		for (c = 0; c < MAX_CPUS; c++) {
			if (!t->counts[c])
				continue;
			printf("%s%d", first ? "" : ",", c);
			first = 0;
		}
		printf(" counts=");
		first = 1;
		for (c = 0; c < MAX_CPUS; c++) {
			if (!t->counts[c])
				continue;
			printf("%s%d:%u", first ? "" : ",", c, t->counts[c]);
			first = 0;
		}
		printf(" affinity=");
		print_list(&t->first_mask);
		printf(" affinity_changes=%d\n", t->changes);
	}
	return 0;
}
