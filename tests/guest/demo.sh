#!/bin/sh
# demo (for "make run", not a test): show the active policy, the available
# ones, and the active policy's stats around a 2 s load of 4 hogs.
T=demo
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

pol=$(sp_active)
echo "demo: active policy:     $(cat "$SP/active" 2>/dev/null || echo "(no $SP/active)")"
echo "demo: available:         $(cat "$SP/available" 2>/dev/null || echo "(no $SP/available)")"
[ -r "$TS_FILE" ] && echo "demo: rr timeslice_ms:   $(cat "$TS_FILE")"
F=$SP/$pol/stats
show_stats() {
	if [ "$pol" = eevdf ]; then
		echo "demo: eevdf has no policy-class stats"
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
