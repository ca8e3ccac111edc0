// SPDX-License-Identifier: GPL-2.0
/*
 * sysfswrite - write a value to a (sysfs) file with a single write() and
 * report the exact result, including the errno name.
 *
 * usage: sysfswrite [-n] [-r COUNT] FILE VALUE
 *
 *   -n        do not append a newline (default: VALUE + "\n", like echo)
 *   -r COUNT  repeat VALUE COUNT times (to build overlong strings)
 *
 * Prints one line:
 *   sysfswrite: FILE: ok wrote=N len=L
 *   sysfswrite: FILE: open failed errno=EACCES (Permission denied)
 *   sysfswrite: FILE: write failed errno=EINVAL (Invalid argument) len=L
 *   sysfswrite: FILE: short write wrote=N len=L
 * Exit status: 0 on a complete write, 1 on open/write failure or a short
 * write, 2 on usage error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *errname(int e)
{
	switch (e) {
	case EINVAL: return "EINVAL";
	case EACCES: return "EACCES";
	case EPERM: return "EPERM";
	case ERANGE: return "ERANGE";
	case E2BIG: return "E2BIG";
	case EBUSY: return "EBUSY";
	case ENOENT: return "ENOENT";
	case EIO: return "EIO";
	case ENOSPC: return "ENOSPC";
	case EFAULT: return "EFAULT";
	case EROFS: return "EROFS";
	case ENOMEM: return "ENOMEM";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	default: return "E?";
	}
}

int main(int argc, char **argv)
{
	int opt, newline = 1, fd;
	long repeat = 1, i;
	size_t vlen, len;
	ssize_t ret;
	char *buf, *end;
	const char *file;

	while ((opt = getopt(argc, argv, "+nr:h")) != -1) {
		switch (opt) {
		case 'n':
			newline = 0;
			break;
		case 'r':
			errno = 0;
			repeat = strtol(optarg, &end, 10);
			if (errno || end == optarg || *end || repeat < 1 ||
			    repeat > 1000000) {
				fprintf(stderr, "sysfswrite: bad count '%s'\n",
					optarg);
				return 2;
			}
			break;
		default:
			goto usage;
		}
	}
	if (argc - optind != 2)
		goto usage;
	file = argv[optind];
	vlen = strlen(argv[optind + 1]);
	len = vlen * repeat + newline;
	buf = malloc(len + 1);
	if (!buf) {
		fprintf(stderr, "sysfswrite: out of memory\n");
		return 1;
	}
	for (i = 0; i < repeat; i++)
		memcpy(buf + i * vlen, argv[optind + 1], vlen);
	if (newline)
		buf[len - 1] = '\n';
	buf[len] = '\0';

	fd = open(file, O_WRONLY);
	if (fd < 0) {
		int e = errno;

		printf("sysfswrite: %s: open failed errno=%s (%s)\n", file,
		       errname(e), strerror(e));
		return 1;
	}
	ret = write(fd, buf, len);
	if (ret < 0) {
		int e = errno;

		printf("sysfswrite: %s: write failed errno=%s (%s) len=%zu\n",
		       file, errname(e), strerror(e), len);
		close(fd);
		return 1;
	}
	if (close(fd)) {
		int e = errno;

		printf("sysfswrite: %s: close failed errno=%s (%s) len=%zu\n",
		       file, errname(e), strerror(e), len);
		return 1;
	}
	if ((size_t)ret != len) {
		printf("sysfswrite: %s: short write wrote=%zd len=%zu\n", file,
		       ret, len);
		return 1;
	}
	printf("sysfswrite: %s: ok wrote=%zd len=%zu\n", file, ret, len);
	return 0;

usage:
	fprintf(stderr, "usage: sysfswrite [-n] [-r COUNT] FILE VALUE\n");
	return 2;
}
