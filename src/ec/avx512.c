// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* Reed-Solomon encode and update on AVX-512 BW: 64-byte vectors, vpshufb
   on the nibble tables, two products folded into the accumulator by one
   vpternlogq. */
#include "../simd/vec_avx512.h"

/* Measured against ISA-L ec_encode_data_avx512 (4+2, 10+4, 16+4, 8+8
   at 4 and 64 KiB, geometric mean): rows/vectors 4/2 1.38x, 6/2 1.29x
   (8+8 only 1.04x), 8/2 1.25x, 8/1 1.04x. */
#define EC_ROWS 4
#define EC_UNROLL 2
#define EC_PAIRS 1

#include "nibble.h"
#include "simd_body.h"

GFR_EC_ENCODE(gfr_ec_encode_avx512)
GFR_EC_UPDATE(gfr_ec_update_avx512)
GFR_EC_CHECK(gfr_ec_check_avx512)
