/* SPDX-License-Identifier: GPL-2.0 */
/* The core's trace events, as the simulator's balance.c build sees them. */
#ifndef _SIM_TRACE_SCHED_POLICY_H
#define _SIM_TRACE_SCHED_POLICY_H

struct task_struct;

static inline void trace_sched_policy_pull(struct task_struct *p, int src,
					   int dst) { }

#endif
