#!/bin/sh
# o1_pick_cost: O(1) picks cost the same with 10 and 1,000 runnable tasks
# on one CPU.  From the policy's own statistics on CPU 0 (pick_ns / picks,
# enqueue_ns / enqueues) over 3 s of N pinned hogs; want the 1,000-task
# pick cost below 3x the 10-task one (flat, with room for TCG noise; an
# O(n) scan would be ~100x).
T=o1_pick_cost
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test o1
sp_cross_na "asserts the core's pick cost counters"
for n in 10 1000; do
	sp_cost_run "$n" 0 3 >"$SP_TMP/cost$n" || sp_fail "cost run with $n tasks failed: $(tail -n 1 "$SP_TMP/cost$n")"
	cat "$SP_TMP/cost$n"
done
c10=$(sp_kv pick_ns "$(cat "$SP_TMP/cost10")")
c1000=$(sp_kv pick_ns "$(cat "$SP_TMP/cost1000")")
e10=$(sp_kv enqueue_ns "$(cat "$SP_TMP/cost10")")
e1000=$(sp_kv enqueue_ns "$(cat "$SP_TMP/cost1000")")
detail="pick_ns@10=$c10 pick_ns@1000=$c1000 enqueue_ns@10=$e10 enqueue_ns@1000=$e1000"
sp_true "$c10 > 0 && $c1000 > 0" || sp_fail "no picks measured: $detail"
sp_true "$c1000 < 3 * $c10" || sp_fail "$detail (want pick_ns@1000 < 3 x pick_ns@10)"
sp_ok "$detail (want pick_ns@1000 < 3 x pick_ns@10)"
