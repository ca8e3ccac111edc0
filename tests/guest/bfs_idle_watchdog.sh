#!/bin/sh
# bfs_idle_watchdog: a SCHED_IDLE task that bfs leaves waiting behind a
# normal hog is starved by design (BFS's SCHED_IDLEPRIO), and bfs says so
# (ops->may_starve): with watchdog_timeout_ms=1000 and the two hogs on
# CPU 0 for 4 s, the idle hog gets almost nothing (< 0.1%), yet the stall
# watchdog stays quiet and bfs stays active.  Without may_starve the
# watchdog reported the idle hog after 1 s and switched to eevdf.
# sptest: one-cpu (pinned to CPU 0: runs in the 1-vCPU boot only)
T=bfs_idle_watchdog
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test bfs
WD=$SP/watchdog_timeout_ms
old_wd=$(cat "$WD")
echo 1000 >"$WD" || sp_fail "cannot set $WD"
sp_kmsg_mark
share -t 4 -c 0 0 0:idle >"$SP_TMP/out" 2>&1
rc=$?
echo "$old_wd" >"$WD"
cat "$SP_TMP/out"
[ $rc = 0 ] || sp_fail "share driver failed: $(tail -n 1 "$SP_TMP/out")"
ip=$(sed -n 's/^SHARE idx=1 .*share_pct=\([0-9.]*\).*/\1/p' "$SP_TMP/out")
[ -n "$ip" ] || sp_fail "could not parse share output"
now=$(sp_active)
reports=$(sp_dmesg_since | grep -c 'sched_policy: watchdog:' || true)
# the watchdog's report switched to eevdf: the boot's policy back for the
# tests after this one (a cross run under a policy without the exemption)
[ "$now" = "$SPTEST_EXPECT" ] || echo "$SPTEST_EXPECT" >"$SP/active" ||
	echo "$T: could not switch back to $SPTEST_EXPECT"
detail="idle_share_pct=$ip active=$now watchdog_reports=$reports (want < 0.1, $SPTEST_EXPECT, 0)"
sp_true "$ip < 0.1" || sp_fail "$detail"
{ [ "$now" = "$SPTEST_EXPECT" ] && [ "$reports" -eq 0 ]; } || sp_fail "$detail"
sp_ok "$detail"
