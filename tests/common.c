/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static uint64_t rng_state;

void test_seed_init(const char *suite)
{
	const char *env = getenv("GFRAID_TEST_SEED");
	uint64_t seed = env ? strtoull(env, NULL, 0) : (uint64_t)time(NULL) ^ (uint64_t)getpid() << 32;

	rng_state = seed ? seed : 1;
	printf("%s: GFRAID_TEST_SEED=%llu\n", suite, (unsigned long long)seed);
	fflush(stdout);
}

/* splitmix64 */
uint64_t test_rand(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

int test_range(int lo, int hi)
{
	return lo + (int)(test_rand() % (uint64_t)(hi - lo + 1));
}

void test_fill(void *p, size_t n)
{
	uint8_t *b = p;
	size_t i;

	for (i = 0; i + 8 <= n; i += 8) {
		uint64_t r = test_rand();

		memcpy(b + i, &r, 8);
	}
	for (; i < n; i++)
		b[i] = (uint8_t)test_rand();
}

uint8_t *guarded_alloc(struct guarded *g, size_t len, size_t skew)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t body = (len + skew + page - 1) / page * page;
	uint8_t *base;

	g->map_len = body + 2 * page;
	g->map = mmap(NULL, g->map_len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ck_assert_msg(g->map != MAP_FAILED, "mmap of %zu bytes failed", g->map_len);
	base = (uint8_t *)g->map + page;
	ck_assert_int_eq(mprotect(base, body, PROT_READ | PROT_WRITE), 0);
	g->p = base + body - skew - len;
	return g->p;
}

void guarded_free(struct guarded *g)
{
	if (g->map)
		munmap(g->map, g->map_len);
	g->map = NULL;
}

void gset_alloc(struct guarded_set *s, int n, size_t len, size_t skew)
{
	int i;

	s->n = n;
	s->bufs = calloc((size_t)n, sizeof(*s->bufs));
	s->ptrs = calloc((size_t)n, sizeof(*s->ptrs));
	ck_assert(s->bufs && s->ptrs);
	for (i = 0; i < n; i++)
		s->ptrs[i] = guarded_alloc(&s->bufs[i], len, skew);
}

void gset_free(struct guarded_set *s)
{
	int i;

	for (i = 0; i < s->n; i++)
		guarded_free(&s->bufs[i]);
	free(s->bufs);
	free(s->ptrs);
}

uint8_t ref_mul(uint8_t a, uint8_t b)
{
	uint8_t r = 0;

	while (b) {
		if (b & 1)
			r ^= a;
		a = (uint8_t)((a << 1) ^ ((a & 0x80) ? 0x1d : 0));
		b >>= 1;
	}
	return r;
}

uint8_t ref_pow2(int e)
{
	uint8_t r = 1;

	e %= 255;
	if (e < 0)
		e += 255;
	while (e--)
		r = ref_mul(r, 2);
	return r;
}

/* 64 KiB product table built from ref_mul on first use. */
static const uint8_t *ref_table(void)
{
	static uint8_t t[256][256];
	static int ready;
	int a, b;

	if (!ready) {
		for (a = 0; a < 256; a++)
			for (b = 0; b < 256; b++)
				t[a][b] = ref_mul((uint8_t)a, (uint8_t)b);
		ready = 1;
	}
	return &t[0][0];
}

void ref_gen_syndrome(int disks, size_t bytes, uint8_t **ptrs)
{
	memset(ptrs[disks - 2], 0, bytes);
	memset(ptrs[disks - 1], 0, bytes);
	ref_xor_syndrome(disks, 0, disks - 3, bytes, ptrs);
}

void ref_xor_syndrome(int disks, int start, int stop, size_t bytes, uint8_t **ptrs)
{
	const uint8_t *t = ref_table();
	uint8_t *p = ptrs[disks - 2], *q = ptrs[disks - 1];
	size_t i;
	int z;

	for (z = start; z <= stop; z++) {
		const uint8_t *row = t + ref_pow2(z) * 256;

		for (i = 0; i < bytes; i++) {
			p[i] ^= ptrs[z][i];
			q[i] ^= row[ptrs[z][i]];
		}
	}
}

void ref_encode(size_t len, int k, int rows, const uint8_t *a, uint8_t **data, uint8_t **coding)
{
	const uint8_t *t = ref_table();
	size_t x;
	int i, j;

	for (i = 0; i < rows; i++) {
		memset(coding[i], 0, len);
		for (j = 0; j < k; j++) {
			const uint8_t *row = t + a[i * k + j] * 256;

			for (x = 0; x < len; x++)
				coding[i][x] ^= row[data[j][x]];
		}
	}
}

long first_diff(const void *a, const void *b, size_t n)
{
	const uint8_t *x = a, *y = b;
	size_t i;

	if (memcmp(a, b, n) == 0)
		return -1;
	for (i = 0; x[i] == y[i]; i++)
		;
	return (long)i;
}

int run_suite(Suite *s)
{
	SRunner *sr = srunner_create(s);
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed;
}
