// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * gfraid_invert_matrix on matrices the fuzzer writes: when it reports an
 * inverse, A * inv is the identity both ways (in GF(2^8), products by the
 * byte reference's multiply); when it reports GFRAID_ESINGULAR, out is
 * untouched and a rank computed here by plain elimination agrees that A
 * is singular; in place (in == out) gives the same answer.
 *
 * Input: n - 1, a fill mode, then the matrix bytes (cycled).
 */
#include "fuzz.h"
#include "reference.h"

/* Rank of the n x n matrix m (destroyed), by Gaussian elimination. */
static int rank(uint8_t *m, int n)
{
	int r = 0, c, i, j;

	for (c = 0; c < n && r < n; c++) {
		int p = -1;

		for (i = r; i < n && p < 0; i++)
			if (m[i * n + c])
				p = i;
		if (p < 0)
			continue;
		for (j = 0; j < n; j++) {
			uint8_t t = m[r * n + j];

			m[r * n + j] = m[p * n + j];
			m[p * n + j] = t;
		}
		for (i = 0; i < n; i++) {
			uint8_t f;

			if (i == r || !m[i * n + c])
				continue;
			/* row i -= (m[i][c] / m[r][c]) * row r */
			f = ref_mul(m[i * n + c], gfraid_gf_inv(m[r * n + c]));
			for (j = 0; j < n; j++)
				m[i * n + j] ^= ref_mul(f, m[r * n + j]);
		}
		r++;
	}
	return r;
}

static int is_identity_product(const uint8_t *a, const uint8_t *b, int n)
{
	int i, j, t;

	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++) {
			uint8_t s = 0;

			for (t = 0; t < n; t++)
				s ^= ref_mul(a[i * n + t], b[t * n + j]);
			if (s != (i == j))
				return 0;
		}
	return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fin f = { data, size };
	int n = 1 + (int)(fin_byte(&f) % 32), mode = (int)fin_byte(&f) % 3, i, err, err2;
	size_t nn = (size_t)n * n;
	uint8_t *a = malloc(nn), *out = malloc(nn), *copy = malloc(nn), *work = malloc(nn);
	struct rng r;

	FUZZ_CHECK(a && out && copy && work, "out of memory");
	if (mode == 0 && f.n) {
		/* the input's own bytes: small, hand-made and degenerate matrices */
		for (i = 0; i < (int)nn; i++)
			a[i] = f.p[i % f.n];
	} else {
		fin_rng(&f, &r);
		rng_fill(&r, a, nn);
		if (mode == 2 && n > 1)	/* a repeated row: singular */
			memcpy(a + nn - n, a, (size_t)n);
	}
	memcpy(copy, a, nn);
	memset(out, 0x5c, nn);

	err = gfraid_invert_matrix(a, out, n);
	FUZZ_CHECK(memcmp(a, copy, nn) == 0, "n %d: the input was changed", n);
	memcpy(work, a, nn);
	if (err == 0) {
		FUZZ_CHECK(is_identity_product(a, out, n) && is_identity_product(out, a, n),
			   "n %d: A * inverse is not the identity", n);
		FUZZ_CHECK(rank(work, n) == n, "n %d: inverted, yet rank < n", n);
	} else {
		size_t i2;

		FUZZ_CHECK(err == GFRAID_ESINGULAR, "n %d: error %d", n, err);
		for (i2 = 0; i2 < nn; i2++)
			FUZZ_CHECK(out[i2] == 0x5c, "n %d: singular, but out was written", n);
		FUZZ_CHECK(rank(work, n) < n, "n %d: reported singular, yet full rank", n);
	}
	/* in place */
	memcpy(work, a, nn);
	err2 = gfraid_invert_matrix(work, work, n);
	FUZZ_CHECK(err2 == err, "n %d: in place %d, apart %d", n, err2, err);
	FUZZ_CHECK(memcmp(work, err ? a : out, nn) == 0, "n %d: in place differs", n);
	free(a);
	free(out);
	free(copy);
	free(work);
	return 0;
}
