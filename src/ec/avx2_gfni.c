// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* Reed-Solomon encode, update and check on AVX2 + GFNI: 32-byte vectors, every
   product one vgf2p8affineqb. */
#include "../simd/vec_avx2.h"

/* The fastest blocking measured (docs/BENCHMARKS.md, "Loop shapes"). */
#define EC_ROWS 4
#define EC_UNROLL 2
#define EC_PAIRS 0

#include "gfni.h"
#include "simd_body.h"

GFR_EC_ENCODE(gfr_ec_encode_avx2_gfni, 0)
GFR_EC_ENCODE(gfr_ec_encode_avx2_gfni_nt, 1)
GFR_EC_UPDATE(gfr_ec_update_avx2_gfni)
GFR_EC_CHECK(gfr_ec_check_avx2_gfni)
