// SPDX-License-Identifier: GPL-2.0-only
/*
 * The known-answer self-test: its answers against Linux lib/raid6 and
 * ISA-L, every variant this CPU runs passing it, and the test hook
 * proving that a variant whose output is wrong is caught, reported once
 * and never used, for every op. Check runs each test in a fresh process,
 * so each starts with nothing tested.
 */
#include <isa-l/erasure_code.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common.h"
#include "linux_raid6.h"
#include "selftest.h"

/* Inputs of a known-answer case as the library makes them, in blocks of
   512 bytes (the kernel's loops want that), zero past len. */
struct kat_bufs {
	uint8_t *p[16];
	uint8_t coef[64];
};

static void kat_inputs(const struct gfr_kat *k, struct kat_bufs *b)
{
	int i, n = k->nin + k->nout;

	ck_assert_int_le(n, 16);
	for (i = 0; i < n; i++) {
		b->p[i] = aligned_alloc(64, LREF_BLOCK_MULTIPLE);
		ck_assert_ptr_nonnull(b->p[i]);
		memset(b->p[i], 0, LREF_BLOCK_MULTIPLE);
		gfr_selftest_fill(b->p[i], (size_t)k->len, gfr_selftest_seed(k->seed, i));
	}
	ck_assert_int_le(k->nin * k->nout, (int)sizeof(b->coef));
	gfr_selftest_fill(b->coef, (size_t)(k->nin * k->nout), gfr_selftest_seed(k->seed, n));
}

static void kat_free(const struct gfr_kat *k, struct kat_bufs *b)
{
	int i;

	for (i = 0; i < k->nin + k->nout; i++)
		free(b->p[i]);
}

/* The answer the oracle gave against the one stored; on a mismatch the
   oracle's bytes are printed as C, for src/selftest.c. */
static void assert_answer(const char *name, const struct gfr_kat *k, struct kat_bufs *b)
{
	int i, j, bad = 0;

	for (i = 0; i < k->nout; i++)
		bad |= memcmp(b->p[k->nin + i], k->expect + (size_t)k->len * i, (size_t)k->len) != 0;
	if (bad) {
		printf("static const uint8_t %s[%d] = {", name, k->len * k->nout);
		for (i = 0; i < k->nout; i++)
			for (j = 0; j < k->len; j++)
				printf("%s0x%02x,", (i * k->len + j) % 12 ? " " : "\n\t",
				       b->p[k->nin + i][j]);
		printf("\n};\n");
		fflush(stdout);
	}
	ck_assert_msg(!bad, "%s: the stored known answer is not what the oracle gives", name);
}

/* Linux lib/raid6 (its first algorithm valid here) for gen and xor. */
START_TEST(known_answers_from_linux_raid6)
{
	const struct gfr_kat *k = gfr_selftest_kat(GFRAID_OP_GEN_SYNDROME);
	int alg = lref_gen_first_valid();
	struct kat_bufs b;

	ck_assert_int_ge(alg, 0);
	kat_inputs(k, &b);
	lref_gen(alg, k->nin + 2, LREF_BLOCK_MULTIPLE, (void **)b.p);
	assert_answer("kat_gen", k, &b);
	kat_free(k, &b);

	k = gfr_selftest_kat(GFRAID_OP_XOR_SYNDROME);
	ck_assert(lref_has_xor(alg));
	kat_inputs(k, &b);
	lref_xor(alg, k->nin + 2, k->a, k->b, LREF_BLOCK_MULTIPLE, (void **)b.p);
	assert_answer("kat_xor", k, &b);
	kat_free(k, &b);

	/* recov shares gen's inputs, so that its P and Q are gen's answer */
	ck_assert_uint_eq(gfr_selftest_kat(GFRAID_OP_RECOV)->seed,
			  gfr_selftest_kat(GFRAID_OP_GEN_SYNDROME)->seed);
	ck_assert_int_eq(gfr_selftest_kat(GFRAID_OP_RECOV)->nin,
			 gfr_selftest_kat(GFRAID_OP_GEN_SYNDROME)->nin);
}
END_TEST

/* ISA-L's own base code for encode and update. */
START_TEST(known_answers_from_isal)
{
	const struct gfr_kat *k = gfr_selftest_kat(GFRAID_OP_EC_ENCODE);
	unsigned char tbls[32 * 64];
	struct kat_bufs b;

	kat_inputs(k, &b);
	ec_init_tables(k->nin, k->nout, b.coef, tbls);
	ec_encode_data_base(k->len, k->nin, k->nout, tbls, b.p, b.p + k->nin);
	assert_answer("kat_encode", k, &b);
	kat_free(k, &b);

	k = gfr_selftest_kat(GFRAID_OP_EC_UPDATE);
	kat_inputs(k, &b);
	ec_init_tables(k->nin, k->nout, b.coef, tbls);
	ec_encode_data_update_base(k->len, k->nin, k->nout, k->a, tbls, b.p[k->a], b.p + k->nin);
	assert_answer("kat_update", k, &b);
	kat_free(k, &b);

	/* the multi-shard update: one ISA-L update per shard */
	k = gfr_selftest_kat(GFRAID_OP_EC_UPDATE_SHARDS);
	kat_inputs(k, &b);
	ec_init_tables(k->nin, k->nout, b.coef, tbls);
	for (int s = 0; s < k->nin; s++)
		ec_encode_data_update_base(k->len, k->nin, k->nout, s, tbls, b.p[s], b.p + k->nin);
	assert_answer("kat_update_shards", k, &b);
	kat_free(k, &b);
}
END_TEST

START_TEST(cases_fit_their_memory)
{
	int op, c;

	for (op = 0; op < GFRAID_OP_COUNT; op++) {
		ck_assert_int_ge(gfr_selftest_case_count((enum gfraid_op)op), 4);
		for (c = 0; c < gfr_selftest_case_count((enum gfraid_op)op); c++)
			ck_assert_msg(gfr_selftest_case_bytes((enum gfraid_op)op, c) <=
					      GFR_SELFTEST_ARENA,
				      "op %d case %d needs %zu bytes", op, c,
				      gfr_selftest_case_bytes((enum gfraid_op)op, c));
	}
}
END_TEST

/* On a correct build every variant this CPU can run passes. */
START_TEST(every_runnable_variant_passes)
{
	int op, i, usable = 0;

	for (op = 0; op < GFRAID_OP_COUNT; op++) {
		enum gfraid_op o = (enum gfraid_op)op;

		for (i = 0; i < gfraid_impl_count(o); i++) {
			const char *why = "(unset)";
			int st = gfraid_impl_status(o, i, &why);

			ck_assert_msg(st == GFRAID_IMPL_USABLE || st == GFRAID_IMPL_NOCPU,
				      "%s %s: state %d, %s", gfraid_op_name(o), gfraid_impl_name(o, i),
				      st, why ? why : "");
			ck_assert(st == GFRAID_IMPL_USABLE ? why == NULL : why != NULL);
			ck_assert_int_eq(gfraid_impl_available(o, i), st == GFRAID_IMPL_USABLE);
			usable += st == GFRAID_IMPL_USABLE;
		}
		ck_assert_int_eq(gfraid_impl_status(o, gfraid_impl_count(o), NULL), GFRAID_EINDEX);
	}
	ck_assert_int_eq(gfraid_impl_status(GFRAID_OP_COUNT, 0, NULL), GFRAID_EOP);
	ck_assert_int_ge(usable, GFRAID_OP_COUNT);
	printf("selftest: %d variants usable on this CPU\n", usable);
}
END_TEST

struct captured {
	int count;
	char last[400];
};

static void capture(void *ctx, const char *msg)
{
	struct captured *c = ctx;

	c->count++;
	snprintf(c->last, sizeof(c->last), "%s", msg);
}

/* op once through the public API against the reference: its return
   code, every buffer right (or, on failure, untouched). */
static int op_once(enum gfraid_op op)
{
	unsigned int seed = (unsigned int)test_rand();
	int wrong, err = op_vs_reference(op, &seed, &wrong);

	ck_assert_msg(wrong == 0, "%s: %d buffers wrong (returned %d)", gfraid_op_name(op), wrong,
		      err);
	return err;
}

/*
 * For each op: the hook corrupts the variant dispatch would pick (the
 * first in table order this CPU runs). It must fail, be reported once,
 * lose the selection to the next one, refuse to be forced, and the op
 * must still give the right bytes.
 */
START_TEST(corrupted_variant_is_never_used)
{
	int op;

	for (op = 0; op < GFRAID_OP_COUNT; op++) {
		enum gfraid_op o = (enum gfraid_op)op;
		struct captured log = { 0, "" };
		char setting[96];
		const char *why = NULL, *name = NULL;
		int i, st = GFRAID_IMPL_NOCPU;

		gfraid_set_log(capture, &log);
		/* the hook is read when a variant is tested, so it can name
		   each in turn until the first one this CPU runs */
		for (i = 0; st == GFRAID_IMPL_NOCPU; i++) {
			name = gfraid_impl_name(o, i);
			ck_assert_ptr_nonnull(name);
			snprintf(setting, sizeof(setting), "%s=%s", gfraid_op_name(o), name);
			setenv("GFRAID_SELFTEST_CORRUPT", setting, 1);
			st = gfraid_impl_status(o, i, &why);
		}
		ck_assert_msg(st == GFRAID_IMPL_FAILED, "%s: corrupted, state %d", setting, st);
		if (strcmp(name, "base") == 0) {
			/* base is all this CPU runs: nothing is left to use */
			ck_assert_int_eq(op_once(o), GFRAID_ESELFTEST);
			unsetenv("GFRAID_SELFTEST_CORRUPT");
			continue;
		}
		ck_assert_ptr_nonnull(why);
		ck_assert_int_eq(log.count, 1);
		ck_assert_ptr_nonnull(strstr(log.last, name));
		ck_assert_ptr_nonnull(strstr(log.last, gfraid_op_name(o)));
		ck_assert_ptr_nonnull(strstr(log.last, why));
		unsetenv("GFRAID_SELFTEST_CORRUPT");

		ck_assert_int_eq(gfraid_impl_available(o, i - 1), 0);
		ck_assert_str_ne(gfraid_impl_selected(o, GFRAID_CLASS_SMALL, GFRAID_WIDTH_TYPICAL),
				 name);
		ck_assert_int_eq(gfraid_impl_force(o, name), GFRAID_ESELFTEST);
		ck_assert_str_ne(gfraid_impl_selected(o, GFRAID_CLASS_SMALL, GFRAID_WIDTH_TYPICAL),
				 name);
		ck_assert_int_eq(op_once(o), 0);
		/* reported once, whatever asks again */
		ck_assert_int_eq(gfraid_impl_status(o, i - 1, NULL), GFRAID_IMPL_FAILED);
		ck_assert_int_eq(log.count, 1);
		printf("selftest: %s %s disabled (%s); %s runs instead\n", gfraid_op_name(o), name,
		       why, gfraid_impl_selected(o, GFRAID_CLASS_SMALL, GFRAID_WIDTH_TYPICAL));
	}
}
END_TEST

/* A broken base leaves nothing to check against: every op refuses to
   run, writing nothing, rather than run anything unchecked. */
START_TEST(broken_base_stops_the_op)
{
	struct captured log = { 0, "" };
	int op, i;

	gfraid_set_log(capture, &log);
	setenv("GFRAID_SELFTEST_CORRUPT", "base", 1);
	for (op = 0; op < GFRAID_OP_COUNT; op++) {
		enum gfraid_op o = (enum gfraid_op)op;
		uint8_t blk[4][64] = { { 1 } }, copy[4][64];
		void *ptrs[4] = { blk[0], blk[1], blk[2], blk[3] };

		memcpy(copy, blk, sizeof(blk));
		for (i = 0; i < gfraid_impl_count(o); i++)
			ck_assert_int_ne(gfraid_impl_status(o, i, NULL), GFRAID_IMPL_USABLE);
		ck_assert_int_eq(op_once(o), GFRAID_ESELFTEST);
		ck_assert_int_eq(gfraid_impl_force(o, "base"), GFRAID_ESELFTEST);
		ck_assert_int_eq(gfraid_impl_force(o, NULL), GFRAID_ESELFTEST);
		ck_assert_ptr_null(strstr(gfraid_impl_selected(o, GFRAID_CLASS_SMALL,
							       GFRAID_WIDTH_TYPICAL),
					  "base"));
		if (o == GFRAID_OP_GEN_SYNDROME) {
			ck_assert_int_eq(gfraid_raid6_recover(4, 64, 0, 3, ptrs), GFRAID_ESELFTEST);
			ck_assert_int_eq(memcmp(blk, copy, sizeof(blk)), 0);
		}
	}
	ck_assert_int_ge(log.count, GFRAID_OP_COUNT);
}
END_TEST

static double now_us(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

/* Printed, never asserted: first use of every op, then the rest. */
START_TEST(cost_at_first_use)
{
	double t0, t1, t2;
	int op, i, tested = 0;

	/* the self-tests alone: no timing of the variants at first use */
	setenv("GFRAID_CALIBRATE", "0", 1);
	/* the CPU probe (CPUID, slow under a hypervisor) is not the self-test */
	t0 = now_us();
	gfraid_cpu_features();
	t1 = now_us();
	printf("selftest: CPU probe %.0f us\n", t1 - t0);
	t0 = now_us();

	for (op = 0; op < GFRAID_OP_COUNT; op++)
		ck_assert_ptr_nonnull(gfraid_impl_selected((enum gfraid_op)op, GFRAID_CLASS_SMALL,
							   GFRAID_WIDTH_TYPICAL));
	t1 = now_us();
	for (op = 0; op < GFRAID_OP_COUNT; op++)
		for (i = 0; i < gfraid_impl_count((enum gfraid_op)op); i++)
			tested += gfraid_impl_available((enum gfraid_op)op, i);
	t2 = now_us();
	printf("selftest: first use of all %d ops (base + the chosen variant each) %.0f us; "
	       "the other %d usable variants %.0f us more\n",
	       GFRAID_OP_COUNT, t1 - t0, tested - GFRAID_OP_COUNT, t2 - t1);
}
END_TEST

int main(void)
{
	const TTest *const tests[] = {
		known_answers_from_linux_raid6,
		known_answers_from_isal,
		cases_fit_their_memory,
		every_runnable_variant_passes,
		corrupted_variant_is_never_used,
		broken_base_stops_the_op,
		cost_at_first_use,
		NULL,
	};

	return run_tests("selftest", 120, tests, NULL, NULL);
}
