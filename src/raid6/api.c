/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Public RAID-6 entry points: check the arguments, then run the variant
   dispatch selected. Nothing is written before every check has passed. */
#include "../dispatch.h"

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
	gfr_impl_current(GFRAID_OP_GEN_SYNDROME)->fn.gen(disks, bytes, ptrs);
	return 0;
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
	gfr_impl_current(GFRAID_OP_XOR_SYNDROME)->fn.xor_syndrome(disks, start, stop, bytes, ptrs);
	return 0;
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
	gfr_impl_current(GFRAID_OP_RECOV)->fn.recov.data2(disks, bytes, faila, failb, ptrs);
	return 0;
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
	gfr_impl_current(GFRAID_OP_RECOV)->fn.recov.datap(disks, bytes, faila, ptrs);
	return 0;
}

int gfraid_raid6_recover(int disks, size_t bytes, int faila, int failb, void **ptrs)
{
	const struct gfr_impl *gen, *recov;
	int err = check_disks(disks, ptrs);
	int pdisk = disks - 2, qdisk = disks - 1;

	if (err)
		return err;
	if (faila < 0 || faila >= disks || (failb != -1 && (failb <= faila || failb >= disks)))
		return GFRAID_EINDEX;
	if (bytes == 0)
		return 0;

	gen = gfr_impl_current(GFRAID_OP_GEN_SYNDROME);
	recov = gfr_impl_current(GFRAID_OP_RECOV);
	if (faila >= pdisk) {
		/* Only P, only Q, or both: the data is whole. */
		gen->fn.gen(disks, bytes, ptrs);
	} else if (failb == -1 || failb == pdisk) {
		/* One data disk, alone or with P: from Q, P rewritten. */
		recov->fn.recov.datap(disks, bytes, faila, ptrs);
	} else if (failb == qdisk) {
		/* Data and Q: RAID-5 style from P, then Q from the data. */
		gfr_raid6_rebuild_from_p(disks, bytes, faila, ptrs);
		gen->fn.gen(disks, bytes, ptrs);
	} else {
		recov->fn.recov.data2(disks, bytes, faila, failb, ptrs);
	}
	return 0;
}
