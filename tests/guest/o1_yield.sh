#!/bin/sh
# o1_yield: sched_yield() moves a SCHED_NORMAL task to the expired array,
# so every other runnable task on its CPU runs before it runs again.
# yieldorder: 3 spinners and the yielder on CPU 0 for 3 s, after one
# unmeasured yield; every yield must be "complete" (all 3 spinners ran
# during it), at least 3 yields.  (The unmeasured first yield may find a
# spinner already waiting in the expired array at a worse priority than
# the yielder's: O(1) moves the yielder behind the active array, not
# behind everyone.)
# child_penalty is 0 while it runs so that the spinners start as the CPU
# hogs they are, not interactive with their parent's sleep_avg (then
# they would keep the yielder waiting up to the starvation limit, 4 s
# here, and a 3 s run could see a single yield; README "Warm-up").
# sptest: one-cpu (pinned to CPU 0: runs in the 1-vCPU boot only)
T=o1_yield
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test o1
# in a cross run: only the order (o1's tunable and counter are o1's)
y0=0 y1=0
if sp_own; then
	CP=$SP/o1/tunables/child_penalty
	old_cp=$(cat "$CP")
	echo 0 >"$CP" || sp_fail "cannot set $CP"
	y0=$(sp_stat_total "$SP/o1/stats" yields_to_expired)
fi
rc=0
yieldorder -t 3 -c 0 -k 3 >"$SP_TMP/out" 2>&1 || rc=$?
if sp_own; then
	y1=$(sp_stat_total "$SP/o1/stats" yields_to_expired)
	echo "$old_cp" >"$CP"
fi
[ "$rc" -eq 0 ] || sp_fail "yieldorder failed: $(cat "$SP_TMP/out")"
cat "$SP_TMP/out"
line=$(grep '^YIELDORDER' "$SP_TMP/out")
yields=$(sp_kv yields "$line")
complete=$(sp_kv complete "$line")
[ -n "$yields" ] || sp_fail "could not parse yieldorder output"
detail="yields=$yields complete=$complete mean_yield_ms=$(sp_kv mean_yield_ms "$line") yields_to_expired=+$((y1 - y0))"
[ "$yields" -ge 3 ] || sp_fail "$detail (want >= 3 yields)"
[ "$complete" -eq "$yields" ] || sp_fail "$detail (want every yield complete)"
sp_own || sp_ok "$detail"
[ $((y1 - y0)) -ge "$yields" ] || sp_fail "$detail (want yields_to_expired >= yields)"
sp_ok "$detail"
