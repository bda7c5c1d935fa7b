// SPDX-License-Identifier: GPL-2.0-only
/*
 * ec-cli verify: every variant of every op, forced in turn, on random
 * cases, byte for byte against
 *  - the byte-at-a-time reference (oracle/reference.c),
 *  - Linux lib/raid6, every algorithm valid on this CPU, built unchanged
 *    from linux-source-6.1 (when built with GFRAID_ORACLES),
 *  - ISA-L: pq_gen, ec_encode_data_base and the dispatched
 *    ec_encode_data / ec_encode_data_update, and its own decode of the
 *    shards gfraid_ec_reconstruct rebuilds (when built with GFRAID_ORACLES).
 * GPL-2.0 because it links the kernel code.
 */
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "gfraid.h"
#include "reference.h"
#include "rng.h"

#ifdef GFRAID_HAVE_ORACLES
#include "isal_peer.h"
#include "linux_raid6.h"
#endif

enum oracle { OR_REF, OR_LINUX, OR_ISAL, OR_COUNT };
static const char *const oracle_title[OR_COUNT] = { "reference", "linux lib/raid6", "ISA-L" };

struct tally {
	int cases, failures;
};

struct verify {
	struct rng rng;
	uint64_t seed;
	int iterations;
	FILE *report;	/* the first mismatch, printed after the table */
	char *report_text;
	size_t report_len;
	int mismatch_printed;
	const char *op, *variant;
	char ctx[256];	/* the case being checked, for the mismatch report */
	struct tally t[OR_COUNT];
};

/* ---- blocks ------------------------------------------------------- */

struct blocks {
	int n;
	size_t len;
	uint8_t **p, **mem;
};

static void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p) {
		fprintf(stderr, "ec-cli verify: out of memory\n");
		exit(1);
	}
	return p;
}

/* n blocks of len bytes starting `skew` bytes past a 64-byte boundary. */
static void blocks_new(struct blocks *b, int n, size_t len, size_t skew)
{
	int i;

	b->n = n;
	b->len = len;
	b->p = xmalloc(sizeof(*b->p) * (size_t)n);
	b->mem = xmalloc(sizeof(*b->mem) * (size_t)n);
	for (i = 0; i < n; i++) {
		b->mem[i] = aligned_alloc(64, (len + skew + 63) / 64 * 64 + 64);
		if (!b->mem[i]) {
			fprintf(stderr, "ec-cli verify: out of memory\n");
			exit(1);
		}
		b->p[i] = b->mem[i] + skew;
	}
}

static void blocks_free(struct blocks *b)
{
	int i;

	for (i = 0; i < b->n; i++)
		free(b->mem[i]);
	free(b->p);
	free(b->mem);
}

static void blocks_fill(struct verify *v, struct blocks *b)
{
	int i;

	for (i = 0; i < b->n; i++)
		rng_fill(&v->rng, b->p[i], b->len);
}

/* Copy src's first dst->len bytes per block (src may be longer or shorter:
   the rest of dst is zeroed). */
static void blocks_copy(struct blocks *dst, const struct blocks *src)
{
	size_t n = dst->len < src->len ? dst->len : src->len;
	int i;

	for (i = 0; i < dst->n; i++) {
		memset(dst->p[i], 0, dst->len);
		memcpy(dst->p[i], src->p[i], n);
	}
}

/* ---- checking and reporting --------------------------------------- */

static void dump(FILE *f, const char *label, const uint8_t *p, size_t from, size_t to)
{
	size_t i;

	fprintf(f, "  %-9s [%zu..%zu]", label, from, to - 1);
	for (i = from; i < to; i++)
		fprintf(f, " %02x", p[i]);
	fprintf(f, "\n");
}

/*
 * Compare the first len bytes of n blocks; count the case in t[o]. The
 * first mismatch of the whole run is printed in full. raid6 names blocks
 * D0.., P, Q; otherwise "coding i".
 */
static int check(struct verify *v, enum oracle o, const char *oracle_detail, uint8_t **got,
		 uint8_t **want, int n, size_t len, int raid6)
{
	int i;

	v->t[o].cases++;
	for (i = 0; i < n; i++) {
		size_t at, from, to;
		char block[32];

		if (memcmp(got[i], want[i], len) == 0)
			continue;
		v->t[o].failures++;
		if (v->mismatch_printed)
			return 0;
		v->mismatch_printed = 1;
		for (at = 0; got[i][at] == want[i][at]; at++)
			;
		if (raid6 && i >= n - 2)
			snprintf(block, sizeof(block), "%s", i == n - 2 ? "P" : "Q");
		else
			snprintf(block, sizeof(block), "%s %d", raid6 ? "data" : "coding", i);
		from = at & ~(size_t)15;
		to = from + 32 < len ? from + 32 : len;
		fprintf(v->report, "\nFIRST MISMATCH\n");
		fprintf(v->report, "  op        %s\n  variant   %s\n  oracle    %s %s\n", v->op,
			v->variant, oracle_title[o], oracle_detail);
		fprintf(v->report, "  case      --seed %" PRIu64 ": %s\n", v->seed, v->ctx);
		fprintf(v->report, "  block     %s (of %d), first difference at byte %zu of %zu\n",
			block, n, at, len);
		dump(v->report, "expected", want[i], from, to);
		dump(v->report, "got", got[i], from, to);
		return 0;
	}
	return 1;
}

/* A library call that should succeed and did not counts as a mismatch. */
static int call_ok(struct verify *v, enum oracle o, int err, const char *call)
{
	if (!err)
		return 1;
	v->t[o].cases++;
	v->t[o].failures++;
	if (!v->mismatch_printed) {
		v->mismatch_printed = 1;
		fprintf(v->report,
			"\nFIRST MISMATCH\n  op        %s\n  variant   %s\n  case      --seed %" PRIu64
			": %s\n  %s returned %d: %s\n",
			v->op, v->variant, v->seed, v->ctx, call, err, gfraid_strerror(err));
	}
	return 0;
}

/* A scrub's verdict against the one expected; counted in t[o], the first
   wrong one of the run printed in full. */
static void verdict(struct verify *v, enum oracle o, const char *oracle_detail, int rc,
		    int member, int want_rc, int want_member)
{
	v->t[o].cases++;
	if (rc == want_rc && member == want_member)
		return;
	v->t[o].failures++;
	if (v->mismatch_printed)
		return;
	v->mismatch_printed = 1;
	fprintf(v->report,
		"\nFIRST MISMATCH\n  op        %s\n  variant   %s\n  oracle    %s %s\n"
		"  case      --seed %" PRIu64 ": %s\n  verdict   %d, member %d; expected %d, member %d\n",
		v->op, v->variant, oracle_title[o], oracle_detail, v->seed, v->ctx, rc, member,
		want_rc, want_member);
}

/* Mostly small arrays, sometimes the largest. */
static int pick_disks(struct verify *v, int min)
{
	return rng_range(&v->rng, 0, 9) == 9 ? GFRAID_MAX_DISKS : rng_range(&v->rng, min, 34);
}

/* ---- RAID-6 ------------------------------------------------------- */

static void raid6_vs_reference(struct verify *v, enum gfraid_op op)
{
	int disks = pick_disks(v, op == GFRAID_OP_RECOV ? 4 : 3);
	size_t bytes = (size_t)rng_range(&v->rng, 1, disks > 64 ? 1500 : 6000);
	size_t skew = (size_t)rng_range(&v->rng, 0, 63);
	int stop = rng_range(&v->rng, 0, disks - 3), start = rng_range(&v->rng, 0, stop);
	/* recovery has disks >= 4, so two data disks to lose */
	int fb = disks > 3 ? rng_range(&v->rng, 1, disks - 3) : 1, fa = rng_range(&v->rng, 0, fb - 1);
	int datap = rng_range(&v->rng, 0, 1), err;
	struct blocks ours, want;

	blocks_new(&ours, disks, bytes, skew);
	blocks_new(&want, disks, bytes, 0);
	blocks_fill(v, &ours);
	if (op == GFRAID_OP_RECOV)
		ref_gen_syndrome(disks, bytes, ours.p);
	blocks_copy(&want, &ours);
	switch (op) {
	case GFRAID_OP_GEN_SYNDROME:
		snprintf(v->ctx, sizeof(v->ctx), "disks=%d bytes=%zu skew=%zu", disks, bytes, skew);
		err = gfraid_gen_syndrome(disks, bytes, (void **)ours.p);
		ref_gen_syndrome(disks, bytes, want.p);
		break;
	case GFRAID_OP_XOR_SYNDROME:
		snprintf(v->ctx, sizeof(v->ctx), "disks=%d start=%d stop=%d bytes=%zu skew=%zu",
			 disks, start, stop, bytes, skew);
		err = gfraid_xor_syndrome(disks, start, stop, bytes, (void **)ours.p);
		ref_xor_syndrome(disks, start, stop, bytes, want.p);
		break;
	default:
		/* want holds the original stripe; lose blocks in ours */
		rng_fill(&v->rng, ours.p[fa], bytes);
		rng_fill(&v->rng, ours.p[datap ? disks - 2 : fb], bytes);
		snprintf(v->ctx, sizeof(v->ctx), "%s disks=%d faila=%d%s%.0d bytes=%zu skew=%zu",
			 datap ? "datap" : "2data", disks, fa, datap ? "" : " failb=", datap ? 0 : fb,
			 bytes, skew);
		err = datap ? gfraid_recov_datap(disks, bytes, fa, (void **)ours.p)
			    : gfraid_recov_2data(disks, bytes, fa, fb, (void **)ours.p);
		break;
	}
	if (call_ok(v, OR_REF, err, gfraid_op_name(op)))
		check(v, OR_REF, "(byte at a time)", ours.p, want.p, disks, bytes, 1);
	blocks_free(&ours);
	blocks_free(&want);
}

/*
 * The scrub on a stripe made consistent by make(): as it is, with one
 * member wrong at a byte of the first half, and with another member wrong
 * in the second half too; the verdicts against what was planted, the
 * stripe unchanged by each call.
 */
static void check_planted(struct verify *v, enum oracle o, const char *detail,
			  struct blocks *st)
{
	int disks = st->n, m = rng_range(&v->rng, 0, disks - 1), step, member, rc;
	int m2 = (m + rng_range(&v->rng, 1, disks - 1)) % disks;
	size_t bytes = st->len, half = bytes / 2;
	struct blocks copy;

	blocks_new(&copy, disks, bytes, 0);
	for (step = 0; step < 3 && bytes >= 2; step++) {
		if (step == 1)
			st->p[m][(size_t)rng_range(&v->rng, 0, (int)half - 1)] ^=
				(uint8_t)rng_range(&v->rng, 1, 255);
		if (step == 2)
			st->p[m2][half + (size_t)rng_range(&v->rng, 0, (int)(bytes - half) - 1)] ^=
				(uint8_t)rng_range(&v->rng, 1, 255);
		blocks_copy(&copy, st);
		rc = gfraid_raid6_check(disks, bytes, (void *const *)st->p, &member);
		verdict(v, o, detail, rc, member, step == 0 ? GFRAID_CHECK_OK
					     : step == 1 ? GFRAID_CHECK_LOCATED
							 : GFRAID_CHECK_UNLOCATABLE,
			step == 1 ? m : -1);
		check(v, o, "(the stripe, which a check must not write)", st->p, copy.p, disks,
		      bytes, 1);
	}
	blocks_free(&copy);
}

static void raid6_check_vs_reference(struct verify *v)
{
	int disks = pick_disks(v, 3);
	size_t bytes = (size_t)rng_range(&v->rng, 2, disks > 64 ? 1500 : 6000);
	size_t skew = (size_t)rng_range(&v->rng, 0, 63);
	struct blocks st;

	blocks_new(&st, disks, bytes, skew);
	blocks_fill(v, &st);
	ref_gen_syndrome(disks, bytes, st.p);
	snprintf(v->ctx, sizeof(v->ctx), "disks=%d bytes=%zu skew=%zu", disks, bytes, skew);
	check_planted(v, OR_REF, "(P and Q byte at a time)", &st);
	blocks_free(&st);
}

#ifdef GFRAID_HAVE_ORACLES
/* The kernel's loops take 64-byte aligned blocks, multiples of 512. */
static size_t kernel_bytes(struct verify *v, int disks)
{
	return (size_t)LREF_BLOCK_MULTIPLE * rng_range(&v->rng, 1, disks > 64 ? 8 : 32);
}

static void raid6_vs_linux(struct verify *v, enum gfraid_op op)
{
	int gen_i = lref_gen_first_valid();
	int a, n = op == GFRAID_OP_RECOV ? lref_recov_count() : lref_gen_count();

	for (a = 0; a < n; a++) {
		int disks = pick_disks(v, 4), err;
		size_t bytes = kernel_bytes(v, disks);
		int stop = rng_range(&v->rng, 0, disks - 3), start = rng_range(&v->rng, 0, stop);
		int fb = rng_range(&v->rng, 1, disks - 3), fa = rng_range(&v->rng, 0, fb - 1);
		int datap = rng_range(&v->rng, 0, 1);
		struct blocks ours, theirs;
		const char *name;

		if (op == GFRAID_OP_RECOV ? !lref_recov_valid(a) : !lref_gen_valid(a))
			continue;
		if (op == GFRAID_OP_XOR_SYNDROME && !lref_has_xor(a))
			continue;
		name = op == GFRAID_OP_RECOV ? lref_recov_name(a) : lref_gen_name(a);
		blocks_new(&ours, disks, bytes, 0);
		blocks_new(&theirs, disks, bytes, 0);
		blocks_fill(v, &ours);
		if (op == GFRAID_OP_RECOV) {
			lref_gen(gen_i, disks, bytes, (void **)ours.p);
			blocks_copy(&theirs, &ours);
			rng_fill(&v->rng, ours.p[fa], bytes);
			rng_fill(&v->rng, ours.p[datap ? disks - 2 : fb], bytes);
			rng_fill(&v->rng, theirs.p[fa], bytes);
			rng_fill(&v->rng, theirs.p[datap ? disks - 2 : fb], bytes);
		} else {
			blocks_copy(&theirs, &ours);
		}
		switch (op) {
		case GFRAID_OP_GEN_SYNDROME:
			snprintf(v->ctx, sizeof(v->ctx), "disks=%d bytes=%zu", disks, bytes);
			lref_gen(a, disks, bytes, (void **)theirs.p);
			err = gfraid_gen_syndrome(disks, bytes, (void **)ours.p);
			break;
		case GFRAID_OP_XOR_SYNDROME:
			snprintf(v->ctx, sizeof(v->ctx), "disks=%d start=%d stop=%d bytes=%zu", disks,
				 start, stop, bytes);
			lref_xor(a, disks, start, stop, bytes, (void **)theirs.p);
			err = gfraid_xor_syndrome(disks, start, stop, bytes, (void **)ours.p);
			break;
		default:
			snprintf(v->ctx, sizeof(v->ctx), "%s disks=%d faila=%d%s%.0d bytes=%zu",
				 datap ? "datap" : "2data", disks, fa, datap ? "" : " failb=",
				 datap ? 0 : fb, bytes);
			if (datap) {
				lref_datap(a, gen_i, disks, bytes, fa, (void **)theirs.p);
				err = gfraid_recov_datap(disks, bytes, fa, (void **)ours.p);
			} else {
				lref_2data(a, gen_i, disks, bytes, fa, fb, (void **)theirs.p);
				err = gfraid_recov_2data(disks, bytes, fa, fb, (void **)ours.p);
			}
			break;
		}
		if (call_ok(v, OR_LINUX, err, gfraid_op_name(op)))
			check(v, OR_LINUX, name, ours.p, theirs.p, disks, bytes, 1);
		blocks_free(&ours);
		blocks_free(&theirs);
	}
}

static void gen_vs_isal(struct verify *v)
{
	int disks = pick_disks(v, 4), err;
	size_t bytes = (size_t)64 * rng_range(&v->rng, 1, 128);	/* pq_gen: 32-byte units */
	struct blocks ours, theirs;

	blocks_new(&ours, disks, bytes, 0);
	blocks_new(&theirs, disks, bytes, 0);
	blocks_fill(v, &ours);
	blocks_copy(&theirs, &ours);
	snprintf(v->ctx, sizeof(v->ctx), "disks=%d bytes=%zu", disks, bytes);
	err = gfraid_gen_syndrome(disks, bytes, (void **)ours.p);
	if (pq_gen(disks, (int)bytes, (void **)theirs.p) != 0) {
		fprintf(stderr, "ec-cli verify: ISA-L pq_gen refused disks=%d bytes=%zu\n", disks,
			bytes);
		exit(1);
	}
	if (call_ok(v, OR_ISAL, err, "gen_syndrome"))
		check(v, OR_ISAL, "pq_gen", ours.p, theirs.p, disks, bytes, 1);
	blocks_free(&ours);
	blocks_free(&theirs);
}

/* Stripes made consistent by each Linux gen algorithm, and by ISA-L's
   pq_gen, whose pq_check must give the same pass or fail. */
static void raid6_check_vs_oracles(struct verify *v)
{
	int a, disks, member;
	size_t bytes;
	struct blocks st;

	for (a = 0; a < lref_gen_count(); a++) {
		if (!lref_gen_valid(a))
			continue;
		disks = pick_disks(v, 4);
		bytes = kernel_bytes(v, disks);
		blocks_new(&st, disks, bytes, 0);
		blocks_fill(v, &st);
		lref_gen(a, disks, bytes, (void **)st.p);
		snprintf(v->ctx, sizeof(v->ctx), "disks=%d bytes=%zu", disks, bytes);
		check_planted(v, OR_LINUX, lref_gen_name(a), &st);
		blocks_free(&st);
	}
	disks = pick_disks(v, 4);
	bytes = (size_t)64 * rng_range(&v->rng, 1, 128);
	blocks_new(&st, disks, bytes, 0);
	blocks_fill(v, &st);
	if (pq_gen(disks, (int)bytes, (void **)st.p) != 0) {
		fprintf(stderr, "ec-cli verify: ISA-L pq_gen refused disks=%d bytes=%zu\n", disks,
			bytes);
		exit(1);
	}
	snprintf(v->ctx, sizeof(v->ctx), "disks=%d bytes=%zu, one byte of disk 0 wrong", disks,
		 bytes);
	st.p[0][bytes / 3] ^= 0x42;
	verdict(v, OR_ISAL, "pq_check", pq_check(disks, (int)bytes, (void **)st.p) != 0,
		gfraid_raid6_check(disks, bytes, (void *const *)st.p, &member) ==
			GFRAID_CHECK_LOCATED && member == 0,
		1, 1);
	blocks_free(&st);
}
#endif

/* ---- Reed-Solomon ------------------------------------------------- */

struct ec_case {
	int k, rows, len, vec_i, cauchy;
	int nsrc, idx[GFRAID_MAX_SHARDS];	/* ec_update_shards: the shards, in order */
	size_t skew;
	uint8_t *a, *tbl;	/* rows x k coefficients and their tables */
};

static void ec_case_new(struct verify *v, struct ec_case *c)
{
	uint8_t *m;
	int i;

	c->rows = rng_range(&v->rng, 1, 16);
	c->k = rng_range(&v->rng, 0, 9) == 9 ? GFRAID_MAX_SHARDS - c->rows : rng_range(&v->rng, 1, 64);
	c->len = rng_range(&v->rng, 1, c->k > 64 ? 1500 : 6000);
	c->vec_i = rng_range(&v->rng, 0, c->k - 1);
	c->cauchy = rng_range(&v->rng, 0, 1);
	c->skew = (size_t)rng_range(&v->rng, 0, 63);
	/* distinct shards in random order: a shuffle, then the first nsrc */
	c->nsrc = rng_range(&v->rng, 0, 4) == 4 ? c->k : rng_range(&v->rng, 1, c->k < 12 ? c->k : 12);
	for (i = 0; i < c->k; i++)
		c->idx[i] = i;
	for (i = c->k - 1; i > 0; i--) {
		int j = rng_range(&v->rng, 0, i), t = c->idx[i];

		c->idx[i] = c->idx[j];
		c->idx[j] = t;
	}
	m = xmalloc((size_t)(c->k + c->rows) * c->k);
	if (c->cauchy)
		gfraid_gen_cauchy_matrix(m, c->k + c->rows, c->k);
	else
		gfraid_gen_rs_matrix(m, c->k + c->rows, c->k);
	c->a = xmalloc((size_t)c->rows * c->k);
	memcpy(c->a, m + c->k * c->k, (size_t)c->rows * c->k);
	free(m);
	c->tbl = xmalloc((size_t)32 * c->k * c->rows);
	gfraid_ec_init_tables(c->k, c->rows, c->a, c->tbl);
}

static void ec_case_free(struct ec_case *c)
{
	free(c->a);
	free(c->tbl);
}

#ifdef GFRAID_HAVE_ORACLES
/* ISA-L from the same starting coding blocks, with its own matrix and
   tables, through ec_encode_data_base / _update_base and the dispatched
   entry points. */
static void ec_vs_isal(struct verify *v, enum gfraid_op op, const struct ec_case *c,
		       struct blocks *data, const struct blocks *start, struct blocks *ours)
{
	uint8_t *m = xmalloc((size_t)(c->k + c->rows) * c->k);
	uint8_t *tbl = xmalloc((size_t)32 * c->k * c->rows);
	uint8_t *dtbl = xmalloc((size_t)32 * c->k * c->rows);
	struct blocks base, disp;

	if (c->cauchy)
		gf_gen_cauchy1_matrix(m, c->k + c->rows, c->k);
	else
		gf_gen_rs_matrix(m, c->k + c->rows, c->k);
	/* base reads the classic tables, the dispatched functions whatever
	   the dispatched ec_init_tables writes (isal_peer.h) */
	isal_classic_tables(c->k, c->rows, m + c->k * c->k, tbl);
	ec_init_tables(c->k, c->rows, m + c->k * c->k, dtbl);
	blocks_new(&base, c->rows, (size_t)c->len, 0);
	blocks_new(&disp, c->rows, (size_t)c->len, 0);
	blocks_copy(&base, start);
	blocks_copy(&disp, start);
	if (op == GFRAID_OP_EC_ENCODE) {
		ec_encode_data_base(c->len, c->k, c->rows, tbl, data->p, base.p);
		ec_encode_data(c->len, c->k, c->rows, dtbl, data->p, disp.p);
	} else if (op == GFRAID_OP_EC_UPDATE) {
		ec_encode_data_update_base(c->len, c->k, c->rows, c->vec_i, tbl, data->p[0], base.p);
		ec_encode_data_update(c->len, c->k, c->rows, c->vec_i, dtbl, data->p[0], disp.p);
	} else {	/* the multi-shard update: one ISA-L update per shard */
		for (int s = 0; s < c->nsrc; s++) {
			ec_encode_data_update_base(c->len, c->k, c->rows, c->idx[s], tbl, data->p[s],
						   base.p);
			ec_encode_data_update(c->len, c->k, c->rows, c->idx[s], dtbl, data->p[s],
					      disp.p);
		}
	}
	check(v, OR_ISAL, "ec_encode_data_base", ours->p, base.p, c->rows, (size_t)c->len, 0);
	check(v, OR_ISAL, "dispatched", ours->p, disp.p, c->rows, (size_t)c->len, 0);
	blocks_free(&base);
	blocks_free(&disp);
	free(m);
	free(tbl);
	free(dtbl);
}
#endif

/* One random case: the variant, the reference and ISA-L all start from
   the same coding blocks (encode overwrites them, update adds to them). */
static void ec_run(struct verify *v, enum gfraid_op op)
{
	struct ec_case c;
	struct blocks data, ours, start, want;
	int err;

	ec_case_new(v, &c);
	blocks_new(&data, op == GFRAID_OP_EC_ENCODE ? c.k : op == GFRAID_OP_EC_UPDATE ? 1 : c.nsrc,
		   (size_t)c.len, c.skew);
	blocks_new(&ours, c.rows, (size_t)c.len, c.skew);
	blocks_new(&start, c.rows, (size_t)c.len, 0);
	blocks_new(&want, c.rows, (size_t)c.len, 0);
	blocks_fill(v, &data);
	blocks_fill(v, &ours);
	blocks_copy(&start, &ours);
	blocks_copy(&want, &ours);
	snprintf(v->ctx, sizeof(v->ctx), "%s k=%d rows=%d vec_i=%d nsrc=%d len=%d skew=%zu",
		 c.cauchy ? "Cauchy" : "RS", c.k, c.rows, c.vec_i, c.nsrc, c.len, c.skew);
	if (op == GFRAID_OP_EC_ENCODE) {
		err = gfraid_ec_encode_data(c.len, c.k, c.rows, c.tbl, data.p, ours.p);
		ref_encode((size_t)c.len, c.k, c.rows, c.a, data.p, want.p);
	} else if (op == GFRAID_OP_EC_UPDATE) {
		err = gfraid_ec_encode_data_update(c.len, c.k, c.rows, c.vec_i, c.tbl, data.p[0],
						   ours.p);
		ref_update((size_t)c.len, c.k, c.rows, c.vec_i, c.a, data.p[0], want.p);
	} else {
		err = gfraid_ec_update_shards(c.len, c.k, c.rows, c.nsrc, c.idx, c.tbl,
					      (const unsigned char *const *)data.p, ours.p);
		for (int s = 0; s < c.nsrc; s++)
			ref_update((size_t)c.len, c.k, c.rows, c.idx[s], c.a, data.p[s], want.p);
	}
	if (call_ok(v, OR_REF, err, gfraid_op_name(op))) {
		check(v, OR_REF, "(byte at a time)", ours.p, want.p, c.rows, (size_t)c.len, 0);
#ifdef GFRAID_HAVE_ORACLES
		ec_vs_isal(v, op, &c, &data, &start, &ours);
#endif
	}
	blocks_free(&data);
	blocks_free(&ours);
	blocks_free(&start);
	blocks_free(&want);
	ec_case_free(&c);
}

/* ---- reconstruct -------------------------------------------------- */

/*
 * A random code, encoded, up to m random shards lost and rebuilt with
 * gfraid_ec_reconstruct: against the original bytes (reference) and
 * against ISA-L rebuilding the same shards its own way (its matrix,
 * gf_invert_matrix, ec_init_tables, ec_encode_data).
 */
static void reconstruct_run(struct verify *v)
{
	int m = rng_range(&v->rng, 1, 16);
	int k = rng_range(&v->rng, 0, 9) == 9 ? rng_range(&v->rng, 65, GFRAID_MAX_SHARDS - m)
					       : rng_range(&v->rng, 1, 64);
	int rs = rng_range(&v->rng, 0, 3) == 0, n = k + m, lost = rng_range(&v->rng, 1, m), i, err;
	size_t len = (size_t)rng_range(&v->rng, 1, k > 64 ? 1500 : 6000);
	size_t skew = (size_t)rng_range(&v->rng, 0, 63);
	gfraid_ec *ec = gfraid_ec_new(k, m, rs ? GFRAID_MATRIX_RS : GFRAID_MATRIX_CAUCHY, &err);
	struct blocks shards, orig;
	unsigned char present[GFRAID_MAX_SHARDS];

	if (!ec) {
		call_ok(v, OR_REF, err, "gfraid_ec_new");
		return;
	}
	blocks_new(&shards, n, len, skew);
	blocks_new(&orig, n, len, 0);
	blocks_fill(v, &shards);
	gfraid_ec_encode(ec, len, (const unsigned char *const *)shards.p, shards.p + k);
	blocks_copy(&orig, &shards);
	memset(present, 1, sizeof(present));
	for (i = 0; i < lost;) {
		int s = rng_range(&v->rng, 0, n - 1);

		if (present[s]) {
			present[s] = 0;
			rng_fill(&v->rng, shards.p[s], len);
			i++;
		}
	}
	snprintf(v->ctx, sizeof(v->ctx), "%s k=%d m=%d lost=%d len=%zu skew=%zu",
		 rs ? "RS" : "Cauchy", k, m, lost, len, skew);
	err = gfraid_ec_reconstruct(ec, len, shards.p, present);
#ifdef GFRAID_HAVE_ORACLES
	{
		/* ISA-L: first k present rows of its matrix, inverted, times the
		   rows of the lost shards. */
		uint8_t *a = xmalloc((size_t)n * k), *sub = xmalloc((size_t)k * k);
		uint8_t *inv = xmalloc((size_t)k * k), *dec = xmalloc((size_t)lost * k);
		uint8_t *tbl = xmalloc((size_t)32 * k * lost);
		struct blocks isal;
		uint8_t **src = xmalloc(sizeof(*src) * (size_t)k), **out = xmalloc(sizeof(*out) * (size_t)lost);
		uint8_t **want = xmalloc(sizeof(*want) * (size_t)lost);
		int r = 0, o = 0, j, l, singular;

		if (rs)
			gf_gen_rs_matrix(a, n, k);
		else
			gf_gen_cauchy1_matrix(a, n, k);
		blocks_new(&isal, lost, len, 0);
		for (i = 0; i < n; i++) {
			if (present[i] && r < k) {
				memcpy(sub + r * k, a + i * k, (size_t)k);
				src[r++] = orig.p[i];
			} else if (!present[i]) {
				out[o] = isal.p[o];
				want[o] = shards.p[i];
				o++;
			}
		}
		singular = gf_invert_matrix(sub, inv, k) != 0;
		if (singular || err) {
			/* Both must refuse the pattern. */
			v->t[OR_ISAL].cases++;
			if (!(singular && err == GFRAID_ESINGULAR))
				call_ok(v, OR_ISAL, err ? err : -1, "gfraid_ec_reconstruct vs ISA-L singularity");
		} else {
			for (o = 0, i = 0; i < n; i++) {
				if (present[i])
					continue;
				for (j = 0; j < k; j++) {
					uint8_t s = 0;

					if (i < k)
						s = inv[i * k + j];
					else
						for (l = 0; l < k; l++)
							s ^= gf_mul(a[i * k + l], inv[l * k + j]);
					dec[o * k + j] = s;
				}
				o++;
			}
			ec_init_tables(k, lost, dec, tbl);
			ec_encode_data((int)len, k, lost, tbl, src, out);
			check(v, OR_ISAL, "ec_encode_data decode", want, out, lost, len, 0);
		}
		blocks_free(&isal);
		free(a);
		free(sub);
		free(inv);
		free(dec);
		free(tbl);
		free(src);
		free(out);
		free(want);
	}
#endif
	if (!(rs && err == GFRAID_ESINGULAR) && call_ok(v, OR_REF, err, "gfraid_ec_reconstruct"))
		check(v, OR_REF, "(the original shards)", shards.p, orig.p, n, len, 0);
	blocks_free(&shards);
	blocks_free(&orig);
	gfraid_ec_free(ec);
}

/* ---- the EC scrub ------------------------------------------------- */

/*
 * gfraid_ec_check on a stripe of a random code whose parity the byte
 * reference (with the code's matrix) or ISA-L (its own matrix, encode)
 * computed: consistent, one shard wrong (m >= 2: located; m == 1:
 * unlocatable), then another wrong in other bytes (both located when
 * m >= 2); the stripe unchanged by each call.
 */
static void ec_check_run(struct verify *v, enum oracle o)
{
	int m = rng_range(&v->rng, 1, 8), k = rng_range(&v->rng, 1, 40), n = k + m, step;
	int rs = rng_range(&v->rng, 0, 3) == 0, a = rng_range(&v->rng, 0, n - 1);
	int b = (a + rng_range(&v->rng, 1, n - 1)) % n, bad[GFRAID_MAX_SHARDS], nbad, rc, err;
	size_t len = (size_t)rng_range(&v->rng, 2, 6000), half = len / 2;
	gfraid_ec *ec = gfraid_ec_new(k, m, rs ? GFRAID_MATRIX_RS : GFRAID_MATRIX_CAUCHY, &err);
	uint8_t *mat = xmalloc((size_t)n * k);
	struct blocks shards, copy;

	if (!ec) {
		call_ok(v, o, err, "gfraid_ec_new");
		free(mat);
		return;
	}
	blocks_new(&shards, n, len, (size_t)rng_range(&v->rng, 0, 63));
	blocks_new(&copy, n, len, 0);
	blocks_fill(v, &shards);
	if (rs)
		gfraid_gen_rs_matrix(mat, n, k);
	else
		gfraid_gen_cauchy_matrix(mat, n, k);
#ifdef GFRAID_HAVE_ORACLES
	if (o == OR_ISAL) {
		uint8_t *tbl = xmalloc((size_t)32 * k * m);

		if (rs)
			gf_gen_rs_matrix(mat, n, k);
		else
			gf_gen_cauchy1_matrix(mat, n, k);
		isal_classic_tables(k, m, mat + (size_t)k * k, tbl);
		ec_encode_data_base((int)len, k, m, tbl, shards.p, shards.p + k);
		free(tbl);
	}
#endif
	if (o == OR_REF)
		ref_encode(len, k, m, mat + (size_t)k * k, shards.p, shards.p + k);
	snprintf(v->ctx, sizeof(v->ctx), "%s k=%d m=%d len=%zu, shards %d then %d wrong",
		 rs ? "RS" : "Cauchy", k, m, len, a, b);
	for (step = 0; step < 3; step++) {
		int want_rc = GFRAID_CHECK_OK, want_bad = 0, right;
		int lo = step == 1 || a < b ? a : b, hi = a < b ? b : a;

		if (step == 1)
			shards.p[a][(size_t)rng_range(&v->rng, 0, (int)half - 1)] ^= 0x5a;
		if (step == 2)
			shards.p[b][half + (size_t)rng_range(&v->rng, 0, (int)(len - half) - 1)] ^= 0xa5;
		if (step > 0) {
			want_rc = m >= 2 ? GFRAID_CHECK_LOCATED : GFRAID_CHECK_UNLOCATABLE;
			want_bad = m >= 2 ? step : 0;
		}
		blocks_copy(&copy, &shards);
		rc = gfraid_ec_check(ec, len, (const unsigned char *const *)shards.p, bad, &nbad);
		/* the count stands for the list: -1 when the shards are not the
		   wrong ones, ascending */
		right = nbad == want_bad && (want_bad < 1 || bad[0] == lo) &&
			(want_bad < 2 || bad[1] == hi);
		verdict(v, o, o == OR_ISAL ? "ec_encode_data_base parity" : "(byte at a time)", rc,
			right ? nbad : -1, want_rc, want_bad);
		check(v, o, "(the stripe, which a check must not write)", shards.p, copy.p, n, len, 0);
	}
	blocks_free(&shards);
	blocks_free(&copy);
	free(mat);
	gfraid_ec_free(ec);
}

/* ---- driver ------------------------------------------------------- */

/* The rows of the table: every op, then reconstruct, which runs the
   ec_encode variants. */
#define ROW_RECONSTRUCT GFRAID_OP_COUNT
#define ROW_COUNT (GFRAID_OP_COUNT + 1)

static const char *row_name(int row)
{
	return row == ROW_RECONSTRUCT ? "reconstruct" : gfraid_op_name((enum gfraid_op)row);
}

static enum gfraid_op row_op(int row)
{
	return row == ROW_RECONSTRUCT ? GFRAID_OP_EC_ENCODE : (enum gfraid_op)row;
}

/* Set by SIGINT: stop after the case running now, report what was done. */
static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
	(void)sig;
	interrupted = 1;
}

static void run_row(struct verify *v, int row)
{
	enum gfraid_op op = (enum gfraid_op)row;
	int it;

	for (it = 0; it < v->iterations && !interrupted; it++) {
		if (row == ROW_RECONSTRUCT) {
			reconstruct_run(v);
			continue;
		}
		switch (op) {
		case GFRAID_OP_EC_CHECK:
			ec_check_run(v, OR_REF);
#ifdef GFRAID_HAVE_ORACLES
			ec_check_run(v, OR_ISAL);
#endif
			break;
		case GFRAID_OP_RAID6_CHECK:
			raid6_check_vs_reference(v);
#ifdef GFRAID_HAVE_ORACLES
			raid6_check_vs_oracles(v);
#endif
			break;
		case GFRAID_OP_GEN_SYNDROME:
		case GFRAID_OP_XOR_SYNDROME:
		case GFRAID_OP_RECOV:
			raid6_vs_reference(v, op);
#ifdef GFRAID_HAVE_ORACLES
			raid6_vs_linux(v, op);
			if (op == GFRAID_OP_GEN_SYNDROME)
				gen_vs_isal(v);
#endif
			break;
		default:
			ec_run(v, op);
			break;
		}
	}
}

static void print_cell(const struct tally *t, int applicable)
{
	char cell[40];

	if (!applicable)
		snprintf(cell, sizeof(cell), "-");
	else if (t->cases == 0)
		snprintf(cell, sizeof(cell), "not built in");
	else if (t->failures)
		snprintf(cell, sizeof(cell), "FAIL %d/%d", t->failures, t->cases);
	else
		snprintf(cell, sizeof(cell), "PASS %d", t->cases);
	printf(" %-17s", cell);
}

static int applies(int row, enum oracle o)
{
	if (o == OR_LINUX)
		return row <= GFRAID_OP_RECOV || row == GFRAID_OP_RAID6_CHECK;
	if (o == OR_ISAL)
		return row == GFRAID_OP_GEN_SYNDROME || row >= GFRAID_OP_EC_ENCODE;
	return 1;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: ec-cli verify [--seed N] [--iterations N] [--op OP] [--impl NAME]\n\n"
		"Forces every variant of every op in turn and compares its output, byte for\n"
		"byte, with the byte-at-a-time reference, with every Linux lib/raid6 algorithm\n"
		"valid on this CPU and with ISA-L, on random geometries, lengths and alignments.\n"
		"Exit status 1 on any mismatch (a variant its self-test disabled counts as\n"
		"one); the first one is printed in full. Ctrl-C stops it with a report of\n"
		"what was checked so far (exit status 130).\n\n"
		"  --seed N         random seed (default: from the clock; printed)\n"
		"  --iterations N   random cases per variant and oracle (default 100)\n"
		"  --op OP          only this op (gen_syndrome, xor_syndrome, recov,\n"
		"                   ec_encode, ec_update, ec_update_shards, raid6_check,\n"
		"                   ec_check, reconstruct)\n"
		"  --impl NAME      only variants of this name\n");
}

int cmd_verify(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "iterations", required_argument, NULL, 'n' },
		{ "op", required_argument, NULL, 'o' },
		{ "impl", required_argument, NULL, 'i' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct verify v;
	const char *only_op = NULL, *only_impl = NULL;
	int c, op, i, o, total_cases = 0, total_failures = 0, rows = 0;
	unsigned long long seed;

	memset(&v, 0, sizeof(v));
	v.seed = (uint64_t)time(NULL);
	v.iterations = 100;
	while ((c = getopt_long(argc, argv, "s:n:o:i:h", opts, NULL)) != -1) {
		switch (c) {
		case 's':
			if (cli_parse_u64(optarg, &seed)) {
				fprintf(stderr,
					"ec-cli verify: --seed wants an integer in 0..%llu, not '%s'\n",
					(unsigned long long)UINT64_MAX, optarg);
				return 2;
			}
			v.seed = seed;
			break;
		case 'n':
			if (cli_parse_int(optarg, 1, 1000000, &v.iterations)) {
				fprintf(stderr, "ec-cli verify: --iterations wants 1..1000000\n");
				return 2;
			}
			break;
		case 'o':
			only_op = optarg;
			break;
		case 'i':
			only_impl = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "ec-cli verify: unexpected argument '%s'\n", argv[optind]);
		return 2;
	}
	if (only_op) {
		for (op = 0; op < ROW_COUNT; op++)
			if (!strcmp(only_op, row_name(op)))
				break;
		if (op == ROW_COUNT) {
			fprintf(stderr, "ec-cli verify: unknown op '%s'\n", only_op);
			return 2;
		}
	}
	rng_seed(&v.rng, v.seed);
	signal(SIGINT, on_sigint);
	v.report = open_memstream(&v.report_text, &v.report_len);
	if (!v.report) {
		perror("ec-cli verify: open_memstream");
		return 1;
	}

	printf("ec-cli verify: --seed %" PRIu64 ", %d iterations per variant and oracle\n", v.seed,
	       v.iterations);
#ifdef GFRAID_HAVE_ORACLES
	printf("linux lib/raid6 algorithms valid here:");
	for (i = 0; i < lref_gen_count(); i++)
		if (lref_gen_valid(i))
			printf(" %s", lref_gen_name(i));
	printf("; recovery:");
	for (i = 0; i < lref_recov_count(); i++)
		if (lref_recov_valid(i))
			printf(" %s", lref_recov_name(i));
	printf("\n");
#else
	printf("(built without GFRAID_ORACLES: only the byte reference is available)\n");
#endif
	printf("\n%-16s %-16s", "op", "variant");
	for (o = 0; o < OR_COUNT; o++)
		printf(" %-17s", oracle_title[o]);
	printf("\n");
	fflush(stdout);

	for (op = 0; op < ROW_COUNT && !interrupted; op++) {
		enum gfraid_op eop = row_op(op);

		if (only_op && strcmp(only_op, row_name(op)))
			continue;
		for (i = 0; i < gfraid_impl_count(eop) && !interrupted; i++) {
			const char *name = gfraid_impl_name(eop, i), *why = NULL;
			int status;

			if (only_impl && strcmp(only_impl, name))
				continue;
			rows++;
			printf("%-16s %-16s", row_name(op), name);
			status = gfraid_impl_status(eop, i, &why);
			if (status == GFRAID_IMPL_NOCPU) {
				printf(" (not run: this CPU or OS lacks what it needs)\n");
				continue;
			}
			if (status != GFRAID_IMPL_USABLE) {
				/* the library will not run it, but a build that
				   produces such a variant is broken */
				printf(" FAIL: disabled by its self-test: %s\n", why);
				total_failures++;
				continue;
			}
			if (gfraid_impl_force(eop, name) != 0) {
				printf(" cannot force it\n");
				total_failures++;
				continue;
			}
			v.op = row_name(op);
			v.variant = name;
			memset(v.t, 0, sizeof(v.t));
			run_row(&v, op);
			for (o = 0; o < OR_COUNT; o++) {
				print_cell(&v.t[o], applies(op, (enum oracle)o));
				total_cases += v.t[o].cases;
				total_failures += v.t[o].failures;
			}
			printf("\n");
			fflush(stdout);
			gfraid_impl_force(eop, NULL);
		}
	}
	fclose(v.report);
	if (rows == 0) {
		free(v.report_text);
		fprintf(stderr, "ec-cli verify: no variant matches --impl %s\n", only_impl);
		return 2;
	}
	fputs(v.report_text, stdout);
	free(v.report_text);
	if (interrupted) {
		printf("\ninterrupted: %d cases checked, %d mismatches so far (--seed %" PRIu64
		       " repeats them)\n",
		       total_cases, total_failures, v.seed);
		return 130;
	}
	printf("\n%d cases, %d mismatches: %s\n", total_cases, total_failures,
	       total_failures ? "FAIL" : "PASS");
	return total_failures ? 1 : 0;
}
