/* SPDX-License-Identifier: GPL-2.0 */
/* The simulator's <linux/module.h>: a policy is always built in. */
#ifndef _SIM_LINUX_MODULE_H
#define _SIM_LINUX_MODULE_H

#include_next <linux/module.h>
#include <linux/kernel.h>

struct module;
#define THIS_MODULE		((struct module *)0)
#define MODULE_DESCRIPTION(s)
#define MODULE_LICENSE(s)
#define MODULE_AUTHOR(s)
#define MODULE_ALIAS(s)
#define MODULE_PARM_DESC(name, s)

#endif
