#!/bin/sh
# policy_check: the active policy's invariants hold during a mixed load and
# after it.  Reading /sys/kernel/sched_policy/check (root only) runs the
# consistency check under stop_machine: the policy's own walk of its
# queues (its ->check hook: counts, bitmaps, tree order, ...) against the
# core's per-CPU counts, and every task's queued mark against its class
# and run-queue state.  Each read must say "ok policy=ACTIVE ...": five
# during 6 s of hogs at several nice levels and as SCHED_BATCH and
# SCHED_IDLE, pipe ping-pong pairs, a fork/thread storm, a sched_yield
# ring, a sleeper loop, short SCHED_FIFO bursts, renice and affinity
# changes; one more after the load is gone.  A non-root read must fail
# with EACCES/EPERM.  Under eevdf the file says there is nothing to
# check, which passes.
T=policy_check
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

CHK=$SP/check
[ -e "$CHK" ] || sp_fail "$CHK missing"
pol=$(sp_active)
ncpus=$SPTEST_NCPUS
secs=6
reads=0
last=""

# check_once WHEN: read the check; fail unless it says ok for $pol
check_once() {
	last=$(cat "$CHK" 2>&1) || sp_fail "reading $CHK failed ($1): $last"
	reads=$((reads + 1))
	echo "$T: $1: $last"
	case "$last" in
	"ok policy=$pol "*) ;;
	*) sp_fail "$1: $last" ;;
	esac
}

# not for uid 1000: the file is 0400 and reading it stops every CPU
out=$(runas 1000 cat "$CHK" 2>&1) && sp_fail "uid 1000 could read $CHK: $out"
case "$out" in
*"Permission denied"* | *"Operation not permitted"*) ;;
*) sp_fail "uid 1000 read refused, but not with EACCES/EPERM: $out" ;;
esac
echo "$T: uid 1000: $out"

check_once "idle"

# the load: 2 hogs per CPU with mixed nice levels and policies
hogs=""
i=0
while [ $i -lt $((2 * ncpus)) ]; do
	case $((i % 6)) in
	0) opt="" ;;
	1) opt="-n 5" ;;
	2) opt="-b" ;;
	3) opt="-i" ;;
	4) opt="-n -5" ;;
	*) opt="-n 15" ;;
	esac
	# shellcheck disable=SC2086 # $opt is zero or more words
	hog -t $secs $opt -l h$i >/dev/null 2>&1 &
	sp_track $!
	hogs="$hogs $!"
	i=$((i + 1))
done
pingpong -t $secs -p 2 >/dev/null 2>&1 &
sp_track $!
yieldstorm -t $secs -r 1 -n 4 >/dev/null 2>&1 &
sp_track $!
stop=$SP_TMP/stop
rm -f "$stop"
(while [ ! -e "$stop" ]; do
	forkstorm -p 100 -t 100 -j 4 >/dev/null 2>&1
done) &
sp_track $!
(while [ ! -e "$stop" ]; do
	usleep 3000
done) &
sp_track $!

round=1
while [ $round -le 5 ]; do
	sleep 1
	cpu=$((round % ncpus))
	# shellcheck disable=SC2086 # split the list into $1 $2 ...
	set -- $hogs
	renice $((round * 3 - 5)) -p "$1" >/dev/null 2>&1
	if [ "$ncpus" -gt 1 ]; then
		taskset -p -c "$cpu" "$2" >/dev/null 2>&1
		taskset -p -c "0-$((ncpus - 1))" "$3" >/dev/null 2>&1
	fi
	hog -t 0.1 -f 5 -c "$cpu" -l rt >/dev/null 2>&1 &
	rt=$!
	check_once "load round $round"
	wait "$rt"
	round=$((round + 1))
done

# end of the load: timed helpers finish by themselves, loops on request
touch "$stop"
for p in $SP_PIDS; do
	wait "$p"
done
SP_PIDS=""
check_once "after the load"
sp_ok "policy=$pol reads=$reads nonroot=refused last='$last'"
