/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* The one runner: a variant over a call, in bounded SIMD sections. */
#include "ops.h"

size_t gfr_section_len(size_t bytes, int buffers, size_t section)
{
	size_t step;

	/* the constant test first, so that userspace never divides */
	if (bytes <= section / GFRAID_MAX_DISKS)
		return bytes;
	step = section / (size_t)buffers;
	return step < 256 ? 256 : step & ~(size_t)255;
}

int gfr_run_impl(enum gfraid_op op, const struct gfr_impl *im, const struct gfr_call *c)
{
	const struct gfr_op *d = gfr_op(op);
	size_t step = gfr_section_len(c->len, c->nin + c->nout, GFR_SIMD_SECTION);
	size_t end = c->off + c->len, off, n;
	int mismatch = 0;

	for (off = c->off; off < end; off += n) {
		n = end - off < step ? end - off : step;
		if (im->needs)
			gfr_simd_begin();
		mismatch |= d->call(im->fn, c, off, n);
		if (im->needs)
			gfr_simd_end();
	}
	return mismatch;
}

int gfr_run_first(enum gfraid_op op, const struct gfr_call *c)
{
	const struct gfr_impl *im = gfr_impl_for(op, c);

	return im ? gfr_run_impl(op, im, c) : GFRAID_ESELFTEST;
}
