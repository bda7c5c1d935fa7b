/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Shared by the fuzz targets: reading fields from libFuzzer's input,
 * buffers that end exactly at their length (so ASan sees one byte past
 * them), and a check that aborts with a message, which libFuzzer reports
 * as a crash with the input that caused it.
 */
#ifndef GFRAID_FUZZ_H
#define GFRAID_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfraid.h"
#include "rng.h"

/* Each target defines it; libFuzzer calls it once per input. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct fin {
	const uint8_t *p;
	size_t n;
};

/* The next byte of input, 0 once it is used up. */
static inline unsigned fin_byte(struct fin *f)
{
	if (!f->n)
		return 0;
	f->n--;
	return *f->p++;
}

static inline unsigned fin_u16(struct fin *f)
{
	unsigned lo = fin_byte(f);

	return lo | fin_byte(f) << 8;
}

/* A generator seeded by the rest of the input: buffer contents. */
static inline void fin_rng(struct fin *f, struct rng *r)
{
	uint64_t h = 0xcbf29ce484222325ull;

	while (f->n)
		h = (h ^ fin_byte(f)) * 0x100000001b3ull;
	rng_seed(r, h);
}

#define FUZZ_CHECK(cond, ...) \
	do { \
		if (!(cond)) { \
			fprintf(stderr, "fuzz check failed: %s: ", #cond); \
			fprintf(stderr, __VA_ARGS__); \
			fprintf(stderr, "\n"); \
			abort(); \
		} \
	} while (0)

/* n buffers of len bytes, each its own allocation starting skew bytes in,
   so that reading or writing past len is a heap overflow. */
static inline uint8_t **bufs_new(int n, size_t len, size_t skew)
{
	uint8_t **b = calloc((size_t)n, sizeof(*b));
	int i;

	FUZZ_CHECK(b != NULL, "out of memory");
	for (i = 0; i < n; i++) {
		uint8_t *m = malloc(skew + len ? skew + len : 1);

		FUZZ_CHECK(m != NULL, "out of memory");
		b[i] = m + skew;
	}
	return b;
}

static inline void bufs_free(uint8_t **b, int n, size_t skew)
{
	int i;

	for (i = 0; i < n; i++)
		free(b[i] - skew);
	free(b);
}

static inline void bufs_copy(uint8_t **dst, uint8_t **src, int n, size_t len)
{
	int i;

	for (i = 0; i < n; i++)
		memcpy(dst[i], src[i], len);
}

/* Index of the first buffer that differs, or -1. */
static inline int bufs_diff(uint8_t **a, uint8_t **b, int n, size_t len)
{
	int i;

	for (i = 0; i < n; i++)
		if (len && memcmp(a[i], b[i], len))
			return i;
	return -1;
}

/* Force variant index v (mod the table) of op if it is usable here, else
   base; its name. */
static inline const char *force_variant(enum gfraid_op op, unsigned v)
{
	int n = gfraid_impl_count(op), i = (int)(v % (unsigned)n);
	const char *name = gfraid_impl_available(op, i) == 1 ? gfraid_impl_name(op, i) : "base";

	FUZZ_CHECK(gfraid_impl_force(op, name) == 0, "force %s", name);
	return name;
}

#endif
