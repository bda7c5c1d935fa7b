// SPDX-License-Identifier: GPL-2.0-only
/*
 * The glue around Linux 7.2's lib/raid/raid6, compiled with it against the
 * userspace shims (linux72/): the algorithm lists, the raid6_gen_syndrome
 * its recoveries call, and the interface of linux72_raid6.h. Only the
 * lref72_ names and lref_linux72 stay global (build-linux72-raid6.sh), so
 * that 7.2's raid6_* symbols do not meet 6.1's of the same names.
 */
#include <linux/raid/pq.h>

#include "algos.h"
#include "linux72_raid6.h"

#if defined(__x86_64__) || defined(__i386__)
extern const struct raid6_calls raid6_mmxx1, raid6_mmxx2, raid6_sse1x1, raid6_sse1x2;
extern const struct raid6_calls raid6_sse2x1, raid6_sse2x2, raid6_sse2x4;
extern const struct raid6_calls raid6_avx2x1, raid6_avx2x2, raid6_avx2x4;
extern const struct raid6_calls raid6_avx512x1, raid6_avx512x2, raid6_avx512x4;
extern const struct raid6_recov_calls raid6_recov_ssse3, raid6_recov_avx2, raid6_recov_avx512;
#elif defined(__aarch64__)
extern const struct raid6_calls raid6_neonx1, raid6_neonx2, raid6_neonx4, raid6_neonx8;
extern const struct raid6_recov_calls raid6_recov_neon;
#endif

unsigned char lref72_zero_page[LREF_MAX_RECOV_BYTES] __attribute__((aligned(4096)));

enum { ANY, SSE1_MMXEXT, MMX, SSE2, SSSE3, AVX2, AVX512 };

static int cpu_has(int need)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_cpu_init();
	switch (need) {
	case SSE1_MMXEXT:
		return __builtin_cpu_supports("mmx") && __builtin_cpu_supports("sse");
	case MMX:
		return __builtin_cpu_supports("mmx");
	case SSE2:
		return __builtin_cpu_supports("sse2");
	case SSSE3:
		return __builtin_cpu_supports("ssse3");
	case AVX2:
		return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("avx");
	case AVX512:
		return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("avx512f") &&
		       __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
		       __builtin_cpu_supports("avx512dq");
	}
#endif
	return need == ANY;
}

static const struct gen_algo {
	const struct raid6_calls *calls;
	int need;
} gen_algos[] = {
	{ &raid6_intx1, ANY }, { &raid6_intx2, ANY }, { &raid6_intx4, ANY }, { &raid6_intx8, ANY },
#if defined(__i386__)
	{ &raid6_mmxx1, MMX }, { &raid6_mmxx2, MMX },
	{ &raid6_sse1x1, SSE1_MMXEXT }, { &raid6_sse1x2, SSE1_MMXEXT },
#endif
#if defined(__x86_64__) || defined(__i386__)
	{ &raid6_sse2x1, SSE2 }, { &raid6_sse2x2, SSE2 },
	{ &raid6_avx2x1, AVX2 }, { &raid6_avx2x2, AVX2 },
	{ &raid6_avx512x1, AVX512 }, { &raid6_avx512x2, AVX512 },
#endif
#if defined(__x86_64__)
	{ &raid6_sse2x4, SSE2 }, { &raid6_avx2x4, AVX2 }, { &raid6_avx512x4, AVX512 },
#endif
#if defined(__aarch64__)
	{ &raid6_neonx1, ANY }, { &raid6_neonx2, ANY }, { &raid6_neonx4, ANY }, { &raid6_neonx8, ANY },
#endif
};

static const struct recov_algo {
	const struct raid6_recov_calls *calls;
	int need;
} recov_algos[] = {
	{ &raid6_recov_intx1, ANY },
#if defined(__x86_64__) || defined(__i386__)
	{ &raid6_recov_ssse3, SSSE3 }, { &raid6_recov_avx2, AVX2 }, { &raid6_recov_avx512, AVX512 },
#endif
#if defined(__aarch64__)
	{ &raid6_recov_neon, ANY },
#endif
};

#define N_GEN ((int)(sizeof(gen_algos) / sizeof(gen_algos[0])))
#define N_RECOV ((int)(sizeof(recov_algos) / sizeof(recov_algos[0])))

/* The syndrome code 7.2's recoveries run on (the kernel's static call). */
static const struct raid6_calls *selected_gen = &raid6_intx1;

void raid6_gen_syndrome(int disks, size_t bytes, void **ptrs)
{
	selected_gen->gen_syndrome(disks, bytes, ptrs);
}

int lref72_gen_count(void)
{
	return N_GEN;
}

const char *lref72_gen_name(int i)
{
	return gen_algos[i].calls->name;
}

int lref72_gen_valid(int i)
{
	return cpu_has(gen_algos[i].need);
}

int lref72_has_xor(int i)
{
	return gen_algos[i].calls->xor_syndrome != NULL;
}

void lref72_gen(int i, int disks, size_t bytes, void **ptrs)
{
	gen_algos[i].calls->gen_syndrome(disks, bytes, ptrs);
}

void lref72_xor(int i, int disks, int start, int stop, size_t bytes, void **ptrs)
{
	gen_algos[i].calls->xor_syndrome(disks, start, stop, bytes, ptrs);
}

int lref72_recov_count(void)
{
	return N_RECOV;
}

const char *lref72_recov_name(int i)
{
	return recov_algos[i].calls->name;
}

int lref72_recov_valid(int i)
{
	return cpu_has(recov_algos[i].need);
}

void lref72_2data(int i, int gen_i, int disks, size_t bytes, int faila, int failb, void **ptrs)
{
	selected_gen = gen_algos[gen_i].calls;
	recov_algos[i].calls->data2(disks, bytes, faila, failb, ptrs);
}

void lref72_datap(int i, int gen_i, int disks, size_t bytes, int faila, void **ptrs)
{
	selected_gen = gen_algos[gen_i].calls;
	recov_algos[i].calls->datap(disks, bytes, faila, ptrs);
}

/* Whether 7.2's arch_raid6_init registers algorithm i on this CPU, which
   makes it a candidate of the boot benchmark: on x86 the AVX2 family
   (with AVX-512 where present), else SSE2, else the integer and MMX/SSE1
   ones; on arm64 the integer and NEON ones; elsewhere the integer ones,
   all of that arch this oracle builds. */
int lref72_gen_kernel_candidate(int i)
{
	int need = gen_algos[i].need;

#if defined(__x86_64__) || defined(__i386__)
	if (cpu_has(AVX2))
		return need == AVX2 || (need == AVX512 && cpu_has(AVX512));
#if defined(__x86_64__)
	return need == SSE2;
#else
	if (cpu_has(SSE2))
		return need == SSE2;
	if (cpu_has(SSE1_MMXEXT))
		return need == ANY || need == SSE1_MMXEXT;
	return need == ANY || (need == MMX && cpu_has(MMX));
#endif
#else
	return need == ANY;
#endif
}

int lref72_gen_first_valid(void)
{
	int i;

	for (i = 0; i < N_GEN; i++)
		if (lref72_gen_valid(i))
			return i;
	return -1;
}

const unsigned char *lref72_table(const char *name, size_t *size)
{
	static const struct {
		const char *name;
		const void *table;
		size_t size;
	} tables[] = {
		{ "raid6_gfmul", raid6_gfmul, sizeof(raid6_gfmul) },
		{ "raid6_vgfmul", raid6_vgfmul, sizeof(raid6_vgfmul) },
		{ "raid6_gfexp", raid6_gfexp, sizeof(raid6_gfexp) },
		{ "raid6_gflog", raid6_gflog, sizeof(raid6_gflog) },
		{ "raid6_gfinv", raid6_gfinv, sizeof(raid6_gfinv) },
		{ "raid6_gfexi", raid6_gfexi, sizeof(raid6_gfexi) },
	};
	size_t i;

	for (i = 0; i < sizeof(tables) / sizeof(tables[0]); i++) {
		if (!strcmp(tables[i].name, name)) {
			*size = tables[i].size;
			return tables[i].table;
		}
	}
	return NULL;
}

const struct lref_oracle lref_linux72 = {
	.name = "7.2",
	.gen_count = lref72_gen_count,
	.gen_name = lref72_gen_name,
	.gen_valid = lref72_gen_valid,
	.gen = lref72_gen,
	.has_xor = lref72_has_xor,
	.xor_syndrome = lref72_xor,
	.recov_count = lref72_recov_count,
	.recov_name = lref72_recov_name,
	.recov_valid = lref72_recov_valid,
	.data2 = lref72_2data,
	.datap = lref72_datap,
	.gen_first_valid = lref72_gen_first_valid,
	.gen_kernel_candidate = lref72_gen_kernel_candidate,
};
