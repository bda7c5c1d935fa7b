// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * gfraid_raid6.ko for a kernel whose <linux/raid/pq.h> declares neither
 * what raid6_override.c replaces (raid6_call with gen_syndrome and
 * xor_syndrome, the raid6_2data_recov and raid6_datap_recov pointers) nor
 * the functions of Linux 7.2's raid6_pq, which raid6_pq_main.c provides:
 * kernel/Kbuild builds this instead, and it refuses to load saying what is
 * missing, rather than failing to build or to link.
 */
#include <linux/module.h>

static int __init gfraid_raid6_init(void)
{
	pr_err("gfraid_raid6: this kernel's <linux/raid/pq.h> has no %s to replace, nor Linux 7.2's %s; md's RAID-6 cannot run on libgfraid here (gfraid.ko can): not loaded\n",
	       GFRAID_PQ_MISSING, GFRAID_PQ72_MISSING);
	return -EOPNOTSUPP;
}

module_init(gfraid_raid6_init);

MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("libgfraid for md RAID-6: not for this kernel, refuses to load");
MODULE_VERSION("0.1.0");
