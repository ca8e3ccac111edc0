#!/bin/sh
# fifo_preempt: with 4 SCHED_NORMAL hogs on CPU 0, a SCHED_FIFO task on
# CPU 0 spinning for 1 s gets >= 85% of that second.
# sptest: one-cpu (pinned to CPU 0: runs in the 1-vCPU boot only)
T=fifo_preempt
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

for i in 1 2 3 4; do
	hog -t 4 -c 0 -l normal$i >"$SP_TMP/hog$i" 2>&1 &
	sp_track $!
done
sleep 1
if ! hog -t 1 -c 0 -f 50 -l fifo >"$SP_TMP/fifo" 2>&1; then
	cat "$SP_TMP/fifo"
	sp_fail "fifo hog failed: $(cat "$SP_TMP/fifo")"
fi
line=$(grep '^HOG ' "$SP_TMP/fifo")
echo "$line"
for p in $SP_PIDS; do
	wait "$p" || sp_fail "a normal hog failed"
done
SP_PIDS=""
normal=""
for i in 1 2 3 4; do
	grep '^HOG ' "$SP_TMP/hog$i"
	normal="$normal $(sp_kv cpu_ms "$(grep '^HOG ' "$SP_TMP/hog$i")")"
done
pct=$(sp_kv pct "$line")
wall=$(sp_kv wall_ms "$line")
cpu=$(sp_kv cpu_ms "$line")
[ -n "$pct" ] || sp_fail "could not parse fifo hog output: $line"
detail="fifo_cpu_ms=$cpu fifo_wall_ms=$wall fifo_pct=$pct normal_cpu_ms=[$normal ] policy=$(sp_active)"
sp_true "$pct >= 85" || sp_fail "$detail (want >= 85%)"
sp_ok "$detail"
