// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* RAID-6 recovery on SSSE3: 16-byte vectors, constants multiplied through
   pshufb on the two nibble halves of each byte. */
#include "../simd/vec_sse2.h"
#include "mul_nibble.h"
#include "q_horner.h"
#include "simd_recov.h"

GFR_RAID6_RECOV(gfr_raid6_recov_ssse3, 2)
