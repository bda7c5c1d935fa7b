/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* GF(2^8) arithmetic shared by the RAID-6 and Reed-Solomon code
   (docs/MATH.md, "The field"). */
#ifndef GFRAID_GF_H
#define GFRAID_GF_H

#include "../port.h"

extern const uint8_t gfr_gf_exp[256];
extern const uint8_t gfr_gf_log[256];
extern const uint8_t gfr_gf_inv[256];
extern const uint64_t gfr_gf_pow2_affine[255];

static inline uint8_t gfr_gf_mul(uint8_t a, uint8_t b)
{
	if (a == 0 || b == 0)
		return 0;
	return gfr_gf_exp[(gfr_gf_log[a] + gfr_gf_log[b]) % 255];
}

/* 2^e for any e >= 0 or e < 0 (2 has order 255). */
static inline uint8_t gfr_gf_pow2(int e)
{
	e %= 255;
	if (e < 0)
		e += 255;
	return gfr_gf_exp[e];
}

/* tbl[x] = c * x for every byte x. */
void gfr_gf_mul_table(uint8_t c, uint8_t tbl[256]);

/* ISA-L layout: tbl[0..15] = c * 0..15, tbl[16..31] = c * 0x00, 0x10, .. 0xF0. */
void gfr_gf_nibble_table(uint8_t c, uint8_t tbl[32]);

/* The 8x8 bit matrix for gf2p8affineqb that multiplies a byte by c in this
   field (gf2p8mulb would use the AES polynomial 0x11B instead). */
uint64_t gfr_gf_affine(uint8_t c);

/* c * x from a 32-byte nibble table. */
static inline uint8_t gfr_gf_nibble_mul(const uint8_t *tbl, uint8_t x)
{
	return tbl[x & 15] ^ tbl[16 + (x >> 4)];
}

#endif /* GFRAID_GF_H */
