#!/bin/sh
# switch_watchdog: the stall watchdog catches a broken policy.  The test
# module sched_broken never picks SCHED_BATCH tasks.  With
# watchdog_timeout_ms=2000 and a SCHED_BATCH hog runnable, switching to
# "broken" must end within the timeout + one check period (500 ms) +
# 1.5 s of slack = 4 s with one watchdog report naming the hog, a dump of
# broken's per-CPU state, and eevdf active again; the hog then runs (it
# gets > 500 ms of CPU in the rest of its 8 s).
T=switch_watchdog
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

WD=$SP/watchdog_timeout_ms
old_wd=$(cat "$WD")
start=$(sp_active)
insmod /modules/sched_broken.ko || sp_fail "insmod sched_broken.ko failed"
echo 2000 >"$WD" || sp_fail "cannot set $WD"
hog -t 8 -b -l starved >"$SP_TMP/starved" &
spid=$!
sp_track $spid
hog -t 8 -l normal >/dev/null &
sp_track $!
sleep 0.3
t0=$(sp_uptime)
echo broken >"$SP/active" || sp_fail "cannot switch to broken"
sp_wait_left broken 15
t1=$(sp_uptime)
now=$(sp_active)
wait "$spid"
SP_PIDS=""
echo "$old_wd" >"$WD"
[ "$now" = eevdf ] || sp_fail "still '$now' after 15 s"
[ "$start" = eevdf ] || echo "$start" >"$SP/active"
rmmod sched_broken || sp_fail "rmmod sched_broken failed"
cat "$SP_TMP/starved"
took=$(sp_calc "$t1 - $t0")
report=$(dmesg | grep "watchdog: policy 'broken' left" | tail -n 1)
[ -n "$report" ] || sp_fail "no watchdog report in the kernel log (took ${took}s)"
echo "$report" | grep -q "hog\[$spid\]" || sp_fail "the report does not name the starved hog $spid: $report"
dmesg | grep -q 'broken: cpu[0-9]* queued=' || sp_fail "no dump of broken's state in the kernel log"
ms=$(sed -n 's/.* cpu_ms=\([0-9]*\).*/\1/p' "$SP_TMP/starved")
detail="fallback_after_s=$took starved_cpu_ms=$ms report='${report#*watchdog: }'"
sp_true "$took <= 4" || sp_fail "$detail (want <= 4 s)"
sp_true "${ms:-0} > 500" || sp_fail "$detail (want the starved hog to run afterwards)"
sp_ok "$detail"
