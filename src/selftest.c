/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The known-answer self-test (selftest.h). A case lays its buffers out in
 * two arenas filled alike; the reference runs on one, the variant under
 * test on the other, and every buffer with 64 bytes either side of its
 * window must come out the same. The cases reach every path the SIMD
 * bodies have: the unrolled loop, single vectors, the tail left to base,
 * unaligned buffers, odd and even disk counts, disk 0 (factor 1), one and
 * several disks in xor_syndrome, more data shards than a coefficient chunk
 * (16) and more parity rows than one pass (4), and the offset at
 * which the kernel starts a variant's second 256 KiB SIMD section.
 */
#include "selftest.h"
#include "gf/gf.h"

#define GUARD 64
#define MAX_BUFS 32
#define TABLES_BYTES ((size_t)GFRAID_MAX_SHARDS * 32)

struct st_case {
	short nin, nout, len;
	unsigned char skew;		/* every buffer starts this far past 64-byte alignment */
	unsigned char at_section;	/* called at the second kernel section's offset */
	short a, b;			/* start/stop, faila/failb (b < 0: datap), vec_i */
	const char *what;
};

static const struct st_case gen_cases[] = {
	{ 4, 2, 1125, 0, 0, 0, 0, "gen_syndrome 4+2, 1125 bytes, aligned" },
	{ 9, 2, 200, 5, 0, 0, 0, "gen_syndrome 9+2, 200 bytes, unaligned" },
	{ 1, 2, 65, 0, 0, 0, 0, "gen_syndrome 1+2, 65 bytes (a 1-byte tail)" },
	{ 16, 2, 333, 0, 1, 0, 0, "gen_syndrome 16+2, 333 bytes, second kernel section" },
	{ 8, 2, 13, 3, 0, 0, 0, "gen_syndrome 8+2, 13 bytes (tail only)" },
};

static const struct st_case xor_cases[] = {
	{ 8, 2, 1125, 0, 0, 0, 0, "xor_syndrome 8+2, disks 0..0, 1125 bytes, aligned" },
	{ 8, 2, 520, 7, 0, 3, 3, "xor_syndrome 8+2, disks 3..3, 520 bytes, unaligned" },
	{ 8, 2, 333, 0, 1, 2, 7, "xor_syndrome 8+2, disks 2..7, 333 bytes, second kernel section" },
	{ 9, 2, 1125, 0, 0, 0, 8, "xor_syndrome 9+2, disks 0..8, 1125 bytes" },
	{ 3, 2, 65, 1, 0, 1, 2, "xor_syndrome 3+2, disks 1..2, 65 bytes (a 1-byte tail)" },
};

static const struct st_case recov_cases[] = {
	{ 8, 2, 1125, 0, 0, 0, 1, "recov_2data 8+2, disks 0 and 1, 1125 bytes, aligned" },
	{ 8, 2, 333, 9, 0, 3, 7, "recov_2data 8+2, disks 3 and 7, 333 bytes, unaligned" },
	{ 4, 2, 65, 0, 0, 1, 2, "recov_2data 4+2, disks 1 and 2, 65 bytes (a 1-byte tail)" },
	{ 8, 2, 1125, 0, 0, 0, -1, "recov_datap 8+2, disk 0, 1125 bytes, aligned" },
	{ 16, 2, 300, 0, 1, 15, -1, "recov_datap 16+2, disk 15, 300 bytes, second kernel section" },
	{ 5, 2, 150, 2, 0, 2, -1, "recov_datap 5+2, disk 2, 150 bytes, unaligned" },
};

/* base's encode is byte at a time, so k x rows x len is kept small: it
   is most of what a self-test costs. */
static const struct st_case encode_cases[] = {
	{ 4, 4, 330, 0, 0, 0, 0, "ec_encode 4+4, 330 bytes, aligned" },
	{ 17, 5, 150, 3, 0, 0, 0, "ec_encode 17+5, 150 bytes, unaligned" },
	{ 6, 6, 200, 0, 1, 0, 0, "ec_encode 6+6, 200 bytes, second kernel section" },
	{ 3, 1, 65, 0, 0, 0, 0, "ec_encode 3+1, 65 bytes (a 1-byte tail)" },
	{ 1, 3, 200, 0, 0, 0, 0, "ec_encode 1+3, 200 bytes" },
	{ 5, 3, 21, 0, 0, 0, 0, "ec_encode 5+3, 21 bytes (tail only)" },
};

static const struct st_case update_cases[] = {
	{ 10, 4, 600, 0, 0, 3, 0, "ec_update 10+4, shard 3, 600 bytes, aligned" },
	{ 20, 6, 300, 3, 0, 19, 0, "ec_update 20+6, shard 19, 300 bytes, unaligned" },
	{ 6, 6, 200, 0, 1, 0, 0, "ec_update 6+6, shard 0, 200 bytes, second kernel section" },
	{ 3, 1, 21, 0, 0, 2, 0, "ec_update 3+1, shard 2, 21 bytes (tail only)" },
	{ 5, 2, 129, 1, 0, 4, 0, "ec_update 5+2, shard 4, 129 bytes (a 1-byte tail), unaligned" },
};

/* The encode kernels accumulating (tables already gathered by the glue). */
static const struct st_case update_shards_cases[] = {
	{ 4, 4, 330, 0, 0, 0, 0, "ec_update_shards 4 shards, 4 rows, 330 bytes, aligned" },
	{ 17, 5, 150, 3, 0, 0, 0, "ec_update_shards 17 shards, 5 rows, 150 bytes, unaligned" },
	{ 3, 6, 200, 0, 1, 0, 0, "ec_update_shards 3 shards, 6 rows, 200 bytes, second kernel section" },
	{ 2, 1, 65, 0, 0, 0, 0, "ec_update_shards 2 shards, 1 row, 65 bytes (a 1-byte tail)" },
	{ 1, 3, 21, 5, 0, 0, 0, "ec_update_shards 1 shard, 3 rows, 21 bytes (tail only)" },
};

/* a: the member made wrong (-1: none; nin is P, nin + 1 Q), b: at which
   byte of the window. */
static const struct st_case check_cases[] = {
	{ 8, 2, 1125, 0, 0, -1, 0, "raid6_check 8+2, 1125 bytes, aligned, consistent" },
	{ 8, 2, 1125, 0, 0, 3, 700, "raid6_check 8+2, 1125 bytes, data disk 3 wrong at byte 700" },
	{ 9, 2, 200, 5, 0, 9, 0, "raid6_check 9+2, 200 bytes, unaligned, P wrong at byte 0" },
	{ 16, 2, 333, 0, 1, 17, 332,
	  "raid6_check 16+2, 333 bytes, second kernel section, Q wrong at its last byte" },
	{ 1, 2, 65, 0, 0, 0, 64, "raid6_check 1+2, 65 bytes, the data wrong in the 1-byte tail" },
	{ 8, 2, 13, 3, 0, -1, 0, "raid6_check 8+2, 13 bytes (tail only), consistent" },
};

/* The same for the EC check: a is a shard (nin + r: parity row r). */
static const struct st_case ec_check_cases[] = {
	{ 4, 4, 330, 0, 0, -1, 0, "ec_check 4+4, 330 bytes, aligned, consistent" },
	{ 17, 5, 150, 3, 0, 20, 149, "ec_check 17+5, 150 bytes, unaligned, parity 3 wrong at its end" },
	{ 20, 3, 200, 0, 1, 2, 100,
	  "ec_check 20+3 (coefficients in two chunks), 200 bytes, second kernel section, "
	  "data 2 wrong" },
	{ 6, 6, 200, 0, 0, 8, 7, "ec_check 6+6 (rows in two passes), 200 bytes, parity 2 wrong" },
	{ 3, 1, 65, 0, 0, 1, 64, "ec_check 3+1, 65 bytes, data 1 wrong in the 1-byte tail" },
	{ 5, 3, 21, 0, 0, -1, 0, "ec_check 5+3, 21 bytes (tail only), consistent" },
};

#define CASES(t) { t, (int)(sizeof(t) / sizeof((t)[0])) }
static const struct {
	const struct st_case *c;
	int n;
} cases[GFRAID_OP_COUNT] = {
	[GFRAID_OP_GEN_SYNDROME] = CASES(gen_cases),
	[GFRAID_OP_XOR_SYNDROME] = CASES(xor_cases),
	[GFRAID_OP_RECOV] = CASES(recov_cases),
	[GFRAID_OP_EC_ENCODE] = CASES(encode_cases),
	[GFRAID_OP_EC_UPDATE] = CASES(update_cases),
	[GFRAID_OP_EC_UPDATE_SHARDS] = CASES(update_shards_cases),
	[GFRAID_OP_RAID6_CHECK] = CASES(check_cases),
	[GFRAID_OP_EC_CHECK] = CASES(ec_check_cases),
};

/*
 * The known answers, derived from Linux lib/raid6 (gen, xor) and ISA-L
 * (encode, update) by tests/test_selftest.c, which fails if they ever
 * differ. recov and raid6_check share gen's inputs, so P and Q are gen's
 * answer.
 */
static const uint8_t kat_gen[64] = {
	0x9f, 0x1a, 0x7b, 0x60, 0xf2, 0xbb, 0xf0, 0x22, 0x6a, 0xab, 0xfa, 0xaf,
	0x4f, 0x18, 0xc0, 0xe1, 0xbc, 0xc4, 0x1a, 0x12, 0xae, 0x48, 0xdb, 0x1f,
	0x35, 0x5e, 0x72, 0x2c, 0xc8, 0x37, 0xd2, 0x59, 0xa1, 0x6f, 0x89, 0xe2,
	0xb4, 0x5a, 0x36, 0xda, 0x9e, 0x78, 0x04, 0x02, 0xf9, 0x81, 0x8e, 0x58,
	0xf9, 0x3f, 0x3b, 0x65, 0x8e, 0xf2, 0x1d, 0xda, 0x4e, 0x41, 0x4a, 0x6b,
	0x07, 0xc5, 0x6e, 0x56,
};
static const uint8_t kat_xor[64] = {
	0x40, 0x11, 0x93, 0xc4, 0xc8, 0xdc, 0xdd, 0x21, 0x62, 0x67, 0x32, 0xdd,
	0x3e, 0x6a, 0xd4, 0x00, 0x2c, 0x9b, 0xa5, 0x96, 0x00, 0xd7, 0x7f, 0xa1,
	0x1a, 0x9b, 0xbf, 0xbb, 0x48, 0xe1, 0x97, 0xaf, 0xe3, 0x00, 0x5e, 0x2f,
	0x72, 0xf6, 0x76, 0x12, 0x20, 0x40, 0x71, 0x4c, 0x0b, 0xc9, 0x9b, 0x0d,
	0x9a, 0x55, 0xc0, 0x0c, 0x46, 0x3d, 0xfe, 0x6f, 0x50, 0x2e, 0x24, 0x4b,
	0x40, 0x04, 0xad, 0x2f,
};
static const uint8_t kat_encode[48] = {
	0x61, 0xfd, 0x84, 0x96, 0x1b, 0xad, 0x89, 0xea, 0xaf, 0x9c, 0xdb, 0x50,
	0xd2, 0x81, 0x76, 0x54, 0xcf, 0x94, 0xa7, 0xad, 0x4a, 0xbf, 0xe0, 0x36,
	0xce, 0x13, 0xc2, 0x14, 0x8f, 0x98, 0x46, 0x62, 0x48, 0x21, 0x96, 0xbd,
	0x02, 0x95, 0x0c, 0x8e, 0x46, 0x79, 0xd2, 0x6e, 0x09, 0xfd, 0xac, 0x60,
};
static const uint8_t kat_update_shards[48] = {
	0x79, 0x52, 0x8d, 0x47, 0xc7, 0x23, 0xc2, 0xac, 0x6d, 0x1c, 0x81, 0x29,
	0xc9, 0xe7, 0xc8, 0xa9, 0xd2, 0x7c, 0xbf, 0xaf, 0x36, 0x59, 0x61, 0x48,
	0xa0, 0xd4, 0xb8, 0x67, 0xf1, 0x80, 0xda, 0x14, 0xc7, 0x43, 0x84, 0xf7,
	0xf7, 0xe0, 0x2e, 0x76, 0xbf, 0xef, 0x4b, 0x15, 0xd5, 0xad, 0x1d, 0x8c,
};
static const uint8_t kat_update[48] = {
	0x86, 0x97, 0x84, 0x34, 0x93, 0xbc, 0x7c, 0x90, 0xa1, 0x6a, 0x6b, 0xed,
	0x43, 0x6a, 0x11, 0x40, 0x59, 0x58, 0xf8, 0xd7, 0x26, 0xa4, 0x45, 0x0d,
	0x31, 0xbc, 0x40, 0x90, 0x92, 0x15, 0xb7, 0x9c, 0x92, 0x08, 0x58, 0x84,
	0x17, 0xfc, 0x75, 0x86, 0xb6, 0xa9, 0xf7, 0xd0, 0xb7, 0xef, 0xbf, 0x25,
};

#define KAT_GEN_SEED 0x6b617431u
static const struct gfr_kat kats[GFRAID_OP_COUNT] = {
	[GFRAID_OP_GEN_SYNDROME] = { 5, 2, 32, 0, 0, KAT_GEN_SEED, kat_gen },
	[GFRAID_OP_XOR_SYNDROME] = { 5, 2, 32, 1, 3, 0x6b617432u, kat_xor },
	[GFRAID_OP_RECOV] = { 5, 2, 32, 1, 3, KAT_GEN_SEED, NULL },
	[GFRAID_OP_EC_ENCODE] = { 5, 3, 16, 0, 0, 0x6b617434u, kat_encode },
	[GFRAID_OP_EC_UPDATE] = { 5, 3, 16, 2, 0, 0x6b617435u, kat_update },
	[GFRAID_OP_EC_UPDATE_SHARDS] = { 3, 3, 16, 0, 0, 0x6b617436u, kat_update_shards },
	[GFRAID_OP_RAID6_CHECK] = { 5, 2, 32, -1, 0, KAT_GEN_SEED, NULL },
	[GFRAID_OP_EC_CHECK] = { 5, 3, 16, -1, 0, 0x6b617434u, kat_encode },
};

const struct gfr_kat *gfr_selftest_kat(enum gfraid_op op)
{
	return &kats[op];
}

unsigned int gfr_selftest_seed(unsigned int seed, int i)
{
	return seed * 0x9e3779b1u + (unsigned int)i * 0x85ebca6bu + 1;
}

/* xorshift64, eight bytes a step, low byte first on any byte order (gcc
   merges the byte stores of a whole step into one on little-endian); a
   zero state would stay zero, so it is nudged. */
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
			for (j = 0; j < 8; j++)
				p[i + j] = (uint8_t)(x >> (8 * j));
			i += 8;
		} else {
			for (j = 0; i < n; j++)
				p[i++] = (uint8_t)(x >> (8 * j));
		}
	}
}

/* Where the kernel starts the second SIMD section of a call over n
   buffers (gfr_section_len with 256 KiB sections). */
static size_t section_offset(int n)
{
	size_t s = ((size_t)256 * 1024 / (size_t)n) & ~(size_t)255;

	return s < 256 ? 256 : s;
}

struct layout {
	int n;
	size_t off, stride;
};

/* The EC check's variants take scratch rows after the parity: buffers the
   self-test lays out but does not compare. */
static int scratch_rows(enum gfraid_op op, const struct st_case *c)
{
	return op == GFRAID_OP_EC_CHECK ? c->nout : 0;
}

static int is_check(enum gfraid_op op)
{
	return op == GFRAID_OP_RAID6_CHECK || op == GFRAID_OP_EC_CHECK;
}

/* The ops that take coefficient tables: the k+m code's. */
static int is_ec(enum gfraid_op op)
{
	return op == GFRAID_OP_EC_ENCODE || op == GFRAID_OP_EC_UPDATE ||
	       op == GFRAID_OP_EC_UPDATE_SHARDS || op == GFRAID_OP_EC_CHECK;
}

static void layout_of(enum gfraid_op op, const struct st_case *c, struct layout *l)
{
	l->n = c->nin + c->nout + scratch_rows(op, c);
	l->off = c->at_section ? section_offset(l->n) : 0;
	l->stride = (GUARD + c->skew + (size_t)c->len + GUARD + 63) & ~(size_t)63;
}

int gfr_selftest_case_count(enum gfraid_op op)
{
	return cases[op].n;
}

size_t gfr_selftest_case_bytes(enum gfraid_op op, int i)
{
	struct layout l;

	layout_of(op, &cases[op].c[i], &l);
	return l.off + (size_t)l.n * l.stride;
}

/* Buffer i's pointer (its window starts off bytes further). */
static void set_ptrs(const struct st_case *c, const struct layout *l, uint8_t *arena,
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

/* The check's answer (0 or 1), 0 for the other ops. */
static int call(enum gfraid_op op, const struct gfr_impl *im, const struct st_case *c,
		size_t off, uint8_t **p, const uint8_t *tbl)
{
	struct gfr_run r = { c->nin, c->nout, c->a, c->b, off, (size_t)c->len };

	return gfr_impl_run(op, im, &r, p, tbl) != 0;
}

/* n rows of len bytes from src, one after another, to rows[i] + off. */
static void memcpy_rows(uint8_t **rows, size_t off, const uint8_t *src, int n, size_t len)
{
	int i;

	for (i = 0; i < n; i++)
		memcpy(rows[i] + off, src + (size_t)i * len, len);
}

/*
 * Fill every buffer's window from seed (buffer i: gfr_selftest_seed(seed,
 * i)) and the bytes around it from another; for EC, the tables from the
 * coefficient bytes of buffer nin + nout; for recov and the checks,
 * consistent P and Q or parity (from base or, for the known answer, from
 * gen's or encode's answer), then junk in the lost windows, which recovery
 * must overwrite without reading, or one wrong byte for a check to find.
 */
static void prepare(enum gfraid_op op, const struct st_case *c, const struct layout *l,
		    unsigned int seed, uint8_t *arena, uint8_t **p, uint8_t *tbl,
		    const uint8_t *pq)
{
	int i;

	for (i = 0; i < l->n; i++) {
		gfr_selftest_fill(region(l, arena, i), l->stride, ~gfr_selftest_seed(seed, i));
		gfr_selftest_fill(p[i] + l->off, (size_t)c->len, gfr_selftest_seed(seed, i));
	}
	if (is_ec(op)) {
		uint8_t coef[GFRAID_MAX_SHARDS];
		int nc = c->nin * c->nout;

		gfr_selftest_fill(coef, (size_t)nc, gfr_selftest_seed(seed, c->nin + c->nout));
		for (i = 0; i < nc; i++)
			gfr_gf_nibble_table(coef[i], tbl + (size_t)32 * i);
	}
	if (op == GFRAID_OP_EC_CHECK) {	/* consistent parity, then maybe a wrong byte */
		if (pq)
			memcpy_rows(p + c->nin, l->off, pq, c->nout, (size_t)c->len);
		else
			gfr_ec_encode_base(l->off, (size_t)c->len, c->nin, c->nout, tbl, p,
					   p + c->nin, 0);
		if (c->a >= 0)
			p[c->a][l->off + (size_t)c->b] ^= 0x5a;
		return;
	}
	if (op != GFRAID_OP_RECOV && op != GFRAID_OP_RAID6_CHECK)
		return;
	if (pq) {
		memcpy(p[c->nin] + l->off, pq, (size_t)c->len);
		memcpy(p[c->nin + 1] + l->off, pq + c->len, (size_t)c->len);
	} else {
		gfr_raid6_gen_base(c->nin + 2, l->off, (size_t)c->len, (void **)p);
	}
	if (op == GFRAID_OP_RAID6_CHECK) {
		if (c->a >= 0)
			p[c->a][l->off + (size_t)c->b] ^= 0x5a;
		return;
	}
	gfr_selftest_fill(p[c->a] + l->off, (size_t)c->len, ~seed);
	if (c->b >= 0)
		gfr_selftest_fill(p[c->b] + l->off, (size_t)c->len, ~seed + 1);
}

/* The first output byte, flipped by the corruption hook. */
static uint8_t *first_output(enum gfraid_op op, const struct st_case *c, const struct layout *l,
			     uint8_t **p)
{
	return (op == GFRAID_OP_RECOV ? p[c->a] : p[c->nin]) + l->off;
}

/* One case: the variant against the reference. */
static int run_case(enum gfraid_op op, const struct gfr_impl *im, const struct gfr_impl *ref,
		    const struct st_case *c, unsigned int seed, int corrupt, uint8_t *mem)
{
	uint8_t *test = mem, *want = mem + GFR_SELFTEST_ARENA, *tbl = mem + 2 * GFR_SELFTEST_ARENA;
	uint8_t *pt[MAX_BUFS], *pw[MAX_BUFS];
	struct layout l;
	int i, answer;

	layout_of(op, c, &l);
	set_ptrs(c, &l, test, pt);
	set_ptrs(c, &l, want, pw);
	prepare(op, c, &l, seed, want, pw, tbl, NULL);
	memcpy(test + l.off, want + l.off, (size_t)l.n * l.stride);
	answer = call(op, ref, c, l.off, pw, tbl);
	if (call(op, im, c, l.off, pt, tbl) != (answer ^ (corrupt && is_check(op))))
		return 1;
	if (corrupt && !is_check(op))
		*first_output(op, c, &l, pt) ^= 1;
	for (i = 0; i < l.n - scratch_rows(op, c); i++)
		if (!same(region(&l, test, i), region(&l, want, i), l.stride))
			return 1;
	return 0;
}

/*
 * base against the known answer: the outputs must be the stored bytes
 * (recov: the lost data as it was, after 2data of a and b, then datap
 * of a; raid6_check and ec_check: gen's or encode's answer consistent,
 * then not with one data byte changed).
 */
static int run_kat(enum gfraid_op op, const struct gfr_impl *base, int corrupt, uint8_t *mem)
{
	const struct gfr_kat *k = &kats[op];
	struct st_case c = { (short)k->nin, (short)k->nout, (short)k->len, 0, 0,
			     (short)k->a, (short)k->b, NULL };
	uint8_t *pt[MAX_BUFS], *tbl = mem + 2 * GFR_SELFTEST_ARENA;
	uint8_t *lost = mem + GFR_SELFTEST_ARENA;
	struct layout l;
	int i, pass, bad = 0;

	layout_of(op, &c, &l);
	set_ptrs(&c, &l, mem, pt);
	for (pass = 0; pass < (op == GFRAID_OP_RECOV || is_check(op) ? 2 : 1); pass++) {
		if (pass == 1 && is_check(op))
			c.a = 1;
		else if (pass == 1)
			c.b = -1;
		prepare(op, &c, &l, k->seed, mem, pt, tbl,
			op == GFRAID_OP_EC_CHECK ? k->expect : kat_gen);
		if (is_check(op)) {
			bad |= (call(op, base, &c, 0, pt, tbl) ^ corrupt) != pass;
			continue;
		}
		call(op, base, &c, 0, pt, tbl);
		if (corrupt)
			*first_output(op, &c, &l, pt) ^= 1;
		if (op != GFRAID_OP_RECOV) {
			for (i = 0; i < k->nout; i++)
				bad |= !same(pt[k->nin + i], k->expect + (size_t)k->len * i,
					     (size_t)k->len);
			continue;
		}
		for (i = 0; i < 2; i++) {
			int z = i ? c.b : c.a;

			if (z < 0)
				continue;
			gfr_selftest_fill(lost, (size_t)k->len, gfr_selftest_seed(k->seed, z));
			bad |= !same(pt[z], lost, (size_t)k->len);
		}
	}
	return bad;
}

int gfr_selftest(enum gfraid_op op, const struct gfr_impl *im, const struct gfr_impl *ref,
		 int corrupt, const char **why)
{
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
	for (i = 0; ref && !failed && i < cases[op].n; i++) {
		const struct st_case *c = &cases[op].c[i];

		failed = run_case(op, im, ref, c, (unsigned int)(op * 100 + i + 1), corrupt, mem);
		if (failed)
			*why = c->what;
	}
	gfr_port_free(mem);
	return failed;
}
