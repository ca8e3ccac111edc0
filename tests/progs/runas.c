// SPDX-License-Identifier: GPL-2.0
/*
 * runas - run a command as another user.
 *
 * usage: runas UID[:GID] CMD [ARG...]
 *
 * Drops supplementary groups, then setgid(GID) (default GID = UID) and
 * setuid(UID), checks that the IDs really changed and that root cannot be
 * regained, and execs CMD (looked up in PATH).  Exit status: that of CMD,
 * 126 if a step failed, 127 if CMD was not found, 2 on usage error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static unsigned long parse_id(const char *s, char **end)
{
	unsigned long v;

	errno = 0;
	v = strtoul(s, end, 10);
	if (errno || *end == s || v > 0xfffffffeUL) {
		fprintf(stderr, "runas: bad id '%s'\n", s);
		exit(2);
	}
	return v;
}

int main(int argc, char **argv)
{
	unsigned long uid, gid;
	char *end;

	if (argc < 3) {
		fprintf(stderr, "usage: runas UID[:GID] CMD [ARG...]\n");
		return 2;
	}
	uid = parse_id(argv[1], &end);
	gid = uid;
	if (*end == ':')
		gid = parse_id(end + 1, &end);
	if (*end) {
		fprintf(stderr, "runas: bad id '%s'\n", argv[1]);
		return 2;
	}

	if (setgroups(0, NULL)) {
		fprintf(stderr, "runas: setgroups: %s\n", strerror(errno));
		return 126;
	}
	if (setgid(gid)) {
		fprintf(stderr, "runas: setgid(%lu): %s\n", gid, strerror(errno));
		return 126;
	}
	if (setuid(uid)) {
		fprintf(stderr, "runas: setuid(%lu): %s\n", uid, strerror(errno));
		return 126;
	}
	if (getuid() != uid || geteuid() != uid || getgid() != gid ||
	    getegid() != gid) {
		fprintf(stderr, "runas: ids did not change as requested\n");
		return 126;
	}
	if (uid != 0 && setuid(0) == 0) {
		fprintf(stderr, "runas: could regain root, refusing to continue\n");
		return 126;
	}
	execvp(argv[2], argv + 2);
	fprintf(stderr, "runas: exec %s: %s\n", argv[2], strerror(errno));
	return errno == ENOENT ? 127 : 126;
}
