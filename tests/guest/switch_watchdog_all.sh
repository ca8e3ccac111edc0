#!/bin/sh
# switch_watchdog_all: the stall watchdog recovers from a policy that runs
# nothing at all.  sched_broken with starve_all=1 picks no task: once the
# switch to it returns, no task of the class runs - this shell, the
# kworkers and the RCU kthreads included - so the recovery can count on
# nothing but the watchdog's SCHED_FIFO thread and the core's bypass.
# Forks of 16-thread processes run meanwhile (clonemix threads), so that
# some hold the fork rwsem the switch back must take; every one must
# finish afterwards.
# With watchdog_timeout_ms=2000 the machine must be back on eevdf within
# 15 s, and within 1 s of the watchdog's report (from the kernel log's
# timestamps: the report line and the "switched from broken" line).
T=switch_watchdog_all
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

WD=$SP/watchdog_timeout_ms
old_wd=$(cat "$WD")
start=$(sp_active)
insmod /modules/sched_broken.ko starve_all=1 || sp_fail "insmod sched_broken.ko starve_all=1 failed"
echo 2000 >"$WD" || sp_fail "cannot set $WD"
sp_kmsg_mark
hog -t 6 -l starved >"$SP_TMP/hog" &
sp_track $!
# forks in flight hold the fork rwsem that the way back must take
clonemix threads -t 6 -j 2 -n 16 >"$SP_TMP/forks" 2>&1 &
forks=$!
sleep 0.3
t0=$(sp_uptime)
echo broken >"$SP/active" || sp_fail "cannot switch to broken"
# from here on this shell runs again only once the watchdog has recovered
sp_wait_left broken 15
t1=$(sp_uptime)
now=$(sp_active)
echo "$old_wd" >"$WD"
forks_ok=1
wait "$forks" || forks_ok=0
cat "$SP_TMP/forks"
sp_cleanup
[ "$now" = eevdf ] || sp_fail "still '$now' after 15 s"
[ "$forks_ok" = 1 ] || sp_fail "the forks in flight did not all finish: $(cat "$SP_TMP/forks")"
[ "$start" = eevdf ] || echo "$start" >"$SP/active"
rmmod sched_broken || sp_fail "rmmod sched_broken failed"
sp_dmesg_since >"$SP_TMP/log"
report=$(grep "watchdog: policy 'broken' left" "$SP_TMP/log" | tail -n 1)
switched=$(grep 'sched_policy: switched from broken to eevdf' "$SP_TMP/log" | tail -n 1)
[ -n "$report" ] || sp_fail "no watchdog report in the kernel log"
[ -n "$switched" ] || sp_fail "no 'switched from broken to eevdf' line in the kernel log"
ms=$(sp_calc "($(sp_log_ts "$switched") - $(sp_log_ts "$report")) * 1000")
detail="fallback_after_s=$(sp_calc "$t1 - $t0") report_to_eevdf_ms=$ms report='${report#*watchdog: }'"
sp_true "$ms < 1000" || sp_fail "$detail (want < 1000 ms)"
sp_ok "$detail"
