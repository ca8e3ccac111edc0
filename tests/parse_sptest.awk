# parse_sptest.awk: one guest boot's serial log -> "PASS|FAIL|XPASS|XFAIL|XNA
# <TAB>name<TAB>reason" lines (tests/run's parse_sptest()).  Variables (-v):
# id (the boot's name), expected and cross (space-separated test names),
# status (the boot's outcome in words), qrc (qemu-run's exit status),
# splat_re and wd_re (kernel lines that fail the test running), wd_expect
# (tests in which wd_re lines are expected).  A guest line is
# "SPTEST: begin NAME", "SPTEST: ok|not ok NAME DETAIL" or "SPTEST: done";
# a kernel message may be printed into the middle of one.
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
function add(t) { if (!(t in known)) { known[t] = 1; order[++n] = t } }
BEGIN {
	m = split(expected, ex, " ")
	for (i = 1; i <= m; i++) add(ex[i])
	m = split(cross, cx, " ")
	for (i = 1; i <= m; i++) { add(cx[i]); iscross[cx[i]] = 1 }
	cur = ""
}
# the test name: what a guest script may be called
function name_of(s) {
	return match(s, /^[A-Za-z0-9_.-]+/) ? substr(s, 1, RLENGTH) : s
}
function kernel_line(line) {
	sub(/^(\[[^]]*\])+ ?/, "", line)
	nkernel++
	if (trim(line) != "") lastk = trim(line)
	if (line ~ splat_re || (line ~ wd_re && cur !~ wd_expect)) {
		if (cur != "") {
			if (!(cur in splat)) splat[cur] = trim(line)
		} else if (bootsplat == "") {
			bootsplat = trim(line)
		}
		if (line ~ /Kernel panic/ && panic == "") panic = trim(line)
	}
}
function sptest_line(s,    bad, rest, t, det) {
	if (s ~ /^begin /) {
		t = name_of(substr(s, 7))
		add(t); cur = t
	} else if (s ~ /^(not )?ok /) {
		bad = (s ~ /^not /)
		rest = substr(s, bad ? 8 : 4)
		t = name_of(rest)
		det = substr(rest, length(t) + 1); sub(/^ /, "", det)
		add(t); nv[t]++
		if (bad && !(t in fail)) fail[t] = det
		if (!bad && !(t in okdet)) okdet[t] = det
		if (t == cur) cur = ""
	} else if (s ~ /^done/) {
		done = 1
	}
}
{
	sub(/\r+$/, "")
	line = $0
	if (line ~ /^\[ *[0-9]+\.[0-9]+\]/) {
		kernel_line(line)
		next
	}
	p = index(line, "SPTEST: ")
	if (!p) next
	s = substr(line, p + 8)
	# a kernel message printed into this line: its own line, in
	# the test that printed "begin", before the verdict it split
	k = ""
	if (match(s, /\[ *[0-9]+\.[0-9][0-9][0-9][0-9][0-9][0-9]\]/)) {
		k = substr(s, RSTART)
		s = substr(s, 1, RSTART - 1)
	}
	if (k != "" && s !~ /^begin /) kernel_line(k)
	sptest_line(s)
	if (k != "" && s ~ /^begin /) kernel_line(k)
}
END {
	for (i = 1; i <= n; i++) {
		t = order[i]; name = id "/" (t in iscross ? "cross/" : "") t
		if ((t in iscross) && !(t in splat) && nv[t] == 1) {
			if (t in fail)
				printf "XFAIL\t%s\t%s\n", name, fail[t]
			else if (okdet[t] ~ /^cross=n\/a/)
				printf "XNA\t%s\t%s\n", name, okdet[t]
			else
				printf "XPASS\t%s\t%s\n", name, okdet[t]
			continue
		}
		if (t in splat)
			printf "FAIL\t%s\tkernel splat during test: %s\n", name, splat[t]
		else if (!(t in nv))
			printf "FAIL\t%s\tno verdict (%s)\n", name, status
		else if (t in fail)
			printf "FAIL\t%s\t%s\n", name, fail[t]
		else if (nv[t] > 1)
			printf "FAIL\t%s\t%d verdicts, expected one\n", name, nv[t]
		else
			printf "PASS\t%s\t%s\n", name, okdet[t]
	}
	name = id "/boot"
	why = ""
	if (qrc == 2)
		why = status
	else if (!done)
		why = status (panic != "" ? ": " panic : "")
	if (!done && !nkernel)
		why = why "; no kernel output at all (died before the console came up: try --append earlyprintk=serial,ttyS0,115200 or QEMU_EXTRA=\"-d int,cpu_reset -D qemu.dbg\")"
	else if (!done && panic == "" && lastk != "")
		why = why "; last kernel line: " lastk
	if (bootsplat != "")
		why = why (why != "" ? "; " : "") "kernel splat outside tests: " bootsplat
	if (why != "")
		printf "FAIL\t%s\t%s\n", name, why
	else
		printf "PASS\t%s\t%s\n", name, status
}
