#!/bin/sh
# cfs_latency: with fewer hogs than sched_nr_latency, no hog waits longer
# than sched_latency plus a tick between two of its runs (issue 4).
#
# 4 hogs on CPU 0 for 3 s with the default tunables (nr_latency 5) and
# the HRTICK feature on, as 2.6.32's latency target assumed: without it a
# hog is only preempted at a tick, so each runs at least one 1/HZ tick
# and, at HZ=250 with the 5 ms default, three others waiting already take
# 12 ms > 5 ms + 4 ms; tick-quantised runs of unequal length also let a
# task run twice while another waits.  With HRTICK each hog runs its
# slice (latency / 4) to the timer's precision, and one extra turn of a
# task that ran short still fits in the tick of slack.
# The wait is measured as the CPU time the other hogs got in between
# (runlat's wait_ms), which leaves out interrupts, other tasks and host
# stalls of the virtual CPU; the wall-clock gap is reported too.  What is
# judged is the 90th percentile of the waits, not their maximum: the
# kernel charges a stall of the virtual CPU (TCG on a loaded host: tens
# of ms) and the time of kernel threads preempting a hog to the hog that
# was current, and CFS then rightly makes that hog wait the longer for
# its next turn, so some waits in 3 s are stretched by the host, not by
# the policy (on 4 vCPUs of TCG on a 2-core host, most windows lose more
# than 1 ms to the host).  The 99th percentile is reported.  The maximum, and the maximum over "clean" waits (at most
# 1 ms of the turn and wait went to no hog), are reported.  For contrast
# the same run without HRTICK is reported first (not judged).  On 4 CPUs
# the hogs use the last CPU, away from CPU 0's console interrupts.
T=cfs_latency
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test cfs

# HZ from the jiffies counter in the scheduler's debug file
jiffies() {
	awk '$1 == "jiffies" || $1 == ".jiffies" { print $NF; exit }' \
		/sys/kernel/debug/sched/debug
}
j0=$(jiffies)
t0=$(sp_uptime)
sleep 1
j1=$(jiffies)
t1=$(sp_uptime)
if [ -z "$j0" ] || [ -z "$j1" ]; then
	sp_fail "no jiffies in /sys/kernel/debug/sched/debug"
fi
hz=$(awk -v d="$(sp_calc "($j1 - $j0) / ($t1 - $t0)")" 'BEGIN {
	n = split("100 250 300 1000", c, " "); best = c[1]
	for (i = 1; i <= n; i++) {
		e = d - c[i]; if (e < 0) e = -e
		b = d - best; if (b < 0) b = -b
		if (e < b) best = c[i]
	}
	print best }')

# in a cross run: cfs's defaults (5 ms latency, 1 ms granularity, log2)
lat=5000000 nrlat=5 mode=1
if sp_own; then
	tun=$SP/cfs/tunables
	lat=$(cat "$tun/sched_latency_ns")
	nrlat=$(sp_calc "$lat / $(cat "$tun/sched_min_granularity_ns")")
	mode=$(cat "$tun/sched_tunable_scaling")
fi
factor=$(awk -v n="$SPTEST_NCPUS" -v m="$mode" 'BEGIN {
	if (n > 8) n = 8
	if (m == 0) f = 1
	else if (m == 2) f = n
	else { f = 1; while (n >= 2) { n = int(n / 2); f++ } }
	print f }')
lat_ms=$(sp_calc "$lat * $factor / 1000000")
sp_true "4 < $nrlat" || sp_fail "sched_nr_latency is $nrlat, want more than 4 hogs"
cpu=$((SPTEST_NCPUS - 1))
p90_tick=n/a
if sp_own; then
	sp_set_tunable cfs hrtick 0 || sp_fail "cannot set hrtick"
	if ! runlat -t 3 -c $cpu 4 >"$SP_TMP/out0" 2>&1; then
		cat "$SP_TMP/out0"
		sp_fail "runlat failed: $(tail -n 1 "$SP_TMP/out0")"
	fi
	cat "$SP_TMP/out0"
	p90_tick=$(sp_kv p90_wait_ms "$(grep '^RUNLAT_SUMMARY' "$SP_TMP/out0")")
	sp_set_tunable cfs hrtick 1 || sp_fail "cannot set hrtick"
fi
if ! runlat -t 3 -c $cpu 4 >"$SP_TMP/out" 2>&1; then
	cat "$SP_TMP/out"
	sp_fail "runlat failed: $(tail -n 1 "$SP_TMP/out")"
fi
cat "$SP_TMP/out"
sum=$(grep '^RUNLAT_SUMMARY' "$SP_TMP/out")
p90=$(sp_kv p90_wait_ms "$sum")
p99=$(sp_kv p99_wait_ms "$sum")
wait=$(sp_kv max_clean_wait_ms "$sum")
raw=$(sp_kv max_wait_ms "$sum")
clean=$(sp_kv clean "$sum")
gap=$(sp_kv max_gap_ms "$sum")
waits=$(sp_kv waits "$sum")
[ -n "$p90" ] || sp_fail "could not parse runlat output"
limit=$(sp_calc "$lat_ms + 1000 / $hz")
detail="hogs=4 nr_latency=$nrlat latency_ms=$lat_ms cpu=$cpu hz=$hz hrtick=1: p90_wait_ms=$p90 p99_wait_ms=$p99 mean_wait_ms=$(sp_kv mean_wait_ms "$sum") max_wait_ms=$raw max_clean_wait_ms=$wait max_gap_ms=$gap waits=$waits clean=$clean; hrtick=0: p90_wait_ms=$p90_tick (want hrtick p90 <= $limit)"
[ "$waits" -ge 50 ] || sp_fail "$detail: too few waits to judge"
sp_true "$p90 <= $limit" || sp_fail "$detail"
sp_ok "$detail"
