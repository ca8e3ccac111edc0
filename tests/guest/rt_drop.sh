#!/bin/sh
# rt_drop: a running SCHED_FIFO task that switches itself to SCHED_OTHER
# is preempted at once by the RT task queued behind it on its CPU: the
# policy class must reschedule a task that drops into it, not wait for a
# slice end or a wakeup.  Want < 10 ms (rr's slice is 10 ms; eevdf takes
# about 1.5 ms here under TCG with lockdep).
T=rt_drop
# shellcheck source=tests/guest/lib.sh
. /tests/lib.sh
sp_begin

line=$(rtdrop -c 0 -t 2) || sp_fail "the RT task did not run: $line"
delay=$(sp_kv delay_us "$line")
detail="policy=$(sp_active) delay_us=$delay (want < 10000)"
[ "$delay" -lt 10000 ] || sp_fail "$detail"
sp_ok "$detail"
