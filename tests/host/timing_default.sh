#!/usr/bin/env bash
# The core's hook timing (the *_ns statistics, /sys/kernel/sched_policy/
# timing) is off by default in the perf kernel, which make compare
# measures, and on in the test kernel, whose guest test stats_moving
# checks that the file reads 1 at boot and that with timing off the counts
# still move while no *_ns counter does.  Writes both flavours' .config with
# boot/make-config into a scratch directory and reads the option there.
# Usage: tests/host/timing_default.sh TREE
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
tree=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# configure FLAVOUR: its .config in $work/FLAVOUR, status in FLAVOUR.rc
configure() {
	rc=0
	"$top/boot/make-config" "$tree" "$work/$1" "$1" >"$work/$1.log" 2>&1 || rc=$?
	echo "$rc" >"$work/$1.rc"
}

# option FLAVOUR: the CONFIG_SCHED_POLICY_TIMING line of its .config
option() {
	if [ "$(cat "$work/$1.rc")" != 0 ]; then
		echo "not ok: boot/make-config $1 failed: $(tail -n 1 "$work/$1.log")"
		exit 1
	fi
	grep -E '^(# )?CONFIG_SCHED_POLICY_TIMING[= ]' "$work/$1/.config" || echo "(absent)"
}

# the two at once: each is a single-threaded make
configure perf &
configure test &
wait
perf=$(option perf) || { echo "$perf"; exit 1; }
test=$(option test) || { echo "$test"; exit 1; }
detail="perf: '$perf', test: '$test'"
if [ "$perf" != "# CONFIG_SCHED_POLICY_TIMING is not set" ]; then
	echo "not ok: the perf kernel times the hooks by default: $detail"
	exit 1
fi
if [ "$test" != "CONFIG_SCHED_POLICY_TIMING=y" ]; then
	echo "not ok: the test kernel does not time the hooks from boot: $detail"
	exit 1
fi
echo "ok: hook timing off by default in the perf kernel, on in the test kernel ($detail)"
