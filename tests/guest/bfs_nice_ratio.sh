#!/bin/sh
# bfs_nice_ratio: a nice 0 hog against a nice 10 one, then against a
# nice 3 one, on CPU 0 for 4 s each.  A slice is rr_interval r and its end
# sets the task's deadline r x prio_ratio / 128 after *now*: 6.53 r at
# nice 0 (ratio 836), 8.68 r at nice 3 (1111), 16.88 r at nice 10 (2161).
# After the other hog's slice its deadline is that far ahead, and the
# nice-0 hog keeps the earlier deadline for floor((D - 6.53 r) / r) + 1
# slices in a row: 11 against nice 10 (11/12 = 91.7% of the two hogs'
# CPU) and 3 against nice 3 (3/4 = 75.0%; README, "Shares by nice
# level").  Want each +- 3 points.  The nice 3 pair tells bfs from the
# weight-based policies, which give nice 0 90.3% against nice 10 (1024 /
# 110) but 66.1% against nice 3 (1024 / 526), and from o1 (about 54%:
# 100 ms against 85 ms slices).
# sptest: one-cpu (pinned to CPU 0: runs in the 1-vCPU boot only)
T=bfs_nice_ratio
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test bfs
# run NICE: nice 0 against a hog at NICE; pct NICE: nice 0's share
run() {
	if ! share -t 4 -c 0 0 "$1" >"$SP_TMP/out$1" 2>&1; then
		cat "$SP_TMP/out$1"
		sp_fail "share driver failed: $(tail -n 1 "$SP_TMP/out$1")"
	fi
	cat "$SP_TMP/out$1"
}
pct() {
	sed -n 's/^SHARE idx=0 .*share_pct=\([0-9.]*\).*/\1/p' "$SP_TMP/out$1"
}
run 10
run 3
p10=$(pct 10)
p3=$(pct 3)
{ [ -n "$p10" ] && [ -n "$p3" ]; } || sp_fail "could not parse share output"
detail="nice0_vs_10_pct=$p10 nice0_vs_3_pct=$p3 (model 91.7 and 75.0, want +- 3)"
sp_true "$p10 >= 88.7 && $p10 <= 94.7" || sp_fail "$detail"
sp_true "$p3 >= 72 && $p3 <= 78" || sp_fail "$detail"
sp_ok "$detail"
