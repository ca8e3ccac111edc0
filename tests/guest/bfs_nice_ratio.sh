#!/bin/sh
# bfs_nice_ratio: nice 0 vs nice 10 hogs on CPU 0 for 4 s.  A slice is
# rr_interval (6 ms at 1 vCPU) and its end sets the task's deadline rr_interval x
# prio_ratio / 128 after *now*: 39.2 ms at nice 0 (ratio 836), 101.3 ms
# at nice 10 (2161).  After the nice-10 hog's slice its deadline is
# 101.3 ms ahead, and the nice-0 hog keeps the earlier deadline for
# floor((101.3 - 39.2) / 6) + 1 = 11 slices in a row: nice 0 gets 11/12 =
# 91.7% of the two hogs' CPU (README, "Shares by nice level").  Want
# 91.7 +- 3 points.
T=bfs_nice_ratio
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

if ! share -t 4 -c 0 0 10 >"$SP_TMP/out" 2>&1; then
	cat "$SP_TMP/out"
	sp_fail "share driver failed: $(tail -n 1 "$SP_TMP/out")"
fi
cat "$SP_TMP/out"
pct=$(sed -n 's/^SHARE idx=0 .*share_pct=\([0-9.]*\).*/\1/p' "$SP_TMP/out")
[ -n "$pct" ] || sp_fail "could not parse share output"
detail="nice0_share_pct=$pct (model 91.7, want 88.7..94.7)"
sp_true "$pct >= 88.7 && $pct <= 94.7" || sp_fail "$detail"
sp_ok "$detail"
