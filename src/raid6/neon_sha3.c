// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* RAID-6 on AArch64 NEON with FEAT_SHA3 (built -march=armv8.2-a+sha3):
   EOR3 folds 2q, its reduction and the data into one; otherwise as neon.c:
   16-byte vectors, Q by Horner's rule, constants
   (recovery coefficients, 2^start in xor_syndrome) through tbl on the two
   nibble tables. */
#include "../simd/vec_neon.h"
#include "mul_nibble.h"
#include "q_horner.h"
#include "simd_body.h"
#include "simd_recov.h"

GFR_RAID6_GEN(gfr_raid6_gen_neon_sha3_x1, 1, 0)
GFR_RAID6_XOR(gfr_raid6_xor_neon_sha3_x1, 1, 0)
GFR_RAID6_GEN(gfr_raid6_gen_neon_sha3_x2, 2, 0)
GFR_RAID6_XOR(gfr_raid6_xor_neon_sha3_x2, 2, 0)
GFR_RAID6_GEN(gfr_raid6_gen_neon_sha3_x4, 4, 0)
GFR_RAID6_XOR(gfr_raid6_xor_neon_sha3_x4, 4, 0)
GFR_RAID6_RECOV(gfr_raid6_recov_neon_sha3, 4)
GFR_RAID6_CHECK(gfr_raid6_check_neon_sha3_x2, 2)
GFR_RAID6_CHECK(gfr_raid6_check_neon_sha3_x4, 4)
