// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* RAID-6 gen_syndrome and xor_syndrome on SSE2: 16-byte vectors, Q by
   Horner's rule. (Recovery needs pshufb: ssse3.c.) */
#include "../simd/vec_sse2.h"
#include "q_horner.h"
#include "simd_body.h"

GFR_RAID6_GEN(gfr_raid6_gen_sse2_x1, 1, 0)
GFR_RAID6_XOR(gfr_raid6_xor_sse2_x1, 1, 0)
GFR_RAID6_GEN(gfr_raid6_gen_sse2_x2, 2, 0)
GFR_RAID6_XOR(gfr_raid6_xor_sse2_x2, 2, 0)
GFR_RAID6_GEN(gfr_raid6_gen_sse2_x4, 4, 0)
GFR_RAID6_XOR(gfr_raid6_xor_sse2_x4, 4, 0)
GFR_RAID6_GEN(gfr_raid6_gen_sse2_x4nt, 4, 1)
GFR_RAID6_XOR(gfr_raid6_xor_sse2_x4nt, 4, 1)
GFR_RAID6_CHECK(gfr_raid6_check_sse2_x2, 2)
GFR_RAID6_CHECK(gfr_raid6_check_sse2_x4, 4)
