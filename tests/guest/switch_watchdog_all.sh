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

sp_broken_begin 2000 starve_all=1
hog -t 6 -l starved >"$SP_TMP/hog" &
sp_track $!
# forks in flight hold the fork rwsem that the way back must take
clonemix threads -t 6 -j 2 -n 16 >"$SP_TMP/forks" 2>&1 &
forks=$!
sleep 0.3
# from the switch on this shell runs again only once the watchdog has
# recovered
sp_broken_switch
forks_ok=1
wait "$forks" || forks_ok=0
cat "$SP_TMP/forks"
sp_cleanup
sp_broken_end
[ "$forks_ok" = 1 ] || sp_fail "the forks in flight did not all finish: $(cat "$SP_TMP/forks")"
sp_log_gap "watchdog report" "watchdog: policy 'broken' left"
detail="fallback_after_s=$SP_BACK_S report_to_eevdf_ms=$SP_GAP_MS report='${SP_GAP_FROM#*watchdog: }'"
sp_true "$SP_GAP_MS < 1000" || sp_fail "$detail (want < 1000 ms)"
sp_ok "$detail"
