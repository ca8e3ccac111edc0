#!/bin/sh
# switch_autoload: naming a policy that is not loaded loads its module.
# With sched_example.ko installed under /lib/modules/$(uname -r)/extra
# (indexed by depmod) but not loaded, "echo example > active" makes the
# kernel request_module("sched-policy-example"), modprobe finds it by its
# MODULE_ALIAS, and the switch goes through; afterwards the test switches
# back and unloads it.
T=switch_autoload
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

start=$(sp_active)
if grep -q '^sched_example ' /proc/modules; then
	sp_fail "sched_example is already loaded"
fi
sysfswrite "$SP/active" example >"$SP_TMP/w" 2>&1 || sp_fail "switch to example failed: $(cat "$SP_TMP/w")"
now=$(sp_active)
grep -q '^sched_example ' /proc/modules || sp_fail "sched_example was not loaded"
echo "$start" >"$SP/active" || sp_fail "cannot switch back to $start"
rmmod sched_example || sp_fail "rmmod sched_example failed"
[ "$now" = example ] || sp_fail "active is $now after writing example"
sp_ok "active=$now loaded_by=request_module back_to=$(sp_active)"
