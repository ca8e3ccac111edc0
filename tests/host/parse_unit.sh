#!/usr/bin/env bash
# tests/parse_sptest.awk on made-up serial logs: verdicts, missing and
# double verdicts, cross runs, and kernel messages printed into the middle
# of an SPTEST line (seen in make test: "SPTEST: begin active_policy[
# 1.738084] tsc: ..." once read as a test "active_policy[" without a
# verdict).
set -euo pipefail

awk_prog=$(dirname "$0")/../parse_sptest.awk
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
nok=0

# check NAME EXPECTED_OUTPUT CROSS TESTS: parse $tmp/log (boot "b", exit 0)
check() {
	local name=$1 want=$2 cross=$3 tests=$4 got
	got=$(awk -v id=b -v expected="$tests" -v status="boot completed" \
		-v qrc=0 -v splat_re='WARNING:|BUG:' -v wd_re='watchdog: ' \
		-v wd_expect='^wd$' -v cross="$cross" -f "$awk_prog" "$tmp/log")
	if [ "$got" != "$want" ]; then
		printf 'not ok: %s\n--- want\n%s\n--- got\n%s\n' "$name" "$want" "$got"
		exit 1
	fi
	nok=$((nok + 1))
}

T=$'\t'
cat >"$tmp/log" <<'LOG'
[    0.100000] Linux version 6.12
SPTEST: begin a[    1.738084] tsc: Refined TSC clocksource calibration
SPTEST: ok a active=eevdf
SPTEST: begin b2
SPTEST: ok b2 run1=[48.7 53.6] x[    2.000001] clocksource: switched
SPTEST: begin c
SPTEST: not ok c too slow
SPTEST: done
LOG
check "kernel text inside a begin and an ok line" \
"PASS${T}b/a${T}active=eevdf
PASS${T}b/b2${T}run1=[48.7 53.6] x
FAIL${T}b/c${T}too slow
PASS${T}b/boot${T}boot completed" "" "a b2 c"

cat >"$tmp/log" <<'LOG'
SPTEST: begin a[    1.000000] WARNING: CPU: 0 PID: 1 at kernel/x.c:1
SPTEST: ok a fine
SPTEST: begin b
SPTEST: ok b fine[    2.000000] BUG: scheduling while atomic
SPTEST: done
LOG
check "a splat inside a begin or an ok line fails that test" \
"FAIL${T}b/a${T}kernel splat during test: WARNING: CPU: 0 PID: 1 at kernel/x.c:1
FAIL${T}b/b${T}kernel splat during test: BUG: scheduling while atomic
PASS${T}b/boot${T}boot completed" "" "a b"

cat >"$tmp/log" <<'LOG'
[    0.100000] Linux version 6.12
SPTEST: begin a
SPTEST: ok a one
SPTEST: ok a two
SPTEST: begin x
SPTEST: not ok x differs here
SPTEST: begin y
SPTEST: ok y cross=n/a nothing to assert
LOG
check "no verdict, two verdicts, cross runs, no done" \
"FAIL${T}b/a${T}2 verdicts, expected one
FAIL${T}b/m${T}no verdict (boot completed)
XFAIL${T}b/cross/x${T}differs here
XNA${T}b/cross/y${T}cross=n/a nothing to assert
FAIL${T}b/boot${T}boot completed; last kernel line: Linux version 6.12" "x y" "a m"

echo "ok: $nok parser checks"
