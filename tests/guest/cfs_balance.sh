#!/bin/sh
# cfs_balance: 2.6.32's load_balance() keeps moving tasks when there is
# one more nice-0 hog than CPUs.  A CPU running one hog beside one running
# two finds an imbalance (2,048 against 1,024 is over imbalance_pct 125)
# too small to move a whole task by the average, but 2.6.32's
# fix_small_imbalance() counts one of the busiest CPU's tasks into the
# gap (2,048 - 1,024 + 1,024 >= 2 x 1,024) and pulls one: the pair moves
# on every busy balance, and each hog gets about ncpus / (ncpus + 1) of a
# CPU.  2.6.22's test (o1) has no such term and finds no throughput gain
# in moving one, so the pair stays at 50% each, as it does under the
# core's count-based balancer (cfs.balancer=0, the control: it pulls
# only for a difference of two tasks).  ncpus + 1 unpinned hogs for 4 s
# (share); want the least served >= 65% of a CPU with 2.6.32's balancer
# and, as the control that shows the test can fail, <= 58% with the
# core's.  Needs 2 CPUs.
T=cfs_balance
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test cfs
sp_needs_cpus 2

secs=4

# least_served: set MIN to the least CPU share (%) of ncpus + 1 hogs
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
	echo "$T: hog shares [ $PCTS] min $MIN"
}

least_served
own=$MIN
detail="hog_pct=[ ${PCTS}] min=$own"
if sp_own; then
	stats=$(awk '$1 ~ /^(lb_imbalanced|lb_moved_tasks|lb_failed|lb_all_pinned|active_balances)$/ { printf "%s=%s ", $1, $2 }' \
		"$SP/cfs/stats" 2>/dev/null)
	sp_set_tunable cfs balancer 0 || sp_fail "cannot set balancer"
	least_served
	core=$MIN
	detail="$detail core_balancer_min=$core ${stats% }"
	sp_true "$core <= 58" ||
		sp_fail "$detail (want <= 58% with the core's balancer: the control)"
fi
sp_true "$own >= 65" || sp_fail "$detail (want >= 65%: 2.6.32 moves the pair)"
sp_ok "$detail (want >= 65%, core's <= 58%)"
