/* SPDX-License-Identifier: GPL-2.0 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM sched_policy

#if !defined(_TRACE_SCHED_POLICY_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_SCHED_POLICY_H

#include <linux/sched.h>
#include <linux/tracepoint.h>

/* A policy chose the next task of its class on @cpu. */
TRACE_EVENT(sched_policy_pick,
	TP_PROTO(int cpu, struct task_struct *p, unsigned int nr_queued,
		 u64 cost_ns),
	TP_ARGS(cpu, p, nr_queued, cost_ns),
	TP_STRUCT__entry(
		__field(int, cpu)
		__field(pid_t, pid)
		__field(unsigned int, nr_queued)
		__field(u64, cost_ns)
	),
	TP_fast_assign(
		__entry->cpu = cpu;
		__entry->pid = p ? p->pid : -1;
		__entry->nr_queued = nr_queued;
		__entry->cost_ns = cost_ns;
	),
	TP_printk("cpu=%d pid=%d nr_queued=%u cost_ns=%llu",
		  __entry->cpu, __entry->pid, __entry->nr_queued,
		  (unsigned long long)__entry->cost_ns)
);

/* A policy decided that @woken preempts @curr. */
TRACE_EVENT(sched_policy_preempt,
	TP_PROTO(int cpu, struct task_struct *curr, struct task_struct *woken),
	TP_ARGS(cpu, curr, woken),
	TP_STRUCT__entry(
		__field(int, cpu)
		__field(pid_t, curr_pid)
		__field(pid_t, woken_pid)
	),
	TP_fast_assign(
		__entry->cpu = cpu;
		__entry->curr_pid = curr->pid;
		__entry->woken_pid = woken->pid;
	),
	TP_printk("cpu=%d curr=%d woken=%d", __entry->cpu,
		  __entry->curr_pid, __entry->woken_pid)
);

/* The generic balancer moved @p from @src_cpu to @dst_cpu. */
TRACE_EVENT(sched_policy_pull,
	TP_PROTO(struct task_struct *p, int src_cpu, int dst_cpu),
	TP_ARGS(p, src_cpu, dst_cpu),
	TP_STRUCT__entry(
		__field(pid_t, pid)
		__field(int, src_cpu)
		__field(int, dst_cpu)
	),
	TP_fast_assign(
		__entry->pid = p->pid;
		__entry->src_cpu = src_cpu;
		__entry->dst_cpu = dst_cpu;
	),
	TP_printk("pid=%d src_cpu=%d dst_cpu=%d", __entry->pid,
		  __entry->src_cpu, __entry->dst_cpu)
);

/* The active policy changed from @from to @to ("eevdf": the fair class). */
TRACE_EVENT(sched_policy_switch,
	TP_PROTO(const char *from, const char *to, unsigned int moved,
		 u64 duration_ns),
	TP_ARGS(from, to, moved, duration_ns),
	TP_STRUCT__entry(
		__string(from, from)
		__string(to, to)
		__field(unsigned int, moved)
		__field(u64, duration_ns)
	),
	TP_fast_assign(
		__assign_str(from);
		__assign_str(to);
		__entry->moved = moved;
		__entry->duration_ns = duration_ns;
	),
	TP_printk("from=%s to=%s moved=%u duration_us=%llu", __get_str(from),
		  __get_str(to), __entry->moved,
		  __entry->duration_ns / 1000)
);

#endif /* _TRACE_SCHED_POLICY_H */

#include <trace/define_trace.h>
