// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* No flush instruction the bench knows on this architecture: no cold
   placements. */
#include "evict.h"

int bench_can_flush(void)
{
	return 0;
}

void bench_flush(const void *p, size_t len)
{
	(void)p;
	(void)len;
}
