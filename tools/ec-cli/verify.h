/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ec-cli verify, shared by its files: verify.c (the driver, the blocks,
 * comparing and reporting), verify_raid6.c and verify_ec.c (the cases of
 * each op family against the oracles).
 */
#ifndef GFRAID_EC_CLI_VERIFY_H
#define GFRAID_EC_CLI_VERIFY_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gfraid.h"
#include "rng.h"

/* OR_LINUX is Linux 6.1's lib/raid6, OR_LINUX72 7.2's lib/raid/raid6
   (a column only where the build has it). */
enum oracle { OR_REF, OR_LINUX, OR_LINUX72, OR_ISAL, OR_COUNT };
extern const char *const oracle_title[OR_COUNT];

#ifdef GFRAID_HAVE_ORACLES
/* Each Linux whose RAID-6 code the build has, and its column. */
struct lref_oracle;
struct verify_linux {
	enum oracle column;
	const struct lref_oracle *o;
};
extern const struct verify_linux verify_linuxes[];
extern const int verify_linux_count;
#endif

struct tally {
	int cases, failures;
};

struct verify {
	struct rng rng;
	uint64_t seed;
	int iterations;
	FILE *report;	/* the first mismatch, printed after the table */
	char *report_text;
	size_t report_len;
	int mismatch_printed;
	const char *op, *variant;
	char ctx[256];	/* the case being checked, for the mismatch report */
	struct tally t[OR_COUNT];
};

struct blocks {
	int n;
	size_t len;
	uint8_t **p, **mem;
};

void *xmalloc(size_t n);
/* n blocks of len bytes starting `skew` bytes past a 64-byte boundary. */
void blocks_new(struct blocks *b, int n, size_t len, size_t skew);
void blocks_free(struct blocks *b);
void blocks_fill(struct verify *v, struct blocks *b);
/* Copy src's first dst->len bytes per block (src may be longer or shorter:
   the rest of dst is zeroed). */
void blocks_copy(struct blocks *dst, const struct blocks *src);

/*
 * Compare the first len bytes of n blocks; count the case in t[o]. The
 * first mismatch of the whole run is printed in full. raid6 names blocks
 * D0.., P, Q; otherwise "coding i". 1 if they match.
 */
int check(struct verify *v, enum oracle o, const char *oracle_detail, uint8_t **got,
	  uint8_t **want, int n, size_t len, int raid6);
/* A library call that should succeed and did not counts as a mismatch. */
int call_ok(struct verify *v, enum oracle o, int err, const char *call);
/* A scrub's verdict against the one expected; counted in t[o], the first
   wrong one of the run printed in full. */
void verdict(struct verify *v, enum oracle o, const char *oracle_detail, int rc, int member,
	     int want_rc, int want_member);
/* Mostly small arrays, sometimes the largest. */
int pick_disks(struct verify *v, int min);

/* One random case of a RAID-6 op (gen_syndrome, xor_syndrome, recov,
   raid6_check) against every oracle built in. */
void verify_raid6_case(struct verify *v, enum gfraid_op op);
/* One random case of an EC op (ec_encode, ec_update, ec_update_shards,
   ec_check), or of reconstruct, against every oracle built in. */
void verify_ec_case(struct verify *v, enum gfraid_op op);
void verify_reconstruct_case(struct verify *v);

#endif
