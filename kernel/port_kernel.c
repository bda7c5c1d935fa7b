// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The kernel side of port.h: memory, CPU probe, the impl= and
   selftest_corrupt= parameters, the self-test's warning. */
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/timekeeping.h>
#include <asm/cpufeature.h>
#ifdef CONFIG_X86
#include <asm/fpu/api.h>
#include <asm/fpu/types.h>
#include <asm/processor.h>
/* cpuid_count() and cpuid_ecx() have their own header since 6.16 */
#if __has_include(<asm/cpuid/api.h>)
#include <asm/cpuid/api.h>
#endif
#endif

#include "port.h"

void *gfr_port_alloc(size_t n)
{
	return kvmalloc(n, GFP_KERNEL);
}

void gfr_port_free(void *p)
{
	kvfree(p);
}

static char *impl;
module_param(impl, charp, 0444);
MODULE_PARM_DESC(impl, "variant choice in GFRAID_IMPL syntax, e.g. \"ec_encode=base\"");

#if defined(CONFIG_X86)
unsigned int gfr_port_cpu_probe(void)
{
	static const struct {
		int cpu_feature;
		unsigned int bit;
	} map[] = {
		{ X86_FEATURE_XMM2, GFRAID_CPU_SSE2 },
		{ X86_FEATURE_SSSE3, GFRAID_CPU_SSSE3 },
		{ X86_FEATURE_AVX, GFRAID_CPU_AVX },
		{ X86_FEATURE_AVX2, GFRAID_CPU_AVX2 },
		{ X86_FEATURE_AVX512F, GFRAID_CPU_AVX512F },
		{ X86_FEATURE_AVX512BW, GFRAID_CPU_AVX512BW },
		{ X86_FEATURE_AVX512VL, GFRAID_CPU_AVX512VL },
		{ X86_FEATURE_GFNI, GFRAID_CPU_GFNI },
	};
	unsigned int f = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(map); i++)
		if (boot_cpu_has(map[i].cpu_feature))
			f |= map[i].bit;
	if (cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL))
		f |= GFRAID_CPU_OS_YMM;
	if (cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM | XFEATURE_MASK_AVX512, NULL))
		f |= GFRAID_CPU_OS_ZMM;
	return f;
}
#elif defined(CONFIG_ARM64)
unsigned int gfr_port_cpu_probe(void)
{
	unsigned int f = 0;

	/* NEON only where the kernel may use it (kernel_neon_begin) */
	if (IS_ENABLED(CONFIG_KERNEL_MODE_NEON) && cpu_have_named_feature(ASIMD))
		f |= GFRAID_CPU_NEON;
	if (cpu_have_named_feature(SHA3))
		f |= GFRAID_CPU_SHA3;
	if (cpu_have_named_feature(SVE))
		f |= GFRAID_CPU_SVE;
	if (cpu_have_named_feature(SVE2))
		f |= GFRAID_CPU_SVE2;
	return f;
}
#else
unsigned int gfr_port_cpu_probe(void)
{
	return 0;
}
#endif

size_t gfr_port_l2_bytes(void)
{
#ifdef CONFIG_X86
	/* CPUID 0x80000006 ECX[31:16]: L2 KiB per core, AMD and Intel */
	if (boot_cpu_data.extended_cpuid_level >= 0x80000006)
		return (size_t)(cpuid_ecx(0x80000006) >> 16) * 1024;
#endif
	return 0;
}

#ifdef CONFIG_X86
static void kernel_cpuid(unsigned int leaf, unsigned int sub, unsigned int *r)
{
	cpuid_count(leaf, sub, &r[0], &r[1], &r[2], &r[3]);
}
#endif

/* The deterministic cache leaf: AMD's with TOPOEXT, else leaf 4. */
size_t gfr_port_llc_bytes(void)
{
#ifdef CONFIG_X86
	if (boot_cpu_data.x86_vendor == X86_VENDOR_AMD ||
	    boot_cpu_data.x86_vendor == X86_VENDOR_HYGON)
		return boot_cpu_has(X86_FEATURE_TOPOEXT) &&
				       boot_cpu_data.extended_cpuid_level >= 0x8000001d
			       ? gfr_cpuid_llc_bytes(0x8000001d, kernel_cpuid)
			       : 0;
	if (boot_cpu_data.cpuid_level >= 4)
		return gfr_cpuid_llc_bytes(4, kernel_cpuid);
#endif
	return 0;
}

const char *gfr_port_impl_setting(void)
{
	return impl;
}

static char *selftest_corrupt;
module_param(selftest_corrupt, charp, 0444);
MODULE_PARM_DESC(selftest_corrupt,
		 "test hook, GFRAID_IMPL syntax: the self-test flips an output byte of these variants, which must then be refused");

const char *gfr_port_selftest_corrupt(void)
{
	return selftest_corrupt;
}

void gfr_port_warn(const char *op, const char *impl, const char *why)
{
	pr_warn("gfraid: %s variant %s failed its known-answer self-test (%s); it will not be used\n",
		op, impl, why);
}

static bool calibrate = true;
module_param(calibrate, bool, 0444);
MODULE_PARM_DESC(calibrate, "time the usable variants at load and take the fastest (else table order)");

/* Large and huge calls by table order: no kernel caller makes them (md
   and raidkm work on pages), and timing them, on blocks of megabytes, is
   most of the cost of timing at all (docs/BENCHMARKS.md). */
int gfr_port_calibrate(enum gfraid_class cls)
{
	return calibrate && cls < GFRAID_CLASS_LARGE ? GFR_CALIBRATE_TIME : GFR_CALIBRATE_OFF;
}

/* The kernel reads no file: it times at load. */
const char *gfr_port_calibration_file(const char *op, const char *cls, const char *width)
{
	(void)op;
	(void)cls;
	(void)width;
	return NULL;
}

uint64_t gfr_port_ns(void)
{
	return ktime_get_ns();
}
