/* SPDX-License-Identifier: GPL-2.0-only */
/* ec-cli bench's parts: the timing (bench.c) and the dispatch check
   (bench_dispatch.c). */
#ifndef GFRAID_EC_CLI_BENCH_H
#define GFRAID_EC_CLI_BENCH_H

#include "cases.h"
#include "gfraid.h"

#define BENCH_MAX_PLACES 16	/* --placements; with --cold twice as many */

struct result {
	const struct bench_case *c;
	double bytes_per_s, ns_per_step, writes_per_s;
	double place_ns[2 * BENCH_MAX_PLACES];	/* per placement, its median round */
	const char *skipped;	/* why it did not run, or NULL */
};

/* item is one of the comma-separated words of list (NULL list: any; with
   substring, a word within item). */
int bench_listed(const char *list, const char *item, int substring);

/* Same op, geometry and size. */
int bench_same_group(const struct bench_case *a, const struct bench_case *b);

/* One process's choice of variant per op, size class and width. */
struct choices {
	char name[GFRAID_OP_COUNT][GFRAID_CLASS_COUNT][GFRAID_WIDTH_COUNT][40];
};

/* This process's choices for the ops in the mask ops (1 << op; made now
   if not yet: the calibration runs). */
void dispatch_own_choices(struct choices *ch, unsigned int ops);

/* The mask of the library's ops named in names (comma-separated; NULL:
   all). */
unsigned int dispatch_ops_named(const char *names);

/* --choices: this process's choices for the ops in the mask on stdout,
   one "op class width variant" line each; what --processes reads from
   each fresh process. */
int dispatch_print_choices(unsigned int ops);

/* The choices for the ops in the mask of n fresh processes of this
   program, each asked with --choices=OPS: 0, or -1 with the reason
   printed. */
int dispatch_spawn(int n, struct choices *ch, unsigned int ops);

/* The placement (bench_place) of the q-th of a run's places, of which the
   first placements are hot and the rest the same ones cold (--cold). */
int bench_place_of(int q, int placements);

/* --dispatch: per op, geometry and size, each process's choice against
   the fastest of the variants suited to the cell's class, over the mean of
   the places (the first placements of them hot, the rest cold) and in the
   worst of them; then per op, class and width, and over all. */
void dispatch_report(const struct result *res, int n, const struct choices *ch, int nproc,
		     int places, int placements);

#endif
