// SPDX-License-Identifier: GPL-2.0-only
/*
 * ec-cli verify: every variant of every op, forced in turn, on random
 * cases, byte for byte against
 *  - the byte-at-a-time reference (oracle/reference.c),
 *  - Linux lib/raid6, every algorithm valid on this CPU, built unchanged
 *    from linux-source-6.1 (when built with GFRAID_ORACLES), and Linux
 *    7.2's lib/raid/raid6 from linux-source-7.2 (GFRAID_LINUX72_SOURCE),
 *  - ISA-L: pq_gen, ec_encode_data_base and the dispatched
 *    ec_encode_data / ec_encode_data_update, and its own decode of the
 *    shards gfraid_ec_reconstruct rebuilds (when built with GFRAID_ORACLES).
 * GPL-2.0 because it links the kernel code.
 */
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "gfraid.h"
#include "verify.h"

#ifdef GFRAID_HAVE_ORACLES
#include "linux_raid6.h"
#endif

const char *const oracle_title[OR_COUNT] = { "reference", "linux 6.1 raid6", "linux 7.2 raid6",
					     "ISA-L" };

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p) {
		fprintf(stderr, "ec-cli verify: out of memory\n");
		exit(1);
	}
	return p;
}

void blocks_new(struct blocks *b, int n, size_t len, size_t skew)
{
	int i;

	b->n = n;
	b->len = len;
	b->p = xmalloc(sizeof(*b->p) * (size_t)n);
	b->mem = xmalloc(sizeof(*b->mem) * (size_t)n);
	for (i = 0; i < n; i++) {
		b->mem[i] = aligned_alloc(64, (len + skew + 63) / 64 * 64 + 64);
		if (!b->mem[i]) {
			fprintf(stderr, "ec-cli verify: out of memory\n");
			exit(1);
		}
		b->p[i] = b->mem[i] + skew;
	}
}

void blocks_free(struct blocks *b)
{
	int i;

	for (i = 0; i < b->n; i++)
		free(b->mem[i]);
	free(b->p);
	free(b->mem);
}

void blocks_fill(struct verify *v, struct blocks *b)
{
	int i;

	for (i = 0; i < b->n; i++)
		rng_fill(&v->rng, b->p[i], b->len);
}

void blocks_copy(struct blocks *dst, const struct blocks *src)
{
	size_t n = dst->len < src->len ? dst->len : src->len;
	int i;

	for (i = 0; i < dst->n; i++) {
		memset(dst->p[i], 0, dst->len);
		memcpy(dst->p[i], src->p[i], n);
	}
}

/* ---- checking and reporting --------------------------------------- */

static void dump(FILE *f, const char *label, const uint8_t *p, size_t from, size_t to)
{
	size_t i;

	fprintf(f, "  %-9s [%zu..%zu]", label, from, to - 1);
	for (i = from; i < to; i++)
		fprintf(f, " %02x", p[i]);
	fprintf(f, "\n");
}

int check(struct verify *v, enum oracle o, const char *oracle_detail, uint8_t **got,
		 uint8_t **want, int n, size_t len, int raid6)
{
	int i;

	v->t[o].cases++;
	for (i = 0; i < n; i++) {
		size_t at, from, to;
		char block[32];

		if (memcmp(got[i], want[i], len) == 0)
			continue;
		v->t[o].failures++;
		if (v->mismatch_printed)
			return 0;
		v->mismatch_printed = 1;
		for (at = 0; got[i][at] == want[i][at]; at++)
			;
		if (raid6 && i >= n - 2)
			snprintf(block, sizeof(block), "%s", i == n - 2 ? "P" : "Q");
		else
			snprintf(block, sizeof(block), "%s %d", raid6 ? "data" : "coding", i);
		from = at & ~(size_t)15;
		to = from + 32 < len ? from + 32 : len;
		fprintf(v->report, "\nFIRST MISMATCH\n");
		fprintf(v->report, "  op        %s\n  variant   %s\n  oracle    %s %s\n", v->op,
			v->variant, oracle_title[o], oracle_detail);
		fprintf(v->report, "  case      --seed %" PRIu64 ": %s\n", v->seed, v->ctx);
		fprintf(v->report, "  block     %s (of %d), first difference at byte %zu of %zu\n",
			block, n, at, len);
		dump(v->report, "expected", want[i], from, to);
		dump(v->report, "got", got[i], from, to);
		return 0;
	}
	return 1;
}

int call_ok(struct verify *v, enum oracle o, int err, const char *call)
{
	if (!err)
		return 1;
	v->t[o].cases++;
	v->t[o].failures++;
	if (!v->mismatch_printed) {
		v->mismatch_printed = 1;
		fprintf(v->report,
			"\nFIRST MISMATCH\n  op        %s\n  variant   %s\n  case      --seed %" PRIu64
			": %s\n  %s returned %d: %s\n",
			v->op, v->variant, v->seed, v->ctx, call, err, gfraid_strerror(err));
	}
	return 0;
}

void verdict(struct verify *v, enum oracle o, const char *oracle_detail, int rc,
		    int member, int want_rc, int want_member)
{
	v->t[o].cases++;
	if (rc == want_rc && member == want_member)
		return;
	v->t[o].failures++;
	if (v->mismatch_printed)
		return;
	v->mismatch_printed = 1;
	fprintf(v->report,
		"\nFIRST MISMATCH\n  op        %s\n  variant   %s\n  oracle    %s %s\n"
		"  case      --seed %" PRIu64 ": %s\n  verdict   %d, member %d; expected %d, member %d\n",
		v->op, v->variant, oracle_title[o], oracle_detail, v->seed, v->ctx, rc, member,
		want_rc, want_member);
}

int pick_disks(struct verify *v, int min)
{
	return rng_range(&v->rng, 0, 9) == 9 ? GFRAID_MAX_DISKS : rng_range(&v->rng, min, 34);
}

/* ---- driver ------------------------------------------------------- */

/* The rows of the table: every op, then reconstruct, which runs the
   ec_encode variants. */
#define ROW_RECONSTRUCT GFRAID_OP_COUNT
#define ROW_COUNT (GFRAID_OP_COUNT + 1)

static const char *row_name(int row)
{
	return row == ROW_RECONSTRUCT ? "reconstruct" : gfraid_op_name((enum gfraid_op)row);
}

static enum gfraid_op row_op(int row)
{
	return row == ROW_RECONSTRUCT ? GFRAID_OP_EC_ENCODE : (enum gfraid_op)row;
}

/* Set by SIGINT: stop after the case running now, report what was done. */
static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
	(void)sig;
	interrupted = 1;
}

static void run_row(struct verify *v, int row)
{
	enum gfraid_op op = (enum gfraid_op)row;
	int it;

	for (it = 0; it < v->iterations && !interrupted; it++) {
		if (row == ROW_RECONSTRUCT)
			verify_reconstruct_case(v);
		else if (op <= GFRAID_OP_RECOV || op == GFRAID_OP_RAID6_CHECK)
			verify_raid6_case(v, op);
		else
			verify_ec_case(v, op);
	}
}

static void print_cell(const struct tally *t, int applicable)
{
	char cell[40];

	if (!applicable)
		snprintf(cell, sizeof(cell), "-");
	else if (t->cases == 0)
		snprintf(cell, sizeof(cell), "not built in");
	else if (t->failures)
		snprintf(cell, sizeof(cell), "FAIL %d/%d", t->failures, t->cases);
	else
		snprintf(cell, sizeof(cell), "PASS %d", t->cases);
	printf(" %-17s", cell);
}

/* Whether the table has o's column: 7.2's only where it is built. */
static int shown(enum oracle o)
{
#ifdef GFRAID_HAVE_LINUX72
	(void)o;
	return 1;
#else
	return o != OR_LINUX72;
#endif
}

static int applies(int row, enum oracle o)
{
	if (o == OR_LINUX || o == OR_LINUX72)
		return row <= GFRAID_OP_RECOV || row == GFRAID_OP_RAID6_CHECK;
	if (o == OR_ISAL)
		return row == GFRAID_OP_GEN_SYNDROME || row >= GFRAID_OP_EC_ENCODE;
	return 1;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: ec-cli verify [--seed N] [--iterations N] [--op OP] [--impl NAME]\n\n"
		"Forces every variant of every op in turn and compares its output, byte for\n"
		"byte, with the byte-at-a-time reference, with every Linux lib/raid6 algorithm\n"
		"valid on this CPU (6.1's, and 7.2's where built) and with ISA-L, on random\n"
		"geometries, lengths and alignments.\n"
		"Exit status 1 on any mismatch (a variant its self-test disabled counts as\n"
		"one); the first one is printed in full. Ctrl-C stops it with a report of\n"
		"what was checked so far (exit status 130).\n\n"
		"  --seed N         random seed (default: from the clock; printed)\n"
		"  --iterations N   random cases per variant and oracle (default 100)\n"
		"  --op OP          only this op (gen_syndrome, xor_syndrome, recov,\n"
		"                   ec_encode, ec_update, ec_update_shards, raid6_check,\n"
		"                   ec_check, reconstruct)\n"
		"  --impl NAME      only variants of this name\n");
}

/* The options into v, *only_op and *only_impl: 0, 1 after the help, or 2
   on a usage error (printed). */
static int parse_args(int argc, char **argv, struct verify *v, const char **only_op,
		      const char **only_impl)
{
	static const struct option opts[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "iterations", required_argument, NULL, 'n' },
		{ "op", required_argument, NULL, 'o' },
		{ "impl", required_argument, NULL, 'i' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	unsigned long long seed;
	int c, row;

	while ((c = getopt_long(argc, argv, "s:n:o:i:h", opts, NULL)) != -1) {
		if (c == 's' && cli_parse_u64(optarg, &seed)) {
			fprintf(stderr, "ec-cli verify: --seed wants an integer in 0..%llu, not '%s'\n",
				(unsigned long long)UINT64_MAX, optarg);
			return 2;
		}
		if (c == 's')
			v->seed = seed;
		if (c == 'n' && cli_parse_int(optarg, 1, 1000000, &v->iterations)) {
			fprintf(stderr, "ec-cli verify: --iterations wants 1..1000000\n");
			return 2;
		}
		*only_op = c == 'o' ? optarg : *only_op;
		*only_impl = c == 'i' ? optarg : *only_impl;
		if (c == 'h') {
			usage(stdout);
			return 1;
		}
		if (c == '?') {
			usage(stderr);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "ec-cli verify: unexpected argument '%s'\n", argv[optind]);
		return 2;
	}
	for (row = 0; *only_op && row < ROW_COUNT; row++)
		if (!strcmp(*only_op, row_name(row)))
			return 0;
	if (*only_op) {
		fprintf(stderr, "ec-cli verify: unknown op '%s'\n", *only_op);
		return 2;
	}
	return 0;
}

static void print_header(const struct verify *v)
{
	int i, o;

	printf("ec-cli verify: --seed %" PRIu64 ", %d iterations per variant and oracle\n", v->seed,
	       v->iterations);
#ifdef GFRAID_HAVE_ORACLES
	for (o = 0; o < verify_linux_count; o++) {
		const struct lref_oracle *l = verify_linuxes[o].o;

		printf("linux %s raid6 algorithms valid here:", l->name);
		for (i = 0; i < l->gen_count(); i++)
			if (l->gen_valid(i))
				printf(" %s", l->gen_name(i));
		printf("; recovery:");
		for (i = 0; i < l->recov_count(); i++)
			if (l->recov_valid(i))
				printf(" %s", l->recov_name(i));
		printf("\n");
	}
#ifndef GFRAID_HAVE_LINUX72
	printf("(built without GFRAID_LINUX72_SOURCE: no Linux 7.2 column)\n");
#endif
#else
	(void)i;
	printf("(built without GFRAID_ORACLES: only the byte reference is available)\n");
#endif
	printf("\n%-16s %-16s", "op", "variant");
	for (o = 0; o < OR_COUNT; o++)
		if (shown((enum oracle)o))
			printf(" %-17s", oracle_title[o]);
	printf("\n");
	fflush(stdout);
}

/* Variant i of row's op, forced and run through its cases: one line of
   the table, its counts added to *cases and *failures. */
static void verify_variant(struct verify *v, int row, int i, int *cases, int *failures)
{
	enum gfraid_op op = row_op(row);
	const char *name = gfraid_impl_name(op, i), *why = NULL;
	int status = gfraid_impl_status(op, i, &why), o;

	printf("%-16s %-16s", row_name(row), name);
	if (status == GFRAID_IMPL_NOCPU) {
		printf(" (not run: this CPU or OS lacks what it needs)\n");
		return;
	}
	if (status != GFRAID_IMPL_USABLE) {
		/* the library will not run it, but a build that produces such
		   a variant is broken */
		printf(" FAIL: disabled by its self-test: %s\n", why);
		++*failures;
		return;
	}
	if (gfraid_impl_force(op, name) != 0) {
		printf(" cannot force it\n");
		++*failures;
		return;
	}
	v->op = row_name(row);
	v->variant = name;
	memset(v->t, 0, sizeof(v->t));
	run_row(v, row);
	for (o = 0; o < OR_COUNT; o++) {
		if (shown((enum oracle)o))
			print_cell(&v->t[o], applies(row, (enum oracle)o));
		*cases += v->t[o].cases;
		*failures += v->t[o].failures;
	}
	printf("\n");
	fflush(stdout);
	gfraid_impl_force(op, NULL);
}

int cmd_verify(int argc, char **argv)
{
	struct verify v;
	const char *only_op = NULL, *only_impl = NULL;
	int row, i, cases = 0, failures = 0, rows = 0, err;

	memset(&v, 0, sizeof(v));
	v.seed = (uint64_t)time(NULL);
	v.iterations = 100;
	err = parse_args(argc, argv, &v, &only_op, &only_impl);
	if (err)
		return err == 1 ? 0 : 2;
	rng_seed(&v.rng, v.seed);
	signal(SIGINT, on_sigint);
	v.report = open_memstream(&v.report_text, &v.report_len);
	if (!v.report) {
		perror("ec-cli verify: open_memstream");
		return 1;
	}
	print_header(&v);
	for (row = 0; row < ROW_COUNT && !interrupted; row++)
		for (i = 0; i < gfraid_impl_count(row_op(row)) && !interrupted; i++) {
			if ((only_op && strcmp(only_op, row_name(row))) ||
			    (only_impl && strcmp(only_impl, gfraid_impl_name(row_op(row), i))))
				continue;
			rows++;
			verify_variant(&v, row, i, &cases, &failures);
		}
	fclose(v.report);
	if (rows == 0) {
		free(v.report_text);
		fprintf(stderr, "ec-cli verify: no variant matches --impl %s\n", only_impl);
		return 2;
	}
	fputs(v.report_text, stdout);
	free(v.report_text);
	if (interrupted) {
		printf("\ninterrupted: %d cases checked, %d mismatches so far (--seed %" PRIu64
		       " repeats them)\n", cases, failures, v.seed);
		return 130;
	}
	printf("\n%d cases, %d mismatches: %s\n", cases, failures, failures ? "FAIL" : "PASS");
	return failures ? 1 : 0;
}
