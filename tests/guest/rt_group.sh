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

bad=""
ref=""
for p in eevdf $(tr ' ' '\n' <"$SP/available" | grep -v '^eevdf$'); do
	echo "$p" >"$SP/active" || sp_fail "$detail: switch to $p failed"
	hog -c 1 -t $((secs + 1)) -l normal >"$SP_TMP/normal" 2>&1 &
	sp_track $!
	sleep 0.2
	both=$(hog -f 10 -c 1 -t $secs -l fifo 2>&1) || sp_fail "fifo hog failed under $p: $both"
	for q in $SP_PIDS; do
		wait "$q" || sp_fail "normal hog failed under $p: $(cat "$SP_TMP/normal")"
	done
	SP_PIDS=""
	f=$(fifo_pct "$both")
	n=$(sp_kv pct "$(grep '^HOG ' "$SP_TMP/normal")")
	{ [ -n "$f" ] && [ -n "$n" ]; } || sp_fail "could not parse under $p: $both / $(cat "$SP_TMP/normal")"
	detail="$detail $p:fifo=$f,normal=$n"
	: "${ref:=$f}"
	sp_true "$f >= $ref - 1.5 && $f <= $ref + 1.5" || bad="$bad $p"
done
echo "$boot" >"$SP/active" || sp_fail "$detail: switch back to $boot failed"
detail="$detail (want every fifo within 1.5 points of eevdf's)"
[ -z "$bad" ] || sp_fail "$detail: off under$bad"
sp_ok "$detail"
