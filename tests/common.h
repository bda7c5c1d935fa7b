/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Shared by the test suites: seeded random numbers, buffers with guard
   pages, and a byte-at-a-time reference written from the definitions. */
#ifndef GFRAID_TESTS_COMMON_H
#define GFRAID_TESTS_COMMON_H

#include <check.h>
#include <stddef.h>
#include <stdint.h>

#include "gfraid.h"
#include "reference.h"
#include "rng.h"

/* Random numbers seeded by run_tests(). */
uint64_t test_rand(void);
/* Uniform in lo..hi inclusive. */
int test_range(int lo, int hi);
void test_fill(void *p, size_t n);

/*
 * A buffer of len bytes that ends exactly where an inaccessible page
 * begins, with another one before it: reading or writing one byte past
 * either end faults. With len a multiple of 64 the start is 64-byte
 * aligned; `skew` bytes of slack after the end shift the start down.
 */
struct guarded {
	void *map;
	size_t map_len;
	uint8_t *p;
};
uint8_t *guarded_alloc(struct guarded *g, size_t len, size_t skew);
void guarded_free(struct guarded *g);

/* A set of n guarded buffers of len bytes, as a pointer array. */
struct guarded_set {
	int n;
	struct guarded *bufs;
	uint8_t **ptrs;
};
void gset_alloc(struct guarded_set *s, int n, size_t len, size_t skew);
void gset_free(struct guarded_set *s);
/* Make every buffer of s read-only (writable 0) or writable again: an op
   that only reads must run with them read-only. */
void gset_protect(struct guarded_set *s, int writable);

/* The variant a call of op with `blocks` blocks of len bytes in a stripe
   of `members` members runs (gfraid_class_of, gfraid_width_of): what a
   failure message names. */
const char *variant_for(enum gfraid_op op, int blocks, int members, size_t len);

/* Force variant i of op when this CPU can run it: 1, or 0 (nothing
   changed) when it cannot. Tests loop over every variant with it. A
   variant that fails its self-test fails the test. */
int use_variant(enum gfraid_op op, int i);

/*
 * One call of op through the public API (RAID-6 6+2, EC 6+3, 1000 bytes)
 * on fresh buffers drawn from *seed with rand_r, checked against the byte
 * reference: the API's return code (raid6_check, ec_check: 0 when it
 * named the one wrong member, -1 when it did not), and in *wrong the number of buffers
 * that differ from the reference (or, when the call failed, that it
 * changed). Asserts nothing, so threads may call it.
 */
int op_vs_reference(enum gfraid_op op, unsigned int *seed, int *wrong);

/* Index of the first differing byte, or -1. */
long first_diff(const void *a, const void *b, size_t n);

/* Byte-for-byte equality; ctx names the case in the failure message. A
   passing ck_assert writes its location to check's log, which the byte
   suites' millions of comparisons would pay for: only a failure calls
   into check here. */
#define ck_assert_same(a, b, n, ctx) \
	do { \
		long d_ = first_diff((a), (b), (n)); \
		if (d_ >= 0) \
			ck_abort_msg("%s: differs at byte %ld of %zu", (ctx), d_, \
				     (size_t)(n)); \
	} while (0)

/*
 * Run the NULL-terminated tests as one suite with the given timeout in
 * seconds (and fixture, or NULL); the exit status for main(). The random
 * seed comes from GFRAID_TEST_SEED, else the clock, and is printed so any
 * run can be repeated.
 */
int run_tests(const char *name, int timeout, const TTest *const *tests, void (*setup)(void),
	      void (*teardown)(void));

#endif
