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
T=bfs_sleeper
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test bfs
for i in 1 2 3 4; do
	hog -t 5 -c 0 -l hog$i >/dev/null &
	sp_track $!
done
sleep 0.5
wakelat -t 4 -p 5000 -w 200 -c 0 -l sleeper >"$SP_TMP/lat" ||
	sp_fail "wakelat failed: $(cat "$SP_TMP/lat")"
cat "$SP_TMP/lat"
line=$(grep '^WAKELAT' "$SP_TMP/lat")
max=$(sp_kv max_us "$line")
p50=$(sp_kv p50_us "$line")
[ -n "$max" ] || sp_fail "could not parse wakelat output"
set=0	# in a cross run: bfs's default
! sp_own || read -r set <"$SP/bfs/tunables/rr_interval_ms"
if [ "$set" = 0 ]; then
	# shellcheck disable=SC2017 # whole ms first, as the kernel rounds
	r=$((6 * (4 * SPTEST_NCPUS + 4) / (SPTEST_NCPUS + 6) * 1000))
else
	r=$((set * 1000))
fi
detail="lat_mean_us=$(sp_kv mean_us "$line") lat_p50_us=$p50 lat_p99_us=$(sp_kv p99_us "$line") lat_max_us=$max (rr_interval $r us: want p50 < $r, max < $((8 * r)))"
sp_true "$p50 < $r && $max < 8 * $r" || sp_fail "$detail"
sp_ok "$detail"
