#!/bin/sh
# boot_autoload: sched_policy=example names a policy that exists only as
# a module in the initramfs.  The boot falls back to eevdf (one log
# line, as for any unknown name), then the kernel loads
# sched-policy-example once userspace can run modprobe and switches to
# it: within 20 s of boot "example" must be active and the kernel log
# must say so.
T=boot_autoload
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

i=0
while [ "$(sp_active)" != example ] && [ $i -lt 200 ]; do
	sleep 0.1
	i=$((i + 1))
done
now=$(sp_active)
up=$(sp_uptime)
[ "$now" = example ] || sp_fail "active is '$now' at uptime $up, expected example"
dmesg | grep -q "sched_policy: boot policy 'example' loaded as a module and active" ||
	sp_fail "no 'boot policy loaded' line in the kernel log"
n=$(dmesg | grep -c "sched_policy: unknown policy 'example'")
[ "$n" -eq 1 ] || sp_fail "$n fallback lines for 'example', expected 1"
sp_ok "active=$now at_uptime=$up fallback_lines=$n"
