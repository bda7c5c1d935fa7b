// SPDX-License-Identifier: GPL-2.0-only
/* The zero page lib/raid6's recovery reads in place of the lost blocks.
   pq.h declares it PAGE_SIZE long; recovery reads `bytes` of it, so it is
   defined here (without pq.h) as large as the largest block we recover. */
#include "linux_raid6.h"

char raid6_empty_zero_page[LREF_MAX_RECOV_BYTES] __attribute__((aligned(4096)));
