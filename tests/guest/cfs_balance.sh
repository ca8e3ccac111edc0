#!/bin/sh
# cfs_balance: 2.6.32's load_balance() keeps moving tasks when there is
# one more nice-0 hog than CPUs.  A CPU running one hog beside one running
# two finds an imbalance (2,048 against 1,024 is over imbalance_pct 125)
# too small to move a whole task by the average, but 2.6.32's
# fix_small_imbalance() counts one of the busiest CPU's tasks into the
# gap (2,048 - 1,024 + 1,024 >= 2 x 1,024) and pulls one: the pair moves
# on every busy balance, and each hog gets about ncpus / (ncpus + 1) of a
# CPU.  2.6.22's test (o1) has no such term and finds no throughput gain
# in moving one, so the pair stays at 50% each.  ncpus + 1 unpinned hogs
# for 6 s (share); want the least served >= 65% of a CPU and the hogs to
# have moved >= 4 times a second between them (se.nr_migrations).
#
# The moves are the discriminating part.  A balancer that pulls only when
# another task joins the pair (a per-CPU kthread waking there) moves a
# hog now and then, and a few moves spread over the run lift the least
# served to 65% too: rr, which lets a woken kthread wait a slice, got
# 49.5-73.1% with 8-13 moves in 6 s (5 boots), where 2.6.32's balancer
# got 68.8-76.7% with 43-69 moves.  The control, which shows the test
# can fail: the core's count-based balancer (cfs.balancer=0, which pulls
# only for a difference of two tasks; 1-3 moves) must fail it.  Needs 2
# CPUs.
T=cfs_balance
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test cfs
sp_needs_cpus 2

secs=6
min_moves=$((4 * secs))

# least_served: set MIN to the least CPU share (%) of ncpus + 1 hogs and
# MOVES to the number of times they moved from one CPU to another
least_served() {
	# shellcheck disable=SC2046 # one 0 (nice) per hog
	if ! share -t $secs -c -1 $(seq 0 "$SPTEST_NCPUS" | sed 's/.*/0/') \
		>"$SP_TMP/out" 2>&1; then
		cat "$SP_TMP/out"
		sp_fail "share driver failed: $(tail -n 1 "$SP_TMP/out")"
	fi
	PCTS=$(grep '^SHARE idx=' "$SP_TMP/out" |
		sed 's/.*cpu_ms=\([0-9.]*\).*/\1/' |
		awk -v s=$secs '{ printf "%.1f ", $1 / (10 * s) }')
	MIN=$(echo "$PCTS" | tr ' ' '\n' | grep . | sort -n | head -n 1)
	[ -n "$MIN" ] || sp_fail "could not parse share output"
	MOVES=$(sp_share_moves "$SP_TMP/out") ||
		sp_fail "no migration counts (CONFIG_SCHED_DEBUG?)"
	echo "$T: hog shares [ $PCTS] min $MIN moves $MOVES"
}

# balanced: the last least_served moved the pair as 2.6.32 does
balanced() {
	sp_true "$MIN >= 65" && [ "$MOVES" -ge "$min_moves" ]
}

least_served
own_ok=0
if balanced; then
	own_ok=1
fi
detail="hog_pct=[ ${PCTS}] min=$MIN moves=$MOVES"
if sp_own; then
	stats=$(awk '$1 ~ /^(lb_imbalanced|lb_moved_tasks|lb_failed|lb_all_pinned|active_balances)$/ { printf "%s=%s ", $1, $2 }' \
		"$SP/cfs/stats" 2>/dev/null)
	sp_set_tunable cfs balancer 0 || sp_fail "cannot set balancer"
	least_served
	detail="$detail core_balancer_min=$MIN core_moves=$MOVES ${stats% }"
	! balanced ||
		sp_fail "$detail (want the core's balancer to fail: the control)"
fi
want="want >= 65% and >= $min_moves moves: 2.6.32 moves the pair"
[ "$own_ok" = 1 ] || sp_fail "$detail ($want)"
sp_ok "$detail ($want; the core's balancer fails)"
