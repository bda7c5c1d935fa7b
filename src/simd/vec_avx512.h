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

/* The empty asm pins the loaded value in a register: otherwise gcc 12
   folds the load into each instruction that uses it and reads memory twice
   per vector (avx512_gfni_x4 gen, 8+2, 4 KiB: 75 GB/s before, 88 after). */
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

#endif
