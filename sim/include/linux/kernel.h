/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The simulator's <linux/kernel.h>: the kernel's user-space copy
 * (tools/include) plus what policies use from the kernel proper.  A
 * WARN is a broken contract: the simulator counts it, names the place
 * and fails the run.
 */
#ifndef _SIM_LINUX_KERNEL_H
#define _SIM_LINUX_KERNEL_H

#include_next <linux/kernel.h>
#include <linux/compiler.h>
#include <linux/kconfig.h>
#include <linux/types.h>
#include <linux/time64.h>
#include <linux/math64.h>
#include <asm/bug.h>
#include <asm/barrier.h>
#include <limits.h>
#include <stdio.h>

void sim_warn(const char *file, int line, const char *cond);
__attribute__((format(printf, 1, 2))) void sim_printk(const char *fmt, ...);

#undef WARN_ON
#undef WARN_ON_ONCE
#define WARN_ON(cond) ({						\
	int __c = !!(cond);						\
	if (unlikely(__c))						\
		sim_warn(__FILE__, __LINE__, #cond);			\
	unlikely(__c);							\
})
#define WARN_ON_ONCE(cond)	WARN_ON(cond)

#define pr_info(fmt, ...)	sim_printk(fmt, ##__VA_ARGS__)
#define pr_warn(fmt, ...)	sim_printk(fmt, ##__VA_ARGS__)
#define pr_err(fmt, ...)	sim_printk(fmt, ##__VA_ARGS__)
#define pr_cont(fmt, ...)	sim_printk(fmt, ##__VA_ARGS__)
#define printk_deferred(fmt, ...) sim_printk(fmt, ##__VA_ARGS__)

#ifndef __printf
#define __printf(a, b)	__attribute__((format(printf, a, b)))
#endif
#ifndef __init
#define __init
#define __exit
#endif
/* tools/include's __used only silences a warning: the kernel's keeps */
#undef __used
#define __used		__attribute__((__used__))
#ifndef __section
#define __section(s)	__attribute__((__section__(s)))
#endif
#ifndef swap
#define swap(a, b) do { typeof(a) __t = (a); (a) = (b); (b) = __t; } while (0)
#endif
#ifndef max_t
#define max_t(type, x, y)	max((type)(x), (type)(y))
#endif
#ifndef __percpu
#define __percpu
#endif
#ifndef U64_MAX
#define U64_MAX		((u64)~0ULL)
#define S64_MAX		((s64)(U64_MAX >> 1))
#define U32_MAX		((u32)~0U)
#endif
#define DIV64_U64_ROUND_UP(ll, d) \
	({ u64 _d = (d); div64_u64((ll) + _d - 1, _d); })

/* The kernel's min()/max() accept a constant of another type, tools' do not. */
#undef min
#undef max
#define min(x, y) ({ typeof(x) _mx = (x); typeof(y) _my = (y); _mx < _my ? _mx : _my; })
#define max(x, y) ({ typeof(x) _mx = (x); typeof(y) _my = (y); _mx > _my ? _mx : _my; })

#define EXPORT_SYMBOL_GPL(sym)
#define EXPORT_SYMBOL(sym)

/* one thread of control: atomics are plain, but keep the kernel's names */
#ifndef xchg
#define xchg(p, v)	__atomic_exchange_n((p), (v), __ATOMIC_SEQ_CST)
#endif
#ifndef cmpxchg
#define cmpxchg(p, o, n) ({						\
	typeof(*(p)) __old = (o);					\
	__atomic_compare_exchange_n((p), &__old, (n), false,		\
				    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
	__old;								\
})
#endif

typedef struct {
	s64 counter;
} atomic64_t;

#define ATOMIC64_INIT(i)		{ (i) }
#define atomic64_read(v)		((v)->counter)
#define atomic64_set(v, i)		((v)->counter = (i))
#define atomic64_add(i, v)		((v)->counter += (i))
#define atomic64_xchg(v, i)		xchg(&(v)->counter, (i))

#endif
