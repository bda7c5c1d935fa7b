// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* Reed-Solomon encode and update on AVX-512 + GFNI: 64-byte vectors, every
   product one vgf2p8affineqb, two folded into the accumulator by one
   vpternlogq. */
#include "../simd/vec_avx512.h"

/* Measured against ISA-L's dispatched ec_encode_data (AVX-512 here;
   4+2, 10+4, 16+4, 8+8 at 4 and 64 KiB, geometric mean): rows/vectors
   4/2 3.53-3.69x, 4/4 3.59-3.60x, 6/2 3.59x, 8/2 3.33x, 6/4 3.34x;
   4/2 and 4/4 within noise, 4/2 is the smaller code. */
#define EC_ROWS 4
#define EC_UNROLL 2
#define EC_PAIRS 1
/* encode with k <= 8 unrolled over k (simd_body.h) */
#define EC_SMALL_K 8
/* Update, one source into up to 4 rows: 64 bytes a step was 5% faster
   than 128 at 4+2 4 KiB on Zen 4 (92 against 97 ns a 4 KiB call). */
#define EC_UPDATE_UNROLL(rows) 1

#include "gfni.h"
#include "simd_body.h"

GFR_EC_ENCODE(gfr_ec_encode_avx512_gfni)
GFR_EC_UPDATE(gfr_ec_update_avx512_gfni)
GFR_EC_CHECK(gfr_ec_check_avx512_gfni)
