/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Choosing among usable variants by timing them on the CPU at hand, as
 * Linux raid6_pq does at boot: one order measured on one CPU is not every
 * CPU's (docs/BENCHMARKS.md, "Dispatch order"). Each size class is timed
 * on its own, at a block length of that class, on the op's case from its
 * descriptor (RAID-6 8+2, EC 10+4), in rounds that interleave the
 * candidates; each candidate's score is the median over the rounds of its
 * time relative to the first candidate's in the same round, and the first
 * candidate in table order within the class's margin of the best score
 * wins, so that variants that tie do not trade places from one process
 * to the next; a candidate that leads the table's order must lead again
 * on fresh buffers.
 */
#include "calibrate.h"

#define SMALL_LEN ((size_t)4096)
#define MEDIUM_MAX ((size_t)256 * 1024)
#define HUGE_MIN ((size_t)1 << 20)
#define PAGE ((size_t)4096)

const unsigned int gfr_calibrate_margin[GFRAID_CLASS_COUNT] = { 30, 30, 80, 80 };

/* Calls per timing (so that a small one is not all timer; times the
   case's blocks over a call's, for an op whose call reads only some of
   them) and rounds (odd, for a median; as many again to confirm a
   lead). */
#define MAX_ROUNDS 9
static const int calls_of[GFRAID_CLASS_COUNT] = { 32, 4, 2, 1 };
static const int rounds_of[GFRAID_CLASS_COUNT] = { 9, 5, 7, 5 };

/* The case's block length for class cls: 4 KiB; half of L2 over the
   case's blocks (a medium call that leaves room for the rest of the
   caller's data); a call of a quarter of the last-level cache, past L2;
   one of three quarters of it, or 1 MiB blocks if more. */
static size_t class_len(enum gfraid_class cls, int blocks)
{
	size_t len, l2 = gfr_l2_bytes(), half = gfr_llc_half_bytes();

	switch (cls) {
	case GFRAID_CLASS_SMALL:
		return SMALL_LEN;
	case GFRAID_CLASS_MEDIUM:
		len = l2 / 2 / (size_t)blocks & ~(PAGE - 1);
		len = len > GFR_SMALL_MAX ? len : GFR_SMALL_MAX + PAGE;
		return len < MEDIUM_MAX ? len : MEDIUM_MAX;
	case GFRAID_CLASS_LARGE:
		len = half / 2 / (size_t)blocks & ~(PAGE - 1);
		return len > l2 / (size_t)blocks ? len : (l2 / (size_t)blocks + PAGE) & ~(PAGE - 1);
	default:
		len = half / 2 * 3 / (size_t)blocks & ~(PAGE - 1);
		return len > HUGE_MIN ? len : HUGE_MIN;
	}
}

/* The median of column i of q's first rounds rows. */
static uint64_t median(uint64_t (*q)[GFR_CALIBRATE_MAX], int rounds, int i)
{
	uint64_t v[2 * MAX_ROUNDS], x;
	int a, b;

	for (a = 0; a < rounds; a++) {	/* insertion sort: a few values */
		x = q[a][i];
		for (b = a; b > 0 && v[b - 1] > x; b--)
			v[b] = v[b - 1];
		v[b] = x;
	}
	return v[rounds / 2];
}

/* Nanoseconds per call of im over `calls` calls of c, from the case's
   call `step` on. An op that reads only inputs a to b (xor_syndrome) is
   timed as md writes a stripe: the old data out and the new in (two
   calls) at one data disk, then the next, so that the case's blocks are
   all in play as for its callers. The disk is the same at the same step
   for every candidate: a round compares like with like (the work varies
   with the disk, Q's multiplies for the disks below it). */
static uint64_t time_calls(enum gfraid_op op, const struct gfr_impl *im, struct gfr_call *c,
			   int calls, unsigned int step)
{
	int span = gfr_op(op)->flags & GFR_OP_SPAN ? c->b - c->a : -1, i;
	uint64_t t0 = gfr_port_ns();

	for (i = 0; i < calls; i++) {
		if (span >= 0) {
			c->a = (int)((step + (unsigned int)i) / 2 % (unsigned int)(c->nin - span));
			c->b = c->a + span;
		}
		gfr_run_impl(op, im, c);
	}
	return gfr_div64(gfr_port_ns() - t0, (uint64_t)calls);
}

/* The case's buffers for a class: its blocks page-aligned, as callers'
   are (md's pages, O_DIRECT buffers; non-temporal stores need vector
   alignment), a page apart so that they do not all map to the same cache
   sets, then the tables and the pointers. */
struct layout {
	uint8_t *mem;
	struct gfr_call c;
};

static int layout_new(struct layout *l, const struct gfr_op *d, size_t len)
{
	int bufs = d->calibration.nin + d->calibration.nout * (d->flags & GFR_OP_SCRATCH ? 2 : 1);
	size_t tables = d->flags & GFR_OP_TABLES ? (size_t)32 * d->calibration.nin *
							   d->calibration.nout : 0;
	size_t stride = len + PAGE, bytes = (size_t)bufs * stride + tables;
	uint8_t *base, **p;
	int i;

	l->mem = gfr_port_alloc(PAGE + bytes + (size_t)bufs * sizeof(uint8_t *));
	if (!l->mem)
		return -1;
	base = l->mem + (PAGE - ((uintptr_t)l->mem & (PAGE - 1)));
	/* any bytes do: every variant's time is independent of the data */
	memset(base, 0x5a, bytes);
	p = (uint8_t **)(base + bytes);
	for (i = 0; i < bufs; i++)
		p[i] = base + (size_t)i * stride;
	l->c = d->calibration;
	l->c.len = len;
	l->c.in = p;
	l->c.out = p + l->c.nin;
	l->c.tables = base + (size_t)bufs * stride;
	return 0;
}

/* After a warm-up call, a first look at each candidate, the best of two
   timings (there and back): one more than twice as slow as the fastest is
   out (keep[i] 0), timed no further, scored from its look. Returns the
   first kept one, the reference of the rounds. (On its warm-up call
   alone, the first candidate, cold, looked twice as slow once in 72
   processes.) */
static int first_look(enum gfraid_op op, int calls, const struct gfr_impl *const *cand, int n,
		      struct gfr_call *c, uint64_t *look, int *keep)
{
	int i, fastest = 0, ref = 0;

	for (i = 0; i < n; i++)
		time_calls(op, cand[i], c, 2, 0);	/* code, tables, pages */
	for (i = 0; i < 2 * n; i++) {
		int at = i < n ? i : 2 * n - 1 - i;
		uint64_t ns = time_calls(op, cand[at], c, calls, 0);

		ns = ns ? ns : 1;
		look[at] = i < n || ns < look[at] ? ns : look[at];
	}
	for (i = 0; i < n; i++)
		fastest = look[i] < look[fastest] ? i : fastest;
	for (i = n - 1; i >= 0; i--)
		if ((keep[i] = look[i] <= 2 * look[fastest]))
			ref = i;
	return ref;
}

/* Rounds from to to - 1 of the timing, into q: each round times every
   kept candidate, back and forth, and keeps its time over the reference's
   (ref, the first kept) in the same round, so that what slows a whole
   round (another process, a frequency change) cancels out; a dropped
   candidate keeps its first look's ratio. */
static void time_rounds(enum gfraid_op op, const struct gfr_impl *const *cand, int n,
			struct gfr_call *c, int calls, const int *keep, const uint64_t *look,
			int ref, int from, int to, uint64_t (*q)[GFR_CALIBRATE_MAX])
{
	uint64_t t[GFR_CALIBRATE_MAX];
	int round, i;

	for (round = from; round < to; round++) {
		unsigned int step = (unsigned int)(round * calls);

		/* the round's disk into the cache for every candidate alike */
		if (gfr_op(op)->flags & GFR_OP_SPAN)
			time_calls(op, cand[ref], c, calls, step);
		for (i = 0; i < n; i++) {
			int at = round & 1 ? n - 1 - i : i;

			if (!keep[at])
				continue;
			t[at] = time_calls(op, cand[at], c, calls, step);
			t[at] = t[at] ? t[at] : 1;
		}
		for (i = 0; i < n; i++)
			q[round][i] = keep[i] ? gfr_div64(t[i] * 1000000, t[ref])
					      : gfr_div64(look[i] * 1000000, look[ref]);
	}
}

/* The first candidate in table order within margin (thousandths) of the
   fastest, by each one's median over the rounds (into med). */
static int choose(uint64_t (*q)[GFR_CALIBRATE_MAX], int rounds, int n, unsigned int margin,
		  uint64_t *med)
{
	int i, best = 0, choice;

	for (i = 0; i < n; i++) {
		med[i] = median(q, rounds, i);
		best = med[i] < med[best] ? i : best;
	}
	for (choice = 0; choice < best; choice++)
		if (med[choice] * 1000 <= med[best] * (1000 + margin))
			break;
	return choice;
}

int gfr_calibrate(enum gfraid_op op, enum gfraid_class cls, const struct gfr_impl *const *cand,
		  int n, unsigned int *score)
{
	const struct gfr_op *d = gfr_op(op);
	int blocks = gfr_call_blocks(d, &d->calibration);
	int calls = calls_of[cls] * (d->calibration.nin + d->calibration.nout) / blocks;
	int rounds = rounds_of[cls], keep[GFR_CALIBRATE_MAX] = { 0 }, ref, i, choice;
	size_t len = class_len(cls, blocks);
	uint64_t q[2 * MAX_ROUNDS][GFR_CALIBRATE_MAX], med[GFR_CALIBRATE_MAX];
	uint64_t look[GFR_CALIBRATE_MAX] = { 0 };
	struct layout l, fresh;

	if (layout_new(&l, d, len))
		return GFRAID_ENOMEM;
	ref = first_look(op, calls, cand, n, &l.c, look, keep);
	time_rounds(op, cand, n, &l.c, calls, keep, look, ref, 0, rounds, q);
	choice = choose(q, rounds, n, gfr_calibrate_margin[cls], med);
	/* A lead over the table's order holds over as many rounds again on
	   fresh buffers (other pages: in one process of 40, one set of
	   buffers favoured a variant by more than the margin) before it
	   counts. */
	if (choice != ref && !layout_new(&fresh, d, len)) {
		gfr_port_free(l.mem);
		l = fresh;
		time_rounds(op, cand, n, &l.c, calls, keep, look, ref, rounds, 2 * rounds, q);
		rounds *= 2;
		choice = choose(q, rounds, n, gfr_calibrate_margin[cls], med);
	}
	gfr_port_free(l.mem);
	for (i = 0; i < n; i++)
		score[i] = (unsigned int)gfr_div64(med[i] * 1000 + med[choice] / 2, med[choice]);
	return choice;
}
