/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Q by Horner's rule, as the kernel computes it: from the highest disk
 * down, q = 2q ^ D_z, with the vector header's vmul2 / vmul2_xor. For ISAs
 * without a multiply-by-constant instruction (SSE2, AVX2, AVX-512 BW).
 * Defines syndrome_vec() and delta_vec() for simd_body.h.
 */
#ifndef GFRAID_Q_HORNER_H
#define GFRAID_Q_HORNER_H

/* P and Q of data disks z0..0 at offset o, U vectors wide; disks fa and
   fb (or -1) count as zero and are not read. */
GFR_INLINE void syndrome_vec(uint8_t *const *d, int z0, size_t o, int fa, int fb, V *p, V *q,
			     const int U)
{
	int u, z;

	for (u = 0; u < U; u++)
		p[u] = q[u] = vzero();
	for (z = z0; z >= 0; z--) {
		if (z == fa || z == fb) {
			for (u = 0; u < U; u++)
				q[u] = vmul2(q[u]);
			continue;
		}
		for (u = 0; u < U; u++) {
			V x = vload(d[z] + o + u * VLEN);

			p[u] = vxor(p[u], x);
			q[u] = vmul2_xor(q[u], x);
		}
	}
}

/*
 * What data disks start..stop add to P and Q (xor_syndrome). The disks
 * below start add nothing but still weigh everything above by 2^start:
 * start doublings, or one multiply by 2^start where the ISA has vmul.
 */
struct delta_ctx {
#ifdef GFR_HAVE_VMUL
	struct vmul shift;
#endif
	int start;
};

GFR_INLINE void delta_ctx_init(struct delta_ctx *c, int start)
{
	c->start = start;
#ifdef GFR_HAVE_VMUL
	c->shift = vmul_setup(gfr_gf_pow2(start));
#endif
}

/* Weigh q by 2^start: start doublings, or one multiply where there is vmul. */
GFR_INLINE void shift_left_side(const struct delta_ctx *c, V *q, const int U)
{
	int u, z;

#ifdef GFR_HAVE_VMUL
	if (c->start > 1) {
		for (u = 0; u < U; u++)
			q[u] = vmul(q[u], c->shift);
		return;
	}
#endif
	for (z = c->start - 1; z >= 0; z--)
		for (u = 0; u < U; u++)
			q[u] = vmul2(q[u]);
}

GFR_INLINE void delta_vec(uint8_t *const *d, int start, int stop, size_t o,
			  const struct delta_ctx *c, V *p, V *q, const int U)
{
	int u, z;

	for (u = 0; u < U; u++)
		p[u] = q[u] = vload(d[stop] + o + u * VLEN);
	for (z = stop - 1; z >= start; z--) {
		for (u = 0; u < U; u++) {
			V x = vload(d[z] + o + u * VLEN);

			p[u] = vxor(p[u], x);
			q[u] = vmul2_xor(q[u], x);
		}
	}
	shift_left_side(c, q, U);
}

/* The same for one disk, md's usual small write. */
GFR_INLINE void delta1_vec(const uint8_t *dz, size_t o, const struct delta_ctx *c, V *p, V *q,
			   const int U)
{
	int u;

	for (u = 0; u < U; u++)
		p[u] = q[u] = vload(dz + o + u * VLEN);
	shift_left_side(c, q, U);
}

#endif
