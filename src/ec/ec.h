/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * What the Reed-Solomon code shares beyond the variants' types (ops.h):
 * 1 <= k, 1 <= rows, k + rows <= 256, 0 <= vec_i < k, every pointer
 * non-NULL, checked by the API (api.c).
 */
#ifndef GFRAID_EC_H
#define GFRAID_EC_H

#include "../port.h"

/* ec_check's variants need scratch for partial sums only past this many
   data shards. */
#define GFR_EC_CHECK_SCRATCH_K 16

/* The API's argument check: whether all n pointers of v are set (inline:
   a page-sized update is checked by the million). */
static inline int gfr_ec_all_set(unsigned char *const *v, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (!v[i])
			return 0;
	return 1;
}

/* Encode len bytes with the selected variant and any tables (the API
   entry, reconstruct and the check share it): 0, or GFRAID_ESELFTEST
   when no variant passed its self-test. */
int gfr_ec_encode_tables(size_t len, int k, int rows, const uint8_t *gftbls,
			 uint8_t *const *data, uint8_t *const *coding);

#endif /* GFRAID_EC_H */
