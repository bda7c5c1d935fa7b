/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * gen_syndrome and xor_syndrome written once, for every ISA. An ISA file
 * includes,
 * in this order:
 *   - a vector header (src/simd/vec_sse2.h, vec_avx2.h, vec_avx512.h,
 *     vec_neon.h): V, VLEN,
 *     vload, vstore (unaligned), vstream (non-temporal, aligned), vfence,
 *     vzero, vxor, vxor3, and for the check vdiff, vany (and vor3 where
 *     q_gfni.h is used);
 *   - where it has one, a multiply of every byte by a constant c: struct
 *     vmul, vmul_setup(c), vmul(x, m) (pshufb nibble tables or a GFNI
 *     matrix), announced by defining GFR_HAVE_VMUL;
 *   - a Q strategy (q_horner.h or q_gfni.h): syndrome_vec(),
 *     syndrome_diff_vec(), delta_vec();
 *   - this file, then a line for each variant the registry
 *     (src/variants.h) lists: GFR_RAID6_GEN(fn, unroll, nt),
 *     GFR_RAID6_XOR(fn, unroll, nt), GFR_RAID6_CHECK(fn, unroll);
 *   - for recovery (needs vmul), simd_recov.h and
 *     GFR_RAID6_RECOV(fn, unroll).
 * Bodies take U vectors per step (1, 2, 4: the x1/x2/x4 variants), run
 * whole vectors and leave the last partial one to base.
 */
#ifndef GFRAID_SIMD_BODY_H
#define GFRAID_SIMD_BODY_H

#include "../ops.h"
#include "../simd/claim.h"

/* Non-temporal stores need aligned P and Q; otherwise store normally. */
GFR_INLINE int can_stream(const uint8_t *p, const uint8_t *q)
{
	return (((uintptr_t)p | (uintptr_t)q) % VLEN) == 0;
}

GFR_INLINE void put(uint8_t *dst, V v, int stream)
{
	if (stream)
		vstream(dst, v);
	else
		vstore(dst, v);
}

/* Each *_at() handles U vectors at offset o; each *_body() runs them over
   [off, off + len): U at a time, then one at a time, then base. The
   recovery bodies (simd_recov.h) follow the same pattern. */

GFR_INLINE void gen_at(uint8_t *const *d, int z0, uint8_t *pp, uint8_t *qq, size_t o,
		       int stream, int split, const int U)
{
	V p[GFR_MAX_UNROLL], q[GFR_MAX_UNROLL];
	int u;

	if (split) {
		gfr_claim_lines(pp + o, U * VLEN);
		gfr_claim_lines(qq + o, U * VLEN);
	}
	syndrome_vec(d, z0, o, -1, -1, p, q, U);
	for (u = 0; u < U; u++) {
		put(pp + o + u * VLEN, p[u], stream);
		put(qq + o + u * VLEN, q[u], stream);
	}
}

/* P and Q pointers are read once into locals: stores through uint8_t *
   could alias ptrs[], and the compiler would reload them every vector.
   P and Q depend on the data alone, so a vector may be written twice:
   past the small class, one at off, then on from where P's vectors are
   aligned (with blocks staggered in their pages, every vector store to P
   otherwise spans two cache lines, which cost up to a quarter of the
   speed past L2; in L1, the extra vector costs more than it saves), and
   the last partial vector as the whole one ending at end. */
GFR_INLINE void gen_body(int disks, size_t off, size_t len, void **ptrs, const int U,
			 const int nt)
{
	uint8_t **d = (uint8_t **)ptrs;
	uint8_t *pp = d[disks - 2], *qq = d[disks - 1];
	size_t end = off + len, o = off, skew = (uintptr_t)(pp + off) % VLEN;
	int stream = nt && can_stream(pp + off, qq + off);
	int split = gfr_stores_split(pp, off, VLEN) || gfr_stores_split(qq, off, VLEN);

	if (len < VLEN) {
		gfr_raid6_gen_base(disks, off, len, ptrs);
		return;
	}
	if (skew && len > GFR_SMALL_MAX) {
		gen_at(d, disks - 3, pp, qq, o, 0, split, 1);
		o += VLEN - skew;
	}
	for (; o + U * VLEN <= end; o += U * VLEN)
		gen_at(d, disks - 3, pp, qq, o, stream, split, U);
	for (; o + VLEN <= end; o += VLEN)
		gen_at(d, disks - 3, pp, qq, o, stream, split, 1);
	if (stream)
		vfence();
	if (o < end)
		gen_at(d, disks - 3, pp, qq, end - VLEN, 0, 0, 1);
}

/* P ^= p, Q ^= q for U vectors at o. */
GFR_INLINE void xor_into(uint8_t *pp, uint8_t *qq, size_t o, const V *p, const V *q, int stream,
			 const int U)
{
	int u;

	for (u = 0; u < U; u++) {
		uint8_t *pv = pp + o + u * VLEN, *qv = qq + o + u * VLEN;

		put(pv, vxor(vload(pv), p[u]), stream);
		put(qv, vxor(vload(qv), q[u]), stream);
	}
}

GFR_INLINE void xor_at(uint8_t *const *d, int start, int stop, const struct delta_ctx *c,
		       uint8_t *pp, uint8_t *qq, size_t o, int stream, const int U, const int by_mul)
{
	V p[GFR_MAX_UNROLL], q[GFR_MAX_UNROLL];

	delta_vec(d, start, stop, o, c, p, q, U, by_mul);
	xor_into(pp, qq, o, p, q, stream, U);
}

/* One data disk, md's usual small write: its pointer too is read once. */
GFR_INLINE void xor1_at(const uint8_t *dz, const struct delta_ctx *c, uint8_t *pp, uint8_t *qq,
			size_t o, int stream, const int U, const int by_mul)
{
	V p[GFR_MAX_UNROLL], q[GFR_MAX_UNROLL];

	delta1_vec(dz, o, c, p, q, U, by_mul);
	xor_into(pp, qq, o, p, q, stream, U);
}

/* The whole vectors of [off, end); returns where they stop. by_mul is a
   constant here (see the Q strategy's delta_by_mul). */
GFR_INLINE size_t xor_vectors(uint8_t *const *d, int start, int stop, const struct delta_ctx *c,
			      uint8_t *pp, uint8_t *qq, size_t off, size_t end, int stream,
			      const int U, const int by_mul)
{
	size_t o = off;

	if (start == stop) {
		const uint8_t *dz = d[start];

		for (; o + U * VLEN <= end; o += U * VLEN)
			xor1_at(dz, c, pp, qq, o, stream, U, by_mul);
		for (; o + VLEN <= end; o += VLEN)
			xor1_at(dz, c, pp, qq, o, stream, 1, by_mul);
	} else {
		for (; o + U * VLEN <= end; o += U * VLEN)
			xor_at(d, start, stop, c, pp, qq, o, stream, U, by_mul);
		for (; o + VLEN <= end; o += VLEN)
			xor_at(d, start, stop, c, pp, qq, o, stream, 1, by_mul);
	}
	return o;
}

GFR_INLINE void xor_body(int disks, int start, int stop, size_t off, size_t len, void **ptrs,
			 const int U, const int nt)
{
	uint8_t **d = (uint8_t **)ptrs;
	uint8_t *pp = d[disks - 2], *qq = d[disks - 1];
	size_t end = off + len, o;
	int stream = nt && can_stream(pp + off, qq + off);
	struct delta_ctx c;

	delta_ctx_init(&c, start);
	if (delta_by_mul(&c))
		o = xor_vectors(d, start, stop, &c, pp, qq, off, end, stream, U, 1);
	else
		o = xor_vectors(d, start, stop, &c, pp, qq, off, end, stream, U, 0);
	if (stream)
		vfence();
	if (o < end)
		gfr_raid6_xor_base(disks, start, stop, o, end - o, ptrs);
}

/* No early exit: a scrub's time does not depend on where the data is bad,
   and the one test is after the loop. */
GFR_INLINE int check_body(int disks, size_t off, size_t len, void *const *ptrs, const int U)
{
	uint8_t *const *d = (uint8_t *const *)ptrs;
	const uint8_t *pp = d[disks - 2], *qq = d[disks - 1];
	size_t end = off + len, o = off;
	V acc = vzero();

	for (; o + U * VLEN <= end; o += U * VLEN)
		acc = syndrome_diff_vec(d, disks - 3, o, pp, qq, acc, U);
	for (; o + VLEN <= end; o += VLEN)
		acc = syndrome_diff_vec(d, disks - 3, o, pp, qq, acc, 1);
	return vany(acc) || (o < end && gfr_raid6_check_base(disks, o, end - o, ptrs));
}

#define GFR_RAID6_CHECK(check_fn, U) \
	int check_fn(int disks, size_t off, size_t len, void *const *ptrs) \
	{ \
		return check_body(disks, off, len, ptrs, U); \
	}

/* A gen or xor variant: U vectors a step, nt: non-temporal stores. The
   names are written out in full where they are defined, so that grep
   finds each variant's definition beside its registry line. */
#define GFR_RAID6_GEN(fn, U, nt) \
	void fn(int disks, size_t off, size_t len, void **ptrs) \
	{ \
		gen_body(disks, off, len, ptrs, U, nt); \
	}

#define GFR_RAID6_XOR(fn, U, nt) \
	void fn(int disks, int start, int stop, size_t off, size_t len, void **ptrs) \
	{ \
		xor_body(disks, start, stop, off, len, ptrs, U, nt); \
	}

#endif
