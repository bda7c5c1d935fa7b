/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "gf.h"

unsigned char gfraid_gf_mul(unsigned char a, unsigned char b)
{
	return gfr_gf_mul(a, b);
}

unsigned char gfraid_gf_inv(unsigned char a)
{
	return gfr_gf_inv[a];
}

void gfr_gf_mul_table(uint8_t c, uint8_t tbl[256])
{
	int x;

	tbl[0] = 0;
	for (x = 1; x < 256; x++)
		tbl[x] = gfr_gf_mul(c, (uint8_t)x);
}

void gfr_gf_nibble_table(uint8_t c, uint8_t tbl[32])
{
	int x;

	/* c times a nibble is the XOR of c times its bits: a multiplication
	   per bit, the rest by linearity (ec_init_tables makes one of these
	   per coefficient) */
	tbl[0] = tbl[16] = 0;
	for (x = 1; x < 16; x++) {
		int low = x & -x;

		if (x == low) {
			tbl[x] = gfr_gf_mul(c, (uint8_t)x);
			tbl[16 + x] = gfr_gf_mul(c, (uint8_t)(x << 4));
		} else {
			tbl[x] = tbl[low] ^ tbl[x - low];
			tbl[16 + x] = tbl[16 + low] ^ tbl[16 + x - low];
		}
	}
}

uint64_t gfr_gf_affine(uint8_t c)
{
	uint64_t m = 0;
	int i, j;

	/* Output bit i is the parity of x & row_i; row i sits in byte 7 - i
	   (docs/MATH.md, "GFNI"). */
	for (i = 0; i < 8; i++) {
		uint64_t row = 0;

		for (j = 0; j < 8; j++)
			row |= (uint64_t)((gfr_gf_mul(c, (uint8_t)(1u << j)) >> i) & 1) << j;
		m |= row << (8 * (7 - i));
	}
	return m;
}
