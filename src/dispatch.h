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
		gfr_check_fn check;
		gfr_ec_check_fn ec_check;
	} fn;
};

extern const struct gfr_impl *gfr_selected[GFRAID_OP_COUNT];

/*
 * Bytes per call of a variant so that one SIMD section touches at most
 * GFR_SIMD_SECTION bytes of its `buffers` blocks: all of them in
 * userspace. A multiple of 256, so vectors stay aligned; the constant test
 * comes first, so userspace never divides.
 */
static inline size_t gfr_section_len(size_t bytes, int buffers)
{
	size_t step;

	if (bytes <= GFR_SIMD_SECTION / GFRAID_MAX_DISKS)
		return bytes;
	step = GFR_SIMD_SECTION / (size_t)buffers;
	return step < 256 ? 256 : step & ~(size_t)255;
}

/* Encode len bytes with the selected variant and any tables (the API
   entry and reconstruct share it): 0, or GFRAID_ESELFTEST when no variant
   passed its self-test. */
int gfr_ec_encode_tables(size_t len, int k, int rows, const uint8_t *gftbls,
			  uint8_t *const *data, uint8_t *const *coding);

const struct gfr_impl *gfr_impl_init(enum gfraid_op op);

/*
 * One call of variant im of op on bytes [off, off + len) of the buffers p
 * (nin inputs then nout outputs: RAID-6 data then P and Q, EC data or
 * shard deltas then coding) with tables tbl (EC), in SIMD sections as the
 * API glue runs them. a, b: xor start/stop, recov faila/failb (b < 0:
 * datap), update vec_i. For the self-test and the calibration, which call
 * variants directly. Returns what a check variant says (nonzero: a
 * mismatch), 0 for the other ops; ec_check's p has nout more pointers,
 * its scratch.
 */
struct gfr_run {
	int nin, nout, a, b;
	size_t off, len;
};
int gfr_impl_run(enum gfraid_op op, const struct gfr_impl *im, const struct gfr_run *r,
		 uint8_t **p, const uint8_t *tbl);

/* The variant op runs now, or NULL when none passed its self-test (the
   op then returns GFRAID_ESELFTEST); op must be valid. One acquire load
   once set. */
static inline const struct gfr_impl *gfr_impl_current(enum gfraid_op op)
{
	const struct gfr_impl *im = gfr_load_acquire(&gfr_selected[op]);

	return im ? im : gfr_impl_init(op);
}

/* op's base variant, the last of its table. */
const struct gfr_impl *gfr_impl_base(enum gfraid_op op);

/* The variant a call of op runs here and now: the current one, or base
   where that one needs the FPU and this context may not use it (kernel;
   userspace always may). */
static inline const struct gfr_impl *gfr_impl_here(enum gfraid_op op)
{
	const struct gfr_impl *im = gfr_impl_current(op);

	return im && im->needs && !gfr_simd_usable() ? gfr_impl_base(op) : im;
}

/*
 * Look name up in impls[0..count-1]: 0 and *found set, GFRAID_ENOIMPL, or
 * GFRAID_ENOCPU when features lack what it needs. Exposed for tests.
 */
int gfr_impl_find(const struct gfr_impl *impls, int count, unsigned int features,
		  const char *name, const struct gfr_impl **found);

/* The last item of setting (GFRAID_IMPL syntax) that names a usable
   variant of op_name, or NULL. */
const struct gfr_impl *gfr_impl_named(const struct gfr_impl *impls, int count,
				      int (*usable)(const struct gfr_impl *im, void *ctx),
				      void *ctx, const char *op_name, const char *setting);

/*
 * The choice for one op by table order: the last item of setting (the
 * GFRAID_IMPL syntax) that names a usable variant of op_name, else the
 * first usable variant in table order; usable(im, ctx) says which are
 * (runnable here and past their self-test). NULL if none is usable.
 * Exposed for tests.
 */
const struct gfr_impl *gfr_impl_auto(const struct gfr_impl *impls, int count,
				     int (*usable)(const struct gfr_impl *im, void *ctx),
				     void *ctx, const char *op_name, const char *setting);

#endif /* GFRAID_DISPATCH_H */
