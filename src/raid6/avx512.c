// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* RAID-6 on AVX-512 BW: 64-byte vectors, Q by Horner's rule, constants
   (recovery coefficients, 2^start in xor_syndrome) through vpshufb. */
#include "../simd/vec_avx512.h"

/* 2q ^ x: the bytes of q with the top bit set (vpmovb2m) get 0x1D, and
   the three terms meet in one vpternlogq. */
GFR_INLINE V vmul2_xor(V q, V x)
{
	__mmask64 carry = _mm512_movepi8_mask(q);

	return vxor3(_mm512_add_epi8(q, q), _mm512_maskz_mov_epi8(carry, _mm512_set1_epi8(0x1d)),
		     x);
}

GFR_INLINE V vmul2(V q)
{
	return vmul2_xor(q, vzero());
}

struct vmul {
	V lo, hi;
};
#define GFR_HAVE_VMUL 1

GFR_INLINE struct vmul vmul_setup(uint8_t c)
{
	uint8_t t[32];
	struct vmul m;

	gfr_gf_nibble_table(c, t);
	m.lo = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)t));
	m.hi = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(t + 16)));
	return m;
}

GFR_INLINE V vmul(V x, struct vmul m)
{
	V nib = _mm512_set1_epi8(0x0f);
	V lo = _mm512_and_si512(x, nib), hi = _mm512_and_si512(_mm512_srli_epi64(x, 4), nib);

	return vxor(_mm512_shuffle_epi8(m.lo, lo), _mm512_shuffle_epi8(m.hi, hi));
}

#include "q_horner.h"
#include "simd_body.h"
#include "simd_recov.h"

GFR_RAID6_SYNDROME_VARIANTS(avx512)
GFR_RAID6_RECOV_VARIANTS(avx512, 2)
