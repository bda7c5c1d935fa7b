/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* A k+m code's shards for the suites that test gfraid_ec (test_reconstruct.c,
   test_check.c): guarded, with an untouched copy, lost and rebuilt. */
#ifndef GFRAID_TESTS_CODE_CASE_H
#define GFRAID_TESTS_CODE_CASE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

/* k+m guarded shards, an untouched copy, and a present[] map. */
struct code_case {
	int k, m;
	size_t len;
	struct guarded_set shards;
	uint8_t **orig;
	uint8_t present[GFRAID_MAX_SHARDS];
};

static inline void case_new(struct code_case *c, gfraid_ec *ec, int k, int m, size_t len, size_t skew)
{
	int i;

	c->k = k;
	c->m = m;
	c->len = len;
	gset_alloc(&c->shards, k + m, len, skew);
	c->orig = calloc((size_t)(k + m), sizeof(*c->orig));
	ck_assert(c->orig);
	for (i = 0; i < k; i++)
		test_fill(c->shards.ptrs[i], len);
	ck_assert_int_eq(gfraid_ec_encode(ec, len, (const unsigned char *const *)c->shards.ptrs,
					  c->shards.ptrs + k), 0);
	for (i = 0; i < k + m; i++) {
		c->orig[i] = malloc(len ? len : 1);
		ck_assert(c->orig[i]);
		memcpy(c->orig[i], c->shards.ptrs[i], len);
		c->present[i] = 1;
	}
}

static inline void case_free(struct code_case *c)
{
	int i;

	for (i = 0; i < c->k + c->m; i++)
		free(c->orig[i]);
	free(c->orig);
	gset_free(&c->shards);
}

/* Lose the shards whose present[] is 0 (garbage in them), rebuild, and
   check every shard; returns the error, and on one checks that nothing
   was written. */
static inline int lose_and_rebuild(gfraid_ec *ec, struct code_case *c, const char *what)
{
	char ctx[160];
	int i, err;

	for (i = 0; i < c->k + c->m; i++)
		if (!c->present[i])
			memset(c->shards.ptrs[i], 0xee, c->len);
	err = gfraid_ec_reconstruct(ec, c->len, c->shards.ptrs, c->present);
	for (i = 0; i < c->k + c->m; i++) {
		snprintf(ctx, sizeof(ctx), "%s %d+%d len %zu shard %d (%s), err %d", what, c->k, c->m,
			 c->len, i, c->present[i] ? "present" : "lost", err);
		if (!err || c->present[i]) {
			ck_assert_same(c->shards.ptrs[i], c->orig[i], c->len, ctx);
		} else {
			size_t x;

			for (x = 0; x < c->len; x++)
				ck_assert_msg(c->shards.ptrs[i][x] == 0xee, "%s: written on error", ctx);
		}
	}
	for (i = 0; i < c->k + c->m; i++) {
		memcpy(c->shards.ptrs[i], c->orig[i], c->len);
		c->present[i] = 1;
	}
	return err;
}

#endif
