// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* Reed-Solomon encode and update on AVX2: 32-byte vectors, vpshufb on the
   nibble tables. */
#include "../simd/vec_avx2.h"

/* Measured against ISA-L ec_encode_data_avx2 (4+2, 10+4, 16+4, 8+8 at
   4 and 64 KiB, geometric mean): rows/vectors 4/2 1.29x, 6/2 1.25x,
   6/1 1.16x, 4/1 1.15x. */
#define EC_ROWS 4
#define EC_UNROLL 2
#define EC_PAIRS 0

#include "nibble.h"
#include "simd_body.h"

GFR_EC_ENCODE(gfr_ec_encode_avx2)
GFR_EC_UPDATE(gfr_ec_update_avx2)
GFR_EC_CHECK(gfr_ec_check_avx2)
