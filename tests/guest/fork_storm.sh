#!/bin/sh
# fork_storm: 5000 fork/exit and 2000 thread create/join, 8 at a time,
# within 120 s; on one CPU, where children and parents cannot race each
# other across CPUs, half as many (15-19 s under TCG for the whole storm
# at 1 vCPU, 12-24 s at 4).
T=fork_storm
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

procs=5000
threads=2000
if [ "$SPTEST_NCPUS" -eq 1 ]; then
	procs=2500
	threads=1000
fi
t0=$(sp_uptime)
timeout -s KILL 120 forkstorm -p $procs -t $threads -j 8 >"$SP_TMP/out" 2>&1
rc=$?
t1=$(sp_uptime)
cat "$SP_TMP/out"
secs=$(sp_calc "$t1 - $t0")
line=$(grep '^FORKSTORM ' "$SP_TMP/out")
[ $rc -eq 0 ] || sp_fail "forkstorm exit status $rc after ${secs}s: ${line:-$(tail -n 1 "$SP_TMP/out")}"
sp_true "$secs <= 120" || sp_fail "took ${secs}s (> 120 s): $line"
sp_ok "secs=$secs ${line#FORKSTORM }"
