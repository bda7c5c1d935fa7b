/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* 16-byte vector helpers on SSE2, for the SSE2/SSSE3 files of src/raid6/
   and src/ec/. */
#ifndef GFRAID_VEC_SSE2_H
#define GFRAID_VEC_SSE2_H

#include <immintrin.h>

#include "../gf/gf.h"

#define GFR_INLINE static inline __attribute__((always_inline))

typedef __m128i V;
#define VLEN 16

/* The empty asm pins the loaded value in a register: otherwise the
   compiler may fold the load into each instruction that uses it and read
   memory twice per vector (docs/BENCHMARKS.md, "Loop shapes"). */
GFR_INLINE V vload(const uint8_t *p)
{
	V v = _mm_loadu_si128((const __m128i *)p);

	__asm__("" : "+x"(v));
	return v;
}

GFR_INLINE void vstore(uint8_t *p, V v)
{
	_mm_storeu_si128((__m128i *)p, v);
}

/* Non-temporal store; p must be 16-byte aligned. */
GFR_INLINE void vstream(uint8_t *p, V v)
{
	_mm_stream_si128((__m128i *)p, v);
}

GFR_INLINE void vfence(void)
{
	_mm_sfence();
}

GFR_INLINE V vzero(void)
{
	return _mm_setzero_si128();
}

GFR_INLINE V vxor(V a, V b)
{
	return _mm_xor_si128(a, b);
}

GFR_INLINE V vxor3(V a, V b, V c)
{
	return vxor(vxor(a, b), c);
}

/* acc | (a ^ b): where two vectors differ, gathered. */
GFR_INLINE V vdiff(V acc, V a, V b)
{
	return _mm_or_si128(acc, _mm_xor_si128(a, b));
}

/* Whether any bit of v is set. */
GFR_INLINE int vany(V v)
{
	return _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128())) != 0xffff;
}

/* Each byte times 2: bytes with the top bit set (negative as signed)
   get 0x1D folded back in. */
GFR_INLINE V vmul2(V q)
{
	V carry = _mm_and_si128(_mm_cmpgt_epi8(vzero(), q), _mm_set1_epi8(0x1d));

	return vxor(_mm_add_epi8(q, q), carry);
}

GFR_INLINE V vmul2_xor(V q, V x)
{
	return vxor(vmul2(q), x);
}

GFR_INLINE V vbyte(uint8_t b)
{
	return _mm_set1_epi8((char)b);
}

GFR_INLINE V vand(V a, V b)
{
	return _mm_and_si128(a, b);
}

/* The high nibble of each byte, in its low 4 bits: x86 shifts 64-bit
   lanes, so the bits shifted in from the next byte are masked off. */
GFR_INLINE V vnib_hi(V v)
{
	return vand(_mm_srli_epi64(v, 4), vbyte(0x0f));
}

/* The 16 bytes at p (a nibble table) in every 128-bit lane. */
GFR_INLINE V vtable(const uint8_t *p)
{
	return _mm_loadu_si128((const __m128i *)p);
}

#ifdef __SSSE3__
/* pshufb: table[idx & 15] per byte, idx < 16 here. */
GFR_INLINE V vshuf(V table, V idx)
{
	return _mm_shuffle_epi8(table, idx);
}
#endif

#endif
