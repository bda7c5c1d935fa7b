/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* RAID-6 multiply by a constant with one gf2p8affineqb (AVX2+GFNI,
   AVX-512+GFNI): the vmul simd_body.h asks for. */
#ifndef GFRAID_RAID6_MUL_GFNI_H
#define GFRAID_RAID6_MUL_GFNI_H

struct vmul {
	V m;
};
#define GFR_HAVE_VMUL 1

GFR_INLINE struct vmul vmul_setup(uint8_t c)
{
	struct vmul m = { vmat(gfr_gf_affine(c)) };

	return m;
}

GFR_INLINE V vmul(V x, struct vmul m)
{
	return vmulm(x, m.m);
}

#endif
