/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The benchmark catalogue, shared by gfraid-bench (Google Benchmark) and
 * `ec-cli bench`: every libgfraid variant, every peer (Linux lib/raid6
 * algorithms, ISA-L's dispatched and per-ISA functions) and the floors, for
 * every op, geometry and block size. Each case is opened (buffers, tables,
 * forced variant), stepped in the timed loop, and closed.
 *
 * Case names are "<op>/<impl>/<geometry>/<size>", for example
 * "gen_syndrome/gfraid:base/8+2/4KiB" or "ec_encode/isal:avx512/10+4/1MiB";
 * impl is "gfraid:<variant>", "linux:<algorithm>" (6.1's lib/raid6),
 * "linux72:<algorithm>" (7.2's lib/raid/raid6, where its oracle is built),
 * "isal:<entry point>" or "floor:<what>". GPL-2.0 because the peers include the kernel's code.
 */
#ifndef GFRAID_BENCH_CASES_H
#define GFRAID_BENCH_CASES_H

#include <stddef.h>
#include <stdint.h>

enum bench_op {
	BOP_GEN,		/* gen_syndrome */
	BOP_XOR_RMW,		/* xor_syndrome, md's read-modify-write of one block */
	BOP_2DATA,		/* recov_2data */
	BOP_DATAP,		/* recov_datap */
	BOP_CHECK,		/* raid6_check, on a consistent stripe */
	BOP_ENCODE,		/* ec_encode_data */
	BOP_UPDATE,		/* ec_encode_data_update, one call per data shard */
	BOP_RECONSTRUCT,	/* gfraid_ec_reconstruct of min(m, k) lost data shards */
	BOP_EC_CHECK,		/* gfraid_ec_check, on a consistent stripe */
	BOP_UPDATE_SHARDS,	/* a partial-stripe write: UPDATE_SHARDS_OF(k) data shards changed,
				   gfraid_ec_update_shards once against ISA-L's update per shard */
	/* md's k+m personality (raidkm) as it calls ISA-L's interface, on
	   4 KiB pages, with the tables raidkm keeps per geometry: */
	BOP_KM_ENCODE,		/* a full-stripe write: ec_encode_data(k, m) */
	BOP_KM_UPDATE,		/* one page rewritten: ec_encode_data_update of one column
				   (the column rotates over the data shards) */
	BOP_KM_DECODE,		/* a stripe with m data pages lost: the k x k survivor matrix
				   inverted, then per lost page init_tables(k, 1) and
				   encode(k, 1) */
	BOP_INVERT,		/* gf_invert_matrix of a k x k Cauchy survivor matrix alone
				   (geometry k+4; bytes are the matrix's) */
	BOP_FLOOR_MEMCPY,	/* memcpy of the data bytes */
	BOP_FLOOR_XOR,		/* one XOR pass of all data blocks into one */
	BOP_COUNT
};

enum bench_side { SIDE_OURS, SIDE_PEER, SIDE_FLOOR };

struct bench_case {
	char name[128];
	enum bench_op op;
	enum bench_side side;
	char impl[40];
	int data, parity;	/* RAID-6: parity is 2 */
	size_t len;		/* bytes per block */
	int odd;		/* odd length, pointers one byte past 64-byte alignment */
	char geometry[16], size[24];
	int index;		/* variant, algorithm or entry point, per side */
};

const char *bench_op_name(enum bench_op op);

/* The libgfraid op whose variants a case runs (floors: any; unused). */
#include "gfraid.h"
enum gfraid_op bench_library_op(enum bench_op op);

/* Whether op runs one of libgfraid's variants (all but BOP_INVERT, whose
   single "ours" case is gfraid_invert_matrix_inplace). */
int bench_has_variants(enum bench_op op);

/* The blocks one library call of c reads or writes, which with its length
   give the size class whose variant it runs (gfraid_class_of). */
int bench_blocks(const struct bench_case *c);

/* The members of c's stripe, which give the width whose variant it runs
   (gfraid_width_of): its blocks, but every disk for xor_rmw. */
int bench_members(const struct bench_case *c);

/*
 * The Linuxes whose code the peers include (none without the oracles):
 * bench_linux_prefix(l) is "linux" or "linux72", bench_linux_recovery_gen(l)
 * the syndrome algorithm that Linux's recoveries run on here (the one its
 * raid6_pq picks on this CPU). bench_linux_recovery(c) is the Linux whose
 * recovery c runs, or -1.
 */
int bench_linux_count(void);
const char *bench_linux_prefix(int l);
const char *bench_linux_recovery_gen(int l);
int bench_linux_recovery(const struct bench_case *c);

/* The ISA-L the peers are, e.g. "ISA-L 2.32.1", or NULL without oracles. */
const char *bench_isal_version(void);

/* Data shards the partial-stripe write changes: 4 of 10+4 and of 8+8, 2 of
   4+2 (spread: shards 1, 3, 5, 7). */
#define UPDATE_SHARDS_OF(k) ((k) >= 8 ? 4 : (k) / 2)

/* The whole catalogue, built on first call. */
int bench_catalogue(const struct bench_case **cases);

/*
 * Time geometry data+parity too, like the catalogue's own: every k+m op,
 * the RAID-6 ops where parity is 2, the partial-stripe write where data is
 * 2 or more. Before the first bench_catalogue; -1 when data < 1, parity <
 * 1, data + parity > GFRAID_MAX_SHARDS, or 16 are named already.
 */
int bench_catalogue_geometry(int data, int parity);

/* Data bytes one step processes ((disks-2)*len for RAID-6, k*len for EC,
   the changed shards' bytes for a partial-stripe write, len per write for
   the RMW case), and writes per step (RMW: 1, else 0). */
int64_t bench_step_bytes(const struct bench_case *c);
int bench_step_writes(const struct bench_case *c);

/* Why c cannot run on this CPU or with its buffers as the placement of
   the cases opened next lays them out (bench_place), or NULL if it can. */
const char *bench_why_not(const struct bench_case *c);

struct bench_run;

/*
 * Allocate and fill the buffers, build tables, force the variant. NULL
 * when the case cannot run here, with *why saying why (bench_why_not).
 */
struct bench_run *bench_open(const struct bench_case *c, const char **why);
/*
 * Where the blocks of the cases opened next lie, placement place (0 to
 * 15, or cold ones, below; 0 the default): in one region, ascending or
 * descending; block 0 page-aligned (one past for odd cases) and each next
 * one further into its page than the last by 0, 64, 16 or 7 bytes (place
 * % 4); from place 4 on with 0 to 3 pages more between blocks, from a
 * fixed sequence per place. A variant's speed can depend on how far apart
 * the blocks lie, where in their pages and in which order
 * (docs/BENCHMARKS.md, "Dispatch per size class").
 */
void bench_place(int place);
/* Placement place in a few words ("page-aligned, ascending"). */
const char *bench_place_name(int place);
/*
 * Placement BENCH_COLD + p: the blocks laid out as in placement p, and
 * cold: the caller flushes them from every cache level (bench_evict)
 * before each timed step, as a caller's fresh buffers past the last-level
 * cache are. Only where bench_can_evict().
 */
#define BENCH_COLD 64
int bench_can_evict(void);
void bench_evict(struct bench_run *r);
/* One unit of timed work. */
void bench_step(struct bench_run *r);
void bench_close(struct bench_run *r);

#endif
