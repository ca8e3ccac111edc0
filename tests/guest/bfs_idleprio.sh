#!/bin/sh
# bfs_idleprio: a SCHED_IDLE hog runs only when no other task of the
# policy can run on its CPU.  Beside a normal hog on CPU 0, both released
# together and measured over the same 3 s, it gets almost nothing: want
# < 0.1% of the two hogs' CPU time (the weight-based policies give a
# SCHED_IDLE task 0.3%: weight 3 against 1024).
# sptest: one-cpu (pinned to CPU 0: runs in the 1-vCPU boot only)
T=bfs_idleprio
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test bfs
if ! share -t 3 -c 0 0 0:idle >"$SP_TMP/out" 2>&1; then
	cat "$SP_TMP/out"
	sp_fail "share driver failed: $(tail -n 1 "$SP_TMP/out")"
fi
cat "$SP_TMP/out"
grep -q '^SHARE idx=1 .*policy=idle' "$SP_TMP/out" || sp_fail "the second hog is not SCHED_IDLE"
np=$(sed -n 's/^SHARE idx=0 .*share_pct=\([0-9.]*\).*/\1/p' "$SP_TMP/out")
ip=$(sed -n 's/^SHARE idx=1 .*share_pct=\([0-9.]*\).*/\1/p' "$SP_TMP/out")
if [ -z "$np" ] || [ -z "$ip" ]; then
	sp_fail "could not parse share output"
fi
detail="normal_share_pct=$np idle_share_pct=$ip (want idle < 0.1)"
sp_true "$ip < 0.1" || sp_fail "$detail"
sp_ok "$detail"
