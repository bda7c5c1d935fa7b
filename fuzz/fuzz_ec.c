// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * Reed-Solomon encode, update, multi-shard update, reconstruct and the
 * scrub on k, rows, lengths, alignments, coefficients, shard lists, erasure
 * patterns and wrong bytes chosen by the fuzzer, each variant (forced by
 * index) against the byte-at-a-time reference written from the
 * definitions (oracle/reference.c), the scrub against base.
 *
 * Input: op, k, rows, length (2 bytes), skew, variant index, vec_i, matrix
 * kind, erasure bits (4 bytes), then the seed of contents and coefficients.
 */
#include "fuzz.h"
#include "reference.h"

enum { OP_ENCODE, OP_UPDATE, OP_RECONSTRUCT, OP_UPDATE_SHARDS, OP_CHECK, OP_COUNT };

static void encode_or_update(int op, int k, int rows, size_t len, size_t skew, unsigned v,
			     int vec_i, struct rng *r)
{
	uint8_t *a = malloc((size_t)k * rows), *tbls = malloc((size_t)32 * k * rows);
	uint8_t **mine = bufs_new(k + rows, len, skew), **want = bufs_new(k + rows, len, skew);
	enum gfraid_op gop = op == OP_ENCODE ? GFRAID_OP_EC_ENCODE : GFRAID_OP_EC_UPDATE;
	const char *name;
	int i, err;

	FUZZ_CHECK(a && tbls, "out of memory");
	rng_fill(r, a, (size_t)k * rows);
	for (i = 0; i < k + rows; i++)
		rng_fill(r, want[i], len);
	bufs_copy(mine, want, k + rows, len);
	gfraid_ec_init_tables(k, rows, a, tbls);
	name = force_variant(gop, v);
	if (op == OP_ENCODE) {
		err = gfraid_ec_encode_data((int)len, k, rows, tbls, mine, mine + k);
		ref_encode(len, k, rows, a, want, want + k);
	} else {
		err = gfraid_ec_encode_data_update((int)len, k, rows, vec_i, tbls, mine[vec_i],
						   mine + k);
		ref_update(len, k, rows, vec_i, a, want[vec_i], want + k);
	}
	FUZZ_CHECK(err == 0, "%s k %d rows %d len %zu: %d", name, k, rows, len, err);
	i = bufs_diff(mine, want, k + rows, len);
	FUZZ_CHECK(i < 0, "%s %s k %d rows %d vec_i %d len %zu skew %zu: buffer %d wrong",
		   op == OP_ENCODE ? "encode" : "update", name, k, rows, vec_i, len, skew, i);
	bufs_free(mine, k + rows, skew);
	bufs_free(want, k + rows, skew);
	free(a);
	free(tbls);
}

/* nsrc shards from the input's bits: a permutation of 0..k-1 cut short,
   sometimes with one repeated or out of range (which must be refused). */
static void update_shards(int k, int rows, size_t len, size_t skew, unsigned v, uint32_t bits,
			  struct rng *r)
{
	int nsrc = 1 + (int)(bits % (unsigned)k), *idx = malloc(sizeof(int) * (size_t)k);
	uint8_t *a = malloc((size_t)k * rows), *tbls = malloc((size_t)32 * k * rows);
	uint8_t **src = bufs_new(nsrc, len, skew), **mine = bufs_new(rows, len, skew);
	uint8_t **want = bufs_new(rows, len, skew);
	const char *name;
	int i, err, bad = 0;

	FUZZ_CHECK(idx && a && tbls, "out of memory");
	for (i = 0; i < k; i++)
		idx[i] = i;
	for (i = k - 1; i > 0; i--) {
		int j = (int)(rng_next(r) % (uint64_t)(i + 1)), t = idx[i];

		idx[i] = idx[j];
		idx[j] = t;
	}
	if (bits >> 24 == 0xff && nsrc > 1) {
		idx[nsrc - 1] = idx[0];	/* repeated */
		bad = 1;
	} else if (bits >> 24 == 0xfe) {
		idx[nsrc - 1] = (bits >> 16 & 1) ? k : -1;	/* out of range */
		bad = 1;
	}
	rng_fill(r, a, (size_t)k * rows);
	gfraid_ec_init_tables(k, rows, a, tbls);
	for (i = 0; i < nsrc; i++)
		rng_fill(r, src[i], len);
	for (i = 0; i < rows; i++)
		rng_fill(r, want[i], len);
	bufs_copy(mine, want, rows, len);
	name = force_variant(GFRAID_OP_EC_UPDATE_SHARDS, v);
	err = gfraid_ec_update_shards((int)len, k, rows, nsrc, idx, tbls,
				      (const unsigned char *const *)src, mine);
	if (bad) {
		FUZZ_CHECK(err == GFRAID_EINDEX, "bad shard list: %d", err);
	} else {
		FUZZ_CHECK(err == 0, "%s k %d rows %d nsrc %d: %d", name, k, rows, nsrc, err);
		for (i = 0; i < nsrc; i++)
			ref_update(len, k, rows, idx[i], a, src[i], want);
	}
	i = bufs_diff(mine, want, rows, len);
	FUZZ_CHECK(i < 0, "update_shards %s k %d rows %d nsrc %d len %zu skew %zu: row %d wrong",
		   name, k, rows, nsrc, len, skew, i);
	bufs_free(src, nsrc, skew);
	bufs_free(mine, rows, skew);
	bufs_free(want, rows, skew);
	free(idx);
	free(a);
	free(tbls);
}

static void reconstruct(int k, int m, size_t len, size_t skew, unsigned v, int rs,
			uint32_t lost_bits, struct rng *r)
{
	int n = k + m, i, nlost = 0, err;
	uint8_t *a = malloc((size_t)n * k), *present = malloc((size_t)n);
	uint8_t **shards = bufs_new(n, len, skew), **orig = bufs_new(n, len, skew);
	uint8_t **before = bufs_new(n, len, skew);
	gfraid_ec *ec = gfraid_ec_new(k, m, rs ? GFRAID_MATRIX_RS : GFRAID_MATRIX_CAUCHY, &err);
	const char *name;

	FUZZ_CHECK(a && present && ec, "gfraid_ec_new(%d, %d): %d", k, m, err);
	if (rs)
		gfraid_gen_rs_matrix(a, n, k);
	else
		gfraid_gen_cauchy_matrix(a, n, k);
	for (i = 0; i < k; i++)
		rng_fill(r, orig[i], len);
	ref_encode(len, k, m, a + (size_t)k * k, orig, orig + k);
	/* lose shards from the bits, spread over all n */
	for (i = 0; i < n; i++) {
		present[i] = !(lost_bits >> (i % 32) & 1) || i >= 32 + (int)(lost_bits % 7);
		nlost += !present[i];
	}
	for (i = 0; i < n; i++) {
		if (present[i])
			memcpy(shards[i], orig[i], len);
		else
			memset(shards[i], 0xa5, len);
	}
	bufs_copy(before, shards, n, len);
	name = force_variant(GFRAID_OP_EC_ENCODE, v);
	err = gfraid_ec_reconstruct(ec, len, shards, present);
	if (nlost > m) {
		FUZZ_CHECK(err == GFRAID_ETOOFEW, "%d lost of %d+%d: %d", nlost, k, m, err);
	} else if (err == GFRAID_ESINGULAR) {
		FUZZ_CHECK(rs, "Cauchy %d+%d found singular", k, m);
	} else {
		FUZZ_CHECK(err == 0, "reconstruct %d+%d, %d lost: %d", k, m, nlost, err);
		i = bufs_diff(shards, orig, n, len);
		FUZZ_CHECK(i < 0, "reconstruct %s %s %d+%d len %zu skew %zu, %d lost: shard %d wrong",
			   rs ? "RS" : "Cauchy", name, k, m, len, skew, nlost, i);
	}
	if (err != 0)	/* refused: nothing written */
		FUZZ_CHECK(bufs_diff(shards, before, n, len) < 0, "refused (%d) but wrote", err);
	gfraid_ec_free(ec);
	bufs_free(shards, n, skew);
	bufs_free(before, n, skew);
	bufs_free(orig, n, skew);
	free(a);
	free(present);
}

/* The scrub of a stripe the reference encoded, with up to four wrong
   bytes from the bits (shard, offset), the variant against base: the same
   verdict and shards, nothing written. */
static void check(int k, int m, size_t len, size_t skew, unsigned v, int rs, uint32_t bits,
		  struct rng *r)
{
	int n = k + m, i, err, want, got, nwant = -1, ngot = -2;
	int bwant[GFRAID_MAX_SHARDS], bgot[GFRAID_MAX_SHARDS];
	uint8_t *a = malloc((size_t)n * k);
	uint8_t **shards = bufs_new(n, len, skew), **before = bufs_new(n, len, skew);
	gfraid_ec *ec = gfraid_ec_new(k, m, rs ? GFRAID_MATRIX_RS : GFRAID_MATRIX_CAUCHY, &err);
	const char *name;

	FUZZ_CHECK(a && ec, "gfraid_ec_new(%d, %d): %d", k, m, err);
	if (rs)
		gfraid_gen_rs_matrix(a, n, k);
	else
		gfraid_gen_cauchy_matrix(a, n, k);
	for (i = 0; i < k; i++)
		rng_fill(r, shards[i], len);
	ref_encode(len, k, m, a + (size_t)k * k, shards, shards + k);
	for (i = 0; len && i < (int)(bits & 3); i++)
		shards[(bits >> (2 + 8 * i) & 0x3f) % (unsigned)n]
		      [(bits >> (8 + 8 * i) & 0xff) * 13 % len] ^= 0x6d;
	bufs_copy(before, shards, n, len);
	gfraid_impl_force(GFRAID_OP_EC_CHECK, "base");
	want = gfraid_ec_check(ec, len, (const unsigned char *const *)shards, bwant, &nwant);
	name = force_variant(GFRAID_OP_EC_CHECK, v);
	got = gfraid_ec_check(ec, len, (const unsigned char *const *)shards, bgot, &ngot);
	FUZZ_CHECK(got == want && ngot == nwant,
		   "ec_check %s %d+%d len %zu: %d with %d shards, base %d with %d", name, k, m, len,
		   got, ngot, want, nwant);
	for (i = 0; i < ngot; i++)
		FUZZ_CHECK(bgot[i] == bwant[i], "ec_check %s: shard %d, base %d", name, bgot[i],
			   bwant[i]);
	FUZZ_CHECK(bufs_diff(shards, before, n, len) < 0, "ec_check %s wrote", name);
	gfraid_ec_free(ec);
	bufs_free(shards, n, skew);
	bufs_free(before, n, skew);
	free(a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fin f = { data, size };
	int op = (int)(fin_byte(&f) % OP_COUNT);
	int k = 1 + (int)(fin_byte(&f) % 40);
	int rows = 1 + (int)(fin_byte(&f) % 12);
	size_t len = fin_u16(&f) % 3000;
	size_t skew = fin_byte(&f) % 64;
	unsigned v = fin_byte(&f);
	int vec_i = (int)(fin_byte(&f) % (unsigned)k);
	int rs = fin_byte(&f) & 1;
	uint32_t lost = fin_u16(&f);
	struct rng r;

	lost |= (uint32_t)fin_u16(&f) << 16;
	fin_rng(&f, &r);
	if (op == OP_RECONSTRUCT)
		reconstruct(k, rows, len, skew, v, rs, lost, &r);
	else if (op == OP_CHECK)
		check(k, rows, len, skew, v, rs, lost, &r);
	else if (op == OP_UPDATE_SHARDS)
		update_shards(k, rows, len, skew, v, lost, &r);
	else
		encode_or_update(op, k, rows, len, skew, v, vec_i, &r);
	return 0;
}
