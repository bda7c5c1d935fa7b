// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* Reed-Solomon encode, update and check on AArch64 NEON: 16-byte vectors, tbl on
   the nibble tables, 4 rows per pass over the data (32 vector registers
   hold 4 rows x 2 vectors of accumulators and a shard's tables). */
#include "../simd/vec_neon.h"

#define EC_ROWS 4
#define EC_UNROLL 2
#define EC_PAIRS 0

#include "nibble.h"
#include "simd_body.h"

GFR_EC_ENCODE(gfr_ec_encode_neon, 0)
GFR_EC_UPDATE(gfr_ec_update_neon)
GFR_EC_CHECK(gfr_ec_check_neon)
