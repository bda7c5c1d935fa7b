/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The one place that differs between the userspace library and the kernel
 * module: fixed-width types, memcpy/memset, allocation, atomics, SIMD
 * begin/end and the CPU probe. Everything else in src/ includes only this
 * (and gfraid.h), so the same files build in both worlds.
 */
#ifndef GFRAID_PORT_H
#define GFRAID_PORT_H

#include "gfraid.h"

#ifdef __KERNEL__

#include <linux/types.h>
#include <linux/string.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <asm/barrier.h>
#include <asm/cmpxchg.h>
#include <asm/fpu/api.h>

#define gfr_alloc(n) kvmalloc((n), GFP_KERNEL)
#define gfr_free(p) kvfree(p)

#define gfr_load_acquire(p) smp_load_acquire(p)
#define gfr_store_release(p, v) smp_store_release((p), (v))
/* Set *p to v if it holds old; true if it did. */
#define gfr_cas(p, old, v) (cmpxchg((p), (old), (v)) == (old))

/* SIMD code runs only between these; keep each section short. */
#define gfr_simd_begin() kernel_fpu_begin()
#define gfr_simd_end() kernel_fpu_end()

#else /* userspace */

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define gfr_alloc(n) malloc(n)
#define gfr_free(p) free(p)

#define gfr_load_acquire(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define gfr_store_release(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)
#define gfr_cas(p, old, v) \
	__extension__({ __typeof__(*(p)) gfr_expected_ = (old); \
		__atomic_compare_exchange_n((p), &gfr_expected_, (v), 0, \
					    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE); })

#define gfr_simd_begin() do { } while (0)
#define gfr_simd_end() do { } while (0)

#endif /* __KERNEL__ */

/*
 * Provided once per world (src/port_user.c, kernel/port_kernel.c):
 * the CPU features (GFRAID_CPU_* bits) and the GFRAID_IMPL setting, or
 * NULL when there is none.
 */
unsigned int gfr_port_cpu_probe(void);
const char *gfr_port_impl_setting(void);

#endif /* GFRAID_PORT_H */
