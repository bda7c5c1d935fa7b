/* SPDX-License-Identifier: GPL-2.0-only */
/* ec-cli bench's parts: the timing (bench.c) and the dispatch check
   (bench_dispatch.c). */
#ifndef GFRAID_EC_CLI_BENCH_H
#define GFRAID_EC_CLI_BENCH_H

#include "cases.h"
#include "gfraid.h"

#define BENCH_MAX_PLACES 16

struct result {
	const struct bench_case *c;
	double bytes_per_s, ns_per_step, writes_per_s;
	double place_ns[BENCH_MAX_PLACES];	/* per placement, its median round */
	const char *skipped;	/* why it did not run, or NULL */
};

/* Same op, geometry and size. */
int bench_same_group(const struct bench_case *a, const struct bench_case *b);

/* One process's choice of variant per op, size class and width. */
struct choices {
	char name[GFRAID_OP_COUNT][GFRAID_CLASS_COUNT][GFRAID_WIDTH_COUNT][40];
};

/* This process's choices (made now if not yet: the calibration runs). */
void dispatch_own_choices(struct choices *ch);

/* --choices: this process's choices on stdout, one "op class width
   variant" line each; what --processes reads from each fresh process. */
int dispatch_print_choices(void);

/* The choices of n fresh processes of this program (argv0: how it was
   run), each asked with --choices: 0, or -1 with the reason printed. */
int dispatch_spawn(int n, struct choices *ch);

/* --dispatch: per op, geometry and size, each process's choice against
   the fastest of the variants suited to the cell's class, over the mean of
   the places placements and in the worst of them; then per op, class and
   width, and over all. */
void dispatch_report(const struct result *res, int n, const struct choices *ch, int nproc,
		     int places);

#endif
