#!/bin/sh
# stats_moving: the active policy's stats file has the expected layout and
# its picks and enqueues totals increase across a 1 s load; with hook
# timing off (timing=0) the counts still move and no *_ns counter does,
# with it on every hook's *_ns moves.  The test kernel times from boot
# (CONFIG_SCHED_POLICY_TIMING=y); tests/host/timing_default.sh checks
# that the perf kernel does not.
T=stats_moving
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

[ -r "$SP/active" ] || sp_fail "$SP/active missing (expected $SPTEST_EXPECT)"
pol=$(cat "$SP/active")
[ "$pol" != eevdf ] || sp_ok "skipped: eevdf has no policy-class stats"
F=$SP/$pol/stats
[ -r "$F" ] || sp_fail "$F missing"

# check the layout: header + one numeric line per counter, same width
check_layout() {
	awk -v want="enqueues picks put_prevs set_nexts decisions enqueue_ns dequeue_ns pick_ns put_prev_ns set_next_ns decision_ns ticks wakeup_preempts yields migrations server_picks" '
	NR == 1 {
		if ($1 != "counter" || $2 != "total" || $3 != "cpu0") {
			print "bad header: " $0; bad = 1; exit
		}
		ncol = NF
		next
	}
	{
		if (NF != ncol) { print "line has " NF " fields, header " ncol ": " $0; bad = 1; exit }
		# no TOTAL == sum check: the kernel reads the per-CPU values
		# twice (once for the total), so they may differ while moving
		for (i = 2; i <= NF; i++) {
			if ($i !~ /^[0-9]+$/) { print "non-numeric: " $0; bad = 1; exit }
		}
		seen[$1] = 1
	}
	END {
		if (bad) exit 1
		n = split(want, w, " ")
		for (i = 1; i <= n; i++)
			if (!(w[i] in seen)) { print "counter missing: " w[i]; exit 1 }
	}' "$1"
}

# load LABEL: 1 s of three hogs (two sharing CPU 0), stats before and after
load() {
	cat "$F" >"$SP_TMP/$1.before"
	err=$(check_layout "$SP_TMP/$1.before") || sp_fail "$F: $err"
	hog -t 1 -c 0 >/dev/null &
	sp_track $!
	hog -t 1 -c 0 >/dev/null &
	sp_track $!
	hog -t 1 >/dev/null &
	sp_track $!
	for p in $SP_PIDS; do
		wait "$p"
	done
	SP_PIDS=""
	cat "$F" >"$SP_TMP/$1.after"
	err=$(check_layout "$SP_TMP/$1.after") || sp_fail "$F: $err"
}

# moved LABEL COUNTER: how much COUNTER's total moved during load LABEL
moved() {
	echo $(($(sp_stat_total "$SP_TMP/$1.after" "$2") - $(sp_stat_total "$SP_TMP/$1.before" "$2")))
}

timed="enqueue_ns dequeue_ns pick_ns put_prev_ns set_next_ns decision_ns"
counts="picks enqueues put_prevs set_nexts decisions"
read -r timing0 <"$SP/timing" || sp_fail "$SP/timing missing"
[ "$timing0" = 1 ] || sp_fail "timing=$timing0 at boot, want 1 in the test kernel (CONFIG_SCHED_POLICY_TIMING=y)"

echo 0 >"$SP/timing" || sp_fail "cannot write 0 to $SP/timing"
load off
echo 1 >"$SP/timing" || sp_fail "cannot write 1 to $SP/timing"
load on
cat "$SP_TMP/on.after"
detail="policy=$pol"
for phase in off on; do
	for c in $counts $timed; do
		detail="$detail $phase.$c=$(moved $phase "$c")"
	done
done
for phase in off on; do
	for c in $counts; do
		[ "$(moved $phase "$c")" -gt 0 ] || sp_fail "$c did not increase with timing $phase: $detail"
	done
done
for c in $timed; do
	[ "$(moved off "$c")" = 0 ] || sp_fail "$c moved with timing off: $detail"
	[ "$(moved on "$c")" -gt 0 ] || sp_fail "$c did not move with timing on: $detail"
done
sp_ok "$detail"
