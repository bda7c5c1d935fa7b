/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Reed-Solomon variant interface. The API glue (src/ec/api.c) has checked
 * the arguments: 1 <= k, 1 <= rows, k + rows <= 256, 0 <= vec_i < k,
 * every pointer non-NULL. Tables are ISA-L layout, 32 bytes per
 * coefficient, row-major over rows x k. Like the RAID-6 variants, these
 * work on bytes [off, off + len) of every buffer, so the glue can bound
 * SIMD sections and a SIMD body can leave its last partial vector to base.
 */
#ifndef GFRAID_EC_H
#define GFRAID_EC_H

#include "../port.h"

/* accumulate: coding ^= the products instead of coding = (the
   multi-shard update runs the encode kernels this way). */
typedef void (*gfr_encode_fn)(size_t off, size_t len, int k, int rows, const uint8_t *gftbls,
			      uint8_t *const *data, uint8_t *const *coding, int accumulate);
typedef void (*gfr_update_fn)(size_t off, size_t len, int k, int rows, int vec_i,
			      const uint8_t *gftbls, const uint8_t *data, uint8_t *const *coding);

void gfr_ec_encode_base(size_t off, size_t len, int k, int rows, const uint8_t *gftbls,
			uint8_t *const *data, uint8_t *const *coding, int accumulate);
void gfr_ec_update_base(size_t off, size_t len, int k, int rows, int vec_i, const uint8_t *gftbls,
			const uint8_t *data, uint8_t *const *coding);

/* The SIMD variants (x86), stamped out by src/ec/simd_body.h. */
#define GFR_EC_DECLARE(isa) \
	void gfr_ec_encode_##isa(size_t off, size_t len, int k, int rows, const uint8_t *gftbls, \
				 uint8_t *const *data, uint8_t *const *coding, int accumulate); \
	void gfr_ec_update_##isa(size_t off, size_t len, int k, int rows, int vec_i, \
				 const uint8_t *gftbls, const uint8_t *data, uint8_t *const *coding);

GFR_EC_DECLARE(ssse3)
GFR_EC_DECLARE(avx2)
GFR_EC_DECLARE(avx512)
GFR_EC_DECLARE(avx2_gfni)
GFR_EC_DECLARE(avx512_gfni)

/* AVX-512 + GFNI encode with its inner loop in nasm (asm/). */
void gfr_ec_encode_avx512_gfni_asm(size_t off, size_t len, int k, int rows, const uint8_t *gftbls,
				   uint8_t *const *data, uint8_t *const *coding, int accumulate);

#endif /* GFRAID_EC_H */
