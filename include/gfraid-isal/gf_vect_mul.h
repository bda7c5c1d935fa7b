/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * libgfraid-isal: ISA-L's single-vector multiply (its <gf_vect_mul.h>) on
 * libgfraid. See erasure_code.h for what this library is and is not.
 */
#ifndef GFRAID_ISAL_GF_VECT_MUL_H
#define GFRAID_ISAL_GF_VECT_MUL_H

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The 32-byte table of constant c: bytes 0..15 are c*0 .. c*15, bytes
 * 16..31 are c*0x00, c*0x10, .. c*0xF0 (ISA-L's layout, as every table
 * of this library).
 */
void gf_vect_mul_init(unsigned char c, unsigned char *gftbl);
void gf_vect_mul_init_base(unsigned char c, unsigned char *gftbl);

/*
 * dest[i] = c * src[i] for len bytes, c the constant gftbl was made for.
 * As ISA-L requires, len is a multiple of 32 (any alignment of the
 * buffers is accepted). Returns 0, or -1 having written nothing when len
 * is negative or not a multiple of 32, or a pointer is NULL.
 */
int gf_vect_mul(int len, unsigned char *gftbl, void *src, void *dest);

/* The same bytes and return value as gf_vect_mul. */
int gf_vect_mul_base(int len, unsigned char *a, unsigned char *src, unsigned char *dest);

#ifdef __cplusplus
}
#endif

#endif /* GFRAID_ISAL_GF_VECT_MUL_H */
