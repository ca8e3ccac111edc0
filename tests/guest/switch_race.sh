#!/bin/sh
# switch_race: run-time switches racing with everything a switch must
# not deadlock with, lose a task to, or outlive: a shell loops
# "echo P > active" over every available policy while
#   - processes of 16 short-lived, self-reaping threads fork and exit in
#     a loop (clonemix threads: exiting threads leave the task list before
#     their last schedule());
#   - children are cloned with clone3(CLONE_INTO_CGROUP) into two
#     cgroup-v2 groups with the cpu controller on (cgroup_css_set_fork()
#     takes cgroup_mutex, then the hotplug lock, inside the fork);
#   - children are cloned with CLONE_NEWNET (copy_namespaces():
#     pernet_ops_rwsem, then the hotplug lock, inside the fork);
#   - a normal thread is boosted through a PI futex again and again
#     (piboost: out of the class and back);
#   - CPUs 1..N-1 go offline and online in turn.
# This is the workload that oopsed in bfs_balance after a switch cleared
# the active policy, and deadlocks under lockdep when a switch holds the
# hotplug lock around the fork rwsem.  For the stress time (20 s in
# make test, STRESS_S or at least 600 s in make stress); every job must
# finish its work with success, at least 10 switches per policy must
# happen, and the kernel log must stay clean (tests/run fails the test on
# any splat; sp_dmesg_problems for hung tasks, stalls, the watchdog).
T=switch_race
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_stress_begin
if [ "$(sp_cmdline sptest.race_s)" != "" ]; then
	secs=$(sp_cmdline sptest.race_s)
	grace=$((secs > 60 ? secs : 60))
	end=$((start + secs))
fi
policies=$(cat "$SP/available")
cg=/sys/fs/cgroup
grep -q " $cg cgroup2 " /proc/mounts || mount -t cgroup2 none "$cg" ||
	sp_fail "cannot mount cgroup2 on $cg"
mkdir -p "$cg/race_a" "$cg/race_b" || sp_fail "cannot create cgroups"
echo +cpu >"$cg/cgroup.subtree_control" 2>/dev/null ||
	echo "$T: note: no cpu controller on cgroup2"

sp_bg threads clonemix threads -t "$secs" -j 2 -n 16
sp_bg cgroup clonemix cgroup -t "$secs" -j 1 -g "$cg/race_a" -g "$cg/race_b"
sp_bg netns clonemix netns -t "$secs" -j 1
sp_rounds boost "$end" piboost -n 20 -c 0
(
	while [ "$(sp_now_s)" -lt "$end" ]; do
		c=1
		while [ $c -lt "$SPTEST_NCPUS" ]; do
			echo 0 >/sys/devices/system/cpu/cpu"$c"/online
			sleep 0.2
			echo 1 >/sys/devices/system/cpu/cpu"$c"/online
			c=$((c + 1))
		done
		sleep 0.1
	done
	echo 0 >"$SP_TMP/hotplug.rc"
) >"$SP_TMP/hotplug.out" 2>&1 &
sp_track $!

switches=0
bad=""
: >"$SP_TMP/switched"
while [ "$(sp_now_s)" -lt "$end" ]; do
	for p in $policies; do
		if echo "$p" >"$SP/active"; then
			echo "$p" >>"$SP_TMP/switched"
			switches=$((switches + 1))
		else
			bad="$bad $p"
		fi
	done
done
echo "$pol" >"$SP/active" || bad="$bad back-to-$pol"
sp_stress_wait threads cgroup netns boost hotplug
rc=$?
for c in $(seq 1 $((SPTEST_NCPUS - 1))); do
	echo 1 >/sys/devices/system/cpu/cpu"$c"/online 2>/dev/null
done
rmdir "$cg/race_a" "$cg/race_b" 2>/dev/null
problems=$(sp_dmesg_problems) && problems=""
least=$(for p in $policies; do grep -cx "$p" "$SP_TMP/switched"; done | sort -n | head -n 1)
detail="secs=$loaded switches=$switches least_per_policy=$least policies='$policies'"
detail="$detail threads=$(sp_sum CLONEMIX threads "$SP_TMP/threads.out")"
detail="$detail cgroup_children=$(sp_sum CLONEMIX children "$SP_TMP/cgroup.out")"
detail="$detail netns_children=$(sp_sum CLONEMIX children "$SP_TMP/netns.out")"
detail="$detail boosts=$(sp_sum PIBOOST boosted "$SP_TMP/boost.out")"
[ $rc = 0 ] || sp_fail "$detail jobs failed: $failed"
[ -z "$bad" ] || sp_fail "$detail switches refused:$bad"
[ -z "$problems" ] || sp_fail "$detail kernel log: $(echo "$problems" | head -n 3 | tr '\n' ';')"
[ "$least" -ge 10 ] || sp_fail "$detail (want >= 10 switches per policy)"
sp_ok "$detail"
