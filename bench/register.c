// SPDX-License-Identifier: GPL-2.0-only
/*
 * gfraid-bench: every catalogue case that can run on this host, as one
 * Google Benchmark each. Cases that cannot (a variant or kernel algorithm
 * the CPU lacks, kernel code on odd buffers) are listed on stderr with
 * the reason instead of being registered.
 */
#include <stdio.h>

#include "cases.h"
#include "shim.h"

static void run_case(struct gb_state *s, const void *arg)
{
	const struct bench_case *c = arg;
	const char *why;
	struct bench_run *r = bench_open(c, &why);

	if (!r) {
		gb_skip(s, why);
		return;
	}
	while (gb_keep_running(s))
		bench_step(r);
	gb_set_bytes_per_iteration(s, bench_step_bytes(c));
	if (bench_step_writes(c))
		gb_set_items_per_iteration(s, bench_step_writes(c));
	bench_close(r);
}

void bench_register_cases(void)
{
	const struct bench_case *cases;
	int n = bench_catalogue(&cases), i, l, skipped = 0;

	for (i = 0; i < n; i++) {
		const char *why = bench_why_not(&cases[i]);

		if (why) {
			fprintf(stderr, "gfraid-bench: not run here: %s (%s)\n", cases[i].name, why);
			skipped++;
			continue;
		}
		gb_register(cases[i].name, run_case, &cases[i]);
	}
	fprintf(stderr, "gfraid-bench: %d cases registered, %d not run on this host\n", n - skipped,
		skipped);
	if (bench_isal_version())
		fprintf(stderr, "gfraid-bench: isal: peers are %s\n", bench_isal_version());
	for (l = 0; l < bench_linux_count(); l++)
		fprintf(stderr, "gfraid-bench: %s: kernel recovery runs on gen_syndrome %s, the one "
			"raid6_pq picks here\n", bench_linux_prefix(l), bench_linux_recovery_gen(l));
}
