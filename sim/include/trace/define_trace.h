/* SPDX-License-Identifier: GPL-2.0 */
/* Nothing to define: the simulator creates no trace events. */
