#!/usr/bin/env bash
# Style gates: checkpatch (kernel style) on our kernel C and headers,
# and the shell linter on our scripts.  Usage: tests/host/style.sh TREE
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
tree=$1
cd "$top"

bad=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# the shell linter in the background, beside checkpatch
mapfile -t scripts < <(grep -rlE '^#!.*(bash|/sh)$' boot tests bench sim .ci 2>/dev/null | sort)
{
	rc=0
	shellcheck -x "${scripts[@]}" >"$work/shellcheck" 2>&1 || rc=$?
	echo "$rc" >"$work/shellcheck.rc"
} &

# checkpatch on each file, two at a time beside it; a clean file prints nothing
# (-q) or only its totals line
out=$(find kernel include sysfs tests/modules sim -path sim/include -prune -o \
	-name '*.[ch]' -print | sort |
	xargs -r -P 2 -n 1 "$tree/scripts/checkpatch.pl" --no-tree -q --terse -f 2>&1 || true)
# sim/include is left out: its shims define the kernel's own macros
# (likely(), container_of(), ...), which checkpatch flags in any file.
if grep -v '^total: 0 errors, 0 warnings' <<<"$out" | grep -q .; then
	grep -v '^total:' <<<"$out" || true
	bad=1
fi

wait
cat "$work/shellcheck"
if [ "$(cat "$work/shellcheck.rc")" != 0 ]; then
	bad=1
fi
if [ "$bad" -ne 0 ]; then
	echo "not ok: style problems above"
	exit 1
fi
echo "ok: checkpatch and shellcheck clean"
