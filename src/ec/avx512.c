// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* Reed-Solomon encode, update and check on AVX-512 BW: 64-byte vectors, vpshufb
   on the nibble tables, two products folded into the accumulator by one
   vpternlogq. */
#include "../simd/vec_avx512.h"

/* The fastest blocking measured (docs/BENCHMARKS.md, "Loop shapes"). */
#define EC_ROWS 4
#define EC_UNROLL 2
#define EC_PAIRS 1

#include "nibble.h"
#include "simd_body.h"

GFR_EC_ENCODE(gfr_ec_encode_avx512, 0)
GFR_EC_ENCODE(gfr_ec_encode_avx512_nt, 1)
GFR_EC_UPDATE(gfr_ec_update_avx512)
GFR_EC_CHECK(gfr_ec_check_avx512)
