/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CPU masks over the simulated CPUs: a bitmap of SIM_MAX_CPUS bits,
 * iterated up to nr_cpu_ids (the simulated machine's CPU count).
 */
#ifndef _SIM_LINUX_CPUMASK_H
#define _SIM_LINUX_CPUMASK_H

#include <linux/bitmap.h>
#include <linux/bitops.h>
#include <linux/find.h>

#define SIM_MAX_CPUS	4096
#define NR_CPUS		SIM_MAX_CPUS

struct cpumask {
	unsigned long bits[BITS_TO_LONGS(SIM_MAX_CPUS)];
};

extern unsigned int nr_cpu_ids;
extern struct cpumask sim_cpu_online, sim_cpu_active, sim_cpu_possible;

#define cpu_online_mask		(&sim_cpu_online)
#define cpu_active_mask		(&sim_cpu_active)
#define cpu_possible_mask	(&sim_cpu_possible)
#define cpumask_bits(m)		((m)->bits)

static inline bool cpumask_test_cpu(int cpu, const struct cpumask *m)
{
	return cpu >= 0 && (unsigned int)cpu < nr_cpu_ids &&
	       test_bit(cpu, m->bits);
}

static inline void cpumask_set_cpu(int cpu, struct cpumask *m)
{
	__set_bit(cpu, m->bits);
}

static inline void cpumask_clear_cpu(int cpu, struct cpumask *m)
{
	__clear_bit(cpu, m->bits);
}

static inline void cpumask_clear(struct cpumask *m)
{
	bitmap_zero(m->bits, SIM_MAX_CPUS);
}

static inline void cpumask_copy(struct cpumask *dst, const struct cpumask *src)
{
	*dst = *src;
}

/* The first CPU at or after @n in @a (and @b, if not NULL): word by word */
static inline unsigned int sim_cpumask_find(unsigned int n,
					    const struct cpumask *a,
					    const struct cpumask *b)
{
	while (n < nr_cpu_ids) {
		unsigned long w = a->bits[n / BITS_PER_LONG];

		if (b)
			w &= b->bits[n / BITS_PER_LONG];
		w &= ~0UL << (n % BITS_PER_LONG);
		if (w) {
			n = (n & ~(BITS_PER_LONG - 1)) + __builtin_ctzl(w);
			return n < nr_cpu_ids ? n : nr_cpu_ids;
		}
		n = (n | (BITS_PER_LONG - 1)) + 1;
	}
	return nr_cpu_ids;
}

static inline unsigned int cpumask_first(const struct cpumask *m)
{
	return sim_cpumask_find(0, m, NULL);
}

static inline unsigned int cpumask_next(int n, const struct cpumask *m)
{
	return sim_cpumask_find(n + 1, m, NULL);
}

static inline unsigned int cpumask_next_and(int n, const struct cpumask *a,
					    const struct cpumask *b)
{
	return sim_cpumask_find(n + 1, a, b);
}

static inline unsigned int cpumask_any_and(const struct cpumask *a,
					   const struct cpumask *b)
{
	return cpumask_next_and(-1, a, b);
}

static inline unsigned int cpumask_weight(const struct cpumask *m)
{
	return bitmap_weight(m->bits, nr_cpu_ids);
}

#define for_each_cpu(cpu, mask)						\
	for ((cpu) = cpumask_first(mask); (cpu) < nr_cpu_ids;		\
	     (cpu) = cpumask_next((cpu), (mask)))
#define for_each_cpu_and(cpu, a, b)					\
	for ((cpu) = cpumask_next_and(-1, (a), (b)); (cpu) < nr_cpu_ids; \
	     (cpu) = cpumask_next_and((cpu), (a), (b)))
#define for_each_possible_cpu(cpu)	for_each_cpu((cpu), cpu_possible_mask)
#define for_each_online_cpu(cpu)	for_each_cpu((cpu), cpu_online_mask)

/* the CPU's SMT siblings, itself included (sim/core.c) */
const struct cpumask *cpu_smt_mask(int cpu);
/* the CPUs sharing its last-level cache, itself included (sim/core.c) */
const struct cpumask *cpu_coregroup_mask(int cpu);

/* functions, as in the kernel: ops->cpu_online is a member's name too */
static inline bool cpu_online(unsigned int cpu)
{
	return cpumask_test_cpu(cpu, cpu_online_mask);
}

static inline bool cpu_active(unsigned int cpu)
{
	return cpumask_test_cpu(cpu, cpu_active_mask);
}

static inline unsigned int num_online_cpus(void)
{
	return cpumask_weight(cpu_online_mask);
}

#endif
