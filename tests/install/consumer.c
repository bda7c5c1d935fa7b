// SPDX-License-Identifier: GPL-2.0-only
/*
 * A program built only from the installed gfraid.h and library (through
 * pkg-config or find_package), checked on random cases against ISA-L and
 * Linux lib/raid6. Exit status 0 when every byte matches.
 */
#include <isa-l/erasure_code.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gfraid.h>

#include "linux_raid6.h"

static unsigned long long state = 88172645463325252ULL;

static unsigned int rnd(void)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return (unsigned int)(state >> 11);
}

static unsigned char **blocks(int n, size_t len)
{
	unsigned char **b = malloc(sizeof(*b) * (size_t)n);
	size_t j;
	int i;

	for (i = 0; i < n; i++) {
		b[i] = aligned_alloc(64, len);
		for (j = 0; j < len; j++)
			b[i][j] = (unsigned char)rnd();
	}
	return b;
}

static void release(unsigned char **b, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(b[i]);
	free(b);
}

static int same(unsigned char **a, unsigned char **b, int n, size_t len, const char *what)
{
	int i;

	for (i = 0; i < n; i++)
		if (memcmp(a[i], b[i], len)) {
			fprintf(stderr, "consumer: %s differs in block %d\n", what, i);
			return 0;
		}
	return 1;
}

static void copy(unsigned char **dst, unsigned char **src, int n, size_t len)
{
	int i;

	for (i = 0; i < n; i++)
		memcpy(dst[i], src[i], len);
}

int main(void)
{
	int iter, cases = 0, gen_i = lref_gen_first_valid();

	for (iter = 0; iter < 50; iter++) {
		int disks = 4 + (int)(rnd() % 30), stop = (int)(rnd() % (unsigned)(disks - 2));
		int start = (int)(rnd() % (unsigned)(stop + 1)), fb = 1 + (int)(rnd() % (unsigned)(disks - 3));
		int fa = (int)(rnd() % (unsigned)fb);
		size_t bytes = 512 * (1 + rnd() % 16);
		unsigned char **ours = blocks(disks, bytes), **theirs = blocks(disks, bytes);

		copy(theirs, ours, disks, bytes);
		if (gfraid_gen_syndrome(disks, bytes, (void **)ours))
			return 1;
		lref_gen(gen_i, disks, bytes, (void **)theirs);
		if (!same(ours, theirs, disks, bytes, "gen_syndrome vs Linux"))
			return 1;
		if (gfraid_xor_syndrome(disks, start, stop, bytes, (void **)ours))
			return 1;
		lref_xor(gen_i, disks, start, stop, bytes, (void **)theirs);
		if (!same(ours, theirs, disks, bytes, "xor_syndrome vs Linux"))
			return 1;
		lref_gen(gen_i, disks, bytes, (void **)theirs);
		copy(ours, theirs, disks, bytes);
		memset(ours[fa], 0, bytes);
		memset(ours[fb], 0, bytes);
		if (gfraid_recov_2data(disks, bytes, fa, fb, (void **)ours))
			return 1;
		if (!same(ours, theirs, disks, bytes, "recov_2data vs Linux-generated stripe"))
			return 1;
		release(ours, disks);
		release(theirs, disks);
		cases += 3;
	}
	for (iter = 0; iter < 50; iter++) {
		int k = 1 + (int)(rnd() % 32), rows = 1 + (int)(rnd() % 8), len = 1 + (int)(rnd() % 5000);
		unsigned char *a = malloc((size_t)(k + rows) * k), *b = malloc((size_t)(k + rows) * k);
		unsigned char *t = malloc((size_t)32 * k * rows), *u = malloc((size_t)32 * k * rows);
		unsigned char **data = blocks(k, (size_t)len);
		unsigned char **ours = blocks(rows, (size_t)len), **theirs = blocks(rows, (size_t)len);

		gfraid_gen_cauchy_matrix(a, k + rows, k);
		gf_gen_cauchy1_matrix(b, k + rows, k);
		if (memcmp(a, b, (size_t)(k + rows) * k)) {
			fprintf(stderr, "consumer: Cauchy matrix differs from ISA-L\n");
			return 1;
		}
		gfraid_ec_init_tables(k, rows, a + k * k, t);
		ec_init_tables(k, rows, b + k * k, u);
		if (gfraid_ec_encode_data(len, k, rows, t, data, ours))
			return 1;
		ec_encode_data(len, k, rows, u, data, theirs);
		if (!same(ours, theirs, rows, (size_t)len, "ec_encode_data vs ISA-L"))
			return 1;
		release(data, k);
		release(ours, rows);
		release(theirs, rows);
		free(a);
		free(b);
		free(t);
		free(u);
		cases += 2;
	}
	printf("consumer: %d cases match ISA-L and Linux lib/raid6 (selected gen_syndrome: %s)\n",
	       cases, gfraid_impl_selected(GFRAID_OP_GEN_SYNDROME, GFRAID_CLASS_SMALL, GFRAID_WIDTH_TYPICAL));
	return 0;
}
