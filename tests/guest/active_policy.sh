#!/bin/sh
# active_policy: /sys/kernel/sched_policy/active is the expected policy, it is
# listed in "available", "active" is writable by root only (mode 644) and
# the boot log names it.
T=active_policy
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

[ -d "$SP" ] || sp_fail "$SP does not exist (expected $SPTEST_EXPECT)"
[ -r "$SP/active" ] || sp_fail "$SP/active missing"
[ -r "$SP/available" ] || sp_fail "$SP/available missing"
active=$(cat "$SP/active")
# normalise whitespace
available=$(tr -s ' \t\n' '   ' <"$SP/available" | sed 's/^ //; s/ $//')
mode=$(stat -c %a "$SP/active")

[ "$active" = "$SPTEST_EXPECT" ] ||
	sp_fail "active='$active' expected='$SPTEST_EXPECT' available='$available'"
case " $available " in
*" $active "*) ;;
*) sp_fail "active='$active' not in available='$available'" ;;
esac
case " $available " in
*" eevdf "*) ;;
*) sp_fail "eevdf not in available='$available'" ;;
esac
[ "$mode" = 644 ] || sp_fail "active has mode $mode, expected 644 (root may switch)"
n=$(dmesg | sed 's/^\[[^]]*\] *//' | grep -c "^sched_policy: active policy: $active\$")
[ "$n" -ge 1 ] ||
	sp_fail "no 'sched_policy: active policy: $active' line in dmesg (active='$active')"
sp_ok "active=$active expected=$SPTEST_EXPECT available='$available' mode=$mode boot_log_lines=$n"
