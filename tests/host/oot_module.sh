#!/usr/bin/env bash
# Build the rr policy as an out-of-tree module against the built kernel
# alone (make -C OBJ M=DIR): proves <linux/sched_policy.h> and the exported
# helpers are all a policy needs.  Fails on any modpost "undefined" symbol.
# Usage: tests/host/oot_module.sh OBJ
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
obj=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

cp "$top"/kernel/sched_rr/rr.c "$top"/kernel/sched_rr/rr_test.c "$dir"/
echo 'obj-m := sched_rr_oot.o
sched_rr_oot-y := rr.o' > "$dir/Kbuild"

if ! out=$(make -C "$obj" M="$dir" CC="ccache gcc" modules 2>&1); then
	echo "not ok: module build failed"
	echo "$out" | tail -20
	exit 1
fi
if grep -E 'undefined!|ERROR:' <<<"$out"; then
	echo "not ok: modpost reported unresolved symbols"
	exit 1
fi
[ -f "$dir/sched_rr_oot.ko" ] || { echo "not ok: no sched_rr_oot.ko"; exit 1; }
echo "ok: sched_rr_oot.ko built against $obj, no undefined symbols"
