/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "rng.h"

#include <string.h>

void rng_seed(struct rng *r, uint64_t seed)
{
	r->state = seed;
}

uint64_t rng_next(struct rng *r)
{
	uint64_t z = (r->state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

int rng_range(struct rng *r, int lo, int hi)
{
	return lo + (int)(rng_next(r) % (uint64_t)(hi - lo + 1));
}

void rng_fill(struct rng *r, void *p, size_t n)
{
	uint8_t *b = p;
	size_t i;

	for (i = 0; i + 8 <= n; i += 8) {
		uint64_t v = rng_next(r);

		memcpy(b + i, &v, 8);
	}
	for (; i < n; i++)
		b[i] = (uint8_t)rng_next(r);
}
