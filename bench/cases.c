// SPDX-License-Identifier: GPL-2.0-only
/*
 * The benchmark catalogue (see cases.h): libgfraid's variants, the peers
 * and the floors, written in C against the public API, the variant table
 * and the peers' own entry points.
 */
#include "cases.h"
#include "evict.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfraid.h"
#ifdef GFRAID_BENCH_BARE
#include "bare.h"
#endif

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

#ifdef GFRAID_HAVE_ORACLES
#include "isal_peer.h"
#include "linux_raid6.h"
#ifdef GFRAID_HAVE_LINUX72
#include "linux72_raid6.h"
#endif

typedef void (*isal_encode_fn)(int len, int k, int rows, unsigned char *gftbls,
			       unsigned char **data, unsigned char **coding);
typedef void (*isal_update_fn)(int len, int k, int rows, int vec_i, unsigned char *g_tbls,
			       unsigned char *data, unsigned char **coding);

/* Which of ISA-L's table formats an entry point reads (isal_peer.h). */
enum isal_tables { TBL_DISPATCHED, TBL_CLASSIC, TBL_GFNI };

#define ISAL_AVX512 (GFRAID_CPU_AVX512F | GFRAID_CPU_AVX512BW | GFRAID_CPU_OS_ZMM)
#define ISAL_AVX2 (GFRAID_CPU_AVX2 | GFRAID_CPU_OS_YMM)

/* ISA-L's dispatched functions and each per-ISA entry point, with what
   the CPU must have to run it (its multibinary checks the same). */
static const struct {
	const char *name;
	isal_encode_fn encode;
	isal_update_fn update;
	unsigned int needs;
	enum isal_tables tables;
} isal_ec[] = {
	{ "dispatched", ec_encode_data, ec_encode_data_update, 0, TBL_DISPATCHED },
#if ISAL_PEER_GFNI
	{ "avx512_gfni", ec_encode_data_avx512_gfni, ec_encode_data_update_avx512_gfni,
	  ISAL_AVX512 | GFRAID_CPU_GFNI, TBL_GFNI },
	{ "avx2_gfni", ec_encode_data_avx2_gfni, ec_encode_data_update_avx2_gfni,
	  ISAL_AVX2 | GFRAID_CPU_GFNI, TBL_GFNI },
#endif
#if defined(__x86_64__)
	{ "avx512", ec_encode_data_avx512, ec_encode_data_update_avx512, ISAL_AVX512, TBL_CLASSIC },
	{ "avx2", ec_encode_data_avx2, ec_encode_data_update_avx2, ISAL_AVX2, TBL_CLASSIC },
	{ "avx", ec_encode_data_avx, ec_encode_data_update_avx, GFRAID_CPU_AVX | GFRAID_CPU_OS_YMM,
	  TBL_CLASSIC },
	{ "sse", ec_encode_data_sse, ec_encode_data_update_sse, GFRAID_CPU_SSSE3, TBL_CLASSIC },
#elif defined(__aarch64__)
	{ "neon", ec_encode_data_neon, ec_encode_data_update_neon, GFRAID_CPU_NEON, TBL_CLASSIC },
#endif
	{ "base", ec_encode_data_base, ec_encode_data_update_base, 0, TBL_CLASSIC },
};

/* The tables ISA-L's entry point i reads, of the rows x k coefficients a. */
static void isal_tables(int i, int k, int rows, unsigned char *a, unsigned char *tbls)
{
	if (isal_ec[i].tables == TBL_CLASSIC)
		isal_classic_tables(k, rows, a, tbls);
#if ISAL_PEER_GFNI
	else if (isal_ec[i].tables == TBL_GFNI)
		ec_init_tables_gfni(k, rows, a, tbls);
#endif
	else
		ec_init_tables(k, rows, a, tbls);
}

/* pq_gen, dispatched and per ISA. */
static const struct {
	const char *name;
	int (*gen)(int vects, int len, void **array);
	unsigned int needs;
} isal_pq[] = {
	{ "pq_gen", pq_gen, 0 },
#if ISAL_PEER_GFNI
	{ "pq_gen_avx512_gfni", pq_gen_avx512_gfni, ISAL_AVX512 | GFRAID_CPU_GFNI },
	{ "pq_gen_avx2_gfni", pq_gen_avx2_gfni, ISAL_AVX2 | GFRAID_CPU_GFNI },
#endif
#if defined(__x86_64__)
	{ "pq_gen_avx512", pq_gen_avx512, ISAL_AVX512 },
	{ "pq_gen_avx2", pq_gen_avx2, ISAL_AVX2 },
#elif defined(__aarch64__)
	{ "pq_gen_neon", pq_gen_neon, GFRAID_CPU_NEON },
#endif
};

/* pq_check (pass or fail only), dispatched and per ISA. */
static const struct {
	const char *name;
	int (*check)(int vects, int len, void **array);
	unsigned int needs;
} isal_pq_check[] = {
	{ "pq_check", pq_check, 0 },
#if defined(__x86_64__)
	{ "pq_check_sse", pq_check_sse, GFRAID_CPU_SSE2 },
#elif defined(__aarch64__)
	{ "pq_check_neon", pq_check_neon, GFRAID_CPU_NEON },
#endif
};

/* Each Linux whose RAID-6 code is built here, by the prefix of its cases'
   impl: "linux:" 6.1's lib/raid6, "linux72:" 7.2's lib/raid/raid6. */
static const struct {
	const char *prefix;
	const struct lref_oracle *o;
} linux_peers[] = {
	{ "linux", &lref_linux61 },
#ifdef GFRAID_HAVE_LINUX72
	{ "linux72", &lref_linux72 },
#endif
};

/* The Linux whose algorithm c runs, or NULL for another side. */
static const struct lref_oracle *linux_of(const struct bench_case *c)
{
	size_t i, n;

	for (i = 0; i < COUNT_OF(linux_peers); i++) {
		n = strlen(linux_peers[i].prefix);
		if (!strncmp(c->impl, linux_peers[i].prefix, n) && c->impl[n] == ':')
			return linux_peers[i].o;
	}
	return NULL;
}
#endif

int bench_linux_count(void)
{
#ifdef GFRAID_HAVE_ORACLES
	return (int)COUNT_OF(linux_peers);
#else
	return 0;
#endif
}

const char *bench_linux_prefix(int l)
{
#ifdef GFRAID_HAVE_ORACLES
	return linux_peers[l].prefix;
#else
	(void)l;
	return NULL;
#endif
}

const char *bench_linux_recovery_gen(int l)
{
#ifdef GFRAID_HAVE_ORACLES
	return linux_peers[l].o->gen_name(lref_gen_kernel_choice(linux_peers[l].o));
#else
	(void)l;
	return NULL;
#endif
}

int bench_linux_recovery(const struct bench_case *c)
{
#ifdef GFRAID_HAVE_ORACLES
	int l;

	for (l = 0; l < bench_linux_count(); l++)
		if ((c->op == BOP_2DATA || c->op == BOP_DATAP) && linux_of(c) == linux_peers[l].o)
			return l;
#else
	(void)c;
#endif
	return -1;
}

const char *bench_isal_version(void)
{
#ifdef GFRAID_HAVE_ORACLES
	return ISAL_PEER_VERSION;
#else
	return NULL;
#endif
}

static const char *const op_names[BOP_COUNT] = {
	[BOP_GEN] = "gen_syndrome",	[BOP_XOR_RMW] = "xor_rmw",
	[BOP_2DATA] = "recov_2data",	[BOP_DATAP] = "recov_datap",
	[BOP_CHECK] = "raid6_check",
	[BOP_ENCODE] = "ec_encode",	[BOP_UPDATE] = "ec_update",
	[BOP_RECONSTRUCT] = "ec_reconstruct", [BOP_UPDATE_SHARDS] = "ec_update_shards",
	[BOP_EC_CHECK] = "ec_check",
	[BOP_KM_ENCODE] = "raidkm_encode", [BOP_KM_UPDATE] = "raidkm_update",
	[BOP_KM_DECODE] = "raidkm_decode", [BOP_INVERT] = "gf_invert",
	[BOP_FLOOR_MEMCPY] = "floor_memcpy", [BOP_FLOOR_XOR] = "floor_xor",
};

static const int raid6_geometry[][2] = { { 4, 2 }, { 8, 2 }, { 14, 2 } };
static const int ec_geometry[][2] = { { 4, 2 }, { 8, 2 }, { 10, 4 }, { 16, 4 }, { 8, 8 }, { 32, 4 } };
static const int update_shards_geometry[][2] = { { 4, 2 }, { 10, 4 }, { 8, 8 } };
/* Geometries named beyond those (bench_catalogue_geometry). */
#define NAMED_MAX 16
static int named[NAMED_MAX][2], nnamed;
static const size_t sizes[] = { 4096, 65536, 1u << 20 };
/* raidkm's geometries, and the ISA-L entry points it calls (AVX-512 GFNI,
   else AVX2 GFNI, else base; the dispatched one as userspace calls it). */
static const int raidkm_geometry[][2] = { { 4, 2 }, { 8, 4 }, { 12, 4 }, { 16, 4 } };
static const char *const raidkm_isal[] = { "dispatched", "avx512_gfni", "avx2_gfni", "base" };
#define RAIDKM_LEN 4096
/* Blocks far past any L3, for the ops that stream their stores and the
   floors they are read against. */
#define HUGE_LEN ((size_t)16 << 20)
/* The slow-path case of each op: odd length, unaligned pointers. */
#define ODD_LEN (65536 - 3)


const char *bench_op_name(enum bench_op op)
{
	return (unsigned int)op < BOP_COUNT ? op_names[op] : NULL;
}

enum gfraid_op bench_library_op(enum bench_op op)
{
	switch (op) {
	case BOP_GEN:
		return GFRAID_OP_GEN_SYNDROME;
	case BOP_XOR_RMW:
		return GFRAID_OP_XOR_SYNDROME;
	case BOP_2DATA:
	case BOP_DATAP:
		return GFRAID_OP_RECOV;
	case BOP_ENCODE:
	case BOP_RECONSTRUCT:	/* reconstruct runs the encode variant */
	case BOP_KM_ENCODE:
	case BOP_KM_DECODE:
	case BOP_INVERT:	/* none; never forced (bench_has_variants) */
		return GFRAID_OP_EC_ENCODE;
	case BOP_UPDATE_SHARDS:
		return GFRAID_OP_EC_UPDATE_SHARDS;
	case BOP_CHECK:
		return GFRAID_OP_RAID6_CHECK;
	case BOP_EC_CHECK:
		return GFRAID_OP_EC_CHECK;
	default:
		return GFRAID_OP_EC_UPDATE;
	}
}

int bench_has_variants(enum bench_op op)
{
	return op != BOP_INVERT;
}

int bench_blocks(const struct bench_case *c)
{
	switch (c->op) {
	case BOP_KM_UPDATE:
		return 1 + c->parity;
	case BOP_KM_DECODE:	/* each call: the k survivors in, one lost page out */
		return c->data + 1;
	case BOP_XOR_RMW:	/* one data disk, P and Q */
		return 3;
	case BOP_UPDATE:
		return 1 + c->parity;
	case BOP_UPDATE_SHARDS:
		return UPDATE_SHARDS_OF(c->data) + c->parity;
	case BOP_RECONSTRUCT:	/* the survivors in, the lost data out */
		return c->data + (c->parity < c->data ? c->parity : c->data);
	default:
		return c->data + c->parity;
	}
}

int bench_members(const struct bench_case *c)
{
	return c->op == BOP_XOR_RMW ? c->data + c->parity : bench_blocks(c);
}

/* The shards a partial-stripe write changes (the first UPDATE_SHARDS_OF). */
static const int update_shards_idx[] = { 1, 3, 5, 7 };

/* ---- the catalogue ------------------------------------------------ */

static struct bench_case *cat;
static int ncat, capcat;

static void add(enum bench_op op, enum bench_side side, const char *prefix, const char *impl,
		int index, int data, int parity, size_t len, int odd)
{
	struct bench_case *c;

	if (ncat == capcat) {
		capcat = capcat ? 2 * capcat : 256;
		cat = realloc(cat, sizeof(*cat) * (size_t)capcat);
		if (!cat) {
			fprintf(stderr, "bench: out of memory\n");
			exit(1);
		}
	}
	c = &cat[ncat++];
	memset(c, 0, sizeof(*c));
	c->op = op;
	c->side = side;
	c->index = index;
	c->data = data;
	c->parity = parity;
	c->len = len;
	c->odd = odd;
	snprintf(c->impl, sizeof(c->impl), "%s:%s", prefix, impl);
	snprintf(c->geometry, sizeof(c->geometry), "%d+%d", data, parity);
	if (op == BOP_INVERT)
		snprintf(c->size, sizeof(c->size), "matrix");
	else if (odd)
		snprintf(c->size, sizeof(c->size), "odd%zu", len);
	else if (len >= 1u << 20)
		snprintf(c->size, sizeof(c->size), "%zuMiB", len >> 20);
	else
		snprintf(c->size, sizeof(c->size), "%zuKiB", len >> 10);
	snprintf(c->name, sizeof(c->name), "%s/%s/%s/%s", op_names[op], c->impl, c->geometry,
		 c->size);
}

/* Every libgfraid variant and every peer of op at one geometry and size. */
static void add_all_sides(enum bench_op op, int data, int parity, size_t len, int odd)
{
	enum gfraid_op lop = bench_library_op(op);
	int i;
#ifdef GFRAID_HAVE_ORACLES
	size_t l;
#endif

	for (i = 0; i < gfraid_impl_count(lop); i++)
		add(op, SIDE_OURS, "gfraid", gfraid_impl_name(lop, i), i, data, parity, len, odd);
#ifdef GFRAID_HAVE_ORACLES
	for (l = 0; l < COUNT_OF(linux_peers); l++) {
		const struct lref_oracle *o = linux_peers[l].o;
		const char *prefix = linux_peers[l].prefix;

		if (op == BOP_GEN || op == BOP_XOR_RMW)
			for (i = 0; i < o->gen_count(); i++)
				add(op, SIDE_PEER, prefix, o->gen_name(i), i, data, parity, len, odd);
		if (op == BOP_2DATA || op == BOP_DATAP)
			for (i = 0; i < o->recov_count(); i++)
				add(op, SIDE_PEER, prefix, o->recov_name(i), i, data, parity, len, odd);
	}
	if (op == BOP_GEN)
		for (i = 0; i < (int)COUNT_OF(isal_pq); i++)
			add(op, SIDE_PEER, "isal", isal_pq[i].name, i, data, parity, len, odd);
	if (op == BOP_CHECK)
		for (i = 0; i < (int)COUNT_OF(isal_pq_check); i++)
			add(op, SIDE_PEER, "isal", isal_pq_check[i].name, i, data, parity, len, odd);
	if (op == BOP_ENCODE || op == BOP_UPDATE || op == BOP_UPDATE_SHARDS)
		for (i = 0; i < (int)COUNT_OF(isal_ec); i++)
			add(op, SIDE_PEER, "isal", isal_ec[i].name, i, data, parity, len, odd);
	if (op == BOP_RECONSTRUCT)	/* ISA-L decodes with ec_encode_data */
		add(op, SIDE_PEER, "isal", isal_ec[0].name, 0, data, parity, len, odd);
#endif
#ifdef GFRAID_BENCH_BARE
	if (op == BOP_GEN || op == BOP_CHECK || op == BOP_ENCODE || op == BOP_UPDATE ||
	    op == BOP_UPDATE_SHARDS || op == BOP_EC_CHECK)
		add(op, SIDE_FLOOR, "floor", "bare", 0, data, parity, len, odd);
	if (op == BOP_ENCODE || op == BOP_UPDATE_SHARDS)	/* index 1: the field math alone */
		add(op, SIDE_FLOOR, "floor", "affine", 1, data, parity, len, odd);
	if (op == BOP_GEN || op == BOP_ENCODE)	/* index 2: the stores non-temporal */
		add(op, SIDE_FLOOR, "floor", "bare_nt", 2, data, parity, len, odd);
	if (op == BOP_ENCODE)	/* index 3: the AVX2 nibble-table field math alone */
		add(op, SIDE_FLOOR, "floor", "nibble", 3, data, parity, len, odd);
#endif
}

/* raidkm's calls at one geometry: every libgfraid variant of the op (the
   one dispatch picks is what gfraid_isal.ko and libgfraid-isal call), and
   ISA-L's entry points raidkm calls. */
static void add_raidkm_sides(enum bench_op op, int data, int parity)
{
	enum gfraid_op lop = bench_library_op(op);
	int i;

	if (op == BOP_INVERT) {
		add(op, SIDE_OURS, "gfraid", "invert_matrix_inplace", 0, data, parity, 0, 0);
#ifdef GFRAID_HAVE_ORACLES
		add(op, SIDE_PEER, "isal", "gf_invert_matrix", 0, data, parity, 0, 0);
#endif
		return;
	}
	for (i = 0; i < gfraid_impl_count(lop); i++)
		add(op, SIDE_OURS, "gfraid", gfraid_impl_name(lop, i), i, data, parity, RAIDKM_LEN, 0);
#ifdef GFRAID_HAVE_ORACLES
	for (i = 0; i < (int)COUNT_OF(isal_ec); i++) {
		size_t j;

		for (j = 0; j < COUNT_OF(raidkm_isal); j++)
			if (!strcmp(isal_ec[i].name, raidkm_isal[j]))
				add(op, SIDE_PEER, "isal", isal_ec[i].name, i, data, parity,
				    RAIDKM_LEN, 0);
	}
#endif
}

static void add_floors(int data, int parity)
{
	char geometry[16];
	size_t s;
	int i;

	/* RAID-6 and EC share 4+2 and 8+2: one set of floors each. */
	snprintf(geometry, sizeof(geometry), "%d+%d", data, parity);
	for (i = 0; i < ncat; i++)
		if (cat[i].op == BOP_FLOOR_MEMCPY && !strcmp(cat[i].geometry, geometry))
			return;
	for (s = 0; s <= COUNT_OF(sizes); s++) {
		size_t len = s < COUNT_OF(sizes) ? sizes[s] : HUGE_LEN;

		add(BOP_FLOOR_MEMCPY, SIDE_FLOOR, "floor", "memcpy", 0, data, parity, len, 0);
#ifdef GFRAID_HAVE_ORACLES
		add(BOP_FLOOR_XOR, SIDE_FLOOR, "floor", "xor", 0, data, parity, len, 0);
#endif
	}
}

int bench_catalogue_geometry(int data, int parity)
{
	int i;

	if (cat || data < 1 || parity < 1 || data + parity > GFRAID_MAX_SHARDS)
		return -1;
	for (i = 0; i < nnamed; i++)
		if (named[i][0] == data && named[i][1] == parity)
			return 0;
	if (nnamed == NAMED_MAX)
		return -1;
	named[nnamed][0] = data;
	named[nnamed++][1] = parity;
	return 0;
}

/* A family's geometries: its own, then each named one with min_data data
   shards or more (and parity 2 where parity) that it lacks. */
struct family {
	int n, g[COUNT_OF(ec_geometry) + NAMED_MAX][2];
};

static void family_of(struct family *f, const int (*own)[2], size_t n, int parity, int min_data)
{
	int i, j;

	for (f->n = 0; f->n < (int)n; f->n++) {
		f->g[f->n][0] = own[f->n][0];
		f->g[f->n][1] = own[f->n][1];
	}
	for (i = 0; i < nnamed; i++) {
		if ((parity && named[i][1] != parity) || named[i][0] < min_data)
			continue;
		for (j = 0; j < f->n; j++)
			if (f->g[j][0] == named[i][0] && f->g[j][1] == named[i][1])
				break;
		if (j == f->n) {
			f->g[f->n][0] = named[i][0];
			f->g[f->n++][1] = named[i][1];
		}
	}
}

int bench_catalogue(const struct bench_case **cases)
{
	struct family r6, ec, us;
	size_t s;
	int op, g;

	if (!cat) {
		/* two data shards at least: recov_2data loses two, a partial-stripe
		   write changes two */
		family_of(&r6, raid6_geometry, COUNT_OF(raid6_geometry), 2, 2);
		family_of(&ec, ec_geometry, COUNT_OF(ec_geometry), 0, 1);
		family_of(&us, update_shards_geometry, COUNT_OF(update_shards_geometry), 0, 2);
		for (op = BOP_GEN; op <= BOP_CHECK; op++) {
			for (g = 0; g < r6.n; g++)
				for (s = 0; s < COUNT_OF(sizes); s++)
					add_all_sides((enum bench_op)op, r6.g[g][0], 2, sizes[s],
						      0);
			add_all_sides((enum bench_op)op, 8, 2, ODD_LEN, 1);
		}
		for (g = 0; g < r6.n; g++)
			add_all_sides(BOP_GEN, r6.g[g][0], 2, HUGE_LEN, 0);
		for (op = BOP_ENCODE; op <= BOP_EC_CHECK; op++) {
			for (g = 0; g < ec.n; g++)
				for (s = 0; s < COUNT_OF(sizes); s++)
					add_all_sides((enum bench_op)op, ec.g[g][0],
						      ec.g[g][1], sizes[s], 0);
			add_all_sides((enum bench_op)op, 10, 4, ODD_LEN, 1);
		}
		for (g = 0; g < ec.n; g++)
			add_all_sides(BOP_ENCODE, ec.g[g][0], ec.g[g][1], HUGE_LEN, 0);
		for (g = 0; g < us.n; g++)
			for (s = 0; s < COUNT_OF(sizes); s++)
				add_all_sides(BOP_UPDATE_SHARDS, us.g[g][0], us.g[g][1],
					      sizes[s], 0);
		for (g = 0; g < us.n; g++)
			add_all_sides(BOP_UPDATE_SHARDS, us.g[g][0], us.g[g][1], HUGE_LEN, 0);
		add_all_sides(BOP_UPDATE_SHARDS, 10, 4, ODD_LEN, 1);
		for (op = BOP_KM_ENCODE; op <= BOP_KM_DECODE; op++)
			for (g = 0; g < (int)COUNT_OF(raidkm_geometry); g++)
				add_raidkm_sides((enum bench_op)op, raidkm_geometry[g][0],
						 raidkm_geometry[g][1]);
		for (g = 4; g <= 16; g++)
			add_raidkm_sides(BOP_INVERT, g, 4);
		for (g = 0; g < r6.n; g++)
			add_floors(r6.g[g][0], 2);
		for (g = 0; g < ec.n; g++)
			add_floors(ec.g[g][0], ec.g[g][1]);
	}
	*cases = cat;
	return ncat;
}

int64_t bench_step_bytes(const struct bench_case *c)
{
	if (c->op == BOP_XOR_RMW || c->op == BOP_KM_UPDATE)
		return (int64_t)c->len;
	if (c->op == BOP_INVERT)
		return (int64_t)c->data * c->data;
	if (c->op == BOP_UPDATE_SHARDS)
		return (int64_t)UPDATE_SHARDS_OF(c->data) * (int64_t)c->len;
	return (int64_t)c->data * (int64_t)c->len;
}

int bench_step_writes(const struct bench_case *c)
{
	return c->op == BOP_XOR_RMW;
}

/* ---- running a case ----------------------------------------------- */

struct bench_run {
	const struct bench_case *c;
	int n;			/* blocks in blk */
	uint8_t **blk, *mem;	/* blk: n blocks, then for RMW fresh's two */
	size_t span;		/* mem's bytes */
	uint8_t *fresh[2];	/* RMW: the new contents written in turn */
	uint8_t *tbl;		/* EC: 32-byte tables, this side's own */
	unsigned long steps;
	/* reconstruct: the code and which shards are lost; ISA-L's side
	   decodes with tbl from its sources into its outputs */
	gfraid_ec *ec;
	uint8_t present[GFRAID_MAX_SHARDS];
	uint8_t **src, **out;
	int lost;
	/* raidkm's decode and gf_invert: the code's matrix (rows of k), the
	   rows decoded from, the lost rows, the k x k work and inverse */
	uint8_t *amat, *sub, *inv;
	int rows[GFRAID_MAX_SHARDS], lost_row[GFRAID_MAX_SHARDS];
	/* a Linux peer: its code, and the syndrome algorithm its recoveries
	   run on (the one its raid6_pq picks on this CPU) */
	const struct lref_oracle *kernel;
	int kernel_gen;
};

static void *zalloc(size_t n)
{
	void *p = calloc(1, n);

	if (!p) {
		fprintf(stderr, "bench: out of memory\n");
		exit(1);
	}
	return p;
}

/* Where the blocks of the cases opened next lie (bench_place). */
static int placement;

void bench_place(int place)
{
	placement = place % BENCH_COLD;
}

int bench_can_evict(void)
{
	return bench_can_flush();
}

void bench_evict(struct bench_run *r)
{
	bench_flush(r->mem, r->span);
}

/* Bytes each block lies further into its page than the last, per
   placement % 4: page-aligned, then staggered as buffers behind malloc
   and fragment headers are (cache sets and 4K aliasing change with it). */
static const size_t stagger[] = { 0, 64, 16, 7 };

static int descending(int place)
{
	return (place ^ place >> 2) & 1;
}

const char *bench_place_name(int place)
{
	static char name[64];
	const char *cold = place >= BENCH_COLD ? ", cold" : "";
	const char *order, *gaps;

	place %= BENCH_COLD;
	order = descending(place) ? "descending" : "ascending";
	gaps = place >= 4 ? ", gaps" : "";
	if (stagger[place % 4])
		snprintf(name, sizeof(name), "staggered %zu B, %s%s%s", stagger[place % 4], order,
			 gaps, cold);
	else
		snprintf(name, sizeof(name), "page-aligned, %s%s%s", order, gaps, cold);
	return name;
}

/* Pages past block i's slot before the next in placement place: none in
   the first four; 0 to 3 from a fixed sequence in the others (not the
   calibration's). */
static size_t gap_pages(int place, int i)
{
	return place < 4 ? 0 : ((unsigned int)(place * 131 + i) * 0x9e3779b1u) >> 29 & 3;
}

/* A case's n blocks of len bytes in one region (*mem), as placement lays
   them out (bench_place). Page alignment is what many callers have (md's
   pages, O_DIRECT buffers) and makes the layout the same in every case:
   with malloc's placement, blocks land at offsets that vary with the
   heap, and whether a load waits on a store to another block with the
   same address bits 0-11 (4K aliasing) changed some results by 2x from
   case to case; the staggered placements are the other callers'. The
   order matters past the caches: streaming stores ran at half the speed
   with the blocks ascending (docs/BENCHMARKS.md). */
static size_t blocks(size_t len, int odd, int n, uint8_t **blk, uint8_t **mem)
{
	size_t slot = (len + 1 + 4095) / 4096 * 4096 + 4096, span = (size_t)n * (slot + 3 * 4096);
	size_t at, k, in;
	int i;

	*mem = aligned_alloc(4096, span);
	if (!*mem) {
		fprintf(stderr, "bench: out of memory\n");
		exit(1);
	}
	for (i = 0, at = 0; i < n; i++) {
		blk[i] = descending(placement) ? *mem + span - at - slot : *mem + at;
		in = stagger[placement % 4] * (size_t)i % 4096;
		blk[i] += in + (odd ? 1 : 0);
		for (k = 0; k < len; k++)
			blk[i][k] = (uint8_t)((unsigned int)(i + 1) * 131 + k * 7 + (k >> 9));
		at += slot + gap_pages(placement, i) * 4096;
	}
	return span;
}

/* why, if c's blocks as the placement of the cases opened next lays them
   out (the odd cases' one byte past it) are aligned to fewer than need
   bytes; else NULL. */
static const char *aligned_or(const struct bench_case *c, size_t need, const char *why)
{
	size_t s = stagger[placement % 4], align = c->odd ? 1 : s ? s & -s : 4096;

	return align < need ? why : NULL;
}

static int blocks_needed(const struct bench_case *c)
{
	switch (c->op) {
	case BOP_ENCODE:
	case BOP_UPDATE:
	case BOP_RECONSTRUCT:
	case BOP_UPDATE_SHARDS:
	case BOP_EC_CHECK:
	case BOP_KM_ENCODE:
	case BOP_KM_UPDATE:
		return c->data + c->parity;
	case BOP_KM_DECODE:	/* and the lost pages rebuilt apart */
		return c->data + 2 * c->parity;
	case BOP_INVERT:
		return 1;
	case BOP_FLOOR_MEMCPY:
		return 2 * c->data;
	case BOP_FLOOR_XOR:
		return c->data + 1;
	default:
		return c->data + 2;
	}
}

const char *bench_why_not(const struct bench_case *c)
{
	if (c->op == BOP_INVERT)
		return NULL;
	if (c->side == SIDE_OURS)
		return gfraid_impl_available(bench_library_op(c->op), c->index) == 1
			       ? NULL
			       : "variant not available on this CPU";
	if (c->side == SIDE_FLOOR && c->op < BOP_FLOOR_MEMCPY) {
		unsigned int need = c->index == 3 ? GFRAID_CPU_AVX2 | GFRAID_CPU_OS_YMM
						  : GFRAID_CPU_AVX512F | GFRAID_CPU_AVX512BW |
							    GFRAID_CPU_OS_ZMM |
							    (c->index == 1 ? GFRAID_CPU_GFNI : 0);

		if ((gfraid_cpu_features() & need) != need)
			return c->index == 3 ? "the nibble floor is AVX2"
					     : "the bare loops are AVX-512 (and GFNI)";
		if (c->odd)
			return "the bare loops run whole 128-byte steps";
		if (c->index == 2)
			return aligned_or(c, 64, "non-temporal stores need 64-byte aligned blocks");
		return NULL;
	}
#ifdef GFRAID_HAVE_ORACLES
	if (c->side == SIDE_FLOOR)
		return aligned_or(c, 32, "ISA-L xor_gen needs 32-byte aligned blocks");
	if (linux_of(c)) {
		const struct lref_oracle *o = linux_of(c);
		int valid = c->op == BOP_2DATA || c->op == BOP_DATAP ? o->recov_valid(c->index)
								      : o->gen_valid(c->index);

		if (!valid)
			return "kernel algorithm not valid on this CPU";
		if (c->odd)
			return "kernel code needs 64-byte aligned multiples of 512 bytes";
		if (c->op == BOP_XOR_RMW && !o->has_xor(c->index))
			return "kernel algorithm has no xor_syndrome";
		if (c->len > LREF_MAX_RECOV_BYTES)
			return "larger than the zero page built for kernel recovery";
		return aligned_or(c, 64, "kernel code needs 64-byte aligned blocks");
	}
	if (c->op == BOP_GEN) {
		if ((gfraid_cpu_features() & isal_pq[c->index].needs) != isal_pq[c->index].needs)
			return "ISA-L entry point needs instructions this CPU lacks";
		return aligned_or(c, 32, "ISA-L pq_gen needs 32-byte aligned blocks");
	}
	if (c->op == BOP_CHECK) {
		if ((gfraid_cpu_features() & isal_pq_check[c->index].needs) !=
		    isal_pq_check[c->index].needs)
			return "ISA-L entry point needs instructions this CPU lacks";
		return aligned_or(c, 16, "ISA-L pq_check needs 16-byte aligned blocks");
	}
	if ((gfraid_cpu_features() & isal_ec[c->index].needs) != isal_ec[c->index].needs)
		return "ISA-L entry point needs instructions this CPU lacks";
#endif
	return NULL;
}

/*
 * Lose min(m, k) data shards spread over the stripe (10+4: 0, 3, 6, 9).
 * libgfraid rebuilds them with gfraid_ec_reconstruct (its decoder cached
 * after the first step); ISA-L with ec_encode_data on decode tables
 * prepared here, from the first k surviving rows of its own matrix, as an
 * ISA-L user would keep them.
 */
static void reconstruct_open(struct bench_run *r)
{
	const struct bench_case *c = r->c;
	int k = c->data, i;

	r->lost = c->parity < k ? c->parity : k;
	memset(r->present, 1, sizeof(r->present));
	for (i = 0; i < r->lost; i++)
		r->present[i * k / r->lost] = 0;
	r->ec = gfraid_ec_new(k, c->parity, GFRAID_MATRIX_CAUCHY, NULL);
	if (!r->ec) {
		fprintf(stderr, "bench: out of memory\n");
		exit(1);
	}
	gfraid_ec_encode(r->ec, c->len, (const unsigned char *const *)r->blk, r->blk + k);
#ifdef GFRAID_HAVE_ORACLES
	if (c->side == SIDE_PEER) {
		int n = k + c->parity;
		uint8_t *a = zalloc((size_t)n * k), *sub = zalloc((size_t)k * k);
		uint8_t *inv = zalloc((size_t)k * k), *dec = zalloc((size_t)r->lost * k);
		int s = 0, o = 0, j;

		r->src = zalloc(sizeof(*r->src) * (size_t)k);
		r->out = zalloc(sizeof(*r->out) * (size_t)r->lost);
		r->tbl = zalloc((size_t)32 * k * r->lost);
		gf_gen_cauchy1_matrix(a, n, k);
		for (i = 0; i < n; i++) {
			if (r->present[i] && s < k) {
				memcpy(sub + s * k, a + i * k, (size_t)k);
				r->src[s++] = r->blk[i];
			} else if (!r->present[i]) {
				r->out[o++] = r->blk[i];
			}
		}
		gf_invert_matrix(sub, inv, k);
		for (i = 0, o = 0; i < k; i++)
			if (!r->present[i]) {
				for (j = 0; j < k; j++)
					dec[o * k + j] = inv[i * k + j];
				o++;
			}
		ec_init_tables(k, r->lost, dec, r->tbl);
		free(a);
		free(sub);
		free(inv);
		free(dec);
	}
#endif
}

/*
 * raidkm's decode: the stripe encoded, m data pages lost (spread as
 * reconstruct_open's), the k rows of the first survivors kept; one 32-byte
 * table (k x 1) per call. gf_invert: the same survivor rows for k+4.
 */
static void raidkm_decode_open(struct bench_run *r)
{
	const struct bench_case *c = r->c;
	int k = c->data, n = k + c->parity, i, s = 0;
	uint8_t present[GFRAID_MAX_SHARDS];

	r->amat = zalloc((size_t)n * k);
	r->sub = zalloc((size_t)k * k);
	r->inv = zalloc((size_t)k * k);
	gfraid_gen_cauchy_matrix(r->amat, n, k);
	r->lost = c->parity < k ? c->parity : k;
	memset(present, 1, sizeof(present));
	for (i = 0; i < r->lost; i++) {
		r->lost_row[i] = i * k / r->lost;
		present[r->lost_row[i]] = 0;
	}
	for (i = 0; i < n && s < k; i++)
		if (present[i])
			r->rows[s++] = i;
	if (c->op == BOP_INVERT)
		return;
	r->tbl = zalloc((size_t)32 * k * c->parity);
	gfraid_ec_init_tables(k, c->parity, r->amat + k * k, r->tbl);
	gfraid_ec_encode_data((int)c->len, k, c->parity, r->tbl, r->blk, r->blk + k);
	r->src = zalloc(sizeof(*r->src) * (size_t)k);
	r->out = zalloc(sizeof(*r->out) * (size_t)r->lost);
	for (i = 0; i < k; i++)
		r->src[i] = r->blk[r->rows[i]];
	for (i = 0; i < r->lost; i++)	/* written apart from the stripe */
		r->out[i] = r->blk[n + i];
}

/* The survivors' k x k matrix, as raidkm gathers it for each stripe. */
static void raidkm_gather(struct bench_run *r)
{
	int k = r->c->data, i;

	for (i = 0; i < k; i++)
		memcpy(r->sub + i * k, r->amat + r->rows[i] * k, (size_t)k);
}

struct bench_run *bench_open(const struct bench_case *c, const char **why)
{
	enum gfraid_op lop = bench_library_op(c->op);
	struct bench_run *r;

	*why = bench_why_not(c);
	if (*why)
		return NULL;
	if (c->side == SIDE_OURS && bench_has_variants(c->op) &&
	    gfraid_impl_force(lop, gfraid_impl_name(lop, c->index)) != 0) {
		*why = "cannot force the variant";
		return NULL;
	}
	r = zalloc(sizeof(*r));
	r->c = c;
	r->n = blocks_needed(c);
	r->blk = zalloc(sizeof(*r->blk) * (size_t)(r->n + 2));
	r->span = blocks(c->len, c->odd, r->n + (c->op == BOP_XOR_RMW ? 2 : 0), r->blk, &r->mem);
	r->fresh[0] = r->blk[r->n];
	r->fresh[1] = r->blk[r->n + 1];
#ifdef GFRAID_HAVE_ORACLES
	r->kernel = linux_of(c);
	if (r->kernel && (c->op == BOP_2DATA || c->op == BOP_DATAP))
		r->kernel_gen = lref_gen_kernel_choice(r->kernel);
#endif
	if (c->op == BOP_2DATA || c->op == BOP_DATAP || c->op == BOP_CHECK)
		gfraid_gen_syndrome(c->data + 2, c->len, (void **)r->blk);	/* a real stripe */
	if (c->op == BOP_RECONSTRUCT)
		reconstruct_open(r);
	if (c->op == BOP_EC_CHECK) {	/* a consistent stripe of the library's Cauchy code */
		r->ec = gfraid_ec_new(c->data, c->parity, GFRAID_MATRIX_CAUCHY, NULL);
		if (!r->ec) {
			fprintf(stderr, "bench: out of memory\n");
			exit(1);
		}
		gfraid_ec_encode(r->ec, c->len, (const unsigned char *const *)r->blk,
				 r->blk + c->data);
	}
	if (c->op == BOP_KM_DECODE || c->op == BOP_INVERT)
		raidkm_decode_open(r);
	if (c->op == BOP_ENCODE || c->op == BOP_UPDATE || c->op == BOP_UPDATE_SHARDS ||
	    c->op == BOP_KM_ENCODE || c->op == BOP_KM_UPDATE) {
		uint8_t *a = zalloc((size_t)(c->data + c->parity) * c->data);

		r->tbl = zalloc((size_t)32 * c->data * c->parity);
		gfraid_gen_cauchy_matrix(a, c->data + c->parity, c->data);
#ifdef GFRAID_HAVE_ORACLES
		if (c->side == SIDE_PEER) {
			uint8_t *coef = a + c->data * c->data;

			gf_gen_cauchy1_matrix(a, c->data + c->parity, c->data);
			isal_tables(c->index, c->data, c->parity, coef, r->tbl);
		} else
#endif
			gfraid_ec_init_tables(c->data, c->parity, a + c->data * c->data, r->tbl);
		free(a);
	}
	return r;
}

static void step_ours(struct bench_run *r)
{
	const struct bench_case *c = r->c;
	int disks = c->data + 2, j;
	void **ptrs = (void **)r->blk;

	switch (c->op) {
	case BOP_GEN:
		gfraid_gen_syndrome(disks, c->len, ptrs);
		break;
	case BOP_XOR_RMW: {
		/* md writing one block: out with the old data, copy, in with the
		   new. The block written rotates over the data disks. */
		int z = (int)(r->steps % (unsigned long)c->data);

		gfraid_xor_syndrome(disks, z, z, c->len, ptrs);
		memcpy(r->blk[z], r->fresh[r->steps & 1], c->len);
		gfraid_xor_syndrome(disks, z, z, c->len, ptrs);
		break;
	}
	case BOP_2DATA:
		gfraid_recov_2data(disks, c->len, 0, c->data - 1, ptrs);
		break;
	case BOP_DATAP:
		gfraid_recov_datap(disks, c->len, c->data / 2, ptrs);
		break;
	case BOP_CHECK: {
		int member;

		gfraid_raid6_check(disks, c->len, (void *const *)ptrs, &member);
		break;
	}
	case BOP_ENCODE:
	case BOP_KM_ENCODE:
		gfraid_ec_encode_data((int)c->len, c->data, c->parity, r->tbl, r->blk,
				      r->blk + c->data);
		break;
	case BOP_UPDATE:
		for (j = 0; j < c->data; j++)
			gfraid_ec_encode_data_update((int)c->len, c->data, c->parity, j, r->tbl,
						     r->blk[j], r->blk + c->data);
		break;
	case BOP_RECONSTRUCT:
		gfraid_ec_reconstruct(r->ec, c->len, r->blk, r->present);
		break;
	case BOP_EC_CHECK: {
		int bad[GFRAID_MAX_SHARDS], nbad;

		gfraid_ec_check(r->ec, c->len, (const unsigned char *const *)r->blk, bad, &nbad);
		break;
	}
	case BOP_KM_UPDATE:
		j = (int)(r->steps % (unsigned long)c->data);
		gfraid_ec_encode_data_update((int)c->len, c->data, c->parity, j, r->tbl, r->blk[j],
					     r->blk + c->data);
		break;
	case BOP_KM_DECODE:
		raidkm_gather(r);
		gfraid_invert_matrix_inplace(r->sub, r->inv, c->data);
		for (j = 0; j < r->lost; j++) {
			gfraid_ec_init_tables(c->data, 1, r->inv + r->lost_row[j] * c->data, r->tbl);
			gfraid_ec_encode_data((int)c->len, c->data, 1, r->tbl, r->src, &r->out[j]);
		}
		break;
	case BOP_INVERT:
		raidkm_gather(r);
		gfraid_invert_matrix_inplace(r->sub, r->inv, c->data);
		break;
	case BOP_UPDATE_SHARDS:
		/* the changed shards' deltas, in blocks 0.. */
		gfraid_ec_update_shards((int)c->len, c->data, c->parity, UPDATE_SHARDS_OF(c->data),
					update_shards_idx, r->tbl,
					(const unsigned char *const *)r->blk, r->blk + c->data);
		break;
	default:
		break;
	}
}

#ifdef GFRAID_HAVE_ORACLES
static void step_peer(struct bench_run *r)
{
	const struct bench_case *c = r->c;
	int disks = c->data + 2, len = (int)c->len, j;
	void **ptrs = (void **)r->blk;

	if (c->op == BOP_INVERT) {
		raidkm_gather(r);
		gf_invert_matrix(r->sub, r->inv, c->data);
		return;
	}
	if (c->op == BOP_KM_DECODE) {
		raidkm_gather(r);
		gf_invert_matrix(r->sub, r->inv, c->data);
		for (j = 0; j < r->lost; j++) {
			isal_tables(c->index, c->data, 1, r->inv + r->lost_row[j] * c->data, r->tbl);
			isal_ec[c->index].encode(len, c->data, 1, r->tbl, r->src, &r->out[j]);
		}
		return;
	}
	if (c->op == BOP_KM_UPDATE) {
		j = (int)(r->steps % (unsigned long)c->data);
		isal_ec[c->index].update(len, c->data, c->parity, j, r->tbl, r->blk[j],
					 r->blk + c->data);
		return;
	}
	if (!strncmp(c->impl, "isal:", 5)) {
		if (c->op == BOP_GEN)
			isal_pq[c->index].gen(disks, len, ptrs);
		else if (c->op == BOP_CHECK)
			isal_pq_check[c->index].check(disks, len, ptrs);
		else if (c->op == BOP_RECONSTRUCT)
			ec_encode_data(len, c->data, r->lost, r->tbl, r->src, r->out);
		else if (c->op == BOP_ENCODE || c->op == BOP_KM_ENCODE)
			isal_ec[c->index].encode(len, c->data, c->parity, r->tbl, r->blk,
						 r->blk + c->data);
		else if (c->op == BOP_UPDATE_SHARDS)
			for (j = 0; j < UPDATE_SHARDS_OF(c->data); j++)
				isal_ec[c->index].update(len, c->data, c->parity,
							 update_shards_idx[j], r->tbl, r->blk[j],
							 r->blk + c->data);
		else
			for (j = 0; j < c->data; j++)
				isal_ec[c->index].update(len, c->data, c->parity, j, r->tbl, r->blk[j],
							 r->blk + c->data);
		return;
	}
	switch (c->op) {
	case BOP_GEN:
		r->kernel->gen(c->index, disks, c->len, ptrs);
		break;
	case BOP_XOR_RMW: {
		int z = (int)(r->steps % (unsigned long)c->data);

		r->kernel->xor_syndrome(c->index, disks, z, z, c->len, ptrs);
		memcpy(r->blk[z], r->fresh[r->steps & 1], c->len);
		r->kernel->xor_syndrome(c->index, disks, z, z, c->len, ptrs);
		break;
	}
	case BOP_2DATA:
		r->kernel->data2(c->index, r->kernel_gen, disks, c->len, 0, c->data - 1, ptrs);
		break;
	default:
		r->kernel->datap(c->index, r->kernel_gen, disks, c->len, c->data / 2, ptrs);
		break;
	}
}
#endif

static void step_floor(struct bench_run *r)
{
	const struct bench_case *c = r->c;
	int j;

	if (c->op == BOP_FLOOR_MEMCPY) {
		for (j = 0; j < c->data; j++)
			memcpy(r->blk[c->data + j], r->blk[j], c->len);
		return;
	}
#ifdef GFRAID_BENCH_BARE
	switch (c->op) {
	case BOP_GEN:
		bare_gen(c->data, c->len, r->blk, c->index == 2);
		return;
	case BOP_CHECK:
		(void)bare_check(c->data, c->len, r->blk);
		return;
	case BOP_ENCODE:
		if (c->index == 1)
			bare_encode_affine(c->data, c->parity, c->len, r->blk[0], r->blk + c->data);
		else if (c->index == 3)
			bare_encode_nibble(c->data, c->parity, c->len, r->blk[0], r->tbl,
					   r->blk + c->data);
		else
			bare_encode(c->data, c->parity, c->len, r->blk, r->blk + c->data,
				    c->index == 2);
		return;
	case BOP_EC_CHECK:
		(void)bare_ec_check(c->data, c->parity, c->len, r->blk, r->blk + c->data);
		return;
	case BOP_UPDATE:	/* one call per shard, as the update cases */
		for (j = 0; j < c->data; j++)
			bare_update(1, c->parity, c->len, &r->blk[j], r->blk + c->data);
		return;
	case BOP_UPDATE_SHARDS:	/* the changed shards' products, as an encode of them */
		if (c->index == 1)
			bare_encode_affine(UPDATE_SHARDS_OF(c->data), c->parity, c->len, r->blk[0],
					   r->blk + c->data);
		else
			bare_update(UPDATE_SHARDS_OF(c->data), c->parity, c->len, r->blk, r->blk + c->data);
		return;
	default:
		break;
	}
#endif
#ifdef GFRAID_HAVE_ORACLES
	xor_gen(c->data + 1, (int)c->len, (void **)r->blk);
#endif
}

/*
 * Every step ends with clean upper vector halves, as compiled AVX code
 * leaves them (vzeroupper at each return). The kernel's code, whose
 * kernel_fpu_end() is empty in this userspace build, and ISA-L's assembly
 * leave them dirty, and whatever SSE code runs next, ours or ISA-L's,
 * pays for the transitions: measured here, SSE ratios swung from 0.3x to
 * 3x with what had run before in an interleaved run.
 */
static void clean_upper_state(void)
{
#if defined(__x86_64__)
	if (gfraid_cpu_features() & GFRAID_CPU_OS_YMM)
		__asm__ volatile("vzeroupper" ::: "memory");
#endif
}

void bench_step(struct bench_run *r)
{
	switch (r->c->side) {
	case SIDE_OURS:
		step_ours(r);
		break;
	case SIDE_FLOOR:
		step_floor(r);
		break;
	default:
#ifdef GFRAID_HAVE_ORACLES
		step_peer(r);
#endif
		break;
	}
	clean_upper_state();
	r->steps++;
}

void bench_close(struct bench_run *r)
{
	if (r->c->side == SIDE_OURS && bench_has_variants(r->c->op))
		gfraid_impl_force(bench_library_op(r->c->op), NULL);
	free(r->blk);
	free(r->mem);
	free(r->tbl);
	free(r->src);
	free(r->out);
	free(r->amat);
	free(r->sub);
	free(r->inv);
	gfraid_ec_free(r->ec);
	free(r);
}
