/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The one place that differs between the userspace library and the kernel
 * module: fixed-width types, memcpy/memset, atomics, SIMD sections, and the
 * functions each world provides (allocation, CPU probe, GFRAID_IMPL). Everything else
 * in src/ includes only this (and gfraid.h), so the same files build in
 * both worlds and call nothing but memcpy, memset and these.
 */
#ifndef GFRAID_PORT_H
#define GFRAID_PORT_H

#include "gfraid.h"

/* The bytes of buffers one kernel SIMD section touches at most: the FPU is
   not held for long (userspace sections are unbounded). The self-test
   calls every variant where the kernel starts a second section. */
#define GFR_KERNEL_SECTION ((size_t)256 * 1024)

#ifdef __KERNEL__

#include <linux/types.h>
#include <linux/string.h>
#include <asm/barrier.h>
#include <linux/atomic.h>
#ifdef CONFIG_X86
#include <asm/fpu/api.h>
#elif defined(CONFIG_ARM64)
#include <asm/neon.h>
#endif

#define gfr_load_acquire(p) smp_load_acquire(p)
#define gfr_store_release(p, v) smp_store_release((p), (v))
/* Set *p to v if it holds old; true if it did. */
#define gfr_cas(p, old, v) (cmpxchg((p), (old), (v)) == (old))
/* 64-bit division, which 32-bit kernels only do through div64_u64. */
#include <linux/math64.h>
#define gfr_div64(a, b) div64_u64((a), (b))

/* SIMD variants run only between these, on at most GFR_SIMD_SECTION bytes
   of buffers at a time, so the FPU is not held for long. (As lib/raid6
   does, in the task contexts md and the EC exports run in.) */
#ifdef CONFIG_ARM64
#define gfr_simd_begin() kernel_neon_begin()
#define gfr_simd_end() kernel_neon_end()
#else
#define gfr_simd_begin() kernel_fpu_begin()
#define gfr_simd_end() kernel_fpu_end()
#endif
/* Whether this context may take the FPU at all (not in hard interrupt or
   NMI context, say); where not, ops run their base variant. */
#include <asm/simd.h>
#define gfr_simd_usable() may_use_simd()
#define GFR_SIMD_SECTION GFR_KERNEL_SECTION
#define GFR_SIMD_BOUNDED 1

/* A lock for short critical sections (the decode-matrix cache). */
#include <linux/spinlock.h>
struct gfr_lock {
	spinlock_t s;
};
#define gfr_lock_init(l) spin_lock_init(&(l)->s)
#define gfr_lock(l) spin_lock(&(l)->s)
#define gfr_unlock(l) spin_unlock(&(l)->s)

#else /* userspace */

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define gfr_load_acquire(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define gfr_store_release(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)
#define gfr_cas(p, old, v) \
	__extension__({ __typeof__(*(p)) gfr_expected_ = (old); \
		__atomic_compare_exchange_n((p), &gfr_expected_, (v), 0, \
					    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE); })

#define gfr_div64(a, b) ((uint64_t)(a) / (uint64_t)(b))

/* Userspace may use vector registers anywhere, for as long as it likes. */
#define gfr_simd_begin() do { } while (0)
#define gfr_simd_end() do { } while (0)
#define gfr_simd_usable() 1
#define GFR_SIMD_SECTION SIZE_MAX
#define GFR_SIMD_BOUNDED 0	/* a call is one section: no FPU to take */

/* A lock for short critical sections (the decode-matrix cache): a
   test-and-test-and-set spin lock, held for a few hundred cycles at most. */
struct gfr_lock {
	int held;
};

static inline void gfr_lock_init(struct gfr_lock *l)
{
	l->held = 0;
}

static inline void gfr_lock(struct gfr_lock *l)
{
	while (__atomic_exchange_n(&l->held, 1, __ATOMIC_ACQUIRE))
		while (__atomic_load_n(&l->held, __ATOMIC_RELAXED))
#if defined(__x86_64__) || defined(__i386__)
			__builtin_ia32_pause();
#else
			;
#endif
}

static inline void gfr_unlock(struct gfr_lock *l)
{
	__atomic_store_n(&l->held, 0, __ATOMIC_RELEASE);
}

#endif /* __KERNEL__ */

/*
 * Provided once per world (src/port_user.c, kernel/port_kernel.c):
 * memory (NULL when there is none), the CPU features (GFRAID_CPU_* bits),
 * the GFRAID_IMPL setting and the GFRAID_SELFTEST_CORRUPT test hook (both
 * NULL when not set), and the one warning the library gives: variant impl
 * of op failed its self-test (why: the case), so it is not used.
 */
void *gfr_port_alloc(size_t n);
void gfr_port_free(void *p);
unsigned int gfr_port_cpu_probe(void);
/* This CPU's L2 cache per core and its last-level cache (one instance,
   shared by the cores that share it) in bytes, 0 where it does not say. */
size_t gfr_port_l2_bytes(void);
size_t gfr_port_llc_bytes(void);

#if defined(__x86_64__) || defined(__i386__)
/* The size of the highest-level data or unified cache that CPUID's
   deterministic cache leaf lists (leaf 4; AMD's 0x8000001D has the same
   layout), 0 if none; cpuid(leaf, subleaf, r) sets r to EAX..EDX. */
static inline size_t gfr_cpuid_llc_bytes(unsigned int leaf,
					 void (*cpuid)(unsigned int, unsigned int, unsigned int *))
{
	unsigned int r[4], sub, level = 0;
	size_t size = 0;

	for (sub = 0; sub < 16; sub++) {
		cpuid(leaf, sub, r);
		if (!(r[0] & 31))	/* type 0: the list's end */
			break;
		if ((r[0] & 31) == 2 || (r[0] >> 5 & 7) < level)	/* 2: instructions */
			continue;
		level = r[0] >> 5 & 7;
		size = (size_t)((r[1] >> 22) + 1) * ((r[1] >> 12 & 0x3ff) + 1) *
		       ((r[1] & 0xfff) + 1) * ((size_t)r[2] + 1);
	}
	return size;
}
#endif
const char *gfr_port_impl_setting(void);
const char *gfr_port_selftest_corrupt(void);
/* How to choose among usable variants for a size class (else table
   order): by timing them, or by the calibration file where it has a
   choice for this CPU and timing where not. A monotonic clock in
   nanoseconds to time them with. */
enum { GFR_CALIBRATE_OFF, GFR_CALIBRATE_TIME, GFR_CALIBRATE_FILE };
int gfr_port_calibrate(enum gfraid_class cls);
/* The calibration file's variant for op, class and width
   (gfraid_op_name, gfraid_class_name, gfraid_width_name) on this CPU, or
   NULL (no file, another CPU or build, no such line). */
const char *gfr_port_calibration_file(const char *op, const char *cls, const char *width);
/* This CPU's vendor and model, as the calibration file names it. */
void gfr_port_cpu_id(char *buf, size_t n);
uint64_t gfr_port_ns(void);
void gfr_port_warn(const char *op, const char *impl, const char *why);

#endif /* GFRAID_PORT_H */
