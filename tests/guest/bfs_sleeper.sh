#!/bin/sh
# bfs_sleeper: a task that wakes every 5 ms (200 us of work) beside 4 CPU
# hogs on CPU 0 runs soon after each wakeup.  rr_interval r is BFS's 6 ms
# scaled with the CPU count (6 ms at 1 vCPU, 12 at 4).  A sleeper keeps
# its deadline while it sleeps, and the hogs' deadlines move 6.5 r ahead
# every slice r, so it usually has the earliest deadline and preempts at
# once: want the median below r.  Once every 6 r / 200 us wakeups it has
# used up a slice, its fresh deadline is now + 6.5 r, and each of the 4
# hogs may run one slice first: 4 r.  Want max < 8 r: that worst case
# with room for TCG's timer and host noise (measured max about 25-40 ms
# at r = 6 ms).
# Then the same sleeper at nice 10: its fresh deadline lies
# d = (prio_ratio(10) - prio_ratio(0)) / 128 x r = 10.35 r later than a
# nice-0 hog's (prio_deadline_diff()), so after each refill it waits
# until the hogs, renewing theirs every slice, have passed it: such a
# wait lasts at least d and, with the hogs queued before it, less than
# d + 8 r.  It comes once a slice (every r / 200 us wakeups), so a high
# percentile is judged (the maximum is one sample, and one host
# hiccup under another policy reaches it): the 99th measured 79-80 ms at
# 1 vCPU against [62, 110], 162-164 ms at 4 against [124, 220].  At 4
# vCPUs the long waits were only 0.9-1.4% of the samples, and in one
# make test (397c72e) 4 of 461 left the 99th percentile at 258 us (an
# 8 s run failed so too, 1 of 4), so the 99.5th is judged: 81.35-81.55 ms
# at 1 vCPU, 157.8-162.5 ms at 4 (4 boots).  No other policy waits this
# long this often: p99 15-19 ms under cfs, 23-27 eevdf, 51 rr (its
# round), 1-7 o1 (whose long waits, its hogs' whole slices, are rarer);
# p99.5 at 1 vCPU 17.8 ms cfs, 9.8 eevdf, 42.9 rr, 395.3 o1 (a 4-hog
# round of its slices, over the bound; one boot each).
T=bfs_sleeper
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test bfs
sp_hogs 4
sleep 0.5
wakelat -t 4 -p 5000 -w 200 -c 0 -l sleeper >"$SP_TMP/lat" ||
	sp_fail "wakelat failed: $(cat "$SP_TMP/lat")"
cat "$SP_TMP/lat"
wakelat -t 4 -p 5000 -w 200 -c 0 -n 10 -l nice10 >"$SP_TMP/lat10" ||
	sp_fail "wakelat -n 10 failed: $(cat "$SP_TMP/lat10")"
cat "$SP_TMP/lat10"
sp_helpers_alive
line=$(grep '^WAKELAT' "$SP_TMP/lat")
max=$(sp_kv max_us "$line")
p50=$(sp_kv p50_us "$line")
p995_10=$(sp_kv p995_us "$(grep '^WAKELAT' "$SP_TMP/lat10")")
[ -n "$max" ] || sp_fail "could not parse wakelat output"
[ -n "$p995_10" ] || sp_fail "could not parse wakelat -n 10 output"
set=0	# in a cross run: bfs's default
! sp_own || read -r set <"$SP/bfs/tunables/rr_interval_ms"
if [ "$set" = 0 ]; then
	# shellcheck disable=SC2017 # whole ms first, as the kernel rounds
	r=$((6 * (4 * SPTEST_NCPUS + 4) / (SPTEST_NCPUS + 6) * 1000))
else
	r=$((set * 1000))
fi
# BFS 0.363's prio_ratios[] at nice 0 and nice 10
d=$(((2161 - 836) * r / 128))
detail="lat_mean_us=$(sp_kv mean_us "$line") lat_p50_us=$p50 lat_p99_us=$(sp_kv p99_us "$line") lat_max_us=$max nice10_p995_us=$p995_10 (rr_interval $r us: want p50 < $r, max < $((8 * r)), nice10 p99.5 in [$d, $((d + 8 * r))])"
sp_true "$p50 < $r && $max < 8 * $r" || sp_fail "$detail"
sp_true "$p995_10 >= $d && $p995_10 < $d + 8 * $r" || sp_fail "$detail"
sp_ok "$detail"
