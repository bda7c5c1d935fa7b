/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * ISA-L's erasure-code interface on libgfraid's public API (libgfraid-isal
 * in userspace, gfraid_isal.ko in the kernel). Every name runs the
 * selected variant through the gfraid_* call of the same meaning. No name
 * here calls another, so that a program holding this library and ISA-L's
 * in separate namespaces (dlopen, as the tests do) gets each one's own.
 */
#include "gfraid.h"
#include "erasure_code.h"

void ec_init_tables(int k, int rows, unsigned char *a, unsigned char *gftbls)
{
	gfraid_ec_init_tables(k, rows, a, gftbls);
}

void ec_init_tables_base(int k, int rows, unsigned char *a, unsigned char *gftbls)
{
	gfraid_ec_init_tables(k, rows, a, gftbls);
}

void ec_encode_data(int len, int k, int rows, unsigned char *gftbls, unsigned char **data,
		    unsigned char **coding)
{
	gfraid_ec_encode_data(len, k, rows, gftbls, data, coding);
}

void ec_encode_data_base(int len, int k, int rows, unsigned char *gftbls, unsigned char **data,
			 unsigned char **coding)
{
	gfraid_ec_encode_data(len, k, rows, gftbls, data, coding);
}

void ec_encode_data_update(int len, int k, int rows, int vec_i, unsigned char *gftbls,
			   unsigned char *data, unsigned char **coding)
{
	gfraid_ec_encode_data_update(len, k, rows, vec_i, gftbls, data, coding);
}

void ec_encode_data_update_base(int len, int k, int rows, int vec_i, unsigned char *gftbls,
				unsigned char *data, unsigned char **coding)
{
	gfraid_ec_encode_data_update(len, k, rows, vec_i, gftbls, data, coding);
}

void gf_vect_dot_prod(int len, int vlen, unsigned char *gftbls, unsigned char **src,
		      unsigned char *dest)
{
	gfraid_ec_encode_data(len, vlen, 1, gftbls, src, &dest);
}

void gf_vect_dot_prod_base(int len, int vlen, unsigned char *gftbls, unsigned char **src,
			   unsigned char *dest)
{
	gfraid_ec_encode_data(len, vlen, 1, gftbls, src, &dest);
}

void gf_vect_mad(int len, int vec, int vec_i, unsigned char *gftbls, unsigned char *src,
		 unsigned char *dest)
{
	gfraid_ec_encode_data_update(len, vec, 1, vec_i, gftbls, src, &dest);
}

void gf_vect_mad_base(int len, int vec, int vec_i, unsigned char *gftbls, unsigned char *src,
		      unsigned char *dest)
{
	gfraid_ec_encode_data_update(len, vec, 1, vec_i, gftbls, src, &dest);
}

void gf_vect_mul_init(unsigned char c, unsigned char *gftbl)
{
	gfraid_ec_init_tables(1, 1, &c, gftbl);
}

void gf_vect_mul_init_base(unsigned char c, unsigned char *gftbl)
{
	gfraid_ec_init_tables(1, 1, &c, gftbl);
}

/* ISA-L's vector multiply takes whole 32-byte blocks only, and says so
   with its return value; so does this one. */
static int mul(int len, unsigned char *gftbl, void *src, void *dest)
{
	unsigned char *in = src, *out = dest;

	if (len < 0 || len % 32 || !gftbl || !src || !dest)
		return -1;
	return gfraid_ec_encode_data(len, 1, 1, gftbl, &in, &out) ? -1 : 0;
}

int gf_vect_mul(int len, unsigned char *gftbl, void *src, void *dest)
{
	return mul(len, gftbl, src, dest);
}

int gf_vect_mul_base(int len, unsigned char *a, unsigned char *src, unsigned char *dest)
{
	return mul(len, a, src, dest);
}

unsigned char gf_mul(unsigned char a, unsigned char b)
{
	return gfraid_gf_mul(a, b);
}

unsigned char gf_inv(unsigned char a)
{
	return gfraid_gf_inv(a);
}

void gf_gen_rs_matrix(unsigned char *a, int m, int k)
{
	gfraid_gen_rs_matrix(a, m, k);
}

void gf_gen_cauchy1_matrix(unsigned char *a, int m, int k)
{
	gfraid_gen_cauchy_matrix(a, m, k);
}

int gf_invert_matrix(unsigned char *in, unsigned char *out, const int n)
{
	return gfraid_invert_matrix_inplace(in, out, n) ? -1 : 0;
}
