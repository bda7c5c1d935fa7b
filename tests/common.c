/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static struct rng test_rng;

static void test_seed_init(const char *suite)
{
	const char *env = getenv("GFRAID_TEST_SEED");
	uint64_t seed = env ? strtoull(env, NULL, 0) : (uint64_t)time(NULL) ^ (uint64_t)getpid() << 32;

	rng_seed(&test_rng, seed);
	printf("%s: GFRAID_TEST_SEED=%llu\n", suite, (unsigned long long)seed);
	fflush(stdout);
}

uint64_t test_rand(void)
{
	return rng_next(&test_rng);
}

int test_range(int lo, int hi)
{
	return rng_range(&test_rng, lo, hi);
}

void test_fill(void *p, size_t n)
{
	rng_fill(&test_rng, p, n);
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
	s->bufs = calloc((size_t)n + 1, sizeof(*s->bufs));
	s->ptrs = calloc((size_t)n + 1, sizeof(*s->ptrs));
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

int use_variant(enum gfraid_op op, int i)
{
	const char *why = NULL;
	int st = gfraid_impl_status(op, i, &why);

	/* A variant this CPU runs that fails its self-test is a broken build:
	   the library would hide it, the tests must not. */
	ck_assert_msg(st == GFRAID_IMPL_USABLE || st == GFRAID_IMPL_NOCPU, "%s %s: %s",
		      gfraid_op_name(op), gfraid_impl_name(op, i), why ? why : "");
	if (st != GFRAID_IMPL_USABLE)
		return 0;
	ck_assert_int_eq(gfraid_impl_force(op, gfraid_impl_name(op, i)), 0);
	return 1;
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

int run_tests(const char *name, int timeout, const TTest *const *tests, void (*setup)(void),
	      void (*teardown)(void))
{
	Suite *s = suite_create(name);
	TCase *tc = tcase_create(name);
	SRunner *sr;
	int failed;

	test_seed_init(name);
	tcase_set_timeout(tc, timeout);
	if (setup || teardown)
		tcase_add_checked_fixture(tc, setup, teardown);
	for (; *tests; tests++)
		tcase_add_test(tc, *tests);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
