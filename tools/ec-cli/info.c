/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* ec-cli info: the CPU, what the library sees of it, every variant. */
#include <errno.h>
#include <stdint.h>
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

/* The bytes of blocks a call of class cls (medium or large) may touch
   here: the largest length of one block that gfraid_class_of still puts
   in cls or below. */
static size_t class_limit(enum gfraid_class cls)
{
	size_t lo = 16384, hi = SIZE_MAX / 2;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (gfraid_class_of(1, mid) > cls)
			hi = mid;
		else
			lo = mid;
	}
	return lo;
}

/* The members a stripe of width w has for op: from *lo to *hi (*hi 0:
   no bound). */
static void width_range(enum gfraid_op o, enum gfraid_width w, int *lo, int *hi)
{
	int m;

	*lo = 0;
	*hi = 0;
	for (m = 1; m <= GFRAID_MAX_DISKS; m++)
		if (gfraid_width_of(o, m) == (int)w) {
			*lo = *lo ? *lo : m;
			*hi = m;
		}
	*hi = *hi == GFRAID_MAX_DISKS ? 0 : *hi;
}

/* One op: its widths, each class's choice per width, then every variant
   with its time in each class and width's calibration (* the choice) and
   its self-test result. */
static void print_op(enum gfraid_op o, int *usable, int *failed)
{
	const char *sel[GFRAID_CLASS_COUNT][GFRAID_WIDTH_COUNT];
	int c, w, i, lo, hi;

	printf("\n  %s: widths", gfraid_op_name(o));
	for (w = 0; w < GFRAID_WIDTH_COUNT; w++) {
		width_range(o, (enum gfraid_width)w, &lo, &hi);
		printf("%s %s %d", w ? "," : "", gfraid_width_name((enum gfraid_width)w), lo);
		if (!hi)
			printf(" and more");
		else if (hi > lo)
			printf(" to %d", hi);
		printf(" (timed: %d)", gfraid_width_timed(o, (enum gfraid_width)w));
	}
	printf(" members\n");
	for (c = 0; c < GFRAID_CLASS_COUNT; c++) {
		int how[GFRAID_WIDTH_COUNT];

		printf("  %-16s %-6s", gfraid_op_name(o), gfraid_class_name((enum gfraid_class)c));
		for (w = 0; w < GFRAID_WIDTH_COUNT; w++) {
			sel[c][w] = gfraid_impl_selected(o, (enum gfraid_class)c,
							 (enum gfraid_width)w);
			how[w] = gfraid_impl_how(o, (enum gfraid_class)c, (enum gfraid_width)w);
			printf(" %-18s", sel[c][w]);
		}
		/* how, once where every width's was chosen alike */
		if (how[1] == how[0] && how[2] == how[0]) {
			printf("  %s\n", gfraid_choice_name(how[0]));
			continue;
		}
		for (w = 0; w < GFRAID_WIDTH_COUNT; w++)
			printf("%s%s: %s", w ? "; " : " ", gfraid_width_name((enum gfraid_width)w),
			       gfraid_choice_name(how[w]));
		printf("\n");
	}
	for (i = 0; i < gfraid_impl_count(o); i++) {
		const char *name = gfraid_impl_name(o, i), *why = NULL;
		int status = gfraid_impl_status(o, i, &why);

		printf("    %-18s", name);
		for (c = 0; c < GFRAID_CLASS_COUNT; c++) {
			printf(" ");
			for (w = 0; w < GFRAID_WIDTH_COUNT; w++) {
				int t = gfraid_impl_calibration(o, (enum gfraid_class)c,
								(enum gfraid_width)w, i);
				char mark = strcmp(name, sel[c][w]) ? ' ' : '*';

				if (t > 0)
					printf("%c%4.2f", mark, t / 1000.0);
				else
					printf("%c%4s", mark, "-");
			}
		}
		if (status == GFRAID_IMPL_USABLE)
			printf("  passed\n");
		else if (status == GFRAID_IMPL_NOCPU)
			printf("  not on this CPU\n");
		else
			printf("  SELF-TEST FAILED, not used: %s\n", why);
		*usable += status == GFRAID_IMPL_USABLE;
		*failed += status == GFRAID_IMPL_FAILED || status == GFRAID_IMPL_UNTESTED;
	}
}

/* The self-test runs on first use: time the selection of every op and
   class, then the test of every other variant (info asks about all of
   them). */
static void print_variants(void)
{
	const char *setting = getenv("GFRAID_IMPL");
	const char *corrupt = getenv("GFRAID_SELFTEST_CORRUPT");
	double t0, t1, t2, tc[GFRAID_CLASS_COUNT] = { 0 };
	int op, c, w, i, failed = 0, usable = 0;

	printf("\nGFRAID_IMPL  %s\n", setting ? setting : "(not set)");
	printf("calibration file  %s\n", gfraid_calibration_file() ? gfraid_calibration_file()
								  : "(none: no cache directory)");
	printf("system's          %s\n", gfraid_calibration_system_file());
	printf("choices read from %s\n", gfraid_calibration_read() ? gfraid_calibration_read()
								  : "(no file for this CPU and build)");
	if (corrupt)
		printf("GFRAID_SELFTEST_CORRUPT  %s  (test hook: these variants must fail)\n",
		       corrupt);
	t0 = now_us();
	for (op = 0; op < GFRAID_OP_COUNT; op++)
		for (c = 0; c < GFRAID_CLASS_COUNT; c++)
			for (w = 0; w < GFRAID_WIDTH_COUNT; w++) {
				double t = now_us();

				gfraid_impl_selected((enum gfraid_op)op, (enum gfraid_class)c,
						     (enum gfraid_width)w);
				tc[c] += now_us() - t;
			}
	t1 = now_us();
	for (op = 0; op < GFRAID_OP_COUNT; op++)
		for (i = 0; i < gfraid_impl_count((enum gfraid_op)op); i++)
			gfraid_impl_status((enum gfraid_op)op, i, NULL);
	t2 = now_us();

	printf("\nVariants per op, size class and stripe width: small blocks are at most\n"
	       "16 KiB; a medium call touches at most %zu KiB of blocks (this CPU's L2), a\n"
	       "large one %zu KiB (half its last-level cache, taken as at most 32 L2s), a\n"
	       "huge one more. A call's width is by its stripe's members\n"
	       "(gfraid_width_of). Times are relative to the choice (*) for that class and\n"
	       "width when timed on this CPU; - not timed.\n",
	       class_limit(GFRAID_CLASS_MEDIUM) / 1024, class_limit(GFRAID_CLASS_LARGE) / 1024);
	printf("\n  %-16s %-6s %-18s %-18s %-18s  %s\n", "op", "class", "narrow", "typical", "wide",
	       "chosen");
	printf("    %-18s %-15s %-15s %-15s %-15s\n", "variant", " small n t w", " medium",
	       " large", " huge");
	for (op = 0; op < GFRAID_OP_COUNT; op++)
		print_op((enum gfraid_op)op, &usable, &failed);
	printf("\nSelf-test: %d variants passed, %d failed; first use of all %d ops in every class "
	       "and width (self-tests and timing) took %.0f us (small %.0f, medium %.0f, large %.0f, "
	       "huge %.0f), testing the rest %.0f us\n",
	       usable, failed, GFRAID_OP_COUNT, t1 - t0, tc[0], tc[1], tc[2], tc[3], t2 - t1);
}

int cmd_calibrate(int argc, char **argv)
{
	const char *file = NULL;
	char line[512];
	FILE *f;
	int err;

	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		printf("usage: ec-cli calibrate [--file PATH | --system | --status]\n\nTimes every "
		       "variant of every op in every size class and width on this CPU, as\na process "
		       "does at first use, and writes the choices to the calibration file\n(default: "
		       "%s;\n--system: %s, read by every user's\nprocesses that have no file of their "
		       "own), which every later process then\ntakes instead of timing. --status says "
		       "which file this process takes, timing nothing.\n",
		       gfraid_calibration_file() ? gfraid_calibration_file() : "none here",
		       gfraid_calibration_system_file());
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "--status")) {
		printf("user's    %s\nsystem's  %s\nread      %s\n",
		       gfraid_calibration_file() ? gfraid_calibration_file() : "(no cache directory)",
		       gfraid_calibration_system_file(),
		       gfraid_calibration_read() ? gfraid_calibration_read()
						 : "(no file for this CPU and build)");
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "--file")) {
		file = argv[2];
	} else if (argc == 2 && !strcmp(argv[1], "--system")) {
		file = gfraid_calibration_system_file();
	} else if (argc != 1) {
		fprintf(stderr, "usage: ec-cli calibrate [--file PATH | --system | --status]\n");
		return 2;
	}
	err = gfraid_calibration_save(file);
	if (err) {
		fprintf(stderr, "ec-cli calibrate: %s: %s (%s)\n",
			file ? file : gfraid_calibration_file() ? gfraid_calibration_file() : "no path",
			gfraid_strerror(err), err == GFRAID_EIO ? strerror(errno) : "");
		return 1;
	}
	file = file ? file : gfraid_calibration_file();
	printf("wrote %s:\n", file);
	f = fopen(file, "r");	/* what it holds, read back */
	while (f && fgets(line, sizeof(line), f))
		printf("  %s", line);
	if (f)
		fclose(f);
	return f ? 0 : 1;
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
	if (getenv("GFRAID_CPU_MASK"))
		printf("  (GFRAID_CPU_MASK=%s: taken as absent)\n", getenv("GFRAID_CPU_MASK"));
	print_variants();
	return 0;
}
