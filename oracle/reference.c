/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "reference.h"

#include <string.h>

uint8_t ref_mul(uint8_t a, uint8_t b)
{
	uint8_t r = 0;

	while (b) {
		if (b & 1)
			r ^= a;
		a = (uint8_t)((a << 1) ^ ((a & 0x80) ? 0x1d : 0));
		b >>= 1;
	}
	return r;
}

uint8_t ref_pow2(int e)
{
	uint8_t r = 1;

	e %= 255;
	if (e < 0)
		e += 255;
	while (e--)
		r = ref_mul(r, 2);
	return r;
}

/* c * x for every x, from ref_mul. */
static void mul_row(uint8_t c, uint8_t row[256])
{
	int x;

	for (x = 0; x < 256; x++)
		row[x] = ref_mul(c, (uint8_t)x);
}

void ref_xor_syndrome(int disks, int start, int stop, size_t bytes, uint8_t **ptrs)
{
	uint8_t *p = ptrs[disks - 2], *q = ptrs[disks - 1], row[256];
	size_t i;
	int z;

	for (z = start; z <= stop; z++) {
		mul_row(ref_pow2(z), row);
		for (i = 0; i < bytes; i++) {
			p[i] ^= ptrs[z][i];
			q[i] ^= row[ptrs[z][i]];
		}
	}
}

void ref_gen_syndrome(int disks, size_t bytes, uint8_t **ptrs)
{
	memset(ptrs[disks - 2], 0, bytes);
	memset(ptrs[disks - 1], 0, bytes);
	ref_xor_syndrome(disks, 0, disks - 3, bytes, ptrs);
}

void ref_update(size_t len, int k, int rows, int vec_i, const uint8_t *a, const uint8_t *data,
		uint8_t **coding)
{
	uint8_t row[256];
	size_t x;
	int i;

	for (i = 0; i < rows; i++) {
		mul_row(a[i * k + vec_i], row);
		for (x = 0; x < len; x++)
			coding[i][x] ^= row[data[x]];
	}
}

void ref_encode(size_t len, int k, int rows, const uint8_t *a, uint8_t **data, uint8_t **coding)
{
	int i, j;

	for (i = 0; i < rows; i++)
		memset(coding[i], 0, len);
	for (j = 0; j < k; j++)
		ref_update(len, k, rows, j, a, data[j], coding);
}
