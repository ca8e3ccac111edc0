/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What kernel/sched_core/balance.c finds as "internal.h" when the
 * simulator builds it (with -I-, so that the file's own directory is not
 * searched): the simulator's run queues in place of the kernel's.
 */
#include "sim.h"
