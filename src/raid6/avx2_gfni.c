// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* RAID-6 on AVX2 + GFNI: 32-byte vectors, every product by a constant one
   vgf2p8affineqb (Q as its direct sum, recovery coefficients). */
#include "../simd/vec_avx2.h"
#include "mul_gfni.h"
#include "q_gfni.h"
#include "simd_body.h"
#include "simd_recov.h"

GFR_RAID6_SYNDROME_VARIANTS(avx2_gfni)
GFR_RAID6_RECOV_VARIANTS(avx2_gfni, 2)
