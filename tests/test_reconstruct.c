// SPDX-License-Identifier: GPL-2.0-only
/*
 * gfraid_ec_new / encode / reconstruct / free: every erasure pattern of
 * every code up to 10+4, random patterns at 64+16 and 200+56, every encode
 * variant, and bad input (many threads sharing one decoder cache:
 * test_threads.c); the scrub, gfraid_ec_check.
 */
#include <isa-l/erasure_code.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

/* k+m guarded shards, an untouched copy, and a present[] map. */
struct code_case {
	int k, m;
	size_t len;
	struct guarded_set shards;
	uint8_t **orig;
	uint8_t present[GFRAID_MAX_SHARDS];
};

static void case_new(struct code_case *c, gfraid_ec *ec, int k, int m, size_t len, size_t skew)
{
	int i;

	c->k = k;
	c->m = m;
	c->len = len;
	gset_alloc(&c->shards, k + m, len, skew);
	c->orig = calloc((size_t)(k + m), sizeof(*c->orig));
	ck_assert(c->orig);
	for (i = 0; i < k; i++)
		test_fill(c->shards.ptrs[i], len);
	ck_assert_int_eq(gfraid_ec_encode(ec, len, (const unsigned char *const *)c->shards.ptrs,
					  c->shards.ptrs + k), 0);
	for (i = 0; i < k + m; i++) {
		c->orig[i] = malloc(len ? len : 1);
		ck_assert(c->orig[i]);
		memcpy(c->orig[i], c->shards.ptrs[i], len);
		c->present[i] = 1;
	}
}

static void case_free(struct code_case *c)
{
	int i;

	for (i = 0; i < c->k + c->m; i++)
		free(c->orig[i]);
	free(c->orig);
	gset_free(&c->shards);
}

/* Lose the shards whose present[] is 0 (garbage in them), rebuild, and
   check every shard; returns the error, and on one checks that nothing
   was written. */
static int lose_and_rebuild(gfraid_ec *ec, struct code_case *c, const char *what)
{
	char ctx[160];
	int i, err;

	for (i = 0; i < c->k + c->m; i++)
		if (!c->present[i])
			memset(c->shards.ptrs[i], 0xee, c->len);
	err = gfraid_ec_reconstruct(ec, c->len, c->shards.ptrs, c->present);
	for (i = 0; i < c->k + c->m; i++) {
		snprintf(ctx, sizeof(ctx), "%s %d+%d len %zu shard %d (%s), err %d", what, c->k, c->m,
			 c->len, i, c->present[i] ? "present" : "lost", err);
		if (!err || c->present[i]) {
			ck_assert_same(c->shards.ptrs[i], c->orig[i], c->len, ctx);
		} else {
			size_t x;

			for (x = 0; x < c->len; x++)
				ck_assert_msg(c->shards.ptrs[i][x] == 0xee, "%s: written on error", ctx);
		}
	}
	for (i = 0; i < c->k + c->m; i++) {
		memcpy(c->shards.ptrs[i], c->orig[i], c->len);
		c->present[i] = 1;
	}
	return err;
}

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

/* ---- the scrub: gfraid_ec_check ---------------------------------- */

/* gfraid_ec_check on c's shards made read-only; the verdict and the
   located shards (want, nwant) asserted. */
static void expect_ec_check(gfraid_ec *ec, struct code_case *c, int rc_want, const int *want,
			    int nwant, const char *what)
{
	int bad[GFRAID_MAX_SHARDS], nbad = -1, rc, i;

	gset_protect(&c->shards, 0);
	rc = gfraid_ec_check(ec, c->len, (const unsigned char *const *)c->shards.ptrs, bad, &nbad);
	gset_protect(&c->shards, 1);
	ck_assert_msg(rc == rc_want && nbad == nwant,
		      "ec_check %s, %s, %d+%d len %zu: returned %d with %d shards, want %d with %d",
		      gfraid_impl_selected(GFRAID_OP_EC_CHECK), what, c->k, c->m, c->len, rc, nbad,
		      rc_want, nwant);
	for (i = 0; i < nwant; i++)
		ck_assert_msg(bad[i] == want[i], "ec_check %s, %s, %d+%d: shard %d located, not %d",
			      gfraid_impl_selected(GFRAID_OP_EC_CHECK), what, c->k, c->m, bad[i],
			      want[i]);
}

/* Bytes [lo, hi) of shard z made wrong, each by a nonzero value. */
static void spoil_range(struct code_case *c, int z, size_t lo, size_t hi)
{
	size_t x;

	for (x = lo; x < hi; x++)
		c->shards.ptrs[z][x] ^= (uint8_t)test_range(1, 255);
}

/* Two different shards at random wrong over [0, lo_end) and [hi_start,
   len): both located, ascending; then the stripe restored. */
static void two_wrong(gfraid_ec *ec, struct code_case *c, size_t lo_end, size_t hi_start,
		      const char *what)
{
	int n = c->k + c->m, want[2], i;

	want[0] = test_range(0, n - 1);
	want[1] = (want[0] + test_range(1, n - 1)) % n;
	spoil_range(c, want[0], 0, lo_end);
	spoil_range(c, want[1], hi_start, c->len);
	if (want[0] > want[1]) {
		int t = want[0];

		want[0] = want[1];
		want[1] = t;
	}
	expect_ec_check(ec, c, GFRAID_CHECK_LOCATED, want, 2, what);
	for (i = 0; i < n; i++)
		memcpy(c->shards.ptrs[i], c->orig[i], c->len);
}

/*
 * Every variant of the ec_check op (the encode kernels into scratch), on
 * stripes whose parity ISA-L encoded (its Cauchy or RS matrix, the ones
 * gfraid_ec_new makes): consistent; one shard wrong over a byte range
 * (located, m >= 2; unlocatable with one parity shard); two shards wrong
 * in different halves (each byte one shard: both located); with m >= 4
 * and Cauchy, two shards wrong in the same bytes; m + 1 shards wrong
 * (unlocatable). Read-only guarded shards, any length and alignment; a
 * located stripe rebuilt by gfraid_ec_reconstruct is the original.
 */
START_TEST(ec_check_every_variant)
{
	int v, iter, runs = 0;

	for (v = 0; v < gfraid_impl_count(GFRAID_OP_EC_CHECK); v++) {
		if (!use_variant(GFRAID_OP_EC_CHECK, v))
			continue;
		runs++;
		for (iter = 0; iter < 30; iter++) {
			int k = test_range(1, 20), m = test_range(1, 6), n = k + m, a, i;
			int cauchy = iter % 3 != 2;
			size_t len = (size_t)test_range(2, 20000), half = len / 2;
			gfraid_ec *ec = gfraid_ec_new(k, m, cauchy ? GFRAID_MATRIX_CAUCHY
								    : GFRAID_MATRIX_RS, NULL);
			uint8_t *mat = malloc((size_t)n * k), *tbl = malloc((size_t)32 * k * m);
			struct code_case c;

			ck_assert(ec && mat && tbl);
			case_new(&c, ec, k, m, len, (size_t)test_range(0, 63));
			/* the parity as ISA-L encodes it */
			if (cauchy)
				gf_gen_cauchy1_matrix(mat, n, k);
			else
				gf_gen_rs_matrix(mat, n, k);
			ec_init_tables(k, m, mat + (size_t)k * k, tbl);
			ec_encode_data((int)len, k, m, tbl, c.shards.ptrs, c.shards.ptrs + k);
			expect_ec_check(ec, &c, GFRAID_CHECK_OK, NULL, 0, "consistent");

			a = test_range(0, n - 1);
			spoil_range(&c, a, half / 3, half / 3 + (size_t)test_range(1, (int)half / 2 + 1));
			if (m == 1) {
				expect_ec_check(ec, &c, GFRAID_CHECK_UNLOCATABLE, NULL, 0,
						"one shard wrong, one parity shard");
			} else {
				expect_ec_check(ec, &c, GFRAID_CHECK_LOCATED, &a, 1, "one shard wrong");
				memset(c.present, 1, sizeof(c.present));
				c.present[a] = 0;
				lose_and_rebuild(ec, &c, "rebuilt as located");
				two_wrong(ec, &c, half, half, "two shards wrong, in different bytes");
			}
			if (m >= 4 && cauchy)
				two_wrong(ec, &c, len, 0, "two shards wrong in the same bytes");
			if (len >= (size_t)(m + 1)) {
				/* m + 1 shards wrong, one byte each, at different offsets */
				for (i = 0; i <= m; i++)
					c.shards.ptrs[(a + i) % n][(size_t)i * (len / (size_t)(m + 1))] ^=
						0x3c;
				expect_ec_check(ec, &c, GFRAID_CHECK_UNLOCATABLE, NULL, 0,
						"m + 1 shards wrong");
			}
			case_free(&c);
			free(mat);
			free(tbl);
			gfraid_ec_free(ec);
		}
	}
	ck_assert_int_ge(runs, 1);
}
END_TEST

START_TEST(ec_check_bad_input)
{
	gfraid_ec *ec = gfraid_ec_new(2, 2, GFRAID_MATRIX_CAUCHY, NULL);
	uint8_t buf[4][64];
	const unsigned char *shards[4];
	int bad[2] = { 7, 7 }, nbad = 7, i;

	ck_assert_ptr_nonnull(ec);
	for (i = 0; i < 4; i++) {
		memset(buf[i], i + 1, sizeof(buf[i]));
		shards[i] = buf[i];
	}
	ck_assert_int_eq(gfraid_ec_check(NULL, 64, shards, bad, &nbad), GFRAID_ENULL);
	ck_assert_int_eq(gfraid_ec_check(ec, 64, NULL, bad, &nbad), GFRAID_ENULL);
	ck_assert_int_eq(gfraid_ec_check(ec, 64, shards, NULL, &nbad), GFRAID_ENULL);
	ck_assert_int_eq(gfraid_ec_check(ec, 64, shards, bad, NULL), GFRAID_ENULL);
	shards[3] = NULL;
	ck_assert_int_eq(gfraid_ec_check(ec, 64, shards, bad, &nbad), GFRAID_ENULL);
	ck_assert_int_eq(nbad, 7);
	ck_assert_int_eq(bad[0], 7);
	shards[3] = buf[3];
	ck_assert_int_eq(gfraid_ec_check(ec, 0, shards, bad, &nbad), GFRAID_CHECK_OK);
	ck_assert_int_eq(nbad, 0);
	/* constant shards: the parity is wrong in every byte, shard 2 and 3
	   alike, and no one shard explains a byte */
	ck_assert_int_eq(gfraid_ec_check(ec, 64, shards, bad, &nbad), GFRAID_CHECK_UNLOCATABLE);
	ck_assert_int_eq(nbad, 0);
	gfraid_ec_free(ec);
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
		ec_check_every_variant,
		ec_check_bad_input,
		NULL,
	};

	return run_tests("reconstruct", 900, tests, NULL, NULL);
}
