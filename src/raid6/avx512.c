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

#include "mul_nibble.h"
#include "q_horner.h"
#include "simd_body.h"
#include "simd_recov.h"

GFR_RAID6_GEN(gfr_raid6_gen_avx512_x1, 1, 0)
GFR_RAID6_XOR(gfr_raid6_xor_avx512_x1, 1, 0)
GFR_RAID6_GEN(gfr_raid6_gen_avx512_x2, 2, 0)
GFR_RAID6_XOR(gfr_raid6_xor_avx512_x2, 2, 0)
GFR_RAID6_GEN(gfr_raid6_gen_avx512_x4, 4, 0)
GFR_RAID6_XOR(gfr_raid6_xor_avx512_x4, 4, 0)
GFR_RAID6_GEN(gfr_raid6_gen_avx512_x4nt, 4, 1)
GFR_RAID6_XOR(gfr_raid6_xor_avx512_x4nt, 4, 1)
GFR_RAID6_RECOV(gfr_raid6_recov_avx512, 2)
GFR_RAID6_CHECK(gfr_raid6_check_avx512_x2, 2)
GFR_RAID6_CHECK(gfr_raid6_check_avx512_x4, 4)
