/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * libgfraid-isal: ISA-L's erasure-code interface (the names, prototypes
 * and results of its <erasure_code.h>) on libgfraid. Code written for
 * ISA-L builds against this header unchanged and runs on libgfraid's
 * self-tested, dispatched variants.
 *
 * Opt in: link -lgfraid-isal (pkg-config gfraid-isal), not libgfraid
 * alone; libgfraid.so itself exports only gfraid_* names. This library
 * defines the same symbols as ISA-L's libisal, so a program links one of
 * the two, never both.
 *
 * Every function here, dispatched name or _base, runs libgfraid's
 * selected variant for the call: they give the same bytes, the _base
 * names are not slower reference code. Tables are always ISA-L's classic
 * layout, 32 bytes per coefficient (see ec_init_tables), whatever the
 * CPU: ISA-L 2.32's ec_init_tables writes another layout on CPUs with
 * GFNI; tables here are never in that layout.
 *
 * Where ISA-L's behaviour on bad arguments is undefined (NULL pointers,
 * k < 1, k + rows > 256, vec_i out of range, negative lengths), these
 * functions write nothing and return (the int ones -1). Any length and
 * any buffer alignment is accepted except where noted.
 */
#ifndef GFRAID_ISAL_ERASURE_CODE_H
#define GFRAID_ISAL_ERASURE_CODE_H

#include "gf_vect_mul.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Expand the rows x k coefficients a (row-major; for a coding matrix
 * made by gf_gen_*_matrix, its parity rows, &matrix[k * k]) into gftbls,
 * 32 bytes per coefficient in the same order: 32 * k * rows bytes.
 */
void ec_init_tables(int k, int rows, unsigned char *a, unsigned char *gftbls);
void ec_init_tables_base(int k, int rows, unsigned char *a, unsigned char *gftbls);

/*
 * coding[r] = sum over j < k of a[r][j] * data[j] for r < rows, on len
 * bytes of each buffer, from tables made by ec_init_tables.
 */
void ec_encode_data(int len, int k, int rows, unsigned char *gftbls, unsigned char **data,
		    unsigned char **coding);
void ec_encode_data_base(int len, int k, int rows, unsigned char *gftbls, unsigned char **data,
			 unsigned char **coding);

/*
 * coding[r] ^= a[r][vec_i] * data for r < rows: data shard vec_i's
 * contribution added to the parity. Applied for each shard on zeroed
 * coding buffers, the same bytes as ec_encode_data; with old ^ new of a
 * shard, the parity of the new data.
 */
void ec_encode_data_update(int len, int k, int rows, int vec_i, unsigned char *gftbls,
			   unsigned char *data, unsigned char **coding);
void ec_encode_data_update_base(int len, int k, int rows, int vec_i, unsigned char *gftbls,
				unsigned char *data, unsigned char **coding);

/*
 * dest = sum over j < vlen of c_j * src[j], gftbls holding vlen tables
 * (32 * vlen bytes): ec_encode_data with one row.
 */
void gf_vect_dot_prod(int len, int vlen, unsigned char *gftbls, unsigned char **src,
		      unsigned char *dest);
void gf_vect_dot_prod_base(int len, int vlen, unsigned char *gftbls, unsigned char **src,
			   unsigned char *dest);

/*
 * dest ^= c * src, c the coefficient of table vec_i of the vec tables in
 * gftbls: ec_encode_data_update with one row.
 */
void gf_vect_mad(int len, int vec, int vec_i, unsigned char *gftbls, unsigned char *src,
		 unsigned char *dest);
void gf_vect_mad_base(int len, int vec, int vec_i, unsigned char *gftbls, unsigned char *src,
		      unsigned char *dest);

/* a * b in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1 (0x11D). */
unsigned char gf_mul(unsigned char a, unsigned char b);

/* The inverse of a; gf_inv(0) is 0. */
unsigned char gf_inv(unsigned char a);

/*
 * The m x k coding matrix a (m rows, row-major): the k x k identity, then
 * row i (k <= i < m) holding 2^((i-k)*j) in column j. Not every square
 * submatrix of it is invertible past a few parity rows: prefer
 * gf_gen_cauchy1_matrix. Writes nothing unless 1 <= k <= m <= 256.
 */
void gf_gen_rs_matrix(unsigned char *a, int m, int k);

/*
 * The m x k coding matrix a: the k x k identity, then entry (i, j) =
 * 1 / (i ^ j) for k <= i < m, a Cauchy matrix: any k of its rows are
 * invertible. Writes nothing unless 1 <= k <= m <= 256.
 */
void gf_gen_cauchy1_matrix(unsigned char *a, int m, int k);

/*
 * out = the inverse of the n x n matrix in (1 <= n <= 256). Destroys in
 * (it is the work space); allocates nothing. Returns 0, or -1 when in is
 * singular or an argument is bad (out is then left as it was).
 */
int gf_invert_matrix(unsigned char *in, unsigned char *out, const int n);

#ifdef __cplusplus
}
#endif

#endif /* GFRAID_ISAL_ERASURE_CODE_H */
