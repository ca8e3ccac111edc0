#!/usr/bin/env bash
# Build every policy directory (kernel/sched_*/ but sched_core) as an
# out-of-tree module against the built kernel alone (make -C OBJ M=DIR,
# with the directory's first Kconfig symbol set to m): proves each policy
# can be built =m and that <linux/sched_policy.h> and the exported helpers
# are all a policy needs.  Fails on a build error or any modpost
# "undefined" symbol.
# Usage: tests/host/oot_module.sh OBJ
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
obj=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

built=""
for src in "$top"/kernel/sched_*/; do
	name=$(basename "$src")
	[ "$name" != sched_core ] || continue
	sym=$(sed -n 's/^config //p' "$src/Kconfig" | head -n 1)
	cp -r "$src" "$work/$name"
	if ! out=$(make -C "$obj" M="$work/$name" CC="ccache gcc" "CONFIG_$sym=m" modules 2>&1); then
		echo "not ok: $name: module build failed"
		echo "$out" | tail -20
		exit 1
	fi
	if grep -E 'undefined!|ERROR:' <<<"$out"; then
		echo "not ok: $name: modpost reported unresolved symbols"
		exit 1
	fi
	ko=$(find "$work/$name" -maxdepth 1 -name '*.ko' -printf '%f\n' | head -n 1)
	[ -n "$ko" ] || { echo "not ok: $name: no .ko built"; exit 1; }
	built="$built $ko"
done
echo "ok: built against $obj with no undefined symbols:$built"
