/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* 32-byte vector helpers on AVX2, for the AVX2 and AVX2+GFNI files of
   src/raid6/ and src/ec/. */
#ifndef GFRAID_VEC_AVX2_H
#define GFRAID_VEC_AVX2_H

#include <immintrin.h>

#include "../gf/gf.h"

#define GFR_INLINE static inline __attribute__((always_inline))

typedef __m256i V;
#define VLEN 32

/* The empty asm pins the loaded value in a register: otherwise the
   compiler may fold the load into each instruction that uses it and read
   memory twice per vector (docs/BENCHMARKS.md, "Loop shapes"). */
GFR_INLINE V vload(const uint8_t *p)
{
	V v = _mm256_loadu_si256((const __m256i *)p);

	__asm__("" : "+x"(v));
	return v;
}

GFR_INLINE void vstore(uint8_t *p, V v)
{
	_mm256_storeu_si256((__m256i *)p, v);
}

/* Non-temporal store; p must be 32-byte aligned. */
GFR_INLINE void vstream(uint8_t *p, V v)
{
	_mm256_stream_si256((__m256i *)p, v);
}

GFR_INLINE void vfence(void)
{
	_mm_sfence();
}

GFR_INLINE V vzero(void)
{
	return _mm256_setzero_si256();
}

GFR_INLINE V vxor(V a, V b)
{
	return _mm256_xor_si256(a, b);
}

GFR_INLINE V vxor3(V a, V b, V c)
{
	return vxor(vxor(a, b), c);
}

/* acc | (a ^ b): where two vectors differ, gathered. */
GFR_INLINE V vdiff(V acc, V a, V b)
{
	return _mm256_or_si256(acc, _mm256_xor_si256(a, b));
}

/* a | b | c. */
GFR_INLINE V vor3(V a, V b, V c)
{
	return _mm256_or_si256(a, _mm256_or_si256(b, c));
}

/* Whether any bit of v is set. */
GFR_INLINE int vany(V v)
{
	return !_mm256_testz_si256(v, v);
}

GFR_INLINE V vbyte(uint8_t b)
{
	return _mm256_set1_epi8((char)b);
}

GFR_INLINE V vand(V a, V b)
{
	return _mm256_and_si256(a, b);
}

/* The high nibble of each byte, in its low 4 bits: x86 shifts 64-bit
   lanes, so the bits shifted in from the next byte are masked off. */
GFR_INLINE V vnib_hi(V v)
{
	return vand(_mm256_srli_epi64(v, 4), vbyte(0x0f));
}

/* The 16 bytes at p (a nibble table) in every 128-bit lane. */
GFR_INLINE V vtable(const uint8_t *p)
{
	return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)p));
}

/* vpshufb: table[idx & 15] per byte, within each 128-bit lane. */
GFR_INLINE V vshuf(V table, V idx)
{
	return _mm256_shuffle_epi8(table, idx);
}

#ifdef __GFNI__
/* A gf2p8affineqb matrix in every 64-bit lane, and its product with x. */
GFR_INLINE V vmat(uint64_t m)
{
	return _mm256_set1_epi64x((long long)m);
}

GFR_INLINE V vmulm(V x, V m)
{
	return _mm256_gf2p8affine_epi64_epi8(x, m, 0);
}
#endif

#endif
