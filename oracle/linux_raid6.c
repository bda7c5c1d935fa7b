// SPDX-License-Identifier: GPL-2.0-only
#include <linux/raid/pq.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

/* 6.1's raid6_choose_gen times a valid algorithm unless one of higher
   priority was timed before it; its list puts the highest first. */
static int gen_kernel_candidate(int i)
{
	int top = lref_gen_first_valid();

	return lref_gen_valid(i) && raid6_algos[i]->priority >= raid6_algos[top]->priority;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

#define CHOICE_DISKS 8
#define CHOICE_BYTES 4096

static int timed_choice(const struct lref_oracle *o)
{
	const char *forced = getenv("GFRAID_LINUX_GEN");
	void *ptrs[CHOICE_DISKS];
	unsigned char *mem;
	long best_runs = -1;
	int choice = -1, i, d;

	for (i = 0; forced && i < o->gen_count(); i++)
		if (!strcmp(o->gen_name(i), forced))
			return i;
	mem = aligned_alloc(4096, CHOICE_DISKS * CHOICE_BYTES);
	if (!mem)
		return o->gen_first_valid();
	for (d = 0; d < CHOICE_DISKS; d++) {
		ptrs[d] = mem + d * CHOICE_BYTES;
		memset(ptrs[d], 0x11 * (d + 1), CHOICE_BYTES);
	}
	for (i = 0; i < o->gen_count(); i++) {
		double end;
		long runs = 0;

		if (!o->gen_kernel_candidate(i))
			continue;
		end = now() + 0.02;
		while (now() < end) {
			o->gen(i, CHOICE_DISKS, CHOICE_BYTES, ptrs);
			runs++;
		}
		if (runs > best_runs) {
			choice = i;
			best_runs = runs;
		}
	}
	free(mem);
	return choice;
}

int lref_gen_kernel_choice(const struct lref_oracle *o)
{
	static struct {
		const struct lref_oracle *o;
		int choice;
	} cache[4];
	size_t n;

	for (n = 0; n < sizeof(cache) / sizeof(cache[0]) && cache[n].o; n++)
		if (cache[n].o == o)
			return cache[n].choice;
	if (n == sizeof(cache) / sizeof(cache[0]))
		return timed_choice(o);
	cache[n].choice = timed_choice(o);
	cache[n].o = o;
	return cache[n].choice;
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

const struct lref_oracle lref_linux61 = {
	.name = "6.1",
	.gen_count = lref_gen_count,
	.gen_name = lref_gen_name,
	.gen_valid = lref_gen_valid,
	.gen = lref_gen,
	.has_xor = lref_has_xor,
	.xor_syndrome = lref_xor,
	.recov_count = lref_recov_count,
	.recov_name = lref_recov_name,
	.recov_valid = lref_recov_valid,
	.data2 = lref_2data,
	.datap = lref_datap,
	.gen_first_valid = lref_gen_first_valid,
	.gen_kernel_candidate = gen_kernel_candidate,
};
