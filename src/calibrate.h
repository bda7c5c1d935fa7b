/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Choosing among usable variants by timing them (calibrate.c). */
#ifndef GFRAID_CALIBRATE_H
#define GFRAID_CALIBRATE_H

#include "ops.h"

/* At most this many candidates are timed: the first usable ones in table
   order (base, far behind any SIMD tier, is never among them). */
#define GFR_CALIBRATE_MAX 8

/* A candidate later in table order than another is chosen only when it is
   faster by more than this, in thousandths, per class: variants within
   noise of each other keep the table's order in every process. Large
   blocks are bound by memory, where variants tie and a timing varies
   more from one process to the next. */
extern const unsigned int gfr_calibrate_margin[GFRAID_CLASS_COUNT];

/*
 * Time the n candidates of op (each already past its self-test, in table
 * order) on its calibration case for width w at a block length of class
 * cls, and return the index of the choice, the first within the class's
 * margin of the fastest, or GFRAID_ENOMEM; score[i] is candidate i's time
 * relative to the choice's, in thousandths (the choice: 1000). Takes
 * about a millisecond for the small class, a few for the medium one, tens
 * for the large and huge ones (docs/BENCHMARKS.md, "First-use cost"), and
 * the case's buffers (huge: three quarters of the last-level cache).
 */
int gfr_calibrate(enum gfraid_op op, enum gfraid_class cls, enum gfraid_width w,
		  const struct gfr_impl *const *cand, int n, unsigned int *score);

#endif /* GFRAID_CALIBRATE_H */
