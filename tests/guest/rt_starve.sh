#!/bin/sh
# rt_starve: a SCHED_FIFO hog spinning on CPU 0 for 3 s does not starve
# the normal tasks there.  Linux 6.12 has no RT throttling without RT
# group scheduling; normal tasks are protected by a deadline server
# (fair's for eevdf, the policy class's own for the policies) that gives
# them 50 ms in every 1000 ms period, at the end of the period.  So a
# normal task pinned beside the hog waits at most about one period:
# want max wakeup latency < 1.5 s (it was the whole 3 s before the policy
# class had its server), the hog still >= 85% of its 3 s, and under a
# policy the server's picks counted on CPU 0.
# sptest: one-cpu (pinned to CPU 0: runs in the 1-vCPU boot only)
T=rt_starve
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

policy=$(sp_active)
stats=$SP/$policy/stats
before=0
[ "$policy" = eevdf ] || before=$(sp_stat_cpu "$stats" server_picks 0)

wakelat -c 0 -t 5 -p 10000 -w 100 -l normal >"$SP_TMP/lat" 2>&1 &
sp_track $!
sleep 0.5
fifo=$(hog -f 10 -c 0 -t 3 -l fifo 2>&1) || sp_fail "fifo hog failed: $fifo"
for p in $SP_PIDS; do
	wait "$p" || sp_fail "wakelat failed: $(cat "$SP_TMP/lat")"
done
SP_PIDS=""
lat=$(grep '^WAKELAT ' "$SP_TMP/lat") || sp_fail "no WAKELAT line: $(cat "$SP_TMP/lat")"
echo "$fifo"
echo "$lat"
max=$(sp_kv max_us "$lat")
pct=$(sp_kv pct "$(echo "$fifo" | grep '^HOG ')")
if [ -z "$max" ] || [ -z "$pct" ]; then
	sp_fail "could not parse: $fifo / $lat"
fi

picks=n/a
if [ "$policy" != eevdf ]; then
	after=$(sp_stat_cpu "$stats" server_picks 0)
	picks=$((after - before))
fi
detail="policy=$policy normal_max_wait_us=$max fifo_pct=$pct server_picks_cpu0=$picks"
detail="$detail (want < 1500000 us, >= 85%, > 0 picks)"
[ "$max" -lt 1500000 ] || sp_fail "$detail"
sp_true "$pct >= 85" || sp_fail "$detail"
[ "$picks" = n/a ] || [ "$picks" -gt 0 ] || sp_fail "$detail"
sp_ok "$detail"
