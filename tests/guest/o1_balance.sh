#!/bin/sh
# o1_balance: 2.6.22's load_balance() balances weighted load (smpnice:
# a task weighs its static timeslice), not task counts.  One nice -10
# hog (load 600) runs alone on CPU 0 and four nice 19 hogs (5 each) share
# CPU 1; then all five are allowed both CPUs.  find_busiest_group() never
# pulls to CPU 1 (the busiest must run two tasks; CPU 0 runs one) nor to
# CPU 0 (its load, 600, is the higher), so it stays that way.  The core's
# count-based balancer (o1.balancer=0, the one cfs and rr use) pulls a
# light hog to CPU 0 (four tasks against one), and the heavy one shares.
# Pinned with hog -c, the five are allowed CPUs 0-1 at 0.3 s (taskset
# -p, which moves none); from 1.5 s on, 30 samples 50 ms apart of each
# one's CPU (/proc/PID/stat field 39).  Want the heavy one sharing its
# CPU in <= 20% of the samples with 2.6.22's balancer, and, as the
# control that shows the test can fail, in >= 60% with the core's.
# (That the balancer pulls at all, several tasks a pass, is KUnit's
# o1_test_move_walk and the generic spread and idle_pull tests.)  Needs
# 2 CPUs.
T=o1_balance
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test o1
sp_needs_cpus 2

# heavy_shared: set SHARED to the percent of the samples with the nice
# -10 hog on a CPU that one of the nice 19 hogs is on too
heavy_shared() {
	hog -t 7 -c 0 -n -10 -l heavy >/dev/null &
	_heavy=$!
	sp_track $_heavy
	_light=
	for _i in 1 2 3 4; do
		hog -t 7 -c 1 -n 19 -l "light$_i" >/dev/null &
		sp_track $!
		_light="$_light $!"
	done
	sleep 0.3
	for _pid in $_heavy $_light; do
		taskset -p -c 0-1 "$_pid" >/dev/null ||
			sp_fail "cannot allow pid $_pid CPUs 0-1"
	done
	sleep 1.2
	# shellcheck disable=SC2046,SC2086 # split into count, matches, CPUs
	set -- $(sp_cpu_samples 30 $_heavy $_light |
		awk '{ for (i = 2; i <= NF; i++) if ($i == $1) { n++; break } }
			{ last = $0 } END { print NR, n + 0, last }')
	# shellcheck disable=SC2086 # pids
	kill -KILL $_heavy $_light 2>/dev/null
	# shellcheck disable=SC2086 # pids
	wait $_heavy $_light 2>/dev/null
	[ "${1:-0}" -ge 20 ] || sp_fail "only ${1:-0} samples before the hogs ended"
	SHARED=$(($2 * 100 / $1))
	shift 2
	echo "$T: heavy hog shares its CPU in ${SHARED}% of the samples (last: $*)"
}

if sp_own; then
	heavy_shared
	own=$SHARED
	sp_set_tunable o1 balancer 0 || sp_fail "cannot set balancer"
	heavy_shared
	core=$SHARED
	stats=$(awk '$1 ~ /^(lb_imbalanced|lb_moved_tasks|lb_failed|lb_all_pinned|active_balances)$/ { printf "%s=%s ", $1, $2 }' \
		"$SP/o1/stats" 2>/dev/null)
	detail="heavy_shared=${own}% core_balancer_heavy_shared=${core}% ${stats% }"
	sp_true "$core >= 60" || sp_fail "$detail (want >= 60% with the core's balancer: the control)"
else
	heavy_shared
	own=$SHARED
	detail="heavy_shared=${own}%"
fi
sp_true "$own <= 20" || sp_fail "$detail (want <= 20%: weighted balancing)"
sp_ok "$detail (want <= 20%, core's >= 60%)"
