#!/bin/sh
# fidelity: the behaviours at which the originals were argued over, in
# numbers, under whichever policy is active (bench/fidelity boots each
# policy at 1 vCPU with sptests=fidelity and tabulates these lines):
#   FIDELITY POLICY nice N pct=P     nice 0's share of CPU 0 against nice N
#   FIDELITY POLICY gap4 ms=G        the longest wait for the CPU of any of
#                                    4 equal hogs on CPU 0 (10 s)
#   FIDELITY POLICY sleeper mean_us=M p99_us=Q
#                                    a sleeper waking every 5 ms for 200 us
#                                    of work beside 4 hogs: wakeup-to-run
#   FIDELITY POLICY yield hogs=H msgs_per_s=X
#                                    the yield storm (4 rings of 8 threads)
#                                    alone and beside H hogs
# Wall time under TCG: the guest's clock, not instructions.
T=fidelity
# shellcheck source=tests/guest/lib.sh
. "${SPTEST_LIB:-/tests/lib.sh}"
sp_begin
say() {
	echo "FIDELITY $(sp_active) $*"
}

for n in 5 10 19; do
	share -t 10 -w 2 -c 0 0 "$n" >"$SP_TMP/share" || sp_fail "share 0 $n: $(tail -n 1 "$SP_TMP/share")"
	say "nice $n pct=$(sp_kv share_pct "$(grep '^SHARE idx=0 ' "$SP_TMP/share")")"
done
share -t 10 -w 1 -c 0 0 0 0 0 >"$SP_TMP/share" || sp_fail "share 0 0 0 0: $(tail -n 1 "$SP_TMP/share")"
gap=$(awk '$1 == "SHARE" { for (i = 2; i <= NF; i++) if ($i ~ /^max_gap_ms=/) {
	v = substr($i, 12) + 0; if (v > m) m = v } } END { print m }' "$SP_TMP/share")
say "gap4 ms=$gap"

sp_hogs 4 6
sleep 1
wakelat -t 4 -p 5000 -w 200 -c 0 >"$SP_TMP/lat" || sp_fail "wakelat: $(cat "$SP_TMP/lat")"
sp_cleanup
line=$(grep '^WAKELAT' "$SP_TMP/lat")
say "sleeper mean_us=$(sp_kv mean_us "$line") p99_us=$(sp_kv p99_us "$line")"

for h in 0 2; do
	[ "$h" = 0 ] || { sp_hogs "$h" 4; sleep 0.5; }
	yieldstorm -t 3 >"$SP_TMP/ys" || sp_fail "yieldstorm: $(cat "$SP_TMP/ys")"
	sp_cleanup
	say "yield hogs=$h msgs_per_s=$(sp_kv msgs_per_s "$(grep '^YIELDSTORM' "$SP_TMP/ys")")"
done
sp_ok
