#!/bin/sh
# o1_repick: when o1 picks the task that was running, it still hears of
# the new slice.  A lone hog pinned to the last CPU for 4 s ends a 100 ms
# slice about 40 times.  While its sleep_avg from fork lasts it counts as
# interactive and goes back into the active array; afterwards each slice
# sends it to the expired array.  The inherited credit lasts up to 1.5 s
# of CPU: a shell at full sleep_avg forks a child at bonus 9 (900 ms,
# CHILD_PENALTY 95 rounded down to a level), and running drains it by
# run_time / bonus, the bonus being 8 just below 900 ms and 7 below 800,
# so 900 -> 700 ms (below that a nice-0 task is not interactive) takes
# 0.8 + 0.7 s.  A 2 s run left as few as one expired
# slice after such a shell (seen in CI); 4 s leave at least 2 s, about
# 20 slices.  After each, 2.6.22's schedule() swaps the empty active
# array with the expired one (sched.c, schedule(): "if
# (unlikely(!array->nr_active))"), although the same task runs on.
# Linux 6.12 calls neither put_prev nor set_next for a re-pick, so the
# core does (the "repicks" counter): on that CPU o1 must count at least 10
# repicks, at least 10 of the hog's slices to the expired array (its own,
# from o1's sched_o1_slice_end trace event: the CPU's counter also counts
# other tasks', which at 1 vCPU share the CPU), and a swap for each of
# them (one may fall outside the sample).  The kernel without it swapped
# only when some other task happened to run there.
T=o1_repick
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test o1
sp_cross_na "asserts o1's own counters (repicks, array swaps)"
cpu=$((SPTEST_NCPUS - 1))
st=$SP/o1/stats
EV=sched_o1/sched_o1_slice_end
sp_trace_start "$EV"
cat "$st" >"$SP_TMP/before"
hog -t 4 -c "$cpu" -l lone >"$SP_TMP/hog" &
hogpid=$!
wait "$hogpid" || sp_fail "hog failed"
cat "$st" >"$SP_TMP/after"
sp_trace_stop "$EV" "sched_o1_slice_end: pid=$hogpid " "$SP_TMP/ends"
d() { echo $(($(sp_stat_cpu "$SP_TMP/after" "$1" "$cpu") - $(sp_stat_cpu "$SP_TMP/before" "$1" "$cpu"))); }
swaps=$(d array_swaps)
expired=$(grep -c ' to=expired' "$SP_TMP/ends")
repicks=$(d repicks)
detail="cpu=$cpu array_swaps=+$swaps hog_slices_to_expired=$expired all_slices_to_expired=+$(d slices_to_expired) repicks=+$repicks $(cut -d' ' -f2- "$SP_TMP/hog")"
[ "$repicks" -ge 10 ] || sp_fail "$detail (want >= 10 repicks)"
[ "$expired" -ge 10 ] || sp_fail "$detail (want >= 10 of the hog's slices to the expired array)"
[ "$swaps" -ge $((expired - 1)) ] || sp_fail "$detail (want a swap per expired slice of the hog)"
sp_ok "$detail"
