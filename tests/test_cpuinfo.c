// SPDX-License-Identifier: GPL-2.0-only
/*
 * The CPU features the library probes (CPUID and XCR0 on x86-64, HWCAP on
 * AArch64) against the kernel's own view in /proc/cpuinfo, which also
 * drops AVX when the OS does not save its state. Exits 77 (skipped, with
 * the reason) where there is no such view to compare with: another
 * architecture, or an emulator that shows the host's /proc/cpuinfo.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

#define SKIP 77

#if defined(__x86_64__)
#define CPUINFO_KEY "flags"
#elif defined(__aarch64__)
#define CPUINFO_KEY "Features"
#endif

#ifdef CPUINFO_KEY
static char features[8192];

/* The first "flags" (x86) or "Features" (AArch64) line, or 0. */
static int read_features(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[sizeof(features)];
	int found = 0;

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		if (strncmp(line, CPUINFO_KEY, strlen(CPUINFO_KEY)) != 0 || !colon)
			continue;
		snprintf(features, sizeof(features), " %s", colon + 1);
		features[strcspn(features, "\n")] = ' ';
		found = 1;
	}
	fclose(f);
	return found;
}

static int cpuinfo_has(const char *flag)
{
	char word[64];

	snprintf(word, sizeof(word), " %s ", flag);
	return strstr(features, word) != NULL;
}
#endif

#ifdef CPUINFO_KEY
/* The kernel's name for each feature bit the library probes. */
static const struct {
	const char *flag;
	unsigned int bit;
} map[] = {
#if defined(__x86_64__)
	{ "sse2", GFRAID_CPU_SSE2 }, { "ssse3", GFRAID_CPU_SSSE3 },
	{ "avx", GFRAID_CPU_AVX }, { "avx2", GFRAID_CPU_AVX2 },
	{ "avx512f", GFRAID_CPU_AVX512F }, { "avx512bw", GFRAID_CPU_AVX512BW },
	{ "avx512vl", GFRAID_CPU_AVX512VL }, { "gfni", GFRAID_CPU_GFNI },
#else
	{ "asimd", GFRAID_CPU_NEON }, { "sha3", GFRAID_CPU_SHA3 },
	{ "sve", GFRAID_CPU_SVE }, { "sve2", GFRAID_CPU_SVE2 },
#endif
};

START_TEST(cpu_features_vs_proc_cpuinfo)
{
	unsigned int f = gfraid_cpu_features();
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		ck_assert_msg(!!(f & map[i].bit) == cpuinfo_has(map[i].flag),
			      "%s: library %d, /proc/cpuinfo %d", map[i].flag, !!(f & map[i].bit),
			      cpuinfo_has(map[i].flag));
#if defined(__x86_64__)
	ck_assert(f & GFRAID_CPU_SSE2);	/* x86_64 baseline */
	if (cpuinfo_has("avx"))
		ck_assert(f & GFRAID_CPU_OS_YMM);
	if (cpuinfo_has("avx512f"))
		ck_assert(f & GFRAID_CPU_OS_ZMM);
	if (f & GFRAID_CPU_OS_ZMM)
		ck_assert(f & GFRAID_CPU_OS_YMM);
#else
	ck_assert(f & GFRAID_CPU_NEON);	/* AArch64 baseline */
#endif
	ck_assert_uint_eq(f, gfraid_cpu_features());
}
END_TEST
#endif

int main(void)
{
#ifdef CPUINFO_KEY
	const TTest *const tests[] = { cpu_features_vs_proc_cpuinfo, NULL };

	if (!read_features()) {
		printf("skipped: /proc/cpuinfo has no \"" CPUINFO_KEY "\" line for this "
		       "architecture (under qemu-user it is the host's)\n");
		return SKIP;
	}
	return run_tests("cpuinfo", 60, tests, NULL, NULL);
#else
	printf("skipped: the library probes no CPU features on this architecture "
	       "(no SIMD tier is built for it)\n");
	return SKIP;
#endif
}
