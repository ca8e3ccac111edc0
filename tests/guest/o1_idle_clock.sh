#!/bin/sh
# o1_idle_clock: 2.6.22's schedule() reset the starvation clock
# (rq->expired_timestamp) when the CPU went idle.  Every slice end starts
# that clock, an interactive task's too (it goes back into the active
# array), and only an array swap or an idle CPU stops it, so without the
# reset a CPU whose tasks are interactive and sleep now and then counts
# a slice end as starving once the limit has passed since the first one.
# One task on the last CPU, after 1 s asleep, works 120 ms and sleeps
# 100 ms, for 4 s: about 22 slice ends in 18 cycles, each reinserted (it stays
# interactive: 100 ms of sleep credit per 120 ms / bonus of cost), and
# each 100 ms sleep idles the CPU.  With starvation_limit_ms=1000, the
# default and 2.6.22's STARVATION_LIMIT (x 1 runnable task), want
# interactive_reinserts >= 10 on that CPU and no starvation_expiries: the
# clock is new at every slice end.  Measured: 21-23 reinsertions and none
# starving at 1 and 4 vCPUs (6 boots at 4 beside two host CPU hogs); a
# kernel without the reset counted 3 slice ends as starving at 1 and at 4
# vCPUs (9 against 12 reinsertions with a 200 ms limit, when the reset sat
# in a pick that an idle CPU never reaches).  The limit was 200 ms until
# a make test counted one starving slice end at 4 vCPUs, as did 2 of 12
# runs beside two host CPU hogs: one burst in six holds two slice ends
# 100 ms of CPU apart, and the guest clock runs on while the host holds
# the vCPU, so a stall of 100 ms there (our reading, not traced: tracing
# hid it in 12 runs) puts them more than 200 ms apart with no idle between.
T=o1_idle_clock
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test o1
sp_cross_na "asserts o1's counters: an expiry that is swapped straight back changes nothing a task can see"
cpu=$((SPTEST_NCPUS - 1))
f=$SP/o1/stats
sp_set_tunable o1 starvation_limit_ms 1000 || sp_fail "cannot set starvation_limit_ms"
r0=$(sp_stat_cpu "$f" interactive_reinserts "$cpu")
s0=$(sp_stat_cpu "$f" starvation_expiries "$cpu")
wakelat -t 4 -d 1 -s 100000 -w 120000 -c "$cpu" -l idler >"$SP_TMP/w" 2>&1 ||
	sp_fail "wakelat failed: $(tail -n 1 "$SP_TMP/w")"
cat "$SP_TMP/w"
reinserts=$(($(sp_stat_cpu "$f" interactive_reinserts "$cpu") - r0))
starving=$(($(sp_stat_cpu "$f" starvation_expiries "$cpu") - s0))
detail="cpu=$cpu interactive_reinserts=$reinserts starvation_expiries=$starving"
[ "$reinserts" -ge 10 ] ||
	sp_fail "$detail (want >= 10 reinserts: the task did not stay interactive)"
[ "$starving" -eq 0 ] ||
	sp_fail "$detail (want 0: the clock must restart after the CPU idles)"
sp_ok "$detail (want >= 10 reinserts, 0 starving)"
