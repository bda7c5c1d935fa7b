/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Flushing a buffer from every cache level, for the bench's cold
   placements: evict_x86.c, evict_arm64.c, or evict_none.c where the
   architecture has no instruction for it. */
#ifndef GFRAID_BENCH_EVICT_H
#define GFRAID_BENCH_EVICT_H

#include <stddef.h>

/* Whether bench_flush can flush here. */
int bench_can_flush(void);
/* Every cache line of [p, p + len) written back if dirty and dropped from
   every cache level, done before the next timed load. */
void bench_flush(const void *p, size_t len);

#endif
