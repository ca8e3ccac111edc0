#!/bin/sh
# server_bandwidth: the policy class's deadline server holds its bandwidth
# (50 ms every 1000 ms per CPU) exactly while a policy is enabled, and is
# admitted as a SCHED_DEADLINE task would be.
#
# kernel.sched_rt_runtime_us caps the deadline bandwidth of every CPU;
# fair's servers already hold 5%.  With the cap at 7%:
#  - switching from eevdf to a policy fails with EBUSY (5% + 5% > 7%),
#    logs one line, and changes nothing (still eevdf, no server runtime);
#  - with the cap back at 95%, the switch works, every online CPU's server
#    reads 50 ms in debugfs, and lowering the cap to 7% is refused (the
#    kernel counts the reservation);
#  - a CPU taken offline and back keeps its server's bandwidth; one that
#    is offline while the machine goes back to eevdf releases it when it
#    comes back, and one offline while a policy is enabled reserves it
#    when it comes online;
#  - back on eevdf every server reads 0 and the 7% cap is accepted.
# Before the reservation was tied to enable/disable, the server reserved
# its bandwidth lazily at its first start (the switch succeeded at 7%,
# the server silently ran without bandwidth) and never released it (the
# 7% cap was refused after going back to eevdf).
T=server_bandwidth
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

RT=/proc/sys/kernel/sched_rt_runtime_us
DBG=/sys/kernel/debug/sched/policy_server
[ -d "$DBG" ] || mount -t debugfs none /sys/kernel/debug 2>/dev/null
[ -d "$DBG" ] || sp_fail "no $DBG"
[ "$SPTEST_NCPUS" -ge 2 ] || sp_fail "needs 2 CPUs, have $SPTEST_NCPUS"
boot=$(sp_active)
cap=$(cat $RT)
pol=$(tr ' ' '\n' <"$SP/available" | grep -v '^eevdf$' | head -n 1)
last=$((SPTEST_NCPUS - 1))
HOT=/sys/devices/system/cpu/cpu$last/online

restore() {
	echo "$cap" >$RT 2>/dev/null
	echo 1 >$HOT 2>/dev/null
	echo "$boot" >"$SP/active" 2>/dev/null
}

# online_cpus: the online CPUs' numbers (cpu0 has no online file)
online_cpus() {
	for c in $(seq 0 $last); do
		[ "$(cat "/sys/devices/system/cpu/cpu$c/online" 2>/dev/null || echo 1)" = 1 ] && echo "$c"
	done
}

# runtimes: "cpu0=N cpu1=N ..." for the online CPUs
runtimes() {
	for c in $(online_cpus); do
		printf 'cpu%s=%s ' "$c" "$(cat "$DBG/cpu$c/runtime")"
	done
}

# all_runtimes N: every online CPU's server runtime is N
all_runtimes() {
	for c in $(online_cpus); do
		[ "$(cat "$DBG/cpu$c/runtime")" = "$1" ] || return 1
	done
}

fail() {
	restore
	sp_fail "$*"
}

echo eevdf >"$SP/active" || fail "switch to eevdf failed"
all_runtimes 0 || fail "eevdf, server runtimes not 0: $(runtimes)"
echo 70000 >$RT || fail "cap 7% refused under eevdf"
sp_kmsg_mark
if echo "$pol" >"$SP/active" 2>"$SP_TMP/err"; then
	fail "switch to $pol admitted at a 7% cap"
fi
grep -q 'Device or resource busy' "$SP_TMP/err" || fail "switch at 7%: '$(cat "$SP_TMP/err")', want EBUSY"
[ "$(sp_active)" = eevdf ] || fail "failed switch left $(sp_active) active"
all_runtimes 0 || fail "failed switch left server runtime: $(runtimes)"
sp_dmesg_since | grep -q 'no deadline bandwidth for the policy server on CPU' ||
	fail "no kernel log line for the refused switch"

echo "$cap" >$RT || fail "cap back to $cap refused"
echo "$pol" >"$SP/active" || fail "switch to $pol failed at cap $cap"
all_runtimes 50000000 || fail "$pol: server runtimes $(runtimes), want 50000000"
if echo 70000 >$RT 2>/dev/null; then
	fail "cap 7% accepted while $pol holds the servers' bandwidth"
fi

# offline and back while enabled: still reserved
echo 0 >$HOT || fail "cpu$last offline failed"
echo 1 >$HOT || fail "cpu$last online failed"
[ "$(cat "$DBG/cpu$last/runtime")" = 50000000 ] || fail "cpu$last after hotplug: $(cat "$DBG/cpu$last/runtime")"
# offline while going back to eevdf: released when it comes back
echo 0 >$HOT || fail "cpu$last offline failed"
echo eevdf >"$SP/active" || fail "switch to eevdf failed"
echo 1 >$HOT || fail "cpu$last online failed"
all_runtimes 0 || fail "back on eevdf, server runtimes $(runtimes)"
echo 70000 >$RT || fail "cap 7% refused after the policy released its servers"
echo "$cap" >$RT || fail "cap back to $cap refused"
# offline while a policy is enabled: reserved when it comes online
echo 0 >$HOT || fail "cpu$last offline failed"
echo "$pol" >"$SP/active" || fail "switch to $pol failed"
echo 1 >$HOT || fail "cpu$last online failed"
all_runtimes 50000000 || fail "$pol after cpu$last came online: $(runtimes)"
echo eevdf >"$SP/active" || fail "switch to eevdf failed"
all_runtimes 0 || fail "eevdf again: $(runtimes)"
echo 70000 >$RT || fail "cap 7% refused at the end"
detail="policy=$pol cap=$cap cpus=$SPTEST_NCPUS refused='$(sp_dmesg_since | grep -m1 'no deadline bandwidth' | sed 's/^\[[^]]*\] //')'"
restore
[ "$(sp_active)" = "$boot" ] || sp_fail "$detail: could not switch back to $boot"
sp_ok "$detail"
