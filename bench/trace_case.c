// SPDX-License-Identifier: GPL-2.0-only
/*
 * gfraid-trace-case NAME: one bench case (bench/cases.h), stepped twice,
 * with a call to trace_case_mark() before and after the second step. Run
 * under qemu-user with "-d in_asm,exec,nochain", the executed code between
 * the two marks is one step with its code already translated and its
 * variant chosen: bench/model_aarch64.py feeds that instruction stream to
 * llvm-mca. Prints the step's data bytes.
 */
#include <stdio.h>
#include <string.h>

#include "cases.h"

/* Only its address matters: it marks the trace. */
static __attribute__((noinline)) void trace_case_mark(void)
{
	__asm__ volatile("" ::: "memory");
}

int main(int argc, char **argv)
{
	const struct bench_case *cat;
	struct bench_run *r;
	const char *why = NULL;
	int n, i;

	if (argc != 2) {
		fprintf(stderr, "usage: gfraid-trace-case OP/IMPL/GEOMETRY/SIZE  (a bench case, bench/cases.h)\n");
		return 2;
	}
	n = bench_catalogue(&cat);
	for (i = 0; i < n && strcmp(cat[i].name, argv[1]); i++)
		;
	if (i == n) {
		fprintf(stderr, "gfraid-trace-case: no case %s\n", argv[1]);
		return 2;
	}
	r = bench_open(&cat[i], &why);
	if (!r) {
		fprintf(stderr, "gfraid-trace-case: %s cannot run: %s\n", argv[1], why);
		return 1;
	}
	bench_step(r);
	trace_case_mark();
	bench_step(r);
	trace_case_mark();
	bench_close(r);
	printf("%lld\n", (long long)bench_step_bytes(&cat[i]));
	return 0;
}
