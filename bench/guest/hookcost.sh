#!/bin/sh
# hookcost: what the active policy's hooks cost in 1-vCPU pipe ping-pong,
# the per-hook table of the README ("What the layer costs").  SECS
# (sptest.hookcost_s=, default 2) of pingpong with the core's hook timing
# off, then SECS with it on, and two lines:
#   HOOKCOST POLICY off_per_sec=R on_per_sec=R2
#   COST hookcost enqueues=N enqueue_ns=X ... decisions=N decision_ns=X
# (calls on CPU 0 and mean nanoseconds per call, timing on; sp_cost_line).
# Boot it under icount, where a guest nanosecond is one instruction:
#   ACCEL=icount boot/qemu-run --kernel build/obj-perf/arch/x86/boot/bzImage \
#     --initrd build/compare/initramfs.cpio.gz --cpus 1 --policy o1 \
#     --append sptests=hookcost --timeout 300 --log hookcost-o1.log
T=hookcost
# shellcheck source=tests/guest/lib.sh
. "${SPTEST_LIB:-/tests/lib.sh}"
sp_begin

pol=$(sp_active)
[ "$pol" != eevdf ] || sp_fail "eevdf has no hook counters"
secs=$(sp_cmdline sptest.hookcost_s 2)
f=$SP/$pol/stats
read -r timing <"$SP/timing" || sp_fail "no $SP/timing"

# rate TIMING: pingpong's round trips per second with hook timing TIMING
rate() {
	echo "$1" >"$SP/timing" || sp_fail "cannot write $SP/timing"
	pingpong -t "$secs" -p 1 >"$SP_TMP/pp" || sp_fail "pingpong: $(tail -n 1 "$SP_TMP/pp")"
	sp_kv per_sec "$(grep '^PINGPONG ' "$SP_TMP/pp")"
}

off=$(rate 0)
c0=$(sp_cost_snap "$f" 0)
on=$(rate 1)
c1=$(sp_cost_snap "$f" 0)
echo "$timing" >"$SP/timing"
echo "HOOKCOST $pol off_per_sec=$off on_per_sec=$on"
sp_cost_line hookcost 0 "$c0 | $c1 | $c0 | $c1" || sp_fail "no hook calls counted"
sp_ok "policy=$pol off_per_sec=$off on_per_sec=$on"
