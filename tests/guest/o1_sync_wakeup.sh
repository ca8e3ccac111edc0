#!/bin/sh
# o1_sync_wakeup: as in 2.6.22's try_to_wake_up(), a sync wakeup onto the
# waker's own CPU does not preempt the waker.  syncwake: a nice-19 writer
# and a nice-0 reader on CPU 0 (the reader's dynamic priority is always
# the better one), one message per 20 us of the writer's work, 2 s.  Over
# a pipe (sync wakeups) the writer keeps the CPU until its 5 ms slice
# ends, so the reader takes many messages per read: want >= 5.  Over an
# eventfd (no sync hint) every wakeup preempts the writer, so the reader
# takes about one: want <= 2 (the control: it shows the reader would
# preempt, and that only the hint makes the difference).
# sptest: one-cpu (pinned to CPU 0: runs in the 1-vCPU boot only)
T=o1_sync_wakeup
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test o1
sp_syncwake_test waits "the writer" -c 0 -n 19 -w 20
