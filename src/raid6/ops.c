/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The RAID-6 ops' descriptors (ops.h): how each calls a variant, the cases
 * its calibration times (4+2, 8+2, 14+2), its self-test cases and its
 * known answer. The known answers were derived from Linux lib/raid6 by
 * tests/test_selftest.c, which fails if they ever differ; recov and
 * raid6_check share gen's inputs, so that P and Q are gen's answer.
 */
#include "../selftest.h"

/* P and Q consistent with the data: the known answer's, or base's. */
static void consistent(const struct gfr_case *c, const struct gfr_call *call,
		       const uint8_t *parity)
{
	uint8_t *const *p = call->in;

	if (parity) {
		memcpy(p[c->nin] + call->off, parity, (size_t)c->len);
		memcpy(p[c->nin + 1] + call->off, parity + c->len, (size_t)c->len);
	} else {
		gfr_raid6_gen_base(c->nin + 2, call->off, (size_t)c->len, (void **)p);
	}
}

/* A consistent stripe, then junk in the lost windows, which recovery must
   overwrite without reading. */
static void prepare_recov(const struct gfr_case *c, const struct gfr_call *call,
			  const uint8_t *parity, unsigned int seed)
{
	consistent(c, call, parity);
	gfr_selftest_fill(call->in[c->a] + call->off, (size_t)c->len, ~seed);
	if (c->b >= 0)
		gfr_selftest_fill(call->in[c->b] + call->off, (size_t)c->len, ~seed + 1);
}

/* A consistent stripe, then member a wrong at byte b (a < 0: none). */
static void prepare_check(const struct gfr_case *c, const struct gfr_call *call,
			  const uint8_t *parity, unsigned int seed)
{
	(void)seed;
	consistent(c, call, parity);
	if (c->a >= 0)
		call->in[c->a][call->off + (size_t)c->b] ^= 0x5a;
}

#define COUNT_OF(t) ((int)(sizeof(t) / sizeof((t)[0])))
#define KAT_GEN_SEED 0x6b617431u

static const struct gfr_case gen_cases[] = {
	{ 4, 2, 1125, 0, 0, 0, 0, "gen_syndrome 4+2, 1125 bytes, aligned" },
	{ 9, 2, 200, 5, 0, 0, 0, "gen_syndrome 9+2, 200 bytes, unaligned" },
	{ 1, 2, 65, 0, 0, 0, 0, "gen_syndrome 1+2, 65 bytes (a 1-byte tail)" },
	{ 16, 2, 333, 0, 1, 0, 0, "gen_syndrome 16+2, 333 bytes, second kernel section" },
	{ 8, 2, 13, 3, 0, 0, 0, "gen_syndrome 8+2, 13 bytes (tail only)" },
};

static const uint8_t kat_gen[64] = {
	0x9f, 0x1a, 0x7b, 0x60, 0xf2, 0xbb, 0xf0, 0x22, 0x6a, 0xab, 0xfa, 0xaf,
	0x4f, 0x18, 0xc0, 0xe1, 0xbc, 0xc4, 0x1a, 0x12, 0xae, 0x48, 0xdb, 0x1f,
	0x35, 0x5e, 0x72, 0x2c, 0xc8, 0x37, 0xd2, 0x59, 0xa1, 0x6f, 0x89, 0xe2,
	0xb4, 0x5a, 0x36, 0xda, 0x9e, 0x78, 0x04, 0x02, 0xf9, 0x81, 0x8e, 0x58,
	0xf9, 0x3f, 0x3b, 0x65, 0x8e, 0xf2, 0x1d, 0xda, 0x4e, 0x41, 0x4a, 0x6b,
	0x07, 0xc5, 0x6e, 0x56,
};

const struct gfr_op gfr_op_gen_syndrome = {
	.name = "gen_syndrome",
	.id = GFRAID_OP_GEN_SYNDROME,
	.call = gfr_call_gen_syndrome,
	.calibration = { { .nin = 4, .nout = 2 }, { .nin = 8, .nout = 2 }, { .nin = 14, .nout = 2 } },
	.cases = gen_cases,
	.ncases = COUNT_OF(gen_cases),
	.kat = { .nin = 5, .nout = 2, .len = 32, .a = 0, .b = 0, .seed = KAT_GEN_SEED,
		 .expect = kat_gen, .passes = 1 },
};

static const struct gfr_case xor_cases[] = {
	{ 8, 2, 1125, 0, 0, 0, 0, "xor_syndrome 8+2, disks 0..0, 1125 bytes, aligned" },
	{ 8, 2, 520, 7, 0, 3, 3, "xor_syndrome 8+2, disks 3..3, 520 bytes, unaligned" },
	{ 8, 2, 333, 0, 1, 2, 7, "xor_syndrome 8+2, disks 2..7, 333 bytes, second kernel section" },
	{ 9, 2, 1125, 0, 0, 0, 8, "xor_syndrome 9+2, disks 0..8, 1125 bytes" },
	{ 3, 2, 65, 1, 0, 1, 2, "xor_syndrome 3+2, disks 1..2, 65 bytes (a 1-byte tail)" },
};

static const uint8_t kat_xor[64] = {
	0x40, 0x11, 0x93, 0xc4, 0xc8, 0xdc, 0xdd, 0x21, 0x62, 0x67, 0x32, 0xdd,
	0x3e, 0x6a, 0xd4, 0x00, 0x2c, 0x9b, 0xa5, 0x96, 0x00, 0xd7, 0x7f, 0xa1,
	0x1a, 0x9b, 0xbf, 0xbb, 0x48, 0xe1, 0x97, 0xaf, 0xe3, 0x00, 0x5e, 0x2f,
	0x72, 0xf6, 0x76, 0x12, 0x20, 0x40, 0x71, 0x4c, 0x0b, 0xc9, 0x9b, 0x0d,
	0x9a, 0x55, 0xc0, 0x0c, 0x46, 0x3d, 0xfe, 0x6f, 0x50, 0x2e, 0x24, 0x4b,
	0x40, 0x04, 0xad, 0x2f,
};

/* calibrated on md's one-disk write */
const struct gfr_op gfr_op_xor_syndrome = {
	.name = "xor_syndrome",
	.id = GFRAID_OP_XOR_SYNDROME,
	.call = gfr_call_xor_syndrome,
	.calibration = { { .nin = 4, .nout = 2, .a = 1, .b = 1 },
			 { .nin = 8, .nout = 2, .a = 3, .b = 3 },
			 { .nin = 14, .nout = 2, .a = 6, .b = 6 } },
	.cases = xor_cases,
	.ncases = COUNT_OF(xor_cases),
	.kat = { .nin = 5, .nout = 2, .len = 32, .a = 1, .b = 3, .seed = 0x6b617432u,
		 .expect = kat_xor, .passes = 1 },
};

static const struct gfr_case recov_cases[] = {
	{ 8, 2, 1125, 0, 0, 0, 1, "recov_2data 8+2, disks 0 and 1, 1125 bytes, aligned" },
	{ 8, 2, 333, 9, 0, 3, 7, "recov_2data 8+2, disks 3 and 7, 333 bytes, unaligned" },
	{ 4, 2, 65, 0, 0, 1, 2, "recov_2data 4+2, disks 1 and 2, 65 bytes (a 1-byte tail)" },
	{ 8, 2, 1125, 0, 0, 0, -1, "recov_datap 8+2, disk 0, 1125 bytes, aligned" },
	{ 16, 2, 300, 0, 1, 15, -1, "recov_datap 16+2, disk 15, 300 bytes, second kernel section" },
	{ 5, 2, 150, 2, 0, 2, -1, "recov_datap 5+2, disk 2, 150 bytes, unaligned" },
};

/* calibrated on two lost data disks; the known answer: 2data of disks 1
   and 3, then datap of disk 1 */
const struct gfr_op gfr_op_recov = {
	.name = "recov",
	.id = GFRAID_OP_RECOV,
	.call = gfr_call_recov,
	.calibration = { { .nin = 4, .nout = 2, .a = 1, .b = 2 },
			 { .nin = 8, .nout = 2, .a = 2, .b = 5 },
			 { .nin = 14, .nout = 2, .a = 3, .b = 10 } },
	.cases = recov_cases,
	.ncases = COUNT_OF(recov_cases),
	.kat = { .nin = 5, .nout = 2, .len = 32, .a = 1, .b = 3, .seed = KAT_GEN_SEED,
		 .expect = kat_gen, .passes = 2, .a2 = 1, .b2 = -1 },
	.prepare = prepare_recov,
};

/* a: the member made wrong (-1: none; nin is P, nin + 1 Q), b: at which
   byte of the window. */
static const struct gfr_case check_cases[] = {
	{ 8, 2, 1125, 0, 0, -1, 0, "raid6_check 8+2, 1125 bytes, aligned, consistent" },
	{ 8, 2, 1125, 0, 0, 3, 700, "raid6_check 8+2, 1125 bytes, data disk 3 wrong at byte 700" },
	{ 9, 2, 200, 5, 0, 9, 0, "raid6_check 9+2, 200 bytes, unaligned, P wrong at byte 0" },
	{ 16, 2, 333, 0, 1, 17, 332,
	  "raid6_check 16+2, 333 bytes, second kernel section, Q wrong at its last byte" },
	{ 1, 2, 65, 0, 0, 0, 64, "raid6_check 1+2, 65 bytes, the data wrong in the 1-byte tail" },
	{ 8, 2, 13, 3, 0, -1, 0, "raid6_check 8+2, 13 bytes (tail only), consistent" },
};

/* the known answer: gen's stripe consistent, then disk 1 wrong at byte 0 */
const struct gfr_op gfr_op_raid6_check = {
	.name = "raid6_check",
	.id = GFRAID_OP_RAID6_CHECK,
	.call = gfr_call_raid6_check,
	.calibration = { { .nin = 4, .nout = 2 }, { .nin = 8, .nout = 2 }, { .nin = 14, .nout = 2 } },
	.cases = check_cases,
	.ncases = COUNT_OF(check_cases),
	.kat = { .nin = 5, .nout = 2, .len = 32, .a = -1, .b = 0, .seed = KAT_GEN_SEED,
		 .expect = kat_gen, .passes = 2, .a2 = 1, .b2 = 0 },
	.prepare = prepare_check,
};
