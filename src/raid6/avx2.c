// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* RAID-6 on AVX2: 32-byte vectors, Q by Horner's rule, constants (the
   recovery coefficients, 2^start in xor_syndrome) through vpshufb. */
#include "../simd/vec_avx2.h"

/* Each byte times 2: bytes with the top bit set get 0x1D folded back in. */
GFR_INLINE V vmul2(V q)
{
	V carry = _mm256_and_si256(_mm256_cmpgt_epi8(vzero(), q), _mm256_set1_epi8(0x1d));

	return vxor(_mm256_add_epi8(q, q), carry);
}

GFR_INLINE V vmul2_xor(V q, V x)
{
	return vxor(vmul2(q), x);
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
	m.lo = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)t));
	m.hi = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(t + 16)));
	return m;
}

GFR_INLINE V vmul(V x, struct vmul m)
{
	V nib = _mm256_set1_epi8(0x0f);
	V lo = _mm256_and_si256(x, nib), hi = _mm256_and_si256(_mm256_srli_epi64(x, 4), nib);

	return vxor(_mm256_shuffle_epi8(m.lo, lo), _mm256_shuffle_epi8(m.hi, hi));
}

#include "q_horner.h"
#include "simd_body.h"
#include "simd_recov.h"

GFR_RAID6_SYNDROME_VARIANTS(avx2)
GFR_RAID6_RECOV_VARIANTS(avx2, 2)
