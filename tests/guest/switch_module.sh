#!/bin/sh
# switch_module: a policy module is loaded, switched to, runs a workload,
# is switched away from and unloaded.  /modules/sched_example.ko is the rr
# template renamed to "example" by boot/new-policy (README's guide).
# While it is active rmmod must fail (its module is pinned; the kernel
# reports a held module as EWOULDBLOCK/EAGAIN) and change nothing; once
# eevdf is back rmmod succeeds and "example" leaves "available".
T=switch_module
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

start=$(sp_active)
insmod /modules/sched_example.ko || sp_fail "insmod sched_example.ko failed"
grep -qw example "$SP/available" || sp_fail "example not in available: $(cat "$SP/available")"
echo example >"$SP/active" || sp_fail "cannot switch to example"
[ "$(sp_active)" = example ] || sp_fail "active is $(sp_active), not example"
p0=$(sp_stat_total "$SP/example/stats" picks)
share -t 2 -c -1 0 0 0 0 0 0 >"$SP_TMP/out" 2>&1 || sp_fail "share under example failed: $(tail -n 1 "$SP_TMP/out")"
p1=$(sp_stat_total "$SP/example/stats" picks)
total=$(sp_kv total_ms "$(grep '^SHARE_SUMMARY' "$SP_TMP/out")")
[ "$p1" -gt "$p0" ] || sp_fail "example's picks did not move ($p0 -> $p1)"
if rmmod sched_example 2>"$SP_TMP/rmmod"; then
	sp_fail "rmmod of the active policy's module succeeded"
fi
[ "$(sp_active)" = example ] || sp_fail "active changed to $(sp_active) after the refused rmmod"
echo "$start" >"$SP/active" || sp_fail "cannot switch back to $start"
[ "$(sp_active)" = "$start" ] || sp_fail "active is $(sp_active), not $start"
rmmod sched_example || sp_fail "rmmod of the inactive policy's module failed"
if grep -qw example "$SP/available"; then
	sp_fail "example still in available after rmmod"
fi
sw=$(dmesg | grep -c 'sched_policy: switched from .* example in\|sched_policy: switched from example to')
sp_ok "from=$start example_picks=+$((p1 - p0)) share_total_ms=$total rmmod_active='$(cat "$SP_TMP/rmmod")' switch_log_lines=$sw"
