// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* RAID-6 recovery on SSSE3: 16-byte vectors, constants multiplied through
   pshufb on the two nibble halves of each byte. */
#include "../simd/vec_sse2.h"
#include "../gf/gf.h"

struct vmul {
	V lo, hi;
};
#define GFR_HAVE_VMUL 1

GFR_INLINE struct vmul vmul_setup(uint8_t c)
{
	uint8_t t[32];
	struct vmul m;

	gfr_gf_nibble_table(c, t);
	m.lo = vload(t);
	m.hi = vload(t + 16);
	return m;
}

GFR_INLINE V vmul(V x, struct vmul m)
{
	V nib = _mm_set1_epi8(0x0f);
	V lo = _mm_and_si128(x, nib), hi = _mm_and_si128(_mm_srli_epi64(x, 4), nib);

	return vxor(_mm_shuffle_epi8(m.lo, lo), _mm_shuffle_epi8(m.hi, hi));
}

#include "q_horner.h"
#include "simd_recov.h"

GFR_RAID6_RECOV_VARIANTS(ssse3, 2)
