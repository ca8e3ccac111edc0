#!/bin/sh
T=stress_calib
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin
t() { a=$(sp_uptime); "$@" >/tmp/o 2>&1; rc=$?; b=$(sp_uptime); echo "CALIB $(sp_calc "$b - $a")s rc=$rc: $* :: $(tail -n 1 /tmp/o)"; }
t churn attr -c 1 -u 1000 -a ''
t churn attr -c 4 -u 1000 -a ''
t churn attr -c 4 -u 1000
t forkstorm -p 200 -t 100 -j 4
t churn kill -r 1
t sh -c 'i=0; while [ $i -lt 50 ]; do sysfswrite /sys/kernel/sched_policy/rr/tunables/timeslice_ms abc >/dev/null; i=$((i+1)); done'
t sh -c 'i=0; while [ $i -lt 50 ]; do x=$(sysfswrite /sys/kernel/sched_policy/rr/tunables/timeslice_ms abc); i=$((i+1)); done'
t sh -c 'i=0; while [ $i -lt 20 ]; do runas 1000 sysfswrite /sys/kernel/sched_policy/rr/tunables/timeslice_ms abc >/dev/null; i=$((i+1)); done'
t sh -c 'i=0; while [ $i -lt 5 ]; do sysfswrite /sys/kernel/sched_policy/active nonsense$i >/dev/null; i=$((i+1)); done'
t sh -c 'echo 0 > /sys/devices/system/cpu/cpu3/online; echo 1 > /sys/devices/system/cpu/cpu3/online'
t pingpong -t 2 -p 6
t yieldstorm -t 2 -r 2 -n 4
ls -la /sys/kernel/sched_policy/ /sys/kernel/sched_policy/*/tunables/
sp_ok calib
