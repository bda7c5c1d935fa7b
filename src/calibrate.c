/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Choosing among usable variants by timing them on the CPU at hand, as
 * Linux raid6_pq does at boot: one order measured on one CPU is not every
 * CPU's (docs/BENCHMARKS.md, "Dispatch order"). Each size class is timed
 * on its own, at a block length of that class, on the op's case from its
 * descriptor (RAID-6 8+2, EC 10+4), in rounds that interleave the
 * candidates; the best time of each is kept (the noise of a shared
 * machine only ever adds time), and the first candidate in table order
 * within GFR_CALIBRATE_MARGIN of the fastest wins, so that variants that
 * tie do not trade places from one process to the next.
 */
#include "calibrate.h"

#define SMALL_LEN ((size_t)4096)
#define LARGE_LEN ((size_t)1 << 20)
#define MEDIUM_MAX ((size_t)256 * 1024)
#define PAGE ((size_t)4096)

/* Calls per timing (so that a small one is not all timer) and rounds. */
static const int calls_of[GFRAID_CLASS_COUNT] = { 16, 4, 1 };
static const int rounds_of[GFRAID_CLASS_COUNT] = { 7, 5, 3 };

/* The case's block length for class cls: 4 KiB; half of L2 over the
   case's blocks (a medium call that leaves room for the rest of the
   caller's data); 1 MiB. */
static size_t class_len(enum gfraid_class cls, int blocks)
{
	size_t l2 = gfr_load_acquire(&gfr_l2), len;

	if (cls == GFRAID_CLASS_SMALL)
		return SMALL_LEN;
	if (cls == GFRAID_CLASS_LARGE)
		return LARGE_LEN;
	if (!l2)
		l2 = gfr_l2_init();
	len = l2 / 2 / (size_t)blocks & ~(PAGE - 1);
	len = len > GFR_SMALL_MAX ? len : GFR_SMALL_MAX + PAGE;
	return len < MEDIUM_MAX ? len : MEDIUM_MAX;
}

/* Nanoseconds per call of im over `calls` calls of c. */
static uint64_t time_calls(enum gfraid_op op, const struct gfr_impl *im, const struct gfr_call *c,
			   int calls)
{
	uint64_t t0 = gfr_port_ns();
	int i;

	for (i = 0; i < calls; i++)
		gfr_run_impl(op, im, c);
	return gfr_div64(gfr_port_ns() - t0, (uint64_t)calls);
}

int gfr_calibrate(enum gfraid_op op, enum gfraid_class cls, const struct gfr_impl *const *cand,
		  int n, unsigned int *score)
{
	const struct gfr_op *d = gfr_op(op);
	struct gfr_call c = d->calibration;
	int bufs = c.nin + c.nout * (d->flags & GFR_OP_SCRATCH ? 2 : 1);
	size_t len = class_len(cls, gfr_call_blocks(d, &c));
	size_t tables = d->flags & GFR_OP_TABLES ? (size_t)32 * c.nin * c.nout : 0;
	/* page-aligned blocks, as callers' are (md's pages, O_DIRECT buffers;
	   non-temporal stores need vector alignment), a page apart so that
	   they do not all map to the same cache sets */
	size_t stride = len + PAGE, bytes = (size_t)bufs * stride + tables;
	uint64_t t[GFR_CALIBRATE_MAX], best_t = ~0ull;
	uint8_t *mem = gfr_port_alloc(PAGE + bytes + (size_t)bufs * sizeof(uint8_t *)), *base, **p;
	int i, round, best = 0, choice;

	if (!mem)
		return GFRAID_ENOMEM;
	base = mem + (PAGE - ((uintptr_t)mem & (PAGE - 1)));
	/* any bytes do: every variant's time is independent of the data */
	memset(base, 0x5a, bytes);
	p = (uint8_t **)(base + bytes);
	for (i = 0; i < bufs; i++)
		p[i] = base + (size_t)i * stride;
	c.len = len;
	c.in = p;
	c.out = p + c.nin;
	c.tables = base + (size_t)bufs * stride;
	for (i = 0; i < n; i++) {
		t[i] = ~0ull;
		time_calls(op, cand[i], &c, 1);	/* warm: code, tables, pages */
	}
	for (round = 0; round < rounds_of[cls]; round++)
		for (i = 0; i < n; i++) {
			uint64_t ns = time_calls(op, cand[i], &c, calls_of[cls]);

			t[i] = ns < t[i] ? ns : t[i];
		}
	gfr_port_free(mem);
	for (i = 0; i < n; i++) {
		t[i] = t[i] ? t[i] : 1;
		if (t[i] < best_t) {
			best_t = t[i];
			best = i;
		}
	}
	for (choice = 0; choice < best; choice++)
		if (t[choice] * 1000 <= best_t * (1000 + GFR_CALIBRATE_MARGIN))
			break;
	for (i = 0; i < n; i++)
		score[i] = (unsigned int)gfr_div64(t[i] * 1000 + t[choice] / 2, t[choice]);
	return choice;
}
