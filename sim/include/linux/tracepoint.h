/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Trace events compile to nothing in the simulator: it reports what it
 * sees from the hooks' outside (runs, waits, switches) instead.
 */
#ifndef _SIM_LINUX_TRACEPOINT_H
#define _SIM_LINUX_TRACEPOINT_H

#define TP_PROTO(args...)	args
#define TP_ARGS(args...)	args
#define TRACE_EVENT(name, proto, args, tstruct, assign, print)	\
	static inline void trace_##name(proto) { }

#endif
