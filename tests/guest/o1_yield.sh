#!/bin/sh
# o1_yield: sched_yield() moves a SCHED_NORMAL task to the expired array,
# so every other runnable task on its CPU runs before it runs again.
# yieldorder: 3 spinners and the yielder on CPU 0 for 3 s; every yield
# must be "complete" (all 3 spinners ran during it), at least 3 yields.
T=o1_yield
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

y0=$(sp_stat_total "$SP/o1/stats" yields_to_expired)
yieldorder -t 3 -c 0 -k 3 >"$SP_TMP/out" 2>&1 || sp_fail "yieldorder failed: $(cat "$SP_TMP/out")"
y1=$(sp_stat_total "$SP/o1/stats" yields_to_expired)
cat "$SP_TMP/out"
line=$(grep '^YIELDORDER' "$SP_TMP/out")
yields=$(sp_kv yields "$line")
complete=$(sp_kv complete "$line")
[ -n "$yields" ] || sp_fail "could not parse yieldorder output"
detail="yields=$yields complete=$complete mean_yield_ms=$(sp_kv mean_yield_ms "$line") yields_to_expired=+$((y1 - y0))"
[ "$yields" -ge 3 ] || sp_fail "$detail (want >= 3 yields)"
[ "$complete" -eq "$yields" ] || sp_fail "$detail (want every yield complete)"
[ $((y1 - y0)) -ge "$yields" ] || sp_fail "$detail (want yields_to_expired >= yields)"
sp_ok "$detail"
