#!/bin/sh
# stress_load: a mixed load for sptest.stress_s=S seconds (default 10),
# every worker with a fixed amount of work per round, rounds repeated
# until S seconds have passed:
#   forks      forkstorm: 60 fork/exit, then 30 thread create/join
#   hackbench  pingpong: 6 pairs of processes passing bytes over pipes, 1 s
#   pingpong   pingpong: one pair, 1 s
#   yield      yieldstorm: 2 rings of 4 threads passing a token with
#              sched_yield(), 3 s; each ring must pass a message, but
#              under o1 (whose yield can hold a ring up for seconds, see
#              yield_round) a round where one did not is only counted
#   sleeper    wakelat: a 3 ms periodic sleeper, 1 s
#   idle0..7   8 loops of "sleep 1" (sleeping tasks)
#   work       churn: 2 workers of 100 units of fixed computation with
#              yields and naps, each checking its result
# and, for the S seconds, churn: 4 workers of 100*S units each (checked
# the same way) while, every 2 ms, it changes the nice value (-5..19), the
# policy (sched_setattr NORMAL / BATCH / IDLE / FIFO; FIFO one task at a
# time, for 5 ms, IDLE for 100 ms at most) or the affinity (random CPU
# sets) of a random thread of the test's session - every worker above
# included, as they run.
# Passes when every round of every worker exited 0 (nothing killed,
# every result right) and they all ended within max(60, S) s after the
# load, churn had no unexpected error, the active policy is the one the
# test started with (the stall watchdog did not switch away), the kernel
# log since the start has no hung task, soft lockup, RCU stall, OOM or
# policy watchdog report (the runner fails the test on any splat), and
# every read of /sys/kernel/sched_policy/check (4 during the load, one
# after; skipped with a note where the kernel has no such file) starts
# with "ok".  Prints:
#   STRESS load policy=P cpus=N secs=S forks=.. threads=.. ...
T=stress_load
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin
sp_stress_begin

# yield_round: a round of yieldstorm.  Under o1 its own failure "ring N
# passed no message" is o1's sched_yield by design (the yielder waits in
# the expired array, up to starvation_limit_ms x runnable tasks: seconds
# at 1 CPU under this load): counted as a stalled round, not failed.
# shellcheck disable=SC2317 # called by sp_rounds
yield_round() {
	yieldstorm -t 3 -r 2 -n 4 >"$SP_TMP/yield.last" 2>&1
	_rc=$?
	cat "$SP_TMP/yield.last"
	if [ "$_rc" = 1 ] && [ "$pol" = o1 ] &&
		grep -q 'passed no message' "$SP_TMP/yield.last"; then
		echo "YIELD_STALLED"
		return 0
	fi
	return "$_rc"
}

sp_rounds forks "$end" forkstorm -p 60 -t 30 -j 4
sp_rounds hackbench "$end" pingpong -t 1 -p 6
sp_rounds pingpong "$end" pingpong -t 1 -p 1
sp_rounds yield "$end" yield_round
sp_rounds sleeper "$end" wakelat -t 1 -p 3000 -w 100 -l sleeper
sp_rounds work "$end" churn attr -c 2 -u 100 -a ''
jobs="forks hackbench pingpong yield sleeper work"
i=0
while [ $i -lt 8 ]; do
	sp_rounds idle$i "$end" sleep 1
	jobs="$jobs idle$i"
	i=$((i + 1))
done
sp_bg churn churn attr -S -t "$secs" -i 2000 -c 4 -u $((100 * secs))
jobs="$jobs churn"

# the consistency check 4 times during the load
checks=0
verdicts=""
if [ -e "$SP/check" ]; then
	step=$((secs / 4 > 0 ? secs / 4 : 1))
	next=$((start + step))
	while [ $checks -lt 4 ]; do
		while [ "$(sp_now_s)" -lt "$next" ]; do
			sleep 0.5
		done
		v=$(sp_policy_check) || verdicts="$verdicts|during: $v"
		echo "$T: check during the load: $v"
		checks=$((checks + 1))
		next=$((next + step))
	done
else
	echo "$T: note: $SP/check absent, consistency checks skipped"
fi

# shellcheck disable=SC2086 # word list
sp_stress_wait $jobs || sp_fail "workers failed: $failed"

sp_stress_after

o=$SP_TMP
detail="policy=$pol cpus=$SPTEST_NCPUS secs=$secs loaded_s=$loaded"
detail="$detail forks=$(sp_sum FORKSTORM procs "$o/forks.out")"
detail="$detail threads=$(sp_sum FORKSTORM threads "$o/forks.out")"
detail="$detail pipe_round_trips=$(sp_sum PINGPONG round_trips "$o/hackbench.out" "$o/pingpong.out")"
detail="$detail yields=$(sp_sum YIELDSTORM yields "$o/yield.out")"
stalled=$(grep -c '^YIELD_STALLED' "$o/yield.out")
[ "$stalled" = 0 ] || detail="$detail yield_rounds_stalled=$stalled"
detail="$detail sleeper_wakeups=$(sp_sum WAKELAT n "$o/sleeper.out")"
detail="$detail work_units=$(($(sp_sum CHURN units "$o/work.out") * 2 + 4 * 100 * secs))"
cn=$(sp_sum CHURN nice "$o/churn.out")
cp=$(sp_sum CHURN policy "$o/churn.out")
cf=$(sp_sum CHURN fifo "$o/churn.out")
ca=$(sp_sum CHURN affinity "$o/churn.out")
detail="$detail nice_changes=$cn policy_changes=$cp fifo_changes=$cf affinity_changes=$ca"
detail="$detail churn_targets=$(sp_sum CHURN targets "$o/churn.out")"
detail="$detail checks=$checks"
echo "STRESS load $detail"

if [ "$cn" -eq 0 ] || [ "$cp" -eq 0 ] || [ "$cf" -eq 0 ] || [ "$ca" -eq 0 ]; then
	sp_fail "churn left a kind of change out: $detail"
fi
[ "$now" = "$pol" ] || sp_fail "active policy changed from $pol to $now during the load: $detail"
[ -z "$problems" ] || sp_fail "kernel log: $(echo "$problems" | head -n 5 | tr '\n' ';') $detail"
[ -z "$verdicts" ] || sp_fail "consistency check failed: ${verdicts#|} $detail"
sp_ok "$detail"
