#!/bin/sh
# bfs_work_conservation: with more runnable tasks than CPUs no CPU idles.
# 6 unpinned hogs on 4 vCPUs for 4 s; between 1 s and 3.5 s into the run
# every CPU's idle time (/proc/stat idle + iowait) must be below 5% of
# that interval.  Needs 2 or more CPUs (with 1 there is no other CPU to
# idle).
T=bfs_work_conservation
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test bfs
sp_needs_cpus 2
# cpuN idle_ticks total_ticks, one line per CPU
snap() {
	awk '$1 ~ /^cpu[0-9]+$/ { t = 0; for (i = 2; i <= NF; i++) t += $i; print $1, $5 + $6, t }' /proc/stat
}
share -t 4 -c -1 0 0 0 0 0 0 >"$SP_TMP/out" 2>&1 &
sp_track $!
sleep 1.2
snap >"$SP_TMP/s0"
sleep 2.5
snap >"$SP_TMP/s1"
for p in $SP_PIDS; do
	wait "$p" || sp_fail "share failed: $(tail -n 1 "$SP_TMP/out")"
done
SP_PIDS=""
cat "$SP_TMP/out"
idle=$(awk 'NR == FNR { i[$1] = $2; t[$1] = $3; next }
	{ dt = $3 - t[$1]; printf "%s=%.1f ", $1, (dt > 0 ? 100 * ($2 - i[$1]) / dt : 100) }' \
	"$SP_TMP/s0" "$SP_TMP/s1")
worst=$(echo "$idle" | tr ' ' '\n' | sed -n 's/.*=//p' | sort -n | tail -n 1)
detail="idle_pct: ${idle}(want every CPU < 5)"
[ -n "$worst" ] || sp_fail "could not read /proc/stat"
sp_true "$worst < 5" || sp_fail "$detail"
sp_ok "$detail"
