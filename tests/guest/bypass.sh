#!/bin/sh
# bypass: /sys/kernel/sched_policy/bypass takes the class's tasks away
# from the policy into the core's per-CPU FIFOs and gives them back.
# With bypass on, 4 CPU hogs on CPU 0 for 2 s must each get CPU time
# (more than 10% of their share: the FIFO's 5 ms slices rotate them),
# the policy's own enqueue counter must not move (not one call into the
# policy for them) while the core's bypass_enqueues does; after bypass
# is off again the policy's counters move and its consistency check
# passes.  Writing anything but 0 or 1 is refused.
T=bypass
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

B=$SP/bypass
[ -w "$B" ] || sp_fail "no $B"
echo 2 >"$B" 2>/dev/null && sp_fail "'2' accepted"
[ "$(cat "$B")" = 0 ] || sp_fail "bypass is $(cat "$B") before the test"
pol=$(sp_active)
st=$SP/$pol/stats
echo 1 >"$B" || sp_fail "cannot enter bypass"
[ "$(cat "$B")" = 1 ] || { echo 0 >"$B"; sp_fail "bypass reads $(cat "$B") after writing 1"; }
[ "$pol" = eevdf ] || cat "$st" >"$SP_TMP/before"
: >"$SP_TMP/hogs"
for i in 1 2 3 4; do
	hog -t 2 -c 0 -l b$i >>"$SP_TMP/hogs" &
	sp_track $!
done
for p in $SP_PIDS; do
	wait "$p" || { echo 0 >"$B"; sp_fail "hog $p failed"; }
done
SP_PIDS=""
[ "$pol" = eevdf ] || cat "$st" >"$SP_TMP/during"
echo 0 >"$B" || sp_fail "cannot leave bypass"
[ "$(cat "$B")" = 0 ] || sp_fail "bypass reads $(cat "$B") after writing 0"
cat "$SP_TMP/hogs"
min=$(sed -n 's/.* pct=\([0-9.]*\).*/\1/p' "$SP_TMP/hogs" | sort -n | head -n 1)
[ "$(grep -c '^HOG ' "$SP_TMP/hogs")" = 4 ] || sp_fail "not every hog reported"
sp_true "${min:-0} > 2.5" || sp_fail "a hog got ${min}% of a CPU in bypass (want > 2.5)"
[ "$pol" != eevdf ] || sp_ok "policy=eevdf: bypass has no task to hold; min_pct=$min"
hog -t 0.5 -c 0 -l after >/dev/null
cat "$st" >"$SP_TMP/after"
d() { echo $(($(sp_stat_total "$2" "$1") - $(sp_stat_total "$3" "$1"))); }
enq=$(d enqueues "$SP_TMP/during" "$SP_TMP/before")
benq=$(d bypass_enqueues "$SP_TMP/during" "$SP_TMP/before")
enq_after=$(d enqueues "$SP_TMP/after" "$SP_TMP/during")
v=$(sp_policy_check) || sp_fail "check after bypass: $v"
detail="policy=$pol min_pct=$min enqueues_in_bypass=+$enq bypass_enqueues=+$benq enqueues_after=+$enq_after"
[ "$enq" = 0 ] || sp_fail "$detail (the policy was called in bypass)"
[ "$benq" -gt 4 ] || sp_fail "$detail (want the FIFO used)"
[ "$enq_after" -gt 0 ] || sp_fail "$detail (the policy has its tasks back?)"
sp_ok "$detail"
