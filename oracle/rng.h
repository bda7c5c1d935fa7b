/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* A small seeded generator (splitmix64), so that any failing case of the
   tests or of ec-cli verify can be repeated from its seed. */
#ifndef GFRAID_SUPPORT_RNG_H
#define GFRAID_SUPPORT_RNG_H

#include <stddef.h>
#include <stdint.h>

struct rng {
	uint64_t state;
};

void rng_seed(struct rng *r, uint64_t seed);
uint64_t rng_next(struct rng *r);
/* Uniform in lo..hi inclusive. */
int rng_range(struct rng *r, int lo, int hi);
void rng_fill(struct rng *r, void *p, size_t n);

#endif
