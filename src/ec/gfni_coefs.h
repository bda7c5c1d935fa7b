/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * GFNI matrices from ISA-L tables, for the GFNI encode kernels in C
 * (gfni.h) and in nasm (avx512_gfni_asm.c). Needs AVX2 and GFNI, and
 * EC_ROWS defined.
 */
#ifndef GFRAID_EC_GFNI_COEFS_H
#define GFRAID_EC_GFNI_COEFS_H

/* Matrices are built EC_CHUNK data shards at a time: EC_ROWS x EC_CHUNK x
   8 bytes of stack, small enough for the kernel. */
#define EC_CHUNK 16

struct ec_coefs {
	uint64_t m[EC_ROWS][EC_CHUNK];
};

/*
 * The matrix of coefficient c from its table t. Entries 1, 2, 4, 8 of the
 * two halves are c*2^0 .. c*2^7; packed into one qword w with c*2^j in
 * byte 7-j, gf2p8affineqb(X, w) with X's byte i = 1 << (7-i) yields the
 * transposed bit matrix, which is the multiply-by-c matrix (docs/MATH.md,
 * "GFNI").
 */
GFR_INLINE uint64_t matrix_from_table(const uint8_t *t)
{
	const __m256i pick = _mm256_setr_epi8(-1, -1, -1, -1, 8, 4, 2, 1, -1, -1, -1, -1, -1, -1, -1,
					      -1, 8, 4, 2, 1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
					      -1, -1);
	__m256i s = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)t), pick);
	__m256i w = _mm256_or_si256(s, _mm256_permute2x128_si256(s, s, 0x01));
	__m256i m = _mm256_gf2p8affine_epi64_epi8(_mm256_set1_epi64x(0x0102040810204080LL), w, 0);

	return (uint64_t)_mm_cvtsi128_si64(_mm256_castsi256_si128(m));
}

GFR_INLINE void ec_coefs_load(struct ec_coefs *c, const uint8_t *gftbls, int k, int row0, int nr,
			      int j0, int nj)
{
	int r, j;

	for (r = 0; r < nr; r++) {
		const uint8_t *t = gftbls + (size_t)32 * ((size_t)(row0 + r) * k + j0);

		for (j = 0; j < nj; j++)
			c->m[r][j] = matrix_from_table(t + 32 * j);
	}
}

#endif
