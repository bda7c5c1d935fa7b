// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* clflush (SSE2, in every x86-64) line by line; mfence orders the flushes
   before what follows. */
#include <emmintrin.h>
#include <stdint.h>

#include "evict.h"

int bench_can_flush(void)
{
	return 1;
}

void bench_flush(const void *p, size_t len)
{
	const char *c = (const char *)((uintptr_t)p & ~(uintptr_t)63), *end = (const char *)p + len;

	for (; c < end; c += 64)
		_mm_clflush(c);
	_mm_mfence();
}
