#!/bin/sh
# o1_wake_affine: 2.6.22's try_to_wake_up() wakes a task on the waker's
# CPU when that leaves the waker's CPU no busier than the task's previous
# one (SD_WAKE_AFFINE; for a sync wakeup, such as a pipe write's, the
# waker's own load is left out), and never looks for an idle CPU outside
# SMT siblings.  So the two processes of a pipe ping-pong end up sharing
# one CPU while the others idle.  The core's default placement
# (o1.wake_placement=0, the one cfs and rr use) wakes each on its idle
# previous CPU, so they stay apart.
# pingpong -p 1 -c for 8 s starts the pair on CPU 0 and the last CPU
# (so fork placement does not decide it); at 0.5 s both are allowed every
# CPU (taskset -p, which moves neither); from 1 s on, 30 samples 50 ms
# apart of the CPU each of the two last ran on (/proc/PID/stat field 39).
# Want them on one CPU in >= 60% of the samples with 2.6.22's placement,
# and, as the control that shows the test can fail, in <= 20% with the
# core's.  Needs 2 CPUs.
T=o1_wake_affine
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test o1
sp_needs_cpus 2

# same_cpu_share: set SHARE to the percent of the samples (30 wanted, at
# least 20 taken before pingpong ends) with the pair on one CPU
same_cpu_share() {
	pingpong -p 1 -c -t 8 >"$SP_TMP/pp.out" 2>&1 &
	_pp=$!
	sp_track $_pp
	sleep 0.5
	_kids=$(awk -v pp=$_pp '$4 == pp { print $1 }' /proc/[0-9]*/stat 2>/dev/null)
	# shellcheck disable=SC2086 # two pids
	set -- $_kids
	[ $# -eq 2 ] || sp_fail "pingpong has $# processes, not 2: '$_kids'"
	[ "$(awk '{ print $39 }' "/proc/$1/stat")" != "$(awk '{ print $39 }' "/proc/$2/stat")" ] ||
		sp_fail "the pinned pair shares a CPU"
	for _pid in "$1" "$2"; do
		taskset -p -c "0-$((SPTEST_NCPUS - 1))" "$_pid" >/dev/null ||
			sp_fail "cannot unpin pid $_pid"
	done
	sleep 0.5
	_same=0
	_n=0
	_t0=$(sp_uptime)
	while [ $_n -lt 30 ]; do
		_cpus=$(awk '{ printf "%s ", $39 }' "/proc/$1/stat" "/proc/$2/stat" 2>/dev/null) ||
			break
		# shellcheck disable=SC2086 # two numbers
		set -- "$1" "$2" $_cpus
		[ $# -eq 4 ] || break
		[ "$3" = "$4" ] && _same=$((_same + 1))
		_n=$((_n + 1))
		set -- "$1" "$2"
		sleep 0.05
	done
	_t1=$(sp_uptime)
	wait $_pp || sp_fail "pingpong failed: $(cat "$SP_TMP/pp.out")"
	[ $_n -ge 20 ] || sp_fail "only $_n samples in $(sp_calc "$_t1 - $_t0") s before pingpong ended"
	SHARE=$((_same * 100 / _n))
	echo "$T: $_same of $_n samples on one CPU in $(sp_calc "$_t1 - $_t0") s; $(cat "$SP_TMP/pp.out")"
}

if sp_own; then
	same_cpu_share
	affine=$SHARE
	sp_set_tunable o1 wake_placement 0 || sp_fail "cannot set wake_placement"
	same_cpu_share
	core=$SHARE
	detail="same_cpu=${affine}% core_placement_same_cpu=${core}%"
	sp_true "$core <= 20" || sp_fail "$detail (want <= 20% with the core's placement: the control)"
else
	same_cpu_share
	affine=$SHARE
	detail="same_cpu=${affine}%"
fi
sp_true "$affine >= 60" || sp_fail "$detail (want >= 60%: affine wakeups)"
sp_ok "$detail (want >= 60%, core's <= 20%)"
