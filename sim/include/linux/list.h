/* SPDX-License-Identifier: GPL-2.0 */
/* tools/include's list.h, with what the kernel's has beyond it */
#ifndef _SIM_LINUX_LIST_H
#define _SIM_LINUX_LIST_H

#include_next <linux/list.h>

static inline int list_is_first(const struct list_head *list,
				const struct list_head *head)
{
	return list->prev == head;
}

static inline size_t list_count_nodes(struct list_head *head)
{
	struct list_head *pos;
	size_t count = 0;

	list_for_each(pos, head)
		count++;
	return count;
}

#endif
