/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * gfraid_ec_check: a k+m stripe scrubbed, reading only. The ec_check
 * variant recomputes the parity piece by piece and compares it with the
 * stored parity in registers (the encode kernels with a compare where
 * they would store; scratch only for partial sums). Only where a piece
 * differs is its parity recomputed into scratch by the encode variant and
 * each byte's syndrome (stored ^ recomputed parity, m bytes) explained by
 * the fewest shards, data or parity, whose errors give it, unique up to
 * m / 2 shards (docs/MATH.md, "Locating wrong shards of a k+m stripe").
 */
#include "../ops.h"
#include "../gf/gf.h"
#include "ec_object.h"

/* A piece is what this much scratch holds of all m rows: small enough to
   stay in the caches while the syndromes are taken. */
#define CHECK_SCRATCH ((size_t)64 * 1024)

/* Wrong shards one byte may have and still be located: up to m / 2 (past
   that a syndrome no longer names them uniquely), and at most this many,
   which bounds the search over subsets of shards. */
#define MAX_PER_BYTE 3

struct locate {
	const struct gfraid_ec *ec;
	int tmax;
	int shard[MAX_PER_BYTE];	/* the subset being tried */
	int found[MAX_PER_BYTE], solutions;
	uint8_t *s;			/* one byte's syndrome, m bytes */
	uint8_t *sys;			/* m x (MAX_PER_BYTE + 1) working matrix */
};

/* Shard i's coefficient in parity row r: coding row r's for a data shard,
   1 on its own row for a parity shard. */
static uint8_t coef(const struct gfraid_ec *ec, int r, int i)
{
	if (i < ec->k)
		return ec->matrix[(size_t)(ec->k + r) * ec->k + i];
	return i - ec->k == r;
}

/* Whether errors on exactly the t shards of l->shard, none of them zero,
   give syndrome s: the m x t system with s beside it, eliminated. */
static int explains(struct locate *l, const uint8_t *s, int t)
{
	int m = l->ec->m, w = t + 1, r, c, i;
	uint8_t *a = l->sys;

	for (r = 0; r < m; r++) {
		for (c = 0; c < t; c++)
			a[r * w + c] = coef(l->ec, r, l->shard[c]);
		a[r * w + t] = s[r];
	}
	for (c = 0; c < t; c++) {
		uint8_t f;

		for (r = c; r < m && !a[r * w + c]; r++)
			;
		if (r == m)
			return 0;	/* the shards' columns are dependent */
		for (i = 0; i < w; i++) {
			uint8_t x = a[r * w + i];

			a[r * w + i] = a[c * w + i];
			a[c * w + i] = x;
		}
		f = gfr_gf_inv[a[c * w + c]];
		for (i = c; i < w; i++)
			a[c * w + i] = gfr_gf_mul(a[c * w + i], f);
		for (r = 0; r < m; r++) {
			f = a[r * w + c];
			if (r == c || !f)
				continue;
			for (i = c; i < w; i++)
				a[r * w + i] ^= gfr_gf_mul(f, a[c * w + i]);
		}
	}
	for (r = t; r < m; r++)
		if (a[r * w + t])
			return 0;	/* the other rows disagree */
	for (r = 0; r < t; r++)
		if (!a[r * w + t])
			return 0;	/* fewer shards would do */
	return 1;
}

/* Every t-subset of the shards from `from` on, after l->shard[0 .. depth):
   count those that explain s (stopping at two), keeping the first. */
static void search(struct locate *l, const uint8_t *s, int t, int depth, int from)
{
	int n = l->ec->k + l->ec->m, i;

	if (depth == t) {
		/* memcpy said outright: at Debian's package flags gcc made the
		   loop a memmove, which the core may not call */
		if (explains(l, s, t) && l->solutions++ == 0)
			memcpy(l->found, l->shard, (size_t)t * sizeof(*l->found));
		return;
	}
	/* depth < t <= MAX_PER_BYTE; said again for gcc's bounds warning */
	for (i = from; i <= n - (t - depth) && l->solutions < 2 && depth < MAX_PER_BYTE; i++) {
		l->shard[depth] = i;
		search(l, s, t, depth + 1, i + 1);
	}
}

/* How many shards, at fewest, give syndrome s (l->found holds them); 0
   when no set of up to l->tmax does, or when two sets of that size do. */
static int explain(struct locate *l, const uint8_t *s)
{
	int t;

	for (t = 1; t <= l->tmax; t++) {
		l->solutions = 0;
		search(l, s, t, 0, 0);
		if (l->solutions)
			return l->solutions == 1 ? t : 0;
	}
	return 0;
}

/*
 * Locate the bytes of one piece whose recomputed parity (scratch, rows
 * `piece` apart) differs from the stored parity at offset off, adding
 * their shards to the set in `wrong` (count in *nwrong): 0, or 1 when a
 * byte has no unique explanation or the set outgrows m.
 */
static int locate_piece(struct locate *l, const uint8_t *scratch, size_t piece,
			const unsigned char *const *shards, size_t off, size_t n, uint8_t *wrong,
			int *nwrong)
{
	int k = l->ec->k, m = l->ec->m, r, t, i;
	uint8_t *s = l->s;
	size_t o;

	for (o = 0; o < n; o++) {
		int any = 0;

		for (r = 0; r < m; r++) {
			s[r] = scratch[(size_t)r * piece + o] ^ shards[k + r][off + o];
			any |= s[r];
		}
		if (!any)
			continue;
		t = explain(l, s);
		if (!t)
			return 1;
		for (i = 0; i < t; i++) {
			int z = l->found[i];

			if (wrong[z / 8] >> (z % 8) & 1)
				continue;
			wrong[z / 8] |= (uint8_t)(1u << (z % 8));
			if (++*nwrong > m)
				return 1;
		}
	}
	return 0;
}

/* The scratch (m pieces) and the locating's working bytes, one allocation,
   made only when needed: for a check variant's partial sums when k >
   GFR_EC_CHECK_SCRATCH_K, or when a piece mismatches. 0, or -1 when out
   of memory. */
static int work_get(struct locate *l, uint8_t **work, int m, size_t piece)
{
	if (!*work) {
		*work = gfr_port_alloc((size_t)m * piece + (size_t)m * (MAX_PER_BYTE + 2));
		if (!*work)
			return -1;
		l->s = *work + (size_t)m * piece;
		l->sys = l->s + m;
	}
	return 0;
}

int gfraid_ec_check(const gfraid_ec *ec, size_t len, const unsigned char *const *shards, int *bad,
		    int *nbad)
{
	uint8_t wrong[GFRAID_MAX_SHARDS / 8] = { 0 }, *stack_p[GFR_EC_STACK_PTRS], **p, *work = NULL;
	const struct gfr_impl *im, *enc;
	enum gfraid_class cls;
	enum gfraid_width w;
	struct locate l;
	size_t piece, off, n;
	int k, m, r, i, nwrong = 0, err = 0;

	if (!ec || !shards || !bad || !nbad ||
	    !gfr_ec_all_set((unsigned char *const *)shards, ec->k + ec->m))
		return GFRAID_ENULL;
	if (!len) {
		*nbad = 0;
		return GFRAID_CHECK_OK;
	}
	/* one variant of each for the whole call */
	cls = gfr_class(ec->k + ec->m, len);
	w = gfr_width_of(GFRAID_OP_EC_CHECK, ec->k + ec->m);
	im = gfr_impl_here(GFRAID_OP_EC_CHECK, cls, w);
	w = gfr_width_of(GFRAID_OP_EC_ENCODE, ec->k + ec->m);
	enc = gfr_impl_here(GFRAID_OP_EC_ENCODE, cls, w);
	if (!im || !enc)
		return GFRAID_ESELFTEST;
	k = ec->k;
	m = ec->m;
	piece = CHECK_SCRATCH / (size_t)m & ~(size_t)63;
	piece = piece < 64 ? 64 : piece;
	l.ec = ec;
	l.tmax = m / 2 < MAX_PER_BYTE ? m / 2 : MAX_PER_BYTE;
	p = k + 2 * m <= GFR_EC_STACK_PTRS ? stack_p : gfr_port_alloc(sizeof(*p) * (size_t)(k + 2 * m));
	if (!p || (k > GFR_EC_CHECK_SCRATCH_K && work_get(&l, &work, m, piece)))
		err = GFRAID_ENOMEM;
	for (off = 0; off < len && !err; off += n) {
		struct gfr_call run = { k, m, 0, 0, 0, 0, p, p + k, ec->tables };

		n = len - off < piece ? len - off : piece;
		run.len = n;
		/* data, the stored parity (only read), scratch (none needed
		   for k <= GFR_EC_CHECK_SCRATCH_K) */
		for (i = 0; i < k + m; i++)
			p[i] = (uint8_t *)shards[i] + off;
		for (r = 0; r < m; r++)
			p[k + m + r] = work ? work + (size_t)r * piece : NULL;
		if (!gfr_run_on(GFRAID_OP_EC_CHECK, gfr_call_ec_check, im, &run))
			continue;
		if (work_get(&l, &work, m, piece)) {
			err = GFRAID_ENOMEM;
			break;
		}
		/* the parity recomputed into scratch, for the syndromes */
		for (r = 0; r < m; r++)
			p[k + r] = work + (size_t)r * piece;
		gfr_run_on(GFRAID_OP_EC_ENCODE, gfr_call_ec_encode, enc, &run);
		if (locate_piece(&l, work, piece, shards, off, n, wrong, &nwrong))
			err = GFRAID_CHECK_UNLOCATABLE;
	}
	gfr_port_free(work);
	if (p != stack_p)
		gfr_port_free(p);
	if (err < 0)
		return err;
	*nbad = 0;
	if (err == GFRAID_CHECK_UNLOCATABLE)
		return err;
	for (i = 0; i < k + m; i++)
		if (wrong[i / 8] >> (i % 8) & 1)
			bad[(*nbad)++] = i;
	return *nbad ? GFRAID_CHECK_LOCATED : GFRAID_CHECK_OK;
}
