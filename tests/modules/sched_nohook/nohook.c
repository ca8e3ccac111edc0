// SPDX-License-Identifier: GPL-2.0
/*
 * nohook - an ops table without pick_next, which sched_policy_register()
 * must refuse (-EINVAL, "missing hook pick_next"): loading this module
 * fails and changes nothing.  Test-only.
 */
#include <linux/sched_policy.h>

static void nohook_enqueue(struct sched_policy_rq *rq, struct task_struct *p,
			   unsigned int flags)
{
}

static void nohook_dequeue(struct sched_policy_rq *rq, struct task_struct *p,
			   unsigned int flags)
{
}

static void nohook_put_prev(struct sched_policy_rq *rq, struct task_struct *p,
			    bool queued)
{
}

static void nohook_set_next(struct sched_policy_rq *rq, struct task_struct *p)
{
}

static void nohook_tick(struct sched_policy_rq *rq, struct task_struct *curr)
{
}

static struct sched_policy_ops nohook_policy = {
	.name		= "nohook",
	.owner		= THIS_MODULE,
	.flags		= SCHED_POLICY_GLOBAL_QUEUE,
	.enqueue	= nohook_enqueue,
	.dequeue	= nohook_dequeue,
	.put_prev	= nohook_put_prev,
	.set_next	= nohook_set_next,
	.tick		= nohook_tick,
};
sched_policy_declare(nohook_policy);

MODULE_DESCRIPTION("nohook: a policy without pick_next (registration test)");
MODULE_LICENSE("GPL");
