#!/bin/sh
# fallback_line: booted with an unknown sched_policy=NAME, the kernel logs
# exactly one "sched_policy: unknown policy 'NAME'" line that names the
# available policies, and runs eevdf.
T=fallback_line
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

name=$SPTEST_POLICY
[ -n "$name" ] || sp_fail "no sched_policy= on the command line"
dmesg | sed 's/^\[[^]]*\] *//' >"$SP_TMP/dmesg"
grep "^sched_policy: unknown policy '$name'" "$SP_TMP/dmesg" >"$SP_TMP/lines"
n=$(wc -l <"$SP_TMP/lines")
[ "$n" -eq 1 ] ||
	sp_fail "found $n lines starting \"sched_policy: unknown policy '$name'\", expected exactly 1"
line=$(cat "$SP_TMP/lines")
[ -r "$SP/active" ] || sp_fail "$SP/active missing"
active=$(cat "$SP/active")
[ "$active" = eevdf ] || sp_fail "active='$active' after unknown policy '$name', expected eevdf"
for p in $(tr -s ' \t\n' '   ' <"$SP/available"); do
	case "$line" in
	*"$p"*) ;;
	*) sp_fail "unknown-policy line does not name available policy '$p': $line" ;;
	esac
done
grep -q "^sched_policy: active policy: eevdf\$" "$SP_TMP/dmesg" ||
	sp_fail "no 'sched_policy: active policy: eevdf' line in dmesg"
sp_ok "lines=1 active=$active line=\"$line\""
