// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* RAID-6 gen_syndrome and xor_syndrome on SSE2: 16-byte vectors, Q by
   Horner's rule. (Recovery needs pshufb: ssse3.c.) */
#include "../simd/vec_sse2.h"
#include "q_horner.h"
#include "simd_body.h"

GFR_RAID6_SYNDROME_VARIANTS(sse2)
