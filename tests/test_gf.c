// SPDX-License-Identifier: GPL-2.0-only
/* GF(2^8) laws, tables, matrix generators and inversion, against our
   shift-and-reduce reference and ISA-L. */
#include <isa-l/erasure_code.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "gf/gf.h"

START_TEST(tables_from_definition)
{
	int x;

	for (x = 0; x < 255; x++) {
		ck_assert_uint_eq(gfr_gf_exp[x], ref_pow2(x));
		ck_assert_uint_eq(gfr_gf_log[ref_pow2(x)], x);
	}
	ck_assert_uint_eq(gfr_gf_exp[255], 1);
	for (x = 1; x < 256; x++)
		ck_assert_uint_eq(ref_mul((uint8_t)x, gfr_gf_inv[x]), 1);
	ck_assert_uint_eq(gfr_gf_inv[0], 0);
	ck_assert_uint_eq(gfraid_gf_mul(2, 0x80), 0x1d);
}
END_TEST

/* All 65536 products against the reference and ISA-L's gf_mul. */
START_TEST(all_products)
{
	int a, b;

	for (a = 0; a < 256; a++)
		for (b = 0; b < 256; b++) {
			uint8_t p = gfraid_gf_mul((uint8_t)a, (uint8_t)b);

			ck_assert_msg(p == ref_mul((uint8_t)a, (uint8_t)b) &&
					      p == gf_mul((unsigned char)a, (unsigned char)b),
				      "%d * %d = %d", a, b, p);
		}
}
END_TEST

START_TEST(field_laws)
{
	int a, b, c;

	for (a = 0; a < 256; a++) {
		ck_assert_uint_eq(gfraid_gf_mul((uint8_t)a, 1), a);
		ck_assert_uint_eq(gfraid_gf_mul((uint8_t)a, 0), 0);
		if (a) {
			ck_assert_uint_eq(gfraid_gf_mul((uint8_t)a, gfraid_gf_inv((uint8_t)a)), 1);
			ck_assert_uint_eq(gfraid_gf_inv((uint8_t)a), gf_inv((unsigned char)a));
		}
		for (b = 0; b < 256; b++) {
			uint8_t ab = gfraid_gf_mul((uint8_t)a, (uint8_t)b);

			ck_assert_uint_eq(ab, gfraid_gf_mul((uint8_t)b, (uint8_t)a));
			/* associativity and distributivity on a sampled third operand */
			c = (a * 31 + b * 17 + 5) & 0xff;
			ck_assert_uint_eq(gfraid_gf_mul(ab, (uint8_t)c),
					  gfraid_gf_mul((uint8_t)a, gfraid_gf_mul((uint8_t)b, (uint8_t)c)));
			ck_assert_uint_eq(gfraid_gf_mul((uint8_t)a, (uint8_t)(b ^ c)),
					  ab ^ gfraid_gf_mul((uint8_t)a, (uint8_t)c));
		}
	}
	ck_assert_uint_eq(gfraid_gf_inv(0), 0);
}
END_TEST

/* ec_init_tables: the documented c = 71 example, then every c against ISA-L. */
START_TEST(init_tables_layout)
{
	static const uint8_t c71[8] = { 0, 71, 142, 201, 1, 70, 143, 200 };
	unsigned char a[256], ours[256 * 32], isal[256 * 32];
	int c;

	for (c = 0; c < 256; c++)
		a[c] = (unsigned char)c;
	gfraid_ec_init_tables(16, 16, a, ours);
	ec_init_tables(16, 16, a, isal);
	ck_assert_same(ours, isal, sizeof(ours), "ec_init_tables vs ISA-L");
	ck_assert_same(ours + 71 * 32, c71, sizeof(c71), "c = 71 low half");
	for (c = 0; c < 16; c++)
		ck_assert_uint_eq(ours[71 * 32 + 16 + c], ref_mul(71, (uint8_t)(c << 4)));
}
END_TEST

START_TEST(matrices_vs_isal)
{
	static unsigned char ours[256 * 256], isal[256 * 256];
	int k, m;
	char ctx[64];

	for (k = 1; k <= 255; k += (k < 20 ? 1 : 13)) {
		for (m = k; m <= 256; m += (m - k < 8 ? 1 : 29)) {
			snprintf(ctx, sizeof(ctx), "RS m=%d k=%d", m, k);
			gfraid_gen_rs_matrix(ours, m, k);
			gf_gen_rs_matrix(isal, m, k);
			ck_assert_same(ours, isal, (size_t)m * k, ctx);
			snprintf(ctx, sizeof(ctx), "Cauchy m=%d k=%d", m, k);
			gfraid_gen_cauchy_matrix(ours, m, k);
			gf_gen_cauchy1_matrix(isal, m, k);
			ck_assert_same(ours, isal, (size_t)m * k, ctx);
		}
	}
	/* The first two RS parity rows are RAID-6 P and Q. */
	gfraid_gen_rs_matrix(ours, 12, 10);
	for (k = 0; k < 10; k++) {
		ck_assert_uint_eq(ours[100 + k], 1);
		ck_assert_uint_eq(ours[110 + k], ref_pow2(k));
	}
}
END_TEST

/* n x n product over GF(2^8) from the reference multiply. */
static void ref_matmul(const uint8_t *a, const uint8_t *b, uint8_t *c, int n)
{
	int i, j, l;

	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++) {
			uint8_t s = 0;

			for (l = 0; l < n; l++)
				s ^= ref_mul(a[i * n + l], b[l * n + j]);
			c[i * n + j] = s;
		}
}

static int is_identity(const uint8_t *a, int n)
{
	int i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			if (a[i * n + j] != (i == j))
				return 0;
	return 1;
}

/* Random matrices (most invertible), random singular ones, against ISA-L;
   the allocation-free form must agree with both. */
START_TEST(inversion_vs_isal)
{
	int iter, n, singular = 0, regular = 0;

	for (iter = 0; iter < 400; iter++) {
		uint8_t *in, *keep, *out, *isal_in, *isal_out, *prod, *work, *out2;
		int ours, theirs, inplace;

		n = iter < 300 ? test_range(1, 24) : test_range(25, 256);
		in = malloc((size_t)n * n);
		keep = malloc((size_t)n * n);
		out = malloc((size_t)n * n);
		isal_in = malloc((size_t)n * n);
		isal_out = malloc((size_t)n * n);
		prod = malloc((size_t)n * n);
		work = malloc((size_t)n * n);
		out2 = malloc((size_t)n * n);
		ck_assert(in && keep && out && isal_in && isal_out && prod && work && out2);
		test_fill(in, (size_t)n * n);
		if (iter % 5 == 4 && n > 1) {
			/* singular: one row a multiple of another */
			int r1 = test_range(0, n - 1), r2 = (r1 + 1) % n, j;
			uint8_t f = (uint8_t)test_range(1, 255);

			for (j = 0; j < n; j++)
				in[r2 * n + j] = gfraid_gf_mul(f, in[r1 * n + j]);
		}
		if (iter % 17 == 3)
			memset(in + test_range(0, n - 1) * n, 0, (size_t)n); /* a zero row */
		memcpy(keep, in, (size_t)n * n);
		memcpy(isal_in, in, (size_t)n * n);
		memcpy(work, in, (size_t)n * n);
		memset(out, 0xa5, (size_t)n * n);
		memset(out2, 0xa5, (size_t)n * n);

		ours = gfraid_invert_matrix(in, out, n);
		theirs = gf_invert_matrix(isal_in, isal_out, n);
		inplace = gfraid_invert_matrix_inplace(work, out2, n);
		ck_assert_same(in, keep, (size_t)n * n, "input must not change");
		ck_assert_msg((ours == 0) == (theirs == 0), "n=%d: ours %d, ISA-L %d", n, ours, theirs);
		ck_assert_int_eq(inplace, ours);
		ck_assert_same(out2, out, (size_t)n * n, "allocation-free inverse");
		if (ours == 0) {
			regular++;
			ck_assert_same(out, isal_out, (size_t)n * n, "inverse vs ISA-L");
			ref_matmul(keep, out, prod, n);
			ck_assert_msg(is_identity(prod, n), "A * inv(A) != I for n=%d", n);
		} else {
			size_t j;

			singular++;
			ck_assert_int_eq(ours, GFRAID_ESINGULAR);
			for (j = 0; j < (size_t)n * n; j++)
				ck_assert_msg(out[j] == 0xa5, "out written at %zu on a singular matrix", j);
		}
		free(in);
		free(keep);
		free(out);
		free(isal_in);
		free(isal_out);
		free(prod);
		free(work);
		free(out2);
	}
	ck_assert_int_gt(singular, 50);
	ck_assert_int_gt(regular, 200);
}
END_TEST

/* in == out is allowed. */
START_TEST(inversion_in_place)
{
	uint8_t a[96 * 32], keep[32 * 32], prod[32 * 32];

	/* Rows 16..47 of a 96 x 32 Cauchy coding matrix: 16 identity rows
	   and 16 parity rows, invertible like every such choice. */
	gfraid_gen_cauchy_matrix(a, 96, 32);
	memcpy(keep, a + 16 * 32, 32 * 32);
	memcpy(a, keep, 32 * 32);
	ck_assert_int_eq(gfraid_invert_matrix(a, a, 32), 0);
	ref_matmul(keep, a, prod, 32);
	ck_assert(is_identity(prod, 32));
}
END_TEST


/* gf2p8affineqb on one byte, as the instruction defines it: output bit i
   is the parity of x AND byte (7 - i) of the matrix. */
static uint8_t affine_byte(uint64_t m, uint8_t x)
{
	uint8_t out = 0;
	int i;

	for (i = 0; i < 8; i++)
		out |= (uint8_t)(__builtin_parity((unsigned int)((m >> (8 * (7 - i))) & x)) << i);
	return out;
}

/* Every GFNI matrix multiplies like the field, for every c and x, and the
   table of 2^z matrices is what gfr_gf_affine builds. */
START_TEST(affine_matrices)
{
	int c, x, z;

	for (c = 0; c < 256; c++) {
		uint64_t m = gfr_gf_affine((uint8_t)c);

		for (x = 0; x < 256; x++)
			ck_assert_msg(affine_byte(m, (uint8_t)x) == ref_mul((uint8_t)c, (uint8_t)x),
				      "matrix of %d on %d", c, x);
	}
	for (z = 0; z < 255; z++)
		ck_assert_msg(gfr_gf_pow2_affine[z] == gfr_gf_affine(ref_pow2(z)), "2^%d", z);
	ck_assert_uint_eq(gfr_gf_affine(1), 0x0102040810204080ULL);	/* the identity */
}
END_TEST

int main(void)
{
	const TTest *const tests[] = {
		tables_from_definition,
		affine_matrices,
		all_products,
		field_laws,
		init_tables_layout,
		matrices_vs_isal,
		inversion_vs_isal,
		inversion_in_place,
		NULL,
	};

	return run_tests("gf", 600, tests, NULL, NULL);
}
