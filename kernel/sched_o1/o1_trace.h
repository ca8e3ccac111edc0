/* SPDX-License-Identifier: GPL-2.0 */
/*
 * o1's own trace events: the interactivity estimate of each woken task,
 * so a test (or a researcher) can see which tasks O(1) classes as
 * interactive and why, where each slice end sends its task, and each
 * array swap with the time the expired array waited for it (what the
 * starvation limit bounds).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM sched_o1

#if !defined(_SCHED_O1_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _SCHED_O1_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(sched_o1_wakeup,

	TP_PROTO(struct task_struct *p, int prio, u64 sleep_avg,
		 bool interactive, int sleep_type),

	TP_ARGS(p, prio, sleep_avg, interactive, sleep_type),

	TP_STRUCT__entry(
		__array(char,	comm, TASK_COMM_LEN)
		__field(pid_t,	pid)
		__field(int,	static_prio)
		__field(int,	prio)
		__field(u64,	sleep_avg_us)
		__field(bool,	interactive)
		__field(int,	sleep_type)
	),

	TP_fast_assign(
		memcpy(__entry->comm, p->comm, TASK_COMM_LEN);
		__entry->pid		= p->pid;
		__entry->static_prio	= p->static_prio;
		__entry->prio		= prio;
		__entry->sleep_avg_us	= div_u64(sleep_avg, NSEC_PER_USEC);
		__entry->interactive	= interactive;
		__entry->sleep_type	= sleep_type;
	),

	/*
	 * sleep_type as 2.6.22 named it: what the wait on the run queue
	 * will earn at the pick (none, ON_RUNQUEUE_WEIGHT of it after a
	 * task's wakeup, all of it after an interrupt's)
	 */
	TP_printk("comm=%s pid=%d static_prio=%d prio=%d sleep_avg_us=%llu interactive=%d sleep_type=%s",
		  __entry->comm, __entry->pid, __entry->static_prio,
		  __entry->prio, __entry->sleep_avg_us, __entry->interactive,
		  __print_symbolic(__entry->sleep_type,
				   { 0, "normal" }, { 1, "noninteractive" },
				   { 2, "interactive" }, { 3, "interrupted" }))
);

/*
 * A slice ended (task_running_tick()): where the task went, with its new
 * dynamic priority.  to (enum o1_expiry): 0 the expired array, 1 back
 * into the active array (interactive), 2 the expired array because it
 * was starving.
 */
TRACE_EVENT(sched_o1_slice_end,

	TP_PROTO(struct task_struct *p, int cpu, int prio, int to),

	TP_ARGS(p, cpu, prio, to),

	TP_STRUCT__entry(
		__field(pid_t,	pid)
		__field(int,	cpu)
		__field(int,	prio)
		__field(int,	to)
	),

	TP_fast_assign(
		__entry->pid	= p->pid;
		__entry->cpu	= cpu;
		__entry->prio	= prio;
		__entry->to	= to;
	),

	TP_printk("pid=%d cpu=%d prio=%d to=%s", __entry->pid, __entry->cpu,
		  __entry->prio, __entry->to == 1 ? "active" :
		  __entry->to == 0 ? "expired" : "expired_starving")
);

/* The arrays swap: how long the expired array had waited. */
TRACE_EVENT(sched_o1_array_swap,

	TP_PROTO(int cpu, u64 waited_ns, unsigned int nr_queued),

	TP_ARGS(cpu, waited_ns, nr_queued),

	TP_STRUCT__entry(
		__field(int,		cpu)
		__field(u64,		waited_us)
		__field(unsigned int,	nr_queued)
	),

	TP_fast_assign(
		__entry->cpu		= cpu;
		__entry->waited_us	= div_u64(waited_ns, NSEC_PER_USEC);
		__entry->nr_queued	= nr_queued;
	),

	TP_printk("cpu=%d waited_us=%llu nr_queued=%u",
		  __entry->cpu, __entry->waited_us, __entry->nr_queued)
);

#endif /* _SCHED_O1_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE o1_trace
#include <trace/define_trace.h>
