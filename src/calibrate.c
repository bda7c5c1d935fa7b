/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Choosing among usable variants by timing them on the CPU at hand, as
 * Linux raid6_pq does at boot: one order measured on one CPU is not every
 * CPU's (docs/BENCHMARKS.md, "Dispatch order"). Each size class and
 * stripe width is timed on its own, at block lengths of that class, on the
 * op's case for that width from its descriptor (which unroll or kernel
 * wins changes with the number of blocks), in rounds that interleave the
 * candidates. A candidate's time is taken relative to the first
 * candidate's in the same round and its median over the rounds, in each of
 * several placements of the blocks in memory (how far apart they lie,
 * where in their pages and in which order changes which variant is
 * fastest; callers' placements vary); its score is its worst placement
 * against the fastest there. The first candidate in table order within
 * the class's margin of the least worst case wins, so that variants that tie
 * do not trade places from one process to the next; a candidate that
 * leads the table's order must lead again on fresh buffers.
 */
#include "calibrate.h"

#define SMALL_LEN ((size_t)4096)
#define MEDIUM_MAX ((size_t)256 * 1024)
#define HUGE_MIN ((size_t)1 << 20)
#define PAGE ((size_t)4096)

/* A lead must be wider where the candidates' speed moves more from one
   process's buffers to the next: medium blocks by where their pages fall
   in L2, large and huge ones by memory (docs/BENCHMARKS.md, "Dispatch
   per size class, in fresh processes"). */
const unsigned int gfr_calibrate_margin[GFRAID_CLASS_COUNT] = { 30, 50, 80, 80 };

/* Calls per timing (so that a small one is not all timer; times the
   case's blocks over a call's, for an op whose call reads only some of
   them), rounds per placement (odd, for a median; as many again to
   confirm a lead) and placements: how many, and in each how many bytes
   each block lies further into its page than the last (layout_new). */
#define MAX_ROUNDS 9
#define MAX_ROWS 12	/* rounds times placements, at most, of a class */
static const int calls_of[GFRAID_CLASS_COUNT] = { 32, 4, 2, 1 };
static const int rounds_of[GFRAID_CLASS_COUNT] = { 3, 3, 5, 3 };
static const struct {
	int n;
	size_t stagger[4];
} places_of[GFRAID_CLASS_COUNT] = {
	{ 4, { 0, 64, 16, 7 } }, { 4, { 0, 64, 16, 7 } }, { 2, { 0, 7 } }, { 2, { 0, 64 } }
};

/* The case's block length for class cls: 4 KiB; else a power of two, as
   callers' chunks are (how fast an unroll or a streaming store runs
   changes with how the blocks' pages fall: an odd number of pages between
   blocks halved it): for a medium call the greatest within half of L2
   (room for the rest of the caller's data; where none is past the small
   class, the page multiple nearest under it), for a large call the
   greatest within a quarter of the last-level cache, for a huge one the
   least past half of it, and at least 1 MiB. */
static size_t class_len(enum gfraid_class cls, int blocks)
{
	size_t len, l2 = gfr_l2_bytes(), half = gfr_llc_half_bytes();

	switch (cls) {
	case GFRAID_CLASS_SMALL:
		return SMALL_LEN;
	case GFRAID_CLASS_MEDIUM:
		for (len = 2 * GFR_SMALL_MAX; 2 * len <= MEDIUM_MAX && 4 * len * (size_t)blocks <= l2;
		     len *= 2)
			;
		if (2 * len * (size_t)blocks <= l2)
			return len;
		len = l2 / 2 / (size_t)blocks & ~(PAGE - 1);
		return len > GFR_SMALL_MAX ? len : GFR_SMALL_MAX + PAGE;
	case GFRAID_CLASS_LARGE:
		for (len = PAGE; 2 * len * (size_t)blocks <= half / 2; len *= 2)
			;
		while (len * (size_t)blocks <= l2)
			len *= 2;
		return len;
	default:
		for (len = HUGE_MIN; len * (size_t)blocks <= half; len *= 2)
			;
		return len;
	}
}

/* The median of column i over the rows place, place + places, ... of q's
   first rounds * places rows: one placement's rounds. */
static uint64_t median(const uint32_t (*q)[GFR_CALIBRATE_MAX], int rounds, int places, int place,
		       int i)
{
	uint64_t v[2 * MAX_ROUNDS], x;
	int a, b;

	for (a = 0; a < rounds; a++) {	/* insertion sort: a few values */
		x = q[a * places + place][i];
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
	int span = gfr_flags(op) & GFR_OP_SPAN ? c->b - c->a : -1, i;
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

/* The case's buffers for a class, in one region, in places placements:
   in the first two a page apart, in the others with 0 to 3 pages more
   between them, drawn from a fixed sequence; in even placements block 0
   lies lowest, in odd ones highest; in the first page-aligned, as md's
   pages and O_DIRECT buffers are (non-temporal stores need vector
   alignment), in the others each block further into its page than the
   last by places_of[cls].stagger[place] bytes, as buffers behind malloc and
   fragment headers lie. Which variant is fastest changes with all three:
   a streaming store ran at half the speed of a normal one with the blocks
   in ascending order and faster with them descending, as separate
   allocations of a megabyte come out; on a Zen 3 streaming stores (huge
   calls' candidates) that led with page-aligned blocks ran at a third of
   normal stores' speed with each block 64 bytes further into its page
   than the last; blocks at odd distances from each other's lines (large
   calls' second placement) put one of every 64-byte kernel's stores
   across two lines, where 32-byte kernels led by a third
   (docs/BENCHMARKS.md). Then the tables, and the pointers, a set per
   placement. */
struct layout {
	uint8_t *mem;
	uint8_t **ptrs;
	int bufs;
	struct gfr_call c;
};

static size_t gap_pages(int place, int i)
{
	unsigned int x = (unsigned int)(place * 64 + i) * 2654435761u;

	return place < 2 ? 1 : 1 + ((x >> 24) & 3);
}

static void layout_place(struct layout *l, int place)
{
	l->c.in = l->ptrs + place * l->bufs;
	l->c.out = l->c.in + l->c.nin;
}

static int layout_new(struct layout *l, const struct gfr_op *d, const struct gfr_call *cc,
		      size_t len, enum gfraid_class cls)
{
	int places = places_of[cls].n;
	int bufs = cc->nin + cc->nout * (gfr_flags(d->id) & GFR_OP_SCRATCH ? 2 : 1);
	size_t tables = gfr_flags(d->id) & GFR_OP_TABLES ? (size_t)32 * cc->nin * cc->nout : 0;
	size_t span = (size_t)bufs * (len + 4 * PAGE), bytes = span + tables, at;
	uint8_t *base;
	int i, place;

	l->mem = gfr_port_alloc(PAGE + bytes + (size_t)(places * bufs) * sizeof(uint8_t *));
	if (!l->mem)
		return -1;
	base = l->mem + (PAGE - ((uintptr_t)l->mem & (PAGE - 1)));
	/* any bytes do: every variant's time is independent of the data */
	memset(base, 0x5a, bytes);
	l->ptrs = (uint8_t **)(base + bytes);
	l->bufs = bufs;
	for (place = 0; place < places; place++)
		for (i = 0, at = 0; i < bufs; i++) {
			size_t in = places_of[cls].stagger[place] * (size_t)i % PAGE;

			l->ptrs[place * bufs + i] =
				place & 1 ? base + span - at - len - PAGE + in : base + at + in;
			at += len + gap_pages(place, i) * PAGE;
		}
	l->c = *cc;
	l->c.len = len;
	l->c.tables = base + span;
	layout_place(l, 0);
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

/* t over ref in millionths, kept in 32 bits: a case's rows of ratios are
   what a calibration holds longest. */
static uint32_t ratio(uint64_t t, uint64_t ref)
{
	uint64_t r = gfr_div64(t * 1000000, ref);

	return r < 0xffffffffu ? (uint32_t)r : 0xffffffffu;
}

/* Rounds from to to - 1 of the timing, into q, round r on placement
   r % places: each round times every kept candidate, back and forth, and
   keeps its time over the reference's (ref, the first kept) in the same
   round, so that what slows a whole round (another process, a frequency
   change) cancels out; a dropped candidate keeps its first look's
   ratio. With settle (calls past L2, one or two a timing), a candidate's
   timed calls follow an untimed one of its own: the first call after
   another candidate pays for the state that one left the cache in (dirty
   parity lines that streamed stores must flush first). */
static void time_rounds(enum gfraid_op op, const struct gfr_impl *const *cand, int n,
			struct layout *l, int places, int calls, int settle, const int *keep,
			const uint64_t *look, int ref, int from, int to,
			uint32_t (*q)[GFR_CALIBRATE_MAX])
{
	struct gfr_call *c = &l->c;
	uint64_t t[GFR_CALIBRATE_MAX];
	int round, i;

	for (round = from; round < to; round++) {
		unsigned int step = (unsigned int)(round * calls);

		layout_place(l, round % places);

		/* the round's disk into the cache for every candidate alike */
		if (gfr_flags(op) & GFR_OP_SPAN)
			time_calls(op, cand[ref], c, calls, step);
		for (i = 0; i < n; i++) {
			int at = round & 1 ? n - 1 - i : i;

			if (!keep[at])
				continue;
			if (settle)
				time_calls(op, cand[at], c, 1, step);
			t[at] = time_calls(op, cand[at], c, calls, step);
			t[at] = t[at] ? t[at] : 1;
		}
		for (i = 0; i < n; i++)
			q[round][i] = keep[i] ? ratio(t[i], t[ref]) : ratio(look[i], look[ref]);
	}
}

/* One case's timing: a row of ratios per round, the first look, which
   candidates were kept and the reference. */
struct timing {
	uint32_t q[2 * MAX_ROWS][GFR_CALIBRATE_MAX];
	uint64_t look[GFR_CALIBRATE_MAX];
	int keep[GFR_CALIBRATE_MAX], ref;
};

/* op's case timed at class cls on the buffers of layout l (case_layout):
   pass 0 the first look and the rounds, pass 1 as many rounds again. */
static void time_case(enum gfraid_op op, enum gfraid_class cls, const struct gfr_impl *const *cand,
		      int n, struct layout *l, struct timing *t, int pass)
{
	const struct gfr_call *cc = &l->c;
	int places = places_of[cls].n, rows = rounds_of[cls] * places;
	int calls = calls_of[cls] * (cc->nin + cc->nout) / gfr_call_blocks(gfr_op(op), cc);

	if (!pass)
		t->ref = first_look(op, calls, cand, n, &l->c, t->look, t->keep);
	time_rounds(op, cand, n, l, places, calls, cls >= GFRAID_CLASS_LARGE, t->keep, t->look,
		    t->ref, pass * rows, (pass + 1) * rows, t->q);
}

/* Buffers for op's case for width w at class cls: 0, or -1 without
   memory. */
static int case_layout(struct layout *l, enum gfraid_op op, enum gfraid_class cls,
		       enum gfraid_width w)
{
	const struct gfr_op *d = gfr_op(op);
	const struct gfr_call *cc = &d->calibration[w];

	return layout_new(l, d, cc, class_len(cls, gfr_call_blocks(d, cc)), cls);
}

/* The first candidate in table order within margin (thousandths) of the
   least worst case; score[i], candidate i's worst case relative to that
   least one (thousandths). A candidate's worst case is the placement
   where it fares worst against the fastest there, each candidate's time
   in a placement the median over its rounds: a variant a few percent
   ahead in most placements lost 3x in another, and callers' blocks lie
   in any of them. */
static int choose(const struct timing *t, enum gfraid_class cls, int rounds, int n,
		  unsigned int margin, uint64_t *score)
{
	uint64_t med[GFR_CALIBRATE_MAX], best;
	int i, place, fastest = 0, choice, places = places_of[cls].n;

	for (i = 0; i < n; i++)
		score[i] = 0;
	for (place = 0; place < places; place++) {
		for (i = 0, best = 0; i < n; i++) {
			med[i] = median(t->q, rounds, places, place, i);
			best = !i || med[i] < best ? med[i] : best;
		}
		for (i = 0; i < n; i++) {
			uint64_t rel = gfr_div64(med[i] * 1000, best ? best : 1);

			score[i] = rel > score[i] ? rel : score[i];
		}
	}
	for (i = 0; i < n; i++)
		fastest = score[i] < score[fastest] ? i : fastest;
	for (i = 0, best = score[fastest]; i < n; i++)
		score[i] = gfr_div64(score[i] * 1000, best);
	for (choice = 0; choice < fastest; choice++)
		if (score[choice] <= 1000 + margin)
			break;
	return choice;
}

int gfr_calibrate(enum gfraid_op op, enum gfraid_class cls, enum gfraid_width w,
		  const struct gfr_impl *const *cand, int n, unsigned int *score)
{
	struct timing *t = gfr_port_alloc(sizeof(*t));
	uint64_t rel[GFR_CALIBRATE_MAX];
	int rounds = rounds_of[cls], i, choice;
	struct layout l, again;

	if (!t || case_layout(&l, op, cls, w)) {
		gfr_port_free(t);
		return GFRAID_ENOMEM;
	}
	time_case(op, cls, cand, n, &l, t, 0);
	choice = choose(t, cls, rounds, n, gfr_calibrate_margin[cls], rel);
	/* A lead over the table's order holds over as many rounds again on
	   other buffers before it counts, taken while the first are held so
	   that they lie elsewhere: on some processes' buffers a kernel ran
	   slower throughout, and the allocator handed the same ones back
	   (docs/BENCHMARKS.md). */
	if (choice != 0 && !case_layout(&again, op, cls, w)) {
		time_case(op, cls, cand, n, &again, t, 1);
		choice = choose(t, cls, 2 * rounds, n, gfr_calibrate_margin[cls], rel);
		gfr_port_free(again.mem);
	}
	gfr_port_free(l.mem);
	gfr_port_free(t);
	for (i = 0; i < n; i++)
		score[i] = (unsigned int)gfr_div64(rel[i] * 1000 + rel[choice] / 2, rel[choice]);
	return choice;
}
