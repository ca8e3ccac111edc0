#!/bin/sh
# sysfs_bad_write: bad timeslice_ms writes fail with EINVAL and leave the
# value unchanged; good values are accepted and read back; "active"
# refuses names no policy has (EINVAL, active unchanged).
T=sysfs_bad_write
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

[ -e "$TS_FILE" ] || sp_fail "$TS_FILE missing"
orig=$(cat "$TS_FILE") || sp_fail "cannot read $TS_FILE"
case "$orig" in
'' | *[!0-9]*) sp_fail "$TS_FILE reads '$orig', not an integer" ;;
esac
mode=$(stat -c %a "$TS_FILE")
[ "$mode" = 644 ] || sp_fail "$TS_FILE has mode $mode, expected 644"

# fail, but put the original value back first
fail() {
	sysfswrite "$TS_FILE" "$orig" >/dev/null 2>&1
	sp_fail "$@"
}

checked=0
# bad VALUE [SYSFSWRITE_OPTIONS]: writing VALUE must fail with EINVAL and
# leave the value unchanged
bad() {
	v=$1
	shift
	out=$(sysfswrite "$@" -- "$TS_FILE" "$v" 2>&1)
	rc=$?
	shown=$(printf '%s' "$v" | cut -c1-20)
	echo "  write '$shown' $*: ${out#*: }"
	[ $rc -ne 0 ] || fail "bad write '$shown' $* was accepted (${out#*: })"
	case "$out" in
	*"errno=EINVAL"*) ;;
	*) fail "bad write '$shown' $* failed without EINVAL: $out" ;;
	esac
	now=$(cat "$TS_FILE")
	[ "$now" = "$orig" ] || fail "value changed to '$now' (was '$orig') by bad write '$shown' $*"
	checked=$((checked + 1))
}
bad ""                     # empty line, what "echo > file" writes
bad abc
bad -1
bad 0
bad 1001
bad 7abc
bad " 7 x"
bad 99999999999999999999
bad 4294967303             # 2^32 + 7: must not wrap to 7
bad abc -n                 # without the newline
bad 0 -n
bad 1 -r 64                # 64 digits
bad 1 -r 5000              # longer than a page

good() {
	out=$(sysfswrite -- "$TS_FILE" "$1" 2>&1) || fail "good write '$1' rejected: $out"
	now=$(cat "$TS_FILE")
	[ "$now" = "$1" ] || fail "wrote '$1', read back '$now'"
}
good 7
good 1
good 1000
good "$orig"

act=$(sp_active)
for name in nonsense "" "rr rr" "$(printf 'r\001r')" EEVDF; do
	out=$(sysfswrite -- "$SP/active" "$name" 2>&1) && fail "writing '$name' to $SP/active succeeded: $out"
	case "$out" in
	*errno=EINVAL*) ;;
	*) fail "writing '$name' to $SP/active: $out (want EINVAL)" ;;
	esac
	[ "$(sp_active)" = "$act" ] || fail "active changed to $(sp_active) after writing '$name'"
done
echo "  write active: $out"
sp_ok "orig=$orig rejected=$checked accepted='7 1 1000' restored=$(cat "$TS_FILE") active_write='${out#*: }' active=$act"
