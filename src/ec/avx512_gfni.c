// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* Reed-Solomon encode and update on AVX-512 + GFNI: 64-byte vectors, every
   product one vgf2p8affineqb, two folded into the accumulator by one
   vpternlogq. */
#include "../simd/vec_avx512.h"

#define EC_ROWS 6
#define EC_UNROLL 2

GFR_INLINE V vmat(uint64_t m)
{
	return _mm512_set1_epi64((long long)m);
}

GFR_INLINE V vmulm(V x, V m)
{
	return _mm512_gf2p8affine_epi64_epi8(x, m, 0);
}

#include "gfni.h"
#include "simd_body.h"

GFR_EC_VARIANTS(avx512_gfni)
