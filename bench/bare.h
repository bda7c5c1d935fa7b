/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Bare loops (bare_avx512.c): the ops' loads and stores without field math;
   and the field math without the loads and stores (bare_avx512.c, bare_avx2.c). */
#ifndef GFRAID_BENCH_BARE_H
#define GFRAID_BENCH_BARE_H

#include <stddef.h>
#include <stdint.h>

void bare_gen(int k, size_t len, uint8_t **p, int nt);
int bare_check(int k, size_t len, uint8_t *const *p);
void bare_encode(int k, int m, size_t len, uint8_t **data, uint8_t **coding, int nt);
int bare_ec_check(int k, int m, size_t len, uint8_t **data, uint8_t **parity);
void bare_update(int n, int m, size_t len, uint8_t **src, uint8_t **coding);
void bare_encode_affine(int k, int m, size_t len, const uint8_t *src, uint8_t **coding);
void bare_encode_nibble(int k, int m, size_t len, const uint8_t *src, const uint8_t *gftbls,
			uint8_t **coding);

/* call(r0, M) for the m output rows in blocks of up to 4 from row r0, M
   a compile-time count, as the kernels block them. */
#define BY_ROW_BLOCKS(m, call) \
	do { \
		int r0_; \
		for (r0_ = 0; r0_ < (m); r0_ += 4) { \
			switch ((m)-r0_ < 4 ? (m)-r0_ : 4) { \
			case 1: \
				call(r0_, 1); \
				break; \
			case 2: \
				call(r0_, 2); \
				break; \
			case 3: \
				call(r0_, 3); \
				break; \
			default: \
				call(r0_, 4); \
				break; \
			} \
		} \
	} while (0)

#endif
