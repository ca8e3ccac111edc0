#!/bin/sh
# o1_interactive: a task that sleeps most of the time and wakes every
# 5 ms (200 us of work) beside 4 CPU hogs on CPU 0 is classed interactive
# (>= 90% of its wakeups carry interactive=1 in the sched_o1_wakeup trace
# event) and its wakeup-to-run delay stays below one nice-0 timeslice
# (max < 100 ms): its dynamic priority is better than the hogs', so it
# preempts them.
T=o1_interactive
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test o1
TR=/sys/kernel/tracing
EV=$TR/events/sched_o1/sched_o1_wakeup
! sp_own || [ -d "$EV" ] || sp_fail "$EV missing"

for i in 1 2 3 4; do
	hog -t 6 -c 0 -l hog$i >/dev/null &
	sp_track $!
done
sleep 1
if sp_own; then
	echo 0 >"$TR/tracing_on"
	echo >"$TR/trace"
	echo 1 >"$EV/enable"
	echo 1 >"$TR/tracing_on"
fi
wakelat -t 4 -p 5000 -w 200 -c 0 -l sleeper >"$SP_TMP/lat" &
wpid=$!
wait "$wpid" || sp_fail "wakelat failed: $(cat "$SP_TMP/lat")"
cat "$SP_TMP/lat"
line=$(grep '^WAKELAT' "$SP_TMP/lat")
max=$(sp_kv max_us "$line")
[ -n "$max" ] || sp_fail "could not parse wakelat output"
# in a cross run: only the latency, o1's trace event is o1's
if ! sp_own; then
	detail="lat_mean_us=$(sp_kv mean_us "$line") lat_p99_us=$(sp_kv p99_us "$line") lat_max_us=$max"
	sp_true "$max < 100000" || sp_fail "$detail (want max < 100000 us)"
	sp_ok "$detail (want max < 100000 us)"
fi
echo 0 >"$TR/tracing_on"
echo 0 >"$EV/enable"
grep "sched_o1_wakeup: pid=$wpid " "$TR/trace" >"$SP_TMP/ev" || true
echo >"$TR/trace"
total=$(wc -l <"$SP_TMP/ev")
inter=$(grep -c 'interactive=1' "$SP_TMP/ev" || true)
tail -n 2 "$SP_TMP/ev"
line=$(grep '^WAKELAT' "$SP_TMP/lat")
max=$(sp_kv max_us "$line")
mean=$(sp_kv mean_us "$line")
p99=$(sp_kv p99_us "$line")
[ -n "$max" ] || sp_fail "could not parse wakelat output"
[ "$total" -gt 100 ] || sp_fail "only $total sched_o1_wakeup events for pid $wpid"
pct=$(sp_calc "100 * $inter / $total")
detail="wakeups=$total interactive_pct=$pct lat_mean_us=$mean lat_p99_us=$p99 lat_max_us=$max"
sp_true "$pct >= 90" || sp_fail "$detail (want interactive >= 90%)"
sp_true "$max < 100000" || sp_fail "$detail (want max < 100000 us)"
sp_ok "$detail (want >= 90%, max < 100000 us)"
