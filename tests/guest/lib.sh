# shellcheck shell=sh
# Helpers shared by the guest tests (sourced, not a test itself).
#
# A test sets T=name, sources this file, calls sp_begin, and ends with
# exactly one sp_ok / sp_fail (both exit the script).
#
# Environment provided by /init:
#   SPTEST_EXPECT  expected active policy (sptest.expect=, sched_policy=, eevdf)
#   SPTEST_POLICY  the sched_policy= value from the cmdline ("" if none)
#   SPTEST_NCPUS   number of online CPUs
#   SPTEST_CROSS   1 when a test of another policy runs under this one
#                  (sptest.cross=, tests/run's signature table)

SP=/sys/kernel/sched_policy
# shellcheck disable=SC2034 # used by the tests
TS_FILE=$SP/rr/tunables/timeslice_ms
: "${SPTEST_EXPECT:=eevdf}"
: "${SPTEST_POLICY:=}"
: "${SPTEST_NCPUS:=$(grep -c '^processor' /proc/cpuinfo)}"
SP_PIDS=""
SP_RESTORE=""
SP_TMP=/tmp/sptest.${T:?T must be set before sourcing lib.sh}
mkdir -p "$SP_TMP"

sp_begin() {
	echo "SPTEST: begin $T"
}

# sp_policy_test POLICY: this is a test of POLICY's own behaviour
# (tests/guest/POLICY_*.sh).  It fails unless POLICY is active - except in
# a cross run (SPTEST_CROSS=1), where it runs under another policy to show
# that it fails there; then sp_own is false and the test leaves out what
# only POLICY has (its tunables and counters).
sp_policy_test() {
	[ "${SPTEST_CROSS:-0}" = 1 ] && return 0
	[ "$(sp_active)" = "$1" ] || sp_fail "active policy is $(sp_active), not $1"
}

sp_own() {
	[ "${SPTEST_CROSS:-0}" != 1 ]
}

# sp_cross_na WHY: in a cross run, a test that asserts nothing but its
# policy's own counters or tunables ends here, recorded as n/a
sp_cross_na() {
	sp_own || sp_ok "cross=n/a $*"
}

# sp_needs_cpus N: a test that needs N CPUs passes as skipped with fewer
# (n/a in a cross run)
sp_needs_cpus() {
	if [ "$SPTEST_NCPUS" -lt "$1" ]; then
		sp_cross_na "needs $1 CPUs, have $SPTEST_NCPUS"
		sp_ok "skipped: needs $1 CPUs, have $SPTEST_NCPUS"
	fi
}

# kill every background helper we started (hogs etc.)
sp_cleanup() {
	for p in $SP_PIDS; do
		kill -KILL "$p" 2>/dev/null
	done
	for p in $SP_PIDS; do
		wait "$p" 2>/dev/null
	done
	SP_PIDS=""
	# tunables back to what they were, the last one set first
	for kv in $SP_RESTORE; do
		echo "${kv#*=}" >"${kv%%=*}" ||
			echo "$T: could not restore ${kv%%=*}"
	done
	SP_RESTORE=""
}

# sp_set_tunable POLICY NAME VALUE: write a tunable of POLICY; sp_cleanup
# (sp_ok, sp_fail) puts the old value back.  Fails if the write fails.
sp_set_tunable() {
	_f=$SP/$1/tunables/$2
	_old=$(cat "$_f") || return 1
	SP_RESTORE="$_f=$_old $SP_RESTORE"
	echo "$3" >"$_f"
}

sp_ok() {
	sp_cleanup
	echo "SPTEST: ok $T $*"
	exit 0
}

sp_fail() {
	sp_cleanup
	echo "SPTEST: not ok $T $*"
	exit 0
}

# remember a background pid for cleanup
sp_track() {
	SP_PIDS="$SP_PIDS $1"
}

# seconds since boot, with fractions
sp_uptime() {
	cut -d' ' -f1 /proc/uptime
}

# sp_calc EXPR: print the value of an awk expression (floating point)
sp_calc() {
	awk "BEGIN { printf \"%.3f\", $1 }"
}

# sp_true EXPR: exit status 0 if the awk expression is true
sp_true() {
	awk "BEGIN { exit !($1) }"
}

# sp_wait_left POLICY SECS: wait while POLICY is active, at most SECS s
sp_wait_left() {
	_i=0
	while [ "$(sp_active)" = "$1" ] && [ $_i -lt $(($2 * 10)) ]; do
		sleep 0.1
		_i=$((_i + 1))
	done
}

# sp_log_ts LINE: the timestamp (seconds) of a kernel log line "[ 1.5] ..."
sp_log_ts() {
	echo "$1" | sed -n 's/^\[ *\([0-9.]*\)\].*/\1/p'
}

# sp_broken_begin WATCHDOG_MS [ARGS...]: load the test policy sched_broken
# with module ARGS, set the stall watchdog's timeout (0: off) and mark the
# kernel log (sp_kmsg_mark); sp_broken_end undoes it
sp_broken_begin() {
	SP_WD_OLD=$(cat "$SP/watchdog_timeout_ms")
	SP_START=$(sp_active)
	_wd=$1
	shift
	insmod /modules/sched_broken.ko "$@" || sp_fail "insmod sched_broken.ko $* failed"
	echo "$_wd" >"$SP/watchdog_timeout_ms" || sp_fail "cannot set the watchdog timeout to $_wd"
	sp_kmsg_mark
}

# sp_broken_switch: switch to broken, then wait (at most 15 s) until the
# machine has left it; sets SP_BACK_S (seconds from the switch to then)
# and SP_NOW (the active policy then)
sp_broken_switch() {
	_t0=$(sp_uptime)
	echo broken >"$SP/active" || sp_fail "cannot switch to broken"
	sp_wait_left broken 15
	# shellcheck disable=SC2034 # read by the tests
	SP_BACK_S=$(sp_calc "$(sp_uptime) - $_t0")
	SP_NOW=$(sp_active)
}

# sp_broken_end: the watchdog timeout back; fails unless eevdf took over;
# the policy of the start back, sched_broken unloaded
sp_broken_end() {
	echo "$SP_WD_OLD" >"$SP/watchdog_timeout_ms"
	[ "$SP_NOW" = eevdf ] || sp_fail "still '$SP_NOW' after 15 s"
	[ "$SP_START" = eevdf ] || echo "$SP_START" >"$SP/active"
	rmmod sched_broken || sp_fail "rmmod sched_broken failed"
}

# sp_log_gap WHAT RE: find the last kernel log line since sp_kmsg_mark
# that matches RE (named WHAT in the failure message) and the last
# "switched from broken to eevdf" line; fails if either is missing, else
# sets SP_GAP_FROM (the first line) and SP_GAP_MS (milliseconds between)
sp_log_gap() {
	sp_dmesg_since >"$SP_TMP/log"
	SP_GAP_FROM=$(grep "$2" "$SP_TMP/log" | tail -n 1)
	_to=$(grep 'sched_policy: switched from broken to eevdf' "$SP_TMP/log" | tail -n 1)
	[ -n "$SP_GAP_FROM" ] || sp_fail "no $1 line in the kernel log"
	[ -n "$_to" ] || sp_fail "no 'switched from broken to eevdf' line in the kernel log"
	# shellcheck disable=SC2034 # read by the tests
	SP_GAP_MS=$(sp_calc "($(sp_log_ts "$_to") - $(sp_log_ts "$SP_GAP_FROM")) * 1000")
}

# sp_kv KEY LINE: the value of KEY=value in a line of key=value words
sp_kv() {
	echo "$2" | tr ' ' '\n' | sed -n "s/^$1=//p" | head -n 1
}

# sp_share_moves FILE: the times share's children in FILE moved between
# CPUs during the window, summed (se.nr_migrations); returns 1 when the
# kernel does not count them (no CONFIG_SCHED_DEBUG)
sp_share_moves() {
	grep '^SHARE idx=' "$1" |
		sed -n 's/.* migrations=\(-*[0-9]*\)$/\1/p' |
		awk '$1 < 0 { bad = 1 } { n++; s += $1 }
		     END { if (bad || !n) exit 1; print s }'
}

# sp_cmdline KEY [DEFAULT]: the value of the word KEY=value on the kernel
# command line (the last one when KEY is there twice, as the kernel and
# /init read it), or DEFAULT when there is none or it is empty
sp_cmdline() {
	_v=$(sp_kv "$1" "$(awk '{ for (i = NF; i > 0; i--) print $i }' /proc/cmdline)")
	echo "${_v:-${2-}}"
}

# the active policy name, or "eevdf" on a kernel without the policy class
sp_active() {
	if [ -r "$SP/active" ]; then
		cat "$SP/active"
	else
		echo eevdf
	fi
}

# sp_stat_total FILE COUNTER: TOTAL column of COUNTER in a stats file
sp_stat_total() {
	awk -v c="$2" '$1 == c { print $2; found = 1 } END { if (!found) print "missing" }' "$1"
}

# sp_stat_cpu FILE COUNTER CPU: COUNTER's column for CPU in a stats file
sp_stat_cpu() {
	awk -v c="$2" -v col="cpu$3" '
	NR == 1 { for (i = 1; i <= NF; i++) if ($i == col) k = i }
	$1 == c && k { print $k; found = 1 }
	END { if (!found) print "missing" }' "$1"
}

# The hooks the core times: "hook:count" pairs of the stats file, the
# time counter of each being HOOK_ns.
SP_COST_HOOKS="enqueue:enqueues dequeue:dequeues pick:picks put_prev:put_prevs set_next:set_nexts balance:balances decision:decisions"

# sp_cost_snap FILE CPU: "COUNTER=VALUE ..." of the timed hooks on CPU
sp_cost_snap() {
	awk -v hooks="$SP_COST_HOOKS" -v col="cpu$2" '
	BEGIN {
		n = split(hooks, h, " ")
		for (i = 1; i <= n; i++) {
			split(h[i], pair, ":")
			want[pair[1] "_ns"] = 1
			want[pair[2]] = 1
		}
	}
	NR == 1 { for (i = 1; i <= NF; i++) if ($i == col) k = i }
	k && ($1 in want) { printf "%s=%s ", $1, $k }' "$1"
}

# sp_cost_window N CPU SECS FILE STATS: N pinned hogs on CPU for SECS
# (manyhogs -r) from a subshell on the last CPU, which writes to FILE the
# timed hooks' counters on CPU (read from the policy's STATS file) twice
# while all N are runnable: a fifth and nine tenths of SECS after their
# release.  Exit status: manyhogs's.
sp_cost_window() (
	taskset -p -c "$((SPTEST_NCPUS - 1))" "$(sh -c 'echo $PPID')" >/dev/null || exit 1
	_rdy=$SP_TMP/cost.ready
	rm -f "$_rdy"
	manyhogs -t "$3" -c "$2" -r "$_rdy" "$1" &
	_pid=$!
	while [ ! -e "$_rdy" ] && kill -0 "$_pid" 2>/dev/null; do
		sleep 0.1
	done
	if [ -e "$_rdy" ]; then
		sleep "$(sp_calc "$3 / 5")"
		_w0=$(sp_cost_snap "$5" "$2")
		sleep "$(sp_calc "$3 * 7 / 10")"
		echo "$_w0 | $(sp_cost_snap "$5" "$2")" >"$4"
	fi
	wait "$_pid"
)

# sp_cost_run N CPU SECS [steady]: run N pinned hogs on CPU for SECS, with
# the core's hook timing on for the run, and print "COST n=N picks=P
# pick_ns=X ...": per timed hook its calls and mean nanoseconds on that
# CPU, from the active policy's statistics (decision: balance + pick +
# put_prev + set_next, see sysfs/ABI.md), over the whole run: the N forks,
# the release of the N, their run and their exits.  With steady (2 CPUs or
# more) every hook but enqueue and dequeue is counted only while all N are
# runnable (sp_cost_window); hogs enqueue and dequeue only at fork, release
# and exit, so those two stay whole-run figures.
sp_cost_run() {
	_f=$SP/$(sp_active)/stats
	_steady=${4:-}
	if [ -n "$_steady" ] && [ "$SPTEST_NCPUS" -lt 2 ]; then
		echo "sp_cost_run: steady needs 2 CPUs, have $SPTEST_NCPUS"
		return 1
	fi
	read -r _timing <"$SP/timing" || return 1
	echo 1 >"$SP/timing" || return 1
	_c0=$(sp_cost_snap "$_f" "$2")
	if [ -n "$_steady" ]; then
		rm -f "$SP_TMP/cost.window"
		sp_cost_window "$1" "$2" "$3" "$SP_TMP/cost.window" "$_f"
	else
		manyhogs -t "$3" -c "$2" "$1"
	fi
	_rc=$?
	_c1=$(sp_cost_snap "$_f" "$2")
	echo "$_timing" >"$SP/timing"
	[ "$_rc" = 0 ] || return 1
	if [ -n "$_steady" ]; then
		[ -s "$SP_TMP/cost.window" ] || { echo "sp_cost_run: no steady window"; return 1; }
		_w=$(cat "$SP_TMP/cost.window")
	else
		_w="$_c0 | $_c1"
	fi
	sp_cost_line "n=$1" "$2" "$_c0 | $_c1 | $_w"
}

# sp_cost_runs RUN...: for each RUN, a number of tasks with an optional
# letter (10b runs 10 again), sp_cost_run RUN's tasks on CPU 0 for 3 s,
# its line printed and kept in $SP_TMP/costRUN.  A cross run under a
# policy whose framework counts nothing (eevdf) ends as n/a.
sp_cost_runs() {
	[ -r "$SP/$(sp_active)/stats" ] ||
		sp_cross_na "$(sp_active) has no framework statistics to time"
	for _run in "$@"; do
		_n=${_run%%[!0-9]*}
		sp_cost_run "$_n" 0 3 >"$SP_TMP/cost$_run" ||
			sp_fail "cost run with $_n tasks failed: $(tail -n 1 "$SP_TMP/cost$_run")"
		cat "$SP_TMP/cost$_run"
	done
}

# sp_cost_line LABEL CPU "A0 | A1 | B0 | B1": "COST LABEL enqueues=E
# enqueue_ns=X ..." from four sp_cost_snap snapshots of CPU: enqueue and
# dequeue from A0 to A1, the other hooks from B0 to B1; the mean
# nanoseconds per call, or ? for a hook not called.  Fails (a line saying
# so) if CPU made no pick or no enqueue.
sp_cost_line() {
	echo "$3" | awk -v label="$1" -v cpu="$2" -v hooks="$SP_COST_HOOKS" '{
		part = 0
		for (i = 1; i <= NF; i++) {
			if ($i == "|") { part++; continue }
			split($i, a, "=")
			v[part, a[1]] = a[2]
		}
		line = "COST " label
		m = split(hooks, h, " ")
		for (i = 1; i <= m; i++) {
			split(h[i], pair, ":")
			p0 = pair[1] == "enqueue" || pair[1] == "dequeue" ? 0 : 2
			c = v[p0 + 1, pair[2]] - v[p0, pair[2]]
			t = v[p0 + 1, pair[1] "_ns"] - v[p0, pair[1] "_ns"]
			if (c <= 0 && (pair[1] == "pick" || pair[1] == "enqueue")) {
				print "no " pair[2] " on cpu" cpu
				exit 1
			}
			line = line sprintf(" %s=%d %s_ns=%s", pair[2], c, pair[1],
				c > 0 ? int(t / c) : "?")
		}
		print line
	}'
}

# --- helpers of the stress tests (stress_*.sh) ---

# sp_stress_secs: seconds of load for the stress tests, from the kernel
# command line word sptest.stress_s=N (default 10: the short version that
# fits make test; make stress passes more)
sp_stress_secs() {
	_s=$(sp_cmdline sptest.stress_s 10)
	case "$_s" in
	'' | *[!0-9]*) _s=10 ;;
	esac
	[ "$_s" -gt 0 ] || _s=10
	echo "$_s"
}

# sp_stress_begin: the start of a stress test's load.  Sets secs
# (sp_stress_secs), grace (max(60, secs): how long the workers may take to
# end after the load), pol (the active policy), start (sp_now_s) and end
# (start + secs), marks the kernel log (sp_kmsg_mark) and says so
# shellcheck disable=SC2034 # the variables are for the test
sp_stress_begin() {
	secs=$(sp_stress_secs)
	grace=$((secs > 60 ? secs : 60))
	pol=$(sp_active)
	sp_kmsg_mark
	echo "$T: policy=$pol cpus=$SPTEST_NCPUS load for ${secs}s"
	start=$(sp_now_s)
	end=$((start + secs))
}

# sp_stress_wait JOB...: the end of a stress test's load: waits up to
# $grace seconds for the background jobs JOB... (sp_bg_wait), sets loaded
# (seconds since $start), stops every tracked helper (sp_cleanup) and
# prints each job's rounds and last two lines of output.  Status 1 if a
# job failed or did not end, with failed = the reasons on one line
# shellcheck disable=SC2034 # the variables are for the test
sp_stress_wait() {
	failed=$(sp_bg_wait "$grace" "$@")
	_rc=$?
	loaded=$(($(sp_now_s) - start))
	sp_cleanup
	for _j in "$@"; do
		echo "--- $_j: $(cat "$SP_TMP/$_j.rounds" 2>/dev/null || echo 1) round(s)"
		grep -v '^$' "$SP_TMP/$_j.out" | tail -n 2
	done
	failed=$(echo "$failed" | head -n 20 | tr '\n' ';')
	return $_rc
}

# sp_stress_after: the checks after a stress test's load: reads $SP/check
# once more (sp_policy_check; a verdict not "ok" is added to verdicts, a
# read to checks), sets problems to the kernel log's reports since the
# start (sp_dmesg_problems, "" if none) and now to the active policy
# shellcheck disable=SC2034 # the variables are for the test
sp_stress_after() {
	_v=$(sp_policy_check) || verdicts="$verdicts|after: $_v"
	echo "$T: check after the load: $_v"
	case "$_v" in
	absent) ;;
	*) checks=$((checks + 1)) ;;
	esac
	problems=$(sp_dmesg_problems) && problems=""
	now=$(sp_active)
}

# sp_kmsg_mark: put "sptest: $T begin" into the kernel log, where
# sp_dmesg_since finds it
sp_kmsg_mark() {
	echo "sptest: $T begin" >/dev/kmsg 2>/dev/null ||
		echo "$T: note: cannot write /dev/kmsg, checking the whole kernel log"
}

# sp_dmesg_since: the kernel log from the last sp_kmsg_mark of this test
# on (all of it if the mark is not there, e.g. overwritten)
sp_dmesg_since() {
	dmesg >"$SP_TMP/dmesg.all"
	_n=$(grep -n "sptest: $T begin" "$SP_TMP/dmesg.all" | tail -n 1 | cut -d: -f1)
	tail -n +"${_n:-1}" "$SP_TMP/dmesg.all"
}

# sp_dmesg_problems: print the kernel log lines since sp_kmsg_mark that
# report a hung task, a soft or hard lockup, an RCU stall, the OOM killer,
# the policy stall watchdog or a deadline server without its bandwidth;
# status 1 if there is one
sp_dmesg_problems() {
	sp_dmesg_since | grep -v 'stall warnings timeout' |
		grep -E -i 'hung task|hung_task|blocked for more than|soft lockup|hard lockup|rcu.*stall|out of memory|oom-kill|killed process|sched_policy: watchdog|bandwidth for the policy server|policy server.s bandwidth' &&
		return 1
	return 0
}

# sp_policy_check: read $SP/check (the active policy's consistency check,
# which stops every CPU while it runs) and print its verdict, or "absent"
# on a kernel without the file; status 1 only on a verdict that is not "ok"
sp_policy_check() {
	if [ ! -e "$SP/check" ]; then
		echo absent
		return 0
	fi
	_v=$(cat "$SP/check" 2>&1)
	echo "$_v"
	case "$_v" in
	ok*) return 0 ;;
	esac
	return 1
}

# sp_now_s: whole seconds since boot
sp_now_s() {
	read -r _up _ </proc/uptime
	echo "${_up%.*}"
}

# sp_bg NAME CMD...: run CMD in the background (tracked for cleanup); its
# output goes to $SP_TMP/NAME.out and, when it ends, its exit status to
# $SP_TMP/NAME.rc (see sp_bg_wait)
sp_bg() {
	_name=$1
	shift
	rm -f "$SP_TMP/$_name.rc"
	(
		"$@" >"$SP_TMP/$_name.out" 2>&1
		echo $? >"$SP_TMP/$_name.rc"
	) &
	sp_track $!
}

# sp_rounds NAME END CMD...: in the background (tracked), run CMD again
# and again until the uptime reaches END seconds (at least once); output
# appended to $SP_TMP/NAME.out, the number of rounds that succeeded in
# $SP_TMP/NAME.rounds and, at the end, in $SP_TMP/NAME.rc 0 or the exit
# status of the first round that failed (which ends the loop)
sp_rounds() {
	_name=$1
	_end=$2
	shift 2
	rm -f "$SP_TMP/$_name.rc"
	: >"$SP_TMP/$_name.out"
	(
		_r=0
		_rc=0
		while :; do
			"$@" >>"$SP_TMP/$_name.out" 2>&1 || {
				_rc=$?
				echo "$T: round $((_r + 1)) of '$*' failed with status $_rc" >>"$SP_TMP/$_name.out"
				break
			}
			_r=$((_r + 1))
			[ "$(sp_now_s)" -lt "$_end" ] || break
		done
		echo "$_r" >"$SP_TMP/$_name.rounds"
		echo "$_rc" >"$SP_TMP/$_name.rc"
	) &
	sp_track $!
}

# sp_bg_wait GRACE NAME...: wait up to GRACE seconds for the background
# jobs NAME... (sp_bg, sp_rounds) to end.  Prints one line for each that
# failed (exit status and the end of its output) or is still running
# (then also the state of every process, and blocked tasks to the kernel
# log); status 1 if any
sp_bg_wait() {
	_g=$1
	shift
	_i=0
	while :; do
		_left=""
		for _n in "$@"; do
			[ -e "$SP_TMP/$_n.rc" ] || _left="$_left $_n"
		done
		if [ -z "$_left" ] || [ "$_i" -ge $((_g * 2)) ]; then
			break
		fi
		sleep 0.5
		_i=$((_i + 1))
	done
	_bad=0
	for _n in "$@"; do
		if [ ! -e "$SP_TMP/$_n.rc" ]; then
			echo "$_n: still running ${_g}s after the end of the load"
			_bad=2
		elif [ "$(cat "$SP_TMP/$_n.rc")" != 0 ]; then
			echo "$_n: exit status $(cat "$SP_TMP/$_n.rc"): $(tail -n 4 "$SP_TMP/$_n.out" | tr '\n' '|')"
			_bad=1
		fi
	done
	if [ $_bad = 2 ]; then
		for _d in /proc/[0-9]*; do
			read -r _l 2>/dev/null <"$_d/stat" || continue
			echo "  task $(echo "$_l" | cut -d' ' -f1-3) cpu=$(echo "$_l" | cut -d' ' -f39) wchan=$(cat "$_d/wchan" 2>/dev/null)"
		done
		echo w >/proc/sysrq-trigger 2>/dev/null
	fi
	[ $_bad = 0 ]
}

# sp_sum TAG KEY FILE...: the sum of the KEY=N words on the lines of FILE...
# whose first word is TAG (0 if none)
sp_sum() {
	_tag=$1
	_key=$2
	shift 2
	awk -v tag="$_tag" -v key="$_key=" '
	$1 == tag { for (i = 2; i <= NF; i++) if (index($i, key) == 1) s += substr($i, length(key) + 1) }
	END { printf "%.0f\n", s }' "$@"
}

# sp_hogs N: N CPU hogs pinned to CPU 0 (tracked) that run until the test
# ends: sp_cleanup kills them, and init kills the test's process group
# in any case.  Hogs of a fixed length ended before a slow boot's
# measurement did (bfs_sleeper at 4 vCPUs took 9.2-10.6 s beside 10 s
# hogs, and once measured an empty CPU 0).
sp_hogs() {
	_i=0
	while [ $_i -lt "$1" ]; do
		_i=$((_i + 1))
		hog -t 3600 -c 0 -l "hog$_i" >/dev/null &
		sp_track $!
	done
}

# sp_helpers_alive: fail the test if a tracked helper has ended: what was
# measured after its load went away measures nothing.  An unreaped child
# still answers kill -0, so its state is read (builtins only: behind
# pinned hogs on one CPU a forked grep would start late).
sp_helpers_alive() {
	for _p in $SP_PIDS; do
		_st=X
		[ -r "/proc/$_p/status" ] &&
			while read -r _k _v _; do
				[ "$_k" = State: ] && _st=$_v && break
			done <"/proc/$_p/status"
		case $_st in
		Z | X) sp_fail "helper $_p ended during the measurement" ;;
		esac
	done
}

# sp_syncwake_test EXPECT WHO OPTION...: syncwake with OPTIONs over a pipe
# (sync wakeups) and over an eventfd (no hint: the control), 2 s each, and
# the verdict.  A plain wakeup must preempt WHO, so the reader takes about
# one message per read (want eventfd <= 2).  EXPECT "waits": a sync
# wakeup must not preempt WHO, so the reader takes many (want pipe >= 5:
# only the hint makes the difference); "preempts": it preempts WHO as a
# plain one does (want pipe <= 2).
sp_syncwake_test() {
	_expect=$1
	_who=$2
	shift 2
	for _chan in pipe eventfd; do
		syncwake -t 2 "$@" "$_chan" >"$SP_TMP/$_chan" 2>&1 ||
			sp_fail "syncwake $_chan failed: $(cat "$SP_TMP/$_chan")"
		cat "$SP_TMP/$_chan"
	done
	sp_helpers_alive
	_pipe=$(sp_kv per_read "$(grep '^SYNCWAKE' "$SP_TMP/pipe")")
	_efd=$(sp_kv per_read "$(grep '^SYNCWAKE' "$SP_TMP/eventfd")")
	if [ -z "$_pipe" ] || [ -z "$_efd" ]; then
		sp_fail "could not parse syncwake output"
	fi
	_d="pipe_per_read=$_pipe eventfd_per_read=$_efd"
	sp_true "$_efd <= 2" ||
		sp_fail "$_d (want eventfd <= 2: a plain wakeup preempts $_who)"
	case "$_expect" in
	waits)
		sp_true "$_pipe >= 5" ||
			sp_fail "$_d (want pipe >= 5: a sync wakeup does not preempt $_who)"
		sp_ok "$_d (want pipe >= 5, eventfd <= 2)"
		;;
	preempts)
		sp_true "$_pipe <= 2" ||
			sp_fail "$_d (want pipe <= 2: a sync wakeup preempts $_who)"
		sp_ok "$_d (want pipe <= 2, eventfd <= 2)"
		;;
	*) sp_fail "sp_syncwake_test: bad EXPECT '$_expect'" ;;
	esac
}

# sp_syncwake_remote EXPECT WORK_US: sp_syncwake_test EXPECT with a nice-0
# writer on CPU 0 and its nice-0 reader on CPU 1, beside a nice-19 hog
# there (which runs until the test ends), one message per WORK_US of the
# writer's work; the two CPUs' cache sharing is checked (sp_llc_check).
# Needs 2 CPUs.
sp_syncwake_remote() {
	sp_needs_cpus 2
	sp_llc_check 0 1
	hog -t 60 -c 1 -n 19 -l hog19 >"$SP_TMP/hog" 2>&1 &
	sp_track $!
	sleep 0.5
	sp_syncwake_test "$1" "the hog on the reader's CPU" -c 0 -r 1 -n 0 -w "$2"
}

SP_TRACE=/sys/kernel/tracing

# sp_trace_start EVENT: an emptied trace buffer recording only EVENT
# (SYSTEM/NAME under the tracefs events directory, which must exist)
sp_trace_start() {
	[ -d "$SP_TRACE/events/$1" ] || sp_fail "$SP_TRACE/events/$1 missing"
	echo 0 >"$SP_TRACE/tracing_on"
	echo >"$SP_TRACE/trace"
	echo 1 >"$SP_TRACE/events/$1/enable"
	echo 1 >"$SP_TRACE/tracing_on"
}

# sp_trace_stop EVENT PATTERN FILE: stops recording EVENT, keeps the
# trace lines matching PATTERN (grep) in FILE and empties the buffer
sp_trace_stop() {
	echo 0 >"$SP_TRACE/tracing_on"
	echo 0 >"$SP_TRACE/events/$1/enable"
	grep "$2" "$SP_TRACE/trace" >"$3" || true
	echo >"$SP_TRACE/trace"
}

# sp_cpu_samples N PID...: print up to N lines, 50 ms apart, each the
# CPUs the PIDs last ran on (/proc/PID/stat field 39), in their order.
# Stops early when one of them has exited.
sp_cpu_samples() {
	_sn=$1
	shift
	_snp=$#
	_sfiles=
	for _sp in "$@"; do
		_sfiles="$_sfiles $_sp/stat"
	done
	_si=0
	while [ "$_si" -lt "$_sn" ]; do
		# shellcheck disable=SC2086 # one file per pid
		_sl=$(cd /proc && awk '{ printf "%s ", $39 }' $_sfiles 2>/dev/null) ||
			break
		# shellcheck disable=SC2086 # one number per pid
		set -- $_sl
		[ $# -eq "$_snp" ] || break
		echo "$*"
		_si=$((_si + 1))
		sleep 0.05
	done
}

# sp_llc_of CPU: the CPUs sharing CPU's last-level cache (shared_cpu_list
# of its highest cache level in sysfs), "" if sysfs has none
sp_llc_of() {
	_best=0
	_list=
	for _d in /sys/devices/system/cpu/cpu"$1"/cache/index*; do
		[ -r "$_d/level" ] || continue
		_lv=$(cat "$_d/level")
		if [ "$_lv" -ge "$_best" ]; then
			_best=$_lv
			_list=$(cat "$_d/shared_cpu_list")
		fi
	done
	echo "$_list"
}

# sp_llc_check A B: sets SP_LLC to "shared" or "split" for CPUs A and B
# and prints it.  The boot's sptest.llc=shared|split says which it must be
# (tests/run's two-socket boots): otherwise the test fails, as it would
# not test what it claims.
sp_llc_check() {
	_la=$(sp_llc_of "$1")
	[ -n "$_la" ] || sp_fail "no cache information for CPU $1 in sysfs"
	_lb=$(sp_llc_of "$2")
	if [ "$_la" = "$_lb" ]; then
		SP_LLC="shared"
	else
		SP_LLC="split"
	fi
	echo "CPUs $1 and $2: last-level cache $SP_LLC (CPU $1: $_la, CPU $2: $_lb)"
	_want=$(sp_cmdline sptest.llc "")
	if [ -n "$_want" ] && [ "$_want" != "$SP_LLC" ]; then
		sp_fail "CPUs $1 and $2: last-level cache $SP_LLC, the boot wants sptest.llc=$_want"
	fi
}

# sp_sleeper_share SECS: a sleeper pinned to CPU 0 that asks for 30% of
# it (3 ms of work every 10 ms, a period it overruns skipped) runs SECS
# seconds beside whatever else runs there.  Prints its share of the CPU
# in percent (its CPU time over SECS); its WAKELAT line is in
# $SP_TMP/share.  Status 1 if it could not run.
sp_sleeper_share() {
	wakelat -t "$1" -p 10000 -w 3000 -c 0 -l share30 >"$SP_TMP/share" 2>&1 ||
		return 1
	_cpu=$(sp_kv cpu_ms "$(grep '^WAKELAT' "$SP_TMP/share")")
	[ -n "$_cpu" ] || return 1
	sp_calc "$_cpu / (10 * $1)"
}

# sp_pingpong_same_cpu: a pipe ping-pong pair (pingpong -p 1 -c, at most
# 30 s) starts on CPU 0 and the last CPU (so fork placement does not
# decide it); at 0.5 s both are allowed every CPU (taskset -p, which
# moves neither); from 1 s on, 30 samples 50 ms apart of the CPU each of
# the two last ran on (/proc/PID/stat field 39), and then the pair is
# killed; it must have run through all 30.  Sets SHARE to the percent of
# the samples with the pair on one CPU.
sp_pingpong_same_cpu() {
	pingpong -p 1 -c -t 30 >"$SP_TMP/pp.out" 2>&1 &
	_pp=$!
	sp_track $_pp
	sleep 0.5
	_kids=$(awk -v pp=$_pp '$4 == pp { print $1 }' /proc/[0-9]*/stat 2>/dev/null)
	# shellcheck disable=SC2086 # two pids
	set -- $_kids
	[ $# -eq 2 ] || sp_fail "pingpong has $# processes, not 2: '$_kids'"
	[ "$(awk '{ print $39 }' "/proc/$1/stat")" != "$(awk '{ print $39 }' "/proc/$2/stat")" ] ||
		sp_fail "the pinned pair shares a CPU"
	for _pid in "$1" "$2"; do
		taskset -p -c "0-$((SPTEST_NCPUS - 1))" "$_pid" >/dev/null ||
			sp_fail "cannot unpin pid $_pid"
	done
	sleep 0.5
	_same=0
	_n=0
	_t0=$(sp_uptime)
	while [ $_n -lt 30 ]; do
		_cpus=$(awk '{ printf "%s ", $39 }' "/proc/$1/stat" "/proc/$2/stat" 2>/dev/null) ||
			break
		# shellcheck disable=SC2086 # two numbers
		set -- "$1" "$2" $_cpus
		[ $# -eq 4 ] || break
		[ "$3" = "$4" ] && _same=$((_same + 1))
		_n=$((_n + 1))
		set -- "$1" "$2"
		sleep 0.05
	done
	_t1=$(sp_uptime)
	if [ $_n -lt 30 ] || ! kill -0 "$1" "$2" 2>/dev/null; then
		sp_fail "pingpong ended after $_n of 30 samples ($(sp_calc "$_t1 - $_t0") s): $(cat "$SP_TMP/pp.out")"
	fi
	kill -KILL "$_pp" "$1" "$2" 2>/dev/null
	wait $_pp 2>/dev/null
	# shellcheck disable=SC2034 # read by the tests
	SHARE=$((_same * 100 / _n))
	echo "$T: $_same of $_n samples on one CPU in $(sp_calc "$_t1 - $_t0") s"
}

# sp_wake_affine_test POLICY: POLICY's affine wakeups keep the pipe pair
# of sp_pingpong_same_cpu on one CPU in >= 60% of the samples; in its own
# boots, the control: with the core's placement (POLICY's
# wake_placement=0) in <= 20%.  Ends the test (sp_ok / sp_fail).
sp_wake_affine_test() {
	sp_pingpong_same_cpu
	_affine=$SHARE
	_detail="same_cpu=${_affine}%"
	if sp_own; then
		sp_set_tunable "$1" wake_placement 0 ||
			sp_fail "cannot set wake_placement"
		sp_pingpong_same_cpu
		_detail="$_detail core_placement_same_cpu=${SHARE}%"
		sp_true "$SHARE <= 20" ||
			sp_fail "$_detail (want <= 20% with the core's placement: the control)"
	fi
	sp_true "$_affine >= 60" || sp_fail "$_detail (want >= 60%: affine wakeups)"
	sp_ok "$_detail (want >= 60%, core's <= 20%)"
}
