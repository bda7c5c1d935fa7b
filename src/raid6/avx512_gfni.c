// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* RAID-6 on AVX-512 + GFNI: 64-byte vectors, every product by a constant
   one vgf2p8affineqb (Q as its direct sum, recovery coefficients). */
#include "../simd/vec_avx512.h"
#include "mul_gfni.h"
#include "q_gfni.h"
#include "simd_body.h"
#include "simd_recov.h"

GFR_RAID6_GEN(gfr_raid6_gen_avx512_gfni_x1, 1, 0)
GFR_RAID6_XOR(gfr_raid6_xor_avx512_gfni_x1, 1, 0)
GFR_RAID6_GEN(gfr_raid6_gen_avx512_gfni_x2, 2, 0)
GFR_RAID6_XOR(gfr_raid6_xor_avx512_gfni_x2, 2, 0)
GFR_RAID6_GEN(gfr_raid6_gen_avx512_gfni_x4, 4, 0)
GFR_RAID6_XOR(gfr_raid6_xor_avx512_gfni_x4, 4, 0)
GFR_RAID6_GEN(gfr_raid6_gen_avx512_gfni_x4nt, 4, 1)
GFR_RAID6_XOR(gfr_raid6_xor_avx512_gfni_x4nt, 4, 1)
GFR_RAID6_RECOV(gfr_raid6_recov_avx512_gfni, 2)
GFR_RAID6_CHECK(gfr_raid6_check_avx512_gfni_x2, 2)
GFR_RAID6_CHECK(gfr_raid6_check_avx512_gfni_x4, 4)
