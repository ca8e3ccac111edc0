#!/bin/sh
# kexec_switch: boot/sched-switch restarts the kernel with another policy.
# Booted with sptest.kexec_to=TARGET (a policy other than the boot one) and
# the kernel image and initramfs as files "kernel" and "initrd" of a tar
# archive on /dev/vda (tests/run's kexec/2 boot).
#
# First boot (TARGET not active): the refusals - an unknown policy, a
# non-root caller, a missing kexec binary - each exit 1 with a message and
# load nothing; --dry-run prints the kexec command line with
# sched_policy=TARGET; then the real switch, with the initramfs extended by
# /kexec_from (this command line and the time), which must not return.
# Second boot (TARGET active, through the same init and sptests=): every
# word of the command line is the first boot's, sched_policy= replaced.
T=kexec_switch
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

read -r cmdline </proc/cmdline
target=$(sp_cmdline sptest.kexec_to)
[ -n "$target" ] || sp_fail "no sptest.kexec_to= on the command line"

# words of $1 except sched_policy=, one per line
other_words() {
	echo "$1" | tr ' ' '\n' | grep -v '^sched_policy=' | grep -v '^$'
}

second_boot() {
	[ -r /kexec_from ] || sp_fail "$target is active but there is no /kexec_from: not a kexec boot"
	from=$(sed -n 1p /kexec_from)
	t0=$(sed -n 2p /kexec_from)
	[ "$(other_words "$from")" = "$(other_words "$cmdline")" ] ||
		sp_fail "command line changed: was '$from', now '$cmdline'"
	n=$(echo "$cmdline" | tr ' ' '\n' | grep -c "^sched_policy=$target\$")
	[ "$n" = 1 ] || sp_fail "expected one sched_policy=$target in '$cmdline'"
	echo "$T: second boot: active $(sp_active), uptime $(sp_uptime) s at this test," \
		"$(($(date +%s) - t0)) s after kexec -e by the RTC (1 s resolution)"
	sp_ok "active=$target after kexec, command line otherwise unchanged"
}

# expect_refusal WHAT PATTERN CMD...: CMD must exit 1 saying PATTERN
expect_refusal() {
	what=$1 pat=$2
	shift 2
	out=$("$@" 2>&1)
	rc=$?
	[ "$rc" = 1 ] || sp_fail "$what: exit status $rc, expected 1 ($out)"
	echo "$out" | grep -q "$pat" || sp_fail "$what: no '$pat' in: $out"
	echo "$T: $what refused: $out"
	[ "$(cat /sys/kernel/kexec_loaded)" = 0 ] || sp_fail "$what: a kernel was loaded"
}

first_boot() {
	if ! tar -xf /dev/vda -C /tmp kernel initrd; then
		sp_fail "no kernel and initrd in a tar archive on /dev/vda"
	fi
	set -- --kernel /tmp/kernel --initrd /tmp/initrd
	expect_refusal "unknown policy" "not in this kernel" sched-switch "$@" nonsense
	expect_refusal "bad name" "bad policy name" sched-switch "$@" "o1;reboot"
	expect_refusal "non-root" "must be root" runas 1000 sched-switch "$@" "$target"
	expect_refusal "no kexec" "not found" env KEXEC=/nonexistent sched-switch "$@" "$target"
	dry=$(sched-switch "$@" --dry-run "$target" 2>&1) || sp_fail "--dry-run failed: $dry"
	echo "$T: $dry"
	echo "$dry" | grep -q "sched_policy=$target" || sp_fail "--dry-run: no sched_policy=$target"
	[ "$(cat /sys/kernel/kexec_loaded)" = 0 ] || sp_fail "--dry-run loaded a kernel"

	# the second kernel's initramfs: ours plus /kexec_from
	mkdir -p /tmp/extra
	printf '%s\n%s\n' "$cmdline" "$(date +%s)" >/tmp/extra/kexec_from
	# a second archive must start at a multiple of 4 bytes
	size=$(wc -c </tmp/initrd)
	head -c $(((4 - size % 4) % 4)) /dev/zero >>/tmp/initrd
	(cd /tmp/extra && echo kexec_from | cpio -o -H newc 2>/dev/null) >>/tmp/initrd ||
		sp_fail "cannot extend the initramfs"
	echo "$T: first boot: switching from $(sp_active) to $target at uptime $(sp_uptime) s"
	out=$(sched-switch "$@" "$target" 2>&1)
	sp_fail "sched-switch returned (exit $?): $out"
}

if [ "$(sp_active)" = "$target" ]; then
	second_boot
else
	first_boot
fi
