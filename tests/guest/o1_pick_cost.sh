#!/bin/sh
# o1_pick_cost: choosing the next task costs the same with 10 and 1,000
# runnable tasks on one CPU (2.6.22's sched_find_first_bit() on the
# priority bitmap).  From the core's statistics on CPU 0 over 3 s of N
# pinned hogs: the cost of the balance pass plus the pick (balance_ns +
# pick_ns per pick: a policy may do its choosing in either, as bfs scans
# its global queue in balance()); want the 1,000-task cost below 3x the
# 10-task one (flat, with room for TCG noise; an O(n) scan would be
# ~100x).  Cross runs: the same assertion on the core's counters of the
# policy that runs; bfs's O(n) scan fails it, cfs's cached leftmost node
# and rr's list head pass (tests/signatures.expect); eevdf, where the
# framework counts nothing, is n/a.
T=o1_pick_cost
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test o1
[ -r "$SP/$(sp_active)/stats" ] ||
	sp_cross_na "$(sp_active) has no framework statistics to time"
for n in 10 1000; do
	sp_cost_run "$n" 0 3 >"$SP_TMP/cost$n" || sp_fail "cost run with $n tasks failed: $(tail -n 1 "$SP_TMP/cost$n")"
	cat "$SP_TMP/cost$n"
done
# choose_ns LINE: balance_ns + pick_ns of a cost line (a policy without
# a balance hook has balance_ns "?")
choose_ns() {
	_b=$(sp_kv balance_ns "$1")
	[ "$_b" != "?" ] || _b=0
	sp_calc "$_b + $(sp_kv pick_ns "$1")"
}
line10=$(cat "$SP_TMP/cost10")
line1000=$(cat "$SP_TMP/cost1000")
c10=$(choose_ns "$line10")
c1000=$(choose_ns "$line1000")
detail="policy=$(sp_active) balance+pick_ns@10=$c10 balance+pick_ns@1000=$c1000 pick_ns@10=$(sp_kv pick_ns "$line10") pick_ns@1000=$(sp_kv pick_ns "$line1000") enqueue_ns@10=$(sp_kv enqueue_ns "$line10") enqueue_ns@1000=$(sp_kv enqueue_ns "$line1000")"
sp_true "$c10 > 0 && $c1000 > 0" || sp_fail "no picks measured: $detail"
sp_true "$c1000 < 3 * $c10" ||
	sp_fail "$detail (want balance+pick_ns@1000 < 3 x balance+pick_ns@10)"
sp_ok "$detail (want balance+pick_ns@1000 < 3 x balance+pick_ns@10)"
