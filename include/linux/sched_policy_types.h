/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-task state of the pluggable scheduling policy class.
 *
 * Embedded in task_struct so that no policy allocates on a hot path.
 * The core owns @flags; everything else belongs to the active policy,
 * which may use the generic queue nodes and overlay @priv with its own
 * struct (see sched_policy_priv() in <linux/sched_policy.h>).
 */
#ifndef _LINUX_SCHED_POLICY_TYPES_H
#define _LINUX_SCHED_POLICY_TYPES_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/rbtree_types.h>

#define SCHED_POLICY_PRIV_WORDS	8

struct task_struct;

struct sched_policy_entity {
	struct list_head	run_node;	/* policy's list queues */
	struct rb_node		tree_node;	/* policy's tree queues */
	u64			key;		/* policy's sort key */
	unsigned int		flags;		/* SP_TASK_*, core-owned */
	u64			runnable_since;	/* core: rq clock, 0 if running or asleep */
	struct list_head	tasks_node;	/* core: every task, fork to free */
	struct list_head	bypass_node;	/* core: the bypass FIFO */
	u64			priv[SCHED_POLICY_PRIV_WORDS];
};

/* __put_task_struct(): the task leaves the core's task list. */
#ifdef CONFIG_SCHED_POLICY
void sched_policy_free(struct task_struct *p);
#else
static inline void sched_policy_free(struct task_struct *p) { }
#endif

#endif /* _LINUX_SCHED_POLICY_TYPES_H */
