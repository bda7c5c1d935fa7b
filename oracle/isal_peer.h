/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the bench and ec-cli need of ISA-L beyond its headers, for
 * Debian's 2.30 (the tests' oracle) and a current release built from
 * source (GFRAID_ISAL_PREFIX) alike: per-ISA entry points that its
 * libisal.so exports but its headers do not declare, and its table
 * formats. From 2.32 on, ec_init_tables is dispatched too: on a CPU with
 * GFNI it writes 8-byte affine matrices, which only the dispatched and
 * *_gfni functions read; its base and pre-GFNI functions (and libgfraid)
 * read the classic 32-byte nibble tables, which ec_init_tables_base writes.
 */
#ifndef GFRAID_ISAL_PEER_H
#define GFRAID_ISAL_PEER_H

#include <isa-l.h>
#include <isa-l/erasure_code.h>
#include <isa-l/raid.h>

#if defined(__x86_64__) && ISAL_VERSION >= ISAL_MAKE_VERSION(2, 32, 0)
#define ISAL_PEER_GFNI 1
#else
#define ISAL_PEER_GFNI 0
#endif

#if defined(__aarch64__)
void ec_encode_data_neon(int len, int k, int rows, unsigned char *gftbls, unsigned char **data,
			 unsigned char **coding);
void ec_encode_data_update_neon(int len, int k, int rows, int vec_i, unsigned char *g_tbls,
				unsigned char *data, unsigned char **coding);
int pq_gen_neon(int vects, int len, void **array);
int pq_check_neon(int vects, int len, void **array);
#endif

#if defined(__x86_64__)
void ec_encode_data_avx512(int len, int k, int rows, unsigned char *gftbls, unsigned char **data,
			   unsigned char **coding);
void ec_encode_data_update_avx512(int len, int k, int rows, int vec_i, unsigned char *g_tbls,
				  unsigned char *data, unsigned char **coding);
int pq_gen_sse(int vects, int len, void **array);
int pq_gen_avx2(int vects, int len, void **array);
int pq_gen_avx512(int vects, int len, void **array);
#endif
#if ISAL_PEER_GFNI
void ec_init_tables_gfni(int k, int rows, unsigned char *a, unsigned char *gftbls);
void ec_encode_data_avx512_gfni(int len, int k, int rows, unsigned char *gftbls,
				unsigned char **data, unsigned char **coding);
void ec_encode_data_update_avx512_gfni(int len, int k, int rows, int vec_i,
				       unsigned char *g_tbls, unsigned char *data,
				       unsigned char **coding);
void ec_encode_data_avx2_gfni(int len, int k, int rows, unsigned char *gftbls,
			      unsigned char **data, unsigned char **coding);
void ec_encode_data_update_avx2_gfni(int len, int k, int rows, int vec_i, unsigned char *g_tbls,
				     unsigned char *data, unsigned char **coding);
int pq_gen_avx2_gfni(int vects, int len, void **array);
int pq_gen_avx512_gfni(int vects, int len, void **array);
#endif

/* The classic tables of the rows x k coefficients a. */
static inline void isal_classic_tables(int k, int rows, unsigned char *a, unsigned char *tbls)
{
#if ISAL_PEER_GFNI
	ec_init_tables_base(k, rows, a, tbls);
#else
	ec_init_tables(k, rows, a, tbls);
#endif
}

/* "ISA-L 2.32.1", for reports. */
#define ISAL_PEER_STR2(x) #x
#define ISAL_PEER_STR(x) ISAL_PEER_STR2(x)
#define ISAL_PEER_VERSION \
	"ISA-L " ISAL_PEER_STR(ISAL_MAJOR_VERSION) "." ISAL_PEER_STR(ISAL_MINOR_VERSION) "." \
		ISAL_PEER_STR(ISAL_PATCH_VERSION)

#endif
