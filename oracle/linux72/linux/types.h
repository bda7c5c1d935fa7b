/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What Linux 7.2's lib/raid/raid6 takes from the kernel's headers, for its
 * userspace build (build-linux72-raid6.sh): fixed-width types, attributes,
 * the FPU/SIMD brackets (nothing to save in userspace) and a zero page.
 */
#ifndef GFRAID_LINUX72_SHIM_H
#define GFRAID_LINUX72_SHIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;

#define BITS_PER_LONG (__SIZEOF_LONG__ * 8)
#define __aligned(x) __attribute__((aligned(x)))
#define __attribute_const__ __attribute__((__const__))
#define __always_inline inline __attribute__((__always_inline__))
#define __init
#define EXPORT_SYMBOL(sym)
#define EXPORT_SYMBOL_GPL(sym)

#define PAGE_SIZE 4096UL
extern unsigned char lref72_zero_page[];
#define ZERO_PAGE(vaddr) (lref72_zero_page)
#define page_address(page) ((void *)(page))

#define kernel_fpu_begin() do { } while (0)
#define kernel_fpu_end() do { } while (0)
/* arm64's scoped_ksimd() opens a block that runs once. */
#define scoped_ksimd() for (int lref72_once = 1; lref72_once; lref72_once = 0)

#endif
