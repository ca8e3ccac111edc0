#!/bin/sh
# boot_tunables: run in the boot that tests/run starts with
#   sched_policy=rr sched_policy_tunable=rr.timeslice_ms=7
#   sched_policy_tunable=rr.timeslice_ms=0 sched_policy_tunable=rr.nope=1
#   sched_policy_tunable=junk
# The good setting is applied (timeslice_ms reads 7, one "tunable" line);
# each of the three bad ones leaves one "ignoring tunable" line and changes
# nothing (the out-of-range 0 after the 7 does not undo it).
T=boot_tunables
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

v=$(cat "$TS_FILE" 2>/dev/null) || sp_fail "$TS_FILE missing"
applied=$(dmesg | grep -c 'sched_policy: tunable rr.timeslice_ms=7$')
ignored=$(dmesg | grep -c "sched_policy: ignoring tunable '")
dmesg | grep 'sched_policy: .*tunable'
detail="timeslice_ms=$v applied_lines=$applied ignored_lines=$ignored (want 7, 1, 3)"
if [ "$v" != 7 ] || [ "$applied" -ne 1 ] || [ "$ignored" -ne 3 ]; then
	sp_fail "$detail"
fi
sp_ok "$detail"
