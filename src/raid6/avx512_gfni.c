// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* RAID-6 on AVX-512 + GFNI: 64-byte vectors, every product by a constant
   one vgf2p8affineqb (Q as its direct sum, recovery coefficients). */
#include "../simd/vec_avx512.h"

/* A gf2p8affineqb matrix in every 64-bit lane. */
GFR_INLINE V vmat(uint64_t m)
{
	return _mm512_set1_epi64((long long)m);
}

GFR_INLINE V vmulm(V x, V m)
{
	return _mm512_gf2p8affine_epi64_epi8(x, m, 0);
}

struct vmul {
	V m;
};
#define GFR_HAVE_VMUL 1

GFR_INLINE struct vmul vmul_setup(uint8_t c)
{
	struct vmul m = { vmat(gfr_gf_affine(c)) };

	return m;
}

GFR_INLINE V vmul(V x, struct vmul m)
{
	return vmulm(x, m.m);
}

#include "q_gfni.h"
#include "simd_body.h"
#include "simd_recov.h"

GFR_RAID6_SYNDROME_VARIANTS(avx512_gfni)
GFR_RAID6_RECOV_VARIANTS(avx512_gfni, 2)
