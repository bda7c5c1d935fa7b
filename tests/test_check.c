// SPDX-License-Identifier: GPL-2.0-only
/*
 * The scrubs: gfraid_raid6_check against stripes Linux lib/raid6 and our
 * byte reference made consistent and against ISA-L's pq_check, and
 * gfraid_ec_check against stripes ISA-L encoded; every variant of each,
 * read-only guarded buffers, members made wrong where the answer is
 * known; and their bad input.
 */
#include <isa-l/erasure_code.h>
#include <isa-l/raid.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "code_case.h"
#include "stripe.h"

/* The scrub: gfraid_raid6_check with the stripe's buffers read-only. */
static void expect_check(struct stripe *st, int want, int want_member, const char *what)
{
	int member = 12345, rc;

	gset_protect(&st->s, 0);
	rc = gfraid_raid6_check(st->disks, st->bytes, (void *const *)ptrs(st), &member);
	gset_protect(&st->s, 1);
	ck_assert_msg(rc == want && member == want_member,
		      "raid6_check %s, %s, disks=%d bytes=%zu: returned %d, member %d; want %d, %d",
		      variant_for(GFRAID_OP_RAID6_CHECK, st->disks, st->disks, st->bytes), what, st->disks, st->bytes, rc,
		      member, want, want_member);
}

/* n (>= 1) bytes of member m in [lo, hi) made wrong, all at different
   offsets. */
static void spoil(struct stripe *st, int m, size_t lo, size_t hi, int n)
{
	size_t span = (hi - lo) / (size_t)n;
	int i;

	for (i = 0; i < n; i++)
		st->s.ptrs[m][lo + (size_t)i * span + (size_t)test_range(0, (int)span - 1)] ^=
			(uint8_t)test_range(1, 255);
}

/* Another member than m. */
static int other_member(int disks, int m)
{
	return (m + test_range(1, disks - 1)) % disks;
}

/*
 * Every variant of raid6_check on stripes made consistent by Linux's
 * gen_syndrome (aligned sizes) or our byte reference (any size, unaligned
 * starts): consistent, then one member wrong at up to five bytes (located,
 * whichever member, data, P or Q), then a second one wrong in the other
 * half (unlocatable). Guard pages, read-only buffers.
 */
START_TEST(check_every_variant)
{
	int v, iter, runs = 0, gen_i = lref_gen_first_valid();

	for (v = 0; v < gfraid_impl_count(GFRAID_OP_RAID6_CHECK); v++) {
		if (!use_variant(GFRAID_OP_RAID6_CHECK, v))
			continue;
		runs++;
		for (iter = 0; iter < 40; iter++) {
			int by_linux = iter % 2 == 0, disks = random_disks(iter), m;
			size_t bytes = by_linux ? random_aligned_bytes(disks)
						: (size_t)test_range(2, disks > 64 ? 3000 : 40000);
			struct stripe st;

			stripe_new(&st, disks, bytes, by_linux ? 0 : (size_t)test_range(1, 63));
			stripe_fill(&st);
			if (by_linux)
				lref_gen(gen_i, disks, bytes, ptrs(&st));
			else
				ref_gen_syndrome(disks, bytes, st.s.ptrs);
			expect_check(&st, GFRAID_CHECK_OK, -1, "consistent");
			m = test_range(0, disks - 1);
			spoil(&st, m, 0, bytes / 2, test_range(1, bytes >= 10 ? 5 : 1));
			expect_check(&st, GFRAID_CHECK_LOCATED, m, "one member wrong");
			spoil(&st, other_member(disks, m), bytes / 2, bytes, 1);
			expect_check(&st, GFRAID_CHECK_UNLOCATABLE, -1, "two members wrong");
			stripe_free(&st);
		}
	}
	ck_assert_int_ge(runs, 1);
}
END_TEST

/* Against ISA-L's pq_check, which says only pass or fail: the same
   verdict on consistent stripes and on ones with a byte wrong. */
START_TEST(check_vs_isal_pq_check)
{
	int iter;

	for (iter = 0; iter < 200; iter++) {
		struct stripe st;
		int disks = iter % 10 == 9 ? 257 : test_range(4, 34), member, spoilt = iter % 2;
		size_t bytes = (size_t)64 * test_range(1, 256);

		stripe_new(&st, disks, bytes, 0);
		stripe_fill(&st);
		ck_assert_int_eq(pq_gen(disks, (int)bytes, ptrs(&st)), 0);
		if (spoilt)
			spoil(&st, test_range(0, disks - 1), 0, bytes, 1);
		ck_assert_int_eq(pq_check(disks, (int)bytes, ptrs(&st)) != 0, spoilt);
		ck_assert_int_eq(gfraid_raid6_check(disks, bytes, (void *const *)ptrs(&st), &member),
				 spoilt ? GFRAID_CHECK_LOCATED : GFRAID_CHECK_OK);
		stripe_free(&st);
	}
}
END_TEST

/* Bad arguments return their code, leave *member alone and write nothing
   (the buffers are read-only); a zero length is consistent. */
START_TEST(raid6_check_bad)
{
	int bad_disks[] = { INT_MIN, -1, 0, 1, 2, 258, INT_MAX }, member = 77;
	struct stripe st;
	void **p, *saved;
	size_t i;

	stripe_new(&st, 6, 1024, 0);
	stripe_fill(&st);
	p = ptrs(&st);
	gset_protect(&st.s, 0);
	for (i = 0; i < sizeof(bad_disks) / sizeof(bad_disks[0]); i++)
		ck_assert_int_eq(gfraid_raid6_check(bad_disks[i], 1024, p, &member), GFRAID_EDISKS);
	ck_assert_int_eq(gfraid_raid6_check(6, 1024, NULL, &member), GFRAID_ENULL);
	ck_assert_int_eq(gfraid_raid6_check(6, 1024, p, NULL), GFRAID_ENULL);
	for (i = 0; i < 6; i++) {
		saved = p[i];
		p[i] = NULL;
		ck_assert_int_eq(gfraid_raid6_check(6, 1024, p, &member), GFRAID_ENULL);
		p[i] = saved;
	}
	ck_assert_int_eq(member, 77);
	ck_assert_int_eq(gfraid_raid6_check(6, 0, p, &member), GFRAID_CHECK_OK);
	ck_assert_int_eq(member, -1);
	/* random bytes: P and Q disagree with the data all over */
	ck_assert_int_eq(gfraid_raid6_check(6, 1024, p, &member), GFRAID_CHECK_UNLOCATABLE);
	ck_assert_int_eq(member, -1);
	gset_protect(&st.s, 1);
	stripe_free(&st);
}
END_TEST

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
		      variant_for(GFRAID_OP_EC_CHECK, c->k + c->m, c->k + c->m, c->len), what, c->k, c->m, c->len, rc, nbad,
		      rc_want, nwant);
	for (i = 0; i < nwant; i++)
		ck_assert_msg(bad[i] == want[i], "ec_check %s, %s, %d+%d: shard %d located, not %d",
			      variant_for(GFRAID_OP_EC_CHECK, c->k + c->m, c->k + c->m, c->len), what, c->k, c->m, bad[i],
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
			size_t len = (size_t)(iter % 10 == 9 ? test_range(65537, 140000)
							     : test_range(2, 20000)),
			       half = len / 2;
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
		check_every_variant,
		check_vs_isal_pq_check,
		raid6_check_bad,
		ec_check_every_variant,
		ec_check_bad_input,
		NULL,
	};

	return run_tests("check", 900, tests, NULL, NULL);
}
