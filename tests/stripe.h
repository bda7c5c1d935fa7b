/* SPDX-License-Identifier: GPL-2.0-only */
/* RAID-6 stripes for the suites that test the RAID-6 ops (test_raid6.c,
   test_check.c): guarded blocks, and the geometries Linux's loops take. */
#ifndef GFRAID_TESTS_STRIPE_H
#define GFRAID_TESTS_STRIPE_H

#include <stdio.h>
#include <string.h>

#include "common.h"
#include "linux_raid6.h"

/* A stripe: `disks` blocks of `bytes`, each followed by a guard page. */
struct stripe {
	int disks;
	size_t bytes;
	struct guarded_set s;
};

static inline void stripe_new(struct stripe *st, int disks, size_t bytes, size_t skew)
{
	st->disks = disks;
	st->bytes = bytes;
	gset_alloc(&st->s, disks, bytes, skew);
}

static inline void stripe_free(struct stripe *st)
{
	gset_free(&st->s);
}

static inline void **ptrs(struct stripe *st)
{
	return (void **)st->s.ptrs;
}

static inline void stripe_copy(struct stripe *dst, struct stripe *src)
{
	int i;

	for (i = 0; i < src->disks; i++)
		memcpy(dst->s.ptrs[i], src->s.ptrs[i], src->bytes);
}

static inline void stripe_fill(struct stripe *st)
{
	int i;

	for (i = 0; i < st->disks; i++)
		test_fill(st->s.ptrs[i], st->bytes);
}

static inline void assert_stripes_equal(struct stripe *a, struct stripe *b, const char *what)
{
	char ctx[320];
	int i;

	for (i = 0; i < a->disks; i++) {
		snprintf(ctx, sizeof(ctx), "%s, disks=%d bytes=%zu, block %d", what, a->disks,
			 a->bytes, i);
		ck_assert_same(a->s.ptrs[i], b->s.ptrs[i], a->bytes, ctx);
	}
}

/* Geometries: 4..34 disks mostly (the kernel's SIMD loops need two data
   disks), 257 every eighth case; sizes multiples of 512, what the kernel's
   unrolled loops take. */
static inline int random_disks(int iter)
{
	return iter % 8 == 7 ? 257 : test_range(4, 34);
}

static inline size_t random_aligned_bytes(int disks)
{
	int max_units = disks > 64 ? 8 : 64;	/* up to 4 KiB or 32 KiB */

	return (size_t)LREF_BLOCK_MULTIPLE * test_range(1, max_units);
}

#endif
