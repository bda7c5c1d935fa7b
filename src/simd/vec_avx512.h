/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* 64-byte vector helpers on AVX-512 F+BW, for the AVX-512 and
   AVX-512+GFNI files of src/raid6/ and src/ec/. */
#ifndef GFRAID_VEC_AVX512_H
#define GFRAID_VEC_AVX512_H

#include <immintrin.h>

#include "../gf/gf.h"

#define GFR_INLINE static inline __attribute__((always_inline))

typedef __m512i V;
#define VLEN 64

/* The empty asm pins the loaded value in a register: otherwise the
   compiler may fold the load into each instruction that uses it and read
   memory twice per vector (docs/BENCHMARKS.md, "Loop shapes"). */
GFR_INLINE V vload(const uint8_t *p)
{
	V v = _mm512_loadu_si512((const void *)p);

	__asm__("" : "+x"(v));
	return v;
}

GFR_INLINE void vstore(uint8_t *p, V v)
{
	_mm512_storeu_si512((void *)p, v);
}

/* Non-temporal store; p must be 64-byte aligned. */
GFR_INLINE void vstream(uint8_t *p, V v)
{
	_mm512_stream_si512((void *)p, v);
}

GFR_INLINE void vfence(void)
{
	_mm_sfence();
}

GFR_INLINE V vzero(void)
{
	return _mm512_setzero_si512();
}

GFR_INLINE V vxor(V a, V b)
{
	return _mm512_xor_si512(a, b);
}

/* a ^ b ^ c in one vpternlogq. */
GFR_INLINE V vxor3(V a, V b, V c)
{
	return _mm512_ternarylogic_epi64(a, b, c, 0x96);
}

/* acc | (a ^ b), one vpternlogq: where two vectors differ, gathered. */
GFR_INLINE V vdiff(V acc, V a, V b)
{
	return _mm512_ternarylogic_epi64(acc, a, b, 0xf6);
}

/* a | b | c, one vpternlogq. */
GFR_INLINE V vor3(V a, V b, V c)
{
	return _mm512_ternarylogic_epi64(a, b, c, 0xfe);
}

/* Whether any bit of v is set. */
GFR_INLINE int vany(V v)
{
	return _mm512_test_epi64_mask(v, v) != 0;
}

GFR_INLINE V vbyte(uint8_t b)
{
	return _mm512_set1_epi8((char)b);
}

GFR_INLINE V vand(V a, V b)
{
	return _mm512_and_si512(a, b);
}

/* The high nibble of each byte, in its low 4 bits: x86 shifts 64-bit
   lanes, so the bits shifted in from the next byte are masked off. */
GFR_INLINE V vnib_hi(V v)
{
	return vand(_mm512_srli_epi64(v, 4), vbyte(0x0f));
}

/* The 16 bytes at p (a nibble table) in every 128-bit lane. */
GFR_INLINE V vtable(const uint8_t *p)
{
	return _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)p));
}

/* vpshufb: table[idx & 15] per byte, within each 128-bit lane. */
GFR_INLINE V vshuf(V table, V idx)
{
	return _mm512_shuffle_epi8(table, idx);
}

#ifdef __GFNI__
/*
 * A gf2p8affineqb matrix in every 64-bit lane, and its product with x.
 * Under clang before 20 the matrix is pinned in a register: left as a
 * value, clang folds it into vgf2p8affineqb as a {1to8} memory operand,
 * and LLVM's assembler up to 19 scales that operand's compressed
 * displacement by 1 instead of 8, so the instruction reads the wrong
 * matrix (8(%rdi){1to8} runs as 0x40(%rdi)). gcc never folds it, and its
 * code is left exactly as it was (pinning changes its inlining). The pin
 * rather than GNU as: it also holds in kernel builds with LLVM=1
 * (docs/BENCHMARKS.md, "Compilers").
 * GFRAID_TEST_UNPINNED_GFNI leaves clang's broken code in, for the test
 * that proves the self-test catches it (scripts/test-compilers.sh).
 */
GFR_INLINE V vmat(uint64_t m)
{
	V v = _mm512_set1_epi64((long long)m);

#if defined(__clang__) && __clang_major__ < 20 && !defined(GFRAID_TEST_UNPINNED_GFNI)
	__asm__("" : "+v"(v));
#endif
	return v;
}

GFR_INLINE V vmulm(V x, V m)
{
	return _mm512_gf2p8affine_epi64_epi8(x, m, 0);
}
#endif

#endif
