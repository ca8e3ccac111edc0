#!/usr/bin/env bash
# The compare harness's own tests: console parsing, the run matrix,
# statistics (median, spread, ratio) and the report (bench/compare/test_*.py).
set -euo pipefail

cd "$(dirname "$0")/../../bench/compare"
out=$(python3 -m unittest discover -s . -p 'test_*.py' 2>&1) || {
	echo "$out"
	echo "not ok: compare unit tests failed"
	exit 1
}
echo "$out" | tail -n 4
echo "ok: compare unit tests: $(echo "$out" | sed -n 's/^Ran \([0-9]*\) tests.*/\1/p') passed"
