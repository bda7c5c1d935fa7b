/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Bare loops (bare_avx512.c): the ops' loads and stores without field math. */
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

#endif
