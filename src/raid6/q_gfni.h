/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Q directly as its sum: Q = sum of 2^z * D_z, each product one
 * gf2p8affineqb with the matrix of 2^z (gfr_gf_pow2_affine). No chain of
 * doublings, so xor_syndrome costs the same for any start. Needs vmat()
 * and vmulm() from the ISA file. Defines syndrome_vec() and delta_vec()
 * for simd_body.h.
 */
#ifndef GFRAID_Q_GFNI_H
#define GFRAID_Q_GFNI_H

/* P and Q of data disks z0..0 at offset o, U vectors wide; disks fa and
   fb (or -1) count as zero and are not read. */
GFR_INLINE void syndrome_vec(uint8_t *const *d, int z0, size_t o, int fa, int fb, V *p, V *q,
			     const int U)
{
	int u, z = z0;

	for (u = 0; u < U; u++)
		p[u] = q[u] = vzero();
	if (fa < 0) {
		/* Whole stripe, two disks a step: each pair costs one vxor3
		   into P and one into Q (vpternlogq on AVX-512); disk 0's
		   factor is 1, no multiply (x4, 8+2, 4 KiB: 88 -> 98 GB/s). */
		if (!(z0 & 1)) {
			V m = vmat(gfr_gf_pow2_affine[z]);

			for (u = 0; u < U; u++) {
				V x = vload(d[z] + o + u * VLEN);

				p[u] = x;
				q[u] = z ? vmulm(x, m) : x;
			}
			z--;
		}
		for (; z > 0; z -= 2) {
			V m1 = vmat(gfr_gf_pow2_affine[z]), m0 = vmat(gfr_gf_pow2_affine[z - 1]);

			for (u = 0; u < U; u++) {
				V x1 = vload(d[z] + o + u * VLEN), x0 = vload(d[z - 1] + o + u * VLEN);

				p[u] = vxor3(p[u], x1, x0);
				q[u] = vxor3(q[u], vmulm(x1, m1), z > 1 ? vmulm(x0, m0) : x0);
			}
		}
		return;
	}
	for (; z >= 0; z--) {
		V m;

		if (z == fa || z == fb)
			continue;
		m = vmat(gfr_gf_pow2_affine[z]);
		for (u = 0; u < U; u++) {
			V x = vload(d[z] + o + u * VLEN);

			p[u] = vxor(p[u], x);
			q[u] = vxor(q[u], vmulm(x, m));
		}
	}
}

struct delta_ctx {
	V first;	/* the matrix of 2^start */
};

GFR_INLINE void delta_ctx_init(struct delta_ctx *c, int start)
{
	c->first = vmat(gfr_gf_pow2_affine[start]);
}

/* What data disks start..stop add to P and Q (xor_syndrome). */
GFR_INLINE void delta_vec(uint8_t *const *d, int start, int stop, size_t o,
			  const struct delta_ctx *c, V *p, V *q, const int U)
{
	int u, z;

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
			   const int U)
{
	int u;

	for (u = 0; u < U; u++) {
		p[u] = vload(dz + o + u * VLEN);
		q[u] = vmulm(p[u], c->first);
	}
}

#endif
