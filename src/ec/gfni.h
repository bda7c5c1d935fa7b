/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Coefficients as gf2p8affineqb matrices (AVX2+GFNI, AVX-512+GFNI), built
 * from the same ISA-L tables: one table format on every CPU; vmat and
 * vmulm come from the vector header.
 */
#ifndef GFRAID_EC_GFNI_H
#define GFRAID_EC_GFNI_H

#include "gfni_coefs.h"

/* A streaming encode reads as many shards at a time as any other: split
   in smaller chunks, the earlier chunks' sums are stored normally in the
   parity lines the last one then streams over, which measured slower
   with GFNI's cheap products than the extra streams (docs/BENCHMARKS.md,
   "Dispatch per size class, in fresh processes"). */
#define EC_FEW_CHUNK EC_CHUNK

struct ec_x {
	V v;
};

GFR_INLINE struct ec_x ec_prep(V v)
{
	struct ec_x x = { v };

	return x;
}

GFR_INLINE V ec_mul_acc1(V acc, struct ec_x x, const struct ec_coefs *c, int r, int j)
{
	return vxor(acc, vmulm(x.v, vmat(c->m[r][j])));
}

GFR_INLINE V ec_mul_acc2(V acc, struct ec_x x0, struct ec_x x1, const struct ec_coefs *c, int r,
			 int j)
{
	return vxor3(acc, vmulm(x0.v, vmat(c->m[r][j])), vmulm(x1.v, vmat(c->m[r][j + 1])));
}

/* One data shard's matrices for up to EC_ROWS rows, in registers. */
struct ec_col {
	V m[EC_ROWS];
};

GFR_INLINE void ec_col_load(struct ec_col *col, const uint8_t *gftbls, int k, int row0, int nr,
			    int j)
{
	int r;

	/* unrolled before scalar replacement: the column stays in registers */
#pragma GCC unroll 8
	for (r = 0; r < nr; r++)
		col->m[r] = vmat(matrix_from_table(gftbls + (size_t)32 * ((size_t)(row0 + r) * k + j)));
}

GFR_INLINE V ec_col_mul_acc(V acc, struct ec_x x, const struct ec_col *col, int r)
{
	return vxor(acc, vmulm(x.v, col->m[r]));
}

#endif
