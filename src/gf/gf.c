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
	uint8_t bit[8];
	int x;

	/* c times each bit by doubling (x^8 = x^4 + x^3 + x^2 + 1: 0x1d),
	   c times a nibble the XOR of c times its bits: no multiplication,
	   for xor_syndrome builds one of these on every call */
	bit[0] = c;
	for (x = 1; x < 8; x++)
		bit[x] = (uint8_t)((bit[x - 1] << 1) ^ ((bit[x - 1] >> 7) * 0x1d));
	tbl[0] = tbl[16] = 0;
	for (x = 1; x < 16; x++) {
		int rest = x & (x - 1), b = __builtin_ctz((unsigned int)x);

		tbl[x] = tbl[rest] ^ bit[b];
		tbl[16 + x] = tbl[16 + rest] ^ bit[4 + b];
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
