#!/bin/sh
# cfs_enqueue_cost: the cost of an enqueue grows about logarithmically
# with the number of runnable tasks (an rbtree insert).  From the policy's
# own statistics on CPU 0 (enqueue_ns / enqueues, pick_ns / picks) over
# 3 s of 10 and of 1,000 pinned hogs released together; want the
# 1,000-task enqueue cost below 10x the 10-task one (log2 1000 / log2 10
# is 3; a sorted-list insert would be ~100x).  Picks read the cached
# leftmost node and are reported.
# sptest: one-cpu (pinned to CPU 0: runs in the 1-vCPU boot only)
T=cfs_enqueue_cost
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test cfs
sp_cross_na "asserts the growth of the core's enqueue cost counters"
for n in 10 1000; do
	sp_cost_run "$n" 0 3 >"$SP_TMP/cost$n" || sp_fail "cost run with $n tasks failed: $(tail -n 1 "$SP_TMP/cost$n")"
	cat "$SP_TMP/cost$n"
done
e10=$(sp_kv enqueue_ns "$(cat "$SP_TMP/cost10")")
e1000=$(sp_kv enqueue_ns "$(cat "$SP_TMP/cost1000")")
c10=$(sp_kv pick_ns "$(cat "$SP_TMP/cost10")")
c1000=$(sp_kv pick_ns "$(cat "$SP_TMP/cost1000")")
detail="enqueue_ns@10=$e10 enqueue_ns@1000=$e1000 pick_ns@10=$c10 pick_ns@1000=$c1000 (want enqueue_ns@1000 < 10 x enqueue_ns@10)"
sp_true "$e10 > 0 && $e1000 > 0" || sp_fail "no enqueues measured: $detail"
sp_true "$e1000 < 10 * $e10" || sp_fail "$detail"
sp_ok "$detail"
