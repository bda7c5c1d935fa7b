// SPDX-License-Identifier: GPL-2.0-only
/*
 * ec-cli bench: the gfraid-bench catalogue (bench/cases.c) from the
 * command line, with its own small timer: each case runs for --min-time
 * seconds, --repetitions times, and the median is reported; with --rounds
 * the whole selection is timed that many times over and each case reports
 * the median of its rounds, so a burst of load from elsewhere on a shared
 * machine lands on one round of many cases rather than on every
 * repetition of a few. Without
 * selection options it runs a short set (RAID-6 8+2, EC 10+4, 64 KiB) and
 * prints libgfraid's best against the best peer for each op.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "cli.h"


struct options {
	const char *ops, *impls, *geometries, *sizes;
	double min_time;
	int repetitions, rounds, placements, cold, all, json, csv, dispatch, processes, choices;
	const char *choice_ops;	/* --choices=OPS */
};

/* The places each round is timed in: the placements, twice with --cold. */
static int places_of(const struct options *o)
{
	return o->placements * (o->cold ? 2 : 1);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* item is one of the comma-separated words of list (NULL list: any). */
int bench_listed(const char *list, const char *item, int substring)
{
	const char *p = list;
	size_t n = strlen(item);

	if (!list)
		return 1;
	while (*p) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);

		if (substring) {
			char word[64];

			snprintf(word, sizeof(word), "%.*s", (int)len, p);
			if (len && strstr(item, word))
				return 1;
		} else if (len == n && !strncmp(p, item, n)) {
			return 1;
		}
		if (!end)
			break;
		p = end + 1;
	}
	return 0;
}

static int selected(const struct options *o, const struct bench_case *c)
{
	int raid6 = c->op <= BOP_DATAP;

	if (o->all)
		return 1;
	if (!o->ops && !o->impls && !o->geometries && !o->sizes) {
		/* the short default: one geometry per family, 64 KiB */
		if (strcmp(c->size, "64KiB"))
			return 0;
		if (c->side == SIDE_FLOOR)
			return !strcmp(c->geometry, "8+2") || !strcmp(c->geometry, "10+4");
		return !strcmp(c->geometry, raid6 ? "8+2" : "10+4");
	}
	return bench_listed(o->ops, bench_op_name(c->op), 0) && bench_listed(o->impls, c->impl, 1) &&
	       bench_listed(o->geometries, c->geometry, 0) && bench_listed(o->sizes, c->size, 0);
}

static const char *op_of(const struct bench_case *c)
{
	return bench_op_name(c->op);
}

static const char *size_of(const struct bench_case *c)
{
	return c->size;
}

/* Each item of list (--opt) names some case's field; else say which does
   not and return 2. */
static int all_named(const char *opt, const char *list, const struct bench_case *cases, int n,
		     const char *(*field)(const struct bench_case *))
{
	const char *p = list;
	char item[64];
	int i;

	while (p && *p) {
		size_t len = strcspn(p, ",");

		snprintf(item, sizeof(item), "%.*s", (int)len, p);
		for (i = 0; i < n && strcmp(field(&cases[i]), item); i++)
			;
		if (i == n) {
			fprintf(stderr,
				"ec-cli bench: --%s %s: no such %s; see ec-cli bench --help\n", opt,
				item, opt);
			return 2;
		}
		p = p[len] ? p + len + 1 : NULL;
	}
	return 0;
}

/* item as data+parity in the form case names use (no signs, spaces or
   leading zeros), each part 0 to 99999: 0, else -1. */
static int geometry_of(const char *item, int *data, int *parity)
{
	char *end, again[32];
	long d = strtol(item, &end, 10), p;

	if (*end != '+' || d < 0 || d > 99999)
		return -1;
	p = strtol(end + 1, &end, 10);
	if (*end || p < 0 || p > 99999)
		return -1;
	*data = (int)d;
	*parity = (int)p;
	snprintf(again, sizeof(again), "%d+%d", *data, *parity);
	return strcmp(again, item) ? -1 : 0;
}

/* Each data+parity of --disks into the catalogue (any k+m, not only its
   own); 2 after saying which item is not one. */
static int name_geometries(const char *list)
{
	const char *p = list;
	char item[64];
	int data, parity;

	while (p && *p) {
		size_t len = strcspn(p, ",");

		snprintf(item, sizeof(item), "%.*s", (int)len, p);
		if (geometry_of(item, &data, &parity)) {
			fprintf(stderr, "ec-cli bench: --disks %s: wants data+parity, e.g. 12+4\n",
				item);
			return 2;
		}
		if (bench_catalogue_geometry(data, parity)) {
			fprintf(stderr,
				"ec-cli bench: --disks %s: wants data >= 1, parity >= 1, "
				"data + parity <= %d, and at most 16 geometries\n",
				item, GFRAID_MAX_SHARDS);
			return 2;
		}
		p = p[len] ? p + len + 1 : NULL;
	}
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Cold: each step timed alone, its blocks flushed from the caches before
   it, until the steps add up to min_time (or ten times that has passed);
   seconds per step. */
static double time_cold(struct bench_run *r, double min_time)
{
	double spent = 0, start = now(), t;
	long done = 0;

	do {
		bench_evict(r);
		t = now();
		bench_step(r);
		spent += now() - t;
		done++;
	} while (spent < min_time && now() - start < 10 * min_time);
	return spent / (double)done;
}

/* Seconds per step: grow the batch until it fills min_time, per repetition
   (cold: time_cold); the median of the repetitions. */
static double time_case(struct bench_run *r, double min_time, int repetitions, int cold)
{
	double per_step[64];
	int rep;

	for (rep = 0; rep < repetitions; rep++) {
		long batch = 1, done = 0;
		double start, elapsed;

		if (cold) {
			per_step[rep] = time_cold(r, min_time);
			continue;
		}
		start = now();
		for (;;) {
			long i;

			for (i = 0; i < batch; i++)
				bench_step(r);
			done += batch;
			elapsed = now() - start;
			if (elapsed >= min_time)
				break;
			batch = elapsed < min_time / 10 ? batch * 2 : batch + batch / 2 + 1;
		}
		per_step[rep] = elapsed / (double)done;
	}
	qsort(per_step, (size_t)repetitions, sizeof(per_step[0]), cmp_double);
	return per_step[repetitions / 2];
}

static void progress(int i, int n, const char *name)
{
	if (isatty(STDERR_FILENO))
		fprintf(stderr, "\r\033[K[%d/%d] %s", i + 1, n, name);
	else if (i % 25 == 0)
		fprintf(stderr, "ec-cli bench: [%d/%d] %s\n", i + 1, n, name);
}

static void print_table(const struct result *res, int n)
{
	int i;

	printf("%-52s %12s %12s %12s\n", "case", "GB/s", "ns/step", "writes/s");
	for (i = 0; i < n; i++) {
		if (res[i].skipped) {
			printf("%-52s  not run: %s\n", res[i].c->name, res[i].skipped);
			continue;
		}
		printf("%-52s %12.2f %12.0f", res[i].c->name, res[i].bytes_per_s / 1e9,
		       res[i].ns_per_step);
		if (res[i].writes_per_s > 0)
			printf(" %12.0f", res[i].writes_per_s);
		printf("\n");
	}
}

int bench_same_group(const struct bench_case *a, const struct bench_case *b)
{
	return a->op == b->op && !strcmp(a->geometry, b->geometry) && !strcmp(a->size, b->size);
}

/* Per op, geometry and size: libgfraid's best, the best peer, the ratio,
   and the XOR floor of the same data. */
static void print_summary(const struct result *res, int n)
{
	int i, j, header = 0, name_w = 18;

	/* the name columns as wide as the longest name shown */
	for (i = 0; i < n; i++)
		if (res[i].c->side != SIDE_FLOOR && (int)strlen(res[i].c->impl) > name_w)
			name_w = (int)strlen(res[i].c->impl);
	for (i = 0; i < n; i++) {
		const struct result *ours = NULL, *peer = NULL, *floor = NULL;

		if (res[i].c->side == SIDE_FLOOR)
			continue;
		for (j = 0; j < i; j++)
			if (res[j].c->side != SIDE_FLOOR && bench_same_group(res[j].c, res[i].c))
				break;
		if (j < i)
			continue;	/* group already printed */
		for (j = 0; j < n; j++) {
			const struct result *r = &res[j];

			if (r->skipped)
				continue;
			if (r->c->op == BOP_FLOOR_XOR && !strcmp(r->c->geometry, res[i].c->geometry) &&
			    !strcmp(r->c->size, res[i].c->size))
				floor = r;
			if (!bench_same_group(r->c, res[i].c))
				continue;
			if (r->c->side == SIDE_OURS && (!ours || r->bytes_per_s > ours->bytes_per_s))
				ours = r;
			if (r->c->side == SIDE_PEER && (!peer || r->bytes_per_s > peer->bytes_per_s))
				peer = r;
		}
		if (!header) {
			printf("\n%-16s %-6s %-10s %-*s %-*s %7s %9s\n", "op", "geom", "size",
			       name_w + 8, "libgfraid best (GB/s)", name_w + 8, "best peer (GB/s)",
			       "ratio", "xor floor");
			header = 1;
		}
		printf("%-16s %-6s %-10s ", bench_op_name(res[i].c->op), res[i].c->geometry,
		       res[i].c->size);
		if (ours)
			printf("%-*s %7.2f ", name_w, ours->c->impl, ours->bytes_per_s / 1e9);
		else
			printf("%-*s ", name_w + 8, "-");
		if (peer)
			printf("%-*s %7.2f ", name_w, peer->c->impl, peer->bytes_per_s / 1e9);
		else
			printf("%-*s ", name_w + 8, "-");
		if (ours && peer)
			printf("%6.2fx ", ours->bytes_per_s / peer->bytes_per_s);
		else
			printf("%7s ", "-");
		if (floor)
			printf("%9.2f", floor->bytes_per_s / 1e9);
		printf("\n");
	}
}

/* The same fields Google Benchmark writes, so bench/report.py reads both. */
static void print_json(const struct result *res, int n, const struct options *o)
{
	int i, q, first = 1, places = places_of(o);

	printf("{\n  \"context\": {\"executable\": \"ec-cli bench\", \"library\": \"libgfraid %d.%d.%d\", "
	       "\"repetitions\": %d, \"rounds\": %d, \"placements\": %d, \"cold\": %s, "
	       "\"min_time\": %g",
	       GFRAID_VERSION_MAJOR, GFRAID_VERSION_MINOR, GFRAID_VERSION_PATCH, o->repetitions,
	       o->rounds, o->placements, o->cold ? "true" : "false", o->min_time);
	for (q = 0; places > 1 && q < places; q++)
		printf("%s\"%s\"", q ? ", " : ", \"places\": [",
		       bench_place_name(bench_place_of(q, o->placements)));
	printf("%s},\n  \"benchmarks\": [", places > 1 ? "]" : "");
	for (i = 0; i < n; i++) {
		if (res[i].skipped)
			continue;
		printf("%s\n    {\"name\": \"%s_median\", \"run_name\": \"%s\", \"run_type\": \"aggregate\", "
		       "\"aggregate_name\": \"median\", \"real_time\": %.3f, \"cpu_time\": %.3f, "
		       "\"time_unit\": \"ns\", \"bytes_per_second\": %.1f",
		       first ? "" : ",", res[i].c->name, res[i].c->name, res[i].ns_per_step,
		       res[i].ns_per_step, res[i].bytes_per_s);
		if (res[i].writes_per_s > 0)
			printf(", \"items_per_second\": %.1f", res[i].writes_per_s);
		for (q = 0; places > 1 && q < places; q++)
			printf("%s%.3f", q ? ", " : ", \"place_ns\": [", res[i].place_ns[q]);
		printf(places > 1 ? "]}" : "}");
		first = 0;
	}
	printf("\n  ]\n}\n");
}

static void print_csv(const struct result *res, int n)
{
	int i;

	printf("name,op,impl,geometry,size,bytes_per_second,ns_per_step,writes_per_second\n");
	for (i = 0; i < n; i++)
		if (!res[i].skipped)
			printf("%s,%s,%s,%s,%s,%.1f,%.3f,%.1f\n", res[i].c->name,
			       bench_op_name(res[i].c->op), res[i].c->impl, res[i].c->geometry,
			       res[i].c->size, res[i].bytes_per_s, res[i].ns_per_step,
			       res[i].writes_per_s);
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: ec-cli bench [--op OPS] [--impl NAMES] [--disks GEOMS] [--size SIZES]\n"
		"                    [--all] [--min-time S] [--repetitions N] [--rounds N]\n"
		"                    [--placements N] [--cold]\n"
		"                    [--json | --csv] [--dispatch [--processes N]]\n"
		"                    [--choices[=OPS]]\n\n"
		"Times libgfraid's variants, Linux lib/raid6 (6.1 linux:, 7.2 linux72: where\n"
		"built), ISA-L and the memcpy/XOR floors on the same buffers (the gfraid-bench\n"
		"cases). Without selection options: a short run at 64 KiB (RAID-6 8+2, EC\n"
		"10+4), then libgfraid's best against the best peer for each op. GB/s are\n"
		"10^9 bytes of data per second.\n\n"
		"  --op OPS         gen_syndrome, xor_rmw, recov_2data, recov_datap, raid6_check,\n"
		"                   ec_encode, ec_update, ec_reconstruct, ec_update_shards,\n"
		"                   ec_check, floor_memcpy, floor_xor\n"
		"                   (comma-separated)\n"
		"  --impl NAMES     implementations whose name contains any of these\n"
		"                   (gfraid:, linux:, linux72:, isal:avx512, floor:...)\n"
		"  --disks GEOMS    geometries, data+parity (default set: 4+2, 8+2, 14+2, 10+4,\n"
		"                   16+4, 8+8, 32+4; any other k+m is timed too)\n"
		"  --size SIZES     block sizes: 4KiB, 64KiB, 1MiB, odd65533 (unaligned),\n"
		"                   16MiB (gen_syndrome, ec_encode, ec_update_shards, floors)\n"
		"  --all            every case (several minutes)\n"
		"  --min-time S     seconds per repetition (default 0.05)\n"
		"  --repetitions N  repetitions, the median is reported (default 3)\n"
		"  --rounds N       time the whole selection N times over and report each\n"
		"                   case's median round (default 1; for noisy machines)\n"
		"  --placements N   time each round in N placements of the blocks in memory\n"
		"                   (one buffer, ascending or descending; page-aligned, then\n"
		"                   each block 64, 16 or 7 bytes further into its page than\n"
		"                   the last; from the fifth on with 0 to 3 more pages\n"
		"                   between blocks), the mean over them of each one's median\n"
		"                   round (default 1, with --dispatch 4, judged in each)\n"
		"  --cold           each placement twice: as it is, and cold: the blocks\n"
		"                   flushed from every cache level before each call, as\n"
		"                   fresh buffers past the last-level cache (each call\n"
		"                   timed alone; x86-64 and AArch64)\n"
		"  --json, --csv    every result in that format on stdout instead of tables\n"
		"  --dispatch       time every variant of ours (at 4 KiB, 64 KiB, 1 MiB and\n"
		"                   16 MiB unless --size) and show, per case, the variant\n"
		"                   dispatch chose for the case's size class and width\n"
		"                   against the fastest one suited to that class (nt\n"
		"                   variants: huge calls only)\n"
		"  --processes N    with --dispatch: the choices of N fresh processes\n"
		"                   (each calibrates at first use), how often each was\n"
		"                   made and how it fares, per case and per op, size\n"
		"                   class and width\n"
		"  --choices[=OPS]  print this process's choice per op, size class and\n"
		"                   width (of the library's ops OPS: gen_syndrome,\n"
		"                   xor_syndrome, recov, raid6_check, ec_encode, ec_update,\n"
		"                   ec_update_shards, ec_check; default all)\n");
}

/* A numeric option into o: 0, or 2 with the reason printed. */
static int parse_number(int ch, const char *arg, struct options *o)
{
	if (ch == 't' && cli_parse_seconds(arg, 0, 60, &o->min_time)) {
		fprintf(stderr, "ec-cli bench: --min-time wants seconds in (0, 60]\n");
		return 2;
	}
	if (ch == 'r' && cli_parse_int(arg, 1, 64, &o->repetitions)) {
		fprintf(stderr, "ec-cli bench: --repetitions wants 1..64\n");
		return 2;
	}
	if (ch == 'R' && cli_parse_int(arg, 1, 64, &o->rounds)) {
		fprintf(stderr, "ec-cli bench: --rounds wants 1..64\n");
		return 2;
	}
	if (ch == 'L' && cli_parse_int(arg, 1, BENCH_MAX_PLACES, &o->placements)) {
		fprintf(stderr, "ec-cli bench: --placements wants 1..%d\n", BENCH_MAX_PLACES);
		return 2;
	}
	if (ch == 'P' && cli_parse_int(arg, 1, 64, &o->processes)) {
		fprintf(stderr, "ec-cli bench: --processes wants 1..64\n");
		return 2;
	}
	return 0;
}

/* The options into o: 0, 1 after the help, or 2 on a usage error. */
static int parse_args(int argc, char **argv, struct options *o)
{
	static const struct option opts[] = {
		{ "op", required_argument, NULL, 'o' },
		{ "impl", required_argument, NULL, 'i' },
		{ "disks", required_argument, NULL, 'd' },
		{ "size", required_argument, NULL, 's' },
		{ "all", no_argument, NULL, 'a' },
		{ "min-time", required_argument, NULL, 't' },
		{ "repetitions", required_argument, NULL, 'r' },
		{ "rounds", required_argument, NULL, 'R' },
		{ "placements", required_argument, NULL, 'L' },
		{ "cold", no_argument, NULL, 'K' },
		{ "json", no_argument, NULL, 'j' },
		{ "csv", no_argument, NULL, 'c' },
		{ "dispatch", no_argument, NULL, 'D' },
		{ "processes", required_argument, NULL, 'P' },
		{ "choices", optional_argument, NULL, 'C' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int ch;

	while ((ch = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if ((ch == 't' || ch == 'r' || ch == 'R' || ch == 'L' || ch == 'P') &&
		    parse_number(ch, optarg, o))
			return 2;
		o->ops = ch == 'o' ? optarg : o->ops;
		o->impls = ch == 'i' ? optarg : o->impls;
		o->geometries = ch == 'd' ? optarg : o->geometries;
		o->sizes = ch == 's' ? optarg : o->sizes;
		o->all |= ch == 'a';
		o->json |= ch == 'j';
		o->csv |= ch == 'c';
		o->dispatch |= ch == 'D';
		o->cold |= ch == 'K';
		o->choices |= ch == 'C';
		o->choice_ops = ch == 'C' ? optarg : o->choice_ops;
		if (ch == 'h') {
			usage(stdout);
			return 1;
		}
		if (ch == '?') {
			usage(stderr);
			return 2;
		}
	}
	if (optind < argc || (o->json && o->csv) || (o->processes && !o->dispatch)) {
		usage(stderr);
		return 2;
	}
	if (o->cold && !bench_can_evict()) {
		fprintf(stderr, "ec-cli bench: --cold: no cache flush for this architecture\n");
		return 2;
	}
	return 0;
}

/* The placement (bench_place) of the q-th of a run's places: its
   placements, then with --cold the same ones cold. */
int bench_place_of(int q, int placements)
{
	return q < placements ? q : BENCH_COLD + q - placements;
}

/* A case's time from its rows (round r in placement r % places): each
   placement's median round into place_ns, and their mean, the time a
   caller whose blocks may lie in any of them can expect. */
static double mean_of_medians(const double *row, int rounds, int places, double *place_ns)
{
	double one[64], sum = 0;
	int p, j;

	for (p = 0; p < places; p++) {
		for (j = 0; j < rounds; j++)
			one[j] = row[j * places + p];
		qsort(one, (size_t)rounds, sizeof(*one), cmp_double);
		place_ns[p] = rounds % 2 ? one[rounds / 2] : (one[rounds / 2 - 1] + one[rounds / 2]) / 2;
		sum += place_ns[p];
	}
	return sum / places;
}

/* Every selected case timed o->rounds times over in each of the places
   (o->placements, twice with --cold; the whole selection a round, in one
   placement), each case's time the mean over places of its median round:
   the number of results. */
static int time_all(const struct options *o, const struct bench_case *cases, int n, int total,
		    struct result *res, double *rounds)
{
	int i, round, nres = 0, places = places_of(o), rows = o->rounds * places;

	for (round = 0; round < rows; round++) {
		int place = bench_place_of(round % places, o->placements);

		nres = 0;
		bench_place(place);
		for (i = 0; i < n; i++) {
			struct result *r;
			struct bench_run *run;

			if (!selected(o, &cases[i]))
				continue;
			r = &res[nres];
			r->c = &cases[i];
			progress(round * total + nres++, total * rows, cases[i].name);
			if (r->skipped)	/* not in an earlier placement, so not at all */
				continue;
			run = bench_open(&cases[i], &r->skipped);
			if (!run)
				continue;
			bench_step(run);	/* warm the caches and the first-use paths */
			rounds[(nres - 1) * rows + round] =
				time_case(run, o->min_time, o->repetitions, place >= BENCH_COLD) * 1e9;
			bench_close(run);
		}
	}
	for (i = 0; i < nres; i++) {
		struct result *r = &res[i];

		if (r->skipped)
			continue;
		r->ns_per_step = mean_of_medians(&rounds[i * rows], o->rounds, places, r->place_ns);
		r->bytes_per_s = (double)bench_step_bytes(r->c) / (r->ns_per_step * 1e-9);
		if (bench_step_writes(r->c))
			r->writes_per_s = 1e9 / r->ns_per_step * bench_step_writes(r->c);
	}
	if (isatty(STDERR_FILENO))
		fprintf(stderr, "\r\033[K");
	return nres;
}

/* The default report: the table (unless the short run), then per op our
   best against the best peer. */
static void print_text(const struct options *o, const struct result *res, int nres)
{
	int short_run = !o->all && !o->ops && !o->impls && !o->geometries && !o->sizes, i, l;

	printf("ec-cli bench: %d cases, median of %d runs of %g s each", nres, o->repetitions,
	       o->min_time);
	if (o->rounds > 1)
		printf(", median of %d rounds", o->rounds);
	if (places_of(o) > 1)
		printf(" in each of %d placements%s, their mean", places_of(o),
		       o->cold ? " (half of them cold)" : "");
	printf("; GB/s of data\n");
	if (bench_isal_version())
		printf("isal: peers are %s\n", bench_isal_version());
	for (l = 0; l < bench_linux_count(); l++) {
		for (i = 0; i < nres; i++)
			if (!res[i].skipped && bench_linux_recovery(res[i].c) == l)
				break;
		if (i < nres)
			printf("%s: kernel recovery runs on gen_syndrome %s, the one raid6_pq picks "
			       "here\n", bench_linux_prefix(l), bench_linux_recovery_gen(l));
	}
	if (!short_run) {
		printf("\n");
		print_table(res, nres);
	}
	print_summary(res, nres);
}

int cmd_bench(int argc, char **argv)
{
	struct options o = { .min_time = 0.05, .repetitions = 3, .rounds = 1 };
	const struct bench_case *cases;
	struct choices *chosen = NULL;
	struct result *res;
	double *rounds;	/* ns per step, o.rounds * places_of(&o) per case */
	int n, i, nres, total = 0, err = parse_args(argc, argv, &o);
	unsigned int ops = 0;	/* the library's ops of the cases of ours */

	if (err)
		return err == 1 ? 0 : 2;
	if (o.choices) {
		ops = dispatch_ops_named(o.choice_ops);
		if (!ops) {
			fprintf(stderr, "ec-cli bench: --choices names no op; see ec-cli bench --help\n");
			return 2;
		}
		return dispatch_print_choices(ops);
	}
	if (o.dispatch) {
		/* every variant of ours, a size of each class */
		o.impls = "gfraid:";
		if (!o.sizes)
			o.sizes = "4KiB,64KiB,1MiB,16MiB";
		if (!o.placements)
			o.placements = 4;
	}
	o.placements = o.placements ? o.placements : 1;
	if (name_geometries(o.geometries))
		return 2;
	n = bench_catalogue(&cases);
	if (all_named("op", o.ops, cases, n, op_of) ||
	    all_named("size", o.sizes, cases, n, size_of))
		return 2;
	for (i = 0; i < n; i++)
		if (selected(&o, &cases[i])) {
			total++;
			if (cases[i].side == SIDE_OURS && bench_has_variants(cases[i].op))
				ops |= 1u << bench_library_op(cases[i].op);
		}
	if (total == 0) {
		fprintf(stderr, "ec-cli bench: no case matches; see ec-cli bench --help\n");
		return 2;
	}
	if (o.dispatch) {
		int nproc = o.processes ? o.processes : 1;

		chosen = calloc((size_t)nproc, sizeof(*chosen));
		if (!chosen) {
			fprintf(stderr, "ec-cli bench: out of memory\n");
			return 1;
		}
		/* the choices first, each made in a process that timed nothing,
		   of the ops timed */
		if (!o.processes)
			dispatch_own_choices(chosen, ops);
		else if (dispatch_spawn(o.processes, chosen, ops)) {
			free(chosen);
			return 1;
		}
	}
	res = calloc((size_t)total, sizeof(*res));
	rounds = calloc((size_t)total * (size_t)(o.rounds * places_of(&o)), sizeof(*rounds));
	if (!res || !rounds) {
		fprintf(stderr, "ec-cli bench: out of memory\n");
		free(res);
		free(rounds);
		free(chosen);
		return 1;
	}
	nres = time_all(&o, cases, n, total, res, rounds);
	if (o.dispatch)
		dispatch_report(res, nres, chosen, o.processes ? o.processes : 1, places_of(&o),
				o.placements);
	else if (o.json)
		print_json(res, nres, &o);
	else if (o.csv)
		print_csv(res, nres);
	else
		print_text(&o, res, nres);
	free(rounds);
	free(res);
	free(chosen);
	return 0;
}
