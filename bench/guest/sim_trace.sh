#!/bin/sh
# The guest side of sim/record-trace: runs one shell command with the
# scheduler's sched_switch, sched_wakeup and sched_wakeup_new trace events
# on, then prints the trace between "SIMTRACE begin" and "SIMTRACE end"
# lines on the console.  The command comes from QEMU's fw_cfg
# (opt/simtrace/cmd), or from the file named by simtrace.cmd= on the
# kernel command line.  Installed as /tests/sim_trace.sh; run by /init
# with sptests=sim_trace.
T=sim_trace
# shellcheck source=tests/guest/lib.sh
. "${SPTEST_LIB:-/tests/lib.sh}"

TR=/sys/kernel/tracing
EVENTS="sched_switch sched_wakeup sched_wakeup_new"

sp_begin
cmdfile=$(sp_cmdline simtrace.cmd)
cmdfile=${cmdfile:-/sys/firmware/qemu_fw_cfg/by_name/opt/simtrace/cmd/raw}
[ -r "$cmdfile" ] || sp_fail "no command: $cmdfile not readable"
[ -d "$TR/events" ] || mount -t tracefs none "$TR" ||
	sp_fail "cannot mount tracefs on $TR"
echo 0 >"$TR/tracing_on"
echo 16384 >"$TR/buffer_size_kb" || sp_fail "cannot size the trace buffer"
: >"$TR/trace"
for e in $EVENTS; do
	echo 1 >"$TR/events/sched/$e/enable" || sp_fail "no event sched/$e"
done
echo 1 >"$TR/tracing_on"
sh "$cmdfile" >"$SP_TMP/out" 2>&1
rc=$?
echo 0 >"$TR/tracing_on"
for e in $EVENTS; do
	echo 0 >"$TR/events/sched/$e/enable"
done
sed 's/^/sim_trace: /' "$SP_TMP/out"
cat "$TR/trace" >"$SP_TMP/trace"
echo "SIMTRACE begin"
cat "$SP_TMP/trace"
echo "SIMTRACE end"
# "entries-in-buffer/entries-written: KEPT/WRITTEN": equal when none lost
counts=$(sed -n 's,.*entries-written: \([0-9]*/[0-9]*\).*,\1,p' "$SP_TMP/trace")
[ "${counts%/*}" = "${counts#*/}" ] ||
	sp_fail "the buffer dropped events ($counts kept/written); trace a shorter run"
[ "$rc" = 0 ] || sp_fail "the command exited with status $rc"
sp_ok "$counts events"
