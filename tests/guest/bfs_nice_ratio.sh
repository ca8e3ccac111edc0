#!/bin/sh
# bfs_nice_ratio: nice 0 vs nice 10 hogs on CPU 0 for 4 s.  Each slice
# is rr_interval long and moves its task's deadline rr_interval x
# prio_ratio / 128 ahead; earliest deadline first keeps the deadlines of
# both hogs advancing together, so each gets slices at a rate inverse to
# its ratio: nice 0 gets 2161 / (836 + 2161) = 72.1% of the two hogs' CPU
# time (prio_ratios 836 at nice 0, 2161 at nice 10; README).  Want
# 72.1 +- 3 points.
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
detail="nice0_share_pct=$pct (model 72.1, want 69.1..75.1)"
sp_true "$pct >= 69.1 && $pct <= 75.1" || sp_fail "$detail"
sp_ok "$detail"
