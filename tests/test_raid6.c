// SPDX-License-Identifier: GPL-2.0-only
/*
 * RAID-6 against Linux lib/raid6 (every algorithm valid on this CPU, built
 * unchanged in userspace: 6.1's lib/raid6 and, where the build has it,
 * 7.2's lib/raid/raid6), against ISA-L's pq_gen and against our byte
 * reference: gen_syndrome, xor_syndrome, both recoveries,
 * gfraid_raid6_recover over every failure pattern (the scrub:
 * test_check.c).
 */
#include <isa-l/raid.h>
#include <stdlib.h>

#include "ops.h"
#include "stripe.h"
#ifdef GFRAID_HAVE_LINUX72
#include "linux72_raid6.h"
#endif

static void oracle_present(const struct lref_oracle *o)
{
	int i, valid = 0;

	/* x86_64: avx512x4..x1, avx2x4..x1, sse2x4..x1, int64x8..x1. */
	ck_assert_int_ge(o->gen_count(), 4);
	ck_assert_int_ge(o->recov_count(), 1);
	for (i = 0; i < o->gen_count(); i++) {
		valid += o->gen_valid(i);
		printf("linux %s gen %-10s %s\n", o->name, o->gen_name(i),
		       o->gen_valid(i) ? "valid" : "not valid on this CPU");
	}
	ck_assert_int_ge(valid, 4);
	for (i = 0; i < o->recov_count(); i++)
		printf("linux %s recov %-8s %s\n", o->name, o->recov_name(i),
		       o->recov_valid(i) ? "valid" : "not valid on this CPU");
}

static void gen_vs(const struct lref_oracle *o)
{
	int v, a, iter, runs = 0;

	for (v = 0; v < gfraid_impl_count(GFRAID_OP_GEN_SYNDROME); v++) {
		if (!use_variant(GFRAID_OP_GEN_SYNDROME, v))
			continue;
		for (a = 0; a < o->gen_count(); a++) {
			if (!o->gen_valid(a))
				continue;
			for (iter = 0; iter < 4; iter++) {
				struct stripe ours, theirs;
				int disks = random_disks(iter + a + v);
				size_t bytes = random_aligned_bytes(disks);
				char what[96];

				stripe_new(&ours, disks, bytes, 0);
				stripe_new(&theirs, disks, bytes, 0);
				stripe_fill(&ours);
				stripe_copy(&theirs, &ours);
				o->gen(a, disks, bytes, ptrs(&theirs));
				ck_assert_int_eq(gfraid_gen_syndrome(disks, bytes, ptrs(&ours)), 0);
				snprintf(what, sizeof(what), "gen %s vs linux %s %s",
					 gfraid_impl_name(GFRAID_OP_GEN_SYNDROME, v), o->name,
					 o->gen_name(a));
				assert_stripes_equal(&ours, &theirs, what);
				stripe_free(&ours);
				stripe_free(&theirs);
				runs++;
			}
		}
	}
	ck_assert_int_gt(runs, 0);
}

static void xor_vs(const struct lref_oracle *o)
{
	int v, a, iter, runs = 0;

	for (v = 0; v < gfraid_impl_count(GFRAID_OP_XOR_SYNDROME); v++) {
		if (!use_variant(GFRAID_OP_XOR_SYNDROME, v))
			continue;
		for (a = 0; a < o->gen_count(); a++) {
			if (!o->gen_valid(a) || !o->has_xor(a))
				continue;
			for (iter = 0; iter < 4; iter++) {
				struct stripe ours, theirs;
				int disks = random_disks(iter + a + v);
				size_t bytes = random_aligned_bytes(disks);
				int stop = test_range(0, disks - 3), start = test_range(0, stop);
				char what[128];

				if (iter == 0)
					start = stop;	/* md's one-block write */
				stripe_new(&ours, disks, bytes, 0);
				stripe_new(&theirs, disks, bytes, 0);
				stripe_fill(&ours);	/* P and Q need not match the data */
				stripe_copy(&theirs, &ours);
				o->xor_syndrome(a, disks, start, stop, bytes, ptrs(&theirs));
				ck_assert_int_eq(gfraid_xor_syndrome(disks, start, stop, bytes,
								     ptrs(&ours)), 0);
				snprintf(what, sizeof(what), "xor %s %d..%d vs linux %s %s",
					 gfraid_impl_name(GFRAID_OP_XOR_SYNDROME, v), start, stop,
					 o->name, o->gen_name(a));
				assert_stripes_equal(&ours, &theirs, what);
				stripe_free(&ours);
				stripe_free(&theirs);
				runs++;
			}
		}
	}
	ck_assert_int_gt(runs, 0);
}

/* Both recoveries of every recovery variant against every valid kernel
   recovery algorithm (on the kernel's preferred syndrome code) and against
   the original data. */
static void recov_vs(const struct lref_oracle *o)
{
	int v, r, iter, runs = 0, gen_i = o->gen_first_valid();

	ck_assert_int_ge(gen_i, 0);
	for (v = 0; v < gfraid_impl_count(GFRAID_OP_RECOV); v++) {
		if (!use_variant(GFRAID_OP_RECOV, v))
			continue;
		for (r = 0; r < o->recov_count(); r++) {
			if (!o->recov_valid(r))
				continue;
			for (iter = 0; iter < 8; iter++) {
				struct stripe orig, ours, theirs;
				int disks = iter % 8 == 7 ? 257 : test_range(4, 34);
				size_t bytes = random_aligned_bytes(disks);
				int fb = test_range(1, disks - 3), fa = test_range(0, fb - 1);
				int datap = iter & 1;
				char what[128];

				stripe_new(&orig, disks, bytes, 0);
				stripe_new(&ours, disks, bytes, 0);
				stripe_new(&theirs, disks, bytes, 0);
				stripe_fill(&orig);
				o->gen(gen_i, disks, bytes, ptrs(&orig));
				stripe_copy(&ours, &orig);
				stripe_copy(&theirs, &orig);
				/* Lose the blocks: different garbage in each copy. */
				test_fill(ours.s.ptrs[fa], bytes);
				test_fill(theirs.s.ptrs[fa], bytes);
				test_fill(ours.s.ptrs[datap ? disks - 2 : fb], bytes);
				test_fill(theirs.s.ptrs[datap ? disks - 2 : fb], bytes);
				if (datap) {
					o->datap(r, gen_i, disks, bytes, fa, ptrs(&theirs));
					ck_assert_int_eq(gfraid_recov_datap(disks, bytes, fa, ptrs(&ours)), 0);
				} else {
					o->data2(r, gen_i, disks, bytes, fa, fb, ptrs(&theirs));
					ck_assert_int_eq(gfraid_recov_2data(disks, bytes, fa, fb,
									    ptrs(&ours)), 0);
				}
				snprintf(what, sizeof(what), "%s %s(%d, %d) vs linux %s %s",
					 gfraid_impl_name(GFRAID_OP_RECOV, v), datap ? "datap" : "2data",
					 fa, datap ? -1 : fb, o->name, o->recov_name(r));
				assert_stripes_equal(&ours, &theirs, what);
				assert_stripes_equal(&ours, &orig, "recovered vs original");
				stripe_free(&orig);
				stripe_free(&ours);
				stripe_free(&theirs);
				runs++;
			}
		}
	}
	ck_assert_int_gt(runs, 0);
}

/*
 * Odd lengths and unaligned blocks: each byte of P and Q depends only on
 * the same byte of the data, so the kernel run on zero-padded, aligned
 * copies is still an oracle for the first `bytes` bytes.
 */
static void padded_copy(struct stripe *dst, struct stripe *src)
{
	int i;

	for (i = 0; i < src->disks; i++) {
		memset(dst->s.ptrs[i], 0, dst->bytes);
		memcpy(dst->s.ptrs[i], src->s.ptrs[i], src->bytes);
	}
}

static void assert_prefix_equal(struct stripe *ours, struct stripe *padded, const char *what)
{
	char ctx[320];
	int i;

	for (i = 0; i < ours->disks; i++) {
		snprintf(ctx, sizeof(ctx), "%s, disks=%d bytes=%zu, block %d", what, ours->disks,
			 ours->bytes, i);
		ck_assert_same(ours->s.ptrs[i], padded->s.ptrs[i], ours->bytes, ctx);
	}
}

/* One random odd-length, unaligned case of op (gen, xor, 2data, datap) with
   the variant now forced, against the kernel on padded aligned copies. */
static void odd_case(const struct lref_oracle *o, int op, int gen_i, int r, const char *variant)
{
	static const char *const names[4] = { "gen", "xor", "2data", "datap" };
	struct stripe ours, theirs;
	int disks = test_range(0, 15) == 15 ? 257 : test_range(4, 24);
	size_t bytes = (size_t)test_range(1, 9000);
	size_t padded = (bytes + LREF_BLOCK_MULTIPLE - 1) / LREF_BLOCK_MULTIPLE *
			LREF_BLOCK_MULTIPLE;
	size_t skew = (size_t)test_range(0, 63);
	int fb = test_range(1, disks - 3), fa = test_range(0, fb - 1);
	int stop = test_range(0, disks - 3), start = test_range(0, stop);
	char what[128];

	stripe_new(&ours, disks, bytes, skew);
	stripe_new(&theirs, disks, padded, 0);
	stripe_fill(&ours);
	if (op >= 2)
		ref_gen_syndrome(disks, bytes, ours.s.ptrs);
	padded_copy(&theirs, &ours);
	switch (op) {
	case 0:
		o->gen(gen_i, disks, padded, ptrs(&theirs));
		ck_assert_int_eq(gfraid_gen_syndrome(disks, bytes, ptrs(&ours)), 0);
		break;
	case 1:
		o->xor_syndrome(gen_i, disks, start, stop, padded, ptrs(&theirs));
		ck_assert_int_eq(gfraid_xor_syndrome(disks, start, stop, bytes, ptrs(&ours)), 0);
		break;
	case 2:
		o->data2(r, gen_i, disks, padded, fa, fb, ptrs(&theirs));
		test_fill(ours.s.ptrs[fa], bytes);
		test_fill(ours.s.ptrs[fb], bytes);
		ck_assert_int_eq(gfraid_recov_2data(disks, bytes, fa, fb, ptrs(&ours)), 0);
		break;
	default:
		o->datap(r, gen_i, disks, padded, fa, ptrs(&theirs));
		test_fill(ours.s.ptrs[fa], bytes);
		test_fill(ours.s.ptrs[disks - 2], bytes);
		ck_assert_int_eq(gfraid_recov_datap(disks, bytes, fa, ptrs(&ours)), 0);
		break;
	}
	snprintf(what, sizeof(what), "%s %s skew %zu vs linux %s", names[op], variant, skew, o->name);
	assert_prefix_equal(&ours, &theirs, what);
	stripe_free(&ours);
	stripe_free(&theirs);
}

static void odd_unaligned_vs(const struct lref_oracle *o)
{
	static const enum gfraid_op ops[4] = { GFRAID_OP_GEN_SYNDROME, GFRAID_OP_XOR_SYNDROME,
					       GFRAID_OP_RECOV, GFRAID_OP_RECOV };
	int gen_i = o->gen_first_valid(), r, op, v, iter, runs = 0;

	for (r = 0; r < o->recov_count() && !o->recov_valid(r); r++)
		;
	ck_assert_int_lt(r, o->recov_count());
	for (op = 0; op < 4; op++) {
		for (v = 0; v < gfraid_impl_count(ops[op]); v++) {
			if (!use_variant(ops[op], v))
				continue;
			for (iter = 0; iter < 12; iter++, runs++)
				odd_case(o, op, gen_i, r, gfraid_impl_name(ops[op], v));
		}
	}
	ck_assert_int_ge(runs, 4 * 12);	/* base at least, on every architecture */
}

/* Each check against each Linux the build has (one START_TEST each: the
   qemu-user runs find the tests by that line). */
START_TEST(oracle_present_linux61)
{
	oracle_present(&lref_linux61);
}
END_TEST

START_TEST(gen_vs_linux61)
{
	gen_vs(&lref_linux61);
}
END_TEST

START_TEST(xor_vs_linux61)
{
	xor_vs(&lref_linux61);
}
END_TEST

START_TEST(recov_vs_linux61)
{
	recov_vs(&lref_linux61);
}
END_TEST

START_TEST(odd_unaligned_vs_linux61)
{
	odd_unaligned_vs(&lref_linux61);
}
END_TEST

#ifdef GFRAID_HAVE_LINUX72
START_TEST(oracle_present_linux72)
{
	oracle_present(&lref_linux72);
}
END_TEST

START_TEST(gen_vs_linux72)
{
	gen_vs(&lref_linux72);
}
END_TEST

START_TEST(xor_vs_linux72)
{
	xor_vs(&lref_linux72);
}
END_TEST

START_TEST(recov_vs_linux72)
{
	recov_vs(&lref_linux72);
}
END_TEST

START_TEST(odd_unaligned_vs_linux72)
{
	odd_unaligned_vs(&lref_linux72);
}
END_TEST
#endif


START_TEST(gen_vs_isal_pq_gen)
{
	int iter;

	for (iter = 0; iter < 200; iter++) {
		struct stripe ours, theirs;
		int disks = iter % 10 == 9 ? 257 : test_range(4, 34);
		size_t bytes = (size_t)64 * test_range(1, 256);

		stripe_new(&ours, disks, bytes, 0);
		stripe_new(&theirs, disks, bytes, 0);
		stripe_fill(&ours);
		stripe_copy(&theirs, &ours);
		ck_assert_int_eq(pq_gen(disks, (int)bytes, ptrs(&theirs)), 0);
		ck_assert_int_eq(gfraid_gen_syndrome(disks, bytes, ptrs(&ours)), 0);
		assert_stripes_equal(&ours, &theirs, "gen vs ISA-L pq_gen");
		stripe_free(&ours);
		stripe_free(&theirs);
	}
}
END_TEST

/* Our byte-at-a-time reference and our base variant: every variant of gen
   and xor on 40 random disk counts in 3..257, and the automatic choice on
   every one. */
static void vs_reference(int disks)
{
	struct stripe ours, ref, base;
	size_t bytes = (size_t)test_range(1, 300);
	int stop = test_range(0, disks - 3), start = test_range(0, stop);

	stripe_new(&ours, disks, bytes, (size_t)test_range(0, 63));
	stripe_new(&ref, disks, bytes, 0);
	stripe_new(&base, disks, bytes, 0);
	stripe_fill(&ours);
	stripe_copy(&ref, &ours);
	stripe_copy(&base, &ours);
	ck_assert_int_eq(gfraid_gen_syndrome(disks, bytes, ptrs(&ours)), 0);
	ref_gen_syndrome(disks, bytes, ref.s.ptrs);
	gfr_raid6_gen_base(disks, 0, bytes, ptrs(&base));
	assert_stripes_equal(&ours, &ref, variant_for(GFRAID_OP_GEN_SYNDROME, disks, disks, bytes));
	assert_stripes_equal(&ours, &base, "gen vs base");
	ck_assert_int_eq(gfraid_xor_syndrome(disks, start, stop, bytes, ptrs(&ours)), 0);
	ref_xor_syndrome(disks, start, stop, bytes, ref.s.ptrs);
	gfr_raid6_xor_base(disks, start, stop, 0, bytes, ptrs(&base));
	assert_stripes_equal(&ours, &ref, variant_for(GFRAID_OP_XOR_SYNDROME, stop - start + 3, disks, bytes));
	assert_stripes_equal(&ours, &base, "xor vs base");
	stripe_free(&ours);
	stripe_free(&ref);
	stripe_free(&base);
}

START_TEST(gen_xor_vs_reference)
{
	int disks, v, i;

	for (disks = 3; disks <= 257; disks++)
		vs_reference(disks);
	for (v = 0; v < gfraid_impl_count(GFRAID_OP_GEN_SYNDROME); v++) {
		if (!use_variant(GFRAID_OP_GEN_SYNDROME, v) ||
		    !use_variant(GFRAID_OP_XOR_SYNDROME, v))
			continue;
		for (i = 0; i < 40; i++)
			vs_reference(i == 0 ? 3 : i == 1 ? 257 : test_range(3, 257));
	}
}
END_TEST

/* md's read-modify-write: xor out the old data, replace it, xor in the
   new; P and Q must then equal a full gen_syndrome of the new data. */
START_TEST(rmw_equals_full_gen)
{
	int iter;

	for (iter = 0; iter < 100; iter++) {
		int disks = test_range(3, 40);
		size_t bytes = (size_t)test_range(1, 4096);
		int stop = test_range(0, disks - 3), start = test_range(0, stop), z;
		struct stripe st, full;

		stripe_new(&st, disks, bytes, 0);
		stripe_new(&full, disks, bytes, 0);
		stripe_fill(&st);
		ck_assert_int_eq(gfraid_gen_syndrome(disks, bytes, ptrs(&st)), 0);
		ck_assert_int_eq(gfraid_xor_syndrome(disks, start, stop, bytes, ptrs(&st)), 0);
		for (z = start; z <= stop; z++)
			test_fill(st.s.ptrs[z], bytes);
		ck_assert_int_eq(gfraid_xor_syndrome(disks, start, stop, bytes, ptrs(&st)), 0);
		stripe_copy(&full, &st);
		ck_assert_int_eq(gfraid_gen_syndrome(disks, bytes, ptrs(&full)), 0);
		assert_stripes_equal(&st, &full, "RMW vs full gen");
		stripe_free(&st);
		stripe_free(&full);
	}
}
END_TEST

/* gfraid_raid6_recover for every one- and two-member failure. */
static void every_pattern(void);

START_TEST(recover_every_pattern)
{
	int v;

	for (v = 0; v < gfraid_impl_count(GFRAID_OP_RECOV); v++)
		if (use_variant(GFRAID_OP_RECOV, v))
			every_pattern();
}
END_TEST

/* Every one- and two-member failure on a few arrays, with the forced
   recovery variant (and the automatic gen_syndrome). */
static void every_pattern(void)
{
	static const int disk_counts[] = { 3, 4, 5, 6, 9, 16, 33 };
	static const size_t sizes[] = { 1, 7, 64, 4099 };
	size_t di, si;

	for (di = 0; di < sizeof(disk_counts) / sizeof(disk_counts[0]); di++) {
		for (si = 0; si < sizeof(sizes) / sizeof(sizes[0]); si++) {
			int disks = disk_counts[di], fa, fb;
			size_t bytes = sizes[si];
			struct stripe orig, work;

			stripe_new(&orig, disks, bytes, 0);
			stripe_new(&work, disks, bytes, (size_t)test_range(0, 63));
			stripe_fill(&orig);
			ck_assert_int_eq(gfraid_gen_syndrome(disks, bytes, ptrs(&orig)), 0);
			for (fa = 0; fa < disks; fa++) {
				for (fb = -1; fb < disks; fb++) {
					char what[96];

					if (fb != -1 && fb <= fa)
						continue;
					stripe_copy(&work, &orig);
					test_fill(work.s.ptrs[fa], bytes);
					if (fb >= 0)
						test_fill(work.s.ptrs[fb], bytes);
					ck_assert_int_eq(gfraid_raid6_recover(disks, bytes, fa, fb,
									      ptrs(&work)), 0);
					snprintf(what, sizeof(what), "%s recover(%d, %d)",
						 variant_for(GFRAID_OP_RECOV, disks, disks, bytes),
						 fa, fb);
					assert_stripes_equal(&work, &orig, what);
				}
			}
			stripe_free(&orig);
			stripe_free(&work);
		}
	}
}

/* The checker itself: a stripe with one flipped bit must not compare
   equal, or every test above could pass by accident. */
START_TEST(checker_catches_a_flipped_bit)
{
	struct stripe a, b;
	long d;

	stripe_new(&a, 6, 4096, 0);
	stripe_new(&b, 6, 4096, 0);
	stripe_fill(&a);
	ck_assert_int_eq(gfraid_gen_syndrome(6, 4096, ptrs(&a)), 0);
	stripe_copy(&b, &a);
	lref_gen(lref_gen_first_valid(), 6, 4096, ptrs(&b));
	ck_assert_int_lt(first_diff(a.s.ptrs[5], b.s.ptrs[5], 4096), 0);
	b.s.ptrs[5][1234] ^= 0x10;
	d = first_diff(a.s.ptrs[5], b.s.ptrs[5], 4096);
	ck_assert_int_eq(d, 1234);
	stripe_free(&a);
	stripe_free(&b);
}
END_TEST

int main(void)
{
	const TTest *const tests[] = {
		oracle_present_linux61,
		gen_vs_linux61,
		xor_vs_linux61,
		recov_vs_linux61,
		odd_unaligned_vs_linux61,
#ifdef GFRAID_HAVE_LINUX72
		oracle_present_linux72,
		gen_vs_linux72,
		xor_vs_linux72,
		recov_vs_linux72,
		odd_unaligned_vs_linux72,
#endif
		gen_vs_isal_pq_gen,
		gen_xor_vs_reference,
		rmw_equals_full_gen,
		recover_every_pattern,
		checker_catches_a_flipped_bit,
		NULL,
	};

	return run_tests("raid6", 900, tests, NULL, NULL);
}
