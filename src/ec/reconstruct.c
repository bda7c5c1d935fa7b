/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * gfraid_ec: a k+m code with its tables, and reconstruction through
 * decoding matrices cached per erasure pattern (docs/MATH.md, "The decode
 * matrix"). The arithmetic is the same
 * encode variant as everything else (gfr_ec_encode_tables); this file is
 * glue: allocation, the cache and its lock.
 */
#include "../ops.h"
#include "../gf/gf.h"
#include "ec_object.h"

#define PATTERN_BYTES (GFRAID_MAX_SHARDS / 8)

/* How one erasure pattern is rebuilt: outputs from the first k present
   shards, through the 32-byte tables of an nout x k decoding matrix. */
struct decoder {
	uint8_t missing[PATTERN_BYTES];	/* the key: bit i set if shard i is lost */
	int nout;
	unsigned int refs;		/* the cache's, and each caller's */
	unsigned long used;		/* LRU stamp */
	uint8_t *src, *out;		/* shard indices, k and nout of them */
	uint8_t *tables;		/* 32 * k * nout */
};

gfraid_ec *gfraid_ec_new(int k, int m, enum gfraid_matrix kind, int *err)
{
	struct gfraid_ec *ec;
	int e = 0;

	if (k < 1 || m < 1 || k > GFRAID_MAX_SHARDS - m)
		e = GFRAID_ESHARDS;
	else if (kind != GFRAID_MATRIX_CAUCHY && kind != GFRAID_MATRIX_RS)
		e = GFRAID_EINDEX;
	if (e) {
		if (err)
			*err = e;
		return NULL;
	}
	ec = gfr_port_alloc(sizeof(*ec));
	if (ec) {
		memset(ec, 0, sizeof(*ec));
		ec->k = k;
		ec->m = m;
		ec->matrix = gfr_port_alloc((size_t)(k + m) * k);
		ec->tables = gfr_port_alloc((size_t)32 * k * m);
		gfr_lock_init(&ec->lock);
	}
	if (!ec || !ec->matrix || !ec->tables) {
		gfraid_ec_free(ec);
		if (err)
			*err = GFRAID_ENOMEM;
		return NULL;
	}
	if (kind == GFRAID_MATRIX_CAUCHY)
		gfraid_gen_cauchy_matrix(ec->matrix, k + m, k);
	else
		gfraid_gen_rs_matrix(ec->matrix, k + m, k);
	gfraid_ec_init_tables(k, m, ec->matrix + k * k, ec->tables);
	if (err)
		*err = 0;
	return ec;
}

static void decoder_free(struct decoder *d)
{
	gfr_port_free(d);
}

void gfraid_ec_free(gfraid_ec *ec)
{
	int i;

	if (!ec)
		return;
	for (i = 0; i < CACHE_SLOTS; i++)
		if (ec->cache[i])
			decoder_free(ec->cache[i]);
	gfr_port_free(ec->matrix);
	gfr_port_free(ec->tables);
	gfr_port_free(ec);
}

int gfraid_ec_encode(const gfraid_ec *ec, size_t len, const unsigned char *const *data,
		     unsigned char *const *parity)
{
	if (!ec || !data || !parity || !gfr_ec_all_set((unsigned char *const *)data, ec->k) ||
	    !gfr_ec_all_set(parity, ec->m))
		return GFRAID_ENULL;
	if (!len)
		return 0;
	return gfr_ec_encode_tables(len, ec->k, ec->m, ec->tables, (uint8_t *const *)data, parity);
}

/*
 * The decoder of one pattern: the first k present shards are the sources;
 * the k x k rows of the coding matrix for them are inverted; a lost data
 * shard i is row i of the inverse, a lost parity shard is its coding row
 * times the inverse. One allocation holds it all.
 */
static struct decoder *decoder_build(const struct gfraid_ec *ec, const uint8_t *missing,
				     int nout, int *err)
{
	int k = ec->k, n = k + ec->m, i, j, l, ns = 0, no = 0;
	size_t kk = (size_t)k * k;
	struct decoder *d;
	uint8_t *sub, *inv, *rows;

	d = gfr_port_alloc(sizeof(*d) + k + nout + (size_t)32 * k * nout + 2 * kk +
			   (size_t)nout * k);
	if (!d) {
		*err = GFRAID_ENOMEM;
		return NULL;
	}
	memcpy(d->missing, missing, PATTERN_BYTES);
	d->nout = nout;
	d->refs = 1;
	d->src = (uint8_t *)(d + 1);
	d->out = d->src + k;
	d->tables = d->out + nout;
	sub = d->tables + (size_t)32 * k * nout;	/* scratch, past what is kept */
	inv = sub + kk;
	rows = inv + kk;

	for (i = 0; i < n; i++) {
		if (missing[i / 8] >> (i % 8) & 1)
			d->out[no++] = (uint8_t)i;
		else if (ns < k)
			d->src[ns++] = (uint8_t)i;
	}
	for (i = 0; i < k; i++)
		memcpy(sub + i * k, ec->matrix + (size_t)d->src[i] * k, (size_t)k);
	*err = gfraid_invert_matrix(sub, inv, k);
	if (*err) {
		decoder_free(d);
		return NULL;
	}
	for (i = 0; i < nout; i++) {
		int s = d->out[i];

		if (s < k) {
			memcpy(rows + i * k, inv + s * k, (size_t)k);
			continue;
		}
		for (j = 0; j < k; j++) {
			uint8_t v = 0;

			for (l = 0; l < k; l++)
				v ^= gfr_gf_mul(ec->matrix[(size_t)s * k + l], inv[l * k + j]);
			rows[i * k + j] = v;
		}
	}
	gfraid_ec_init_tables(k, nout, rows, d->tables);
	return d;
}

/* The core calls no memcmp (it must link in the kernel and on every libc
   alike; gcc and clang at -O1 leave the call in). */
static int same_pattern(const uint8_t *a, const uint8_t *b)
{
	int i, diff = 0;

	for (i = 0; i < PATTERN_BYTES; i++)
		diff |= a[i] ^ b[i];
	return diff == 0;
}

static struct decoder *find(struct gfraid_ec *ec, const uint8_t *missing)
{
	int i;

	for (i = 0; i < CACHE_SLOTS; i++) {
		struct decoder *d = ec->cache[i];

		if (d && same_pattern(d->missing, missing)) {
			d->refs++;
			d->used = ++ec->clock;
			return d;
		}
	}
	return NULL;
}

/* The decoder of a pattern, with a reference for the caller: from the
   cache, or built outside the lock and then cached. */
static struct decoder *decoder_get(struct gfraid_ec *ec, const uint8_t *missing, int nout,
				   int *err)
{
	struct decoder *d, *built, *evicted = NULL;
	int i, slot = 0;

	gfr_lock(&ec->lock);
	d = find(ec, missing);
	gfr_unlock(&ec->lock);
	if (d)
		return d;

	built = decoder_build(ec, missing, nout, err);
	if (!built)
		return NULL;

	gfr_lock(&ec->lock);
	d = find(ec, missing);	/* another thread may have been quicker */
	if (!d) {
		for (i = 0; i < CACHE_SLOTS; i++) {
			if (!ec->cache[i]) {
				slot = i;
				break;
			}
			if (ec->cache[i]->used < ec->cache[slot]->used)
				slot = i;
		}
		evicted = ec->cache[slot];
		if (evicted && --evicted->refs)
			evicted = NULL;	/* still in use: its last user frees it */
		built->refs++;		/* the cache's reference */
		built->used = ++ec->clock;
		ec->cache[slot] = built;
		d = built;
		built = NULL;
	}
	gfr_unlock(&ec->lock);
	if (built)
		decoder_free(built);
	if (evicted)
		decoder_free(evicted);
	return d;
}

static void decoder_put(struct gfraid_ec *ec, struct decoder *d)
{
	unsigned int refs;

	gfr_lock(&ec->lock);
	refs = --d->refs;
	gfr_unlock(&ec->lock);
	if (!refs)
		decoder_free(d);
}

int gfraid_ec_reconstruct(const gfraid_ec *cec, size_t len, unsigned char *const *shards,
			  const unsigned char *present)
{
	struct gfraid_ec *ec = (struct gfraid_ec *)cec;	/* the cache is shared state */
	uint8_t missing[PATTERN_BYTES] = { 0 }, *stack_ptrs[GFR_EC_STACK_PTRS], **p;
	struct decoder *d;
	int n, i, nout = 0, err = 0;

	if (!ec || !shards || !present)
		return GFRAID_ENULL;
	n = ec->k + ec->m;
	if (!gfr_ec_all_set(shards, n))
		return GFRAID_ENULL;
	for (i = 0; i < n; i++) {
		if (!present[i]) {
			missing[i / 8] |= (uint8_t)(1u << (i % 8));
			nout++;
		}
	}
	if (nout > ec->m)
		return GFRAID_ETOOFEW;
	if (nout == 0 || len == 0)
		return 0;

	d = decoder_get(ec, missing, nout, &err);
	if (!d)
		return err;
	p = ec->k + nout <= GFR_EC_STACK_PTRS ? stack_ptrs : gfr_port_alloc(sizeof(*p) * (ec->k + nout));
	if (p) {
		for (i = 0; i < ec->k; i++)
			p[i] = shards[d->src[i]];
		for (i = 0; i < nout; i++)
			p[ec->k + i] = shards[d->out[i]];
		err = gfr_ec_encode_tables(len, ec->k, nout, d->tables, p, p + ec->k);
		if (p != stack_ptrs)
			gfr_port_free(p);
	} else {
		err = GFRAID_ENOMEM;
	}
	decoder_put(ec, d);
	return err;
}
