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
	int u, z;

	for (u = 0; u < U; u++)
		p[u] = q[u] = vzero();
	for (z = z0; z >= 0; z--) {
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
	int unused;
};

GFR_INLINE void delta_ctx_init(struct delta_ctx *c, int start)
{
	(void)c;
	(void)start;
}

/* What data disks start..stop add to P and Q (xor_syndrome). */
GFR_INLINE void delta_vec(uint8_t *const *d, int start, int stop, size_t o,
			  const struct delta_ctx *c, V *p, V *q, const int U)
{
	int u, z;

	(void)c;
	for (u = 0; u < U; u++)
		p[u] = q[u] = vzero();
	for (z = start; z <= stop; z++) {
		V m = vmat(gfr_gf_pow2_affine[z]);

		for (u = 0; u < U; u++) {
			V x = vload(d[z] + o + u * VLEN);

			p[u] = vxor(p[u], x);
			q[u] = vxor(q[u], vmulm(x, m));
		}
	}
}

#endif
