#!/bin/sh
# cfs_equal8: 8 equal CPU hogs pinned to CPU 0 for 10 s each get 12.5% of
# their total CPU time, +-1.5 points (issue 4; CFS gives every nice-0 task
# the same weight, so the same share of every period).
T=cfs_equal8
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test cfs
if ! share -t 10 -c 0 0 0 0 0 0 0 0 0 >"$SP_TMP/out" 2>&1; then
	cat "$SP_TMP/out"
	sp_fail "share driver failed: $(tail -n 1 "$SP_TMP/out")"
fi
cat "$SP_TMP/out"
pcts=$(grep '^SHARE idx=' "$SP_TMP/out" | sed 's/.*share_pct=\([0-9.]*\).*/\1/' | tr '\n' ' ')
n=$(echo "$pcts" | wc -w)
[ "$n" -eq 8 ] || sp_fail "could not parse share output ($n shares)"
min=$(echo "$pcts" | tr ' ' '\n' | grep . | sort -n | head -n 1)
max=$(echo "$pcts" | tr ' ' '\n' | grep . | sort -n | tail -n 1)
detail="share_pct=[ ${pcts}] min=$min max=$max (want 12.5 +- 1.5 each)"
sp_true "$min >= 11 && $max <= 14" || sp_fail "$detail"
sp_ok "$detail"
