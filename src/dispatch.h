/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Variant tables and selection. src/dispatch.c is the one place that knows
 * every variant; the API glue asks it for the current one per op.
 */
#ifndef GFRAID_DISPATCH_H
#define GFRAID_DISPATCH_H

#include "port.h"
#include "raid6/raid6.h"
#include "ec/ec.h"

struct gfr_impl {
	const char *name;
	unsigned int needs;	/* GFRAID_CPU_* bits that must all be present */
	union {
		gfr_gen_fn gen;
		gfr_xor_fn xor_syndrome;
		struct {
			gfr_2data_fn data2;
			gfr_datap_fn datap;
		} recov;
		gfr_encode_fn encode;
		gfr_update_fn update;
	} fn;
};

extern const struct gfr_impl *gfr_selected[GFRAID_OP_COUNT];

const struct gfr_impl *gfr_impl_init(enum gfraid_op op);

/* The variant op runs now; op must be valid. One acquire load once set. */
static inline const struct gfr_impl *gfr_impl_current(enum gfraid_op op)
{
	const struct gfr_impl *im = gfr_load_acquire(&gfr_selected[op]);

	return im ? im : gfr_impl_init(op);
}

/*
 * Look name up in impls[0..count-1]: 0 and *found set, GFRAID_ENOIMPL, or
 * GFRAID_ENOCPU when features lack what it needs. Exposed for tests.
 */
int gfr_impl_find(const struct gfr_impl *impls, int count, unsigned int features,
		  const char *name, const struct gfr_impl **found);

/*
 * The choice for one op without forcing: the last item of setting (the
 * GFRAID_IMPL syntax) that names a runnable variant of op_name, else the
 * first runnable variant in table order. NULL if none is runnable.
 */
const struct gfr_impl *gfr_impl_auto(const struct gfr_impl *impls, int count,
				     unsigned int features, const char *op_name,
				     const char *setting);

#endif /* GFRAID_DISPATCH_H */
