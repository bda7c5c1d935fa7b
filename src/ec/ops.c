/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The Reed-Solomon ops' descriptors (ops.h): how each calls a variant, the
 * cases its calibration times (4+2, 10+4, 16+4; the one-shard update of
 * 4+2, 10+4 and 8+8, whose cost follows the rows alone; the partial-stripe
 * update of 2 of 4+2, 4 of 10+4 and 4 of 8+8), its self-test cases and its known
 * answer. The known answers were derived from ISA-L's base functions by
 * tests/test_selftest.c, which fails if they ever differ. base's encode is
 * byte at a time, so k x rows x len is kept small in the cases: it is most
 * of what a self-test costs.
 */
#include "../selftest.h"

/* Parity consistent with the data (the known answer's, or base's), then
   shard a wrong at byte b (a < 0: none). */
static void prepare_check(const struct gfr_case *c, const struct gfr_call *call,
			  const uint8_t *parity, unsigned int seed)
{
	int r;

	(void)seed;
	if (parity)
		for (r = 0; r < c->nout; r++)
			memcpy(call->out[r] + call->off, parity + (size_t)r * (size_t)c->len,
			       (size_t)c->len);
	else
		gfr_ec_encode_base(call->off, (size_t)c->len, c->nin, c->nout, call->tables,
				   call->in, call->out, 0);
	if (c->a >= 0)
		call->in[c->a][call->off + (size_t)c->b] ^= 0x5a;
}

#define COUNT_OF(t) ((int)(sizeof(t) / sizeof((t)[0])))
#define KAT_ENCODE_SEED 0x6b617434u

static const struct gfr_case encode_cases[] = {
	{ 4, 4, 330, 0, 0, 0, 0, "ec_encode 4+4, 330 bytes, aligned" },
	{ 17, 5, 150, 3, 0, 0, 0, "ec_encode 17+5, 150 bytes, unaligned" },
	{ 18, 2, 256, 0, 0, 0, 0, "ec_encode 18+2, 256 bytes, aligned (more shards than a chunk)" },
	{ 6, 6, 200, 0, 1, 0, 0, "ec_encode 6+6, 200 bytes, second kernel section" },
	{ 3, 1, 65, 0, 0, 0, 0, "ec_encode 3+1, 65 bytes (a 1-byte tail)" },
	{ 1, 3, 200, 0, 0, 0, 0, "ec_encode 1+3, 200 bytes" },
	{ 5, 3, 21, 0, 0, 0, 0, "ec_encode 5+3, 21 bytes (tail only)" },
};

static const uint8_t kat_encode[48] = {
	0x61, 0xfd, 0x84, 0x96, 0x1b, 0xad, 0x89, 0xea, 0xaf, 0x9c, 0xdb, 0x50,
	0xd2, 0x81, 0x76, 0x54, 0xcf, 0x94, 0xa7, 0xad, 0x4a, 0xbf, 0xe0, 0x36,
	0xce, 0x13, 0xc2, 0x14, 0x8f, 0x98, 0x46, 0x62, 0x48, 0x21, 0x96, 0xbd,
	0x02, 0x95, 0x0c, 0x8e, 0x46, 0x79, 0xd2, 0x6e, 0x09, 0xfd, 0xac, 0x60,
};

const struct gfr_op gfr_op_ec_encode = {
	.name = "ec_encode",
	.id = GFRAID_OP_EC_ENCODE,
	.call = gfr_call_ec_encode,
	.calibration = { { .nin = 4, .nout = 2 }, { .nin = 10, .nout = 4 }, { .nin = 16, .nout = 4 } },
	.cases = encode_cases,
	.ncases = COUNT_OF(encode_cases),
	.kat = { .nin = 5, .nout = 3, .len = 16, .a = 0, .b = 0, .seed = KAT_ENCODE_SEED,
		 .expect = kat_encode, .passes = 1 },
};

static const struct gfr_case update_cases[] = {
	{ 10, 4, 600, 0, 0, 3, 0, "ec_update 10+4, shard 3, 600 bytes, aligned" },
	{ 20, 6, 300, 3, 0, 19, 0, "ec_update 20+6, shard 19, 300 bytes, unaligned" },
	{ 6, 6, 200, 0, 1, 0, 0, "ec_update 6+6, shard 0, 200 bytes, second kernel section" },
	{ 3, 1, 21, 0, 0, 2, 0, "ec_update 3+1, shard 2, 21 bytes (tail only)" },
	{ 5, 2, 129, 1, 0, 4, 0, "ec_update 5+2, shard 4, 129 bytes (a 1-byte tail), unaligned" },
};

static const uint8_t kat_update[48] = {
	0x86, 0x97, 0x84, 0x34, 0x93, 0xbc, 0x7c, 0x90, 0xa1, 0x6a, 0x6b, 0xed,
	0x43, 0x6a, 0x11, 0x40, 0x59, 0x58, 0xf8, 0xd7, 0x26, 0xa4, 0x45, 0x0d,
	0x31, 0xbc, 0x40, 0x90, 0x92, 0x15, 0xb7, 0x9c, 0x92, 0x08, 0x58, 0x84,
	0x17, 0xfc, 0x75, 0x86, 0xb6, 0xa9, 0xf7, 0xd0, 0xb7, 0xef, 0xbf, 0x25,
};

const struct gfr_op gfr_op_ec_update = {
	.name = "ec_update",
	.id = GFRAID_OP_EC_UPDATE,
	.call = gfr_call_ec_update,
	.calibration = { { .nin = 4, .nout = 2, .a = 1 },
			 { .nin = 10, .nout = 4, .a = 3 },
			 { .nin = 8, .nout = 8, .a = 5 } },
	.cases = update_cases,
	.ncases = COUNT_OF(update_cases),
	.kat = { .nin = 5, .nout = 3, .len = 16, .a = 2, .b = 0, .seed = 0x6b617435u,
		 .expect = kat_update, .passes = 1 },
};

static const struct gfr_case update_shards_cases[] = {
	{ 4, 4, 330, 0, 0, 0, 0, "ec_update_shards 4 shards, 4 rows, 330 bytes, aligned" },
	{ 17, 5, 150, 3, 0, 0, 0, "ec_update_shards 17 shards, 5 rows, 150 bytes, unaligned" },
	{ 3, 6, 200, 0, 1, 0, 0, "ec_update_shards 3 shards, 6 rows, 200 bytes, second kernel section" },
	{ 2, 1, 65, 0, 0, 0, 0, "ec_update_shards 2 shards, 1 row, 65 bytes (a 1-byte tail)" },
	{ 1, 3, 21, 5, 0, 0, 0, "ec_update_shards 1 shard, 3 rows, 21 bytes (tail only)" },
};

static const uint8_t kat_update_shards[48] = {
	0x79, 0x52, 0x8d, 0x47, 0xc7, 0x23, 0xc2, 0xac, 0x6d, 0x1c, 0x81, 0x29,
	0xc9, 0xe7, 0xc8, 0xa9, 0xd2, 0x7c, 0xbf, 0xaf, 0x36, 0x59, 0x61, 0x48,
	0xa0, 0xd4, 0xb8, 0x67, 0xf1, 0x80, 0xda, 0x14, 0xc7, 0x43, 0x84, 0xf7,
	0xf7, 0xe0, 0x2e, 0x76, 0xbf, 0xef, 0x4b, 0x15, 0xd5, 0xad, 0x1d, 0x8c,
};

/* ec_encode's variants, tested, timed and chosen as an op of their own
   (the non-temporal ones never: accumulating, they store nothing
   non-temporally); calibrated on 4 shards into 4 rows */
const struct gfr_op gfr_op_ec_update_shards = {
	.name = "ec_update_shards",
	.id = GFRAID_OP_EC_UPDATE_SHARDS,
	.variants = &gfr_op_ec_encode,
	.call = gfr_call_ec_update_shards,
	.calibration = { { .nin = 2, .nout = 2 }, { .nin = 4, .nout = 4 }, { .nin = 4, .nout = 8 } },
	.cases = update_shards_cases,
	.ncases = COUNT_OF(update_shards_cases),
	.kat = { .nin = 3, .nout = 3, .len = 16, .a = 0, .b = 0, .seed = 0x6b617436u,
		 .expect = kat_update_shards, .passes = 1 },
};

/* a: the shard made wrong (-1: none; nin + r is parity row r), b: at
   which byte of the window. */
static const struct gfr_case ec_check_cases[] = {
	{ 4, 4, 330, 0, 0, -1, 0, "ec_check 4+4, 330 bytes, aligned, consistent" },
	{ 17, 5, 150, 3, 0, 20, 149, "ec_check 17+5, 150 bytes, unaligned, parity 3 wrong at its end" },
	{ 20, 3, 200, 0, 1, 2, 100,
	  "ec_check 20+3 (coefficients in two chunks), 200 bytes, second kernel section, "
	  "data 2 wrong" },
	{ 6, 6, 200, 0, 0, 8, 7, "ec_check 6+6 (rows in two passes), 200 bytes, parity 2 wrong" },
	{ 3, 1, 65, 0, 0, 1, 64, "ec_check 3+1, 65 bytes, data 1 wrong in the 1-byte tail" },
	{ 5, 3, 21, 0, 0, -1, 0, "ec_check 5+3, 21 bytes (tail only), consistent" },
};

/* the known answer: encode's stripe consistent, then shard 1 wrong at
   byte 0 */
const struct gfr_op gfr_op_ec_check = {
	.name = "ec_check",
	.id = GFRAID_OP_EC_CHECK,
	.call = gfr_call_ec_check,
	.calibration = { { .nin = 4, .nout = 2 }, { .nin = 10, .nout = 4 }, { .nin = 16, .nout = 4 } },
	.cases = ec_check_cases,
	.ncases = COUNT_OF(ec_check_cases),
	.kat = { .nin = 5, .nout = 3, .len = 16, .a = -1, .b = 0, .seed = KAT_ENCODE_SEED,
		 .expect = kat_encode, .passes = 2, .a2 = 1, .b2 = 0 },
	.prepare = prepare_check,
};
