#!/bin/sh
# bfs_pick_cost: a BFS pick scans the whole global queue, so its cost
# grows with the number of runnable tasks.  From the policy statistics on
# CPU 0 over 3 s of N pinned hogs (N = 10, then 1,000): the entries
# scanned per pick (balance and pick each scan; the run's start and exit
# phases have shorter queues) must reach N / 4 = 250 at N = 1,000, and
# the pick cost at 1,000 must be at least 5x that at 10 (the scan is
# ~100x longer; locking and timing are a fixed cost).
T=bfs_pick_cost
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test bfs
sp_cross_na "asserts bfs's scan counter and the core's pick cost"
F=$SP/bfs/stats
for n in 10 1000; do
	s0=$(sp_stat_cpu "$F" scanned 0)
	sp_cost_run "$n" 0 3 >"$SP_TMP/cost$n" || sp_fail "cost run with $n tasks failed: $(tail -n 1 "$SP_TMP/cost$n")"
	s1=$(sp_stat_cpu "$F" scanned 0)
	cat "$SP_TMP/cost$n"
	echo $((s1 - s0)) >"$SP_TMP/scan$n"
done
scan10=$(cat "$SP_TMP/scan10")
scan1000=$(cat "$SP_TMP/scan1000")
line10=$(cat "$SP_TMP/cost10")
line1000=$(cat "$SP_TMP/cost1000")
c10=$(sp_kv pick_ns "$line10")
c1000=$(sp_kv pick_ns "$line1000")
per_pick=$(sp_calc "$scan1000 / $(sp_kv picks "$line1000")")
detail="pick_ns@10=$c10 pick_ns@1000=$c1000 scan_per_pick@10=$(sp_calc "$scan10 / $(sp_kv picks "$line10")") scan_per_pick@1000=$per_pick"
sp_true "$c10 > 0 && $per_pick >= 250" || sp_fail "$detail (want scan >= 250)"
sp_true "$c1000 >= 5 * $c10" || sp_fail "$detail (want pick_ns@1000 >= 5 x pick_ns@10)"
sp_ok "$detail (want scan >= 250, pick_ns@1000 >= 5 x @10)"
