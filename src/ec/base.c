/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Portable Reed-Solomon encode, update and check, one byte at a time
 * through the two 16-entry halves of each coefficient's ISA-L table.
 */
#include "../ops.h"
#include "../gf/gf.h"

void gfr_ec_encode_base(size_t off, size_t len, int k, int rows, const uint8_t *gftbls,
			uint8_t *const *data, uint8_t *const *coding, int accumulate)
{
	size_t end = off + len, x;
	int i, j;

	/* each parity byte summed in a register and stored once: the
	   self-test runs this at every process's first call */
	for (i = 0; i < rows; i++) {
		uint8_t *out = coding[i];
		const uint8_t *tbl = gftbls + (size_t)32 * k * i;

		for (x = off; x < end; x++) {
			uint8_t acc = accumulate ? out[x] : 0;

			for (j = 0; j < k; j++)
				acc ^= gfr_gf_nibble_mul(tbl + 32 * j, data[j][x]);
			out[x] = acc;
		}
	}
}

int gfr_ec_update_base(size_t off, size_t len, int k, int rows, const uint8_t *col,
		       const uint8_t *data, uint8_t *const *coding)
{
	size_t end = off + len, x;
	int i;

	for (i = 0; i < rows; i++) {
		uint8_t *out = coding[i];
		const uint8_t *tbl = col + (size_t)32 * k * i;

		for (x = off; x < end; x++)
			out[x] ^= gfr_gf_nibble_mul(tbl, data[x]);
	}
	return 0;
}

int gfr_ec_check_base(size_t off, size_t len, int k, int rows, const uint8_t *gftbls,
		      uint8_t *const *data, uint8_t *const *coding)
{
	size_t x;
	int i, j, diff = 0;

	for (i = 0; i < rows; i++) {
		const uint8_t *tbl = gftbls + (size_t)32 * k * i;

		for (x = off; x < off + len; x++) {
			uint8_t v = coding[i][x];

			for (j = 0; j < k; j++)
				v ^= gfr_gf_nibble_mul(tbl + 32 * j, data[j][x]);
			diff |= v;
		}
	}
	return diff != 0;
}
