// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* Reed-Solomon encode, update and check on AVX-512 + GFNI: 64-byte vectors, every
   product one vgf2p8affineqb, two folded into the accumulator by one
   vpternlogq. */
#include "../simd/vec_avx512.h"

/* The fastest blocking measured, and of two within noise the smaller code;
   one vector a step, a line of each shard, up to 8 shards: as fast as two
   with warm blocks, and two lost a quarter with cold ones staggered in
   their pages (docs/BENCHMARKS.md, "Loop shapes"). */
#define EC_ROWS 4
#define EC_UNROLL 1
#define EC_PAIRS 1
/* encode with k <= 8 unrolled over k (simd_body.h) */
#define EC_SMALL_K 8
/* Past that, two vectors a step from at most 10 shards at a time: the
   coefficients, read from memory there, then serve two vectors, which
   hot blocks staggered in their pages need; two lines of 16 shards a
   step were slower than one with the blocks cold, of 10 they were not
   (docs/BENCHMARKS.md, "Loop shapes"). */
#define EC_WIDE_UNROLL 2
#define EC_WIDE_SHARDS 10
/* Update, one source into up to 4 rows: 64 bytes a step into 1 or 2
   rows, which measured faster than 128 there; 128 into 3 or 4, which
   held the 4-row update's speed where 64 lost up to a quarter with the
   blocks not page-aligned or not in cache (docs/BENCHMARKS.md, "Loop
   shapes"). */
#define EC_UPDATE_UNROLL(rows) ((rows) > 2 ? 2 : 1)

#include "gfni.h"
#include "simd_body.h"

GFR_EC_ENCODE(gfr_ec_encode_avx512_gfni, 0)
GFR_EC_ENCODE(gfr_ec_encode_avx512_gfni_nt, 1)
GFR_EC_UPDATE(gfr_ec_update_avx512_gfni)
GFR_EC_CHECK(gfr_ec_check_avx512_gfni)
