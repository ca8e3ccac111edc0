#!/bin/sh
# stress_badinput: bad values written to every writable file under
# /sys/kernel/sched_policy (active, balance_interval_ms,
# watchdog_timeout_ms, timing, every tunable of every policy), by root and by
# uid 1000; the exhaustive version of sysfs_bad_write / sysfs_nonroot.
#
# Phase 1, one value at a time, each with one write():
#   root, numeric files: empty (a bare newline, two newlines, a blank, a
#     tab, CR-LF; a zero-length write, which sysfs never passes on and must
#     change nothing), overlong (24 digits, a 24-character zero-padded
#     valid value, 64 and 4095 digits, 5000 digits, which sysfs cuts to a
#     page, a valid value and 40 blanks), negative, out of range (the
#     file's MIN-1 and MAX+1 from the table below; 1, 50 and 99 for
#     watchdog_timeout_ms; 2^32+V, 2^64-1, 2^64, 2^64+7, 10^20-1),
#     non-numeric (abc, Vabc, V with a blank before or after, +V, 0x1f,
#     1e3, V.5, V,V, V CR, V LF V, V LF LF, a non-ASCII digit, NaN) and
#     binary (NUL alone, before, after and inside V; 0x01, 0xff, an escape
#     sequence, bytes >= 0x80): every write must fail with EINVAL
#   root, active: the same kinds (blank, 16/64/5000 characters, -1, 2^64,
#     upper case, two names, names with blanks, commas, slashes, tabs, CR,
#     names no policy has - which are tried as modules first -, NUL and
#     control bytes): EINVAL
#   root, the read-only files (available, every stats, check): EACCES
#   uid 1000, every writable file: a valid value (another policy for
#     active), empty, negative, non-numeric, overlong, binary: EACCES or
#     EPERM; then, with every writable file made 0666 (chmod, put back
#     after), a valid value must still fail, with EPERM (the CAP_SYS_ADMIN
#     check); uid 1000 can read every file but check (EACCES; EPERM when
#     made 0444), and reads what root reads
# After every write the file written and, after each file's series, every
# file (all but stats and check) must read back as before.  Valid values
# (V, the file's MAX or MIN, whichever differs from the current value;
# the 23-character zero-padded V; V without a newline; the old value
# again) must be accepted and read back, so that the refusals above are
# not those of a file that refuses everything.
# Phase 2, until sptest.stress_s=S seconds (default 10) have passed since
# the start, at least 5 s: two root writers and one uid 1000 writer loop
# over every writable file with bad values of every kind (EINVAL / EACCES
# or EPERM expected), while a root writer alternates one tunable between
# two valid values and reads each back, churn workers and their nice and
# policy changes load the CPUs, and the test reads every file every
# 0.3 s: nothing may change but that tunable, and that only to one of its
# two values.
# At the end every value is the one at the start, the active policy did
# not change and the kernel log has no hung task, lockup, stall or OOM
# report.  Prints:
#   STRESS badinput policy=P files=F bad_inputs=N ...
T=stress_badinput
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

secs=$(sp_stress_secs)
start=$(sp_now_s)
pol=$(sp_active)
sp_kmsg_mark
[ -d "$SP" ] || sp_fail "$SP missing"
cd "$SP" || sp_fail "cannot cd to $SP"

# range FILE: R="MIN MAX" of FILE, from the policies' tables
# (kernel/sched_*/*.c) and sysfs/ABI.md; empty for a file not listed (then
# only the values bad for any range are tried)
range() {
	R=""
	case "$1" in
	balance_interval_ms) R="1 1000" ;;
	watchdog_timeout_ms) R="0 3600000" ;;
	timing) R="0 1" ;;
	rr/tunables/timeslice_ms) R="1 1000" ;;
	o1/tunables/base_timeslice_ms) R="10 1000" ;;
	o1/tunables/min_timeslice_ms) R="1 100" ;;
	o1/tunables/starvation_limit_ms) R="0 60000" ;;
	o1/tunables/max_bonus) R="2 20" ;;
	o1/tunables/interactive_delta) R="0 20" ;;
	o1/tunables/granularity_ms) R="1 1000" ;;
	o1/tunables/child_penalty | o1/tunables/parent_penalty | \
		o1/tunables/on_runqueue_weight) R="0 100" ;;
	o1/tunables/runqueue_credit | o1/tunables/wake_placement) R="0 1" ;;
	cfs/tunables/sched_latency_ns | cfs/tunables/sched_min_granularity_ns)
		R="100000 1000000000" ;;
	cfs/tunables/sched_wakeup_granularity_ns | cfs/tunables/yield_granularity_ns)
		R="0 1000000000" ;;
	cfs/tunables/sched_tunable_scaling) R="0 2" ;;
	cfs/tunables/yield_mode) R="0 3" ;;
	cfs/tunables/sched_child_runs_first | cfs/tunables/gentle_fair_sleepers | \
		cfs/tunables/start_debit | cfs/tunables/wakeup_preemption | \
		cfs/tunables/next_buddy | cfs/tunables/last_buddy | cfs/tunables/hrtick)
		R="0 1" ;;
	bfs/tunables/rr_interval_ms) R="0 1000" ;;
	bfs/tunables/cache_locality) R="0 1" ;;
	esac
}

# pad N VALUE: PAD=VALUE with zeros in front up to N characters
pad() {
	PAD=$2
	while [ ${#PAD} -lt "$1" ]; do
		PAD=0$PAD
	done
}

numeric="balance_interval_ms watchdog_timeout_ms timing"
for f in */tunables/*; do
	[ -f "$f" ] && numeric="$numeric $f"
done
rw="active $numeric"
ro="available"
for f in */stats check; do
	[ -f "$f" ] && ro="$ro $f"
done
[ -e check ] || echo "$T: note: $SP/check absent, its checks skipped"
# shellcheck disable=SC2086 # word lists
modes0=$(stat -c '%a %n' $rw $ro)
wrongmodes=$(echo "$modes0" | awk '
	{ want = "644" }
	$2 == "check" { want = "400" }
	$2 == "available" || $2 ~ /\/stats$/ { want = "444" }
	$1 != want { printf " %s is %s, want %s;", $2, $1, want }')

# the state: every file but stats and check, read with shell builtins
snap() {
	S=""
	for _sf in available $rw; do
		_sv="(unreadable)"
		read -r _sv <"$_sf"
		S="$S $_sf=$_sv"
	done
	S="$S "
}
snap
S0=$S
echo "$T: state at the start:$S0"
nprob=0
probs=""

# fail, with every writable file put back first (as far as it goes)
fail() {
	for _xf in $rw; do
		read -r _xo 2>/dev/null <"$SP_TMP/orig.${_xf%%/*}.${_xf##*/}" &&
			echo "$_xo" 2>/dev/null >"$_xf"
	done
	sp_fail "$* (policy=$pol)"
}

# the value of every writable file at the start, for restore_all
for f in $rw; do
	read -r v <"$f"
	echo "$v" >"$SP_TMP/orig.${f%%/*}.${f##*/}"
done

# a wrong answer in phase 1 is noted (the first 5 for the verdict), the
# state put back, and the test goes on, to report every one
problem() {
	nprob=$((nprob + 1))
	echo "$T: PROBLEM: $*"
	[ $nprob -gt 5 ] || probs="$probs $*;"
	restore_all
}

# every writable file back to its value at the start
restore_all() {
	for _rf in $rw; do
		read -r _ro <"$SP_TMP/orig.${_rf%%/*}.${_rf##*/}"
		read -r _rn <"$_rf"
		[ "$_rn" != "$_ro" ] || continue
		echo "$_ro" >"$_rf"
		read -r _rn <"$_rf"
		[ "$_rn" = "$_ro" ] || fail "cannot restore $_rf to '$_ro' (reads '$_rn')"
		echo "$T: restored $_rf to $_ro"
	done
}

ef=$SP_TMP/err
# put VALUE FILE: write VALUE (echo -ne escapes) to FILE with one write();
# ERR is OK or the errno name (EINVAL, EACCES, EPERM, else the message)
put() {
	# shellcheck disable=SC3037 # busybox echo: -n and -e are there
	if echo -ne "$1" 2>"$ef" >"$2"; then
		ERR=OK
		return
	fi
	_pm=""
	read -r _pm <"$ef"
	case "$_pm" in
	*"Invalid argument"*) ERR=EINVAL ;;
	*"Permission denied"*) ERR=EACCES ;;
	*"Operation not permitted"*) ERR=EPERM ;;
	*) ERR="'$_pm'" ;;
	esac
}

# the uid 1000 side: sh nr.sh <LIST, LIST lines "FILE VALUE"; prints
# "FILE ERR" for each
cat >"$SP_TMP/nr.sh" <<'EOF'
while read -r f v; do
	if echo -ne "$v" 2>/tmp/nr.err >"$f"; then
		echo "$f OK"
		continue
	fi
	read -r m </tmp/nr.err
	case "$m" in
	*"Invalid argument"*) echo "$f EINVAL" ;;
	*"Permission denied"*) echo "$f EACCES" ;;
	*"Operation not permitted"*) echo "$f EPERM" ;;
	*) echo "$f '$m'" ;;
	esac
done
EOF
: >"$SP_TMP/nr.list"
: >"$SP_TMP/cap.list"

bad=0
good=0
nonroot=0
shown() {
	printf '%s' "$1" | cut -c1-24
}

# bad FILE WANT VALUE...: root writes each VALUE; each must fail with WANT
# and leave FILE as it was (check is not read back: reading runs it)
bad() {
	_bf=$1
	_bw=$2
	shift 2
	_bb=-
	[ "$_bf" = check ] || read -r _bb <"$_bf"
	for _bv in "$@"; do
		put "$_bv" "$_bf"
		_bn="(unreadable)"
		if [ "$_bf" = check ]; then
			_bn=-
		else
			read -r _bn <"$_bf"
		fi
		bad=$((bad + 1))
		[ "$ERR" = "$_bw" ] ||
			problem "$_bf: writing '$(shown "$_bv")' gave $ERR, want $_bw"
		[ "$_bn" = "$_bb" ] ||
			problem "$_bf: '$_bb' became '$_bn' after writing '$(shown "$_bv")'"
	done
}

# good FILE VALUE READBACK: root writes VALUE; it must be accepted and
# FILE read READBACK
good() {
	put "$2" "$1"
	[ "$ERR" = OK ] || problem "$1: valid '$(shown "$2")' refused: $ERR"
	read -r _gn <"$1"
	[ "$_gn" = "$3" ] || problem "$1: wrote '$(shown "$2")', read back '$_gn', want '$3'"
	good=$((good + 1))
}

# nr FILE VALUE...: uid 1000 is to write each VALUE (later, all files in
# one go: nr_run)
nr() {
	_nf=$1
	shift
	for _nv in "$@"; do
		echo "$_nf $_nv" >>"$SP_TMP/nr.list"
	done
}

# nr_run LIST WANT: uid 1000 writes the values of LIST; each must fail
# with one of WANT ("EACCES|EPERM" or "EPERM"), and nothing may change
nr_run() {
	runas 1000 sh "$SP_TMP/nr.sh" <"$1" >"$SP_TMP/nr.out" 2>&1 ||
		fail "runas failed: $(cat "$SP_TMP/nr.out")"
	_ni=0
	while read -r _nf _nr; do
		_ni=$((_ni + 1))
		case "|$2|" in
		*"|$_nr|"*) ;;
		*) problem "$_nf: uid 1000 write #$_ni: $_nr, want $2" ;;
		esac
	done <"$SP_TMP/nr.out"
	_nn=$(wc -l <"$1")
	[ "$_ni" = "$_nn" ] || fail "uid 1000: $_ni results for $_nn writes: $(tail -n 3 "$SP_TMP/nr.out")"
	nonroot=$((nonroot + _ni))
	snap
	[ "$S" = "$S0" ] || problem "state changed by uid 1000 writes ($2):$S (was:$S0)"
}

# zero FILE: a zero-length write (sysfs does not call the store) changes
# nothing; fine whether it "succeeds" or fails with EINVAL
zero() {
	read -r _zb <"$1"
	sysfswrite -n -- "$1" "" >"$SP_TMP/zero" 2>&1
	read -r _zo <"$SP_TMP/zero"
	case "$_zo" in
	*"ok wrote=0"* | *errno=EINVAL*) ;;
	*) problem "$1: zero-length write: $_zo" ;;
	esac
	read -r _zn <"$1"
	[ "$_zn" = "$_zb" ] || problem "$1: changed by a zero-length write"
	bad=$((bad + 1))
}

# chmodded FILE VALUE: with FILE made 0666 (by cap_run), uid 1000 writing
# VALUE must fail with EPERM (the CAP_SYS_ADMIN check)
chmodded() {
	echo "$1 $2" >>"$SP_TMP/cap.list"
}

# cap_run: the chmodded writes, with every writable file made 0666 and put
# back to 0644 after
cap_run() {
	# shellcheck disable=SC2086 # word list
	if ! chmod 0666 $rw 2>/dev/null; then
		# shellcheck disable=SC2086 # word list
		chmod 0644 $rw
		echo "$T: note: cannot chmod the files, capability check skipped"
		return
	fi
	nr_run "$SP_TMP/cap.list" EPERM
	# shellcheck disable=SC2086 # word list
	chmod 0644 $rw || fail "cannot chmod the files back to 0644"
}

[ -z "$wrongmodes" ] || problem "file modes:$wrongmodes"

ones24=$(printf '%024d' 0 | tr 0 1)
nines64=$(printf '%064d' 0 | tr 0 9)
ones4095=$(printf '%04095d' 0 | tr 0 1)
ones5000=$(printf '%05000d' 0 | tr 0 1)
a16=$(printf '%016d' 0 | tr 0 a)
a64=$(printf '%064d' 0 | tr 0 a)
a5000=$(printf '%05000d' 0 | tr 0 a)
blanks40=$(printf '%40s' '')

t1=$(sp_uptime)
nfiles=0
for f in $numeric; do
	nfiles=$((nfiles + 1))
	read -r cur <"$f"
	range "$f"
	r=$R
	lo=${r% *}
	hi=${r#* }
	if [ -z "$r" ]; then
		echo "$T: note: no range known for $f, only values bad for any range tried"
		v=$cur
	elif [ "$cur" != "$hi" ]; then
		v=$hi
	else
		v=$lo
	fi
	# empty
	bad "$f" EINVAL '\n' '\n\n' ' \n' '\t\n' '\r\n'
	zero "$f"
	# overlong
	pad 24 "$v"
	bad "$f" EINVAL "$ones24\\n" "$PAD\\n" "$nines64\\n" \
		"$ones4095\\n" "$ones5000\\n" "$v$blanks40\\n"
	# negative
	bad "$f" EINVAL '-1\n' "-$v\\n" '-0\n' '-9223372036854775808\n' \
		'-18446744073709551615\n'
	# out of range
	bad "$f" EINVAL "$((4294967296 + v))\\n" '18446744073709551615\n' \
		'18446744073709551616\n' '18446744073709551623\n' \
		'99999999999999999999\n'
	if [ -n "$r" ]; then
		[ "$lo" -eq 0 ] || bad "$f" EINVAL "$((lo - 1))\\n"
		bad "$f" EINVAL "$((hi + 1))\\n" "$((hi * 10 + 1))\\n"
	fi
	[ "$f" != watchdog_timeout_ms ] || bad "$f" EINVAL '1\n' '50\n' '99\n'
	# non-numeric
	bad "$f" EINVAL 'abc\n' "${v}abc\\n" "$v \\n" " $v\\n" "+$v\\n" '0x1f\n' \
		'1e3\n' "$v.5\\n" "$v,$v\\n" "\\t$v\\n" "$v\\r\\n" "$v\\n$v\\n" \
		"$v\\n\\n" '\0331\0243\n' 'NaN\n' 'seven\n'
	# binary
	bad "$f" EINVAL '\0000\n' "$v\\0000\\n" "\\0000$v\\n" "$v\\0000$v\\n" \
		"$v\\0000" '\0001\n' '\0377\n' "$v\\0377\\n" '\0033[0m\n' \
		'\0200\0201\0376\n'
	# valid values are accepted (so the refusals above mean something)
	good "$f" "$v\\n" "$v"
	pad 23 "$cur"
	good "$f" "$PAD\\n" "$cur"
	good "$f" "$v" "$v"
	good "$f" "$cur\\n" "$cur"
	# uid 1000
	nr "$f" "$v\\n" '\n' '-1\n' 'abc\n' "$ones5000\\n" '\0000\n'
	chmodded "$f" "$v\\n"
	snap
	[ "$S" = "$S0" ] || problem "state changed during the writes to $f:$S (was:$S0)"
done

ta=$(sp_uptime)
echo "$T: numeric files: $(sp_calc "$ta - $t1")s"
# active
nfiles=$((nfiles + 1))
alt=$pol
read -r avail <available
for p in $avail; do
	[ "$p" = "$pol" ] || alt=$p
done
ALT=$(echo "$alt" | tr '[:lower:]' '[:upper:]')
bad active EINVAL '\n' '\n\n' ' \n' '\t\n' '\r\n'
zero active
bad active EINVAL "$a16\\n" "$a64\\n" "$a5000\\n" '-1\n' "-$alt\\n" \
	'18446744073709551616\n' "$ALT\\n" 'EEVDF\n' "$alt $alt\\n" " $alt\\n" \
	"$alt \\n" "$alt,$pol\\n" 'o1,cfs\n' "../$alt\\n" "$alt/\\n" "\\t$alt\\n" \
	"$alt\\n\\n" "$alt\\r\\n" 'nonsense\n' '0\n' 'zzzzzzzzzzzzzzz\n' \
	"$alt\\0000\\n" "\\0000$alt\\n" '\0000\n' "$alt\\0001\\n" '\0377\n' \
	'eevdf\0000\n' "$pol\\0000"
nr active "$alt\\n" "$pol\\n" '\n' 'nonsense\n' "$a5000\\n" '\0000\n'
chmodded active "$alt\\n"
snap
[ "$S" = "$S0" ] || problem "state changed during the writes to active:$S (was:$S0)"

# uid 1000: every file, its values
nr_run "$SP_TMP/nr.list" "EACCES|EPERM"
cap_run

# the read-only files
for f in $ro; do
	nfiles=$((nfiles + 1))
	bad "$f" EACCES '1\n' '\n' 'eevdf\n' '\0000\n'
done
# shellcheck disable=SC2016,SC2086 # the inner script's variables; word list
runas 1000 sh -c 'for f; do read -r v <"$f" || echo "unreadable $f"; echo "$f=$v"; done' \
	sh available $rw >"$SP_TMP/nr.read" 2>&1
S=""
while read -r l; do
	S="$S $l"
done <"$SP_TMP/nr.read"
S="$S "
[ "$S" = "$S0" ] || problem "uid 1000 reads:$S, root:$S0"
# shellcheck disable=SC2016 # the inner script's variables
o=$(runas 1000 sh -c 'for f; do read -r v <"$f" || echo "unreadable $f"; done' sh ./*/stats 2>&1)
[ -z "$o" ] || problem "uid 1000 reading the stats: $o"
if [ -e check ]; then
	o=$(runas 1000 cat check 2>&1) && problem "uid 1000 read check: $o"
	case "$o" in
	*"Permission denied"*) ;;
	*) problem "uid 1000 reading check: $o (want EACCES)" ;;
	esac
	if chmod 0444 check 2>/dev/null; then
		o=$(runas 1000 cat check 2>&1)
		rc=$?
		chmod 0400 check
		[ "$(stat -c %a check)" = 400 ] || fail "check: mode not restored to 400"
		[ $rc != 0 ] || problem "uid 1000 read check made 0444: $o"
		case "$o" in
		*"Operation not permitted"*) ;;
		*) problem "uid 1000 reading check made 0444: $o (want EPERM)" ;;
		esac
	fi
fi
t2=$(sp_uptime)
phase1="bad=$bad good=$good nonroot=$nonroot secs=$(sp_calc "$t2 - $t1")"
echo "$T: phase 1: files=$nfiles $phase1 problems=$nprob"
# shellcheck disable=SC2086 # word lists
modes=$(stat -c '%a %n' $rw $ro)
[ "$modes" = "$modes0" ] || fail "file modes changed in phase 1: $modes (was $modes0)"
snap
[ "$S" = "$S0" ] || fail "state changed in phase 1:$S (was:$S0)"

# --- phase 2: concurrent bad writers under load -----------------------
end=$((start + secs))
[ "$end" -ge $(($(sp_now_s) + 5)) ] || end=$(($(sp_now_s) + 5))
# bad values for every file (none that "active" would try as a module)
pool='\n
\n\n
-1\n
ABC\n
1 x\n
 1\n
+1\n
0X1\n
\0000\n
1\00001\n
\0377\n
-\n
1.5\n
1,2\n
'"$ones24\\n
$ones5000\\n"'
18446744073709551616\n'
# the tunable the good writer toggles, and its two values
gf=""
for f in $numeric; do
	range "$f"
	case "$f" in
	*/tunables/*) [ -n "$R" ] && gf=$f && break ;;
	esac
done
if [ -n "$gf" ]; then
	read -r g1 <"$gf"
	range "$gf"
	r=$R
	g2=${r#* }
	[ "$g1" != "$g2" ] || g2=${r% *}
fi
export POOL="$pool" FILES="$rw" END="$end"
# writer WANT: every file, every value of the pool, until END; prints
# WRITES n, and one line per write that did not fail with WANT
cat >"$SP_TMP/writer.sh" <<'EOF'
n=0
want=$1
cd /sys/kernel/sched_policy || exit 1
set -f
nl='
'
while :; do
	IFS=' '
	read -r up _ </proc/uptime
	[ "${up%.*}" -lt "$END" ] || break
	for f in $FILES; do
		IFS=$nl
		for v in $POOL; do
			n=$((n + 1))
			if echo -ne "$v" 2>/tmp/w.$$ >"$f"; then
				echo "$f: '$v' accepted"
				continue
			fi
			m=""
			read -r m </tmp/w.$$
			case "$want:$m" in
			EINVAL:*"Invalid argument"*) ;;
			DENIED:*"Permission denied"* | DENIED:*"Operation not permitted"*) ;;
			*) echo "$f: '$v': $m" ;;
			esac
		done
	done
done
echo "WRITES $n"
EOF
cat >"$SP_TMP/good.sh" <<'EOF'
n=0
while :; do
	read -r up _ </proc/uptime
	[ "${up%.*}" -lt "$END" ] || break
	for v in "$2" "$3"; do
		echo "$v" >"$1" || echo "$1: '$v' refused"
		read -r now <"$1"
		[ "$now" = "$v" ] || echo "$1: wrote '$v', read '$now'"
		n=$((n + 1))
	done
done
echo "$2" >"$1"
echo "GOODWRITES $n"
EOF
sp_bg load churn attr -c 4 -u $((50 * secs)) -a np -t $((end - $(sp_now_s)))
sp_bg w1 sh "$SP_TMP/writer.sh" EINVAL
sp_bg w2 sh "$SP_TMP/writer.sh" EINVAL
sp_bg w3 runas 1000 sh "$SP_TMP/writer.sh" DENIED
jobs="load w1 w2 w3"
if [ -n "$gf" ]; then
	sp_bg good sh "$SP_TMP/good.sh" "$gf" "$g1" "$g2"
	jobs="$jobs good"
fi
reads=0
while [ "$(sp_now_s)" -lt "$end" ]; do
	snap
	reads=$((reads + 1))
	if [ "$S" != "$S0" ]; then
		s1=$(echo "$S" | sed "s# $gf=$g2 # $gf=$g1 #")
		[ "$s1" = "$S0" ] || fail "state changed in phase 2:$S (was:$S0)"
	fi
	sleep 0.3
done
# shellcheck disable=SC2086 # word list
failed=$(sp_bg_wait 60 $jobs) || fail "phase 2: $failed"
for w in w1 w2 w3 good; do
	[ -e "$SP_TMP/$w.out" ] || continue
	grep -v -E '^(GOOD)?WRITES ' "$SP_TMP/$w.out" | head -n 5 >"$SP_TMP/odd"
	[ ! -s "$SP_TMP/odd" ] || fail "phase 2, writer $w: $(tr '\n' ';' <"$SP_TMP/odd")"
done
sp_cleanup
concurrent=$(sed -n 's/^WRITES //p' "$SP_TMP/w1.out" "$SP_TMP/w2.out" "$SP_TMP/w3.out" |
	awk '{ s += $1 } END { print s + 0 }')
goodw=$(sed -n 's/^GOODWRITES //p' "$SP_TMP/good.out" 2>/dev/null)
snap
[ "$S" = "$S0" ] || fail "state at the end:$S (was:$S0)"
problems=$(sp_dmesg_problems) && problems=""
[ -z "$problems" ] || fail "kernel log: $(echo "$problems" | head -n 5 | tr '\n' ';')"
v=$(sp_policy_check) || fail "consistency check: $v"

detail="policy=$pol files=$nfiles bad_inputs=$((bad + nonroot + concurrent)) root_bad=$bad"
detail="$detail nonroot_bad=$nonroot valid_accepted=$good phase1_s=$(sp_calc "$t2 - $t1")"
detail="$detail concurrent_bad=$concurrent concurrent_good=${goodw:-0} (${gf:-none}) state_reads=$reads"
detail="$detail check=$(echo "$v" | cut -d' ' -f1) problems=$nprob"
echo "STRESS badinput $detail"
[ $nprob = 0 ] || fail "$nprob wrong answers in phase 1, the first:$probs $detail"
sp_ok "$detail"
