#!/bin/sh
# pi_boost: a priority-inheritance boost is not the end of a task's life
# under the policy.  piboost boosts a SCHED_OTHER thread 200 times through
# a PI futex held against a SCHED_FIFO waiter on the same CPU (each boost
# takes it out of the policy class, each deboost brings it back; checked
# through its priority in /proc).  The policy must see each return as an
# enable, never as a new task: the core's counters must show at least
# 200 more "enables" and fewer than 20 more "task_inits" (the few forks
# and threads the test itself starts).  The kernel that ran task_init on
# every class entry showed one task_init per boost.
T=pi_boost
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

pol=$(sp_active)
st=$SP/$pol/stats
if [ "$pol" != eevdf ]; then
	cat "$st" >"$SP_TMP/before"
fi
out=$(piboost -n 200 -c 0 2>&1) || sp_fail "piboost failed: $out"
echo "$out"
[ "$pol" != eevdf ] || sp_ok "policy=eevdf: boosts work ($out); no policy counters"
cat "$st" >"$SP_TMP/after"
d() { echo $(($(sp_stat_total "$SP_TMP/after" "$1") - $(sp_stat_total "$SP_TMP/before" "$1"))); }
inits=$(d task_inits)
enables=$(d enables)
detail="policy=$pol boosts=$(sp_kv boosted "$out") enables=+$enables task_inits=+$inits"
[ "$enables" -ge 200 ] || sp_fail "$detail (want >= 200 enables: one per deboost)"
[ "$inits" -lt 20 ] || sp_fail "$detail (want < 20 task_inits: a boost is no new life)"
sp_ok "$detail"
