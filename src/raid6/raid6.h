/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * What the RAID-6 code shares beyond the variants' types (ops.h): ptrs and
 * every entry non-NULL, 3 <= disks <= 257, indices in range, checked by
 * the API (api.c).
 */
#ifndef GFRAID_RAID6_H
#define GFRAID_RAID6_H

#include "../port.h"

/* Vectors a SIMD body handles per step at most (its x4 variants). */
#define GFR_MAX_UNROLL 4

/* base's two recoveries, which the SIMD bodies leave their tails to. */
void gfr_raid6_2data_base(int disks, size_t off, size_t len, int faila, int failb, void **ptrs);
void gfr_raid6_datap_base(int disks, size_t off, size_t len, int faila, void **ptrs);

/* Not a variant: D_faila = P ^ the other data disks, for the rare data + Q
   failure, reading everything else and writing only ptrs[faila]. */
void gfr_raid6_rebuild_from_p(int disks, size_t bytes, int faila, void **ptrs);

#endif /* GFRAID_RAID6_H */
