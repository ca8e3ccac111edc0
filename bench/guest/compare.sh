#!/bin/sh
# The guest side of make compare (bench/compare/runner.py): runs the cells
# of a plan and prints their raw numbers on the console.  Installed as
# /tests/compare.sh in the initramfs and run by /init with sptests=compare.
#
# The plan comes from QEMU's fw_cfg (opt/spbench/plan), or from the file
# named by spbench.plan= on the kernel command line (a real machine), one
# cell per line:
#   ID WORKLOAD [dur=S] [trace=0|1] [tun.NAME=VALUE ...] [param=value ...]
# trace=1 adds the kernel's view through tracefs histograms (wakeup
# latency, migrations, preemptions); off by default, because under TCG the
# triggers on every context switch cost a good part of the throughput.
# WORKLOAD is pingpong, hackbench, yieldstorm, latt, computemix, build or
# pickcost; tun.NAME sets a tunable of the active policy for this cell only.
# Output per cell (the runner parses these; nothing else matters):
#   SPBENCH begin ID
#   SPBENCH result ID k=v ...        the workload's own result line
#   SPBENCH quantiles ID tool|kernel q0.5=us ...
#   SPBENCH stats ID k=v ...         /proc/stat, tracing and policy counters
#   SPBENCH end ID ok | fail REASON
# The packaged tools (hackbench, gcc, make) run by chroot in the Debian root
# file system on /dev/vda (boot/mkrootfs), mounted at /mnt/root.
#
# On a real machine (bench/compare/local.py) it runs as a normal program:
# SPBENCH_NATIVE=1, the plan in SPBENCH_PLAN, lib.sh at SPTEST_LIB, the
# build tree at SPBENCH_BUILDTREE, and the machine's own tools.
# The workloads are called as w_$workload, and the $ts0 and $lat in the
# trace triggers are the tracer's variables, not the shell's.
# shellcheck disable=SC2317,SC2016
T=compare
# shellcheck source=tests/guest/lib.sh
. "${SPTEST_LIB:-/tests/lib.sh}"

TR=/sys/kernel/tracing
ROOTFS=/mnt/root
PLAN=${SPBENCH_PLAN:-/sys/firmware/qemu_fw_cfg/by_name/opt/spbench/plan/raw}
NATIVE=${SPBENCH_NATIVE:-0}
BUILDTREE=${SPBENCH_BUILDTREE:-/opt/buildtree}

say() {
	echo "SPBENCH $*"
}

# the console, for what a workload says while its output goes to a file
exec 3>&1

# mount the Debian tree once; its absence only fails the cells needing it
mount_rootfs() {
	[ -b /dev/vda ] || return 1
	mkdir -p "$ROOTFS"
	mount -t ext4 /dev/vda "$ROOTFS" || return 1
	for d in proc sys dev dev/pts tmp; do
		mount --bind "/$d" "$ROOTFS/$d" || return 1
	done
	[ ! -d $TR ] || mount --bind $TR "$ROOTFS$TR" 2>/dev/null
	return 0
}

in_rootfs() {
	if [ "$NATIVE" = 1 ]; then
		"$@"
	else
		chroot "$ROOTFS" /usr/bin/env PATH=/usr/sbin:/usr/bin:/sbin:/bin "$@"
	fi
}

# ---- counters read before and after each cell ----

# "ctxt idle_jiffies total_jiffies" from /proc/stat
proc_stat() {
	awk '/^cpu / { t = 0; for (i = 2; i <= NF; i++) t += $i; c = $5 + $6 }
	     /^ctxt / { x = $2 }
	     END { print x, c, t }' /proc/stat
}

# the active policy's counter totals as "name=value ..." (none for eevdf)
policy_counters() {
	f=$SP/$(sp_active)/stats
	[ -r "$f" ] || return 0
	awk 'NR > 1 { printf "%s=%s ", $1, $2 }' "$f"
}

# ---- kernel-side view through tracefs hist triggers ----
# wakeup latency: sched_waking -> sched_switch of that pid (a synthetic
# event, after Documentation/trace/histogram.rst); migrations; involuntary
# switches (prev_state 0 = preempted while runnable).

# The triggers, one "EVENT|TRIGGER" per line, set in this order and
# removed in the reverse order with the same text ("!" in front).
# Histogram sizes are at least 128 entries (TRACING_MAP_BITS_MIN).
TRIGGERS='sched/sched_waking|hist:keys=pid:ts0=common_timestamp.usecs
sched/sched_switch|hist:keys=next_pid:lat=common_timestamp.usecs-$ts0:onmatch(sched.sched_waking).trace(wakeup_latency,$lat,next_pid)
synthetic/wakeup_latency|hist:keys=lat:sort=lat:size=32768
sched/sched_switch|hist:keys=prev_state:size=128 if prev_pid != 0
sched/sched_migrate_task|hist:keys=common_cpu:size=128'

trace_on() {
	[ -w $TR/synthetic_events ] || { echo "$TR/synthetic_events missing"; return 1; }
	echo 'wakeup_latency u64 lat; pid_t pid' >>$TR/synthetic_events || return 1
	echo "$TRIGGERS" | while IFS='|' read -r ev trig; do
		echo "$trig" >>"$TR/events/$ev/trigger" || exit 1
	done
}

trace_off() {
	echo "$TRIGGERS" | sed -n '1!G;h;$p' | while IFS='|' read -r ev trig; do
		echo "!$trig" >>"$TR/events/$ev/trigger"
	done
	echo '!wakeup_latency' >>$TR/synthetic_events
}

# "migrations=N preempted=N" from the two counting histograms (preempted:
# a task other than idle switched out while still runnable)
trace_counts() {
	m=$(awk '/^ *Hits:/ { print $2 }' $TR/events/sched/sched_migrate_task/hist)
	p=$(awk '/prev_state: *0 / { for (i = 1; i <= NF; i++) if ($i == "hitcount:") print $(i + 1) }' \
		$TR/events/sched/sched_switch/hist | head -n 1)
	echo "migrations=${m:-0} preempted=${p:-0}"
}

# quantiles of the wakeup latency histogram ("{ lat: N } hitcount: C")
kernel_quantiles() {
	awk '/lat:/ { for (i = 1; i <= NF; i++) {
			if ($i == "lat:") v = $(i + 1)
			if ($i == "hitcount:") c = $(i + 1) }
		      n++; val[n] = v; cnt[n] = c; tot += c }
	     /^ *Dropped:/ { drop = $2 }
	     END {
		if (!tot) exit
		split("0.01 0.05 0.10 0.20 0.30 0.40 0.50 0.60 0.70 0.80 0.90 0.95 0.99 0.999 1", q, " ")
		line = "samples=" tot " dropped=" drop + 0
		k = 1; acc = 0
		for (i = 1; i <= n && k <= 15; i++) {
			acc += cnt[i]
			while (k <= 15 && acc >= q[k] * tot) {
				line = line " q" q[k] "=" val[i]; k++
			}
		}
		print line
	     }' $TR/events/synthetic/wakeup_latency/hist
}

# ---- workloads: each prints its one result line on stdout ----

w_pingpong() {
	if [ "$(kv cross 0)" = 1 ]; then
		pingpong -t "$dur" -p "$(kv pairs 1)" -c
	else
		pingpong -t "$dur" -p "$(kv pairs 1)"
	fi
}

# forkstorm: PROCS fork/exit/wait rounds, then THREADS thread create/join
# rounds, PAR alive at a time; per_sec counts both kinds
w_forkstorm() {
	out=$(forkstorm -p "$(kv procs 2000)" -t "$(kv threads 2000)" -j "$(kv par 1)") ||
		{ echo "$out"; return 1; }
	echo "$out" | awk '/^FORKSTORM / {
		for (i = 2; i <= NF; i++) { split($i, a, "="); v[a[1]] = a[2] }
		ms = v["proc_ms"] + v["thread_ms"]
		rate = ms > 0 ? 1000 * (v["procs"] + v["threads"]) / ms : 0
		printf "%s per_sec=%.0f\n", $0, rate
	}'
}

w_yieldstorm() {
	yieldstorm -t "$dur" -r "$(kv rings 4)" -n "$(kv threads 8)" -w "$(kv work 256)"
}

w_computemix() {
	computemix -t "$dur" -s "$(kv sleep_us 200)" "$(kv tasks 16)"
}

# mean pick and enqueue cost on CPU 0 (policies with counters only)
w_pickcost() {
	sp_cost_run "$(kv tasks 10)" 0 "$dur" steady
}

# switchlat: REPS round trips from the boot policy to eevdf and back,
# written by a SCHED_FIFO shell on the last CPU while N tasks pinned to CPU
# 0 sleep (load=idle) or spin (load=busy); the times are the kernel's own
# "switched from A to B in N us" lines.  The runner expects these switches
# between the "switching" and "switched" lines (parse.py) and no others.
switch_stats() {
	sp_dmesg_since | awk -v pol="$1" '
	function med(a, n,   i, j, t) {
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	/sched_policy: switched from / {
		for (i = 1; i <= NF; i++) if ($i == "in") us = $(i + 1)
		if ($0 ~ ("from eevdf to " pol " ")) { tp[++np] = us; if (us > mp) mp = us }
		if ($0 ~ ("from " pol " to eevdf ")) { te[++ne] = us; if (us > me) me = us }
	}
	END {
		if (!np || !ne) exit 1
		printf "switches=%d to_policy_med_us=%g to_policy_max_us=%d to_eevdf_med_us=%g to_eevdf_max_us=%d\n",
			np + ne, med(tp, np), mp, med(te, ne), me
	}'
}

w_switchlat() {
	pol=$(sp_active)
	[ "$pol" != eevdf ] || { echo "switchlat: the boot policy is eevdf, nothing to switch"; return 1; }
	n=$(kv tasks 10)
	reps=$(kv reps 20)
	load=$(kv load idle)
	case "$load" in
	idle) sleepers=-s ;;
	busy) sleepers= ;;
	*) echo "switchlat: load=$load, want idle or busy"; return 1 ;;
	esac
	# N spinning tasks on one CPU wait longer than the stall watchdog's
	# 30 s under a round robin: off until they are gone
	read -r wd <"$SP/watchdog_timeout_ms"
	[ -n "$sleepers" ] || echo 0 >"$SP/watchdog_timeout_ms"
	rm -f /tmp/swl.ready
	# shellcheck disable=SC2086 # $sleepers: no word or one
	manyhogs -t "$dur" -c 0 $sleepers -r /tmp/swl.ready "$n" >/tmp/swl.hogs 2>&1 &
	hogs=$!
	while [ ! -e /tmp/swl.ready ]; do
		kill -0 "$hogs" 2>/dev/null || { echo "$wd" >"$SP/watchdog_timeout_ms"; cat /tmp/swl.hogs; return 1; }
		sleep 0.2
	done
	sp_kmsg_mark
	say "switching $id" >&3
	rtrun 50 taskset -c "$((SPTEST_NCPUS - 1))" sh -c '
		i=0
		while [ "$i" -lt "$1" ]; do
			echo eevdf >"$2/active" && echo "$3" >"$2/active" || exit 1
			i=$((i + 1))
		done' switchlat "$reps" "$SP" "$pol"
	rc=$?
	# the kernel's last line reaches the console before the next one
	sleep 1
	say "switched $id" >&3
	[ "$(sp_active)" = "$pol" ] || echo "$pol" >"$SP/active"
	wait_rc=0
	kill -0 "$hogs" 2>/dev/null || wait_rc=gone
	hogs_rc=0
	wait "$hogs" || hogs_rc=$?
	[ "$wait_rc" = gone ] || wait_rc=$hogs_rc
	echo "$wd" >"$SP/watchdog_timeout_ms"
	if [ "$wait_rc" = gone ]; then
		echo "switchlat: the $n tasks were gone before the $reps round trips ended (raise dur)"
		return 1
	fi
	[ "$wait_rc" = 0 ] || { cat /tmp/swl.hogs; return 1; }
	[ "$rc" = 0 ] || { echo "switchlat: a switch failed"; return 1; }
	line=$(switch_stats "$pol") || { echo "switchlat: no switch lines in the kernel log"; return 1; }
	echo "SWITCHLAT n=$n load=$load reps=$reps $line"
}

# hackbench from rt-tests: "Time: S" becomes HACKBENCH ... time_s=S
w_hackbench() {
	[ "$have_rootfs" = 1 ] || { echo "no root file system (boot/mkrootfs) or tools (rt-tests, gcc, make)"; return 1; }
	mode=$(kv mode process-pipe)
	set -- -g "$(kv groups 10)" -l "$(kv loops 100)"
	case "$mode" in
	*-pipe) set -- "$@" -p ;;
	esac
	case "$mode" in
	thread-*) set -- "$@" -T ;;
	esac
	out=$(in_rootfs hackbench "$@" 2>&1) || { echo "$out" | tail -n 3; return 1; }
	s=$(echo "$out" | sed -n 's/^Time: *//p')
	[ -n "$s" ] || { echo "$out" | tail -n 3; return 1; }
	# every group: 20 senders each send LOOPS messages to 20 receivers
	awk -v m="$mode" -v g="$(kv groups 10)" -v l="$(kv loops 100)" -v s="$s" 'BEGIN {
		printf "HACKBENCH mode=%s groups=%d loops=%d time_s=%s per_sec=%.0f\n",
			m, g, l, s, g * 400 * l / s }'

}

# one parallel build of the generated tree: wall time and idle share
build_once() {
	in_rootfs make -s -C "$BUILDTREE" clean >/dev/null 2>&1
	s0=$(proc_stat)
	t0=$(sp_uptime)
	in_rootfs make -s -C "$BUILDTREE" -j"$1" FILES="$2" >/tmp/build.out 2>&1 ||
		{ tail -n 3 /tmp/build.out; return 1; }
	t1=$(sp_uptime)
	s1=$(proc_stat)
	echo "$s0 $s1 $t0 $t1" | awk -v j="$1" -v f="$2" '{
		printf "BUILD jobs=%d files=%d build_s=%.2f idle_pct=%.1f\n",
			j, f, $8 - $7, 100 * ($5 - $2) / ($6 - $3) }'
}

w_build() {
	[ "$have_rootfs" = 1 ] || { echo "no root file system (boot/mkrootfs) or tools (rt-tests, gcc, make)"; return 1; }
	build_once "$(kv jobs "$SPTEST_NCPUS")" "$(kv files 16)"
}

# latt alone (load=none) or beside back-to-back builds (load=build)
w_latt() {
	load=$(kv load none)
	lp=
	if [ "$load" = build ]; then
		[ "$have_rootfs" = 1 ] || { echo "no root file system (boot/mkrootfs) or tools (rt-tests, gcc, make)"; return 1; }
		(while :; do build_once "$(kv jobs $((SPTEST_NCPUS * 2)))" "$(kv files 16)" >/dev/null || exit 1; done) &
		lp=$!
		sleep 1
	fi
	latt -t "$dur" -c "$(kv clients 4)" >/tmp/latt.out
	rc=$?
	if [ -n "$lp" ]; then
		kill "$lp" 2>/dev/null
		wait "$lp" 2>/dev/null
		pkill -f "make -s -C $BUILDTREE" 2>/dev/null
		sleep 1
	fi
	sed -n 's/^LATT_QUANTILES /QUANTILES /p' /tmp/latt.out >/tmp/latt.q
	grep '^LATT ' /tmp/latt.out | sed "s/\$/ load=$load/"
	return "$rc"
}

# ---- one cell ----

# kv KEY DEFAULT: a parameter of the current cell
kv() {
	v=$(sp_kv "$1" "$params")
	echo "${v:-$2}"
}

set_tunables() {
	for w in $params; do
		case "$w" in
		tun.*=*)
			n=${w#tun.}
			sp_set_tunable "$(sp_active)" "${n%%=*}" "${n#*=}" ||
				{ echo "tunable ${n%%=*} of $(sp_active) not set"; return 1; }
			;;
		esac
	done
}

run_cell() {
	id=$1 workload=$2
	shift 2
	params="$*"
	dur=$(kv dur 3)
	trace=$(kv trace 0)
	say "begin $id"
	rm -f /tmp/latt.q
	if ! set_tunables >/tmp/cell.err 2>&1; then
		sp_cleanup
		say "end $id fail $(tail -n 1 /tmp/cell.err)"
		return
	fi
	traced=0
	if [ "$trace" != 0 ]; then
		if trace_on >/tmp/trace.err 2>&1; then
			traced=1
		else
			echo "compare: $id: no tracing: $(tail -n 1 /tmp/trace.err)"
			trace_off >/dev/null 2>&1
		fi
	fi
	c0=$(policy_counters)
	s0=$(proc_stat)
	t0=$(sp_uptime)
	"w_$workload" >/tmp/cell.out 2>&1
	rc=$?
	t1=$(sp_uptime)
	s1=$(proc_stat)
	c1=$(policy_counters)
	sp_cleanup
	line=$(grep -E '^[A-Z]+ [a-z_]+=' /tmp/cell.out | tail -n 1)
	if [ "$rc" -ne 0 ] || [ -z "$line" ]; then
		say "end $id fail $workload exit $rc: $(tail -n 2 /tmp/cell.out | tr '\n' ' ')"
		[ "$traced" = 0 ] || trace_off 2>/dev/null
		return
	fi
	say "result $id ${line#* }"
	[ ! -s /tmp/latt.q ] || say "quantiles $id tool $(sed 's/^QUANTILES //' /tmp/latt.q)"
	extra=
	if [ "$traced" = 1 ]; then
		q=$(kernel_quantiles)
		[ -z "$q" ] || say "quantiles $id kernel $q"
		extra=$(trace_counts)
		trace_off 2>/dev/null
	fi
	delta=$(echo "$c0" "|" "$c1" | awk '{
		for (i = 1; i <= NF && $i != "|"; i++) { split($i, a, "="); b[a[1]] = a[2] }
		for (i++; i <= NF; i++) { split($i, a, "="); if (a[1] in b) printf "p_%s=%d ", a[1], a[2] - b[a[1]] } }')
	say "stats $id $(echo "$s0 $s1 $t0 $t1" | awk '{
		printf "secs=%.3f csw=%d idle_pct=%.1f", $8 - $7, $4 - $1, 100 * ($5 - $2) / ($6 - $3) }') $extra $delta"
	say "end $id ok"
}

sp_begin
have_rootfs=0
if [ "$NATIVE" = 1 ]; then
	if command -v hackbench >/dev/null && command -v make >/dev/null &&
		command -v gcc >/dev/null && [ -f "$BUILDTREE/Makefile" ]; then
		have_rootfs=1
	fi
elif mount_rootfs 2>/dev/null; then
	have_rootfs=1
fi
plan=$(sp_cmdline spbench.plan "$PLAN")
[ -r "$plan" ] || sp_fail "no plan: $plan not readable"
say "env kernel=$(uname -r) policy=$(sp_active) cpus=$SPTEST_NCPUS rootfs=$have_rootfs"
cp "$plan" /tmp/plan
while read -r line; do
	case "$line" in
	"" | "#"*) continue ;;
	esac
	# shellcheck disable=SC2086 # the plan line is a word list
	run_cell $line </dev/null
done </tmp/plan
sp_ok "plan done"
