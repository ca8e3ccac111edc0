#!/usr/bin/env bash
# Style gates: checkpatch (kernel style) on our kernel C and headers,
# and the shell linter on our scripts.  Usage: tests/host/style.sh TREE
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
tree=$1
cd "$top"

bad=0
while IFS= read -r f; do
	out=$("$tree/scripts/checkpatch.pl" --no-tree -q --terse -f "$f" 2>&1 || true)
	if ! grep -q 'total: 0 errors, 0 warnings' <<<"$out" && [ -n "$out" ]; then
		echo "$out" | grep -v '^total:' || true
		bad=1
	fi
done < <(find kernel include sysfs tests/modules sim -path sim/include -prune -o \
	-name '*.[ch]' -print | sort)
# sim/include is left out: its shims define the kernel's own macros
# (likely(), container_of(), ...), which checkpatch flags in any file.

mapfile -t scripts < <(grep -rlE '^#!.*(bash|/sh)$' boot tests bench sim .ci 2>/dev/null | sort)
if ! shellcheck -x "${scripts[@]}"; then
	bad=1
fi
if [ "$bad" -ne 0 ]; then
	echo "not ok: style problems above"
	exit 1
fi
echo "ok: checkpatch and shellcheck clean"
