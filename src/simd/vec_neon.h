/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* 16-byte vector helpers on AArch64 Advanced SIMD (NEON), for the NEON
   files of src/raid6/ and src/ec/ (neon: every AArch64 CPU; neon_sha3:
   those with FEAT_SHA3, whose EOR3 xors three vectors in one). */
#ifndef GFRAID_VEC_NEON_H
#define GFRAID_VEC_NEON_H

#ifdef __KERNEL__
#include <asm/neon-intrinsics.h>
/* arm_neon.h brought the compiler's stdint.h: the kernel's limits.h,
   included after it, defines these two again (the kernel's own NEON units
   include no kernel header beside arm_neon.h). */
#undef SIZE_MAX
#undef UINTPTR_MAX
#else
#include <arm_neon.h>
#endif

#include "../gf/gf.h"

#define GFR_INLINE static inline __attribute__((always_inline))

typedef uint8x16_t V;
#define VLEN 16

GFR_INLINE V vload(const uint8_t *p)
{
	return vld1q_u8(p);
}

GFR_INLINE void vstore(uint8_t *p, V v)
{
	vst1q_u8(p, v);
}

/* AArch64 has no single-register non-temporal store: the registry lists
   no non-temporal NEON variant, and this keeps the shared bodies whole. */
GFR_INLINE void vstream(uint8_t *p, V v)
{
	vst1q_u8(p, v);
}

GFR_INLINE void vfence(void)
{
}

GFR_INLINE V vzero(void)
{
	return vdupq_n_u8(0);
}

GFR_INLINE V vxor(V a, V b)
{
	return veorq_u8(a, b);
}

/* One EOR3 where the file is built for FEAT_SHA3 (the neon_sha3 tier). */
GFR_INLINE V vxor3(V a, V b, V c)
{
#ifdef __ARM_FEATURE_SHA3
	return veor3q_u8(a, b, c);
#else
	return veorq_u8(veorq_u8(a, b), c);
#endif
}

/* acc | (a ^ b): where two vectors differ, gathered. */
GFR_INLINE V vdiff(V acc, V a, V b)
{
	return vorrq_u8(acc, veorq_u8(a, b));
}

/* Whether any bit of v is set. */
GFR_INLINE int vany(V v)
{
	return vmaxvq_u32(vreinterpretq_u32_u8(v)) != 0;
}

/* Each byte times 2: the top bit, spread over the byte by an arithmetic
   shift, selects 0x1D to fold back in. */
GFR_INLINE V vmul2_xor(V q, V x)
{
	V carry = vreinterpretq_u8_s8(vshrq_n_s8(vreinterpretq_s8_u8(q), 7));

	return vxor3(vshlq_n_u8(q, 1), vandq_u8(carry, vdupq_n_u8(0x1d)), x);
}

GFR_INLINE V vmul2(V q)
{
	return vmul2_xor(q, vzero());
}

/*
 * Two steps of Horner's rule in one: 4q ^ 2a ^ b. Shifts give the low
 * eight bits; the bits that leave the byte (q7 at x^9; q6 and a7 at x^8)
 * are gathered by ushr + sri into a 4-bit index (q7 q6 q5 a7; q5 is a
 * don't-care) and reduced by one tbl: eight ops (seven with EOR3) where
 * two vmul2_xor take ten (eight), and four on the chain through q where
 * they have eight (docs/BENCHMARKS.md, "AArch64 NEON").
 */
#define GFR_HAVE_VMUL4_XOR2 1

static const uint8_t gfr_neon_fold4[16] = {
	0x00, 0x1d, 0x00, 0x1d, 0x1d, 0x00, 0x1d, 0x00,
	0x3a, 0x27, 0x3a, 0x27, 0x27, 0x3a, 0x27, 0x3a,
};

GFR_INLINE V vmul4_xor2(V q, V a, V b)
{
	V idx = vsriq_n_u8(vshrq_n_u8(q, 4), a, 7);
	V fold = vqtbl1q_u8(vld1q_u8(gfr_neon_fold4), idx);

	return vxor3(vshlq_n_u8(q, 2), fold, vxor(vaddq_u8(a, a), b));
}

GFR_INLINE V vbyte(uint8_t b)
{
	return vdupq_n_u8(b);
}

GFR_INLINE V vand(V a, V b)
{
	return vandq_u8(a, b);
}

/* The high nibble of each byte: ushr shifts each byte alone, so no mask
   (a shift-and-mask as on x86 keeps an AND the compiler does not drop). */
GFR_INLINE V vnib_hi(V v)
{
	return vshrq_n_u8(v, 4);
}

/* The 16 bytes at p (a nibble table). */
GFR_INLINE V vtable(const uint8_t *p)
{
	return vld1q_u8(p);
}

/* tbl: table[idx] per byte, idx < 16 here. */
GFR_INLINE V vshuf(V table, V idx)
{
	return vqtbl1q_u8(table, idx);
}

#endif
