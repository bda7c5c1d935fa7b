/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * How long blocks are cut for the encode and check kernels
 * (simd_body.h), and for the bench's bare loops that bound them: a block
 * gone over more than once (more rows than one pass makes, more shards
 * than one chunk) or streamed goes by in strips of EC_STRIP bytes of each
 * block, a multiple of every ISA's step, so that a strip's partial sums
 * and data stay in L2 between passes. Blocks up to EC_STRIP_FROM bytes
 * are gone over whole: a pass's partial sums stay in the smallest L2s
 * between passes, and strips measured slower there.
 */
#ifndef GFRAID_EC_STRIPS_H
#define GFRAID_EC_STRIPS_H

#define EC_STRIP ((size_t)16384)
#define EC_STRIP_FROM ((size_t)65536)

#endif
