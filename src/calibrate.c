/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Choosing among usable variants by timing them on the CPU at hand, as
 * Linux raid6_pq does at boot: one order measured on one CPU is not every
 * CPU's (docs/BENCHMARKS.md, "Dispatch order"). Each candidate runs the op's case at 4 KiB
 * and at 64 KiB per buffer, in rounds that interleave the candidates; the
 * best time of each is kept, and the candidate with the smallest geometric
 * mean of its two times relative to the fastest wins.
 */
#include "calibrate.h"

/* Each op's calibration case is in its descriptor (RAID-6 8+2, EC 10+4). */
#define SMALL 4096
#define LARGE 65536
#define ROUNDS 3
#define SMALL_CALLS 8	/* per round, so that the small case is not all timer */
#define MAX_BUFS 18	/* 10+4, and ec_check's 4 scratch rows */
#define TABLES ((size_t)32 * 10 * 4)

/* floor(sqrt(x)), no floating point in the kernel. */
static uint64_t isqrt(uint64_t x)
{
	uint64_t r = 0, bit = (uint64_t)1 << 62;

	while (bit > x)
		bit >>= 2;
	while (bit) {
		if (x >= r + bit) {
			x -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
		bit >>= 2;
	}
	return r;
}

/* Nanoseconds per call of im over `calls` calls of len bytes. */
static uint64_t time_calls(enum gfraid_op op, const struct gfr_impl *im, size_t len, int calls,
			   uint8_t **p, const uint8_t *tbl)
{
	struct gfr_call c = gfr_op(op)->calibration;
	uint64_t t0;
	int i;

	c.len = len;
	c.in = p;
	c.out = p + c.nin;
	c.tables = tbl;
	t0 = gfr_port_ns();
	for (i = 0; i < calls; i++)
		gfr_run_impl(op, im, &c);
	return gfr_div64(gfr_port_ns() - t0, (uint64_t)calls);
}

int gfr_calibrate(enum gfraid_op op, const struct gfr_impl *const *cand, int n,
		  unsigned int *score)
{
	size_t bytes = (size_t)MAX_BUFS * LARGE + TABLES;
	uint64_t small[GFR_CALIBRATE_MAX], large[GFR_CALIBRATE_MAX], best_s = ~0ull, best_l = ~0ull;
	uint64_t prod[GFR_CALIBRATE_MAX], best_p = ~0ull;
	uint8_t *mem = gfr_port_alloc(bytes), *p[MAX_BUFS], *tbl;
	int i, round, best = 0;

	if (!mem)
		return GFRAID_ENOMEM;
	/* any bytes do: every variant's time is independent of the data */
	memset(mem, 0x5a, bytes);
	for (i = 0; i < MAX_BUFS; i++)
		p[i] = mem + (size_t)i * LARGE;
	tbl = mem + (size_t)MAX_BUFS * LARGE;
	for (i = 0; i < n; i++) {
		small[i] = large[i] = ~0ull;
		time_calls(op, cand[i], SMALL, 1, p, tbl);	/* warm: code, tables */
	}
	for (round = 0; round < ROUNDS; round++)
		for (i = 0; i < n; i++) {
			uint64_t s = time_calls(op, cand[i], SMALL, SMALL_CALLS, p, tbl);
			uint64_t l = time_calls(op, cand[i], LARGE, 1, p, tbl);

			small[i] = s < small[i] ? s : small[i];
			large[i] = l < large[i] ? l : large[i];
		}
	gfr_port_free(mem);
	for (i = 0; i < n; i++) {
		small[i] = small[i] ? small[i] : 1;
		large[i] = large[i] ? large[i] : 1;
		best_s = small[i] < best_s ? small[i] : best_s;
		best_l = large[i] < best_l ? large[i] : best_l;
	}
	/* each time relative to the fastest, in thousandths; their product */
	for (i = 0; i < n; i++) {
		prod[i] = gfr_div64(small[i] * 1000, best_s) * gfr_div64(large[i] * 1000, best_l);
		if (prod[i] < best_p) {
			best_p = prod[i];
			best = i;
		}
	}
	for (i = 0; i < n; i++)
		score[i] = (unsigned int)isqrt(gfr_div64(prod[i] * 1000000, best_p));
	return best;
}
