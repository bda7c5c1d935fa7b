// SPDX-License-Identifier: GPL-2.0-only
/*
 * ec-cli bench --dispatch: whether the variant dispatch picks is the fastest
 * for each op, geometry and size, in this process or in N fresh ones
 * (--processes), each making its own choice at first use as any caller's
 * process does. The variants are timed once, here; each process's choice
 * is then read against that table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

void dispatch_own_choices(struct choices *ch, unsigned int ops)
{
	int op, cls, w;

	for (op = 0; op < GFRAID_OP_COUNT; op++)
		for (cls = 0; ops >> op & 1 && cls < GFRAID_CLASS_COUNT; cls++)
			for (w = 0; w < GFRAID_WIDTH_COUNT; w++)
				snprintf(ch->name[op][cls][w], sizeof(ch->name[op][cls][w]), "%s",
					 gfraid_impl_selected((enum gfraid_op)op,
							      (enum gfraid_class)cls,
							      (enum gfraid_width)w));
}

unsigned int dispatch_ops_named(const char *names)
{
	unsigned int ops = 0;
	int op;

	for (op = 0; op < GFRAID_OP_COUNT; op++)
		if (bench_listed(names, gfraid_op_name((enum gfraid_op)op), 0))
			ops |= 1u << op;
	return ops;
}

int dispatch_print_choices(unsigned int ops)
{
	struct choices ch;
	int op, cls, w;

	dispatch_own_choices(&ch, ops);
	for (op = 0; op < GFRAID_OP_COUNT; op++)
		for (cls = 0; ops >> op & 1 && cls < GFRAID_CLASS_COUNT; cls++)
			for (w = 0; w < GFRAID_WIDTH_COUNT; w++)
				printf("%s %s %s %s\n", gfraid_op_name((enum gfraid_op)op),
				       gfraid_class_name((enum gfraid_class)cls),
				       gfraid_width_name((enum gfraid_width)w), ch.name[op][cls][w]);
	return 0;
}

/* One "op class width variant" line into ch: 1, or 0 if it names no op,
   class or width. */
static int read_choice(const char *line, struct choices *ch)
{
	char op[40], cls[40], width[40], name[40];
	int o, c, w;

	if (sscanf(line, "%39s %39s %39s %39s", op, cls, width, name) != 4)
		return 0;
	for (o = 0; o < GFRAID_OP_COUNT; o++)
		for (c = 0; c < GFRAID_CLASS_COUNT; c++)
			for (w = 0; w < GFRAID_WIDTH_COUNT; w++)
				if (!strcmp(op, gfraid_op_name((enum gfraid_op)o)) &&
				    !strcmp(cls, gfraid_class_name((enum gfraid_class)c)) &&
				    !strcmp(width, gfraid_width_name((enum gfraid_width)w))) {
					snprintf(ch->name[o][c][w], sizeof(ch->name[o][c][w]), "%s",
						 name);
					return 1;
				}
	return 0;
}

int dispatch_spawn(int n, struct choices *ch, unsigned int ops)
{
	char self[4096], line[256];
	ssize_t len = readlink("/proc/self/exe", self + 1, sizeof(self) - 256);
	int i, op, want = 0;

	if (len <= 0) {
		perror("ec-cli bench: /proc/self/exe");
		return -1;
	}
	/* quoted for the shell popen runs */
	self[0] = '\'';
	if (memchr(self + 1, '\'', (size_t)len)) {
		fprintf(stderr, "ec-cli bench: cannot quote this program's path\n");
		return -1;
	}
	/* the choices of ops alone: a fresh process calibrates only those */
	strcpy(self + 1 + len, "' bench --choices=");
	for (op = 0; op < GFRAID_OP_COUNT; op++)
		if (ops >> op & 1) {
			strcat(self, want ? "," : "");
			strcat(self, gfraid_op_name((enum gfraid_op)op));
			want += GFRAID_CLASS_COUNT * GFRAID_WIDTH_COUNT;
		}
	for (i = 0; i < n; i++) {
		FILE *f = popen(self, "r");
		int lines = 0;

		if (!f) {
			perror("ec-cli bench: running a fresh process");
			return -1;
		}
		while (fgets(line, sizeof(line), f))
			lines += read_choice(line, &ch[i]);
		if (pclose(f) != 0 || lines != want) {
			fprintf(stderr, "ec-cli bench: fresh process %d gave %d of %d choices\n", i + 1,
				lines, want);
			return -1;
		}
		fprintf(stderr, "ec-cli bench: fresh process %d of %d chose\n", i + 1, n);
	}
	return 0;
}

/* Non-temporal variants (names ending in nt) serve only the huge class,
   and never xor_syndrome or ec_update_shards, which store to the lines
   they have just read. */
static int suits(const char *variant, enum gfraid_op op, enum gfraid_class cls)
{
	size_t n = strlen(variant);

	if (n < 2 || strcmp(variant + n - 2, "nt") != 0)
		return 1;
	return cls == GFRAID_CLASS_HUGE && op != GFRAID_OP_XOR_SYNDROME &&
	       op != GFRAID_OP_EC_UPDATE_SHARDS;
}

/* The result of variant name in res's group, or NULL. */
static const struct result *find(const struct result *res, int n, const struct result *group,
				 const char *name)
{
	int j;

	for (j = 0; j < n; j++)
		if (!res[j].skipped && res[j].c->side == SIDE_OURS &&
		    bench_same_group(res[j].c, group->c) && !strcmp(res[j].c->impl + 7, name))
			return &res[j];
	return NULL;
}

struct tally {
	int cells, decisive, steady, samples, within, placed, bound, near;
	double worst, place_worst;
	const struct result *place_worst_at;	/* the cell of place_worst, its placement */
	int place_worst_place;
};

/* A cell's process-cells into t: within 5% of the fastest (over the mean
   of the placements) and at least 0.9 of the fastest in every placement,
   the worst ratio of each kind (the latter's cell and placement), and
   whether the cell is decisive (its two fastest more than 5% apart) and
   its choice the same in every process. */
static void tally_add(struct tally *t, int within, int placed, int samples, double worst,
		      double place_worst, const struct result *at, int place, int decisive,
		      int steady)
{
	t->worst = !t->cells || worst < t->worst ? worst : t->worst;
	if (!t->cells || place_worst < t->place_worst) {
		t->place_worst = place_worst;
		t->place_worst_at = at;
		t->place_worst_place = place;
	}
	t->cells++;
	t->samples += samples;
	t->within += within;
	t->placed += placed;
	t->decisive += decisive;
	t->steady += decisive && steady;
}

/* sel's time over the fastest suited variant's in the placement where
   that ratio is least (into *place), of the places. */
static double place_ratio(const struct result *res, int n, const struct result *group,
			  const struct result *sel, enum gfraid_op op, enum gfraid_class cls,
			  int places, int *place)
{
	double worst = 1;
	int q, j;

	*place = 0;
	for (q = 0; q < places; q++) {
		double best = sel->place_ns[q];

		for (j = 0; j < n; j++) {
			const struct result *r = &res[j];

			if (!r->skipped && r->c->side == SIDE_OURS && bench_same_group(r->c, group->c) &&
			    suits(r->c->impl + 7, op, cls) && r->place_ns[q] < best)
				best = r->place_ns[q];
		}
		if (best / sel->place_ns[q] < worst) {
			worst = best / sel->place_ns[q];
			*place = q;
		}
	}
	return worst;
}

/* The least worst case of the cell's suited variants: the greatest of
   their place_ratio, and the variant that has it (*name). Where it is
   under 0.9, no one choice can be at least 0.9 in every placement. */
static double least_worst(const struct result *res, int n, const struct result *group,
			  enum gfraid_op op, enum gfraid_class cls, int places, const char **name)
{
	double most = 0;
	int j, place;

	*name = "";
	for (j = 0; j < n; j++) {
		const struct result *r = &res[j];
		double ratio;

		if (r->skipped || r->c->side != SIDE_OURS || !bench_same_group(r->c, group->c) ||
		    !suits(r->c->impl + 7, op, cls))
			continue;
		ratio = place_ratio(res, n, group, r, op, cls, places, &place);
		if (ratio > most) {
			most = ratio;
			*name = r->c->impl + 7;
		}
	}
	return most;
}

/* The distinct choices of the nproc processes for op, class cls and width
   w: how many, the first process to make each (first_of) and how many
   made it (count), at most 64 of them. */
static int distinct_choices(const struct choices *ch, int nproc, enum gfraid_op op,
			    enum gfraid_class cls, enum gfraid_width w, int *first_of, int *count)
{
	int p, q, distinct = 0;

	for (p = 0; p < nproc; p++) {
		for (q = 0; q < distinct; q++)
			if (!strcmp(ch[first_of[q]].name[op][cls][w], ch[p].name[op][cls][w]))
				break;
		if (q == distinct) {
			if (distinct == 64)
				continue;
			first_of[distinct] = p;
			count[distinct++] = 0;
		}
		count[q]++;
	}
	return distinct;
}

/* Tallies per bench op, size class and width. */
typedef struct tally slot_tallies[GFRAID_CLASS_COUNT][GFRAID_WIDTH_COUNT];

/* One cell: the fastest two suited variants, each process's choice over
   the placements' mean and in its worst placement; its process-cells into
   t and into by_slot, the tallies per op, class and width. */
static void report_cell(const struct result *res, int n, const struct result *group,
			const struct choices *ch, int nproc, int places, struct tally *t,
			slot_tallies *by_slot)
{
	enum gfraid_op op = bench_library_op(group->c->op);
	enum gfraid_class cls = gfraid_class_of(bench_blocks(group->c), group->c->len);
	enum gfraid_width w = (enum gfraid_width)gfraid_width_of(op, bench_members(group->c));
	const struct result *best = NULL, *second = NULL, *nt = NULL;
	int j, p, distinct, first_of[64], count[64], within = 0, placed = 0, decisive;
	int place = 0, worst_place = 0, near = 0;
	double worst = 1, place_worst = 1, least;
	const char *least_name;

	for (j = 0; j < n; j++) {
		const struct result *r = &res[j];

		if (r->skipped || r->c->side != SIDE_OURS || !bench_same_group(r->c, group->c))
			continue;
		if (!suits(r->c->impl + 7, op, cls)) {
			if (!nt || r->bytes_per_s > nt->bytes_per_s)
				nt = r;
			continue;
		}
		if (!best || r->bytes_per_s > best->bytes_per_s) {
			second = best;
			best = r;
		} else if (!second || r->bytes_per_s > second->bytes_per_s) {
			second = r;
		}
	}
	if (!best)
		return;
	least = least_worst(res, n, group, op, cls, places, &least_name);
	printf("%-16s %-6s %-6s %-6s %-7s %-17s %6.2f ", bench_op_name(group->c->op),
	       group->c->geometry, group->c->size, gfraid_class_name(cls), gfraid_width_name(w),
	       best->c->impl + 7, best->bytes_per_s / 1e9);
	for (p = 0; p < nproc; p++) {
		const struct result *sel = find(res, n, group, ch[p].name[op][cls][w]);
		double ratio = sel ? sel->bytes_per_s / best->bytes_per_s : 0;
		double in_place = sel ? place_ratio(res, n, group, sel, op, cls, places, &place) : 0;

		within += ratio >= 0.95;
		placed += in_place >= 0.9;
		near += in_place >= least - 0.05;
		worst = ratio < worst ? ratio : worst;
		if (in_place < place_worst) {
			place_worst = in_place;
			worst_place = place;
		}
	}
	distinct = distinct_choices(ch, nproc, op, cls, w, first_of, count);
	for (j = 0; j < distinct; j++) {
		const char *name = ch[first_of[j]].name[op][cls][w];
		const struct result *sel = find(res, n, group, name);

		printf("%s%s", j ? ", " : " ", name);
		if (nproc > 1)
			printf(" %d/%d", count[j], nproc);
		printf(" %.2f", sel ? sel->bytes_per_s / best->bytes_per_s : 0);
		if (places > 1)
			printf(" (%.2f)", sel ? place_ratio(res, n, group, sel, op, cls, places, &place)
					      : 0);
	}
	if (worst < 0.95 || place_worst < 0.9)
		printf("  MISS");
	if (places > 1 && place_worst < 0.9)
		printf("  (least worst case: %s %.2f)", least_name, least);
	if (nt && nt->bytes_per_s > best->bytes_per_s)
		printf("  (%s %.2f, not for %s blocks)", nt->c->impl + 7,
		       nt->bytes_per_s / best->bytes_per_s, gfraid_class_name(cls));
	printf("\n");
	decisive = second && second->bytes_per_s < 0.95 * best->bytes_per_s;
	tally_add(t, within, placed, nproc, worst, place_worst, group, worst_place, decisive,
		  distinct == 1);
	tally_add(&by_slot[group->c->op][cls][w], within, placed, nproc, worst, place_worst, group,
		  worst_place, decisive, distinct == 1);
	t->bound += least < 0.9;
	t->near += near;
}

/* Per op, size class and width: its cells, how many process-cells were
   within 5% of the fastest and at least 0.9 of it in every placement, the
   worst ratio of each kind, and each choice with how many processes made
   it. */
static void report_slots(const struct choices *ch, int nproc, slot_tallies *by_slot)
{
	int bop, cls, w, j, distinct, first_of[64], count[64];

	printf("\n%-16s %-6s %-7s %5s %10s %6s %10s %6s  %s\n", "op", "class", "width", "cells",
	       "within 5%", "worst", ">=0.9 each", "worst", "chosen in each process");
	for (bop = 0; bop < BOP_COUNT; bop++)
		for (cls = 0; cls < GFRAID_CLASS_COUNT; cls++)
			for (w = 0; w < GFRAID_WIDTH_COUNT; w++) {
				const struct tally *t = &by_slot[bop][cls][w];
				enum gfraid_op op = bench_library_op((enum bench_op)bop);
				char within[24], placed[24];

				if (!t->cells)
					continue;
				snprintf(within, sizeof(within), "%d/%d", t->within, t->samples);
				snprintf(placed, sizeof(placed), "%d/%d", t->placed, t->samples);
				printf("%-16s %-6s %-7s %5d %10s %6.2f %10s %6.2f ",
				       bench_op_name((enum bench_op)bop),
				       gfraid_class_name((enum gfraid_class)cls),
				       gfraid_width_name((enum gfraid_width)w), t->cells, within,
				       t->worst, placed, t->place_worst);
				distinct = distinct_choices(ch, nproc, op, (enum gfraid_class)cls,
							    (enum gfraid_width)w, first_of, count);
				for (j = 0; j < distinct; j++) {
					printf("%s %s", j ? "," : "",
					       ch[first_of[j]].name[op][cls][w]);
					if (nproc > 1)
						printf(" %d/%d", count[j], nproc);
				}
				printf("\n");
			}
}

void dispatch_report(const struct result *res, int n, const struct choices *ch, int nproc,
		     int places, int placements)
{
	struct tally t = { .worst = 1, .place_worst = 1 };
	slot_tallies by_slot[BOP_COUNT];
	int i, j;

	memset(by_slot, 0, sizeof(by_slot));
	printf("\n%-16s %-6s %-6s %-6s %-7s %-17s %6s  %s\n", "op", "geom", "size", "class",
	       "width", "fastest", "GB/s",
	       nproc > 1 ? "chosen in each process: count, ratio to the fastest (in the worst "
			   "placement)"
			 : "chosen, ratio to the fastest (in the worst placement)");
	for (i = 0; i < n; i++) {
		for (j = 0; j < i; j++)
			if (bench_same_group(res[j].c, res[i].c))
				break;
		if (j == i && res[i].c->side == SIDE_OURS && bench_has_variants(res[i].c->op))
			report_cell(res, n, &res[i], ch, nproc, places, &t, by_slot);
	}
	report_slots(ch, nproc, by_slot);
	printf("\ndispatch: in %d process%s, the chosen variant is within 5%% of the fastest "
	       "suited one in %d of %d cells (%.1f%%; worst %.2f)\n",
	       nproc, nproc > 1 ? "es" : "", t.within, t.samples,
	       t.samples ? 100.0 * t.within / t.samples : 0, t.worst);
	if (t.place_worst_at)
		printf("dispatch: in each of %d placements, it is at least 0.9 of the fastest there "
		       "in %d of %d cells (worst %.2f: %s %s %s, %s)\n",
		       places, t.placed, t.samples, t.place_worst,
		       bench_op_name(t.place_worst_at->c->op), t.place_worst_at->c->geometry,
		       t.place_worst_at->c->size,
		       bench_place_name(bench_place_of(t.place_worst_place, placements)));
	if (places > 1)
		printf("dispatch: in %d of %d cells no variant is at least 0.9 of the fastest in "
		       "every placement; in %d of %d cells the choice's worst placement is within "
		       "0.05 of the least worst case of any variant\n",
		       t.bound, t.cells, t.near, t.samples);
	if (nproc > 1)
		printf("dispatch: of the %d cells whose fastest two differ by more than 5%%, %d had "
		       "the same choice in every process\n", t.decisive, t.steady);
}
