/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Reed-Solomon variant interface. The API glue (src/ec/api.c) has checked
 * the arguments: 1 <= k, 1 <= rows, k + rows <= 256, 0 <= vec_i < k,
 * every pointer non-NULL. Tables are ISA-L layout, 32 bytes per
 * coefficient, row-major over rows x k.
 */
#ifndef GFRAID_EC_H
#define GFRAID_EC_H

#include "../port.h"

typedef void (*gfr_encode_fn)(size_t len, int k, int rows, const uint8_t *gftbls,
			      uint8_t *const *data, uint8_t *const *coding);
typedef void (*gfr_update_fn)(size_t len, int k, int rows, int vec_i, const uint8_t *gftbls,
			      const uint8_t *data, uint8_t *const *coding);

void gfr_ec_encode_base(size_t len, int k, int rows, const uint8_t *gftbls,
			uint8_t *const *data, uint8_t *const *coding);
void gfr_ec_update_base(size_t len, int k, int rows, int vec_i, const uint8_t *gftbls,
			const uint8_t *data, uint8_t *const *coding);

#endif /* GFRAID_EC_H */
