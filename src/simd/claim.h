/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Claiming the lines a step is about to store, for the bodies that write
   blocks they have not read (src/raid6/, src/ec/). */
#ifndef GFRAID_SIMD_CLAIM_H
#define GFRAID_SIMD_CLAIM_H

/*
 * Ask for the cache lines of [p, p + n) to be written, n a compile-time
 * count. A vector store that spans two lines, neither in cache, waits
 * for both in turn, and stores drain in order: with every store of a
 * call split that way (blocks staggered in their pages, not in cache) a
 * 4 KiB call took several times as long. Asked for before the step's
 * loads, the lines come in parallel with them (docs/BENCHMARKS.md, "Loop
 * shapes"). The last byte of each 64 is asked for: the line a split
 * store reaches into past p's; p's own line, where p is not line-aligned,
 * is the one the step before reached into and claimed (but for the
 * first step's).
 */
static inline __attribute__((always_inline)) void gfr_claim_lines(const uint8_t *p, const int n)
{
	int b;

	for (b = (n < 64 ? n : 64) - 1; b < n; b += 64)
		__builtin_prefetch(p + b, 1, 3);
}

/* Whether a store at p + off + o, o a multiple of vlen, can span two
   lines (p may be NULL, where the op stores nothing to it). */
static inline __attribute__((always_inline)) int gfr_stores_split(const uint8_t *p, size_t off,
								  int vlen)
{
	return ((uintptr_t)p + off) % (uintptr_t)vlen != 0;
}

#endif
