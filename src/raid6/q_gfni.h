/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Q directly as its sum: Q = sum of 2^z * D_z, each product one
 * gf2p8affineqb with the matrix of 2^z (gfr_gf_pow2_affine). No chain of
 * doublings, so xor_syndrome costs the same for any start. Needs vmat()
 * and vmulm() from the ISA file. Defines syndrome_vec(),
 * syndrome_diff_vec() and delta_vec() for simd_body.h.
 */
#ifndef GFRAID_Q_GFNI_H
#define GFRAID_Q_GFNI_H

#include "../ops.h"

/* The next data disk at or below z that is not fa or fb, or -1. */
GFR_INLINE int next_disk(int z, int fa, int fb)
{
	while (z >= 0 && (z == fa || z == fb))
		z--;
	return z;
}

/*
 * Data disks z0..0 at offset o added into P and Q's sums p and q, U
 * vectors wide; disks fa and fb (or -1) count as zero and are not read.
 * Two disks a step: each pair costs one vxor3 into P and one into Q (a
 * single vpternlogq on AVX-512), and disk 0, whose factor is 1, no
 * multiply (docs/BENCHMARKS.md, "Loop shapes").
 */
GFR_INLINE void syndrome_add_vec(uint8_t *const *d, int z0, size_t o, int fa, int fb, V *p,
				 V *q, const int U)
{
	int u, z = next_disk(z0, fa, fb);

	while (z >= 0) {
		int y = next_disk(z - 1, fa, fb);
		V mz = vmat(gfr_gf_pow2_affine[z]);

		if (y < 0) {
			for (u = 0; u < U; u++) {
				V x = vload(d[z] + o + u * VLEN);

				p[u] = vxor(p[u], x);
				q[u] = vxor(q[u], z ? vmulm(x, mz) : x);
			}
			break;
		} else {
			V my = vmat(gfr_gf_pow2_affine[y]);

			for (u = 0; u < U; u++) {
				V xz = vload(d[z] + o + u * VLEN), xy = vload(d[y] + o + u * VLEN);

				p[u] = vxor3(p[u], xz, xy);
				q[u] = vxor3(q[u], vmulm(xz, mz), y ? vmulm(xy, my) : xy);
			}
		}
		z = next_disk(y - 1, fa, fb);
	}
}

/* P and Q of data disks z0..0 (but fa, fb) at offset o. */
GFR_INLINE void syndrome_vec(uint8_t *const *d, int z0, size_t o, int fa, int fb, V *p, V *q,
			     const int U)
{
	int u;

	for (u = 0; u < U; u++)
		p[u] = q[u] = vzero();
	syndrome_add_vec(d, z0, o, fa, fb, p, q, U);
}

/* The check: where stored P and Q differ from the data's, gathered into
   acc. The sums start from the stored P and Q and come out zero where
   they match: one OR of three a vector, not a compare for each. */
GFR_INLINE V syndrome_diff_vec(uint8_t *const *d, int z0, size_t o, const uint8_t *pp,
			       const uint8_t *qq, V acc, const int U)
{
	V p[GFR_MAX_UNROLL], q[GFR_MAX_UNROLL];
	int u;

	for (u = 0; u < U; u++) {
		p[u] = vload(pp + o + u * VLEN);
		q[u] = vload(qq + o + u * VLEN);
	}
	syndrome_add_vec(d, z0, o, -1, -1, p, q, U);
	for (u = 0; u < U; u++)
		acc = vor3(acc, p[u], q[u]);
	return acc;
}

struct delta_ctx {
	V first;	/* the matrix of 2^start */
};

GFR_INLINE void delta_ctx_init(struct delta_ctx *c, int start)
{
	c->first = vmat(gfr_gf_pow2_affine[start]);
}

/* Every weight is one multiply here: simd_body.h's by_mul is always 1. */
GFR_INLINE int delta_by_mul(const struct delta_ctx *c)
{
	(void)c;
	return 1;
}

/* What data disks start..stop add to P and Q (xor_syndrome). */
GFR_INLINE void delta_vec(uint8_t *const *d, int start, int stop, size_t o,
			  const struct delta_ctx *c, V *p, V *q, const int U, const int by_mul)
{
	int u, z;

	(void)by_mul;

	for (u = 0; u < U; u++) {
		V x = vload(d[start] + o + u * VLEN);

		p[u] = x;
		q[u] = vmulm(x, c->first);
	}
	for (z = start + 1; z <= stop; z++) {
		V m = vmat(gfr_gf_pow2_affine[z]);

		for (u = 0; u < U; u++) {
			V x = vload(d[z] + o + u * VLEN);

			p[u] = vxor(p[u], x);
			q[u] = vxor(q[u], vmulm(x, m));
		}
	}
}

/* The same for one disk, md's usual small write: one multiply per vector,
   whichever disk it is (the kernel doubles start times instead). */
GFR_INLINE void delta1_vec(const uint8_t *dz, size_t o, const struct delta_ctx *c, V *p, V *q,
			   const int U, const int by_mul)
{
	int u;

	(void)by_mul;

	for (u = 0; u < U; u++) {
		p[u] = vload(dz + o + u * VLEN);
		q[u] = vmulm(p[u], c->first);
	}
}

#endif
