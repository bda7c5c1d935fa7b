// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * RAID-6 ops on geometries, lengths, alignments, xor windows and failures
 * chosen by the fuzzer, each variant (forced by index) against base on the
 * same input: the same return code and the same bytes in every buffer,
 * with ASan watching each buffer's ends.
 *
 * Input: op, disks, length (2 bytes), skew, a, b, gen/xor/recov variant
 * index (gen's also the check's), then the seed of the buffer contents.
 * The check runs on a stripe base made consistent, with member a (when
 * there is one) wrong at a byte b picks.
 */
#include "fuzz.h"

enum { OP_GEN, OP_XOR, OP_2DATA, OP_DATAP, OP_RECOVER, OP_CHECK, OP_COUNT };

static int run(int op, int disks, size_t len, int a, int b, uint8_t **p, int *member)
{
	switch (op) {
	case OP_CHECK:
		return gfraid_raid6_check(disks, len, (void *const *)p, member);
	case OP_GEN:
		return gfraid_gen_syndrome(disks, len, (void **)p);
	case OP_XOR:
		return gfraid_xor_syndrome(disks, a, b, len, (void **)p);
	case OP_2DATA:
		return gfraid_recov_2data(disks, len, a, b, (void **)p);
	case OP_DATAP:
		return gfraid_recov_datap(disks, len, a, (void **)p);
	default:
		return gfraid_raid6_recover(disks, len, a, b, (void **)p);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fin f = { data, size };
	int op = (int)(fin_byte(&f) % OP_COUNT);
	/* mostly valid geometries, sometimes one past either limit */
	int disks = 2 + (int)(fin_byte(&f) % 40);
	size_t len = fin_u16(&f) % 2200;
	size_t skew = fin_byte(&f) % 64;
	/* indices around the valid range, so bad ones reach the checks */
	int a = (int)(fin_byte(&f) % (unsigned)(disks + 2)) - 1;
	int b = (int)(fin_byte(&f) % (unsigned)(disks + 2)) - 1;
	unsigned vgen = fin_byte(&f), vxor = fin_byte(&f), vrec = fin_byte(&f);
	int nbuf, want, got, d, want_member = -7, got_member = -7;
	uint8_t **mine, **ref, **orig;
	struct rng r;
	const char *names[3];

	if (fin_byte(&f) == 0xff)
		disks = 258;	/* past GFRAID_MAX_DISKS: must be refused */
	nbuf = disks < 3 ? 3 : disks;
	fin_rng(&f, &r);
	mine = bufs_new(nbuf, len, skew);
	ref = bufs_new(nbuf, len, skew);
	orig = bufs_new(nbuf, len, skew);
	for (d = 0; d < nbuf; d++)
		rng_fill(&r, orig[d], len);
	gfraid_impl_force(GFRAID_OP_GEN_SYNDROME, "base");
	gfraid_impl_force(GFRAID_OP_XOR_SYNDROME, "base");
	gfraid_impl_force(GFRAID_OP_RECOV, "base");
	gfraid_impl_force(GFRAID_OP_RAID6_CHECK, "base");
	if (op == OP_CHECK && gfraid_gen_syndrome(disks, len, (void **)orig) == 0 && len &&
	    a >= 0 && a < disks)
		orig[a][(size_t)(b + 1) * 131 % len] ^= 0x5a;
	bufs_copy(ref, orig, nbuf, len);
	bufs_copy(mine, orig, nbuf, len);

	want = run(op, disks, len, a, b, ref, &want_member);
	names[0] = force_variant(op == OP_CHECK ? GFRAID_OP_RAID6_CHECK : GFRAID_OP_GEN_SYNDROME,
				 vgen);
	names[1] = force_variant(GFRAID_OP_XOR_SYNDROME, vxor);
	names[2] = force_variant(GFRAID_OP_RECOV, vrec);
	got = run(op, disks, len, a, b, mine, &got_member);

	FUZZ_CHECK(got == want && got_member == want_member,
		   "op %d disks %d len %zu a %d b %d: %d member %d, base %d member %d", op, disks,
		   len, a, b, got, got_member, want, want_member);
	d = bufs_diff(mine, ref, nbuf, len);
	FUZZ_CHECK(d < 0, "op %d disks %d len %zu skew %zu a %d b %d, gen %s xor %s recov %s: "
		   "buffer %d differs from base", op, disks, len, skew, a, b, names[0], names[1],
		   names[2], d);
	if (got != 0)
		FUZZ_CHECK(bufs_diff(mine, orig, nbuf, len) < 0, "op %d refused (%d) but wrote", op,
			   got);
	bufs_free(mine, nbuf, skew);
	bufs_free(ref, nbuf, skew);
	bufs_free(orig, nbuf, skew);
	return 0;
}
