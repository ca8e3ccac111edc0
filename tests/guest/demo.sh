#!/bin/sh
# demo (for "make run", not a test): show the active policy, the available
# ones, and the active policy's statistics around a 2 s load of 4 hogs.
T=demo
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

pol=$(sp_active)
echo "demo: active policy:     $(cat "$SP/active" 2>/dev/null || echo "(no $SP/active)")"
echo "demo: available:         $(cat "$SP/available" 2>/dev/null || echo "(no $SP/available)")"
[ -r "$TS_FILE" ] && echo "demo: rr timeslice_ms:   $(cat "$TS_FILE")"
F=$SP/$pol/stats
# eevdf is the kernel's fair class: its numbers come from the sched_info
# fields of /proc/schedstat (always counted, unlike the schedstats ones,
# which need kernel.sched_schedstats=1) and the context-switch count.
show_eevdf_stats() {
	echo "demo: eevdf is the kernel's own fair class; /proc/schedstat ($1):"
	echo "    context_switches $(awk '$1 == "ctxt" { print $2 }' /proc/stat)"
	[ -r /proc/schedstat ] || return 0
	awk '/^cpu[0-9]/ { printf "    %s run_ns=%s wait_ns=%s slices=%s\n", $1, $8, $9, $10 }' /proc/schedstat
}

show_stats() {
	if [ "$pol" = eevdf ]; then
		show_eevdf_stats "$1"
	elif [ -r "$F" ]; then
		echo "demo: $F ($1):"
		sed 's/^/    /' "$F"
	else
		echo "demo: $F missing"
	fi
}
show_stats before
echo "demo: running 4 hogs for 2 s"
for i in 1 2 3 4; do
	hog -t 2 -l demo$i &
	sp_track $!
done
for p in $SP_PIDS; do
	wait "$p"
done
SP_PIDS=""
show_stats after
sp_ok "policy=$pol"
