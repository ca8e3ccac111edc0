#!/usr/bin/env bash
# Build the rr and cfs policies as out-of-tree modules against the built
# kernel alone (make -C OBJ M=DIR): proves <linux/sched_policy.h> and the
# exported helpers are all a policy needs.  Fails on any modpost
# "undefined" symbol.
# Usage: tests/host/oot_module.sh OBJ
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
obj=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

built=""
for p in rr cfs; do
	mkdir -p "$dir/$p"
	cp "$top"/kernel/sched_$p/*.c "$dir/$p"/
	printf 'obj-m := sched_%s_oot.o\nsched_%s_oot-y := %s.o\n' "$p" "$p" "$p" >"$dir/$p/Kbuild"
	if ! out=$(make -C "$obj" M="$dir/$p" CC="ccache gcc" modules 2>&1); then
		echo "not ok: $p module build failed"
		echo "$out" | tail -20
		exit 1
	fi
	if grep -E 'undefined!|ERROR:' <<<"$out"; then
		echo "not ok: modpost reported unresolved symbols for $p"
		exit 1
	fi
	[ -f "$dir/$p/sched_${p}_oot.ko" ] || { echo "not ok: no sched_${p}_oot.ko"; exit 1; }
	built="$built sched_${p}_oot.ko"
done
echo "ok:$built built against $obj, no undefined symbols"
