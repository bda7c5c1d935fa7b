// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* Reed-Solomon encode and update on SSSE3: 16-byte vectors, pshufb on the
   nibble tables. */
#include "../simd/vec_sse2.h"

/* Rows per pass, vectors per step and pairing measured against ISA-L
   ec_encode_data_sse over 4+2, 10+4, 16+4, 8+8 at 4 and 64 KiB: 4/2/no
   pairs 1.09x (geometric mean), 4/1 1.01x, 2/2 0.98x, with pairs 1.00x. */
#define EC_ROWS 4
#define EC_UNROLL 2
#define EC_PAIRS 0
/* Update keeps 2 nibble tables per row in registers; with 16 xmm, 2
   vectors per step fit only up to 2 rows (against ISA-L's update_sse:
   2 vectors at 4 rows 0.93x, 1 vector 1.01x; 1 vector at 2 rows 0.89x). */
#define EC_UPDATE_UNROLL(rows) ((rows) <= 2 ? 2 : 1)

#include "nibble.h"
#include "simd_body.h"

GFR_EC_ENCODE(gfr_ec_encode_ssse3)
GFR_EC_UPDATE(gfr_ec_update_ssse3)
GFR_EC_CHECK(gfr_ec_check_ssse3)
