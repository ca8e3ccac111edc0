#!/bin/sh
# sysrq_reset: SysRq-P dumps the active policy and returns the machine to
# eevdf, with no help from the policy.  The watchdog is off and
# sched_broken (starve_all=1) runs no task at all; a SCHED_FIFO helper
# (rtrun) writes P to /proc/sysrq-trigger 1 s after the switch to it.
# The machine must be back on eevdf within 15 s, the kernel log must name
# the reset and hold broken's dump, and the switch must follow the SysRq
# line within 1 s.
T=sysrq_reset
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

[ -w /proc/sysrq-trigger ] || sp_fail "no /proc/sysrq-trigger (CONFIG_MAGIC_SYSRQ)"
WD=$SP/watchdog_timeout_ms
old_wd=$(cat "$WD")
start=$(sp_active)
insmod /modules/sched_broken.ko starve_all=1 || sp_fail "insmod sched_broken.ko starve_all=1 failed"
echo 0 >"$WD" || sp_fail "cannot turn the watchdog off"
sp_kmsg_mark
rtrun 50 sh -c 'sleep 1; echo P >/proc/sysrq-trigger' &
helper=$!
t0=$(sp_uptime)
echo broken >"$SP/active" || sp_fail "cannot switch to broken"
sp_wait_left broken 15
t1=$(sp_uptime)
now=$(sp_active)
wait "$helper"
echo "$old_wd" >"$WD"
[ "$now" = eevdf ] || sp_fail "still '$now' after 15 s"
[ "$start" = eevdf ] || echo "$start" >"$SP/active"
rmmod sched_broken || sp_fail "rmmod sched_broken failed"
sp_dmesg_since >"$SP_TMP/log"
reset=$(grep "sched_policy: sysrq: dumping policy 'broken'" "$SP_TMP/log" | tail -n 1)
switched=$(grep 'sched_policy: switched from broken to eevdf' "$SP_TMP/log" | tail -n 1)
[ -n "$reset" ] || sp_fail "no SysRq reset line in the kernel log"
[ -n "$switched" ] || sp_fail "no 'switched from broken to eevdf' line"
grep -q 'broken: cpu[0-9]* queued=' "$SP_TMP/log" || sp_fail "no dump of broken's state"
grep -q 'sched_policy: watchdog:' "$SP_TMP/log" && sp_fail "the watchdog fired, not SysRq"
ms=$(sp_calc "($(sp_log_ts "$switched") - $(sp_log_ts "$reset")) * 1000")
detail="back_after_s=$(sp_calc "$t1 - $t0") sysrq_to_eevdf_ms=$ms"
sp_true "$ms < 1000" || sp_fail "$detail (want < 1000 ms)"
sp_ok "$detail"
