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
sp_broken_begin 0 starve_all=1
rtrun 50 sh -c 'sleep 1; echo P >/proc/sysrq-trigger' &
helper=$!
# SCHED_FIFO before the switch: moved into broken first, it would starve
i=0
until [ "$(sed 's/.*) //' "/proc/$helper/stat" | cut -d' ' -f39)" = 1 ]; do
	i=$((i + 1))
	[ "$i" -le 100 ] || sp_fail "the helper is not SCHED_FIFO after 10 s"
	sleep 0.1
done
sp_broken_switch
wait "$helper"
sp_broken_end
sp_log_gap "SysRq reset" "sched_policy: sysrq: dumping policy 'broken'"
grep -q 'broken: cpu[0-9]* queued=' "$SP_TMP/log" || sp_fail "no dump of broken's state"
grep -q 'sched_policy: watchdog:' "$SP_TMP/log" && sp_fail "the watchdog fired, not SysRq"
detail="back_after_s=$SP_BACK_S sysrq_to_eevdf_ms=$SP_GAP_MS"
sp_true "$SP_GAP_MS < 1000" || sp_fail "$detail (want < 1000 ms)"
sp_ok "$detail"
