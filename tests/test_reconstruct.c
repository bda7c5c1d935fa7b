// SPDX-License-Identifier: GPL-2.0-only
/*
 * gfraid_ec_new / encode / reconstruct / free: every erasure pattern of
 * every code up to 10+4, random patterns at 64+16 and 200+56, every encode
 * variant, and bad input (many threads sharing one decoder cache:
 * test_threads.c; the scrub, gfraid_ec_check: test_check.c).
 */
#include <isa-l/erasure_code.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "code_case.h"

/* ISA-L's own verdict on a pattern: is the submatrix of the first k
   surviving rows of its matrix invertible? */
static int isal_invertible(int k, int m, int rs, const uint8_t *present)
{
	uint8_t *a = malloc((size_t)(k + m) * k), *sub = malloc((size_t)k * k);
	uint8_t *inv = malloc((size_t)k * k);
	int i, r = 0, ok;

	ck_assert(a && sub && inv);
	if (rs)
		gf_gen_rs_matrix(a, k + m, k);
	else
		gf_gen_cauchy1_matrix(a, k + m, k);
	for (i = 0; i < k + m && r < k; i++)
		if (present[i])
			memcpy(sub + r++ * k, a + i * k, (size_t)k);
	ok = gf_invert_matrix(sub, inv, k) == 0;
	free(a);
	free(sub);
	free(inv);
	return ok;
}

/* Every pattern of 1..m lost shards of one code. Returns the number of
   patterns, and counts the singular ones. */
static int every_pattern(int k, int m, enum gfraid_matrix kind, size_t len, int *singular)
{
	gfraid_ec *ec = gfraid_ec_new(k, m, kind, NULL);
	struct code_case c;
	unsigned long long e;
	int patterns = 0, n = k + m, i;

	ck_assert_ptr_nonnull(ec);
	case_new(&c, ec, k, m, len, (size_t)test_range(0, 63));
	for (e = 1; e < 1ull << n; e++) {
		int lost = __builtin_popcountll(e), err;

		if (lost > m)
			continue;
		for (i = 0; i < n; i++)
			c.present[i] = !(e >> i & 1);
		if (kind == GFRAID_MATRIX_RS) {
			uint8_t present[64];

			memcpy(present, c.present, (size_t)n);
			err = lose_and_rebuild(ec, &c, "RS");
			ck_assert_msg(err == 0 || err == GFRAID_ESINGULAR, "err %d", err);
			ck_assert_msg((err == 0) == isal_invertible(k, m, 1, present),
				      "singularity differs from ISA-L");
			*singular += err != 0;
		} else {
			ck_assert_int_eq(lose_and_rebuild(ec, &c, "Cauchy"), 0);
		}
		patterns++;
	}
	case_free(&c);
	gfraid_ec_free(ec);
	return patterns;
}

START_TEST(every_pattern_up_to_10_4)
{
	int k, m, patterns = 0, singular = 0;

	for (k = 1; k <= 10; k++)
		for (m = 1; m <= 4; m++) {
			patterns += every_pattern(k, m, GFRAID_MATRIX_CAUCHY, (size_t)test_range(1, 300),
						  &singular);
			patterns += every_pattern(k, m, GFRAID_MATRIX_RS, (size_t)test_range(1, 300),
						  &singular);
		}
	/* 2 x sum over k <= 10, m <= 4 of C(k+m, 1) + .. + C(k+m, m) */
	ck_assert_int_eq(patterns, 2 * 6772);
	printf("every_pattern_up_to_10_4: %d patterns, %d RS singular\n", patterns, singular);
}
END_TEST

/* The known singular RS patterns (6+5 has two) are refused, not rebuilt. */
START_TEST(rs_singular_refused)
{
	int singular = 0;

	ck_assert_int_eq(every_pattern(6, 5, GFRAID_MATRIX_RS, 97, &singular), 1023);
	ck_assert_int_eq(singular, 2);
}
END_TEST

static void random_patterns(int k, int m, int iters)
{
	gfraid_ec *ec = gfraid_ec_new(k, m, GFRAID_MATRIX_CAUCHY, NULL);
	int it, i;

	ck_assert_ptr_nonnull(ec);
	for (it = 0; it < iters; it++) {
		struct code_case c;
		int lost = it == 0 ? m : test_range(1, m), done = 0;

		case_new(&c, ec, k, m, (size_t)test_range(1, 3000), (size_t)test_range(0, 63));
		while (done < lost) {
			i = test_range(0, k + m - 1);
			if (c.present[i]) {
				c.present[i] = 0;
				done++;
			}
		}
		ck_assert_int_eq(lose_and_rebuild(ec, &c, "random"), 0);
		case_free(&c);
	}
	gfraid_ec_free(ec);
}

START_TEST(random_patterns_large)
{
	random_patterns(64, 16, 40);
	random_patterns(200, 56, 12);
}
END_TEST

/* Reconstruct runs the encode variant: every one of them, forced. */
START_TEST(every_encode_variant)
{
	int v, runs = 0, singular = 0;

	for (v = 0; v < gfraid_impl_count(GFRAID_OP_EC_ENCODE); v++) {
		if (!use_variant(GFRAID_OP_EC_ENCODE, v))
			continue;
		ck_assert_int_eq(every_pattern(6, 3, GFRAID_MATRIX_CAUCHY, (size_t)test_range(64, 5000),
					       &singular), 129);
		random_patterns(20, 8, 10);
		runs++;
	}
	ck_assert_int_gt(runs, 0);
}
END_TEST

START_TEST(too_many_lost)
{
	gfraid_ec *ec = gfraid_ec_new(8, 3, GFRAID_MATRIX_CAUCHY, NULL);
	struct code_case c;

	ck_assert_ptr_nonnull(ec);
	case_new(&c, ec, 8, 3, 500, 0);
	c.present[0] = c.present[4] = c.present[8] = c.present[10] = 0;
	ck_assert_int_eq(lose_and_rebuild(ec, &c, "4 of 3"), GFRAID_ETOOFEW);
	memset(c.present, 0, sizeof(c.present));
	ck_assert_int_eq(lose_and_rebuild(ec, &c, "all"), GFRAID_ETOOFEW);
	case_free(&c);
	gfraid_ec_free(ec);
}
END_TEST

START_TEST(bad_input)
{
	gfraid_ec *ec;
	uint8_t buf[4][64], *shards[4], present[4] = { 1, 0, 1, 1 };
	const unsigned char *data[2];
	int err = 12345, i;

	ck_assert_ptr_null(gfraid_ec_new(0, 2, GFRAID_MATRIX_CAUCHY, &err));
	ck_assert_int_eq(err, GFRAID_ESHARDS);
	ck_assert_ptr_null(gfraid_ec_new(2, 0, GFRAID_MATRIX_CAUCHY, &err));
	ck_assert_int_eq(err, GFRAID_ESHARDS);
	ck_assert_ptr_null(gfraid_ec_new(200, 57, GFRAID_MATRIX_RS, &err));
	ck_assert_int_eq(err, GFRAID_ESHARDS);
	ck_assert_ptr_null(gfraid_ec_new(-1, 5, GFRAID_MATRIX_RS, NULL));
	ck_assert_ptr_null(gfraid_ec_new(2, 2, (enum gfraid_matrix)7, &err));
	ck_assert_int_eq(err, GFRAID_EINDEX);
	ec = gfraid_ec_new(2, 2, GFRAID_MATRIX_RS, &err);
	ck_assert_ptr_nonnull(ec);
	ck_assert_int_eq(err, 0);

	for (i = 0; i < 4; i++) {
		memset(buf[i], i + 1, sizeof(buf[i]));
		shards[i] = buf[i];
	}
	data[0] = buf[0];
	data[1] = NULL;
	ck_assert_int_eq(gfraid_ec_encode(NULL, 64, data, shards + 2), GFRAID_ENULL);
	ck_assert_int_eq(gfraid_ec_encode(ec, 64, data, shards + 2), GFRAID_ENULL);
	ck_assert_int_eq(gfraid_ec_encode(ec, 64, NULL, shards + 2), GFRAID_ENULL);
	ck_assert_int_eq(gfraid_ec_reconstruct(NULL, 64, shards, present), GFRAID_ENULL);
	ck_assert_int_eq(gfraid_ec_reconstruct(ec, 64, NULL, present), GFRAID_ENULL);
	ck_assert_int_eq(gfraid_ec_reconstruct(ec, 64, shards, NULL), GFRAID_ENULL);
	shards[3] = NULL;
	ck_assert_int_eq(gfraid_ec_reconstruct(ec, 64, shards, present), GFRAID_ENULL);
	shards[3] = buf[3];
	for (i = 0; i < 4; i++)
		ck_assert_uint_eq(buf[i][17], i + 1);	/* nothing written */
	ck_assert_int_eq(gfraid_ec_reconstruct(ec, 0, shards, present), 0);
	ck_assert_uint_eq(buf[1][0], 2);
	gfraid_ec_free(ec);
	gfraid_ec_free(NULL);
}
END_TEST

int main(void)
{
	const TTest *const tests[] = {
		every_pattern_up_to_10_4,
		rs_singular_refused,
		random_patterns_large,
		every_encode_variant,
		too_many_lost,
		bad_input,
		NULL,
	};

	return run_tests("reconstruct", 900, tests, NULL, NULL);
}
