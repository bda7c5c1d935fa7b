// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * The cache flush of ec-cli bench's cold placements (bench/evict_*.c):
 * lines written just before it are written back, not dropped (clflush;
 * dc civac, where dc ivac would lose them), from an unaligned start to an
 * unaligned end and for a lone byte. Exits 77 (skipped, with the reason)
 * where the bench has no flush for the architecture.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "evict.h"

#define LEN ((size_t)1 << 20)

static uint8_t pattern(size_t i, unsigned int round)
{
	return (uint8_t)(i * 131 + (i >> 8) + round * 29 + 1);
}

START_TEST(flush_keeps_what_was_written)
{
	static const size_t starts[] = { 0, 13, 64, 4095 }, lens[] = { LEN, LEN - 100, 1, 0 };
	uint8_t *buf = aligned_alloc(4096, LEN + 8192);
	unsigned int round;
	size_t i;

	ck_assert_ptr_nonnull(buf);
	for (round = 0; round < 4; round++) {
		uint8_t *p = buf + starts[round];

		for (i = 0; i < LEN + 4096; i++)
			buf[i] = pattern(i, round);
		bench_flush(p, lens[round]);
		for (i = 0; i < LEN + 4096; i++)
			if (buf[i] != pattern(i, round))
				ck_abort_msg("byte %zu changed by the flush of %zu bytes from %zu", i,
					     lens[round], starts[round]);
	}
	free(buf);
}
END_TEST

int main(void)
{
	const TTest *const tests[] = { flush_keeps_what_was_written, NULL };

	if (!bench_can_flush()) {
		printf("skipped: the bench has no cache flush for this architecture\n");
		return 77;
	}
	return run_tests("evict", 60, tests, NULL, NULL);
}
