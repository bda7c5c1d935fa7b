/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* The userspace side of port.h: memory, CPU probe, GFRAID_IMPL, the
   self-test's test hook and warning. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "port.h"

void *gfr_port_alloc(size_t n)
{
	return malloc(n);
}

void gfr_port_free(void *p)
{
	free(p);
}

static size_t sysconf_bytes(int name)
{
	long n = sysconf(name);

	return n > 0 ? (size_t)n : 0;
}

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

/*
 * CPUID traps to the hypervisor in a VM (12 us a leaf on a KVM guest,
 * measured), and a daemon may load the library once per coder instance:
 * leaves 1 and 7 come from glibc, which read them at start-up and keeps
 * them (<sys/platform/x86.h>, glibc 2.33+), and from CPUID itself only
 * where the C library does not have them. r gets EAX..EDX.
 */
#if __has_include(<sys/platform/x86.h>)
#include <sys/platform/x86.h>

static void leaf_1_or_7(unsigned int leaf, unsigned int r[4])
{
	const struct cpuid_feature *f =
		__x86_get_cpuid_feature_leaf(leaf == 1 ? CPUID_INDEX_1 : CPUID_INDEX_7);

	memcpy(r, f->cpuid_array, 4 * sizeof(r[0]));
}
#else
static void leaf_1_or_7(unsigned int leaf, unsigned int r[4])
{
	r[0] = r[1] = r[2] = r[3] = 0;
	if ((unsigned int)__get_cpuid_max(0, NULL) >= leaf)
		__cpuid_count(leaf, 0, r[0], r[1], r[2], r[3]);
}
#endif

/* Family, model and stepping (CPUID 1 EAX): the features and caches
   the calibration's signature also holds tell vendors apart, and the
   vendor string would take a CPUID of its own. */
void gfr_port_cpu_id(char *buf, size_t n)
{
	unsigned int r[4];

	leaf_1_or_7(1, r);
	snprintf(buf, n, "x86-%08x", r[0]);
}
#else
/* The main ID register, where the kernel shows it (AArch64). */
void gfr_port_cpu_id(char *buf, size_t n)
{
	FILE *f = fopen("/sys/devices/system/cpu/cpu0/regs/identification/midr_el1", "r");
	char id[64] = "unknown";

	if (f) {
		if (!fgets(id, sizeof(id), f))
			snprintf(id, sizeof(id), "unknown");
		id[strcspn(id, "\n")] = '\0';
		fclose(f);
	}
	snprintf(buf, n, "%s", id);
}
#endif

#if defined(__x86_64__)
/* XCR0: which register state the OS saves on context switch. */
static uint64_t read_xcr0(void)
{
	uint32_t lo, hi;

	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return ((uint64_t)hi << 32) | lo;
}

enum { CPUID_EAX, CPUID_EBX, CPUID_ECX, CPUID_EDX };

static const struct {
	int leaf, reg, bit;
	unsigned int feature;
} cpuid_bits[] = {
	{ 1, CPUID_EDX, 26, GFRAID_CPU_SSE2 },
	{ 1, CPUID_ECX, 9, GFRAID_CPU_SSSE3 },
	{ 1, CPUID_ECX, 28, GFRAID_CPU_AVX },
	{ 7, CPUID_EBX, 5, GFRAID_CPU_AVX2 },
	{ 7, CPUID_EBX, 16, GFRAID_CPU_AVX512F },
	{ 7, CPUID_EBX, 30, GFRAID_CPU_AVX512BW },
	{ 7, CPUID_EBX, 31, GFRAID_CPU_AVX512VL },
	{ 7, CPUID_ECX, 8, GFRAID_CPU_GFNI },
};

#define LEAF1_ECX_OSXSAVE (1u << 27)
#define XCR0_YMM 0x6u	/* SSE and AVX state */
#define XCR0_ZMM 0xe0u	/* opmask, ZMM0-15 upper halves, ZMM16-31 */

static unsigned int probe_cpu(void)
{
	unsigned int r[2][4], f = 0;
	size_t i;

	leaf_1_or_7(1, r[0]);
	leaf_1_or_7(7, r[1]);
	for (i = 0; i < sizeof(cpuid_bits) / sizeof(cpuid_bits[0]); i++)
		if (r[cpuid_bits[i].leaf == 7][cpuid_bits[i].reg] >> cpuid_bits[i].bit & 1)
			f |= cpuid_bits[i].feature;
	if (r[0][CPUID_ECX] & LEAF1_ECX_OSXSAVE) {
		uint64_t xcr0 = read_xcr0();

		if ((xcr0 & XCR0_YMM) == XCR0_YMM)
			f |= GFRAID_CPU_OS_YMM;
		if ((xcr0 & XCR0_YMM) == XCR0_YMM && (xcr0 & XCR0_ZMM) == XCR0_ZMM)
			f |= GFRAID_CPU_OS_ZMM;
	}
	return f;
}

/* CPUID 0x80000006 ECX[31:16]: L2 KiB per core, on AMD and Intel alike. */
size_t gfr_port_l2_bytes(void)
{
	unsigned int a, b, c, d;
	size_t n = sysconf_bytes(_SC_LEVEL2_CACHE_SIZE);

	if (n || !__get_cpuid(0x80000006, &a, &b, &c, &d))
		return n;
	return (size_t)(c >> 16) * 1024;
}

static void user_cpuid(unsigned int leaf, unsigned int sub, unsigned int *r)
{
	__cpuid_count(leaf, sub, r[0], r[1], r[2], r[3]);
}

/* The deterministic cache leaf: AMD's (0x8000001D, with TOPOEXT: CPUID
   0x80000001 ECX bit 22), else leaf 4. */
size_t gfr_port_llc_bytes(void)
{
	unsigned int a, b, c, d;
	size_t n = sysconf_bytes(_SC_LEVEL3_CACHE_SIZE);

	if (n || !__get_cpuid(0, &a, &b, &c, &d))
		return n;
	if (b == 0x68747541 || b == 0x6f677948) {	/* "Auth"enticAMD, "Hygo"nGenuine */
		if ((unsigned int)__get_cpuid_max(0x80000000, NULL) < 0x8000001d ||
		    !__get_cpuid(0x80000001, &a, &b, &c, &d) || !(c >> 22 & 1))
			return 0;
		return gfr_cpuid_llc_bytes(0x8000001d, user_cpuid);
	}
	return a >= 4 ? gfr_cpuid_llc_bytes(4, user_cpuid) : 0;
}

#elif defined(__aarch64__)
#include <sys/auxv.h>

/* HWCAP bits of the arm64 Linux ABI (asm/hwcap.h), spelled out so that the
   probe does not depend on how new the C library's headers are. */
#define AARCH64_HWCAP_ASIMD (1ul << 1)
#define AARCH64_HWCAP_SHA3 (1ul << 17)
#define AARCH64_HWCAP_SVE (1ul << 22)
#define AARCH64_HWCAP2_SVE2 (1ul << 1)

static unsigned int probe_cpu(void)
{
	unsigned long hw = getauxval(AT_HWCAP), hw2 = getauxval(AT_HWCAP2);
	unsigned int f = 0;

	if (hw & AARCH64_HWCAP_ASIMD)
		f |= GFRAID_CPU_NEON;
	if (hw & AARCH64_HWCAP_SHA3)
		f |= GFRAID_CPU_SHA3;
	if (hw & AARCH64_HWCAP_SVE)
		f |= GFRAID_CPU_SVE;
	if (hw2 & AARCH64_HWCAP2_SVE2)
		f |= GFRAID_CPU_SVE2;
	return f;
}

#else

static unsigned int probe_cpu(void)
{
	return 0;
}

#endif

#if !defined(__x86_64__)
size_t gfr_port_l2_bytes(void)
{
#ifdef _SC_LEVEL2_CACHE_SIZE
	return sysconf_bytes(_SC_LEVEL2_CACHE_SIZE);
#else
	return 0;
#endif
}

size_t gfr_port_llc_bytes(void)
{
#if defined(_SC_LEVEL3_CACHE_SIZE) && defined(_SC_LEVEL2_CACHE_SIZE)
	size_t l3 = sysconf_bytes(_SC_LEVEL3_CACHE_SIZE);

	return l3 ? l3 : sysconf_bytes(_SC_LEVEL2_CACHE_SIZE);
#else
	return 0;
#endif
}
#endif

/* GFRAID_CPU_MASK: instruction sets to take as absent (a comma-separated
   list of these names), so that tests and benchmarks run the dispatch of
   a CPU without them on one that has them; unknown names are ignored, as
   GFRAID_IMPL's are. */
static const struct {
	const char *name;
	unsigned int features;
} mask_names[] = {
	{ "sse2", GFRAID_CPU_SSE2 },
	{ "ssse3", GFRAID_CPU_SSSE3 },
	{ "avx", GFRAID_CPU_AVX },
	{ "avx2", GFRAID_CPU_AVX2 },
	{ "avx512", GFRAID_CPU_AVX512F | GFRAID_CPU_AVX512BW | GFRAID_CPU_AVX512VL },
	{ "avx512f", GFRAID_CPU_AVX512F },
	{ "avx512bw", GFRAID_CPU_AVX512BW },
	{ "avx512vl", GFRAID_CPU_AVX512VL },
	{ "gfni", GFRAID_CPU_GFNI },
	{ "neon", GFRAID_CPU_NEON },
	{ "sha3", GFRAID_CPU_SHA3 },
	{ "sve", GFRAID_CPU_SVE },
	{ "sve2", GFRAID_CPU_SVE2 },
};

static unsigned int cpu_mask(void)
{
	const char *s = getenv("GFRAID_CPU_MASK");
	unsigned int m = 0;
	size_t n, i;

	while (s && *s) {
		n = strcspn(s, ",");
		for (i = 0; i < sizeof(mask_names) / sizeof(mask_names[0]); i++)
			if (strlen(mask_names[i].name) == n && !strncmp(s, mask_names[i].name, n))
				m |= mask_names[i].features;
		s += n + (s[n] == ',');
	}
	return m;
}

unsigned int gfr_port_cpu_probe(void)
{
	return probe_cpu() & ~cpu_mask();
}

const char *gfr_port_impl_setting(void)
{
	return getenv("GFRAID_IMPL");
}

const char *gfr_port_selftest_corrupt(void)
{
	return getenv("GFRAID_SELFTEST_CORRUPT");
}

static void log_stderr(void *ctx, const char *msg)
{
	(void)ctx;
	fprintf(stderr, "%s\n", msg);
}

static gfraid_log_fn log_fn = log_stderr;
static void *log_ctx;

void gfraid_set_log(gfraid_log_fn fn, void *ctx)
{
	log_ctx = ctx;
	log_fn = fn;
}

void gfr_port_warn(const char *op, const char *impl, const char *why)
{
	char msg[320];

	if (!log_fn)
		return;
	snprintf(msg, sizeof(msg),
		 "libgfraid: %s variant %s failed its known-answer self-test (%s); it will not be used",
		 op, impl, why);
	log_fn(log_ctx, msg);
}

int gfr_port_calibrate(enum gfraid_class cls)
{
	const char *s = getenv("GFRAID_CALIBRATE");

	(void)cls;
	if (s && !strcmp(s, "0"))
		return GFR_CALIBRATE_OFF;
	return s && !strcmp(s, "time") ? GFR_CALIBRATE_TIME : GFR_CALIBRATE_FILE;
}

uint64_t gfr_port_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}
