// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * The AVX-512 + GFNI encode with its inner loop in nasm
 * (asm/ec_avx512_gfni.asm): this C side builds the matrices and hands the
 * kernel 128-byte multiples of up to 4 rows x 16 sources at a time; the
 * last partial 128 bytes go to the C variant. Its own variant,
 * "avx512_gfni_asm", verified and benchmarked like every other.
 */
#include "../simd/vec_avx512.h"
#include "../ops.h"

#define EC_ROWS 4	/* what the nasm kernel's loops are written for */

#include "gfni_coefs.h"
#include "../simd/claim.h"

/* flags: 1 accumulate, 2 claim the lines of stores that may span two. */
void gfr_ec_avx512_gfni_kernel(size_t len, int nsrc, int nrows, const uint64_t *mats,
			       uint8_t *const *src, uint8_t *const *dst, int flags);

void gfr_ec_encode_avx512_gfni_asm(size_t off, size_t len, int k, int rows, const uint8_t *gftbls,
				   uint8_t *const *data, uint8_t *const *coding, int accumulate)
{
	size_t whole = len & ~(size_t)127;
	uint8_t *src[EC_CHUNK], *dst[EC_ROWS];
	struct ec_coefs c;
	int row0, j0, i, split;

	for (row0 = 0; whole && row0 < rows; row0 += EC_ROWS) {
		int nr = rows - row0 < EC_ROWS ? rows - row0 : EC_ROWS;

		for (i = 0, split = 0; i < nr; i++) {
			dst[i] = coding[row0 + i] + off;
			split |= gfr_stores_split(dst[i], 0, 64);
		}
		for (j0 = 0; j0 < k; j0 += EC_CHUNK) {
			int nj = k - j0 < EC_CHUNK ? k - j0 : EC_CHUNK;

			ec_coefs_load(&c, gftbls, k, row0, nr, j0, nj);
			for (i = 0; i < nj; i++)
				src[i] = data[j0 + i] + off;
			gfr_ec_avx512_gfni_kernel(whole, nj, nr, &c.m[0][0], src, dst,
						  (accumulate || j0 > 0) | split << 1);
		}
	}
	if (whole < len)
		gfr_ec_encode_avx512_gfni(off + whole, len - whole, k, rows, gftbls, data, coding,
					  accumulate);
}
