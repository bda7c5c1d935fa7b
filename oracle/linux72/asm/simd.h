/* SPDX-License-Identifier: GPL-2.0-only */
/* Everything the userspace build needs is in <linux/types.h> here. */
#include <linux/types.h>
