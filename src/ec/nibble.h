/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Coefficients as ISA-L's two 16-entry nibble tables, looked up with
 * pshufb (SSSE3, AVX2, AVX-512 BW): c*x = lo[x & 15] ^ hi[x >> 4], one
 * table lookup per nibble, the tables read straight from gftbls, with the
 * vector header's vtable, vshuf, vand, vnib_hi and vbyte.
 */
#ifndef GFRAID_EC_NIBBLE_H
#define GFRAID_EC_NIBBLE_H

#define EC_CHUNK 256	/* the tables are used in place: no chunking */

struct ec_coefs {
	const uint8_t *t;	/* table of (row0, j0) */
	size_t stride;		/* bytes from one row's tables to the next */
};

GFR_INLINE void ec_coefs_load(struct ec_coefs *c, const uint8_t *gftbls, int k, int row0, int nr,
			      int j0, int nj)
{
	(void)nr;
	(void)nj;
	c->stride = (size_t)32 * k;
	c->t = gftbls + c->stride * row0 + (size_t)32 * j0;
}

/* A data vector split into its low and high nibbles, once for all rows. */
struct ec_x {
	V lo, hi;
};

GFR_INLINE struct ec_x ec_prep(V v)
{
	V nib = vbyte(0x0f);
	struct ec_x x = { vand(v, nib), vnib_hi(v) };

	return x;
}

GFR_INLINE V ec_mul_acc1(V acc, struct ec_x x, const struct ec_coefs *c, int r, int j)
{
	const uint8_t *t = c->t + c->stride * r + (size_t)32 * j;

	return vxor3(acc, vshuf(vtable(t), x.lo), vshuf(vtable(t + 16), x.hi));
}

GFR_INLINE V ec_mul_acc2(V acc, struct ec_x x0, struct ec_x x1, const struct ec_coefs *c, int r,
			 int j)
{
	return ec_mul_acc1(ec_mul_acc1(acc, x0, c, r, j), x1, c, r, j + 1);
}

/* One data shard's coefficients for up to EC_ROWS rows, loaded once into
   registers (update: the same shard all the way). */
struct ec_col {
	V lo[EC_ROWS], hi[EC_ROWS];
};

GFR_INLINE void ec_col_load(struct ec_col *col, const uint8_t *gftbls, int k, int row0, int nr,
			    int j)
{
	int r;

	/* unrolled before scalar replacement: the column stays in registers */
#pragma GCC unroll 8
	for (r = 0; r < nr; r++) {
		const uint8_t *t = gftbls + (size_t)32 * ((size_t)(row0 + r) * k + j);

		col->lo[r] = vtable(t);
		col->hi[r] = vtable(t + 16);
	}
}

GFR_INLINE V ec_col_mul_acc(V acc, struct ec_x x, const struct ec_col *col, int r)
{
	return vxor3(acc, vshuf(col->lo[r], x.lo), vshuf(col->hi[r], x.hi));
}

#endif
