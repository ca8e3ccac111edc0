/* SPDX-License-Identifier: GPL-2.0 */
/* The simulator's <linux/math64.h>: tools' copy plus the divisions. */
#ifndef _SIM_LINUX_MATH64_H
#define _SIM_LINUX_MATH64_H

#include_next <linux/math64.h>
#include <linux/types.h>

static inline u64 div_u64(u64 dividend, u32 divisor)
{
	return dividend / divisor;
}

static inline u64 div64_u64(u64 dividend, u64 divisor)
{
	return dividend / divisor;
}

static inline s64 div_s64(s64 dividend, s32 divisor)
{
	return dividend / divisor;
}

static inline u64 mul_u64_u64_div_u64(u64 a, u64 b, u64 c)
{
	return (u64)(((unsigned __int128)a * b) / c);
}

#endif
