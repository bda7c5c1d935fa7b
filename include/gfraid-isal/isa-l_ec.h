/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * libgfraid-isal in the kernel (gfraid_isal.ko): ISA-L's erasure-code
 * names as the kernel module isal_lib.ko exports them, so that its
 * clients (md's k+m personality raidkm) build and run unchanged on
 * libgfraid. The userspace names are in erasure_code.h.
 */
#ifndef GFRAID_ISAL_ISA_L_EC_H
#define GFRAID_ISAL_ISA_L_EC_H

#include "erasure_code.h"

#ifdef __KERNEL__
#include <linux/types.h>

/*
 * Whether the CPU has AVX2 and GFNI, and AVX-512 (F, BW) and GFNI, with
 * the state saved by the kernel. Informational: every function below runs
 * libgfraid's selected variant on any CPU.
 */
bool isal_have_gfni(void);
bool isal_have_avx512_gfni(void);

/*
 * Tables for the *_gfni functions: the same 32-byte-per-coefficient
 * tables as ec_init_tables and gf_vect_mul_init (any table of this
 * library serves any function).
 */
void ec_init_tables_gfni(int k, int rows, unsigned char *a, unsigned char *gftbls);
void gf_vect_mul_init_gfni(unsigned char c, unsigned char *tbl);

/*
 * ec_encode_data, ec_encode_data_update and gf_vect_dot_prod under the
 * names of isal_lib's GFNI entry points. Each takes and releases the FPU
 * itself, in sections of bounded length (callers must not hold it), and
 * neither sleeps nor allocates: callable with preemption disabled.
 */
void ec_encode_data_avx2_gfni(int len, int k, int rows, unsigned char *g_tbls,
			      unsigned char **data, unsigned char **coding);
void ec_encode_data_avx512_gfni(int len, int k, int rows, unsigned char *g_tbls,
				unsigned char **data, unsigned char **coding);
void ec_encode_data_update_avx2_gfni(int len, int k, int rows, int vec_i, unsigned char *g_tbls,
				     unsigned char *data, unsigned char **coding);
void ec_encode_data_update_avx512_gfni(int len, int k, int rows, int vec_i,
				       unsigned char *g_tbls, unsigned char *data,
				       unsigned char **coding);
void gf_vect_dot_prod_gfni(int len, int vec, unsigned char *gftbls, unsigned char **src,
			   unsigned char *dest);
#endif /* __KERNEL__ */

#endif /* GFRAID_ISAL_ISA_L_EC_H */
