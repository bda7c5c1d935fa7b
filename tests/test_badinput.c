// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* Every bad argument returns its documented code and writes nothing. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

#define NBUF 260
#define LEN 1024

/* NBUF guarded buffers of LEN random bytes, a copy to compare with, and
   pointer arrays to them that the tests may punch NULLs into. */
static struct guarded_set bufs;
static uint8_t snapshot[NBUF][LEN];
static void *ptrs[NBUF];
static uint8_t *bptrs[NBUF];

static void setup(void)
{
	int i;

	gset_alloc(&bufs, NBUF, LEN, 0);
	for (i = 0; i < NBUF; i++) {
		ptrs[i] = bptrs[i] = bufs.ptrs[i];
		test_fill(bufs.ptrs[i], LEN);
		memcpy(snapshot[i], bufs.ptrs[i], LEN);
	}
}

static void teardown(void)
{
	gset_free(&bufs);
}

#define assert_untouched() \
	do { \
		int i_; \
		for (i_ = 0; i_ < NBUF; i_++) \
			ck_assert_msg(memcmp(bufs.ptrs[i_], snapshot[i_], LEN) == 0, \
				      "buffer %d was written", i_); \
	} while (0)

#define expect(call, code) \
	do { \
		int r_ = (call); \
		ck_assert_msg(r_ == (code), "%s returned %d (%s), expected %d", #call, r_, \
			      gfraid_strerror(r_), (code)); \
		assert_untouched(); \
	} while (0)

START_TEST(raid6_disks_and_null)
{
	void *saved;
	int bad_disks[] = { INT_MIN, -1, 0, 1, 2, 258, 259, INT_MAX };
	size_t i;

	for (i = 0; i < sizeof(bad_disks) / sizeof(bad_disks[0]); i++) {
		int d = bad_disks[i];

		expect(gfraid_gen_syndrome(d, LEN, ptrs), GFRAID_EDISKS);
		expect(gfraid_xor_syndrome(d, 0, 0, LEN, ptrs), GFRAID_EDISKS);
		expect(gfraid_recov_2data(d, LEN, 0, 1, ptrs), GFRAID_EDISKS);
		expect(gfraid_recov_datap(d, LEN, 0, ptrs), GFRAID_EDISKS);
		expect(gfraid_raid6_recover(d, LEN, 0, 1, ptrs), GFRAID_EDISKS);
	}
	expect(gfraid_gen_syndrome(6, LEN, NULL), GFRAID_ENULL);
	expect(gfraid_xor_syndrome(6, 0, 1, LEN, NULL), GFRAID_ENULL);
	expect(gfraid_recov_2data(6, LEN, 0, 1, NULL), GFRAID_ENULL);
	expect(gfraid_recov_datap(6, LEN, 0, NULL), GFRAID_ENULL);
	expect(gfraid_raid6_recover(6, LEN, 0, 1, NULL), GFRAID_ENULL);

	/* a NULL data block, P or Q */
	for (i = 0; i < 6; i++) {
		saved = ptrs[i];
		ptrs[i] = NULL;
		expect(gfraid_gen_syndrome(6, LEN, ptrs), GFRAID_ENULL);
		expect(gfraid_xor_syndrome(6, 0, 3, LEN, ptrs), GFRAID_ENULL);
		expect(gfraid_recov_2data(6, LEN, 0, 1, ptrs), GFRAID_ENULL);
		expect(gfraid_recov_datap(6, LEN, 2, ptrs), GFRAID_ENULL);
		expect(gfraid_raid6_recover(6, LEN, 0, 1, ptrs), GFRAID_ENULL);
		ptrs[i] = saved;
	}
	/* the last of 257 */
	saved = ptrs[256];
	ptrs[256] = NULL;
	expect(gfraid_gen_syndrome(257, LEN, ptrs), GFRAID_ENULL);
	ptrs[256] = saved;
}
END_TEST

START_TEST(raid6_indices)
{
	/* xor_syndrome: 0 <= start <= stop <= disks-3 */
	expect(gfraid_xor_syndrome(6, 2, 1, LEN, ptrs), GFRAID_EINDEX);
	expect(gfraid_xor_syndrome(6, -1, 1, LEN, ptrs), GFRAID_EINDEX);
	expect(gfraid_xor_syndrome(6, 0, 4, LEN, ptrs), GFRAID_EINDEX);	/* P */
	expect(gfraid_xor_syndrome(6, 0, 5, LEN, ptrs), GFRAID_EINDEX);	/* Q */
	expect(gfraid_xor_syndrome(6, 4, 4, LEN, ptrs), GFRAID_EINDEX);
	expect(gfraid_xor_syndrome(6, INT_MIN, INT_MAX, LEN, ptrs), GFRAID_EINDEX);
	/* recov_2data: 0 <= faila < failb <= disks-3 */
	expect(gfraid_recov_2data(6, LEN, 1, 1, ptrs), GFRAID_EINDEX);
	expect(gfraid_recov_2data(6, LEN, 2, 1, ptrs), GFRAID_EINDEX);
	expect(gfraid_recov_2data(6, LEN, -1, 1, ptrs), GFRAID_EINDEX);
	expect(gfraid_recov_2data(6, LEN, 0, 4, ptrs), GFRAID_EINDEX);
	expect(gfraid_recov_2data(6, LEN, 0, 5, ptrs), GFRAID_EINDEX);
	expect(gfraid_recov_2data(6, LEN, 0, 6, ptrs), GFRAID_EINDEX);
	expect(gfraid_recov_2data(3, LEN, 0, 0, ptrs), GFRAID_EINDEX);
	/* recov_datap: 0 <= faila <= disks-3 */
	expect(gfraid_recov_datap(6, LEN, -1, ptrs), GFRAID_EINDEX);
	expect(gfraid_recov_datap(6, LEN, 4, ptrs), GFRAID_EINDEX);
	expect(gfraid_recov_datap(6, LEN, 5, ptrs), GFRAID_EINDEX);
	/* raid6_recover: 0 <= faila < failb < disks, or failb == -1 */
	expect(gfraid_raid6_recover(6, LEN, 1, 1, ptrs), GFRAID_EINDEX);
	expect(gfraid_raid6_recover(6, LEN, 3, 1, ptrs), GFRAID_EINDEX);
	expect(gfraid_raid6_recover(6, LEN, -1, 1, ptrs), GFRAID_EINDEX);
	expect(gfraid_raid6_recover(6, LEN, -1, -1, ptrs), GFRAID_EINDEX);
	expect(gfraid_raid6_recover(6, LEN, 0, -2, ptrs), GFRAID_EINDEX);
	expect(gfraid_raid6_recover(6, LEN, 0, 6, ptrs), GFRAID_EINDEX);
	expect(gfraid_raid6_recover(6, LEN, 6, -1, ptrs), GFRAID_EINDEX);
}
END_TEST

START_TEST(raid6_zero_length_is_a_noop)
{
	expect(gfraid_gen_syndrome(6, 0, ptrs), 0);
	expect(gfraid_xor_syndrome(6, 1, 2, 0, ptrs), 0);
	expect(gfraid_recov_2data(6, 0, 0, 1, ptrs), 0);
	expect(gfraid_recov_datap(6, 0, 0, ptrs), 0);
	expect(gfraid_raid6_recover(6, 0, 0, 5, ptrs), 0);
	/* a bad argument still fails with len 0 */
	expect(gfraid_xor_syndrome(6, 2, 1, 0, ptrs), GFRAID_EINDEX);
}
END_TEST

START_TEST(ec_encode_bad)
{
	uint8_t **data = bptrs, **coding = bptrs + 128;
	uint8_t *tbl = bptrs[250];	/* 1024 bytes: 32 coefficients */
	uint8_t *saved;

	expect(gfraid_ec_encode_data(-1, 4, 2, tbl, data, coding), GFRAID_ELEN);
	expect(gfraid_ec_encode_data(INT_MIN, 4, 2, tbl, data, coding), GFRAID_ELEN);
	expect(gfraid_ec_encode_data(LEN, 0, 2, tbl, data, coding), GFRAID_ESHARDS);
	expect(gfraid_ec_encode_data(LEN, -4, 2, tbl, data, coding), GFRAID_ESHARDS);
	expect(gfraid_ec_encode_data(LEN, 4, 0, tbl, data, coding), GFRAID_ESHARDS);
	expect(gfraid_ec_encode_data(LEN, 4, -1, tbl, data, coding), GFRAID_ESHARDS);
	expect(gfraid_ec_encode_data(LEN, 250, 7, tbl, data, coding), GFRAID_ESHARDS);
	expect(gfraid_ec_encode_data(LEN, INT_MAX, INT_MAX, tbl, data, coding), GFRAID_ESHARDS);
	expect(gfraid_ec_encode_data(LEN, 1, INT_MAX, tbl, data, coding), GFRAID_ESHARDS);
	expect(gfraid_ec_encode_data(LEN, 4, 2, NULL, data, coding), GFRAID_ENULL);
	expect(gfraid_ec_encode_data(LEN, 4, 2, tbl, NULL, coding), GFRAID_ENULL);
	expect(gfraid_ec_encode_data(LEN, 4, 2, tbl, data, NULL), GFRAID_ENULL);
	saved = data[3];
	data[3] = NULL;
	expect(gfraid_ec_encode_data(LEN, 4, 2, tbl, data, coding), GFRAID_ENULL);
	data[3] = saved;
	saved = coding[1];
	coding[1] = NULL;
	expect(gfraid_ec_encode_data(LEN, 4, 2, tbl, data, coding), GFRAID_ENULL);
	coding[1] = saved;
	expect(gfraid_ec_encode_data(0, 4, 2, tbl, data, coding), 0);
}
END_TEST

START_TEST(ec_update_bad)
{
	uint8_t **coding = bptrs + 128;
	uint8_t *tbl = bptrs[250], *src = bptrs[0], *saved;

	expect(gfraid_ec_encode_data_update(-1, 4, 2, 0, tbl, src, coding), GFRAID_ELEN);
	expect(gfraid_ec_encode_data_update(LEN, 0, 2, 0, tbl, src, coding), GFRAID_ESHARDS);
	expect(gfraid_ec_encode_data_update(LEN, 4, 0, 0, tbl, src, coding), GFRAID_ESHARDS);
	expect(gfraid_ec_encode_data_update(LEN, 200, 57, 0, tbl, src, coding), GFRAID_ESHARDS);
	expect(gfraid_ec_encode_data_update(LEN, 4, 2, -1, tbl, src, coding), GFRAID_EINDEX);
	expect(gfraid_ec_encode_data_update(LEN, 4, 2, 4, tbl, src, coding), GFRAID_EINDEX);
	expect(gfraid_ec_encode_data_update(LEN, 4, 2, INT_MAX, tbl, src, coding), GFRAID_EINDEX);
	expect(gfraid_ec_encode_data_update(LEN, 4, 2, 0, NULL, src, coding), GFRAID_ENULL);
	expect(gfraid_ec_encode_data_update(LEN, 4, 2, 0, tbl, NULL, coding), GFRAID_ENULL);
	expect(gfraid_ec_encode_data_update(LEN, 4, 2, 0, tbl, src, NULL), GFRAID_ENULL);
	saved = coding[1];
	coding[1] = NULL;
	expect(gfraid_ec_encode_data_update(LEN, 4, 2, 0, tbl, src, coding), GFRAID_ENULL);
	coding[1] = saved;
	expect(gfraid_ec_encode_data_update(0, 4, 2, 3, tbl, src, coding), 0);
}
END_TEST

START_TEST(ec_update_shards_bad)
{
	uint8_t **coding = bptrs + 128;
	const unsigned char *const *src = (const unsigned char *const *)bptrs;
	uint8_t *tbl = bptrs[250], *saved;
	int idx[4] = { 0, 3, 1, 2 }, dup[3] = { 1, 2, 1 }, out[2] = { 0, 4 }, neg[2] = { -1, 0 };

	expect(gfraid_ec_update_shards(-1, 4, 2, 2, idx, tbl, src, coding), GFRAID_ELEN);
	expect(gfraid_ec_update_shards(LEN, 0, 2, 2, idx, tbl, src, coding), GFRAID_ESHARDS);
	expect(gfraid_ec_update_shards(LEN, 4, 0, 2, idx, tbl, src, coding), GFRAID_ESHARDS);
	expect(gfraid_ec_update_shards(LEN, 200, 57, 2, idx, tbl, src, coding), GFRAID_ESHARDS);
	expect(gfraid_ec_update_shards(LEN, 4, 2, -1, idx, tbl, src, coding), GFRAID_ESHARDS);
	expect(gfraid_ec_update_shards(LEN, 4, 2, INT_MIN, idx, tbl, src, coding), GFRAID_ESHARDS);
	expect(gfraid_ec_update_shards(LEN, 4, 2, 3, dup, tbl, src, coding), GFRAID_EINDEX);
	expect(gfraid_ec_update_shards(LEN, 4, 2, 2, out, tbl, src, coding), GFRAID_EINDEX);
	expect(gfraid_ec_update_shards(LEN, 4, 2, 2, neg, tbl, src, coding), GFRAID_EINDEX);
	/* more shards than k means one is repeated */
	expect(gfraid_ec_update_shards(LEN, 3, 2, 4, idx, tbl, src, coding), GFRAID_EINDEX);
	expect(gfraid_ec_update_shards(LEN, 4, 2, 2, NULL, tbl, src, coding), GFRAID_ENULL);
	expect(gfraid_ec_update_shards(LEN, 4, 2, 2, idx, NULL, src, coding), GFRAID_ENULL);
	expect(gfraid_ec_update_shards(LEN, 4, 2, 2, idx, tbl, NULL, coding), GFRAID_ENULL);
	expect(gfraid_ec_update_shards(LEN, 4, 2, 2, idx, tbl, src, NULL), GFRAID_ENULL);
	saved = bptrs[1];
	bptrs[1] = NULL;
	expect(gfraid_ec_update_shards(LEN, 4, 2, 2, idx, tbl, src, coding), GFRAID_ENULL);
	bptrs[1] = saved;
	saved = coding[1];
	coding[1] = NULL;
	expect(gfraid_ec_update_shards(LEN, 4, 2, 2, idx, tbl, src, coding), GFRAID_ENULL);
	coding[1] = saved;
	expect(gfraid_ec_update_shards(0, 4, 2, 4, idx, tbl, src, coding), 0);
	expect(gfraid_ec_update_shards(LEN, 4, 2, 0, NULL, tbl, NULL, coding), 0);
}
END_TEST

START_TEST(matrix_functions_bad)
{
	uint8_t *a = bptrs[0], *out = bptrs[1], *tbl = bptrs[2];

	/* void functions: bad arguments leave the output alone */
	gfraid_gen_rs_matrix(a, 3, 4);	/* m < k */
	gfraid_gen_rs_matrix(a, 257, 1);	/* m > 256 */
	gfraid_gen_rs_matrix(a, 4, 0);
	gfraid_gen_rs_matrix(NULL, 4, 2);
	gfraid_gen_cauchy_matrix(a, 3, 4);
	gfraid_gen_cauchy_matrix(a, 300, 2);
	gfraid_gen_cauchy_matrix(a, 4, -1);
	gfraid_gen_cauchy_matrix(NULL, 4, 2);
	gfraid_ec_init_tables(0, 2, a, tbl);
	gfraid_ec_init_tables(4, 0, a, tbl);
	gfraid_ec_init_tables(250, 7, a, tbl);
	gfraid_ec_init_tables(4, 2, NULL, tbl);
	gfraid_ec_init_tables(4, 2, a, NULL);
	assert_untouched();

	expect(gfraid_invert_matrix(NULL, out, 4), GFRAID_ENULL);
	expect(gfraid_invert_matrix(a, NULL, 4), GFRAID_ENULL);
	expect(gfraid_invert_matrix(a, out, 0), GFRAID_ESHARDS);
	expect(gfraid_invert_matrix(a, out, -3), GFRAID_ESHARDS);
	expect(gfraid_invert_matrix(a, out, 257), GFRAID_ESHARDS);
	expect(gfraid_invert_matrix_inplace(NULL, out, 4), GFRAID_ENULL);
	expect(gfraid_invert_matrix_inplace(a, NULL, 4), GFRAID_ENULL);
	expect(gfraid_invert_matrix_inplace(a, out, 0), GFRAID_ESHARDS);
	expect(gfraid_invert_matrix_inplace(a, out, 257), GFRAID_ESHARDS);
	/* singular: a 4 x 4 matrix whose last row repeats the first */
	memcpy(a + 12, a, 4);
	memcpy(snapshot[0], a, LEN);
	expect(gfraid_invert_matrix(a, out, 4), GFRAID_ESINGULAR);
	memset(a + 4, 0, 4);	/* a zero row */
	memcpy(snapshot[0], a, LEN);
	expect(gfraid_invert_matrix(a, out, 4), GFRAID_ESINGULAR);
	memset(a, 0, 16);
	memcpy(snapshot[0], a, LEN);
	expect(gfraid_invert_matrix(a, out, 4), GFRAID_ESINGULAR);
	expect(gfraid_invert_matrix(a, out, 1), GFRAID_ESINGULAR);
}
END_TEST

int main(void)
{
	const TTest *const tests[] = {
		raid6_disks_and_null,
		raid6_indices,
		raid6_zero_length_is_a_noop,
		ec_encode_bad,
		ec_update_bad,
		ec_update_shards_bad,
		matrix_functions_bad,
		NULL,
	};

	return run_tests("badinput", 120, tests, setup, teardown);
}
