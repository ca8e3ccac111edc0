/* SPDX-License-Identifier: GPL-2.0 */
/* tools/include has the types in <linux/rbtree.h> itself. */
#include <linux/rbtree.h>
