/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Byte-at-a-time references written from the definitions (design.md
 * section 2), sharing nothing with the library: GF(2^8) by shift and
 * reduce, P/Q and Reed-Solomon by their sums. Slow and obviously right.
 */
#ifndef GFRAID_SUPPORT_REFERENCE_H
#define GFRAID_SUPPORT_REFERENCE_H

#include <stddef.h>
#include <stdint.h>

uint8_t ref_mul(uint8_t a, uint8_t b);
uint8_t ref_pow2(int e);

/* P = sum D_z, Q = sum 2^z D_z over data disks 0..disks-3. */
void ref_gen_syndrome(int disks, size_t bytes, uint8_t **ptrs);
/* P ^= sum D_z, Q ^= sum 2^z D_z over z = start..stop. */
void ref_xor_syndrome(int disks, int start, int stop, size_t bytes, uint8_t **ptrs);
/* coding[i] = sum_j a[i*k+j] * data[j], a being rows x k. */
void ref_encode(size_t len, int k, int rows, const uint8_t *a, uint8_t **data, uint8_t **coding);
/* coding[i] ^= a[i*k+vec_i] * data. */
void ref_update(size_t len, int k, int rows, int vec_i, const uint8_t *a, const uint8_t *data,
		uint8_t **coding);

#endif
