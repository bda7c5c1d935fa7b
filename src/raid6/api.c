/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Public RAID-6 entry points: check the arguments, then run the variant
   dispatch selected. Nothing is written before every check has passed. */
#include "../ops.h"
#include "../gf/gf.h"

/* op (by call, its gfr_call_<name>) over [0, bytes) of the disks (a, b:
   start and stop, or the failed disks) with the variant selected. */
static inline int run(enum gfraid_op op, gfr_call_fn *call, int disks, size_t bytes, int a, int b,
		      void **ptrs)
{
	struct gfr_call c = { disks - 2, 2, a, b, 0, bytes, (uint8_t *const *)ptrs, NULL, NULL };

	return gfr_run(op, call, &c);
}

static int check_disks(int disks, void **ptrs)
{
	int i;

	if (!ptrs)
		return GFRAID_ENULL;
	if (disks < GFRAID_MIN_DISKS || disks > GFRAID_MAX_DISKS)
		return GFRAID_EDISKS;
	for (i = 0; i < disks; i++)
		if (!ptrs[i])
			return GFRAID_ENULL;
	return 0;
}

int gfraid_gen_syndrome(int disks, size_t bytes, void **ptrs)
{
	int err = check_disks(disks, ptrs);

	if (err || bytes == 0)
		return err;
	return run(GFRAID_OP_GEN_SYNDROME, gfr_call_gen_syndrome, disks, bytes, 0, 0, ptrs);
}

int gfraid_xor_syndrome(int disks, int start, int stop, size_t bytes, void **ptrs)
{
	int err = check_disks(disks, ptrs);

	if (err)
		return err;
	if (start < 0 || start > stop || stop > disks - 3)
		return GFRAID_EINDEX;
	if (bytes == 0)
		return 0;
	return run(GFRAID_OP_XOR_SYNDROME, gfr_call_xor_syndrome, disks, bytes, start, stop, ptrs);
}

int gfraid_recov_2data(int disks, size_t bytes, int faila, int failb, void **ptrs)
{
	int err = check_disks(disks, ptrs);

	if (err)
		return err;
	if (faila < 0 || faila >= failb || failb > disks - 3)
		return GFRAID_EINDEX;
	if (bytes == 0)
		return 0;
	return run(GFRAID_OP_RECOV, gfr_call_recov, disks, bytes, faila, failb, ptrs);
}

int gfraid_recov_datap(int disks, size_t bytes, int faila, void **ptrs)
{
	int err = check_disks(disks, ptrs);

	if (err)
		return err;
	if (faila < 0 || faila > disks - 3)
		return GFRAID_EINDEX;
	if (bytes == 0)
		return 0;
	return run(GFRAID_OP_RECOV, gfr_call_recov, disks, bytes, faila, -1, ptrs);
}

int gfraid_raid6_recover(int disks, size_t bytes, int faila, int failb, void **ptrs)
{
	int err = check_disks(disks, ptrs);
	int pdisk = disks - 2, qdisk = disks - 1;

	if (err)
		return err;
	if (faila < 0 || faila >= disks || (failb != -1 && (failb <= faila || failb >= disks)))
		return GFRAID_EINDEX;
	if (bytes == 0)
		return 0;

	if (faila >= pdisk)
		/* Only P, only Q, or both: the data is whole. */
		return run(GFRAID_OP_GEN_SYNDROME, gfr_call_gen_syndrome, disks, bytes, 0, 0, ptrs);
	if (failb == -1 || failb == pdisk)
		/* One data disk, alone or with P: from Q, P rewritten. */
		return run(GFRAID_OP_RECOV, gfr_call_recov, disks, bytes, faila, -1, ptrs);
	if (failb == qdisk) {
		/* Data and Q: RAID-5 style from P, then Q from the data (gen
		   asked for first, so a failure writes nothing). */
		if (!gfr_impl_current(GFRAID_OP_GEN_SYNDROME, gfr_class(disks, bytes),
				      gfr_width_of(GFRAID_OP_GEN_SYNDROME, disks)))
			return GFRAID_ESELFTEST;
		gfr_raid6_rebuild_from_p(disks, bytes, faila, ptrs);
		return run(GFRAID_OP_GEN_SYNDROME, gfr_call_gen_syndrome, disks, bytes, 0, 0, ptrs);
	}
	return run(GFRAID_OP_RECOV, gfr_call_recov, disks, bytes, faila, failb, ptrs);
}

/* The check runs its variant over pieces of this many bytes; locating, a
   byte at a time, runs only over the pieces that mismatch. */
#define CHECK_PIECE ((size_t)16 * 1024)

/* The member byte o names: a data index, disks-2 for P, disks-1 for Q;
   -1 when it is consistent, -2 when no one member explains it
   (docs/MATH.md, "Locating one wrong member of a RAID-6 stripe"). */
static int culprit(int disks, uint8_t *const *d, size_t o)
{
	uint8_t p = 0, q = 0, dp, dq;
	int z;

	for (z = disks - 3; z >= 0; z--) {
		p ^= d[z][o];
		q = (uint8_t)((q << 1) ^ (q & 0x80 ? 0x1d : 0) ^ d[z][o]);
	}
	dp = p ^ d[disks - 2][o];
	dq = q ^ d[disks - 1][o];
	if (!dp && !dq)
		return -1;
	if (!dq)
		return disks - 2;
	if (!dp)
		return disks - 1;
	/* data disk z wrong by e: dp = e, dq = 2^z * e */
	z = (gfr_gf_log[dq] - gfr_gf_log[dp] + 255) % 255;
	return z < disks - 2 ? z : -2;
}

int gfraid_raid6_check(int disks, size_t bytes, void *const *ptrs, int *member)
{
	int err = check_disks(disks, (void **)ptrs), found = -1;
	const struct gfr_impl *im;
	size_t off, n, o;

	if (err)
		return err;
	if (!member)
		return GFRAID_ENULL;
	/* one variant for the whole call */
	im = bytes ? gfr_impl_here(GFRAID_OP_RAID6_CHECK, gfr_class(disks, bytes),
				   gfr_width_of(GFRAID_OP_RAID6_CHECK, disks))
		   : NULL;
	if (bytes && !im)
		return GFRAID_ESELFTEST;
	for (off = 0; off < bytes; off += n) {
		struct gfr_call c = { disks - 2, 2, 0, 0, off, 0, (uint8_t *const *)ptrs, NULL, NULL };

		n = bytes - off < CHECK_PIECE ? bytes - off : CHECK_PIECE;
		c.len = n;
		if (!gfr_run_on(GFRAID_OP_RAID6_CHECK, gfr_call_raid6_check, im, &c))
			continue;
		for (o = off; o < off + n; o++) {
			int who = culprit(disks, (uint8_t *const *)ptrs, o);

			if (who == -1)
				continue;
			if (who == -2 || (found >= 0 && who != found)) {
				*member = -1;
				return GFRAID_CHECK_UNLOCATABLE;
			}
			found = who;
		}
	}
	*member = found;
	return found < 0 ? GFRAID_CHECK_OK : GFRAID_CHECK_LOCATED;
}
