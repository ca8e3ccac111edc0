#!/bin/sh
# fork_storm: 5000 fork/exit and 2000 thread create/join within 120 s.
T=fork_storm
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

t0=$(sp_uptime)
timeout -s KILL 120 forkstorm -p 5000 -t 2000 -j 8 >"$SP_TMP/out" 2>&1
rc=$?
t1=$(sp_uptime)
cat "$SP_TMP/out"
secs=$(sp_calc "$t1 - $t0")
line=$(grep '^FORKSTORM ' "$SP_TMP/out")
[ $rc -eq 0 ] || sp_fail "forkstorm exit status $rc after ${secs}s: ${line:-$(tail -n 1 "$SP_TMP/out")}"
sp_true "$secs <= 120" || sp_fail "took ${secs}s (> 120 s): $line"
sp_ok "secs=$secs ${line#FORKSTORM }"
