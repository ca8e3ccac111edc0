#!/bin/sh
# cpu_hotplug: CPUs going offline and online under load.  Five hogs (one
# pinned to the CPU that goes away, whose affinity Linux then breaks) run
# while the last CPU is taken offline and back 5 times; every hog must
# finish and report its CPU time, and the CPU must end online.  Kernel
# splats during the test fail it (tests/run).  Needs 2 CPUs.
T=cpu_hotplug
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

[ "$SPTEST_NCPUS" -ge 2 ] || sp_ok "skipped: needs 2 CPUs, have $SPTEST_NCPUS"
cpu=$((SPTEST_NCPUS - 1))
ctl=/sys/devices/system/cpu/cpu$cpu/online
[ -w "$ctl" ] || sp_fail "$ctl not writable"

out=$SP_TMP/hogs
: >"$out"
hog -t 5 -c "$cpu" -l pinned >>"$out" &
sp_track $!
for i in 1 2 3 4; do
	hog -t 5 -l free$i >>"$out" &
	sp_track $!
done
sleep 0.3
n=0
while [ $n -lt 5 ]; do
	echo 0 >"$ctl" || sp_fail "offlining cpu$cpu failed (round $n)"
	sleep 0.3
	echo 1 >"$ctl" || sp_fail "onlining cpu$cpu failed (round $n)"
	sleep 0.3
	n=$((n + 1))
done
for p in $SP_PIDS; do
	wait "$p" || sp_fail "hog $p exited with an error"
done
SP_PIDS=""
cat "$out"
done_hogs=$(grep -c '^HOG ' "$out")
online=$(cat "$ctl")
detail="policy=$(sp_active) cpu$cpu cycled 5 times, hogs finished=$done_hogs/5, online=$online"
if [ "$done_hogs" -ne 5 ] || [ "$online" != 1 ]; then
	sp_fail "$detail"
fi
sp_ok "$detail"
