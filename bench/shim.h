/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The C side of the Google Benchmark shim: cases are plain C functions
 * registered by name; shim.cc wraps them into benchmark::State. Every
 * Google Benchmark flag works on the resulting binary.
 */
#ifndef GFRAID_BENCH_SHIM_H
#define GFRAID_BENCH_SHIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct gb_state;	/* a benchmark::State */

/* The timed loop: while (gb_keep_running(s)) { work }. */
int gb_keep_running(struct gb_state *s);
/* After the loop, per iteration: data bytes (bytes/s) and items (items/s). */
void gb_set_bytes_per_iteration(struct gb_state *s, int64_t bytes);
void gb_set_items_per_iteration(struct gb_state *s, int64_t items);
/* Give up on this case with a reason shown in the output. */
void gb_skip(struct gb_state *s, const char *why);

typedef void (*gb_case_fn)(struct gb_state *s, const void *arg);
/* name is copied; arg must outlive the run. */
void gb_register(const char *name, gb_case_fn fn, const void *arg);

/* Implemented in C (register.c): registers every case. */
void bench_register_cases(void);

#ifdef __cplusplus
}
#endif

#endif
