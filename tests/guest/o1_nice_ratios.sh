#!/bin/sh
# o1_nice_ratios: steady-state CPU shares of hogs on one CPU follow the
# 2.6.22 timeslice table.  Four hogs at nice 0, 0, 10 and 19 on CPU 0:
# once none of them is interactive any more, each array swap gives every
# hog one full slice, 100 + 100 + 50 + 5 ms, so the two nice-0 hogs get
# equal time (ratio 0.9..1.1), nice 0 vs nice 10 is 2:1 (1.7..2.3) and
# nice 0 vs nice 19 is 20:1 (16..25).  The first 7 s are not measured:
# the hogs start with the sleep_avg they inherit from the sleeping
# parent, and the interactivity estimator needs up to 1.5 s of CPU per
# nice-0 hog to notice they never sleep (README, "warm-up").
# sptest: one-cpu (pinned to CPU 0: runs in the 1-vCPU boot only)
T=o1_nice_ratios
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test o1
if ! share -w 7 -t 5 -c 0 0 0 10 19 >"$SP_TMP/out" 2>&1; then
	cat "$SP_TMP/out"
	sp_fail "share driver failed: $(tail -n 1 "$SP_TMP/out")"
fi
cat "$SP_TMP/out"
ms() {
	sed -n "s/^SHARE idx=$1 .*cpu_ms=\([0-9.]*\).*/\1/p" "$SP_TMP/out"
}
a=$(ms 0)
b=$(ms 1)
c=$(ms 2)
d=$(ms 3)
if [ -z "$a" ] || [ -z "$b" ] || [ -z "$c" ] || [ -z "$d" ]; then
	sp_fail "could not parse share output"
fi
sp_true "$b > 0 && $c > 0 && $d > 0" || sp_fail "a hog got no CPU: $a $b $c $d"
eq=$(sp_calc "$a / $b")
r10=$(sp_calc "($a + $b) / 2 / $c")
r19=$(sp_calc "($a + $b) / 2 / $d")
detail="nice0_ms=$a,$b nice10_ms=$c nice19_ms=$d nice0_a/b=$eq nice0/nice10=$r10 nice0/nice19=$r19"
sp_true "$eq >= 0.9 && $eq <= 1.1" || sp_fail "$detail (want a/b 0.9..1.1)"
sp_true "$r10 >= 1.7 && $r10 <= 2.3" || sp_fail "$detail (want 0/10 1.7..2.3)"
sp_true "$r19 >= 16 && $r19 <= 25" || sp_fail "$detail (want 0/19 16..25)"
sp_ok "$detail (want 0.9..1.1, 1.7..2.3, 16..25)"
