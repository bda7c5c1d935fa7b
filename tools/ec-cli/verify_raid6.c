// SPDX-License-Identifier: GPL-2.0-only
/* ec-cli verify: the RAID-6 ops against the byte reference, every Linux
   lib/raid6 algorithm valid here (6.1's, and 7.2's where built), and
   ISA-L's pq_gen and pq_check. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reference.h"
#include "verify.h"

#ifdef GFRAID_HAVE_ORACLES
#include "isal_peer.h"
#include "linux_raid6.h"
#ifdef GFRAID_HAVE_LINUX72
#include "linux72_raid6.h"
#endif

const struct verify_linux verify_linuxes[] = {
	{ OR_LINUX, &lref_linux61 },
#ifdef GFRAID_HAVE_LINUX72
	{ OR_LINUX72, &lref_linux72 },
#endif
};
const int verify_linux_count = (int)(sizeof(verify_linuxes) / sizeof(verify_linuxes[0]));
#endif

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

static void raid6_vs_linux(struct verify *v, enum gfraid_op op, const struct verify_linux *l)
{
	const struct lref_oracle *o = l->o;
	int gen_i = o->gen_first_valid();
	int a, n = op == GFRAID_OP_RECOV ? o->recov_count() : o->gen_count();

	for (a = 0; a < n; a++) {
		int disks = pick_disks(v, 4), err;
		size_t bytes = kernel_bytes(v, disks);
		int stop = rng_range(&v->rng, 0, disks - 3), start = rng_range(&v->rng, 0, stop);
		int fb = rng_range(&v->rng, 1, disks - 3), fa = rng_range(&v->rng, 0, fb - 1);
		int datap = rng_range(&v->rng, 0, 1);
		struct blocks ours, theirs;
		const char *name;

		if (op == GFRAID_OP_RECOV ? !o->recov_valid(a) : !o->gen_valid(a))
			continue;
		if (op == GFRAID_OP_XOR_SYNDROME && !o->has_xor(a))
			continue;
		name = op == GFRAID_OP_RECOV ? o->recov_name(a) : o->gen_name(a);
		blocks_new(&ours, disks, bytes, 0);
		blocks_new(&theirs, disks, bytes, 0);
		blocks_fill(v, &ours);
		if (op == GFRAID_OP_RECOV) {
			o->gen(gen_i, disks, bytes, (void **)ours.p);
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
			o->gen(a, disks, bytes, (void **)theirs.p);
			err = gfraid_gen_syndrome(disks, bytes, (void **)ours.p);
			break;
		case GFRAID_OP_XOR_SYNDROME:
			snprintf(v->ctx, sizeof(v->ctx), "disks=%d start=%d stop=%d bytes=%zu", disks,
				 start, stop, bytes);
			o->xor_syndrome(a, disks, start, stop, bytes, (void **)theirs.p);
			err = gfraid_xor_syndrome(disks, start, stop, bytes, (void **)ours.p);
			break;
		default:
			snprintf(v->ctx, sizeof(v->ctx), "%s disks=%d faila=%d%s%.0d bytes=%zu",
				 datap ? "datap" : "2data", disks, fa, datap ? "" : " failb=",
				 datap ? 0 : fb, bytes);
			if (datap) {
				o->datap(a, gen_i, disks, bytes, fa, (void **)theirs.p);
				err = gfraid_recov_datap(disks, bytes, fa, (void **)ours.p);
			} else {
				o->data2(a, gen_i, disks, bytes, fa, fb, (void **)theirs.p);
				err = gfraid_recov_2data(disks, bytes, fa, fb, (void **)ours.p);
			}
			break;
		}
		if (call_ok(v, l->column, err, gfraid_op_name(op)))
			check(v, l->column, name, ours.p, theirs.p, disks, bytes, 1);
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
	int a, l, disks, member;
	size_t bytes;
	struct blocks st;

	for (l = 0; l < verify_linux_count; l++) {
		const struct lref_oracle *o = verify_linuxes[l].o;

		for (a = 0; a < o->gen_count(); a++) {
			if (!o->gen_valid(a))
				continue;
			disks = pick_disks(v, 4);
			bytes = kernel_bytes(v, disks);
			blocks_new(&st, disks, bytes, 0);
			blocks_fill(v, &st);
			o->gen(a, disks, bytes, (void **)st.p);
			snprintf(v->ctx, sizeof(v->ctx), "disks=%d bytes=%zu", disks, bytes);
			check_planted(v, verify_linuxes[l].column, o->gen_name(a), &st);
			blocks_free(&st);
		}
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


void verify_raid6_case(struct verify *v, enum gfraid_op op)
{
#ifdef GFRAID_HAVE_ORACLES
	int l;
#endif

	if (op == GFRAID_OP_RAID6_CHECK) {
		raid6_check_vs_reference(v);
#ifdef GFRAID_HAVE_ORACLES
		raid6_check_vs_oracles(v);
#endif
		return;
	}
	raid6_vs_reference(v, op);
#ifdef GFRAID_HAVE_ORACLES
	for (l = 0; l < verify_linux_count; l++)
		raid6_vs_linux(v, op, &verify_linuxes[l]);
	if (op == GFRAID_OP_GEN_SYNDROME)
		gen_vs_isal(v);
#endif
}
