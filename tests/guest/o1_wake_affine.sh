#!/bin/sh
# o1_wake_affine: 2.6.22's try_to_wake_up() wakes a task on the waker's
# CPU when that leaves the waker's CPU no busier than the task's previous
# one (SD_WAKE_AFFINE; for a sync wakeup, such as a pipe write's, the
# waker's own load is left out), and never looks for an idle CPU outside
# SMT siblings.  So the two processes of a pipe ping-pong end up sharing
# one CPU while the others idle.  The core's default placement
# (o1.wake_placement=0, the one rr uses) wakes each on its idle
# previous CPU, so they stay apart.
# The pair, pinned apart and then let go, is sampled by
# sp_pingpong_same_cpu (lib.sh).  Want them on one CPU in >= 60% of the
# samples with 2.6.22's placement, and, as the control that shows the
# test can fail, in <= 20% with the core's.  Needs 2 CPUs.
T=o1_wake_affine
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test o1
sp_needs_cpus 2

sp_wake_affine_test o1
