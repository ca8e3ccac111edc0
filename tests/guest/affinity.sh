#!/bin/sh
# affinity: hogs pinned with taskset to a CPU subset (CPUs 2-3 with >= 4
# CPUs, else CPU 0) never run elsewhere across ~50 samples of
# /proc/PID/stat field 39 (sampled by cpusample), and their affinity mask
# stays unchanged.
T=affinity
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

n=$SPTEST_NCPUS
# 3 hogs on 2 CPUs with CPUs 0-1 idle: the load balancer would love to
# move one of them away, the affinity must not let it.
if [ "$n" -ge 4 ]; then
	list=2-3
	mask=c
	allowed="2 3"
	npinned=3
	nfree=1
else
	list=0
	mask=1
	allowed="0"
	npinned=2
	nfree=0
fi
pinned=""
i=0
while [ $i -lt $npinned ]; do
	taskset -c "$list" hog -t 120 -l pinned$i >/dev/null 2>&1 &
	sp_track $!
	pinned="$pinned $!"
	i=$((i + 1))
done
# some unpinned load as well
i=0
while [ $i -lt $nfree ]; do
	hog -t 120 -l free$i >/dev/null 2>&1 &
	sp_track $!
	i=$((i + 1))
done
sleep 0.3

check_mask() {
	for p in $pinned; do
		m=$(taskset -p "$p" 2>/dev/null | sed -n 's/.*affinity mask: *//p')
		l=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' "/proc/$p/status" 2>/dev/null)
		[ "$m" = "$mask" ] || sp_fail "pid $p affinity mask '$m' ($1), expected '$mask'"
		[ "$l" = "$list" ] || sp_fail "pid $p Cpus_allowed_list '$l' ($1), expected '$list'"
	done
}
check_mask before

# sample in C: a shell loop forking sleep(1) is too slow under TCG
# shellcheck disable=SC2086 # pid list
cpusample -n 50 -i 50 $pinned >"$SP_TMP/samples" 2>&1 ||
	sp_fail "cpusample failed: $(tail -n 1 "$SP_TMP/samples")"
cat "$SP_TMP/samples"
seen=""
while read -r tag pid _ cpus counts aff changes; do
	[ "$tag" = CPUSAMPLE ] || continue
	for c in $(echo "${cpus#cpus=}" | tr ',' ' '); do
		case " $allowed " in
		*" $c "*) ;;
		*) sp_fail "${pid#pid=} seen on CPU $c (allowed $list): $counts" ;;
		esac
		case " $seen " in
		*" $c "*) ;;
		*) seen="$seen $c" ;;
		esac
	done
	[ "$aff" = "affinity=$list" ] || sp_fail "${pid#pid=} $aff, expected $list"
	[ "$changes" = affinity_changes=0 ] || sp_fail "${pid#pid=} $changes"
done <"$SP_TMP/samples"
check_mask after
sp_ok "ncpus=$n list=$list mask=$mask pinned=$npinned unpinned=$nfree samples=50 cpus_seen=[$seen ]"
