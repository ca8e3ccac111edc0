/* SPDX-License-Identifier: GPL-2.0 */
/* Simulated time: one clock for every CPU, advanced by the event loop. */
#ifndef _SIM_LINUX_SCHED_CLOCK_H
#define _SIM_LINUX_SCHED_CLOCK_H

#include <linux/types.h>

extern u64 sim_now;

static inline u64 local_clock(void)
{
	return sim_now;
}

#endif
