#!/bin/sh
# bfs_idleprio: a SCHED_IDLE hog runs only when no other task of the
# policy can run on its CPU.  Beside a normal hog on CPU 0 for 3 s it
# gets almost nothing: want < 2% of the CPU (the normal hog > 95%).
T=bfs_idleprio
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

hog -t 3 -c 0 -l normal >"$SP_TMP/n" &
sp_track $!
hog -t 3 -c 0 -i -l idle >"$SP_TMP/i" &
sp_track $!
for p in $SP_PIDS; do
	wait "$p" || sp_fail "hog failed: $(cat "$SP_TMP/n" "$SP_TMP/i")"
done
SP_PIDS=""
cat "$SP_TMP/n" "$SP_TMP/i"
np=$(sed -n 's/.* pct=\([0-9.]*\).*/\1/p' "$SP_TMP/n")
ip=$(sed -n 's/.* pct=\([0-9.]*\).*/\1/p' "$SP_TMP/i")
grep -q 'policy=idle' "$SP_TMP/i" || sp_fail "the idle hog is not SCHED_IDLE"
if [ -z "$np" ] || [ -z "$ip" ]; then
	sp_fail "could not parse hog output"
fi
detail="normal_pct=$np idle_pct=$ip (want idle < 2, normal > 95)"
sp_true "$ip < 2 && $np > 95" || sp_fail "$detail"
sp_ok "$detail"
