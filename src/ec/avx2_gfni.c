// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* Reed-Solomon encode and update on AVX2 + GFNI: 32-byte vectors, every
   product one vgf2p8affineqb. */
#include "../simd/vec_avx2.h"

/* Measured against ISA-L ec_encode_data_avx2 (4+2, 10+4, 16+4, 8+8 at
   4 and 64 KiB, geometric mean): rows/vectors 4/2 2.54x, 6/2 2.48x,
   4/4 2.29x, 8/1 2.26x. */
#define EC_ROWS 4
#define EC_UNROLL 2
#define EC_PAIRS 0

#include "gfni.h"
#include "simd_body.h"

GFR_EC_ENCODE(gfr_ec_encode_avx2_gfni)
GFR_EC_UPDATE(gfr_ec_update_avx2_gfni)
GFR_EC_CHECK(gfr_ec_check_avx2_gfni)
