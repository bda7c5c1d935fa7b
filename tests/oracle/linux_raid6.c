// SPDX-License-Identifier: GPL-2.0-only
#include <linux/raid/pq.h>

#include "linux_raid6.h"

int lref_gen_count(void)
{
	int n = 0;

	while (raid6_algos[n])
		n++;
	return n;
}

const char *lref_gen_name(int i)
{
	return raid6_algos[i]->name;
}

int lref_gen_valid(int i)
{
	return !raid6_algos[i]->valid || raid6_algos[i]->valid();
}

int lref_gen_first_valid(void)
{
	int i;

	for (i = 0; raid6_algos[i]; i++)
		if (lref_gen_valid(i))
			return i;
	return -1;
}

void lref_gen(int i, int disks, size_t bytes, void **ptrs)
{
	raid6_algos[i]->gen_syndrome(disks, bytes, ptrs);
}

int lref_has_xor(int i)
{
	return raid6_algos[i]->xor_syndrome != NULL;
}

void lref_xor(int i, int disks, int start, int stop, size_t bytes, void **ptrs)
{
	raid6_algos[i]->xor_syndrome(disks, start, stop, bytes, ptrs);
}

int lref_recov_count(void)
{
	int n = 0;

	while (raid6_recov_algos[n])
		n++;
	return n;
}

const char *lref_recov_name(int i)
{
	return raid6_recov_algos[i]->name;
}

int lref_recov_valid(int i)
{
	return !raid6_recov_algos[i]->valid || raid6_recov_algos[i]->valid();
}

void lref_2data(int i, int gen_i, int disks, size_t bytes, int faila, int failb, void **ptrs)
{
	raid6_call = *raid6_algos[gen_i];
	raid6_recov_algos[i]->data2(disks, bytes, faila, failb, ptrs);
}

void lref_datap(int i, int gen_i, int disks, size_t bytes, int faila, void **ptrs)
{
	raid6_call = *raid6_algos[gen_i];
	raid6_recov_algos[i]->datap(disks, bytes, faila, ptrs);
}
