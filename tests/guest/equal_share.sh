#!/bin/sh
# equal_share: 8 CPU hogs pinned to CPU 0 for 3 s get equal shares
# (max <= 1.10 * min).  o1 hands out CPU in 100 ms slices and its hogs
# start interactive (they inherit sleep_avg), so in a 3 s window the
# shares are only equal to within slices: want max - min <= 200 ms, two
# nice-0 timeslices (one for the window's edges, one for the order in
# which the hogs lose their interactivity bonus).
T=equal_share
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

if ! share -t 3 -c 0 0 0 0 0 0 0 0 0 >"$SP_TMP/out" 2>&1; then
	cat "$SP_TMP/out"
	sp_fail "share driver failed: $(tail -n 1 "$SP_TMP/out")"
fi
cat "$SP_TMP/out"
sum=$(grep '^SHARE_SUMMARY' "$SP_TMP/out")
[ -n "$sum" ] || sp_fail "no SHARE_SUMMARY line"
ratio=$(sp_kv max_over_min "$sum")
total=$(sp_kv total_ms "$sum")
ms=$(grep '^SHARE idx=' "$SP_TMP/out" | sed 's/.*cpu_ms=\([0-9.]*\).*/\1/' | tr '\n' ' ')
pcts=$(grep '^SHARE idx=' "$SP_TMP/out" | sed 's/.*share_pct=\([0-9.]*\).*/\1/' | tr '\n' ' ')
detail="policy=$(sp_active) max/min=$ratio total_ms=$total cpu_ms=[ ${ms}] share_pct=[ ${pcts}]"
if [ "$(sp_active)" = o1 ]; then
	spread=$(sp_calc "$(sp_kv max_ms "$sum") - $(sp_kv min_ms "$sum")")
	detail="$detail max-min=${spread}ms"
	sp_true "$total > 0 && $spread <= 200" || sp_fail "$detail (o1: limit 200 ms)"
	sp_ok "$detail (o1: limit 200 ms)"
fi
sp_true "$total > 0 && $ratio > 0 && $ratio <= 1.10" || sp_fail "$detail (limit 1.10)"
sp_ok "$detail"
