/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Linux lib/raid6, built unchanged in userspace (build-linux-raid6.sh),
 * behind a small interface that does not need the kernel's headers.
 * Anything linked with it is GPL-2.0.
 *
 * The kernel's loops want 64-byte aligned blocks whose size is a multiple
 * of 512 (unroll x vector width); recovery reads a zero page of `bytes`,
 * which holds at most LREF_MAX_RECOV_BYTES here.
 */
#ifndef GFRAID_LINUX_RAID6_H
#define GFRAID_LINUX_RAID6_H

#include <stddef.h>

#define LREF_MAX_RECOV_BYTES (1u << 20)
#define LREF_BLOCK_MULTIPLE 512

/* Syndrome algorithms (raid6_algos[]): avx512x4 ... int64x1 on x86_64. */
int lref_gen_count(void);
const char *lref_gen_name(int i);
int lref_gen_valid(int i);	/* valid() on this CPU */
void lref_gen(int i, int disks, size_t bytes, void **ptrs);
int lref_has_xor(int i);
void lref_xor(int i, int disks, int start, int stop, size_t bytes, void **ptrs);

/* Recovery algorithms (raid6_recov_algos[]): avx512, avx2, ssse3, intx1.
   They call the selected syndrome algorithm; gen_i picks it. */
int lref_recov_count(void);
const char *lref_recov_name(int i);
int lref_recov_valid(int i);
void lref_2data(int i, int gen_i, int disks, size_t bytes, int faila, int failb, void **ptrs);
void lref_datap(int i, int gen_i, int disks, size_t bytes, int faila, void **ptrs);

/* The first valid syndrome algorithm in the kernel's list. */
int lref_gen_first_valid(void);


/*
 * One Linux's RAID-6 code behind the calls above, for the tests that hold
 * libgfraid against each: lref_linux61 is lib/raid6 from linux-source-6.1,
 * lref_linux72 (linux72_raid6.h) lib/raid/raid6 from linux-source-7.2.
 */
struct lref_oracle {
	const char *name;
	int (*gen_count)(void);
	const char *(*gen_name)(int i);
	int (*gen_valid)(int i);
	void (*gen)(int i, int disks, size_t bytes, void **ptrs);
	int (*has_xor)(int i);
	void (*xor_syndrome)(int i, int disks, int start, int stop, size_t bytes, void **ptrs);
	int (*recov_count)(void);
	const char *(*recov_name)(int i);
	int (*recov_valid)(int i);
	void (*data2)(int i, int gen_i, int disks, size_t bytes, int faila, int failb,
		      void **ptrs);
	void (*datap)(int i, int gen_i, int disks, size_t bytes, int faila, void **ptrs);
	int (*gen_first_valid)(void);
	/* Whether raid6_pq's boot benchmark times algorithm i on this CPU:
	   6.1 the valid ones of the highest priority, 7.2 those its arch
	   code registers. */
	int (*gen_kernel_candidate)(int i);
};

extern const struct lref_oracle lref_linux61;

/*
 * The syndrome algorithm o's raid6_pq would pick on this CPU, by its own
 * rule: among the candidates, the one whose gen_syndrome runs most often
 * in a fixed time on 8 disks of 4 KiB (the first on a tie). Timed here for
 * 20 ms each instead of 16 jiffies; cached. The kernel's recovery runs on
 * this one, so the bench uses it as gen_i. GFRAID_LINUX_GEN=<name> (e.g.
 * neonx8) picks it instead: the CPU a model is of is not the one the bench
 * runs on (bench/model_aarch64.py).
 */
int lref_gen_kernel_choice(const struct lref_oracle *o);

#endif
