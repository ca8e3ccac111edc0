#!/bin/sh
# idle_pull: an idle CPU takes work it becomes allowed to run.  The test
# shell moves itself to CPUs 2-3, so nothing of ours runs on CPU 1; two
# hogs start pinned to CPU 0 (CPU 1 goes idle and stays idle), then both
# are allowed CPUs 0-1 with taskset -p, which moves neither.  Only the
# balancer can put one on CPU 1, from CPU 0's tick; each hog must then get
# most of a CPU: ideally (0.25 + 3.5) / 4 = 94%, want >= 85%.
# Needs 4 CPUs; passes with a note below that.
T=idle_pull
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

[ "$SPTEST_NCPUS" -ge 4 ] || sp_ok "skipped: needs 4 CPUs, have $SPTEST_NCPUS"
taskset -p -c 2-3 $$ >/dev/null || sp_fail "cannot move the test shell to CPUs 2-3"

out=$SP_TMP/hogs
: >"$out"
for i in 1 2; do
	hog -t 4 -c 0 -l pull$i >>"$out" &
	sp_track $!
done
sleep 0.5
for p in $SP_PIDS; do
	taskset -p 3 "$p" >/dev/null || sp_fail "taskset -p 3 $p failed"
done
for p in $SP_PIDS; do
	wait "$p"
done
SP_PIDS=""
cat "$out"
pcts=$(sed -n 's/.* pct=\([0-9.]*\).*/\1/p' "$out" | tr '\n' ' ')
# shellcheck disable=SC2086 # split the list into $1 $2
set -- $pcts
[ $# -eq 2 ] || sp_fail "expected 2 hog results, got: $pcts"
detail="policy=$(sp_active) pct=[ $1 $2 ] (want both >= 85: alone on a CPU after the first 0.5 s)"
sp_true "$1 >= 85 && $2 >= 85" || sp_fail "$detail"
sp_ok "$detail"
