#!/bin/sh
# sysfs_nonroot: uid 1000 can read but not write timeslice_ms.
T=sysfs_nonroot
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

[ -e "$TS_FILE" ] || sp_fail "$TS_FILE missing"
orig=$(cat "$TS_FILE")
new=$((orig == 5 ? 6 : 5))
ro=$(runas 1000 cat "$TS_FILE" 2>&1) || sp_fail "uid 1000 cannot read $TS_FILE: $ro"
[ "$ro" = "$orig" ] || sp_fail "uid 1000 read '$ro', root read '$orig'"
out=$(runas 1000 sysfswrite "$TS_FILE" "$new" 2>&1)
rc=$?
now=$(cat "$TS_FILE")
if [ "$now" != "$orig" ]; then
	sysfswrite "$TS_FILE" "$orig" >/dev/null 2>&1
	sp_fail "uid 1000 changed the value from $orig to $now ($out)"
fi
[ $rc -ne 0 ] || sp_fail "uid 1000 write of $new succeeded: $out"
case "$out" in
*errno=EACCES* | *errno=EPERM*) ;;
*) sp_fail "uid 1000 write failed but not with EACCES/EPERM: $out" ;;
esac
act=$(sp_active)
aout=$(runas 1000 sysfswrite "$SP/active" eevdf 2>&1) && sp_fail "uid 1000 switched the policy: $aout"
[ "$(sp_active)" = "$act" ] || sp_fail "uid 1000 changed active from $act to $(sp_active)"
case "$aout" in
*errno=EACCES* | *errno=EPERM*) ;;
*) sp_fail "uid 1000 write to active failed but not with EACCES/EPERM: $aout" ;;
esac
sp_ok "value=$orig nonroot_read=ok nonroot_write='${out#*: }' nonroot_switch='${aout#*: }'"
