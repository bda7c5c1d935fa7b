/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Q by Horner's rule, as the kernel computes it: from the highest disk
 * down, q = 2q ^ D_z, with vmul2 / vmul2_xor (from the vector header, or
 * the ISA file where the header has none), or two disks a step where
 * vmul4_xor2 exists (NEON). For ISAs without a
 * multiply-by-constant instruction (SSE2, AVX2, AVX-512 BW, NEON).
 * Defines syndrome_vec(), syndrome_diff_vec() and delta_vec() for
 * simd_body.h.
 */
#ifndef GFRAID_Q_HORNER_H
#define GFRAID_Q_HORNER_H

#include "../ops.h"

/* p ^= D_z, q = 2q ^ D_z, U vectors at o. */
GFR_INLINE void horner1(uint8_t *const *d, int z, size_t o, V *p, V *q, const int U)
{
	int u;

	for (u = 0; u < U; u++) {
		V x = vload(d[z] + o + u * VLEN);

		p[u] = vxor(p[u], x);
		q[u] = vmul2_xor(q[u], x);
	}
}

#ifdef GFR_HAVE_VMUL4_XOR2
/* Disks z and z - 1 in one step, where the ISA has vmul4_xor2. */
GFR_INLINE void horner2(uint8_t *const *d, int z, size_t o, V *p, V *q, const int U)
{
	int u;

	for (u = 0; u < U; u++) {
		V a = vload(d[z] + o + u * VLEN), b = vload(d[z - 1] + o + u * VLEN);

		p[u] = vxor3(p[u], a, b);
		q[u] = vmul4_xor2(q[u], a, b);
	}
}
#endif

/* Disks hi down to lo, none of them lost: two a step where the ISA can. */
GFR_INLINE void horner_run(uint8_t *const *d, int hi, int lo, size_t o, V *p, V *q, const int U)
{
	int z = hi;

#ifdef GFR_HAVE_VMUL4_XOR2
	for (; z - 1 >= lo; z -= 2)
		horner2(d, z, o, p, q, U);
#endif
	for (; z >= lo; z--)
		horner1(d, z, o, p, q, U);
}

/* P and Q of data disks z0..0 at offset o, U vectors wide; disks fa and
   fb (or -1) count as zero and are not read. The runs of disks between them
   are found once per step, not by testing every disk. */
GFR_INLINE void syndrome_vec(uint8_t *const *d, int z0, size_t o, int fa, int fb, V *p, V *q,
			     const int U)
{
	int lost[2] = { fa > fb ? fa : fb, fa > fb ? fb : fa };
	int hi = z0 - 1, i, u;

	/* The top disk is Q's first term: no doubling of a zero. */
	for (u = 0; u < U; u++)
		p[u] = q[u] = z0 == lost[0] ? vzero() : vload(d[z0] + o + u * VLEN);
	for (i = 0; i < 2; i++) {
		if (lost[i] < 0 || lost[i] == z0)
			continue;
		horner_run(d, hi, lost[i] + 1, o, p, q, U);
		for (u = 0; u < U; u++)
			q[u] = vmul2(q[u]);
		hi = lost[i] - 1;
	}
	horner_run(d, hi, 0, o, p, q, U);
}

/* The check: where stored P and Q differ from the data's, gathered into
   acc. Horner's Q cannot start from the stored Q (the doublings would
   weigh it), so both are compared at the end. */
GFR_INLINE V syndrome_diff_vec(uint8_t *const *d, int z0, size_t o, const uint8_t *pp,
			       const uint8_t *qq, V acc, const int U)
{
	V p[GFR_MAX_UNROLL], q[GFR_MAX_UNROLL];
	int u;

	syndrome_vec(d, z0, o, -1, -1, p, q, U);
	for (u = 0; u < U; u++) {
		acc = vdiff(acc, vload(pp + o + u * VLEN), p[u]);
		acc = vdiff(acc, vload(qq + o + u * VLEN), q[u]);
	}
	return acc;
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

/*
 * Whether the left side is weighed by one multiply by 2^start (where the
 * ISA has vmul and start > 1) or by start doublings. Decided once per
 * call and passed down as a constant, so that each loop does one of the
 * two: a choice inside the loop can cost both for every vector.
 */
GFR_INLINE int delta_by_mul(const struct delta_ctx *c)
{
#ifdef GFR_HAVE_VMUL
	return c->start > 1;
#else
	(void)c;
	return 0;
#endif
}

GFR_INLINE void shift_left_side(const struct delta_ctx *c, V *q, const int U, const int by_mul)
{
	int u, z;

#ifdef GFR_HAVE_VMUL
	if (by_mul) {
		for (u = 0; u < U; u++)
			q[u] = vmul(q[u], c->shift);
		return;
	}
#else
	(void)by_mul;
#endif
	for (z = c->start - 1; z >= 0; z--)
		for (u = 0; u < U; u++)
			q[u] = vmul2(q[u]);
}

GFR_INLINE void delta_vec(uint8_t *const *d, int start, int stop, size_t o,
			  const struct delta_ctx *c, V *p, V *q, const int U, const int by_mul)
{
	int u;

	for (u = 0; u < U; u++)
		p[u] = q[u] = vload(d[stop] + o + u * VLEN);
	horner_run(d, stop - 1, start, o, p, q, U);
	shift_left_side(c, q, U, by_mul);
}

/* The same for one disk, md's usual small write. */
GFR_INLINE void delta1_vec(const uint8_t *dz, size_t o, const struct delta_ctx *c, V *p, V *q,
			   const int U, const int by_mul)
{
	int u;

	for (u = 0; u < U; u++)
		p[u] = q[u] = vload(dz + o + u * VLEN);
	shift_left_side(c, q, U, by_mul);
}

#endif
