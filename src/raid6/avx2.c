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

#include "mul_nibble.h"
#include "q_horner.h"
#include "simd_body.h"
#include "simd_recov.h"

GFR_RAID6_GEN(gfr_raid6_gen_avx2_x1, 1, 0)
GFR_RAID6_XOR(gfr_raid6_xor_avx2_x1, 1, 0)
GFR_RAID6_GEN(gfr_raid6_gen_avx2_x2, 2, 0)
GFR_RAID6_XOR(gfr_raid6_xor_avx2_x2, 2, 0)
GFR_RAID6_GEN(gfr_raid6_gen_avx2_x4, 4, 0)
GFR_RAID6_XOR(gfr_raid6_xor_avx2_x4, 4, 0)
GFR_RAID6_GEN(gfr_raid6_gen_avx2_x4nt, 4, 1)
GFR_RAID6_XOR(gfr_raid6_xor_avx2_x4nt, 4, 1)
GFR_RAID6_RECOV(gfr_raid6_recov_avx2, 2)
GFR_RAID6_CHECK(gfr_raid6_check_avx2_x2, 2)
GFR_RAID6_CHECK(gfr_raid6_check_avx2_x4, 4)
