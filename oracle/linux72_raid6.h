/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Linux 7.2's lib/raid/raid6 (the tree raid6_pq is built from since 7.2),
 * built unchanged in userspace from Debian's linux-source-7.2
 * (build-linux72-raid6.sh), behind the interface of linux_raid6.h. Its
 * algorithms no longer say whether they run on a CPU; the arch's
 * registration (pq_arch.h) does, and this says per algorithm whether its
 * instructions are there.
 * Anything linked with it is GPL-2.0.
 */
#ifndef GFRAID_LINUX72_RAID6_H
#define GFRAID_LINUX72_RAID6_H

#include <stddef.h>

#include "linux_raid6.h"

extern const struct lref_oracle lref_linux72;

int lref72_gen_count(void);
const char *lref72_gen_name(int i);
int lref72_gen_valid(int i);
void lref72_gen(int i, int disks, size_t bytes, void **ptrs);
int lref72_has_xor(int i);
void lref72_xor(int i, int disks, int start, int stop, size_t bytes, void **ptrs);
int lref72_recov_count(void);
const char *lref72_recov_name(int i);
int lref72_recov_valid(int i);
int lref72_gen_first_valid(void);
int lref72_gen_kernel_candidate(int i);
void lref72_2data(int i, int gen_i, int disks, size_t bytes, int faila, int failb, void **ptrs);
void lref72_datap(int i, int gen_i, int disks, size_t bytes, int faila, void **ptrs);

/*
 * The tables raid6_pq exports (mktables.c's output): raid6_gfmul,
 * raid6_vgfmul, raid6_gfexp, raid6_gflog, raid6_gfinv, raid6_gfexi by
 * name; NULL for another name. *size is set to the table's bytes.
 */
const unsigned char *lref72_table(const char *name, size_t *size);

#endif
