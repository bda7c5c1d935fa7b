/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * RAID-6 recovery written once, for every ISA that multiplies by a
 * constant (see simd_body.h for what an ISA file provides first). Each
 * recovery is a single pass: the partial syndromes never leave registers.
 */
#ifndef GFRAID_SIMD_RECOV_H
#define GFRAID_SIMD_RECOV_H

#include "simd_body.h"

/* The P, Q and lost blocks, read from ptrs[] once per call: stores through
   uint8_t * could alias ptrs[], and the compiler would reload them every
   vector. split: stores to x or y may span two lines (claim.h). */
struct recov_blocks {
	const uint8_t *p, *q;
	uint8_t *x, *y;
	int split;
};

GFR_INLINE void recov_claim(const struct recov_blocks *r, size_t o, const int U)
{
	if (r->split) {
		gfr_claim_lines(r->x + o, U * VLEN);
		gfr_claim_lines(r->y + o, U * VLEN);
	}
}

/*
 * Two lost data disks x < y in one pass: P' and Q' without them stay in
 * registers, pd = P ^ P', qd = Q ^ Q', D_x = A*pd ^ B*qd, D_y = pd ^ D_x
 * (docs/MATH.md, "Recovery").
 */
GFR_INLINE void data2_at(uint8_t **d, int z0, int fa, int fb, const struct recov_blocks *r,
			 const struct vmul *a, const struct vmul *b, size_t o, const int U)
{
	V p[GFR_MAX_UNROLL], q[GFR_MAX_UNROLL];
	int u;

	recov_claim(r, o, U);
	syndrome_vec(d, z0, o, fa, fb, p, q, U);
	for (u = 0; u < U; u++) {
		size_t at = o + u * VLEN;
		V pd = vxor(vload(r->p + at), p[u]);
		V qd = vxor(vload(r->q + at), q[u]);
		V x = vxor(vmul(pd, *a), vmul(qd, *b));

		vstore(r->x + at, x);
		vstore(r->y + at, vxor(pd, x));
	}
}

GFR_INLINE void data2_body(int disks, size_t off, size_t len, int fa, int fb, void **ptrs,
			   const int U)
{
	uint8_t **d = (uint8_t **)ptrs;
	struct recov_blocks r = { d[disks - 2], d[disks - 1], d[fa], d[fb],
				  gfr_stores_split(d[fa], off, VLEN) ||
					  gfr_stores_split(d[fb], off, VLEN) };
	uint8_t den_inv = gfr_gf_inv[gfr_gf_pow2(fb - fa) ^ 1];
	struct vmul a = vmul_setup(gfr_gf_mul(gfr_gf_pow2(fb - fa), den_inv));
	struct vmul b = vmul_setup(gfr_gf_mul(gfr_gf_pow2(-fa), den_inv));
	size_t end = off + len, o = off;

	for (; o + U * VLEN <= end; o += U * VLEN)
		data2_at(d, disks - 3, fa, fb, &r, &a, &b, o, U);
	for (; o + VLEN <= end; o += VLEN)
		data2_at(d, disks - 3, fa, fb, &r, &a, &b, o, 1);
	if (o < end)
		gfr_raid6_2data_base(disks, o, end - o, fa, fb, ptrs);
}

/* Data disk x and P lost, one pass: D_x = (Q ^ Q') * 2^-x, P = P' ^ D_x. */
GFR_INLINE void datap_at(uint8_t **d, int z0, int fa, const struct recov_blocks *r,
			 const struct vmul *m, size_t o, const int U)
{
	V p[GFR_MAX_UNROLL], q[GFR_MAX_UNROLL];
	int u;

	recov_claim(r, o, U);
	syndrome_vec(d, z0, o, fa, -1, p, q, U);
	for (u = 0; u < U; u++) {
		size_t at = o + u * VLEN;
		V x = vmul(vxor(vload(r->q + at), q[u]), *m);

		vstore(r->x + at, x);
		vstore(r->y + at, vxor(p[u], x));
	}
}

GFR_INLINE void datap_body(int disks, size_t off, size_t len, int fa, void **ptrs, const int U)
{
	uint8_t **d = (uint8_t **)ptrs;
	/* y is P, rewritten */
	struct recov_blocks r = { NULL, d[disks - 1], d[fa], d[disks - 2],
				  gfr_stores_split(d[fa], off, VLEN) ||
					  gfr_stores_split(d[disks - 2], off, VLEN) };
	struct vmul m = vmul_setup(gfr_gf_pow2(-fa));
	size_t end = off + len, o = off;

	for (; o + U * VLEN <= end; o += U * VLEN)
		datap_at(d, disks - 3, fa, &r, &m, o, U);
	for (; o + VLEN <= end; o += VLEN)
		datap_at(d, disks - 3, fa, &r, &m, o, 1);
	if (o < end)
		gfr_raid6_datap_base(disks, o, end - o, fa, ptrs);
}

/* Both recoveries in one variant: failb < 0 is data disk faila and P. */
#define GFR_RAID6_RECOV(fn, U) \
	void fn(int disks, size_t off, size_t len, int faila, int failb, void **ptrs) \
	{ \
		if (failb < 0) \
			datap_body(disks, off, len, faila, ptrs, U); \
		else \
			data2_body(disks, off, len, faila, failb, ptrs, U); \
	}

#endif
