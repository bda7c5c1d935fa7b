// SPDX-License-Identifier: GPL-2.0-only
/*
 * The six tables raid6_pq.ko exports on Linux 7.2+, as kernel/mkpqtables.c
 * generates them from libgfraid's field, against the tables Linux 7.2's
 * own generator (lib/raid/raid6/mktables.c) wrote: byte for byte. The
 * generator's output is read from the program GFRAID_MKPQTABLES names.
 */
#include <stdio.h>
#include <stdlib.h>

#include "common.h"
#include "linux72_raid6.h"

static const char *const names[] = { "raid6_gfmul", "raid6_vgfmul", "raid6_gfexp",
				     "raid6_gflog", "raid6_gfinv", "raid6_gfexi" };

static unsigned char ours[80 * 1024];
static size_t ours_size;

static void read_ours(void)
{
	const char *gen = getenv("GFRAID_MKPQTABLES");
	char cmd[4200];
	FILE *p;

	ck_assert_msg(gen != NULL, "GFRAID_MKPQTABLES names no generator");
	snprintf(cmd, sizeof(cmd), "'%s' -b", gen);
	p = popen(cmd, "r");
	ck_assert_msg(p != NULL, "cannot run %s", cmd);
	ours_size = fread(ours, 1, sizeof(ours), p);
	ck_assert_int_eq(pclose(p), 0);
}

START_TEST(tables_vs_linux72)
{
	size_t off = 0, size;
	unsigned i;

	read_ours();
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		const unsigned char *theirs = lref72_table(names[i], &size);

		ck_assert_msg(theirs != NULL, "linux 7.2 has no %s", names[i]);
		ck_assert_uint_le(off + size, ours_size);
		ck_assert_same(ours + off, theirs, size, names[i]);
		printf("%s: %zu bytes identical\n", names[i], size);
		off += size;
	}
	ck_assert_uint_eq(off, ours_size);	/* nothing more, nothing less */
	/* and a table that differs in one byte does not pass */
	ours[off - 1] ^= 1;
	ck_assert_int_eq(first_diff(ours + off - 256, lref72_table("raid6_gfexi", &size), 256), 255);
}
END_TEST

int main(void)
{
	const TTest *const tests[] = { tables_vs_linux72, NULL };

	return run_tests("pq_tables", 60, tests, NULL, NULL);
}
