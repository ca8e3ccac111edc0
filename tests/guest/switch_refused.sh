#!/bin/sh
# switch_refused: the registry refuses a policy module whose ops table
# lacks a required hook (sched_nohook.ko: no pick_next) and one that
# registers a name already taken (sched_rr_dup.ko: rr again); insmod
# fails, the kernel log says why in one line, and "available" and
# "active" are unchanged.
T=switch_refused
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

avail=$(cat "$SP/available")
act=$(sp_active)
if insmod /modules/sched_nohook.ko 2>"$SP_TMP/e1"; then
	rmmod sched_nohook
	sp_fail "a policy without pick_next was accepted"
fi
if insmod /modules/sched_rr_dup.ko 2>"$SP_TMP/e2"; then
	rmmod sched_rr_dup
	sp_fail "a second policy named rr was accepted"
fi
dmesg | grep -q "refusing policy 'nohook': missing hook pick_next" ||
	sp_fail "no 'missing hook pick_next' line in the kernel log"
dmesg | grep -q "refusing policy 'rr': name already registered" ||
	sp_fail "no 'name already registered' line in the kernel log"
[ "$(cat "$SP/available")" = "$avail" ] || sp_fail "available changed: '$avail' -> '$(cat "$SP/available")'"
[ "$(sp_active)" = "$act" ] || sp_fail "active changed: $act -> $(sp_active)"
sp_ok "nohook='$(cat "$SP_TMP/e1")' dup='$(cat "$SP_TMP/e2")' available='$avail'"
