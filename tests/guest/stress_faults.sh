#!/bin/sh
# stress_faults: CPU hotplug and kills under load for sptest.stress_s=S
# seconds (default 10).  Load, in rounds until S seconds have passed:
#   forks   forkstorm: 100 fork/exit, then 50 thread create/join
#   pipes   pingpong: 4 pairs over pipes, 2 s
#   kill    churn kill -r 2: tasks killed with SIGKILL while queued (behind
#           a SCHED_FIFO spinner on their CPU, seen runnable and making no
#           progress), while running (seen making progress on another CPU;
#           and by their own CPU-time timer), and while a thread moves them
#           from CPU to CPU; each must die of SIGKILL, and the spared
#           victims must finish their work
# and for the S seconds churn: 4 workers of 50*S units of fixed work whose
# affinity (random CPU sets, single CPUs included) and those of every
# other thread of the test but the shells and the hogs below change every
# 2 ms, and that must finish with the right result.
# With 2 CPUs or more, meanwhile, the CPUs but CPU 0 go offline and online
# again in turn (with 3 or more, every third cycle two at once).  Before
# each offline a hog is pinned to the CPU (and seen pinned); after it,
# Linux must have broken its affinity: it is allowed and placed elsewhere
# - and it must finish its 3 s of spinning and report.  A second hog
# pinned there gets SIGKILL 0-90 ms after the offline started (while
# hotplug migrates it) and must die of it, and the offline must succeed.
# Every fourth cycle reads /sys/kernel/sched_policy/check while the CPU is
# offline.  With 1 CPU the hotplug part is skipped (noted).
# Passes when every round of every worker exited 0 and ended within
# max(60, S) s after the load, every hotplug write succeeded, every CPU is
# online at the end, the active policy did not change, the kernel log has
# no hung task, soft lockup, RCU stall, OOM or policy watchdog report,
# and every check read (if the file exists) starts with "ok".  Prints:
#   STRESS faults policy=P cpus=N secs=S hotplug_cycles=.. kills=.. ...
T=stress_faults
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin
sp_stress_begin
n=$SPTEST_NCPUS

# every CPU online again (also when the test fails half-way)
all_online() {
	for f in /sys/devices/system/cpu/cpu[0-9]*/online; do
		[ -e "$f" ] || continue
		read -r o <"$f"
		[ "$o" = 1 ] || echo 1 >"$f" || echo "$T: cannot online ${f%/online}"
	done
}

# task_info PID: ST (state letter), ON (the CPU it ran on last) and AFF
# (its Cpus_allowed_list), read with shell builtins (forks are slow here
# under load); status 1 if PID is gone
task_info() {
	ST=""
	ON=""
	AFF=""
	_tl=""
	{ read -r _tl <"/proc/$1/stat"; } 2>/dev/null || return 1
	_ts=/proc/$1/status
	# shellcheck disable=SC2086 # split into fields: state is the first
	set -- ${_tl##*") "}
	ST=$1
	shift 36
	ON=$1
	{
		while read -r _tk _tv; do
			[ "$_tk" != Cpus_allowed_list: ] || AFF=$_tv
		done <"$_ts"
	} 2>/dev/null
	return 0
}

# wait_pinned PID CPU: until PID is pinned to CPU alone (5 s at most)
wait_pinned() {
	_k=0
	while task_info "$1" && [ "$AFF" != "$2" ]; do
		[ $_k -lt 100 ] || return 1
		sleep 0.05
		_k=$((_k + 1))
	done
	[ "$AFF" = "$2" ]
}

fail() {
	all_online
	sp_fail "$@"
}

sp_rounds forks "$end" forkstorm -p 100 -t 50 -j 4
sp_rounds pipes "$end" pingpong -t 2 -p 4
sp_rounds kill "$end" churn kill -r 2 -v 3 -u 300
sp_bg churn churn attr -S -x sh -x hog -a a -t "$secs" -i 2000 -c 4 -u $((50 * secs))
jobs="forks pipes kill churn"

checks=0
verdicts=""
cycles=0
offlines=0
broken=0
early=0
hotkills=0
hogs=""
aff_seen=""
if [ "$n" -lt 2 ]; then
	echo "$T: note: 1 CPU, CPU hotplug skipped (kills and load only)"
elif [ ! -w /sys/devices/system/cpu/cpu1/online ]; then
	fail "/sys/devices/system/cpu/cpu1/online not writable"
else
	[ -e "$SP/check" ] || echo "$T: note: $SP/check absent, consistency checks skipped"
	c=1
	while :; do
		read -r up _ </proc/uptime
		[ "${up%.*}" -lt "$end" ] || break
		cpus="$c"
		if [ "$n" -ge 3 ] && [ $((cycles % 3)) = 2 ]; then
			cpus="$c $((c % (n - 1) + 1))"
		fi
		# a hog that must survive, and one that is killed while the
		# offline moves it, pinned to each CPU about to go
		for x in $cpus; do
			hog -t 3 -c "$x" -l "pinned$cycles.$x" >"$SP_TMP/hog$cycles.$x.out" 2>&1 &
			echo $! >"$SP_TMP/hog$cycles.$x.pid"
			hogs="$hogs $cycles.$x"
			hog -t 60 -c "$x" -l doomed >/dev/null 2>&1 &
			echo $! >"$SP_TMP/doomed.$x"
		done
		for x in $cpus; do
			read -r p <"$SP_TMP/hog$cycles.$x.pid"
			read -r d <"$SP_TMP/doomed.$x"
			wait_pinned "$p" "$x" || fail "hog $p not pinned to cpu$x: '$AFF'"
			wait_pinned "$d" "$x" || fail "hog $d not pinned to cpu$x: '$AFF'"
		done
		for x in $cpus; do
			sysfswrite "/sys/devices/system/cpu/cpu$x/online" 0 >"$SP_TMP/off.$x" 2>&1 &
			echo $! >"$SP_TMP/offpid.$x"
		done
		# 0-90 ms, from a random hex digit
		read -r u </proc/sys/kernel/random/uuid
		ms=$((0x${u%"${u#?}"} * 6))
		[ $ms -ge 10 ] || ms=0$ms
		sleep "0.0$ms"
		for x in $cpus; do
			read -r d <"$SP_TMP/doomed.$x"
			kill -KILL "$d"
			wait "$d" 2>/dev/null
			st=$?
			[ $st = 137 ] || fail "hog $d on cpu$x killed during its offline: status $st, not 137 (SIGKILL)"
			hotkills=$((hotkills + 1))
		done
		for x in $cpus; do
			read -r o <"$SP_TMP/offpid.$x"
			wait "$o" || fail "offlining cpu$x failed (cycle $cycles): $(cat "$SP_TMP/off.$x")"
			offlines=$((offlines + 1))
		done
		for x in $cpus; do
			read -r p <"$SP_TMP/hog$cycles.$x.pid"
			if ! task_info "$p" || [ "$ST" = Z ]; then
				# it ended already (a slow offline): nothing to see
				early=$((early + 1))
			elif [ "$AFF" = "$x" ] || [ "$ON" = "$x" ]; then
				fail "hog $p pinned to cpu$x: after the offline allowed '$AFF', on cpu '$ON'"
			else
				broken=$((broken + 1))
				aff_seen=$AFF
			fi
		done
		if [ -e "$SP/check" ] && [ $((cycles % 4)) = 3 ]; then
			v=$(sp_policy_check) || verdicts="$verdicts|cpu $cpus offline: $v"
			echo "$T: check with cpu $cpus offline: $v"
			checks=$((checks + 1))
		fi
		sleep 0.1
		for x in $cpus; do
			sysfswrite "/sys/devices/system/cpu/cpu$x/online" 1 >"$SP_TMP/on.$x" 2>&1 ||
				fail "onlining cpu$x failed (cycle $cycles): $(cat "$SP_TMP/on.$x")"
		done
		sleep 0.1
		cycles=$((cycles + 1))
		c=$((c % (n - 1) + 1))
	done
fi
all_online

# shellcheck disable=SC2086 # word list
sp_stress_wait $jobs
rc=$?
# the pinned hogs (not tracked: sp_cleanup left them alone)
hogbad=""
for h in $hogs; do
	read -r p <"$SP_TMP/hog$h.pid"
	wait "$p" || hogbad="$hogbad hog $h (pid $p) status $?: $(tr '\n' ' ' <"$SP_TMP/hog$h.out");"
	grep -q '^HOG ' "$SP_TMP/hog$h.out" || hogbad="$hogbad hog $h (pid $p) no result;"
done
[ $rc -eq 0 ] || fail "workers failed: $failed"
[ -z "$hogbad" ] || fail "pinned hogs failed:$hogbad"
for f in /sys/devices/system/cpu/cpu[0-9]*/online; do
	[ -e "$f" ] || continue
	read -r o <"$f"
	[ "$o" = 1 ] || fail "${f%/online} is offline at the end"
done
online=$(grep -c '^processor' /proc/cpuinfo)
[ "$online" = "$n" ] || fail "$online CPUs online at the end, expected $n"

sp_stress_after

o=$SP_TMP
kq=$(sp_sum CHURN queued "$o/kill.out")
kr=$(sp_sum CHURN running "$o/kill.out")
kt=$(sp_sum CHURN timer "$o/kill.out")
km=$(sp_sum CHURN migrating "$o/kill.out")
detail="policy=$pol cpus=$n secs=$secs loaded_s=$loaded"
detail="$detail hotplug_cycles=$cycles offlines=$offlines affinity_broken=$broken${aff_seen:+ (to $aff_seen)} ended_before_look=$early"
detail="$detail kills=$((kq + kr + kt + km + hotkills)) killed_queued=$kq killed_running=$((kr + kt))"
detail="$detail killed_migrating=$km killed_in_offline=$hotkills"
detail="$detail not_queued=$(sp_sum CHURN not_queued "$o/kill.out") spared=$(sp_sum CHURN spared "$o/kill.out")"
detail="$detail forks=$(sp_sum FORKSTORM procs "$o/forks.out") threads=$(sp_sum FORKSTORM threads "$o/forks.out")"
detail="$detail affinity_changes=$(sp_sum CHURN affinity "$o/churn.out") affinity_refused=$(sp_sum CHURN refused "$o/churn.out")"
detail="$detail checks=$checks"
echo "STRESS faults $detail"

[ "$kq" -gt 0 ] || fail "no task was killed while seen queued: $detail"
[ "$now" = "$pol" ] || fail "active policy changed from $pol to $now: $detail"
[ -z "$problems" ] || fail "kernel log: $(echo "$problems" | head -n 5 | tr '\n' ';') $detail"
[ -z "$verdicts" ] || fail "consistency check failed: ${verdicts#|} $detail"
if [ "$n" -ge 2 ]; then
	[ "$cycles" -gt 0 ] || fail "no hotplug cycle ran: $detail"
	if [ "$km" -eq 0 ] || [ "$kr" -eq 0 ]; then
		fail "no kill while running / migrating: $detail"
	fi
fi
sp_ok "$detail"
