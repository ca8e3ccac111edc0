#!/bin/sh
# bfs_sleeper: a task that wakes every 5 ms (200 us of work) beside 4 CPU
# hogs on CPU 0 runs soon after each wakeup.  A sleeper keeps its
# deadline while it sleeps, so it usually has the earliest and preempts
# at once: want p99 < rr_interval (6 ms).  Right after it has used a
# whole slice (every 30 wakeups) its fresh deadline can be later than
# some hogs', and then it waits for at most each of the 4 hogs' 6 ms
# slices: want max < (4 + 1) x rr_interval = 30 ms.
T=bfs_sleeper
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

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
p99=$(sp_kv p99_us "$line")
[ -n "$max" ] || sp_fail "could not parse wakelat output"
detail="lat_mean_us=$(sp_kv mean_us "$line") lat_p99_us=$p99 lat_max_us=$max (want p99 < 6000, max < 30000)"
sp_true "$p99 < 6000 && $max < 30000" || sp_fail "$detail"
sp_ok "$detail"
