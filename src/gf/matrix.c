/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Coding matrices (ISA-L's layout and bytes) and Gauss-Jordan inversion. */
#include "gf.h"

static int matrix_args_ok(const unsigned char *a, int m, int k)
{
	return a && k >= 1 && m >= k && m <= GFRAID_MAX_SHARDS;
}

static void set_identity(unsigned char *a, int k)
{
	int i;

	memset(a, 0, (size_t)k * k);
	for (i = 0; i < k; i++)
		a[i * k + i] = 1;
}

void gfraid_gen_rs_matrix(unsigned char *a, int m, int k)
{
	int i, j;

	if (!matrix_args_ok(a, m, k))
		return;
	set_identity(a, k);
	/* Parity row i: 1, g, g^2, ... with g = 2^i. */
	for (i = 0; i < m - k; i++) {
		uint8_t g = gfr_gf_pow2(i), p = 1;

		for (j = 0; j < k; j++) {
			a[(k + i) * k + j] = p;
			p = gfr_gf_mul(p, g);
		}
	}
}

void gfraid_gen_cauchy_matrix(unsigned char *a, int m, int k)
{
	int i, j;

	if (!matrix_args_ok(a, m, k))
		return;
	set_identity(a, k);
	/* i >= k > j, so i ^ j is never 0: a Cauchy matrix, every square
	   submatrix invertible (docs/MATH.md, "The coding matrices"). */
	for (i = k; i < m; i++)
		for (j = 0; j < k; j++)
			a[i * k + j] = gfr_gf_inv[i ^ j];
}

static void swap_rows(uint8_t *w, int n, int r1, int r2)
{
	int j;

	for (j = 0; j < n; j++) {
		uint8_t t = w[r1 * n + j];

		w[r1 * n + j] = w[r2 * n + j];
		w[r2 * n + j] = t;
	}
}

static void swap_cols(uint8_t *w, int n, int c1, int c2)
{
	int i;

	for (i = 0; i < n; i++) {
		uint8_t t = w[i * n + c1];

		w[i * n + c1] = w[i * n + c2];
		w[i * n + c2] = t;
	}
}

/*
 * In-place Gauss-Jordan with row pivoting: column c of the working matrix
 * is replaced by column c of the inverse as it is eliminated, so no n x 2n
 * augmented matrix is needed. The row swaps come back out as column swaps
 * in reverse order at the end.
 */
static int invert_in_place(uint8_t *w, uint8_t *pivot_row, int n)
{
	int c, i, j;

	for (c = 0; c < n; c++) {
		uint8_t *row, inv;
		int r = c;

		while (r < n && w[r * n + c] == 0)
			r++;
		if (r == n)
			return GFRAID_ESINGULAR;
		pivot_row[c] = (uint8_t)r;
		if (r != c)
			swap_rows(w, n, r, c);

		row = w + c * n;
		inv = gfr_gf_inv[row[c]];
		row[c] = 1;
		for (j = 0; j < n; j++)
			row[j] = gfr_gf_mul(row[j], inv);

		for (i = 0; i < n; i++) {
			uint8_t *other = w + i * n, f = other[c];

			if (i == c || f == 0)
				continue;
			other[c] = 0;
			for (j = 0; j < n; j++)
				other[j] ^= gfr_gf_mul(f, row[j]);
		}
	}
	for (c = n - 1; c >= 0; c--)
		if (pivot_row[c] != c)
			swap_cols(w, n, c, pivot_row[c]);
	return 0;
}

int gfraid_invert_matrix(const unsigned char *in, unsigned char *out, int n)
{
	size_t cells;
	uint8_t *w;
	int err;

	if (!in || !out)
		return GFRAID_ENULL;
	if (n < 1 || n > GFRAID_MAX_SHARDS)
		return GFRAID_ESHARDS;

	/* Work on a copy so that out is untouched when in is singular. */
	cells = (size_t)n * n;
	w = gfr_port_alloc(cells + n);
	if (!w)
		return GFRAID_ENOMEM;
	memcpy(w, in, cells);
	err = invert_in_place(w, w + cells, n);
	if (!err)
		memcpy(out, w, cells);
	gfr_port_free(w);
	return err;
}

int gfraid_invert_matrix_inplace(unsigned char *in, unsigned char *out, int n)
{
	uint8_t pivot_row[GFRAID_MAX_SHARDS];
	int err;

	if (!in || !out)
		return GFRAID_ENULL;
	if (n < 1 || n > GFRAID_MAX_SHARDS)
		return GFRAID_ESHARDS;
	err = invert_in_place(in, pivot_row, n);
	if (!err)
		memcpy(out, in, (size_t)n * n);
	return err;
}
