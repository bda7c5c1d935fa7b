/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* The gfraid_ec object, for the files that work on it: reconstruct.c
   (allocation, decoding, the decoder cache) and check.c (the scrub). */
#ifndef GFRAID_EC_OBJECT_H
#define GFRAID_EC_OBJECT_H

#include "../port.h"

#define CACHE_SLOTS 16

/* Pointer arrays for one call (shards, outputs, scratch) are kept on the
   stack up to this many (the kernel's stack is small), else allocated. */
#define GFR_EC_STACK_PTRS 48

struct decoder;

struct gfraid_ec {
	int k, m;
	uint8_t *matrix;	/* (k + m) x k: the identity, then the m coding rows */
	uint8_t *tables;	/* encode: 32 * k * m */
	struct gfr_lock lock;	/* guards cache, clock, and every refs */
	struct decoder *cache[CACHE_SLOTS];
	unsigned long clock;
};

#endif
