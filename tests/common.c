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

/* Freed mappings kept for the next buffer of the same size: a fresh
   mapping costs a page fault per page on first touch, which under a
   hypervisor took most of the byte suites' time. Each is zeroed again, as
   a fresh one would be. */
enum { MAP_CACHE = 2048 };
static struct guarded map_cache[MAP_CACHE];
static int map_cached;

uint8_t *guarded_alloc(struct guarded *g, size_t len, size_t skew)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t body = (len + skew + page - 1) / page * page;
	uint8_t *base;
	int i;

	g->map_len = body + 2 * page;
	g->map = MAP_FAILED;
	for (i = map_cached - 1; i >= 0; i--)
		if (map_cache[i].map_len == g->map_len) {
			g->map = map_cache[i].map;
			map_cache[i] = map_cache[--map_cached];
			break;
		}
	if (g->map == MAP_FAILED)
		g->map = mmap(NULL, g->map_len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ck_assert_msg(g->map != MAP_FAILED, "mmap of %zu bytes failed", g->map_len);
	base = (uint8_t *)g->map + page;
	ck_assert_int_eq(mprotect(base, body, PROT_READ | PROT_WRITE), 0);
	if (i >= 0)
		memset(base, 0, body);
	g->p = base + body - skew - len;
	return g->p;
}

void guarded_free(struct guarded *g)
{
	if (!g->map)
		return;
	if (map_cached == MAP_CACHE) {
		munmap(map_cache[0].map, map_cache[0].map_len);
		map_cache[0] = map_cache[--map_cached];
	}
	map_cache[map_cached++] = *g;
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

void gset_protect(struct guarded_set *s, int writable)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	int i;

	for (i = 0; i < s->n; i++)
		ck_assert_int_eq(mprotect((uint8_t *)s->bufs[i].map + page,
					  s->bufs[i].map_len - 2 * page,
					  writable ? PROT_READ | PROT_WRITE : PROT_READ),
				 0);
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

int op_vs_reference(enum gfraid_op op, unsigned int *seed, int *wrong)
{
	enum { K = 6, ROWS = 3, LEN = 1000, N = K + ROWS };
	uint8_t *b[N], *w[N], *o[N], a[K * ROWS], tbls[32 * K * ROWS];
	int i, err;

	for (i = 0; i < N; i++) {
		b[i] = malloc(LEN);
		w[i] = malloc(LEN);
		o[i] = malloc(LEN);
		if (!b[i] || !w[i] || !o[i])
			abort();
		for (size_t x = 0; x < LEN; x++)
			w[i][x] = (uint8_t)(rand_r(seed) >> 5);
	}
	for (i = 0; i < K * ROWS; i++)
		a[i] = (uint8_t)(rand_r(seed) >> 5);
	if (op == GFRAID_OP_EC_CHECK) {	/* gfraid_ec_new's Cauchy code */
		uint8_t full[(K + ROWS) * K];

		gfraid_gen_cauchy_matrix(full, K + ROWS, K);
		memcpy(a, full + K * K, sizeof(a));
		ref_encode(LEN, K, ROWS, a, w, w + K);
		w[2][100] ^= 0x33;	/* one wrong byte on data shard 2 */
	}
	gfraid_ec_init_tables(K, ROWS, a, tbls);
	if (op == GFRAID_OP_RECOV || op == GFRAID_OP_RAID6_CHECK)	/* consistent P and Q */
		ref_gen_syndrome(K + 2, LEN, w);
	if (op == GFRAID_OP_RAID6_CHECK)	/* one wrong byte on data disk 3 */
		w[3][500] ^= 0x77;
	for (i = 0; i < N; i++)
		memcpy(b[i], w[i], LEN);
	if (op == GFRAID_OP_RECOV) {	/* two data blocks lost */
		memset(b[1], 0xa5, LEN);
		memset(b[4], 0x5a, LEN);
	}
	for (i = 0; i < N; i++)
		memcpy(o[i], b[i], LEN);
	switch (op) {
	case GFRAID_OP_GEN_SYNDROME:
		err = gfraid_gen_syndrome(K + 2, LEN, (void **)b);
		ref_gen_syndrome(K + 2, LEN, w);
		break;
	case GFRAID_OP_XOR_SYNDROME:
		err = gfraid_xor_syndrome(K + 2, 1, 4, LEN, (void **)b);
		ref_xor_syndrome(K + 2, 1, 4, LEN, w);
		break;
	case GFRAID_OP_RECOV:
		err = gfraid_recov_2data(K + 2, LEN, 1, 4, (void **)b);
		break;
	case GFRAID_OP_EC_ENCODE:
		err = gfraid_ec_encode_data(LEN, K, ROWS, tbls, b, b + K);
		ref_encode(LEN, K, ROWS, a, w, w + K);
		break;
	case GFRAID_OP_EC_CHECK: {
		gfraid_ec *ec = gfraid_ec_new(K, ROWS, GFRAID_MATRIX_CAUCHY, NULL);
		int bad[ROWS], nbad;

		if (!ec)
			abort();
		err = gfraid_ec_check(ec, LEN, (const unsigned char *const *)b, bad, &nbad);
		if (err >= 0)	/* the answer: shard 2 */
			err = err == GFRAID_CHECK_LOCATED && nbad == 1 && bad[0] == 2 ? 0 : -1;
		gfraid_ec_free(ec);
		break;
	}
	case GFRAID_OP_RAID6_CHECK: {
		int member;

		err = gfraid_raid6_check(K + 2, LEN, (void *const *)b, &member);
		if (err >= 0)	/* the answer: disk 3 */
			err = err == GFRAID_CHECK_LOCATED && member == 3 ? 0 : -1;
		break;
	}
	default:
		err = gfraid_ec_encode_data_update(LEN, K, ROWS, 2, tbls, b[2], b + K);
		ref_update(LEN, K, ROWS, 2, a, w[2], w + K);
		break;
	}
	*wrong = 0;
	for (i = 0; i < N; i++) {
		*wrong += memcmp(b[i], err ? o[i] : w[i], LEN) != 0;
		free(b[i]);
		free(w[i]);
		free(o[i]);
	}
	return err;
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

/* One test case per test, named after it, so that CK_RUN_CASE=name runs
   that test alone: under qemu-user, where fork hangs (tests/CMakeLists.txt),
   ctest starts each test in a process of its own that way. */
int run_tests(const char *name, int timeout, const TTest *const *tests, void (*setup)(void),
	      void (*teardown)(void))
{
	Suite *s = suite_create(name);
	const char *only = getenv("CK_RUN_CASE");
	SRunner *sr;
	int failed, found = 0;

	test_seed_init(name);
	for (; *tests; tests++) {
		TCase *tc = tcase_create((*tests)->name);

		tcase_set_timeout(tc, timeout);
		if (setup || teardown)
			tcase_add_checked_fixture(tc, setup, teardown);
		tcase_add_test(tc, *tests);
		suite_add_tcase(s, tc);
		found |= only && strcmp(only, (*tests)->name) == 0;
	}
	if (only && !found) {
		fprintf(stderr, "%s: no test named %s (CK_RUN_CASE)\n", name, only);
		return EXIT_FAILURE;
	}
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

const char *variant_for(enum gfraid_op op, int blocks, int members, size_t len)
{
	return gfraid_impl_selected(op, gfraid_class_of(blocks, len),
				    (enum gfraid_width)gfraid_width_of(op, members));
}
