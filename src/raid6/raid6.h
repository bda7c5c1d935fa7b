/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * RAID-6 variant interface. Arguments reaching these functions have been
 * checked by the API glue (src/raid6/api.c): ptrs and every entry are
 * non-NULL, 3 <= disks <= 257, indices in range. The signatures are those
 * of Linux's struct raid6_calls and raid6_recov_calls.
 */
#ifndef GFRAID_RAID6_H
#define GFRAID_RAID6_H

#include "../port.h"

/* Vectors a SIMD body handles per step at most (its x4 variants). */
#define GFR_MAX_UNROLL 4

/*
 * Every variant works on bytes [off, off + len) of each block, so that the
 * glue can run long buffers in bounded SIMD sections (the kernel's FPU
 * rule) and a SIMD body can hand its last partial vector to base.
 */
typedef void (*gfr_gen_fn)(int disks, size_t off, size_t len, void **ptrs);
typedef void (*gfr_xor_fn)(int disks, int start, int stop, size_t off, size_t len, void **ptrs);
typedef void (*gfr_2data_fn)(int disks, size_t off, size_t len, int faila, int failb,
			     void **ptrs);
typedef void (*gfr_datap_fn)(int disks, size_t off, size_t len, int faila, void **ptrs);
/* Nonzero when P or Q differs from what the data gives anywhere in [off,
   off + len); reads only, and takes as long whatever the answer. */
typedef int (*gfr_check_fn)(int disks, size_t off, size_t len, void *const *ptrs);

void gfr_raid6_gen_base(int disks, size_t off, size_t len, void **ptrs);
void gfr_raid6_xor_base(int disks, int start, int stop, size_t off, size_t len, void **ptrs);
void gfr_raid6_2data_base(int disks, size_t off, size_t len, int faila, int failb, void **ptrs);
void gfr_raid6_datap_base(int disks, size_t off, size_t len, int faila, void **ptrs);
int gfr_raid6_check_base(int disks, size_t off, size_t len, void *const *ptrs);

/* The SIMD variants, declared from the registry (src/variants.h). */
#define GFR_GEN(arch, tier, file, fn) void fn(int disks, size_t off, size_t len, void **ptrs);
#define GFR_XOR(arch, tier, file, fn) \
	void fn(int disks, int start, int stop, size_t off, size_t len, void **ptrs);
#define GFR_RECOV(arch, tier, file, fn_2data, fn_datap) \
	void fn_2data(int disks, size_t off, size_t len, int faila, int failb, void **ptrs); \
	void fn_datap(int disks, size_t off, size_t len, int faila, void **ptrs);
#define GFR_CHECK(arch, tier, file, fn) \
	int fn(int disks, size_t off, size_t len, void *const *ptrs);
#include "../variants.h"

/* Not a variant: D_faila = P ^ the other data disks, for the rare data + Q
   failure, reading everything else and writing only ptrs[faila]. */
void gfr_raid6_rebuild_from_p(int disks, size_t bytes, int faila, void **ptrs);

#endif /* GFRAID_RAID6_H */
