// SPDX-License-Identifier: GPL-2.0-only
/* ec-cli verify: the Reed-Solomon ops, reconstruct and the scrub against
   the byte reference and ISA-L. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reference.h"
#include "verify.h"

#ifdef GFRAID_HAVE_ORACLES
#include "isal_peer.h"
#include "linux_raid6.h"
#endif

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

#ifdef GFRAID_HAVE_ORACLES
/* One reconstruct case, as ISA-L rebuilds it: its matrix, the first k
   present rows inverted by gf_invert_matrix, times the lost shards' rows,
   through ec_init_tables and ec_encode_data. */
struct recon_case {
	int k, m, lost, rs, err;
	size_t len;
	const unsigned char *present;
	struct blocks *orig, *shards;
};

/* The decoding matrix from inv, the inverse of the first k present rows
   of a: one row per lost shard. */
static void decoding_rows(const struct recon_case *c, const uint8_t *a, const uint8_t *inv,
			  uint8_t *dec)
{
	int k = c->k, o = 0, i, j, l;

	for (i = 0; i < k + c->m; i++) {
		if (c->present[i])
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
}

static void reconstruct_vs_isal(struct verify *v, const struct recon_case *c)
{
	int k = c->k, n = c->k + c->m, lost = c->lost, r = 0, o = 0, i, singular;
	uint8_t *a = xmalloc((size_t)n * k), *sub = xmalloc((size_t)k * k);
	uint8_t *inv = xmalloc((size_t)k * k), *dec = xmalloc((size_t)lost * k);
	uint8_t *tbl = xmalloc((size_t)32 * k * lost);
	uint8_t **src = xmalloc(sizeof(*src) * (size_t)k), **out = xmalloc(sizeof(*out) * (size_t)lost);
	uint8_t **want = xmalloc(sizeof(*want) * (size_t)lost);
	struct blocks isal;

	if (c->rs)
		gf_gen_rs_matrix(a, n, k);
	else
		gf_gen_cauchy1_matrix(a, n, k);
	blocks_new(&isal, lost, c->len, 0);
	for (i = 0; i < n; i++) {
		if (c->present[i] && r < k) {
			memcpy(sub + r * k, a + i * k, (size_t)k);
			src[r++] = c->orig->p[i];
		} else if (!c->present[i]) {
			out[o] = isal.p[o];
			want[o] = c->shards->p[i];
			o++;
		}
	}
	singular = gf_invert_matrix(sub, inv, k) != 0;
	if (singular || c->err) {
		/* Both must refuse the pattern. */
		v->t[OR_ISAL].cases++;
		if (!(singular && c->err == GFRAID_ESINGULAR))
			call_ok(v, OR_ISAL, c->err ? c->err : -1,
				"gfraid_ec_reconstruct vs ISA-L singularity");
	} else {
		decoding_rows(c, a, inv, dec);
		ec_init_tables(k, lost, dec, tbl);
		ec_encode_data((int)c->len, k, lost, tbl, src, out);
		check(v, OR_ISAL, "ec_encode_data decode", want, out, lost, c->len, 0);
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

/*
 * A random code, encoded, up to m random shards lost and rebuilt with
 * gfraid_ec_reconstruct: against the original bytes (reference) and
 * against ISA-L rebuilding the same shards its own way.
 */
void verify_reconstruct_case(struct verify *v)
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
		struct recon_case c = { k, m, lost, rs, err, len, present, &orig, &shards };

		reconstruct_vs_isal(v, &c);
	}
#endif
	if (!(rs && err == GFRAID_ESINGULAR) && call_ok(v, OR_REF, err, "gfraid_ec_reconstruct"))
		check(v, OR_REF, "(the original shards)", shards.p, orig.p, n, len, 0);
	blocks_free(&shards);
	blocks_free(&orig);
	gfraid_ec_free(ec);
}

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


void verify_ec_case(struct verify *v, enum gfraid_op op)
{
	if (op != GFRAID_OP_EC_CHECK) {
		ec_run(v, op);
		return;
	}
	ec_check_run(v, OR_REF);
#ifdef GFRAID_HAVE_ORACLES
	ec_check_run(v, OR_ISAL);
#endif
}
