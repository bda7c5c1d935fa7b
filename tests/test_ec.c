// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reed-Solomon against ISA-L (ec_encode_data_base, the dispatched
 * ec_encode_data and ec_encode_data_update, the latter once per shard for
 * the multi-shard update) and our byte reference, and the
 * encode / erase / invert / rebuild round trip.
 */
#include <isa-l/erasure_code.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

enum matrix_kind { RS, CAUCHY };

static void gen_matrix(enum matrix_kind kind, uint8_t *a, int m, int k)
{
	if (kind == RS)
		gfraid_gen_rs_matrix(a, m, k);
	else
		gfraid_gen_cauchy_matrix(a, m, k);
}

/* Lengths from 1 byte up: the vector-width edges first, then random ones,
   mostly short, some up to 20 KiB, a few past 64 KiB (where a block gone
   over more than once goes by in strips). */
static int pick_len(int iter)
{
	static const int edges[] = { 1, 2, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129,
				     255, 256, 257, 511, 512, 513, 4095, 4096, 4097 };
	int n = (int)(sizeof(edges) / sizeof(edges[0]));

	if (iter < n)
		return edges[iter];
	if (iter % 15 == 0)
		return test_range(65537, 140000);
	return iter % 3 ? test_range(1, 300) : test_range(1, 20000);
}

/* k data and rows coding guarded buffers, skewed for unaligned starts. */
struct shards {
	struct guarded_set data, coding;
};

static void shards_new(struct shards *s, int k, int rows, size_t len, size_t skew)
{
	gset_alloc(&s->data, k, len, skew);
	gset_alloc(&s->coding, rows, len, skew);
}

static void shards_free(struct shards *s)
{
	gset_free(&s->data);
	gset_free(&s->coding);
}

/* An encode of k data and rows coding blocks of len bytes, ending skew
   bytes before a guard page, with the variant now forced, against ISA-L's
   base and dispatched encode (with ISA-L's own tables) and the byte
   reference. */
static void encode_one(int k, int rows, int len, size_t skew, enum matrix_kind kind)
{
	uint8_t *a = malloc((size_t)(k + rows) * k);
	uint8_t *tbl = malloc((size_t)32 * k * rows), *isal_tbl = malloc((size_t)32 * k * rows);
	struct shards ours, base, disp, ref;
	char ctx[96];
	int i;

	ck_assert(a && tbl && isal_tbl);
	gen_matrix(kind, a, k + rows, k);
	gfraid_ec_init_tables(k, rows, a + k * k, tbl);
	ec_init_tables(k, rows, a + k * k, isal_tbl);
	ck_assert_same(tbl, isal_tbl, (size_t)32 * k * rows, "tables vs ISA-L");

	shards_new(&ours, k, rows, (size_t)len, skew);
	shards_new(&base, k, rows, (size_t)len, 0);
	shards_new(&disp, k, rows, (size_t)len, 0);
	shards_new(&ref, k, rows, (size_t)len, 0);
	for (i = 0; i < k; i++) {
		test_fill(ours.data.ptrs[i], (size_t)len);
		memcpy(base.data.ptrs[i], ours.data.ptrs[i], (size_t)len);
		memcpy(disp.data.ptrs[i], ours.data.ptrs[i], (size_t)len);
		memcpy(ref.data.ptrs[i], ours.data.ptrs[i], (size_t)len);
	}
	for (i = 0; i < rows; i++)
		test_fill(ours.coding.ptrs[i], (size_t)len);	/* output overwrites */

	ck_assert_int_eq(gfraid_ec_encode_data(len, k, rows, tbl, ours.data.ptrs,
					       ours.coding.ptrs), 0);
	ec_encode_data_base(len, k, rows, isal_tbl, base.data.ptrs, base.coding.ptrs);
	ec_encode_data(len, k, rows, isal_tbl, disp.data.ptrs, disp.coding.ptrs);
	ref_encode((size_t)len, k, rows, a + k * k, ref.data.ptrs, ref.coding.ptrs);
	for (i = 0; i < rows; i++) {
		snprintf(ctx, sizeof(ctx), "%s %s k=%d rows=%d len=%d row %d vs ISA-L base",
			 variant_for(GFRAID_OP_EC_ENCODE, k + rows, k + rows, (size_t)len), kind == RS ? "RS" : "Cauchy", k,
			 rows, len, i);
		ck_assert_same(ours.coding.ptrs[i], base.coding.ptrs[i], (size_t)len, ctx);
		snprintf(ctx, sizeof(ctx), "%s k=%d rows=%d len=%d row %d vs ISA-L dispatched",
			 variant_for(GFRAID_OP_EC_ENCODE, k + rows, k + rows, (size_t)len), k, rows, len, i);
		ck_assert_same(ours.coding.ptrs[i], disp.coding.ptrs[i], (size_t)len, ctx);
		snprintf(ctx, sizeof(ctx), "%s k=%d rows=%d len=%d row %d vs reference",
			 variant_for(GFRAID_OP_EC_ENCODE, k + rows, k + rows, (size_t)len), k, rows, len, i);
		ck_assert_same(ours.coding.ptrs[i], ref.coding.ptrs[i], (size_t)len, ctx);
	}
	for (i = 0; i < k; i++)
		ck_assert_same(ours.data.ptrs[i], base.data.ptrs[i], (size_t)len,
			       "data must not change");
	shards_free(&ours);
	shards_free(&base);
	shards_free(&disp);
	shards_free(&ref);
	free(a);
	free(tbl);
	free(isal_tbl);
}

/* A random encode: rows up to 16 and k up to 64; every 20th case as wide
   as the field allows, every 25th with up to 255 rows; every 4th with
   its blocks' starts skewed. */
static void encode_case(int iter)
{
	int rows = iter % 25 == 24 ? test_range(17, 255) : test_range(1, 16), len = pick_len(iter);
	int k = iter % 20 == 19 ? GFRAID_MAX_SHARDS - rows
				: test_range(1, rows > 192 ? GFRAID_MAX_SHARDS - rows : 64);
	size_t skew = iter % 4 == 3 ? (size_t)test_range(1, 63) : 0;

	if (k > 64 || rows > 16)
		len = test_range(1, 2000);
	encode_one(k, rows, len, skew, iter & 1 ? CAUCHY : RS);
}

/* Long blocks that start 64-byte aligned, where the non-temporal encodes
   stream: several strips and a ragged tail, the data shards in one chunk
   or in several, one pass of rows or two. */
static void encode_aligned_case(int iter)
{
	static const int ks[] = { 4, 12, 13, 16, 17, 20, 32, 47 }, rowss[] = { 1, 2, 4, 5, 9 };
	static const int lens[] = { 16384, 16384 + 64, 3 * 16384 + 96 + 5, 40000 };
	int k = ks[iter % 8], rows = rowss[iter % 5], len = lens[iter / 2 % 4];

	encode_one(k, rows, len, (size_t)(64 - len % 64) % 64, iter & 1 ? CAUCHY : RS);
}

/* case_fn(iter) for iters iterations with each usable variant of op
   forced in turn; how many ran. */
static int each_variant(enum gfraid_op op, int iters, void (*case_fn)(int iter))
{
	int v, iter, runs = 0;

	for (v = 0; v < gfraid_impl_count(op); v++) {
		if (!use_variant(op, v))
			continue;
		for (iter = 0; iter < iters; iter++, runs++)
			case_fn(iter);
	}
	return runs;
}

START_TEST(encode_vs_isal)
{
	ck_assert_int_gt(each_variant(GFRAID_OP_EC_ENCODE, 120, encode_case), 0);
}
END_TEST

START_TEST(encode_aligned_long_vs_isal)
{
	ck_assert_int_gt(each_variant(GFRAID_OP_EC_ENCODE, 40, encode_aligned_case), 0);
}
END_TEST

/* Every coding row of ours equals ISA-L's base and dispatched results
   (ctx names the case; the row is added). */
static void assert_coding_same(const struct shards *ours, const struct shards *base,
			       const struct shards *disp, int rows, int len, const char *ctx)
{
	char what[160];
	int i;

	for (i = 0; i < rows; i++) {
		snprintf(what, sizeof(what), "%s row %d", ctx, i);
		ck_assert_same(ours->coding.ptrs[i], base->coding.ptrs[i], (size_t)len, what);
		ck_assert_same(ours->coding.ptrs[i], disp->coding.ptrs[i], (size_t)len, what);
	}
}

/* A few random updates with the variant now forced, against ISA-L's base
   and dispatched update. */
static void update_case(int iter)
{
	int k = test_range(1, 64), rows = test_range(1, 16), len = pick_len(iter);
	uint8_t *a = malloc((size_t)(k + rows) * k), *tbl = malloc((size_t)32 * k * rows);
	struct shards ours, base, disp;
	uint8_t *src = malloc((size_t)len);
	int i, step;

	ck_assert(a && tbl && src);
	gen_matrix(iter & 1 ? CAUCHY : RS, a, k + rows, k);
	gfraid_ec_init_tables(k, rows, a + k * k, tbl);
	shards_new(&ours, k, rows, (size_t)len, (size_t)(iter % 5));
	shards_new(&base, k, rows, (size_t)len, 0);
	shards_new(&disp, k, rows, (size_t)len, 0);
	for (i = 0; i < rows; i++) {
		test_fill(ours.coding.ptrs[i], (size_t)len);
		memcpy(base.coding.ptrs[i], ours.coding.ptrs[i], (size_t)len);
		memcpy(disp.coding.ptrs[i], ours.coding.ptrs[i], (size_t)len);
	}
	/* A few updates from random shards, results compared after each. */
	for (step = 0; step < 4; step++) {
		int vec_i = test_range(0, k - 1);
		char ctx[96];

		test_fill(src, (size_t)len);
		ck_assert_int_eq(gfraid_ec_encode_data_update(len, k, rows, vec_i, tbl, src,
							      ours.coding.ptrs), 0);
		ec_encode_data_update_base(len, k, rows, vec_i, tbl, src, base.coding.ptrs);
		ec_encode_data_update(len, k, rows, vec_i, tbl, src, disp.coding.ptrs);
		snprintf(ctx, sizeof(ctx), "update %s k=%d rows=%d vec_i=%d len=%d",
			 variant_for(GFRAID_OP_EC_UPDATE, 1 + rows, 1 + rows, (size_t)len), k, rows, vec_i, len);
		assert_coding_same(&ours, &base, &disp, rows, len, ctx);
	}
	shards_free(&ours);
	shards_free(&base);
	shards_free(&disp);
	free(a);
	free(tbl);
	free(src);
}

START_TEST(update_vs_isal)
{
	ck_assert_int_gt(each_variant(GFRAID_OP_EC_UPDATE, 60, update_case), 0);
}
END_TEST

/* A random multi-shard update with the variant now forced, against one
   ISA-L update (base and dispatched) per shard: nsrc distinct shards in
   random order, sometimes all k, sources in guarded buffers. */
static void update_shards_case(int iter)
{
	int k = test_range(1, 64), rows = iter % 25 == 0 ? test_range(1, 30) : test_range(1, 16);
	int len = pick_len(iter), nsrc = iter % 7 == 0 ? k : test_range(1, k), i, s;
	uint8_t *a = malloc((size_t)(k + rows) * k), *tbl = malloc((size_t)32 * k * rows);
	int *idx = malloc(sizeof(int) * (size_t)k);
	struct shards ours, base, disp;
	char ctx[128];

	ck_assert(a && tbl && idx);
	gen_matrix(iter & 1 ? CAUCHY : RS, a, k + rows, k);
	gfraid_ec_init_tables(k, rows, a + k * k, tbl);
	for (i = 0; i < k; i++)
		idx[i] = i;
	for (i = k - 1; i > 0; i--) {	/* shuffle, then take the first nsrc */
		int j = test_range(0, i), t = idx[i];

		idx[i] = idx[j];
		idx[j] = t;
	}
	shards_new(&ours, nsrc, rows, (size_t)len, (size_t)(iter % 7));
	shards_new(&base, nsrc, rows, (size_t)len, 0);
	shards_new(&disp, nsrc, rows, (size_t)len, 0);
	for (s = 0; s < nsrc; s++)
		test_fill(ours.data.ptrs[s], (size_t)len);
	for (i = 0; i < rows; i++) {
		test_fill(ours.coding.ptrs[i], (size_t)len);
		memcpy(base.coding.ptrs[i], ours.coding.ptrs[i], (size_t)len);
		memcpy(disp.coding.ptrs[i], ours.coding.ptrs[i], (size_t)len);
	}
	ck_assert_int_eq(gfraid_ec_update_shards(len, k, rows, nsrc, idx, tbl,
						 (const unsigned char *const *)ours.data.ptrs,
						 ours.coding.ptrs),
			 0);
	for (s = 0; s < nsrc; s++) {
		ec_encode_data_update_base(len, k, rows, idx[s], tbl, ours.data.ptrs[s],
					   base.coding.ptrs);
		ec_encode_data_update(len, k, rows, idx[s], tbl, ours.data.ptrs[s], disp.coding.ptrs);
	}
	snprintf(ctx, sizeof(ctx), "update_shards %s k=%d rows=%d nsrc=%d len=%d",
		 variant_for(GFRAID_OP_EC_UPDATE_SHARDS, nsrc + rows, nsrc + rows, (size_t)len), k, rows, nsrc, len);
	assert_coding_same(&ours, &base, &disp, rows, len, ctx);
	shards_free(&ours);
	shards_free(&base);
	shards_free(&disp);
	free(a);
	free(tbl);
	free(idx);
}

START_TEST(update_shards_vs_isal)
{
	ck_assert_int_gt(each_variant(GFRAID_OP_EC_UPDATE_SHARDS, 60, update_shards_case), 0);
}
END_TEST

/* One update per data shard on zeroed parity equals a full encode. */
START_TEST(updates_sum_to_encode)
{
	int k = 10, rows = 4, len = 4096 + 13, j, i;
	uint8_t a[14 * 10], tbl[32 * 10 * 4];
	struct shards full, upd;

	gfraid_gen_cauchy_matrix(a, k + rows, k);
	gfraid_ec_init_tables(k, rows, a + k * k, tbl);
	shards_new(&full, k, rows, (size_t)len, 0);
	shards_new(&upd, k, rows, (size_t)len, 0);
	for (j = 0; j < k; j++)
		test_fill(full.data.ptrs[j], (size_t)len);
	for (i = 0; i < rows; i++)
		memset(upd.coding.ptrs[i], 0, (size_t)len);
	ck_assert_int_eq(gfraid_ec_encode_data(len, k, rows, tbl, full.data.ptrs,
					       full.coding.ptrs), 0);
	for (j = 0; j < k; j++)
		ck_assert_int_eq(gfraid_ec_encode_data_update(len, k, rows, j, tbl,
							      full.data.ptrs[j], upd.coding.ptrs), 0);
	for (i = 0; i < rows; i++)
		ck_assert_same(full.coding.ptrs[i], upd.coding.ptrs[i], (size_t)len, "updates vs encode");
	shards_free(&full);
	shards_free(&upd);
}
END_TEST

/*
 * Encode, erase `nerase` shards named by the bitmask, rebuild the lost
 * data from k survivors through the inverted submatrix, re-encode lost
 * parity, compare with the originals. Returns 0, or GFRAID_ESINGULAR when
 * the survivors' submatrix has no inverse (which ISA-L must agree with).
 */
static int round_trip(enum matrix_kind kind, int k, int p, const uint8_t *erased, size_t len)
{
	int m = k + p, i, j, r, err;
	uint8_t *a = malloc((size_t)m * k), *sub = malloc((size_t)k * k);
	uint8_t *inv = malloc((size_t)k * k), *isal_sub = malloc((size_t)k * k);
	uint8_t *isal_inv = malloc((size_t)k * k), *tbl = malloc((size_t)32 * m * k);
	uint8_t *dec = malloc((size_t)m * k);
	uint8_t **shard = calloc((size_t)m, sizeof(*shard)), **orig = calloc((size_t)m, sizeof(*orig));
	uint8_t **src = calloc((size_t)k, sizeof(*src)), **out = calloc((size_t)m, sizeof(*out));
	int nout = 0;

	ck_assert(a && sub && inv && isal_sub && isal_inv && tbl && dec && shard && orig && src &&
		  out);
	gen_matrix(kind, a, m, k);
	gfraid_ec_init_tables(k, p, a + k * k, tbl);
	for (i = 0; i < m; i++) {
		shard[i] = malloc(len);
		orig[i] = malloc(len);
		ck_assert(shard[i] && orig[i]);
		if (i < k)
			test_fill(shard[i], len);
	}
	ck_assert_int_eq(gfraid_ec_encode_data((int)len, k, p, tbl, shard, shard + k), 0);
	for (i = 0; i < m; i++) {
		memcpy(orig[i], shard[i], len);
		if (erased[i])
			memset(shard[i], 0xee, len);
	}

	/* The first k surviving shards and their rows of the coding matrix. */
	for (i = 0, r = 0; i < m && r < k; i++)
		if (!erased[i]) {
			memcpy(sub + r * k, a + i * k, (size_t)k);
			src[r++] = shard[i];
		}
	ck_assert_int_eq(r, k);
	memcpy(isal_sub, sub, (size_t)k * k);
	err = gfraid_invert_matrix(sub, inv, k);
	ck_assert_msg((err == 0) == (gf_invert_matrix(isal_sub, isal_inv, k) == 0),
		      "singularity differs from ISA-L");
	if (err) {
		ck_assert_int_eq(err, GFRAID_ESINGULAR);
		goto out;
	}
	ck_assert_same(inv, isal_inv, (size_t)k * k, "decode matrix vs ISA-L");

	/* Decode rows: lost data shard i is row i of inv; lost parity shard
	   i is coding row i times inv, i.e. expressed in the survivors. */
	for (i = 0; i < m; i++) {
		if (!erased[i])
			continue;
		if (i < k) {
			memcpy(dec + nout * k, inv + i * k, (size_t)k);
		} else {
			for (j = 0; j < k; j++) {
				uint8_t s = 0;
				int l;

				for (l = 0; l < k; l++)
					s ^= gfraid_gf_mul(a[i * k + l], inv[l * k + j]);
				dec[nout * k + j] = s;
			}
		}
		out[nout++] = shard[i];
	}
	gfraid_ec_init_tables(k, nout, dec, tbl);
	ck_assert_int_eq(gfraid_ec_encode_data((int)len, k, nout, tbl, src, out), 0);
	for (i = 0; i < m; i++) {
		char ctx[96];

		snprintf(ctx, sizeof(ctx), "%s k=%d p=%d, shard %d (%s)", kind == RS ? "RS" : "Cauchy",
			 k, p, i, erased[i] ? "erased" : "kept");
		ck_assert_same(shard[i], orig[i], len, ctx);
	}
out:
	for (i = 0; i < m; i++) {
		free(shard[i]);
		free(orig[i]);
	}
	free(a);
	free(sub);
	free(inv);
	free(isal_sub);
	free(isal_inv);
	free(tbl);
	free(dec);
	free(shard);
	free(orig);
	free(src);
	free(out);
	return err;
}

/* Erasure pattern from a bitmask over the first 64 shards. */
static int mask_pattern(unsigned long long mask, uint8_t *erased, int m)
{
	int i, n = 0;

	for (i = 0; i < m; i++) {
		erased[i] = i < 64 && (mask >> i & 1);
		n += erased[i];
	}
	return n;
}

/* Every pattern of 1..p erasures, k 1..8 and p 1..4, both matrices.
   Cauchy always rebuilds; RS (Vandermonde) rebuilds or says singular. */
START_TEST(round_trip_exhaustive)
{
	int k, p, patterns = 0;
	uint8_t erased[12];

	for (k = 1; k <= 8; k++) {
		for (p = 1; p <= 4; p++) {
			unsigned long long e;

			for (e = 1; e < 1ull << (k + p); e++) {
				if (mask_pattern(e, erased, k + p) > p)
					continue;
				ck_assert_int_eq(round_trip(CAUCHY, k, p, erased, 67), 0);
				round_trip(RS, k, p, erased, 67);
				patterns++;
			}
		}
	}
	/* sum over k, p of C(k+p, 1) + .. + C(k+p, p) */
	ck_assert_int_eq(patterns, 3370);
}
END_TEST

/* 6+5 RS has exactly two singular 5-erasure patterns: they must be
   reported, never rebuilt into garbage; Cauchy rebuilds them. */
START_TEST(rs_singular_patterns_reported)
{
	unsigned long long e;
	int singular = 0, total = 0;
	uint8_t erased[11];

	for (e = 1; e < 1ull << 11; e++) {
		if (mask_pattern(e, erased, 11) > 5)
			continue;
		total++;
		if (round_trip(RS, 6, 5, erased, 33) == GFRAID_ESINGULAR)
			singular++;
		ck_assert_int_eq(round_trip(CAUCHY, 6, 5, erased, 33), 0);
	}
	ck_assert_int_eq(total, 1023);
	ck_assert_int_eq(singular, 2);
}
END_TEST

/* Random patterns of 1..p erasures at 64+16 and 200+56, Cauchy. */
START_TEST(round_trip_large)
{
	static uint8_t erased[256];
	int iter;

	for (iter = 0; iter < 16; iter++) {
		int k = iter < 8 ? 64 : 200, p = iter < 8 ? 16 : 56;
		int n = iter % 8 == 0 ? p : test_range(1, p), c = 0;

		memset(erased, 0, sizeof(erased));
		while (c < n) {
			int s = test_range(0, k + p - 1);

			if (!erased[s]) {
				erased[s] = 1;
				c++;
			}
		}
		ck_assert_int_eq(round_trip(CAUCHY, k, p, erased, (size_t)test_range(1, 1000)), 0);
	}
}
END_TEST

int main(void)
{
	const TTest *const tests[] = {
		encode_vs_isal,
		encode_aligned_long_vs_isal,
		update_vs_isal,
		update_shards_vs_isal,
		updates_sum_to_encode,
		round_trip_exhaustive,
		rs_singular_patterns_reported,
		round_trip_large,
		NULL,
	};

	return run_tests("ec", 900, tests, NULL, NULL);
}
