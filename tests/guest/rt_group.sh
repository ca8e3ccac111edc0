#!/bin/sh
# rt_group: with CONFIG_RT_GROUP_SCHED (the rtgroup/2 boot), RT throttling
# (kernel.sched_rt_runtime_us, 950 ms in every 1000 ms) works as it does
# beside fair's server, under eevdf and under every policy.
#
# First a SCHED_FIFO hog alone on CPU 1 for 4 s: throttling must hold it
# below 97.5% of the CPU (it would get 100% without RT group scheduling).
# Then the same hog beside a normal hog on CPU 1, under eevdf (fair's
# server, exempt from RT accounting in 6.12) and under each policy: the
# FIFO hog's share must be within 1.5 points of eevdf's.  Before patch
# 0007 every nanosecond a policy task ran while the policy class's server
# was active was also added to rq->rt.rt_time, so RT tasks were throttled
# for the policy's work as well, more in every period (measured on this
# TCG guest without 0007: fifo alone 95.7%, beside eevdf 94.7%, then rr
# 91.4, cfs 84.3, o1 72.8, bfs 68.9; with it, all five 94.6-94.8).
# The normal hog's pct is over its 5 s, one of them alone: shown only.
#
# Each pair runs up to 3 times, until it is in its band (eevdf: within 3
# points of the hog alone; a policy: within 1.5 of eevdf's best), and
# the best counts; the detail shows every try.  Linux 6.12 itself, RT
# throttling beside fair's deferred server, now and then leaves the FIFO
# hog off its CPU long after the period timer has unthrottled it, while
# the normal hog runs on: 130 ms to 1.8 s of the 4 s, fifo 56-92%.  In
# loops of this pair under eevdf alone (TCG, 2 vCPUs, a kernel booted
# with eevdf) that happened in 0 of 40 and 3 of 30 runs on the stock
# 6.12.118 source (boot/assemble-tree --stock, the rtgroup config), in 3
# of 40 twice on ours; one CI run failed on it (o1 92.7 against eevdf
# 94.7).  0007's loss came in every period, not now and then, so the
# retries do not hide it (not measured again with them).
T=rt_group
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

[ "$SPTEST_NCPUS" -ge 2 ] || sp_fail "needs 2 CPUs, have $SPTEST_NCPUS"
runtime=$(cat /proc/sys/kernel/sched_rt_runtime_us)
period=$(cat /proc/sys/kernel/sched_rt_period_us)
boot=$(sp_active)
secs=4

# fifo_pct LINE: the pct= of a HOG line
fifo_pct() {
	sp_kv pct "$(echo "$1" | grep '^HOG ')"
}

alone=$(hog -f 10 -c 1 -t $secs -l fifo 2>&1) || sp_fail "fifo hog failed: $alone"
a=$(fifo_pct "$alone")
[ -n "$a" ] || sp_fail "could not parse: $alone"
detail="rt_runtime_us=$runtime rt_period_us=$period fifo_alone=$a"
sp_true "$a < 97.5" ||
	sp_fail "$detail: no RT throttling (want < 97.5%; a kernel without CONFIG_RT_GROUP_SCHED?)"

# measure POLICY: the FIFO hog beside a normal hog on CPU 1 under POLICY
# (active); sets f and n to their pcts
measure() {
	hog -c 1 -t $((secs + 1)) -l normal >"$SP_TMP/normal" 2>&1 &
	sp_track $!
	sleep 0.2
	both=$(hog -f 10 -c 1 -t $secs -l fifo 2>&1) || sp_fail "fifo hog failed under $1: $both"
	for q in $SP_PIDS; do
		wait "$q" || sp_fail "normal hog failed under $1: $(cat "$SP_TMP/normal")"
	done
	SP_PIDS=""
	f=$(fifo_pct "$both")
	n=$(sp_kv pct "$(grep '^HOG ' "$SP_TMP/normal")")
	{ [ -n "$f" ] && [ -n "$n" ]; } || sp_fail "could not parse under $1: $both / $(cat "$SP_TMP/normal")"
}

# in_band F: F is where it should be, for eevdf near the FIFO hog alone
# (its throttling), for a policy within 1.5 points of eevdf's
in_band() {
	if [ -z "$ref" ]; then
		sp_true "$1 >= $a - 3"
	else
		sp_true "$1 >= $ref - 1.5 && $1 <= $ref + 1.5"
	fi
}

bad=""
ref=""
for p in eevdf $(tr ' ' '\n' <"$SP/available" | grep -v '^eevdf$'); do
	echo "$p" >"$SP/active" || sp_fail "$detail: switch to $p failed"
	tries=""
	best=""
	t=0
	while [ $t -lt 3 ]; do
		t=$((t + 1))
		measure "$p"
		tries="${tries:+$tries }fifo=$f,normal=$n"
		if [ -z "$best" ] || sp_true "$f > $best"; then
			best=$f
		fi
		in_band "$f" && break
	done
	detail="$detail $p:$(echo "$tries" | tr ' ' '/')"
	if [ -z "$ref" ]; then
		ref=$best
	elif ! in_band "$best"; then
		bad="$bad $p"
	fi
done
echo "$boot" >"$SP/active" || sp_fail "$detail: switch back to $boot failed"
detail="$detail (want the best fifo of each within 1.5 points of eevdf's)"
[ -z "$bad" ] || sp_fail "$detail: off under$bad"
sp_ok "$detail"
