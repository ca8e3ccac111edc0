#!/bin/sh
# stats_moving: the active policy's stats file has the expected layout and
# its picks and enqueues totals increase across a 1 s load.
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
	awk -v want="enqueues picks ticks wakeup_preempts yields migrations" '
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

cat "$F" >"$SP_TMP/before"
err=$(check_layout "$SP_TMP/before") || sp_fail "$F: $err"
p0=$(sp_stat_total "$SP_TMP/before" picks)
e0=$(sp_stat_total "$SP_TMP/before" enqueues)
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
cat "$F" >"$SP_TMP/after"
cat "$SP_TMP/after"
err=$(check_layout "$SP_TMP/after") || sp_fail "$F: $err"
p1=$(sp_stat_total "$SP_TMP/after" picks)
e1=$(sp_stat_total "$SP_TMP/after" enqueues)
detail="policy=$pol picks=$p0->$p1 enqueues=$e0->$e1 ticks=$(sp_stat_total "$SP_TMP/before" ticks)->$(sp_stat_total "$SP_TMP/after" ticks)"
[ "$p1" -gt "$p0" ] || sp_fail "picks did not increase: $detail"
[ "$e1" -gt "$e0" ] || sp_fail "enqueues did not increase: $detail"
sp_ok "$detail"
