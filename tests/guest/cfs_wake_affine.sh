#!/bin/sh
# cfs_wake_affine: 2.6.32's select_task_rq_fair() wakes a task on the
# waker's CPU when wake_affine() agrees (for a sync wakeup, such as a
# pipe write's, the waker's own weight is left out, which leaves a lone
# waker's CPU at 0), and otherwise on its previous CPU: no domain has
# SD_BALANCE_WAKE, and the idle-sibling search came in 2.6.33.  So the
# two processes of a pipe ping-pong end up sharing one CPU while the
# others idle.  The core's default placement (cfs.wake_placement=0, the
# one rr uses) wakes each on its idle previous CPU, so they stay apart.
# The pair, pinned apart and then let go, is sampled by
# sp_pingpong_same_cpu (lib.sh).  Want them on one CPU in >= 60% of the
# samples with 2.6.32's placement, and, as the control that shows the
# test can fail, in <= 20% with the core's.  Needs 2 CPUs.
T=cfs_wake_affine
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test cfs
sp_needs_cpus 2

sp_wake_affine_test cfs
