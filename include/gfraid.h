/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * libgfraid: GF(2^8) RAID-6 (P+Q) and k+m Reed-Solomon erasure coding.
 *
 * The field is GF(2^8) with polynomial x^8+x^4+x^3+x^2+1 (0x11D) and
 * generator 2, the field of Linux lib/raid6 and of ISA-L's erasure code.
 * Every function here produces the same bytes as its Linux or ISA-L
 * counterpart, so data written by one is read by the others.
 *
 * Conventions for every function that returns int:
 *  - 0 on success, a negative GFRAID_E* code on bad input (or, for the
 *    coding ops, GFRAID_ESELFTEST in the one case below);
 *  - on bad input nothing is written to any caller buffer;
 *  - any length works (0 is a no-op) and any alignment works; 64-byte
 *    aligned buffers whose length is a multiple of 64 take the fastest path;
 *  - buffers of one call must not overlap unless the function says so.
 *
 * All functions are safe to call from several threads at once, provided
 * the threads do not write the same buffers.
 */
#ifndef GFRAID_H
#define GFRAID_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include <stddef.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define GFRAID_VERSION_MAJOR 0
#define GFRAID_VERSION_MINOR 1
#define GFRAID_VERSION_PATCH 0

/* Error codes, all negative; gfraid_strerror() describes each. */
enum gfraid_error {
	GFRAID_OK = 0,
	GFRAID_ENULL = -1,	/* a required pointer, or an entry of a pointer array, is NULL */
	GFRAID_EDISKS = -2,	/* RAID-6 disk count outside 3..257 */
	GFRAID_EINDEX = -3,	/* a disk or shard index outside its range, or out of order */
	GFRAID_ELEN = -4,	/* negative length */
	GFRAID_ESHARDS = -5,	/* k, rows or a matrix size outside its range */
	GFRAID_ESINGULAR = -6,	/* the matrix has no inverse */
	GFRAID_EOP = -7,	/* not a valid enum gfraid_op */
	GFRAID_ENOIMPL = -8,	/* no variant of that name for that op */
	GFRAID_ENOCPU = -9,	/* this CPU (or its OS) lacks what the variant needs */
	GFRAID_ENOMEM = -10,	/* out of memory */
	GFRAID_ETOOFEW = -11,	/* more shards missing than there are parity shards */
	GFRAID_ESELFTEST = -12,	/* the variant failed its known-answer self-test here */
	GFRAID_ECLASS = -13,	/* not a valid enum gfraid_class */
	GFRAID_EIO = -14,	/* a file could not be written (errno says why) */
	GFRAID_EWIDTH = -15	/* not a valid enum gfraid_width */
};

/* RAID-6 limits: 1 to 255 data disks plus P and Q. */
#define GFRAID_MIN_DISKS 3
#define GFRAID_MAX_DISKS 257
/* Reed-Solomon limits: k >= 1, rows >= 1, k + rows <= 256. */
#define GFRAID_MAX_SHARDS 256

/*
 * Describe an error code in one short English sentence. Returns a static
 * string, also for codes it does not know ("unknown error").
 */
const char *gfraid_strerror(int err);

/* ------------------------------------------------------------------ */
/* GF(2^8) arithmetic                                                  */
/* ------------------------------------------------------------------ */

/* Product a * b in GF(2^8) mod 0x11D. gfraid_gf_mul(2, 0x80) == 0x1D. */
unsigned char gfraid_gf_mul(unsigned char a, unsigned char b);

/* Multiplicative inverse of a; 0 has none and gives 0. */
unsigned char gfraid_gf_inv(unsigned char a);

/* ------------------------------------------------------------------ */
/* RAID-6, Linux md layout                                             */
/* ------------------------------------------------------------------ */
/*
 * ptrs has `disks` entries: ptrs[0 .. disks-3] are the data blocks,
 * ptrs[disks-2] is P and ptrs[disks-1] is Q, each `bytes` long.
 * P = D_0 ^ D_1 ^ ... and Q = sum over z of g^z * D_z with g = 2, exactly
 * as Linux lib/raid6 computes them. 3 <= disks <= 257.
 */

/*
 * Compute P and Q from all data blocks and write them to ptrs[disks-2] and
 * ptrs[disks-1]. Data blocks are only read.
 * Errors: GFRAID_ENULL (ptrs or an entry NULL), GFRAID_EDISKS.
 * Like every coding op here, it also returns GFRAID_ESELFTEST, having
 * written nothing, if no variant of it passed its self-test on this
 * machine, not even base (see "Variants and CPU dispatch"): a compiler
 * that miscompiled the library. It never happens with a correct build.
 */
int gfraid_gen_syndrome(int disks, size_t bytes, void **ptrs);

/*
 * Read-modify-write update, Linux semantics: XOR into P and Q the
 * contribution of data blocks start..stop (inclusive) only. md calls it
 * with the old contents of those blocks, replaces them, then calls it again
 * with the new contents; P and Q are then those of the new data.
 * 0 <= start <= stop <= disks-3. Blocks outside start..stop are not read.
 * Errors: GFRAID_ENULL, GFRAID_EDISKS, GFRAID_EINDEX (start or stop out of
 * range, or start > stop).
 */
int gfraid_xor_syndrome(int disks, int start, int stop, size_t bytes, void **ptrs);

/*
 * Rebuild two failed data blocks faila < failb < disks-2 from the other
 * data blocks, P and Q. The contents of ptrs[faila] and ptrs[failb] on
 * entry do not matter; on return they hold the rebuilt data. P, Q and the
 * other blocks are only read. Linux raid6_2data_recov semantics.
 * Errors: GFRAID_ENULL, GFRAID_EDISKS, GFRAID_EINDEX.
 */
int gfraid_recov_2data(int disks, size_t bytes, int faila, int failb, void **ptrs);

/*
 * Rebuild failed data block faila < disks-2 and P from the other data
 * blocks and Q. Linux raid6_datap_recov semantics: ptrs[faila] and P are
 * written, the rest only read.
 * Errors: GFRAID_ENULL, GFRAID_EDISKS, GFRAID_EINDEX.
 */
int gfraid_recov_datap(int disks, size_t bytes, int faila, void **ptrs);

/*
 * Rebuild any one or two failed members, data, P or Q, choosing the right
 * method: faila < failb < disks, or failb == -1 for one failed member.
 * Every failed member is rewritten: two data blocks as gfraid_recov_2data;
 * data + P, or one data block alone, as gfraid_recov_datap; data + Q by
 * XOR from P, then P and Q regenerated; P, Q or both by regenerating P and
 * Q. A surviving P or Q may therefore be rewritten, always with the bytes
 * it already held. The caller's ptrs array is never modified.
 * Errors: GFRAID_ENULL, GFRAID_EDISKS, GFRAID_EINDEX (faila >= failb,
 * an index outside 0..disks-1, or faila < 0).
 */
int gfraid_raid6_recover(int disks, size_t bytes, int faila, int failb, void **ptrs);

/* What a scrub found: gfraid_raid6_check, gfraid_ec_check. */
enum gfraid_check {
	GFRAID_CHECK_OK = 0,		/* parity matches the data */
	GFRAID_CHECK_LOCATED = 1,	/* one member explains every mismatch */
	GFRAID_CHECK_UNLOCATABLE = 2	/* mismatches no single member explains */
};

/*
 * Scrub one stripe: P and Q against the data over `bytes` of every
 * member, reading only. For each byte where they disagree, P ^ P' and
 * Q ^ Q' (P', Q' computed from the data) name the one member that would
 * explain it: P alone, Q alone, or data disk z, where Q ^ Q' is
 * 2^z * (P ^ P'). Returns GFRAID_CHECK_OK with *member = -1 when all
 * agree; GFRAID_CHECK_LOCATED with *member the one member every
 * mismatching byte names (a data index, disks-2 for P, disks-1 for Q):
 * gfraid_raid6_recover(disks, bytes, *member, -1, ptrs) repairs it; or
 * GFRAID_CHECK_UNLOCATABLE with *member = -1 when the bytes name
 * different members, or none (two members wrong in one byte). Costs a
 * gen_syndrome's reading where the stripe is consistent; locating runs
 * only over the 16 KiB pieces that mismatch.
 * Errors: GFRAID_ENULL (ptrs, an entry or member NULL), GFRAID_EDISKS,
 * GFRAID_ESELFTEST; then not even *member is written.
 */
int gfraid_raid6_check(int disks, size_t bytes, void *const *ptrs, int *member);

/* ------------------------------------------------------------------ */
/* Reed-Solomon erasure coding, ISA-L semantics and table layout       */
/* ------------------------------------------------------------------ */
/*
 * A coding matrix `a` is m x k bytes, row-major: m = k + parity rows; its
 * first k rows are the identity, so row k + i produces parity shard i.
 */

/*
 * Fill a (m x k) with ISA-L's gf_gen_rs_matrix bytes: identity, then parity
 * row i holds the powers of 2^i (row k is all ones, RAID-6 P; row k+1 is
 * 1, 2, 4, ..., RAID-6 Q). Not every erasure pattern of this matrix is
 * invertible once there are more than two parity rows; prefer Cauchy.
 * Does nothing if a is NULL, k < 1, m < k or m > 256.
 */
void gfraid_gen_rs_matrix(unsigned char *a, int m, int k);

/*
 * Fill a (m x k) with ISA-L's gf_gen_cauchy1_matrix bytes: identity, then
 * entry (i, j) = 1 / (i ^ j) for k <= i < m. Every square submatrix of the
 * parity rows is invertible, so any m - k erasures can be rebuilt.
 * Does nothing if a is NULL, k < 1, m < k or m > 256.
 */
void gfraid_gen_cauchy_matrix(unsigned char *a, int m, int k);

/*
 * Invert the n x n matrix `in` into `out` (1 <= n <= 256). `in` is not
 * modified (ISA-L's gf_invert_matrix destroys it); in and out may be the
 * same buffer. Allocates n*n bytes of scratch for the duration of the call.
 * Errors: GFRAID_ENULL, GFRAID_ESHARDS (n out of range), GFRAID_ESINGULAR
 * (out is left untouched), GFRAID_ENOMEM.
 */
int gfraid_invert_matrix(const unsigned char *in, unsigned char *out, int n);

/*
 * gfraid_invert_matrix without allocating, for callers that may not (a
 * kernel caller in atomic context): `in` is the work space and is
 * overwritten (its contents on return are unspecified), `out` receives the
 * inverse; in and out must not overlap. Uses 256 bytes of stack.
 * Errors: GFRAID_ENULL, GFRAID_ESHARDS (n out of range), GFRAID_ESINGULAR
 * (out is left untouched).
 */
int gfraid_invert_matrix_inplace(unsigned char *in, unsigned char *out, int n);

/*
 * Expand the rows x k coefficients `a` (row-major, usually the parity rows
 * of a coding matrix, &matrix[k * k]) into gftbls, 32 bytes per
 * coefficient in the same order: for coefficient c, bytes 0..15 are
 * c*0 .. c*15 and bytes 16..31 are c*0x00, c*0x10, .. c*0xF0. gftbls must
 * hold 32 * k * rows bytes. The same table format serves every variant.
 * It is ISA-L's classic layout: ec_init_tables up to ISA-L 2.31, and
 * ec_init_tables_base after. ISA-L 2.32's ec_init_tables is dispatched
 * and, on a CPU with GFNI, writes a different format (8-byte affine
 * matrices) that only its own GFNI functions read: such tables must not be
 * passed to libgfraid.
 * Does nothing if a or gftbls is NULL, k < 1, rows < 1 or k + rows > 256.
 */
void gfraid_ec_init_tables(int k, int rows, const unsigned char *a, unsigned char *gftbls);

/*
 * coding[i] = sum over j of a[i][j] * data[j], for the rows x k
 * coefficients expanded in gftbls, on len bytes of each of the k data and
 * rows coding buffers. 1 <= k, 1 <= rows, k + rows <= 256.
 * gftbls must be tables as gfraid_ec_init_tables makes them (ISA-L's
 * classic layout, see there): the GFNI variants read only entries 1, 2, 4
 * and 8 of each 16-byte half (c * 2^0 .. c * 2^7, from which every product
 * follows), the others read all 32, so tables that are not a coefficient's
 * true products give bytes that depend on the variant. The same holds for
 * gfraid_ec_encode_data_update.
 * Errors: GFRAID_ELEN (len < 0), GFRAID_ESHARDS, GFRAID_ENULL.
 */
int gfraid_ec_encode_data(int len, int k, int rows, const unsigned char *gftbls,
			  unsigned char **data, unsigned char **coding);

/*
 * coding[i] ^= a[i][vec_i] * data, for one data buffer `data` that is data
 * shard vec_i (0 <= vec_i < k). Calling it once for each data shard on
 * zeroed coding buffers gives the same bytes as gfraid_ec_encode_data; to
 * replace the contents of shard vec_i, call it with old ^ new.
 * Errors: GFRAID_ELEN, GFRAID_ESHARDS, GFRAID_EINDEX (vec_i), GFRAID_ENULL.
 */
int gfraid_ec_encode_data_update(int len, int k, int rows, int vec_i,
				 const unsigned char *gftbls, const unsigned char *data,
				 unsigned char **coding);

/*
 * Several data shards at once, the Reed-Solomon analogue of
 * gfraid_xor_syndrome's start..stop: for i < rows,
 *   coding[i] ^= sum over s < nsrc of a[i][vec_idx[s]] * src[s],
 * with each coding buffer read and written once per pass rather than once
 * per shard. The same bytes as nsrc calls of gfraid_ec_encode_data_update
 * (or ISA-L's ec_encode_data_update). To replace the contents of shards
 * vec_idx[], pass old ^ new of each as src. nsrc == 0 does nothing.
 * Errors: GFRAID_ELEN, GFRAID_ESHARDS (k, rows, or nsrc < 0), GFRAID_EINDEX
 * (an index outside 0..k-1, or one given twice), GFRAID_ENULL.
 */
int gfraid_ec_update_shards(int len, int k, int rows, int nsrc, const int *vec_idx,
			    const unsigned char *gftbls, const unsigned char *const *src,
			    unsigned char **coding);

/* ------------------------------------------------------------------ */
/* Encode and reconstruct: the coding set-up kept for you              */
/* ------------------------------------------------------------------ */
/*
 * A k+m code: its coding matrix and tables, and a cache of decoding
 * matrices (16 erasure patterns, least recently used out), built once per
 * pattern and shared by every thread. Encode and reconstruct run the same
 * variant as gfraid_ec_encode_data (GFRAID_OP_EC_ENCODE).
 */
typedef struct gfraid_ec gfraid_ec;

enum gfraid_matrix {
	GFRAID_MATRIX_CAUCHY,	/* gfraid_gen_cauchy_matrix: any m erasures rebuild */
	GFRAID_MATRIX_RS	/* gfraid_gen_rs_matrix: some patterns of 3+ do not */
};

/*
 * A code with k data and m parity shards, 1 <= k, 1 <= m, k + m <= 256.
 * NULL on bad arguments or no memory, and *err (if err is not NULL) says
 * which: GFRAID_ESHARDS, GFRAID_EINDEX (kind), GFRAID_ENOMEM.
 */
gfraid_ec *gfraid_ec_new(int k, int m, enum gfraid_matrix kind, int *err);

/*
 * parity[i] (i < m) from data[0 .. k-1], len bytes each.
 * Errors: GFRAID_ENULL (ec, data, parity or an entry).
 */
int gfraid_ec_encode(const gfraid_ec *ec, size_t len, const unsigned char *const *data,
		     unsigned char *const *parity);

/*
 * shards[0 .. k+m-1] are the k data shards then the m parity shards, each
 * len bytes and none NULL; present[i] is nonzero if shards[i] holds valid
 * bytes. Every missing shard, data or parity, is rebuilt in place from the
 * first k present ones; present ones are only read. Safe to call from
 * several threads on the same ec (the decoding-matrix cache is locked),
 * each with its own shards. Nothing is written when it fails.
 * Errors: GFRAID_ENULL, GFRAID_ETOOFEW (more than m missing),
 * GFRAID_ESINGULAR (an RS pattern with no inverse), GFRAID_ENOMEM.
 */
int gfraid_ec_reconstruct(const gfraid_ec *ec, size_t len, unsigned char *const *shards,
			  const unsigned char *present);

/*
 * Scrub one stripe of ec's code, reading only: shards[0 .. k+m-1] as for
 * gfraid_ec_reconstruct, all present, len bytes each. The parity is
 * recomputed and compared; where they differ, each byte's syndrome is
 * explained by the fewest shards, data or parity, whose errors give it:
 * one shard when m >= 2, up to m/2 (at most 3) when m >= 4 and the
 * matrix names them uniquely. m == 1 can only say OK or UNLOCATABLE.
 * Returns GFRAID_CHECK_OK (*nbad = 0); GFRAID_CHECK_LOCATED with the
 * union of every byte's wrong shards in bad[0 .. *nbad-1], ascending (bad
 * has room for m: no more are located, so gfraid_ec_reconstruct with them
 * marked missing repairs the stripe); or GFRAID_CHECK_UNLOCATABLE
 * (*nbad = 0) when a byte has no unique explanation or the union
 * outgrows m. Costs about an encode where the parity matches; locating
 * runs only over the pieces that differ. Safe from several threads.
 * Errors: GFRAID_ENULL (ec, shards, an entry, bad or nbad NULL),
 * GFRAID_ENOMEM (its scratch, at most 64 KiB), GFRAID_ESELFTEST; then
 * nothing is written.
 */
int gfraid_ec_check(const gfraid_ec *ec, size_t len, const unsigned char *const *shards,
		    int *bad, int *nbad);

/* Free ec and its cache; no call on ec may be running. NULL is ignored. */
void gfraid_ec_free(gfraid_ec *ec);

/* ------------------------------------------------------------------ */
/* Variants and CPU dispatch                                           */
/* ------------------------------------------------------------------ */
/*
 * Each op has a table of variants (base, and per-ISA ones), each with the
 * CPU features it needs, and a choice of variant per size class (enum
 * gfraid_class) and stripe width (enum gfraid_width): a call runs the
 * variant of the class its block length falls in (gfraid_class_of) and of
 * the width its stripe's count of members falls in (gfraid_width_of).
 * At the first call of a class and width the library takes the
 * calibration file's choice where one was written for this CPU
 * (gfraid_calibration_save, `ec-cli calibrate`), else picks the fastest
 * usable variant on this CPU: it times the first (up to 8) usable ones in
 * the table's order at a block length of that class, on the op's stripe
 * of that width (gfraid_width_timed), in several placements of the blocks
 * in memory (page-aligned, and each block a few bytes further into its
 * page than the last; ascending and descending), in interleaved rounds;
 * scores each by its worst placement, in each the median over the rounds
 * of its time relative to the fastest's there, and takes the first in
 * table order within a margin of the least worst case (3% for small calls; 5% for medium ones, whose
 * speed moves more with where the blocks lie; 8% for large and huge
 * ones, which memory bounds), so that variants that tie do not trade places from
 * one process to the next; a lead over the first must hold again on
 * fresh buffers. Variants whose parity stores bypass the cache (names
 * ending in "nt") are candidates only for huge calls, whose parity would
 * not stay in cache anyway, and never for xor_syndrome or
 * ec_update_shards, which store to lines they have just read. Timing
 * costs about a millisecond per op and width for the small class, a few
 * for the medium one and a few hundred for the large and huge ones
 * (blocks of up to a quarter of the last-level cache and past half of
 * it, as the size classes take it, to fill and time; docs/BENCHMARKS.md,
 * "First-use cost").
 * GFRAID_CALIBRATE=time ignores the calibration file; GFRAID_CALIBRATE=0
 * in the environment (calibrate=0 for gfraid.ko) skips both and takes
 * the first suitable variant of the class in the table's order, which
 * was measured on one development machine (docs/BENCHMARKS.md).
 * gfraid.ko chooses every op, class and width at load, timing the small
 * and medium classes (large and huge calls: table order; md and raidkm
 * call it on pages). GFRAID_IMPL in the environment overrides the choice
 * for every class and width: a comma-separated list of either `name` (for
 * every op that has a variant of that name) or `op=name` (op as printed
 * by gfraid_op_name). A name that is unknown, or that this CPU
 * cannot run, is ignored and the automatic choice stands;
 * gfraid_impl_selected() always tells which variant runs. A few variants
 * run only where named like this (or by gfraid_impl_force): the nasm
 * encode, avx512_gfni_asm, twin of avx512_gfni, is verified and
 * self-tested like every variant but never timed or chosen automatically
 * (it loses to the C kernel with the blocks not in cache).
 *
 * No variant runs before it has passed a known-answer self-test on this
 * machine: the first time it would be chosen, forced or asked about
 * (gfraid_impl_status, gfraid_impl_available), base is checked against
 * fixed answers derived from Linux lib/raid6 and ISA-L, and the variant
 * against base on a fixed set of cases covering its code paths (unrolled
 * loop, single vectors, tails, unaligned buffers, several disk, k and row
 * counts, the offsets of the kernel's 256 KiB SIMD sections). Compilers
 * have shipped wrong encodings for these instructions; a variant that
 * fails is never used, the next one in the table is chosen instead, and
 * the library says so once (see gfraid_set_log). Testing costs tens to
 * hundreds of microseconds per variant, once per process.
 * GFRAID_SELFTEST_CORRUPT, in GFRAID_IMPL syntax, is a test hook: the
 * self-test flips one output byte of the variants it names, which then
 * fail (it cannot make a variant produce wrong bytes, only disable it).
 */
enum gfraid_op {
	GFRAID_OP_GEN_SYNDROME,	/* gfraid_gen_syndrome */
	GFRAID_OP_XOR_SYNDROME,	/* gfraid_xor_syndrome */
	GFRAID_OP_RECOV,	/* gfraid_recov_2data, gfraid_recov_datap */
	GFRAID_OP_EC_ENCODE,	/* gfraid_ec_encode_data */
	GFRAID_OP_EC_UPDATE,	/* gfraid_ec_encode_data_update */
	GFRAID_OP_EC_UPDATE_SHARDS,	/* gfraid_ec_update_shards */
	GFRAID_OP_RAID6_CHECK,	/* gfraid_raid6_check */
	GFRAID_OP_EC_CHECK,	/* gfraid_ec_check */
	GFRAID_OP_COUNT
};

/* Short name of an op ("gen_syndrome", "xor_syndrome", "recov",
   "ec_encode", "ec_update", "ec_update_shards", "raid6_check",
   "ec_check"), or NULL if op is not valid. */
const char *gfraid_op_name(enum gfraid_op op);

/* Number of variants of op in the table (on any CPU), or GFRAID_EOP. */
int gfraid_impl_count(enum gfraid_op op);

/* Name of variant i of op, or NULL past the end or for a bad op. */
const char *gfraid_impl_name(enum gfraid_op op, int i);

/* Whether variant i of op can be used here, from gfraid_impl_status. */
enum gfraid_impl_state {
	GFRAID_IMPL_USABLE = 0,		/* runnable, and passed its self-test */
	GFRAID_IMPL_NOCPU = 1,		/* this CPU or OS lacks what it needs */
	GFRAID_IMPL_FAILED = 2,		/* failed its self-test: never used */
	GFRAID_IMPL_UNTESTED = 3	/* no memory to test it yet: not used for now */
};

/*
 * The state of variant i of op (enum gfraid_impl_state), running its
 * self-test now if it has not run; *why (if why is not NULL) is NULL for a
 * usable variant, else a static English sentence: what the CPU lacks, or
 * the self-test case that failed. Errors: GFRAID_EOP, GFRAID_EINDEX.
 */
int gfraid_impl_status(enum gfraid_op op, int i, const char **why);

/* 1 if variant i of op is usable here (gfraid_impl_status says
   GFRAID_IMPL_USABLE), 0 if not, or GFRAID_EOP / GFRAID_EINDEX. */
int gfraid_impl_available(enum gfraid_op op, int i);

/*
 * Size classes: each has its own choice of variant. Small: blocks of at
 * most 16 KiB (md's pages). Medium: larger blocks whose call, all its
 * blocks together, fits in this CPU's L2 cache (per core). Large: a call
 * that fits in half of the last-level cache (the part of it a call can
 * expect to keep), taken as at most 32 times L2 (a server's cache of
 * hundreds of MiB is shared by dozens of cores). Huge: the rest, the
 * only class where variants that store non-temporally (names ending in
 * "nt") are chosen.
 */
enum gfraid_class {
	GFRAID_CLASS_SMALL = 0,
	GFRAID_CLASS_MEDIUM = 1,
	GFRAID_CLASS_LARGE = 2,
	GFRAID_CLASS_HUGE = 3,
	GFRAID_CLASS_COUNT
};

/* "small", "medium", "large" or "huge"; NULL for a bad class. */
const char *gfraid_class_name(enum gfraid_class cls);

/*
 * The class of a call that reads or writes `blocks` blocks of len bytes
 * each: for gen_syndrome, recovery and raid6_check the disks; for
 * xor_syndrome the data disks from start to stop, plus P and Q; for
 * ec_encode and ec_check k + rows; for ec_update 1 + rows; for
 * ec_update_shards the changed shards plus rows. Blocks below 1 count as 1.
 */
enum gfraid_class gfraid_class_of(int blocks, size_t len);

/*
 * Stripe widths: each size class has a choice per width, as the fastest
 * unroll or kernel changes with the number of blocks a call streams. An
 * op times three stripes (gfraid_width_timed: RAID-6 4+2, 8+2 and 14+2;
 * Reed-Solomon encode and check 4+2, 10+4 and 16+4); a call is narrow up
 * to the midpoint of the first two's members, wide past the midpoint of
 * the last two's, typical between.
 */
enum gfraid_width {
	GFRAID_WIDTH_NARROW = 0,
	GFRAID_WIDTH_TYPICAL = 1,
	GFRAID_WIDTH_WIDE = 2,
	GFRAID_WIDTH_COUNT
};

/* "narrow", "typical" or "wide"; NULL for a bad width. */
const char *gfraid_width_name(enum gfraid_width w);

/*
 * The width (enum gfraid_width) of a call of op whose stripe has
 * `members` members: the same count as gfraid_class_of's blocks, but for
 * xor_syndrome every disk of the array (its cost grows with them, not
 * only with the span it reads). GFRAID_EOP for a bad op.
 */
int gfraid_width_of(enum gfraid_op op, int members);

/* The members of the stripe op times for width w (disks; k + rows; 1 +
   rows for ec_update; changed shards + rows for ec_update_shards), or
   GFRAID_EOP, GFRAID_EWIDTH. */
int gfraid_width_timed(enum gfraid_op op, enum gfraid_width w);

/* How a class's current variant was chosen (gfraid_impl_how). */
enum gfraid_choice {
	GFRAID_CHOSEN_ORDER = 0,	/* the first usable one in table order */
	GFRAID_CHOSEN_CALIBRATED = 1,	/* the fastest when timed on this CPU */
	GFRAID_CHOSEN_SETTING = 2,	/* named in GFRAID_IMPL */
	GFRAID_CHOSEN_FORCED = 3,	/* gfraid_impl_force */
	GFRAID_CHOSEN_FILE = 4		/* the calibration file's, for this CPU */
};

/* How a choice was made in a few words ("fastest when timed here"), or
   NULL for a value that is not an enum gfraid_choice. */
const char *gfraid_choice_name(int how);

/* enum gfraid_choice for op's current variant in class cls and width w
   (choosing it first if need be), or GFRAID_EOP, GFRAID_ECLASS,
   GFRAID_EWIDTH. */
int gfraid_impl_how(enum gfraid_op op, enum gfraid_class cls, enum gfraid_width w);

/*
 * Variant i's score in the calibration of op's class cls and width w
 * relative to the variant it chose, in thousandths: its time in the
 * placement of the blocks where it fares worst against the fastest there,
 * over the chosen one's (1000: the chosen one; 1250: 25% slower in its
 * worst placement; below 1000: better, but not by enough to leave the
 * table's order); 0 if it was not timed (no calibration, or not a
 * candidate for that class). GFRAID_EOP, GFRAID_ECLASS, GFRAID_EWIDTH,
 * GFRAID_EINDEX.
 */
int gfraid_impl_calibration(enum gfraid_op op, enum gfraid_class cls, enum gfraid_width w,
			    int i);

/* Name of the variant op runs now for calls of class cls and width w, or
   NULL for a bad op, class or width. If no variant passed its self-test
   (not even base) it says so in a string that names no variant. */
const char *gfraid_impl_selected(enum gfraid_op op, enum gfraid_class cls,
				 enum gfraid_width w);

/*
 * Make op run the variant called name from now on, for every class and
 * width, in every thread; name == NULL returns to the automatic choice
 * (GFRAID_IMPL, if set and runnable, else each class and width's
 * calibrated or preferred variant), made again at its next call (a
 * calibration made is kept).
 * Calls already running finish with the variant they started with.
 * Errors: GFRAID_EOP, GFRAID_ENOIMPL (no such name), GFRAID_ENOCPU (this
 * CPU cannot run it), GFRAID_ESELFTEST (it failed its self-test, or there
 * was no memory to run it; for NULL: not even base passed); the selection
 * is then unchanged.
 */
int gfraid_impl_force(enum gfraid_op op, const char *name);

#ifndef __KERNEL__
/*
 * Where the library's one kind of message goes: a variant that failed its
 * self-test (one line per variant, once per process, no newline). By
 * default "libgfraid: ..." lines on stderr; fn receives each message with
 * ctx instead, and fn == NULL silences them. Set it before the first use
 * of the library. (gfraid.ko prints the same with pr_warn.)
 */
typedef void (*gfraid_log_fn)(void *ctx, const char *msg);
void gfraid_set_log(gfraid_log_fn fn, void *ctx);

/*
 * The calibration file: each op's variant per size class and width as
 * timed once on this CPU, which later processes take instead of timing
 * (so that every process runs the same ones). A process reads
 * GFRAID_CALIBRATION_FILE if that is set (and no other), else the user's
 * file, $XDG_CACHE_HOME/libgfraid/calibration or
 * $HOME/.cache/libgfraid/calibration, else the system's,
 * gfraid_calibration_system_file(): one per CPU and build, in a directory
 * fixed at build time (/var/cache/libgfraid for a /usr install, written
 * when Debian's package is installed) or GFRAID_CALIBRATION_DIR, read only
 * when it and its directory are owned by root or the process's user and
 * writable by no one else. A file holds for the CPU (vendor, family,
 * model, stepping, features, L2 and last-level cache) and the build of the
 * variant table it was written for, and is ignored elsewhere, as is a line
 * that names a variant not usable here. GFRAID_CALIBRATE=time ignores the
 * files; GFRAID_CALIBRATE=0 takes table order. The library only reads
 * them, and says nothing when one is missing or ignored.
 */

/* The path of the user's calibration file, or NULL when neither
   GFRAID_CALIBRATION_FILE nor a cache directory is set. */
const char *gfraid_calibration_file(void);

/* The path of the system's calibration file for this CPU and build
   (whether it exists or not). */
const char *gfraid_calibration_system_file(void);

/* The file this process reads its choices from (the first with this
   CPU's and build's signature), or NULL: none, and choices are timed.
   GFRAID_CALIBRATE=time or 0 leave it unused. */
const char *gfraid_calibration_read(void);

/*
 * Time every op in every size class and width on this CPU, whatever any
 * file says (each once per process, as at first use), and write the
 * choices to path (NULL: gfraid_calibration_file()), creating its
 * directories: a new file (mode 0644, directories 0755, whatever the
 * umask) renamed into place. The choices this process runs are unchanged.
 * Errors: GFRAID_EIO (no path, or it could not be written: errno says
 * why), GFRAID_ESELFTEST (an op with no usable variant); the file is then
 * unchanged.
 */
int gfraid_calibration_save(const char *path);
#endif

/* CPU features as the library sees them (bits of enum gfraid_cpu_feature).
   x86: instruction bits come from CPUID; the GFRAID_CPU_OS_* bits say
   whether the OS saves the register state those instructions need (XCR0).
   AArch64: from the kernel's HWCAP (getauxval; cpu_have_feature in the
   kernel). */
enum gfraid_cpu_feature {
	GFRAID_CPU_SSE2 = 1u << 0,
	GFRAID_CPU_SSSE3 = 1u << 1,
	GFRAID_CPU_AVX = 1u << 2,
	GFRAID_CPU_AVX2 = 1u << 3,
	GFRAID_CPU_AVX512F = 1u << 4,
	GFRAID_CPU_AVX512BW = 1u << 5,
	GFRAID_CPU_AVX512VL = 1u << 6,
	GFRAID_CPU_GFNI = 1u << 7,
	GFRAID_CPU_NEON = 1u << 8,	/* AArch64 Advanced SIMD (HWCAP_ASIMD) */
	GFRAID_CPU_SHA3 = 1u << 9,	/* AArch64 EOR3/BCAX (HWCAP_SHA3) */
	GFRAID_CPU_SVE = 1u << 10,	/* AArch64 SVE (HWCAP_SVE) */
	GFRAID_CPU_SVE2 = 1u << 11,	/* AArch64 SVE2 (HWCAP2_SVE2) */
	GFRAID_CPU_OS_YMM = 1u << 16,	/* XCR0 bits 1 and 2: SSE and AVX state */
	GFRAID_CPU_OS_ZMM = 1u << 17	/* XCR0 bits 5, 6 and 7: opmask and ZMM state */
};
unsigned int gfraid_cpu_features(void);

#ifdef __cplusplus
}
#endif

#endif /* GFRAID_H */
