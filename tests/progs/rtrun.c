// SPDX-License-Identifier: GPL-2.0
/*
 * rtrun - run a command as SCHED_FIFO (busybox has no chrt).
 *
 * usage: rtrun PRIO CMD [ARG...]
 *
 * sched_setscheduler(0, SCHED_FIFO, PRIO) and exec CMD (looked up in
 * PATH): the command and its children run whatever the policy class
 * does.  Exit status: that of CMD, 126 if the change failed, 127 if CMD
 * was not found, 2 on usage error.
 */
#include "progs.h"
#include <sched.h>

int main(int argc, char **argv)
{
	struct sched_param sp;

	if (argc < 3) {
		fprintf(stderr, "usage: rtrun PRIO CMD [ARG...]\n");
		return 2;
	}
	sp.sched_priority = parse_long(argv[1], "priority", 1, 99);
	if (sched_setscheduler(0, SCHED_FIFO, &sp)) {
		perror("rtrun: sched_setscheduler");
		return 126;
	}
	execvp(argv[2], argv + 2);
	perror("rtrun: exec");
	return 127;
}
