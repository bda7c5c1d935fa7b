/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The known-answer self-test (selftest.h), the same for every op: its
 * cases, known answer and preparation are in its descriptor (ops.h). A
 * case lays its buffers out in two arenas filled alike; the reference runs
 * on one, the variant under test on the other, and every buffer with 64
 * bytes either side of its window must come out the same. The cases reach
 * every path the SIMD bodies have: the unrolled loop, single vectors, the
 * tail left to base, unaligned buffers, odd and even disk counts, disk 0
 * (factor 1), one and several disks in xor_syndrome, more data shards than
 * a coefficient chunk (16) and more parity rows than one pass (4), and the
 * offset at which the kernel starts a variant's second SIMD section.
 */
#include "selftest.h"
#include "gf/gf.h"

#define GUARD 64
#define MAX_BUFS 32
#define TABLES_BYTES ((size_t)GFRAID_MAX_SHARDS * 32)

const struct gfr_kat *gfr_selftest_kat(enum gfraid_op op)
{
	return &gfr_op(op)->kat;
}

unsigned int gfr_selftest_seed(unsigned int seed, int i)
{
	return seed * 0x9e3779b1u + (unsigned int)i * 0x85ebca6bu + 1;
}

/* xorshift64, eight bytes a step, low byte first on any byte order (the
   eight stores spelled out, which gcc and clang merge into one on
   little-endian); a zero state would stay zero, so it is nudged. */
void gfr_selftest_fill(uint8_t *p, size_t n, unsigned int seed)
{
	uint64_t x = seed ? seed : 0x2545f491u;
	size_t i = 0;
	int j;

	while (i < n) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		if (n - i >= 8) {
			p[i] = (uint8_t)x;
			p[i + 1] = (uint8_t)(x >> 8);
			p[i + 2] = (uint8_t)(x >> 16);
			p[i + 3] = (uint8_t)(x >> 24);
			p[i + 4] = (uint8_t)(x >> 32);
			p[i + 5] = (uint8_t)(x >> 40);
			p[i + 6] = (uint8_t)(x >> 48);
			p[i + 7] = (uint8_t)(x >> 56);
			i += 8;
		} else {
			for (j = 0; i < n; j++)
				p[i++] = (uint8_t)(x >> (8 * j));
		}
	}
}

/* Where the kernel starts the second SIMD section of a call over n
   buffers. */
static size_t section_offset(int n)
{
	return gfr_section_len(GFR_KERNEL_SECTION, n, GFR_KERNEL_SECTION);
}

struct layout {
	int n;
	size_t off, stride;
};

/* Check variants may take scratch rows after the parity: buffers the
   self-test lays out but does not compare. */
static int scratch_rows(enum gfraid_op op, const struct gfr_case *c)
{
	return gfr_flags(op) & GFR_OP_SCRATCH ? c->nout : 0;
}

static void layout_of(enum gfraid_op op, const struct gfr_case *c, struct layout *l)
{
	l->n = c->nin + c->nout + scratch_rows(op, c);
	l->off = c->at_section ? section_offset(l->n) : 0;
	l->stride = (GUARD + c->skew + (size_t)c->len + GUARD + 63) & ~(size_t)63;
}

int gfr_selftest_case_count(enum gfraid_op op)
{
	return gfr_op(op)->ncases;
}

size_t gfr_selftest_case_bytes(enum gfraid_op op, int i)
{
	struct layout l;

	layout_of(op, &gfr_op(op)->cases[i], &l);
	return l.off + (size_t)l.n * l.stride;
}

/* Buffer i's pointer (its window starts off bytes further). */
static void set_ptrs(const struct gfr_case *c, const struct layout *l, uint8_t *arena,
		     uint8_t **p)
{
	int i;

	for (i = 0; i < l->n; i++)
		p[i] = arena + (size_t)i * l->stride + GUARD + c->skew;
}

/* Buffer i's window with the bytes around it, as compared. */
static uint8_t *region(const struct layout *l, uint8_t *arena, int i)
{
	return arena + l->off + (size_t)i * l->stride;
}

static int same(const uint8_t *a, const uint8_t *b, size_t n)
{
	uint64_t diff = 0, x, y;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		memcpy(&x, a + i, 8);
		memcpy(&y, b + i, 8);
		diff |= x ^ y;
	}
	for (; i < n; i++)
		diff |= (uint64_t)(a[i] ^ b[i]);
	return diff == 0;
}

static struct gfr_call call_of(enum gfraid_op op, const struct gfr_case *c,
			       const struct layout *l, uint8_t **p, const uint8_t *tbl)
{
	int one = gfr_flags(op) & GFR_OP_ONE_SOURCE;
	struct gfr_call call = { c->nin, c->nout, c->a, c->b, l->off, (size_t)c->len,
				 one ? p + c->a : p, p + c->nin, tbl };

	return call;
}

/*
 * Fill every buffer's window from seed (buffer i: gfr_selftest_seed(seed,
 * i)) and the bytes around it from another; with tables, the tables from
 * the coefficient bytes of buffer nin + nout; then the op's own
 * preparation (parity: the known answer's, or NULL for base's).
 */
static void prepare(enum gfraid_op op, const struct gfr_case *c, const struct layout *l,
		    unsigned int seed, uint8_t *arena, uint8_t **p, uint8_t *tbl,
		    const uint8_t *parity)
{
	const struct gfr_op *d = gfr_op(op);
	struct gfr_call call = call_of(op, c, l, p, tbl);
	int i;

	for (i = 0; i < l->n; i++) {
		gfr_selftest_fill(region(l, arena, i), l->stride, ~gfr_selftest_seed(seed, i));
		gfr_selftest_fill(p[i] + l->off, (size_t)c->len, gfr_selftest_seed(seed, i));
	}
	if (gfr_flags(d->id) & GFR_OP_TABLES) {
		uint8_t coef[GFRAID_MAX_SHARDS];
		int nc = c->nin * c->nout;

		gfr_selftest_fill(coef, (size_t)nc, gfr_selftest_seed(seed, c->nin + c->nout));
		for (i = 0; i < nc; i++)
			gfr_gf_nibble_table(coef[i], tbl + (size_t)32 * i);
	}
	if (d->prepare)
		d->prepare(c, &call, parity, seed);
}

/* The first output byte, flipped by the corruption hook. */
static uint8_t *first_output(enum gfraid_op op, const struct gfr_case *c,
			     const struct layout *l, uint8_t **p)
{
	return (gfr_flags(op) & GFR_OP_RESTORES ? p[c->a] : p[c->nin]) + l->off;
}

/* The answer of im on the case (for a check: 1 where it finds a
   mismatch). */
static int run(enum gfraid_op op, const struct gfr_impl *im, const struct gfr_case *c,
	       const struct layout *l, uint8_t **p, const uint8_t *tbl)
{
	struct gfr_call call = call_of(op, c, l, p, tbl);

	return gfr_run_impl(op, im, &call) != 0;
}

/* One case: the variant against the reference. */
static int run_case(enum gfraid_op op, const struct gfr_impl *im, const struct gfr_impl *ref,
		    const struct gfr_case *c, unsigned int seed, int corrupt, uint8_t *mem)
{
	uint8_t *test = mem, *want = mem + GFR_SELFTEST_ARENA, *tbl = mem + 2 * GFR_SELFTEST_ARENA;
	uint8_t *pt[MAX_BUFS], *pw[MAX_BUFS];
	int answers = !!(gfr_flags(op) & GFR_OP_ANSWERS);
	struct layout l;
	int i, answer;

	layout_of(op, c, &l);
	set_ptrs(c, &l, test, pt);
	set_ptrs(c, &l, want, pw);
	prepare(op, c, &l, seed, want, pw, tbl, NULL);
	memcpy(test + l.off, want + l.off, (size_t)l.n * l.stride);
	answer = run(op, ref, c, &l, pw, tbl);
	if (run(op, im, c, &l, pt, tbl) != (answer ^ (corrupt && answers)))
		return 1;
	if (corrupt && !answers)
		*first_output(op, c, &l, pt) ^= 1;
	for (i = 0; i < l.n - scratch_rows(op, c); i++)
		if (!same(region(&l, test, i), region(&l, want, i), l.stride))
			return 1;
	return 0;
}

/* What base must give in one pass of the known answer: the stored
   outputs; for a check, a mismatch exactly where a member was made wrong;
   for recov, the lost data as it was. */
static int kat_wrong(enum gfraid_op op, const struct gfr_case *c, int answer, uint8_t **p,
		     uint8_t *lost)
{
	const struct gfr_op *d = gfr_op(op);
	const struct gfr_kat *k = &d->kat;
	int i, bad = 0;

	if (gfr_flags(d->id) & GFR_OP_ANSWERS)
		return answer != (c->a >= 0);
	if (!(gfr_flags(d->id) & GFR_OP_RESTORES)) {
		for (i = 0; i < k->nout; i++)
			bad |= !same(p[k->nin + i], k->expect + (size_t)k->len * i, (size_t)k->len);
		return bad;
	}
	for (i = 0; i < 2; i++) {
		int z = i ? c->b : c->a;

		if (z < 0)
			continue;
		gfr_selftest_fill(lost, (size_t)k->len, gfr_selftest_seed(k->seed, z));
		bad |= !same(p[z], lost, (size_t)k->len);
	}
	return bad;
}

/* base against the known answer, in each of its passes. */
static int run_kat(enum gfraid_op op, const struct gfr_impl *base, int corrupt, uint8_t *mem)
{
	const struct gfr_kat *k = &gfr_op(op)->kat;
	int answers = !!(gfr_flags(op) & GFR_OP_ANSWERS);
	uint8_t *pt[MAX_BUFS], *tbl = mem + 2 * GFR_SELFTEST_ARENA;
	uint8_t *lost = mem + GFR_SELFTEST_ARENA;
	struct layout l;
	int pass, answer, bad = 0;

	for (pass = 0; pass < k->passes; pass++) {
		struct gfr_case c = { (short)k->nin, (short)k->nout, (short)k->len, 0, 0,
				      (short)(pass ? k->a2 : k->a), (short)(pass ? k->b2 : k->b),
				      NULL };

		layout_of(op, &c, &l);
		set_ptrs(&c, &l, mem, pt);
		prepare(op, &c, &l, k->seed, mem, pt, tbl, k->expect);
		answer = run(op, base, &c, &l, pt, tbl) ^ (corrupt && answers);
		if (corrupt && !answers)
			*first_output(op, &c, &l, pt) ^= 1;
		bad |= kat_wrong(op, &c, answer, pt, lost);
	}
	return bad;
}

int gfr_selftest(enum gfraid_op op, const struct gfr_impl *im, const struct gfr_impl *ref,
		 int corrupt, const char **why)
{
	const struct gfr_op *d = gfr_op(op);
	size_t bytes = 2 * GFR_SELFTEST_ARENA + TABLES_BYTES;
	uint8_t *mem = gfr_port_alloc(bytes);
	int i, failed = 0;

	if (!mem)
		return GFRAID_ENOMEM;
	if (!ref) {
		failed = run_kat(op, im, corrupt, mem);
		if (failed)
			*why = "wrong bytes in its known-answer case";
	}
	for (i = 0; ref && !failed && i < d->ncases; i++) {
		failed = run_case(op, im, ref, &d->cases[i], (unsigned int)(op * 100 + i + 1),
				  corrupt, mem);
		if (failed)
			*why = d->cases[i].what;
	}
	gfr_port_free(mem);
	return failed;
}
