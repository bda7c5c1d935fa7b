// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* RAID-6 on AVX-512 + GFNI: 64-byte vectors, every product by a constant
   one vgf2p8affineqb (Q as its direct sum, recovery coefficients). */
#include "../simd/vec_avx512.h"
#include "mul_gfni.h"
#include "q_gfni.h"
#include "simd_body.h"
#include "simd_recov.h"

GFR_RAID6_SYNDROME_VARIANTS(avx512_gfni)
GFR_RAID6_RECOV_VARIANTS(avx512_gfni, 2)
