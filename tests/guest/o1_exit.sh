#!/bin/sh
# o1_exit: 2.6.22's sched_exit(), called when a child is reaped, gives the
# parent back what the child left of the half slice it took at fork (if
# the two share a CPU), capped at the child's own full timeslice.
# `reaprun` (tests/progs/reaprun.c) runs beside one hog on CPU 0 and,
# at the start of a fresh slice, forks a child that exits at once, reaps
# it and spins until the hog runs: its run after the reap is the slice
# sched_exit() left it, in CPU time.
#  - nice 0 (100 ms slices): the half slice comes back, ~100 ms
#    (96.5-97.0 measured, medians of 12 rounds, 6 boots); without it
#    (o1.exit_to_parent=0, the control) the parent keeps its half, ~50 ms
#    (48.5-48.8).
#  - nice -10 with SCHED_RESET_ON_FORK, so the child is nice 0 (600 ms
#    slices, a child's 100 ms): the give-back is capped at the child's
#    timeslice, ~100 ms (100.0): the cap shortens the parent's slice.
#    The control keeps its half, ~300 ms (298.5-298.7); without the cap
#    it would be 600 ms.
# So: want 75..150 ms for both with sched_exit(), <= 65 and >= 200 ms
# without it.  No other policy gives a reaped child's slice back or
# caps the parent by the child's nice: cross runs (1 vCPU) gave at nice 0
# and -10: cfs 3.6 / 36.5, eevdf 2.6 / 36.9, bfs 1.9 / 26.4, rr 11.9 /
# 11.8 ms; a cross run now stops after the nice-0 run when that fails.
# The first WARMUP (4 s) of each run, beside the hog, drains the bonus
# the test shell passed on, which would keep o1's parent in the active
# array at a slice end.
# sptest: one-cpu (pinned to CPU 0: runs in the 1-vCPU boot only)
T=o1_exit
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test o1

# reap_run [NICE]: $RUN = the median run after a reap, in ms
reap_run() {
	reaprun -c 0 -w 4 -r 12 ${1:+-p "$1"} >"$SP_TMP/rr" 2>&1 ||
		sp_fail "reaprun failed: $(tail -n 1 "$SP_TMP/rr")"
	_l=$(grep '^REAPRUN ' "$SP_TMP/rr")
	[ -n "$_l" ] || sp_fail "reaprun printed no REAPRUN line"
	echo "O1_EXIT $_l"
	RUN=$(sp_kv run_median_ms "$_l")
}

if sp_own; then
	before=$(sp_stat_total "$SP/o1/stats" exit_slices_returned)
fi
reap_run
plain=$RUN
# checked at once: a cross run ends here, without the nice -10 run
sp_true "$plain >= 75 && $plain <= 150" ||
	sp_fail "run_ms=$plain (want 75..150 ms: the half slice given back)"
reap_run -10
capped=$RUN
detail="run_ms=$plain nice-10_run_ms=$capped"
if sp_own; then
	returned=$(($(sp_stat_total "$SP/o1/stats" exit_slices_returned) - before))
	detail="$detail slices_returned=$returned"
	sp_set_tunable o1 exit_to_parent 0 || sp_fail "cannot set exit_to_parent"
	reap_run
	off=$RUN
	reap_run -10
	detail="$detail without_sched_exit: run_ms=$off nice-10_run_ms=$RUN"
	sp_true "$off <= 65 && $RUN >= 200" ||
		sp_fail "$detail (want <= 65 and >= 200 ms without sched_exit(): the control)"
fi
sp_true "$capped >= 75 && $capped <= 150" ||
	sp_fail "$detail (want 75..150 ms for nice -10: the cap at a nice-0 child's slice)"
sp_ok "$detail (want 75..150 ms both, without sched_exit() <= 65 and >= 200)"
