/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Choosing among usable variants by timing them (calibrate.c). */
#ifndef GFRAID_CALIBRATE_H
#define GFRAID_CALIBRATE_H

#include "ops.h"

/* At most this many candidates are timed: the first usable ones in table
   order (base, far behind any SIMD tier, is never among them). */
#define GFR_CALIBRATE_MAX 8

/*
 * Time the n candidates of op (each already past its self-test) and
 * return the index of the fastest, or GFRAID_ENOMEM; score[i] is
 * candidate i's geometric mean time over the 4 KiB and 64 KiB cases
 * relative to the winner's, in thousandths (the winner: 1000). Takes a few
 * milliseconds and about 1 MiB of memory for the call.
 */
int gfr_calibrate(enum gfraid_op op, const struct gfr_impl *const *cand, int n,
		  unsigned int *score);

#endif /* GFRAID_CALIBRATE_H */
