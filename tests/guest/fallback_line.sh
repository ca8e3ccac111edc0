#!/bin/sh
# fallback_line: booted with a sched_policy=NAME that is no policy, the
# kernel logs exactly one fallback line that names the available
# policies, and runs eevdf.  The line starts
#   "sched_policy: unknown policy 'NAME'"   for a well-formed name, or
#   "sched_policy: bad policy name 'NAME'"  with sptest.fallback=bad, for
#                                           an empty, too long (logged as
#                                           its first 63 characters and
#                                           "...") or ill-formed name.
# NAME is the last sched_policy= word, as the kernel takes the last one;
# with more than one there is also one "given N times" line.
T=fallback_line
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

name=$SPTEST_POLICY
what="unknown policy"
if [ "$(sp_cmdline sptest.fallback)" = bad ]; then
	what="bad policy name"
	[ "${#name}" -lt 64 ] || name="$(echo "$name" | cut -c1-63)..."
else
	[ -n "$name" ] || sp_fail "no sched_policy= on the command line"
fi
dmesg | sed 's/^\[[^]]*\] *//' >"$SP_TMP/dmesg"
grep -F "sched_policy: $what '$name' (available: " "$SP_TMP/dmesg" >"$SP_TMP/lines" || true
n=$(wc -l <"$SP_TMP/lines")
[ "$n" -eq 1 ] ||
	sp_fail "found $n lines starting \"sched_policy: $what '$name'\", expected exactly 1"
line=$(cat "$SP_TMP/lines")
nwarn=$(grep -c "^sched_policy: \(unknown policy\|bad policy name\) " "$SP_TMP/dmesg" || true)
[ "$nwarn" -eq 1 ] || sp_fail "$nwarn fallback lines in dmesg, expected 1"
given=$(tr ' ' '\n' </proc/cmdline | grep -c '^sched_policy\(=\|$\)' || true)
if [ "$given" -gt 1 ]; then
	grep -q "^sched_policy: sched_policy= given $given times, the last one counts\$" \
		"$SP_TMP/dmesg" || sp_fail "no 'given $given times' line"
fi
[ -r "$SP/active" ] || sp_fail "$SP/active missing"
active=$(cat "$SP/active")
[ "$active" = eevdf ] || sp_fail "active='$active' after $what '$name', expected eevdf"
for p in $(tr -s ' \t\n' '   ' <"$SP/available"); do
	case "$line" in
	*"$p"*) ;;
	*) sp_fail "fallback line does not name available policy '$p': $line" ;;
	esac
done
grep -q "^sched_policy: active policy: eevdf\$" "$SP_TMP/dmesg" ||
	sp_fail "no 'sched_policy: active policy: eevdf' line in dmesg"
sp_ok "lines=1 given=$given active=$active line=\"$line\""
