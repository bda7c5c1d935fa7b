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
/* The check: nonzero when the parity the data gives differs from the
   stored parity coding[0 .. rows) anywhere in [off, off + len), which is
   only read; coding[rows .. 2 rows) is scratch for partial sums, used only
   when k > GFR_EC_CHECK_SCRATCH_K (those pointers may be NULL otherwise).
   Takes as long whatever the answer. */
#define GFR_EC_CHECK_SCRATCH_K 16
typedef int (*gfr_ec_check_fn)(size_t off, size_t len, int k, int rows, const uint8_t *gftbls,
			       uint8_t *const *data, uint8_t *const *coding);

/* The API's argument check (api.c): whether all n pointers of v are set. */
int gfr_ec_all_set(unsigned char *const *v, int n);

void gfr_ec_encode_base(size_t off, size_t len, int k, int rows, const uint8_t *gftbls,
			uint8_t *const *data, uint8_t *const *coding, int accumulate);
void gfr_ec_update_base(size_t off, size_t len, int k, int rows, int vec_i, const uint8_t *gftbls,
			const uint8_t *data, uint8_t *const *coding);
int gfr_ec_check_base(size_t off, size_t len, int k, int rows, const uint8_t *gftbls,
		      uint8_t *const *data, uint8_t *const *coding);

/* The SIMD variants, declared from the registry (src/variants.h). */
#define GFR_ENCODE(arch, tier, file, fn) \
	void fn(size_t off, size_t len, int k, int rows, const uint8_t *gftbls, \
		uint8_t *const *data, uint8_t *const *coding, int accumulate);
#define GFR_UPDATE(arch, tier, file, fn) \
	void fn(size_t off, size_t len, int k, int rows, int vec_i, const uint8_t *gftbls, \
		const uint8_t *data, uint8_t *const *coding);
#define GFR_EC_CHECK(arch, tier, file, fn) \
	int fn(size_t off, size_t len, int k, int rows, const uint8_t *gftbls, \
	       uint8_t *const *data, uint8_t *const *coding);
#include "../variants.h"

#endif /* GFRAID_EC_H */
