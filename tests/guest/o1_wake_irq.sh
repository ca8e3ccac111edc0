#!/bin/sh
# o1_wake_irq: 2.6.22's try_to_wake_up() asked in_interrupt() on the
# waker's CPU to class a wakeup: a task's (SLEEP_INTERACTIVE: 30% of the
# wait on the run queue credited at the pick) or an interrupt's
# (SLEEP_INTERRUPTED: all of it).  6.12 activates a wakeup towards an
# idle CPU, or one on another cache, from that CPU's wake list, in its
# IPI, so asking there counted every such task wakeup as an interrupt's.
# Patch 0009 keeps the waker's answer (SP_ENQ_IRQ).  Read from o1's
# sched_o1_wakeup trace event:
#  1. pingpong with its two tasks on CPU 0 and the last CPU: every
#     wakeup is a task's, from another CPU, to an idle one; want >= 90%
#     of the wakeups sleep_type=interactive (asking the IPI: 0-2%);
#  2. a 5 ms periodic sleeper on CPU 1, woken by its own hrtimer in
#     hardirq: want >= 90% sleep_type=interrupted.
# Asserts o1's trace event (n/a in cross runs); needs 2 CPUs.
# sptest: boot=2llc (its own run also in tests/run's P/2llc boot)
T=o1_wake_irq
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

sp_policy_test o1
sp_needs_cpus 2
sp_cross_na "asserts o1's sched_o1_wakeup trace event"
sp_llc_check 0 1
EV=sched_o1/sched_o1_wakeup

# traced COMM CMD...: runs CMD with the event on, keeps COMM's events in
# $SP_TMP/ev and sets N (their count) and PCT_<type> for each sleep type
traced() {
	_comm=$1
	shift
	sp_trace_start "$EV"
	"$@" >"$SP_TMP/out" 2>&1 || sp_fail "$1 failed: $(cat "$SP_TMP/out")"
	sp_trace_stop "$EV" "sched_o1_wakeup: comm=$_comm " "$SP_TMP/ev"
	cat "$SP_TMP/out"
	tail -n 1 "$SP_TMP/ev"
	N=$(wc -l <"$SP_TMP/ev")
	[ "$N" -gt 100 ] || sp_fail "only $N sched_o1_wakeup events for $_comm"
	PCT_interactive=$(sp_calc "100 * $(grep -c 'sleep_type=interactive' "$SP_TMP/ev") / $N")
	PCT_interrupted=$(sp_calc "100 * $(grep -c 'sleep_type=interrupted' "$SP_TMP/ev") / $N")
}

traced pingpong pingpong -t 2 -p 1 -c
d="llc=$SP_LLC pingpong_wakeups=$N interactive_pct=$PCT_interactive interrupted_pct=$PCT_interrupted"
sp_true "$PCT_interactive >= 90" ||
	sp_fail "$d (want interactive >= 90%: a task woke them, on another CPU)"
traced wakelat wakelat -t 2 -p 5000 -w 200 -c 1 -l timer
d="$d timer_wakeups=$N timer_interrupted_pct=$PCT_interrupted"
sp_true "$PCT_interrupted >= 90" ||
	sp_fail "$d (want timer interrupted >= 90%: their hrtimer woke them)"
sp_ok "$d (want pingpong interactive >= 90%, timer interrupted >= 90%)"
