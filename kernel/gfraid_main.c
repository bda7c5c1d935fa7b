// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* gfraid.ko: libgfraid in the kernel, every gfraid_* function exported. */
#include <linux/module.h>
#include <linux/timekeeping.h>

#include "gfraid.h"

EXPORT_SYMBOL(gfraid_strerror);
EXPORT_SYMBOL(gfraid_gf_mul);
EXPORT_SYMBOL(gfraid_gf_inv);
EXPORT_SYMBOL(gfraid_gen_syndrome);
EXPORT_SYMBOL(gfraid_xor_syndrome);
EXPORT_SYMBOL(gfraid_recov_2data);
EXPORT_SYMBOL(gfraid_recov_datap);
EXPORT_SYMBOL(gfraid_raid6_recover);
EXPORT_SYMBOL(gfraid_raid6_check);
EXPORT_SYMBOL(gfraid_gen_rs_matrix);
EXPORT_SYMBOL(gfraid_gen_cauchy_matrix);
EXPORT_SYMBOL(gfraid_invert_matrix);
EXPORT_SYMBOL(gfraid_invert_matrix_inplace);
EXPORT_SYMBOL(gfraid_ec_init_tables);
EXPORT_SYMBOL(gfraid_ec_encode_data);
EXPORT_SYMBOL(gfraid_ec_encode_data_update);
EXPORT_SYMBOL(gfraid_ec_update_shards);
EXPORT_SYMBOL(gfraid_ec_new);
EXPORT_SYMBOL(gfraid_ec_encode);
EXPORT_SYMBOL(gfraid_ec_reconstruct);
EXPORT_SYMBOL(gfraid_ec_check);
EXPORT_SYMBOL(gfraid_ec_free);
EXPORT_SYMBOL(gfraid_op_name);
EXPORT_SYMBOL(gfraid_impl_count);
EXPORT_SYMBOL(gfraid_impl_name);
EXPORT_SYMBOL(gfraid_impl_status);
EXPORT_SYMBOL(gfraid_impl_available);
EXPORT_SYMBOL(gfraid_impl_selected);
EXPORT_SYMBOL(gfraid_impl_how);
EXPORT_SYMBOL(gfraid_choice_name);
EXPORT_SYMBOL(gfraid_impl_calibration);
EXPORT_SYMBOL(gfraid_impl_force);
EXPORT_SYMBOL(gfraid_cpu_features);
EXPORT_SYMBOL(gfraid_class_of);
EXPORT_SYMBOL(gfraid_class_name);
EXPORT_SYMBOL(gfraid_width_of);
EXPORT_SYMBOL(gfraid_width_name);
EXPORT_SYMBOL(gfraid_width_timed);

/* op's choices for class cls, narrow/typical/wide, and how the typical
   one was made, after a separator unless cls is the first. */
static int class_choices(char *buf, size_t n, enum gfraid_op op, enum gfraid_class cls)
{
	return scnprintf(buf, n, "%s%s %s/%s/%s (%s)", cls ? ", " : "", gfraid_class_name(cls),
			 gfraid_impl_selected(op, cls, GFRAID_WIDTH_NARROW),
			 gfraid_impl_selected(op, cls, GFRAID_WIDTH_TYPICAL),
			 gfraid_impl_selected(op, cls, GFRAID_WIDTH_WIDE),
			 gfraid_choice_name(gfraid_impl_how(op, cls, GFRAID_WIDTH_TYPICAL)));
}

static int __init gfraid_init(void)
{
	u64 t0 = ktime_get_ns();
	char line[640];
	int op, cls;

	/* Choose every variant for every size class and width now rather
	   than on the first call: each candidate passes its self-test first
	   (base against known answers, the variant against base), so a
	   variant a compiler got wrong is reported (pr_warn) and never used;
	   then the small and medium classes' candidates are timed at a block
	   length of that class on the width's stripe and the fastest taken
	   (large and huge calls: table order). */
	for (op = 0; op < GFRAID_OP_COUNT; op++) {
		size_t at = 0;

		for (cls = 0; cls < GFRAID_CLASS_COUNT; cls++)
			at += class_choices(line + at, sizeof(line) - at, op, cls);
		pr_info("gfraid: %s uses %s on pages of a typical stripe; narrow/typical/wide stripes: %s; self-tested\n",
			gfraid_op_name(op),
			gfraid_impl_selected(op, GFRAID_CLASS_SMALL, GFRAID_WIDTH_TYPICAL), line);
	}
	pr_info("gfraid: every op's variants tested and chosen in %llu ms\n",
		(unsigned long long)((ktime_get_ns() - t0) / 1000000));
	return 0;
}

static void __exit gfraid_exit(void)
{
}

module_init(gfraid_init);
module_exit(gfraid_exit);

MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("GF(2^8) RAID-6 and Reed-Solomon erasure coding (libgfraid)");
MODULE_VERSION("0.1.0");
