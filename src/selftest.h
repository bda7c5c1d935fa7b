/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Known-answer self-test of one variant, run by dispatch before the
 * variant is first used: base against fixed known answers, every other
 * variant against base on a fixed set of cases.
 */
#ifndef GFRAID_SELFTEST_H
#define GFRAID_SELFTEST_H

#include "ops.h"

/*
 * ref == NULL: im is op's base and is checked against the known answers.
 * Otherwise im is checked against ref (base, already checked) on every
 * case: the same bytes in the output windows, nothing written to the
 * inputs or to the 64 bytes either side of any window. corrupt: flip one
 * output byte of im before comparing (the test hook that proves a broken
 * variant is caught). Returns 0 if it passed, 1 if it failed (*why then
 * names the case), GFRAID_ENOMEM if there was no memory to test it.
 */
int gfr_selftest(enum gfraid_op op, const struct gfr_impl *im, const struct gfr_impl *ref,
		 int corrupt, const char **why);

/*
 * The known answers (struct gfr_kat, ops.h), exposed so that a test can
 * derive them again from Linux lib/raid6 and ISA-L, and the way their
 * inputs are made.
 */
const struct gfr_kat *gfr_selftest_kat(enum gfraid_op op);
unsigned int gfr_selftest_seed(unsigned int seed, int i);
void gfr_selftest_fill(uint8_t *p, size_t n, unsigned int seed);

/* The memory one self-test takes (exposed for the test that checks every
   case fits in it). */
size_t gfr_selftest_case_bytes(enum gfraid_op op, int c);
int gfr_selftest_case_count(enum gfraid_op op);
#define GFR_SELFTEST_ARENA ((size_t)32 * 1024)

#endif /* GFRAID_SELFTEST_H */
