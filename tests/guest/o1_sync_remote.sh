#!/bin/sh
# o1_sync_remote: 2.6.22's try_to_wake_up() ignores the sync hint for a
# task woken onto a CPU other than the waker's ("if (!sync || cpu !=
# this_cpu)" before TASK_PREEMPTS_CURR): the waker's sleep frees nothing
# there, so the woken task preempts as on any wakeup.  syncwake: a nice-0
# writer on CPU 0 and its nice-0 reader pinned to CPU 1, beside a nice-19
# hog there, one message per 100 us of the writer's work (20 us left
# o1 at 2.00 per read at 4 vCPUs: the remote preemption's own delay under
# TCG), 2 s.  The reader's dynamic priority is the better one, so over a
# pipe (sync wakeups) and over an eventfd (no hint) alike each wakeup
# preempts the hog: want <= 2 messages per read for both (measured 1.18
# and 1.06 at 4 vCPUs).  BFS 0.363 lets the hog run on over the pipe
# (bfs_sync_remote; this test under bfs: 60.68).  tests/run also boots it
# on two sockets (sptest.llc=split), where 6.12 leaves the wakeup on CPU
# 1's wake list and CPU 1 activates it: the core must still tell o1 it is
# remote (patch 0009's WF_POLICY_REMOTE; without it, 24.56 over the
# pipe there).  Needs 2 CPUs.
# sptest: boot=2llc (its own run also in tests/run's P/2llc boot)
T=o1_sync_remote
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test o1
sp_syncwake_remote preempts 100
