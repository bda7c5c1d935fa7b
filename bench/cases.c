/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Benchmark cases, in C against the public API and the variant table.
 * Each reports bytes/s of data: (disks-2)*bytes for RAID-6, k*len for EC.
 * This is the skeleton the benchmark issue grows: one RAID-6 and one EC
 * case per variant, and the memcpy floor.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfraid.h"
#include "shim.h"

static void *xalloc(size_t n)
{
	void *p = aligned_alloc(64, (n + 63) / 64 * 64);

	if (!p) {
		fprintf(stderr, "gfraid-bench: out of memory\n");
		exit(1);
	}
	memset(p, 0x5a, n);
	return p;
}

static uint8_t **blocks_new(int n, size_t len)
{
	uint8_t **b = malloc(sizeof(*b) * (size_t)n);
	int i;

	if (!b) {
		fprintf(stderr, "gfraid-bench: out of memory\n");
		exit(1);
	}
	for (i = 0; i < n; i++) {
		b[i] = xalloc(len);
		memset(b[i], i * 29 + 1, len);
	}
	return b;
}

static void blocks_free(uint8_t **b, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(b[i]);
	free(b);
}

struct variant_case {
	enum gfraid_op op;
	const char *variant;
	int data, parity;	/* RAID-6: data disks and 2 */
	size_t len;
};

/* Force the case's variant; a case the CPU cannot run is skipped, saying why. */
static int use_variant(struct gb_state *s, const struct variant_case *c)
{
	if (gfraid_impl_force(c->op, c->variant) != 0) {
		gb_skip(s, "variant not available on this CPU");
		return 0;
	}
	return 1;
}

static void bench_gen_syndrome(struct gb_state *s, const void *arg)
{
	const struct variant_case *c = arg;
	int disks = c->data + 2;
	uint8_t **b = blocks_new(disks, c->len);

	if (use_variant(s, c)) {
		while (gb_keep_running(s))
			gfraid_gen_syndrome(disks, c->len, (void **)b);
		gb_set_bytes_per_iteration(s, (int64_t)c->data * (int64_t)c->len);
	}
	blocks_free(b, disks);
}

static void bench_ec_encode(struct gb_state *s, const void *arg)
{
	const struct variant_case *c = arg;
	uint8_t **data = blocks_new(c->data, c->len), **coding = blocks_new(c->parity, c->len);
	uint8_t *a = xalloc((size_t)(c->data + c->parity) * c->data);
	uint8_t *tbl = xalloc((size_t)32 * c->data * c->parity);

	gfraid_gen_cauchy_matrix(a, c->data + c->parity, c->data);
	gfraid_ec_init_tables(c->data, c->parity, a + c->data * c->data, tbl);
	if (use_variant(s, c)) {
		while (gb_keep_running(s))
			gfraid_ec_encode_data((int)c->len, c->data, c->parity, tbl, data, coding);
		gb_set_bytes_per_iteration(s, (int64_t)c->data * (int64_t)c->len);
	}
	blocks_free(data, c->data);
	blocks_free(coding, c->parity);
	free(a);
	free(tbl);
}

/* Floor: copying the data bytes once. */
static void bench_memcpy(struct gb_state *s, const void *arg)
{
	const size_t *len = arg;
	uint8_t *src = xalloc(*len), *dst = xalloc(*len);

	while (gb_keep_running(s)) {
		memcpy(dst, src, *len);
		gb_clobber(dst);
	}
	gb_set_bytes_per_iteration(s, (int64_t)*len);
	free(src);
	free(dst);
}

#define MAX_CASES 256

/* One case per variant of op and per size, named op/variant/geometry/size. */
static void register_variants(enum gfraid_op op, int data, int parity, gb_case_fn fn)
{
	static struct variant_case cases[MAX_CASES];
	static const size_t sizes[] = { 4096, 65536 };
	static int n;
	char name[128];
	size_t si;
	int i;

	for (i = 0; i < gfraid_impl_count(op); i++) {
		for (si = 0; si < sizeof(sizes) / sizeof(sizes[0]) && n < MAX_CASES; si++) {
			struct variant_case *c = &cases[n++];

			c->op = op;
			c->variant = gfraid_impl_name(op, i);
			c->data = data;
			c->parity = parity;
			c->len = sizes[si];
			snprintf(name, sizeof(name), "%s/%s/%d+%d/%zuKiB", gfraid_op_name(op),
				 c->variant, data, parity, c->len / 1024);
			gb_register(name, fn, c);
		}
	}
}

void bench_register_cases(void)
{
	static size_t floor_len = 8 * 65536;

	register_variants(GFRAID_OP_GEN_SYNDROME, 8, 2, bench_gen_syndrome);
	register_variants(GFRAID_OP_EC_ENCODE, 10, 4, bench_ec_encode);
	gb_register("floor/memcpy/512KiB", bench_memcpy, &floor_len);
}
