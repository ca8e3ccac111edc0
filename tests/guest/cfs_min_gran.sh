#!/bin/sh
# cfs_min_gran: sched_min_granularity sets the context-switch rate of hogs
# once more than sched_nr_latency of them share a CPU (issue 4).  8 hogs
# on CPU 0, sched_latency 5 ms, unscaled: with min_granularity 1 ms
# (nr_latency 5) the period is 8 ms and each slice 1 ms, so a hog is
# preempted at every tick; with 10 ms (nr_latency 1) each slice is 10 ms
# and a hog runs three ticks.  The hogs' involuntary context switches per
# second must drop at least twofold (about threefold expected at HZ=250).
T=cfs_min_gran
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

[ "$(sp_active)" = cfs ] || sp_fail "active policy is $(sp_active), not cfs"

# the hogs' nonvoluntary context switches, summed
nivcsw() {
	s=0
	for p in $SP_PIDS; do
		v=$(awk '/^nonvoluntary_ctxt_switches/ { print $2 }' "/proc/$p/status")
		s=$((s + ${v:-0}))
	done
	echo "$s"
}

# rate MIN_GRAN_NS: involuntary switches per second over 2 s
rate() {
	sp_set_tunable cfs sched_min_granularity_ns "$1" ||
		sp_fail "cannot set min_granularity $1"
	sleep 0.5
	a=$(nivcsw)
	t0=$(sp_uptime)
	sleep 2
	b=$(nivcsw)
	t1=$(sp_uptime)
	sp_calc "($b - $a) / ($t1 - $t0)"
}

sp_set_tunable cfs sched_tunable_scaling 0 || sp_fail "cannot set scaling"
sp_set_tunable cfs sched_latency_ns 5000000 || sp_fail "cannot set latency"
for i in 1 2 3 4 5 6 7 8; do
	hog -t 7 -c 0 -l h$i >/dev/null &
	sp_track $!
done
fine=$(rate 1000000)
coarse=$(rate 10000000)
ratio=$(sp_calc "$fine / ($coarse > 0 ? $coarse : 1)")
detail="hogs=8 cs_per_s[min_gran=1ms]=$fine cs_per_s[min_gran=10ms]=$coarse ratio=$ratio (want >= 2)"
sp_true "$coarse > 0 && $ratio >= 2" || sp_fail "$detail"
sp_ok "$detail"
