#!/bin/sh
# trace_events: the stock sched:sched_switch event keeps working under
# every policy, and sched_policy:sched_policy_pick fires exactly when a
# policy other than eevdf is active (under eevdf the class holds no task).
T=trace_events
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

TR=/sys/kernel/tracing
[ -d "$TR/events/sched_policy/sched_policy_pick" ] ||
	sp_fail "$TR/events/sched_policy/sched_policy_pick missing"
[ -d "$TR/events/sched/sched_switch" ] || sp_fail "$TR/events/sched/sched_switch missing"

echo 0 >"$TR/tracing_on"
echo >"$TR/trace"
echo 1 >"$TR/events/sched_policy/sched_policy_pick/enable"
echo 1 >"$TR/events/sched/sched_switch/enable"
echo 1 >"$TR/tracing_on"
hog -t 1 -c 0 >/dev/null &
sp_track $!
hog -t 1 -c 0 >/dev/null &
sp_track $!
for p in $SP_PIDS; do
	wait "$p"
done
SP_PIDS=""
echo 0 >"$TR/tracing_on"
echo 0 >"$TR/events/sched_policy/sched_policy_pick/enable"
echo 0 >"$TR/events/sched/sched_switch/enable"

picks=$(grep -c 'sched_policy_pick:' "$TR/trace")
switches=$(grep -c 'sched_switch:' "$TR/trace")
echo >"$TR/trace"
detail="policy=$(sp_active) sched_policy_pick=$picks sched_switch=$switches"
[ "$switches" -gt 0 ] || sp_fail "no sched_switch events: $detail"
if [ "$(sp_active)" = eevdf ]; then
	[ "$picks" -eq 0 ] || sp_fail "policy class picked under eevdf: $detail"
else
	[ "$picks" -gt 0 ] || sp_fail "no sched_policy_pick events: $detail"
fi
sp_ok "$detail"
