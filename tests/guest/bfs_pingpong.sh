#!/bin/sh
# bfs_pingpong: 8 pairs of processes passing a byte over pipes for 3 s (a
# wakeup storm on every CPU; lockdep watches the global-queue lock and
# the remote-run protocol) finish cleanly, and the global lock's
# contention rate under that load is reported from the statistics
# (grq_contended / grq_locks).  Want round trips > 0 and a clean log.
T=bfs_pingpong
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test bfs
sp_cross_na "asserts only that bfs's global-queue lock is counted"
F=$SP/bfs/stats
l0=$(sp_stat_total "$F" grq_locks)
c0=$(sp_stat_total "$F" grq_contended)
r0=$(sp_stat_total "$F" remote_runs)
pingpong -t 3 -p 8 >"$SP_TMP/out" 2>&1 || sp_fail "pingpong failed: $(cat "$SP_TMP/out")"
l1=$(sp_stat_total "$F" grq_locks)
c1=$(sp_stat_total "$F" grq_contended)
r1=$(sp_stat_total "$F" remote_runs)
cat "$SP_TMP/out"
rt=$(sp_kv round_trips "$(cat "$SP_TMP/out")")
[ -n "$rt" ] || sp_fail "could not parse pingpong output"
locks=$((l1 - l0))
cont=$((c1 - c0))
[ "$locks" -gt 0 ] || sp_fail "no global-queue lock acquisitions counted"
detail="cpus=$SPTEST_NCPUS round_trips=$rt grq_locks=$locks grq_contended=$cont contention_pct=$(sp_calc "100 * $cont / $locks") remote_runs=$((r1 - r0))"
[ "$rt" -gt 0 ] || sp_fail "$detail"
sp_ok "$detail"
