#!/bin/sh
# o1_exit: 2.6.22's sched_exit(), called when a child is reaped, gives
# the parent back what the child left of the half slice it took at fork
# (if the two share a CPU), so that work done by short-lived children
# costs their parent's family no CPU time.  `cheat forkwait`
# (tests/progs/cheat.c) does its work in children that each run 2 ms,
# exit and are reaped by the parent before it forks the next, beside 3
# CPU hogs on CPU 0.  With the give-back the family lives on one slice
# used 2 ms at a time, like a hog; without it (o1.exit_to_parent=0, the
# control) every fork halves the parent's slice whatever the child used,
# and the family's slices run out after a few children.
# The family still loses whole rounds, as 2.6.22's did: when the
# parent's slice runs low, a child's half of it runs out before its
# burst is done, the child waits in the expired array with a fresh
# slice it will not give back, and the parent waits for the child.  So:
# want 0.10 <= share <= 0.20 (80% of fair) with the give-back (about a
# slice per 2-3 rounds of the hogs' 100 ms slices: 100 / 700 = 0.14;
# fair would be 0.25) and <= 0.07 without it.  The window follows sptest.o1_exit_w seconds of
# warm-up (default 8): the hogs and the parent inherit the test shell's
# bonus and need about 1.5 s of CPU to lose it (README, "Warm-up"); with
# 1 s the share depended on the shell, 0.129-0.181.  Measured with 8:
# o1 0.130-0.179 at 1 and 4 vCPUs (6 runs in boots by hand gave
# 0.130-0.132, 8 under tests/run 0.131-0.179, with the same command
# line: the cause of the spread was not found), 0.039-0.045 without;
# cross runs: cfs 0.481-0.503, eevdf 0.285-0.288, rr 0.069-0.073 (a child
# waits at the tail), bfs 0.209-0.222 (a child keeps its parent's
# deadline), just over the bound: listed as pending in
# tests/signatures.expect.  A run with more than
# 5% of its window lost to TCG stalls is repeated, at most twice.
T=o1_exit
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test o1

warm=$(sp_cmdline sptest.o1_exit_w 8)
case "$warm" in
'' | *[!0-9]*) sp_fail "bad sptest.o1_exit_w=$warm (want seconds)" ;;
esac

# forkwait_share: $SHARE = the family's share in the first undisturbed
# run of cheat forkwait (4 s after the warm-up: at most 200 ms stalled)
forkwait_share() {
	for _try in 1 2 3; do
		cheat -t 4 -w "$warm" -c 0 -n 3 forkwait >"$SP_TMP/fw" 2>&1 ||
			sp_fail "cheat forkwait failed: $(tail -n 1 "$SP_TMP/fw")"
		_l=$(grep '^CHEAT ' "$SP_TMP/fw")
		[ -n "$_l" ] || sp_fail "cheat forkwait printed no CHEAT line"
		echo "O1_EXIT try=$_try $_l"
		SHARE=$(sp_kv cheat_share "$_l")
		sp_true "$(sp_kv stall_ms "$_l") <= 200" && return 0
	done
	sp_fail "every forkwait run lost over 5% of its window to TCG stalls"
}

if sp_own; then
	before=$(sp_stat_total "$SP/o1/stats" exit_slices_returned)
fi
forkwait_share
share=$SHARE
detail="forkwait_share=$share fair=0.250"
if sp_own; then
	returned=$(($(sp_stat_total "$SP/o1/stats" exit_slices_returned) - before))
	detail="$detail slices_returned=$returned"
	sp_set_tunable o1 exit_to_parent 0 || sp_fail "cannot set exit_to_parent"
	forkwait_share
	detail="$detail without_giveback=$SHARE"
	sp_true "$SHARE <= 0.07" ||
		sp_fail "$detail (want <= 0.07 without the give-back: the control)"
fi
sp_true "$share >= 0.10 && $share <= 0.20" ||
	sp_fail "$detail (want 0.10..0.20 with sched_exit()'s give-back)"
sp_ok "$detail (want 0.10..0.20, without the give-back <= 0.07)"
