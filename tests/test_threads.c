// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * Threads, written to be run under ThreadSanitizer (scripts/test.sh builds
 * build-tsan for it) as well as plainly:
 *  - first use of every op from 16 threads released at once, so the CPU
 *    probe, the self-tests and the selection race;
 *  - reconstruct on one code from 8 threads with 40 erasure patterns in
 *    play (the cache holds 16, so decoders are evicted while in use),
 *    while another thread forces the encode variant back and forth;
 *  - gen_syndrome, selection and forcing from 8 threads at once;
 *  - gen_syndrome from 3 threads while another forces base and back to
 *    automatic without pause.
 * Every output is checked against the byte reference or the original.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

enum { FIRST_USE_THREADS = 16 };

static pthread_barrier_t start;

/* Every op once through the public API, against the reference: the
   number of failed calls and wrong buffers (0 expected). */
static void *first_use(void *arg)
{
	unsigned int seed = (unsigned int)(uintptr_t)arg;
	intptr_t bad = 0;
	int op, wrong;

	pthread_barrier_wait(&start);
	for (op = 0; op < GFRAID_OP_COUNT; op++) {
		bad += op_vs_reference((enum gfraid_op)op, &seed, &wrong) != 0;
		bad += wrong;
	}
	return (void *)bad;
}

START_TEST(first_use_from_many_threads)
{
	pthread_t t[FIRST_USE_THREADS];
	void *ret;
	int i, op;

	ck_assert_int_eq(pthread_barrier_init(&start, NULL, FIRST_USE_THREADS), 0);
	for (i = 0; i < FIRST_USE_THREADS; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, first_use, (void *)(uintptr_t)(i + 1)), 0);
	for (i = 0; i < FIRST_USE_THREADS; i++) {
		ck_assert_int_eq(pthread_join(t[i], &ret), 0);
		ck_assert_msg(ret == NULL, "thread %d: %ld wrong results", i, (long)(intptr_t)ret);
	}
	pthread_barrier_destroy(&start);
	for (op = 0; op < GFRAID_OP_COUNT; op++)
		printf("threads: %s settled on %s (small blocks, typical width)\n",
		       gfraid_op_name((enum gfraid_op)op),
		       gfraid_impl_selected((enum gfraid_op)op, GFRAID_CLASS_SMALL,
					    GFRAID_WIDTH_TYPICAL));
}
END_TEST

struct rebuilder {
	gfraid_ec *ec;
	unsigned int seed;
	long rebuilt, failures;
};

static int stop_forcing;

/* k = 12, m = 4: patterns of 1..4 lost shards out of 16, 40 of them. */
static void *rebuild(void *arg)
{
	struct rebuilder *w = arg;
	enum { k = 12, m = 4, len = 2048 };
	uint8_t *shards[k + m], *orig[k + m], present[k + m];
	int it, i;

	for (i = 0; i < k + m; i++) {
		shards[i] = malloc(len);
		orig[i] = malloc(len);
		if (!shards[i] || !orig[i])
			return NULL;
		for (size_t x = 0; i < k && x < len; x++)
			shards[i][x] = (uint8_t)(rand_r(&w->seed) >> 3);
	}
	if (gfraid_ec_encode(w->ec, len, (const unsigned char *const *)shards, shards + k))
		w->failures++;
	for (i = 0; i < k + m; i++)
		memcpy(orig[i], shards[i], len);
	for (it = 0; it < 200; it++) {
		int p = (int)(rand_r(&w->seed) % 40), lost = 1 + p % m;

		memset(present, 1, sizeof(present));
		for (i = 0; i < lost; i++)
			present[(p * 7 + i * 5) % (k + m)] = 0;
		for (i = 0; i < k + m; i++)
			if (!present[i])
				memset(shards[i], 0xee, len);
		if (gfraid_ec_reconstruct(w->ec, len, shards, present) != 0)
			w->failures++;
		for (i = 0; i < k + m; i++)
			if (memcmp(shards[i], orig[i], len)) {
				w->failures++;
				memcpy(shards[i], orig[i], len);
			}
		w->rebuilt++;
	}
	for (i = 0; i < k + m; i++) {
		free(shards[i]);
		free(orig[i]);
	}
	return NULL;
}

/* Forces every usable encode variant in turn, and back to automatic,
   until told to stop: the count of forces that failed. */
static void *force_back_and_forth(void *arg)
{
	long *forced = arg;
	intptr_t bad = 0;
	int n = gfraid_impl_count(GFRAID_OP_EC_ENCODE), i = 0;

	while (!__atomic_load_n(&stop_forcing, __ATOMIC_RELAXED)) {
		int v = i % (n + 1);	/* n: back to the automatic choice */
		const char *name = v == n ? NULL : gfraid_impl_name(GFRAID_OP_EC_ENCODE, v);

		if (!name || gfraid_impl_available(GFRAID_OP_EC_ENCODE, v) == 1) {
			bad += gfraid_impl_force(GFRAID_OP_EC_ENCODE, name) != 0;
			(*forced)++;
		}
		i++;
	}
	return (void *)bad;
}

START_TEST(reconstruct_while_forcing)
{
	gfraid_ec *ec = gfraid_ec_new(12, 4, GFRAID_MATRIX_CAUCHY, NULL);
	struct rebuilder w[8];
	pthread_t t[8], forcer;
	long forced = 0, rebuilt = 0;
	void *ret;
	int i;

	ck_assert_ptr_nonnull(ec);
	ck_assert_int_eq(pthread_create(&forcer, NULL, force_back_and_forth, &forced), 0);
	for (i = 0; i < 8; i++) {
		w[i] = (struct rebuilder){ ec, (unsigned int)(i * 7919 + 1), 0, 0 };
		ck_assert_int_eq(pthread_create(&t[i], NULL, rebuild, &w[i]), 0);
	}
	for (i = 0; i < 8; i++) {
		ck_assert_int_eq(pthread_join(t[i], NULL), 0);
		ck_assert_msg(w[i].failures == 0, "thread %d: %ld failures", i, w[i].failures);
		rebuilt += w[i].rebuilt;
	}
	__atomic_store_n(&stop_forcing, 1, __ATOMIC_RELAXED);
	ck_assert_int_eq(pthread_join(forcer, &ret), 0);
	ck_assert_msg(ret == NULL, "%ld forces failed", (long)(intptr_t)ret);
	ck_assert_int_eq(rebuilt, 8 * 200);
	ck_assert_int_gt(forced, 0);
	printf("threads: %ld rebuilds by 8 threads over 40 patterns, %ld forced variant changes\n",
	       rebuilt, forced);
	gfraid_ec_free(ec);
}
END_TEST

/* Many threads hitting first use and forcing at once: every call works
   and every answer names a real variant. */
static void *hammer(void *arg)
{
	uint8_t blocks[6][256];
	void *ptrs[6];
	int i, iter;

	for (i = 0; i < 6; i++) {
		memset(blocks[i], i * 37 + (int)(intptr_t)arg, sizeof(blocks[i]));
		ptrs[i] = blocks[i];
	}
	for (iter = 0; iter < 2000; iter++) {
		if (gfraid_gen_syndrome(6, sizeof(blocks[0]), ptrs) != 0)
			return (void *)1;
		if (!gfraid_impl_selected((enum gfraid_op)(iter % GFRAID_OP_COUNT),
					  (enum gfraid_class)(iter % GFRAID_CLASS_COUNT),
					  (enum gfraid_width)(iter % GFRAID_WIDTH_COUNT)))
			return (void *)1;
		if (iter % 100 == 0 && gfraid_impl_force(GFRAID_OP_EC_ENCODE, iter % 200 ? "base" : NULL))
			return (void *)1;
	}
	return NULL;
}

START_TEST(concurrent_first_use)
{
	pthread_t t[8];
	void *ret;
	int i;

	for (i = 0; i < 8; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, hammer, (void *)(intptr_t)i), 0);
	for (i = 0; i < 8; i++) {
		ck_assert_int_eq(pthread_join(t[i], &ret), 0);
		ck_assert_ptr_null(ret);
	}
}
END_TEST

/* Calls racing a thread that forces base and back to automatic without
   pause: a call that finds the choice cleared between making its own and
   reading it back still runs (no GFRAID_ESELFTEST). */
static int stop_toggling;

static void *gen_many(void *arg)
{
	uint8_t blocks[4][64];
	void *ptrs[4] = { blocks[0], blocks[1], blocks[2], blocks[3] };
	intptr_t bad = 0;
	int i;

	(void)arg;
	memset(blocks, 0x5a, sizeof(blocks));
	for (i = 0; i < 50000; i++)
		bad += gfraid_gen_syndrome(4, sizeof(blocks[0]), ptrs) != 0;
	return (void *)bad;
}

static void *toggle_forced(void *arg)
{
	long *toggles = arg;

	while (!__atomic_load_n(&stop_toggling, __ATOMIC_RELAXED))
		if (gfraid_impl_force(GFRAID_OP_GEN_SYNDROME, (*toggles)++ & 1 ? "base" : NULL))
			return (void *)1;
	return NULL;
}

START_TEST(calls_while_toggling_automatic)
{
	pthread_t t[3], toggler;
	long toggles = 0;
	void *ret;
	int i;

	ck_assert_int_eq(pthread_create(&toggler, NULL, toggle_forced, &toggles), 0);
	for (i = 0; i < 3; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, gen_many, NULL), 0);
	for (i = 0; i < 3; i++) {
		ck_assert_int_eq(pthread_join(t[i], &ret), 0);
		ck_assert_msg(ret == NULL, "thread %d: %ld calls failed", i, (long)(intptr_t)ret);
	}
	__atomic_store_n(&stop_toggling, 1, __ATOMIC_RELAXED);
	ck_assert_int_eq(pthread_join(toggler, &ret), 0);
	ck_assert_ptr_null(ret);
	ck_assert_int_gt(toggles, 0);
	ck_assert_int_eq(gfraid_impl_force(GFRAID_OP_GEN_SYNDROME, NULL), 0);
	printf("threads: 150000 gen_syndrome calls by 3 threads over %ld forced changes\n", toggles);
}
END_TEST

int main(void)
{
	const TTest *const tests[] = {
		first_use_from_many_threads,
		reconstruct_while_forcing,
		concurrent_first_use,
		calls_while_toggling_automatic,
		NULL,
	};
	const char *no_threads = getenv("GFRAID_TEST_NO_THREADS");

	if (no_threads) {
		printf("skipped: %s\n", no_threads);
		return 77;
	}

	return run_tests("threads", 300, tests, NULL, NULL);
}
