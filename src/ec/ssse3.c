// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* Reed-Solomon encode, update and check on SSSE3: 16-byte vectors, pshufb on the
   nibble tables. */
#include "../simd/vec_sse2.h"

/* The fastest blocking measured (docs/BENCHMARKS.md, "Loop shapes"). */
#define EC_ROWS 4
#define EC_UNROLL 2
#define EC_PAIRS 0
/* Update keeps 2 nibble tables per row in registers; with 16 xmm, 2
   vectors per step fit only up to 2 rows. */
#define EC_UPDATE_UNROLL(rows) ((rows) <= 2 ? 2 : 1)

#include "nibble.h"
#include "simd_body.h"

GFR_EC_ENCODE(gfr_ec_encode_ssse3, 0)
GFR_EC_UPDATE(gfr_ec_update_ssse3)
GFR_EC_CHECK(gfr_ec_check_ssse3)
