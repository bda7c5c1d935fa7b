// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * The AVX2 encode's field math alone, the bound of the nibble-table
 * algorithm that ISA-L's AVX2 kernels and ours share: per 64-byte step
 * (two vectors, as the kernels take them) each source's nibbles split once
 * (vpand, vpsrlq, vpand), then for each row its two 16-byte tables
 * broadcast from gftbls, looked up (vpshufb) and summed (vpxor); the
 * sources are all one 64-byte block that stays in L1, so no data is
 * waited for, and each row is stored once a step. What it reaches is what
 * this core's ports allow that instruction mix. Compiled with -mavx2 and
 * run only where the CPU has it (cases.c checks).
 */
#include <immintrin.h>

#include "bare.h"

typedef __m256i V;

static inline V table(const uint8_t *p)
{
	return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)p));
}

/* Rows r0 .. r0 + M - 1 of the k x m tables (gftbls as ISA-L lays them
   out: 32 bytes per row and source, rows of k). */
static inline void nibble_rows(int k, size_t len, const uint8_t *src, const uint8_t *gftbls,
			       int r0, uint8_t **out, const int M)
{
	const V nib = _mm256_set1_epi8(0x0f);
	size_t o;
	int j, r;

	for (o = 0; o + 64 <= len; o += 64) {
		V a0[4], a1[4];

		for (r = 0; r < M; r++)
			a0[r] = a1[r] = _mm256_setzero_si256();
		for (j = 0; j < k; j++) {
			V x0 = _mm256_loadu_si256((const __m256i *)src);
			V x1 = _mm256_loadu_si256((const __m256i *)(src + 32)), l0, h0, l1, h1;

			/* opaque: the compiler may not hoist the split out of the loop */
			__asm__ volatile("" : "+x"(x0), "+x"(x1));
			l0 = _mm256_and_si256(x0, nib);
			h0 = _mm256_and_si256(_mm256_srli_epi64(x0, 4), nib);
			l1 = _mm256_and_si256(x1, nib);
			h1 = _mm256_and_si256(_mm256_srli_epi64(x1, 4), nib);
			for (r = 0; r < M; r++) {
				const uint8_t *t = gftbls + (size_t)32 * ((size_t)(r0 + r) * k + j);
				V lo = table(t), hi = table(t + 16);
				V p0 = _mm256_xor_si256(_mm256_shuffle_epi8(lo, l0),
							_mm256_shuffle_epi8(hi, h0));
				V p1 = _mm256_xor_si256(_mm256_shuffle_epi8(lo, l1),
							_mm256_shuffle_epi8(hi, h1));

				a0[r] = _mm256_xor_si256(a0[r], p0);
				a1[r] = _mm256_xor_si256(a1[r], p1);
			}
		}
		for (r = 0; r < M; r++) {
			_mm256_storeu_si256((__m256i *)(out[r] + o), a0[r]);
			_mm256_storeu_si256((__m256i *)(out[r] + o + 32), a1[r]);
		}
	}
}

void bare_encode_nibble(int k, int m, size_t len, const uint8_t *src, const uint8_t *gftbls,
			uint8_t **coding)
{
#define NIBBLE_BLOCK(r0, M) nibble_rows(k, len, src, gftbls, r0, coding + (r0), M)
	BY_ROW_BLOCKS(m, NIBBLE_BLOCK);
#undef NIBBLE_BLOCK
}
