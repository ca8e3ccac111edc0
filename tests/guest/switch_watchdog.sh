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

sp_broken_begin 2000
hog -t 8 -b -l starved >"$SP_TMP/starved" &
spid=$!
sp_track $spid
hog -t 8 -l normal >/dev/null &
sp_track $!
sleep 0.3
sp_broken_switch
wait "$spid"
SP_PIDS=""
sp_broken_end
cat "$SP_TMP/starved"
took=$SP_BACK_S
report=$(sp_dmesg_since | grep "watchdog: policy 'broken' left" | tail -n 1)
[ -n "$report" ] || sp_fail "no watchdog report in the kernel log (took ${took}s)"
echo "$report" | grep -q "hog\[$spid\]" || sp_fail "the report does not name the starved hog $spid: $report"
sp_dmesg_since | grep -q 'broken: cpu[0-9]* queued=' || sp_fail "no dump of broken's state in the kernel log"
ms=$(sed -n 's/.* cpu_ms=\([0-9]*\).*/\1/p' "$SP_TMP/starved")
detail="fallback_after_s=$took starved_cpu_ms=$ms report='${report#*watchdog: }'"
sp_true "$took <= 4" || sp_fail "$detail (want <= 4 s)"
sp_true "${ms:-0} > 500" || sp_fail "$detail (want the starved hog to run afterwards)"
sp_ok "$detail"
