#!/bin/sh
# cfs_min_gran: sched_min_granularity sets the context-switch rate of hogs
# once more than sched_nr_latency of them share a CPU (issue 4).  8 hogs
# on CPU 0, sched_latency 5 ms, unscaled: with min_granularity 1 ms
# (nr_latency 5) the period is 8 ms and each slice 1 ms, so a hog is
# preempted at every tick; with 10 ms (nr_latency 1) each slice is 10 ms
# and a hog runs three ticks.  The hogs' involuntary context switches per
# second must drop at least twofold (about threefold expected at HZ=250).
# sptest: one-cpu (pinned to CPU 0: runs in the 1-vCPU boot only)
T=cfs_min_gran
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test cfs
sp_cross_na "compares two settings of cfs's sched_min_granularity_ns"

# NIV: the hogs' nonvoluntary context switches, summed.  Shell builtins
# only: on one CPU every forked helper would start behind 8 hogs.
nivcsw() {
	NIV=0
	for p in $SP_PIDS; do
		while read -r k v _; do
			[ "$k" = nonvoluntary_ctxt_switches: ] && NIV=$((NIV + v))
		done <"/proc/$p/status"
	done
}

# measure MIN_GRAN_NS: RATE, the hogs' involuntary switches per second
# over 2 s, after 0.5 s to settle
measure() {
	sp_set_tunable cfs sched_min_granularity_ns "$1" ||
		sp_fail "cannot set min_granularity $1"
	sleep 0.5
	nivcsw
	a=$NIV
	read -r t0 _ </proc/uptime
	sleep 2
	nivcsw
	b=$NIV
	read -r t1 _ </proc/uptime
	sp_helpers_alive
	RATE=$(sp_calc "($b - $a) / ($t1 - $t0)")
}

sp_set_tunable cfs sched_tunable_scaling 0 || sp_fail "cannot set scaling"
sp_set_tunable cfs sched_latency_ns 5000000 || sp_fail "cannot set latency"
sp_hogs 8
measure 1000000
fine=$RATE
measure 10000000
coarse=$RATE
ratio=$(sp_calc "$fine / ($coarse > 0 ? $coarse : 1)")
detail="hogs=8 cs_per_s[min_gran=1ms]=$fine cs_per_s[min_gran=10ms]=$coarse ratio=$ratio (want >= 2)"
sp_true "$coarse > 0 && $ratio >= 2" || sp_fail "$detail"
sp_ok "$detail"
