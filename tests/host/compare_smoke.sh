#!/usr/bin/env bash
# Smoke run of make compare: one short scenario (E1, the yield storm) under
# one policy (rr) on the given kernel and initramfs, then checks that the
# results folder has an ok record with numbers, the summary, the plot and
# the HTML page.  Usage: tests/host/compare_smoke.sh KERNEL INITRD OUTDIR
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
kernel=$1 initrd=$2 out=$3
rm -rf "$out"
rc=0
"$top/bench/compare/runner.py" --kernel "$kernel" --initrd "$initrd" \
	--out "$out" --policies rr --scenarios E1 --runs 1 --quick \
	--config "test kernel (smoke run)" || rc=$?
fail() {
	echo "not ok: $*"
	exit 1
}
[ "$rc" -eq 0 ] || fail "runner exit status $rc"
[ "$(wc -l <"$out/runs.jsonl")" -eq 1 ] || fail "expected 1 record in runs.jsonl"
python3 - "$out/runs.jsonl" <<'PY' || fail "bad record in runs.jsonl"
import json, sys
rec = json.loads(open(sys.argv[1]).readline())
assert rec['ok'] and rec['policy'] == 'rr' and rec['scenario'] == 'E1', rec
assert rec['metrics']['msgs_per_s'] > 0 and rec['metrics']['messages'] > 0, rec
assert rec['stats']['csw_per_s'] > 0, rec
assert rec['stats']['pick_ns'] > 0, rec
PY
grep -q '^## E1' "$out/summary.md" || fail "summary.md has no E1 section"
grep -q 'rr' "$out/summary.md" || fail "summary.md does not name rr"
grep -q '<svg' "$out/plots/E1.svg" || fail "no E1 plot"
grep -q 'plots/E1.svg' "$out/index.html" || fail "index.html does not show the plot"
echo "ok: E1 under rr: $(python3 -c "import json,sys; r=json.loads(open(sys.argv[1]).readline()); print(r['metrics']['msgs_per_s'], 'msgs/s')" "$out/runs.jsonl")"
