#!/bin/sh
# bfs_pingpong: 8 pairs of processes passing a byte over pipes for 3 s (a
# wakeup storm on every CPU; lockdep watches the global-queue lock and
# the remote-run protocol) finish cleanly, and the global lock's
# contention rate under that load is reported from the statistics
# (grq_contended / grq_locks), with how often a schedule() scanned the
# global queue twice (0.363 scanned it once): picks that did not take the
# balance pass's answer, plus pull races.  Want round trips > 0, a clean
# log and second scans <= 0.25 per pick (measured 0 at 1 vCPU, 0.08 at
# 4; a pick that always scanned again would give 1).
T=bfs_pingpong
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test bfs
sp_cross_na "asserts only that bfs's global-queue lock is counted"
F=$SP/bfs/stats
# snap NAME: the counters' totals now, as "counter value" lines
snap() {
	for _c in grq_locks grq_contended remote_runs picks \
		picks_from_balance_scan pull_races; do
		echo "$_c $(sp_stat_total "$F" "$_c")"
	done >"$SP_TMP/$1"
}
# delta COUNTER: its growth from snap before to snap after
delta() {
	awk -v c="$1" 'NR == FNR { a[$1] = $2; next } $1 == c { print $2 - a[c] }' \
		"$SP_TMP/before" "$SP_TMP/after"
}
snap before
pingpong -t 3 -p 8 >"$SP_TMP/out" 2>&1 || sp_fail "pingpong failed: $(cat "$SP_TMP/out")"
snap after
cat "$SP_TMP/out"
rt=$(sp_kv round_trips "$(cat "$SP_TMP/out")")
[ -n "$rt" ] || sp_fail "could not parse pingpong output"
locks=$(delta grq_locks)
cont=$(delta grq_contended)
picks=$(delta picks)
[ "$locks" -gt 0 ] || sp_fail "no global-queue lock acquisitions counted"
[ "$picks" -gt 0 ] || sp_fail "no picks counted"
# scans beyond 0.363's one per schedule(): picks that scanned again, and
# balance passes that scanned again after a lost pull race (a pick made
# without a balance pass, for the deadline server, counts here too)
second=$((picks - $(delta picks_from_balance_scan) + $(delta pull_races)))
detail="cpus=$SPTEST_NCPUS round_trips=$rt grq_locks=$locks grq_contended=$cont contention_pct=$(sp_calc "100 * $cont / $locks") remote_runs=$(delta remote_runs) picks=$picks second_scans=$second second_scans_per_pick=$(sp_calc "$second / $picks")"
[ "$rt" -gt 0 ] || sp_fail "$detail"
sp_true "$second <= 0.25 * $picks" ||
	sp_fail "$detail (want second_scans_per_pick <= 0.25)"
sp_ok "$detail (want second_scans_per_pick <= 0.25)"
