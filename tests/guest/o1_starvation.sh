#!/bin/sh
# o1_starvation: interactive tasks cannot keep the expired array waiting
# past the starvation limit.  On CPU 0, three tasks that run 9 ms and
# sleep 1 ms stay interactive (sleep credit 1 ms per 9 ms of CPU at bonus
# 9) and keep the active array busy; a CPU hog beside them ends up in the
# expired array.  With starvation_limit_ms=200, every array swap on CPU 0
# (sched_o1_array_swap trace event) must come within limit x runnable
# tasks (4) + the interactive tasks' remaining slices (3 x 100 ms) + 50 ms
# slack = 1150 ms of the first expiry, and starvation_expiries must move.
T=o1_starvation
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

TR=/sys/kernel/tracing
EV=$TR/events/sched_o1/sched_o1_array_swap
LIM=$SP/o1/tunables/starvation_limit_ms
[ -d "$EV" ] || sp_fail "$EV missing"
old=$(cat "$LIM")
echo 200 >"$LIM" || sp_fail "cannot set $LIM"
s0=$(sp_stat_total "$SP/o1/stats" starvation_expiries)

echo 0 >"$TR/tracing_on"
echo >"$TR/trace"
echo 1 >"$EV/enable"
echo 1 >"$TR/tracing_on"
for i in 1 2 3; do
	wakelat -t 6 -s 1000 -w 9000 -c 0 -l inter$i >"$SP_TMP/i$i" &
	sp_track $!
done
hog -t 6 -c 0 -l hog >"$SP_TMP/hog" &
sp_track $!
for p in $SP_PIDS; do
	wait "$p"
done
SP_PIDS=""
echo 0 >"$TR/tracing_on"
echo 0 >"$EV/enable"
echo "$old" >"$LIM"
cat "$SP_TMP/i1" "$SP_TMP/i2" "$SP_TMP/i3" "$SP_TMP/hog"
s1=$(sp_stat_total "$SP/o1/stats" starvation_expiries)
grep 'sched_o1_array_swap: cpu=0 ' "$TR/trace" >"$SP_TMP/ev" || true
echo >"$TR/trace"
swaps=$(wc -l <"$SP_TMP/ev")
maxw=$(sed -n 's/.*waited_us=\([0-9]*\).*/\1/p' "$SP_TMP/ev" | sort -n | tail -n 1)
hogms=$(sed -n 's/.* cpu_ms=\([0-9]*\).*/\1/p' "$SP_TMP/hog")
detail="swaps=$swaps max_expired_wait_ms=$(sp_calc "${maxw:-0} / 1000") starvation_expiries=+$((s1 - s0)) hog_cpu_ms=$hogms"
[ "$swaps" -gt 0 ] || sp_fail "no array swaps on CPU 0: $detail"
[ $((s1 - s0)) -gt 0 ] || sp_fail "the starvation limit never triggered: $detail"
sp_true "$maxw <= 1150000" || sp_fail "$detail (want <= 1150 ms)"
sp_ok "$detail (want <= 1150 ms)"
