#!/bin/sh
# boot_tunables: run in the boot that tests/run starts with sched_policy=rr
# and these sched_policy_tunable= settings, in order:
#   rr.timeslice_ms=7                       good
#   rr.timeslice_ms=0  rr.nope=1  junk      out of range, no such tunable,
#   rr.timeslice_ms=abc  rr.timeslice_ms=-1   malformed, not a number,
#   (empty)  rr.timeslice_ms=2^64+7  rr.=5    negative, empty, overflowing,
#   .x=5  rr.timeslice_ms=  rr.timeslice_ms=5x  no tunable, no policy, ...
#   nosuch.x=1  rr  rr.timeslice_ms=0x10  rr.timeslice_ms=1e3
#   rr.timeslice_ms=9                       the 17th: over the limit of 16
# The good setting is applied (timeslice_ms reads 7, one "tunable" line);
# each of the 16 others leaves one "ignoring tunable" line and changes
# nothing, the last one saying "more than 16 given".  The same boot gives
# sched_policy_watchdog_ms=50 (below 100: one line, default kept), then
# sched_policy_watchdog_ms=45000 (applied: watchdog_timeout_ms reads it).
T=boot_tunables
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

v=$(cat "$TS_FILE" 2>/dev/null) || sp_fail "$TS_FILE missing"
applied=$(dmesg | grep -c 'sched_policy: tunable rr.timeslice_ms=7$' || true)
ignored=$(dmesg | grep -c "sched_policy: ignoring tunable '" || true)
over=$(dmesg | grep -c "sched_policy: ignoring tunable 'rr.timeslice_ms=9': more than 16 given" || true)
dmesg | grep 'sched_policy: .*tunable'
detail="timeslice_ms=$v applied_lines=$applied ignored_lines=$ignored over_limit_lines=$over (want 7, 1, 16, 1)"
if [ "$v" != 7 ] || [ "$applied" -ne 1 ] || [ "$ignored" -ne 16 ] || [ "$over" -ne 1 ]; then
	sp_fail "$detail"
fi
wd=$(cat "$SP/watchdog_timeout_ms")
bad=$(dmesg | grep -c 'sched_policy: sched_policy_watchdog_ms=50: not 0 (off) or 100-3600000, keeping 30000$' || true)
detail="$detail watchdog_timeout_ms=$wd bad_watchdog_lines=$bad (want 45000, 1)"
{ [ "$wd" = 45000 ] && [ "$bad" -eq 1 ]; } || sp_fail "$detail"
sp_ok "$detail"
