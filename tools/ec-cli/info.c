/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* ec-cli info: the CPU, what the library sees of it, every variant. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "gfraid.h"

#if defined(__x86_64__)
#include <libcpuid.h>

/* What CPUID says, and no codename: libcpuid 0.6.2 names a CPU it does not
   know after the nearest one it does (a current Xeon "Wolfdale", a Zen 4
   EPYC "Milan"). */
static void print_identity(void)
{
	struct cpu_raw_data_t raw;
	struct cpu_id_t id;

	if (!cpuid_present() || cpuid_get_raw_data(&raw) < 0 || cpu_identify(&raw, &id) < 0) {
		printf("  (libcpuid cannot identify this CPU: %s)\n", cpuid_error());
		return;
	}
	printf("  vendor    %s\n", id.vendor_str);
	printf("  brand     %s\n", id.brand_str);
	printf("  family %d, model %d, stepping %d; %d logical CPUs\n", id.ext_family, id.ext_model,
	       id.stepping, id.num_logical_cpus);
}
#elif defined(__aarch64__)
#include <sys/auxv.h>

#define AARCH64_HWCAP_CPUID (1ul << 11)

/* MIDR_EL1, which Linux emulates for EL0 where HWCAP_CPUID says so. */
static void print_identity(void)
{
	static const struct {
		unsigned int implementer;
		const char *name;
	} vendors[] = {
		{ 0x41, "Arm" }, { 0x42, "Broadcom" }, { 0x43, "Cavium" }, { 0x46, "Fujitsu" },
		{ 0x48, "HiSilicon" }, { 0x4e, "NVIDIA" }, { 0x50, "APM" }, { 0x51, "Qualcomm" },
		{ 0x61, "Apple" }, { 0xc0, "Ampere" },
	};
	const char *vendor = "unknown";
	unsigned long midr;
	size_t i;

	if (!(getauxval(AT_HWCAP) & AARCH64_HWCAP_CPUID)) {
		printf("  (the kernel does not expose MIDR_EL1 to userspace)\n");
		return;
	}
	__asm__("mrs %0, midr_el1" : "=r"(midr));
	for (i = 0; i < sizeof(vendors) / sizeof(vendors[0]); i++)
		if (vendors[i].implementer == (midr >> 24 & 0xff))
			vendor = vendors[i].name;
	printf("  MIDR_EL1  0x%08lx: implementer 0x%02lx (%s), part 0x%03lx, variant %lu, "
	       "revision %lu\n",
	       midr, midr >> 24 & 0xff, vendor, midr >> 4 & 0xfff, midr >> 20 & 0xf, midr & 0xf);
	printf("  HWCAP     0x%lx, HWCAP2 0x%lx\n", getauxval(AT_HWCAP), getauxval(AT_HWCAP2));
}
#else
static void print_identity(void)
{
	printf("  no SIMD tier is built for this architecture: the portable base variants apply\n");
}
#endif

#if defined(__aarch64__)
static void print_features(unsigned int f)
{
	static const struct {
		const char *name;
		unsigned int bit;
	} isa[] = {
		{ "NEON", GFRAID_CPU_NEON }, { "SHA3", GFRAID_CPU_SHA3 },
		{ "SVE", GFRAID_CPU_SVE },   { "SVE2", GFRAID_CPU_SVE2 },
	};
	size_t i;

	printf("\nInstruction sets (HWCAP)\n");
	for (i = 0; i < sizeof(isa) / sizeof(isa[0]); i++)
		printf("  %-10s %s\n", isa[i].name, f & isa[i].bit ? "yes" : "no");
}
#elif defined(__x86_64__)
static void print_features(unsigned int f)
{
	static const struct {
		const char *name;
		unsigned int bit, os_bit;
		const char *state;
	} isa[] = {
		{ "SSE2", GFRAID_CPU_SSE2, 0, "always" },
		{ "SSSE3", GFRAID_CPU_SSSE3, 0, "always" },
		{ "AVX", GFRAID_CPU_AVX, GFRAID_CPU_OS_YMM, "YMM" },
		{ "AVX2", GFRAID_CPU_AVX2, GFRAID_CPU_OS_YMM, "YMM" },
		{ "AVX-512F", GFRAID_CPU_AVX512F, GFRAID_CPU_OS_ZMM, "ZMM+opmask" },
		{ "AVX-512BW", GFRAID_CPU_AVX512BW, GFRAID_CPU_OS_ZMM, "ZMM+opmask" },
		{ "AVX-512VL", GFRAID_CPU_AVX512VL, GFRAID_CPU_OS_ZMM, "ZMM+opmask" },
		{ "GFNI", GFRAID_CPU_GFNI, 0, "as its encoding" },
	};
	size_t i;

	printf("\nInstruction sets (CPUID; OS state from XCR0)\n");
	printf("  %-10s %-6s %-22s %s\n", "set", "CPUID", "OS saves state", "usable");
	for (i = 0; i < sizeof(isa) / sizeof(isa[0]); i++) {
		int has = !!(f & isa[i].bit);
		int os = isa[i].os_bit ? !!(f & isa[i].os_bit) : 1;
		char state[40];

		if (isa[i].os_bit)
			snprintf(state, sizeof(state), "%s (%s)", os ? "yes" : "no", isa[i].state);
		else
			snprintf(state, sizeof(state), "%s", isa[i].state);
		printf("  %-10s %-6s %-22s %s\n", isa[i].name, has ? "yes" : "no", state,
		       has && os ? "yes" : "no");
	}
}
#else
static void print_features(unsigned int f)
{
	(void)f;
}
#endif

static double now_us(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

/* The self-test runs on first use: time the selection of every op, then
   the test of every other variant (info asks about all of them). */
static void print_variants(void)
{
	const char *setting = getenv("GFRAID_IMPL");
	const char *corrupt = getenv("GFRAID_SELFTEST_CORRUPT");
	double t0, t1, t2;
	int op, i, failed = 0, usable = 0;

	printf("\nGFRAID_IMPL  %s\n", setting ? setting : "(not set)");
	if (corrupt)
		printf("GFRAID_SELFTEST_CORRUPT  %s  (test hook: these variants must fail)\n",
		       corrupt);
	t0 = now_us();
	for (op = 0; op < GFRAID_OP_COUNT; op++)
		gfraid_impl_selected((enum gfraid_op)op);
	t1 = now_us();
	for (op = 0; op < GFRAID_OP_COUNT; op++)
		for (i = 0; i < gfraid_impl_count((enum gfraid_op)op); i++)
			gfraid_impl_status((enum gfraid_op)op, i, NULL);
	t2 = now_us();

	printf("\nVariants per op (* = selected; time = relative to the selected one when timed\n"
	       "on this CPU at 4 KiB and 64 KiB, geometric mean)\n");
	for (op = 0; op < GFRAID_OP_COUNT; op++) {
		enum gfraid_op o = (enum gfraid_op)op;
		const char *sel = gfraid_impl_selected(o);
		static const char *const how[] = {
			[GFRAID_CHOSEN_ORDER] = "first usable in table order (timing off, or one candidate)",
			[GFRAID_CHOSEN_CALIBRATED] = "fastest when timed here",
			[GFRAID_CHOSEN_SETTING] = "named in GFRAID_IMPL",
			[GFRAID_CHOSEN_FORCED] = "forced",
		};
		int h = gfraid_impl_how(o);

		printf("  %-16s chosen: %s\n", gfraid_op_name(o),
		       h >= 0 && h <= GFRAID_CHOSEN_FORCED ? how[h] : "?");

		for (i = 0; i < gfraid_impl_count(o); i++) {
			const char *name = gfraid_impl_name(o, i), *why = NULL;
			int status = gfraid_impl_status(o, i, &why);
			char state[200];
			int t = gfraid_impl_calibration(o, i);

			if (status == GFRAID_IMPL_USABLE && t > 0)
				snprintf(state, sizeof(state), "self-test passed, time %.2f", t / 1000.0);
			else if (status == GFRAID_IMPL_USABLE)
				snprintf(state, sizeof(state), "self-test passed");
			else if (status == GFRAID_IMPL_NOCPU)
				snprintf(state, sizeof(state), "not on this CPU");
			else
				snprintf(state, sizeof(state), "SELF-TEST FAILED, not used: %s", why);
			usable += status == GFRAID_IMPL_USABLE;
			failed += status == GFRAID_IMPL_FAILED || status == GFRAID_IMPL_UNTESTED;
			printf("  %-16s %c %-16s %s\n", "", strcmp(name, sel) ? ' ' : '*', name, state);
		}
	}
	printf("\nSelf-test: %d variants passed, %d failed; first use of all %d ops (self-tests "
	       "and timing) took %.0f us, testing the rest %.0f us\n",
	       usable, failed, GFRAID_OP_COUNT, t1 - t0, t2 - t1);
}

int cmd_info(int argc, char **argv)
{
	if (argc > 1) {
		if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
			printf("usage: ec-cli info\n\nPrints the CPU (libcpuid), the instruction sets "
			       "libgfraid sees and whether the OS\nenabled their register state, and "
			       "every variant of every op with its self-test result.\n");
			return 0;
		}
		fprintf(stderr, "ec-cli info: unexpected argument '%s'\n", argv[1]);
		return 2;
	}
	printf("libgfraid %d.%d.%d\n\nCPU\n", GFRAID_VERSION_MAJOR, GFRAID_VERSION_MINOR,
	       GFRAID_VERSION_PATCH);
	print_identity();
	print_features(gfraid_cpu_features());
	print_variants();
	return 0;
}
