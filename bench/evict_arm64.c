// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* dc civac (clean and invalidate to the point of coherency) line by line,
   by the line size CTR_EL0 gives; dsb completes them before what follows. */
#include <stdint.h>

#include "evict.h"

int bench_can_flush(void)
{
	return 1;
}

void bench_flush(const void *p, size_t len)
{
	uint64_t ctr;
	uintptr_t line, a, end = (uintptr_t)p + len;

	__asm__ volatile("mrs %0, ctr_el0" : "=r"(ctr));
	line = (uintptr_t)4 << (ctr >> 16 & 15);	/* DminLine: log2 of words */
	for (a = (uintptr_t)p & ~(line - 1); a < end; a += line)
		__asm__ volatile("dc civac, %0" : : "r"(a) : "memory");
	__asm__ volatile("dsb ish" : : : "memory");
}
