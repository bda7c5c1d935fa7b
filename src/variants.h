/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The variant registry: every variant of every op, one line each, and
 * every instruction tier they are compiled for. Nothing else lists them:
 * the declarations (ops.h), the variant table (registry.c) and the source
 * lists of both builds (CMakeLists.txt, kernel/Kbuild) follow from these
 * lines.
 *
 *   GFR_TIER(tier, "compiler flags", CPU needs, dispatch, multiply)
 *     the flags every file of the tier is compiled with, the
 *     GFRAID_CPU_* bits that must all be present to run it, whether the
 *     dispatch may choose its variants (AUTO) or they run only where
 *     named (FORCED: GFRAID_IMPL, gfraid_impl_force; self-tested and
 *     verified like the rest, never timed by the calibration), and how
 *     its EC and recovery code multiply: TABLES where by nibble-table
 *     lookups (PSHUFB, TBL), which a kernel build can leave out
 *     (kernel/Kbuild, GFRAID_TABLE_TIERS=n), else NO_TABLES;
 *   GFR_VARIANT(op, arch, tier, function)
 *     a variant of op (its descriptor's name, see ops.h), built on arch
 *     (X86_64, AARCH64; ANY for base) from src/<family>/<tier>.c, where
 *     the family is the function's (gfr_raid6_..., gfr_ec_...). The
 *     function's name ends in its tier, optionally followed by _x<N>
 *     (unroll) and nt, or by _nt alone (non-temporal stores: such a
 *     variant is chosen only for huge calls); both builds refuse a line whose
 *     function does not, and the compiler one whose function does not
 *     have its op's type. The variant's name is the function's without
 *     gfr_<family>_<op>_.
 *
 * An op's lines are together, in order of preference (with the
 * calibration off, GFRAID_CALIBRATE=0, the first runnable variant wins;
 * docs/BENCHMARKS.md, "Dispatch order", has the measurements), and end
 * with base, the portable reference every other variant is checked
 * against.
 *
 * A new tier is a file per op family (src/raid6/<tier>.c, src/ec/<tier>.c,
 * each including the vector header of its register width, src/simd/vec_*.h,
 * and a multiply where it has one), a GFR_TIER line and a line per
 * variant; a new architecture also needs a vector header, a GFR_ON_<ARCH>
 * in registry.c and its CPU probe in the port layer. A new op is its
 * function type, prefix and descriptor (ops.h, <family>/ops.c), its body,
 * its base, its API entry, and a line per tier file and here.
 *
 * Both build systems read this file with a regular expression: one entry
 * per line, starting at the line's first column, the flags in double
 * quotes.
 */

/* clang-format off: one entry per line, as the builds parse them */
#ifndef GFR_TIER
#define GFR_TIER(tier, flags, needs, dispatch, multiply)
#endif
#ifndef GFR_VARIANT
#define GFR_VARIANT(op, arch, tier, fn)
#endif

GFR_TIER(base, "", 0, AUTO, NO_TABLES)
GFR_TIER(sse2, "-msse2", GFRAID_CPU_SSE2, AUTO, NO_TABLES)
GFR_TIER(ssse3, "-mssse3", GFRAID_CPU_SSE2 | GFRAID_CPU_SSSE3, AUTO, TABLES)
GFR_TIER(avx2, "-mavx2", GFRAID_CPU_AVX | GFRAID_CPU_AVX2 | GFRAID_CPU_OS_YMM, AUTO, TABLES)
GFR_TIER(avx512, "-mavx512f -mavx512bw", GFRAID_CPU_AVX512F | GFRAID_CPU_AVX512BW | GFRAID_CPU_OS_YMM | GFRAID_CPU_OS_ZMM, AUTO, TABLES)
GFR_TIER(avx2_gfni, "-mavx2 -mgfni", GFRAID_CPU_AVX | GFRAID_CPU_AVX2 | GFRAID_CPU_OS_YMM | GFRAID_CPU_GFNI, AUTO, NO_TABLES)
GFR_TIER(avx512_gfni, "-mavx512f -mavx512bw -mgfni", GFRAID_CPU_AVX512F | GFRAID_CPU_AVX512BW | GFRAID_CPU_OS_YMM | GFRAID_CPU_OS_ZMM | GFRAID_CPU_GFNI, AUTO, NO_TABLES)
GFR_TIER(avx512_gfni_asm, "-mavx512f -mavx512bw -mgfni", GFRAID_CPU_AVX512F | GFRAID_CPU_AVX512BW | GFRAID_CPU_OS_YMM | GFRAID_CPU_OS_ZMM | GFRAID_CPU_GFNI, FORCED, NO_TABLES)
GFR_TIER(neon, "", GFRAID_CPU_NEON, AUTO, TABLES)
GFR_TIER(neon_sha3, "-march=armv8.2-a+sha3", GFRAID_CPU_NEON | GFRAID_CPU_SHA3, AUTO, TABLES)

GFR_VARIANT(gen_syndrome, X86_64, avx512_gfni, gfr_raid6_gen_avx512_gfni_x2)
GFR_VARIANT(gen_syndrome, X86_64, avx512_gfni, gfr_raid6_gen_avx512_gfni_x4)
GFR_VARIANT(gen_syndrome, X86_64, avx512_gfni, gfr_raid6_gen_avx512_gfni_x1)
GFR_VARIANT(gen_syndrome, X86_64, avx512, gfr_raid6_gen_avx512_x4)
GFR_VARIANT(gen_syndrome, X86_64, avx2_gfni, gfr_raid6_gen_avx2_gfni_x4)
GFR_VARIANT(gen_syndrome, X86_64, avx2_gfni, gfr_raid6_gen_avx2_gfni_x2)
GFR_VARIANT(gen_syndrome, X86_64, avx512_gfni, gfr_raid6_gen_avx512_gfni_x4nt)
GFR_VARIANT(gen_syndrome, X86_64, avx512, gfr_raid6_gen_avx512_x2)
GFR_VARIANT(gen_syndrome, X86_64, avx512, gfr_raid6_gen_avx512_x4nt)
GFR_VARIANT(gen_syndrome, X86_64, avx2, gfr_raid6_gen_avx2_x4)
GFR_VARIANT(gen_syndrome, X86_64, avx2_gfni, gfr_raid6_gen_avx2_gfni_x1)
GFR_VARIANT(gen_syndrome, X86_64, avx512, gfr_raid6_gen_avx512_x1)
GFR_VARIANT(gen_syndrome, X86_64, avx2_gfni, gfr_raid6_gen_avx2_gfni_x4nt)
GFR_VARIANT(gen_syndrome, X86_64, avx2, gfr_raid6_gen_avx2_x4nt)
GFR_VARIANT(gen_syndrome, X86_64, avx2, gfr_raid6_gen_avx2_x2)
GFR_VARIANT(gen_syndrome, X86_64, avx2, gfr_raid6_gen_avx2_x1)
GFR_VARIANT(gen_syndrome, X86_64, sse2, gfr_raid6_gen_sse2_x4)
GFR_VARIANT(gen_syndrome, X86_64, sse2, gfr_raid6_gen_sse2_x4nt)
GFR_VARIANT(gen_syndrome, X86_64, sse2, gfr_raid6_gen_sse2_x2)
GFR_VARIANT(gen_syndrome, X86_64, sse2, gfr_raid6_gen_sse2_x1)
GFR_VARIANT(gen_syndrome, AARCH64, neon_sha3, gfr_raid6_gen_neon_sha3_x4)
GFR_VARIANT(gen_syndrome, AARCH64, neon_sha3, gfr_raid6_gen_neon_sha3_x2)
GFR_VARIANT(gen_syndrome, AARCH64, neon_sha3, gfr_raid6_gen_neon_sha3_x1)
GFR_VARIANT(gen_syndrome, AARCH64, neon, gfr_raid6_gen_neon_x4)
GFR_VARIANT(gen_syndrome, AARCH64, neon, gfr_raid6_gen_neon_x2)
GFR_VARIANT(gen_syndrome, AARCH64, neon, gfr_raid6_gen_neon_x1)
GFR_VARIANT(gen_syndrome, ANY, base, gfr_raid6_gen_base)

GFR_VARIANT(xor_syndrome, X86_64, avx2_gfni, gfr_raid6_xor_avx2_gfni_x4)
GFR_VARIANT(xor_syndrome, X86_64, avx2_gfni, gfr_raid6_xor_avx2_gfni_x1)
GFR_VARIANT(xor_syndrome, X86_64, avx2_gfni, gfr_raid6_xor_avx2_gfni_x2)
GFR_VARIANT(xor_syndrome, X86_64, avx512_gfni, gfr_raid6_xor_avx512_gfni_x2)
GFR_VARIANT(xor_syndrome, X86_64, avx512_gfni, gfr_raid6_xor_avx512_gfni_x1)
GFR_VARIANT(xor_syndrome, X86_64, avx512_gfni, gfr_raid6_xor_avx512_gfni_x4)
GFR_VARIANT(xor_syndrome, X86_64, avx512, gfr_raid6_xor_avx512_x1)
GFR_VARIANT(xor_syndrome, X86_64, avx2, gfr_raid6_xor_avx2_x4)
GFR_VARIANT(xor_syndrome, X86_64, avx512, gfr_raid6_xor_avx512_x2)
GFR_VARIANT(xor_syndrome, X86_64, avx512, gfr_raid6_xor_avx512_x4)
GFR_VARIANT(xor_syndrome, X86_64, avx2, gfr_raid6_xor_avx2_x1)
GFR_VARIANT(xor_syndrome, X86_64, avx2, gfr_raid6_xor_avx2_x2)
GFR_VARIANT(xor_syndrome, X86_64, sse2, gfr_raid6_xor_sse2_x4)
GFR_VARIANT(xor_syndrome, X86_64, sse2, gfr_raid6_xor_sse2_x2)
GFR_VARIANT(xor_syndrome, X86_64, sse2, gfr_raid6_xor_sse2_x1)
GFR_VARIANT(xor_syndrome, X86_64, avx512_gfni, gfr_raid6_xor_avx512_gfni_x4nt)
GFR_VARIANT(xor_syndrome, X86_64, avx2_gfni, gfr_raid6_xor_avx2_gfni_x4nt)
GFR_VARIANT(xor_syndrome, X86_64, avx512, gfr_raid6_xor_avx512_x4nt)
GFR_VARIANT(xor_syndrome, X86_64, avx2, gfr_raid6_xor_avx2_x4nt)
GFR_VARIANT(xor_syndrome, X86_64, sse2, gfr_raid6_xor_sse2_x4nt)
GFR_VARIANT(xor_syndrome, AARCH64, neon_sha3, gfr_raid6_xor_neon_sha3_x4)
GFR_VARIANT(xor_syndrome, AARCH64, neon_sha3, gfr_raid6_xor_neon_sha3_x2)
GFR_VARIANT(xor_syndrome, AARCH64, neon_sha3, gfr_raid6_xor_neon_sha3_x1)
GFR_VARIANT(xor_syndrome, AARCH64, neon, gfr_raid6_xor_neon_x4)
GFR_VARIANT(xor_syndrome, AARCH64, neon, gfr_raid6_xor_neon_x2)
GFR_VARIANT(xor_syndrome, AARCH64, neon, gfr_raid6_xor_neon_x1)
GFR_VARIANT(xor_syndrome, ANY, base, gfr_raid6_xor_base)

GFR_VARIANT(recov, X86_64, avx512_gfni, gfr_raid6_recov_avx512_gfni)
GFR_VARIANT(recov, X86_64, avx2_gfni, gfr_raid6_recov_avx2_gfni)
GFR_VARIANT(recov, X86_64, avx512, gfr_raid6_recov_avx512)
GFR_VARIANT(recov, X86_64, avx2, gfr_raid6_recov_avx2)
GFR_VARIANT(recov, X86_64, ssse3, gfr_raid6_recov_ssse3)
GFR_VARIANT(recov, AARCH64, neon_sha3, gfr_raid6_recov_neon_sha3)
GFR_VARIANT(recov, AARCH64, neon, gfr_raid6_recov_neon)
GFR_VARIANT(recov, ANY, base, gfr_raid6_recov_base)

GFR_VARIANT(raid6_check, X86_64, avx512_gfni, gfr_raid6_check_avx512_gfni_x4)
GFR_VARIANT(raid6_check, X86_64, avx512_gfni, gfr_raid6_check_avx512_gfni_x2)
GFR_VARIANT(raid6_check, X86_64, avx512, gfr_raid6_check_avx512_x4)
GFR_VARIANT(raid6_check, X86_64, avx2_gfni, gfr_raid6_check_avx2_gfni_x4)
GFR_VARIANT(raid6_check, X86_64, avx2_gfni, gfr_raid6_check_avx2_gfni_x2)
GFR_VARIANT(raid6_check, X86_64, avx512, gfr_raid6_check_avx512_x2)
GFR_VARIANT(raid6_check, X86_64, avx2, gfr_raid6_check_avx2_x4)
GFR_VARIANT(raid6_check, X86_64, avx2, gfr_raid6_check_avx2_x2)
GFR_VARIANT(raid6_check, X86_64, sse2, gfr_raid6_check_sse2_x4)
GFR_VARIANT(raid6_check, X86_64, sse2, gfr_raid6_check_sse2_x2)
GFR_VARIANT(raid6_check, AARCH64, neon_sha3, gfr_raid6_check_neon_sha3_x4)
GFR_VARIANT(raid6_check, AARCH64, neon_sha3, gfr_raid6_check_neon_sha3_x2)
GFR_VARIANT(raid6_check, AARCH64, neon, gfr_raid6_check_neon_x4)
GFR_VARIANT(raid6_check, AARCH64, neon, gfr_raid6_check_neon_x2)
GFR_VARIANT(raid6_check, ANY, base, gfr_raid6_check_base)

GFR_VARIANT(ec_encode, X86_64, avx512_gfni, gfr_ec_encode_avx512_gfni_nt)
GFR_VARIANT(ec_encode, X86_64, avx512_gfni, gfr_ec_encode_avx512_gfni)
GFR_VARIANT(ec_encode, X86_64, avx512_gfni_asm, gfr_ec_encode_avx512_gfni_asm)
GFR_VARIANT(ec_encode, X86_64, avx2_gfni, gfr_ec_encode_avx2_gfni_nt)
GFR_VARIANT(ec_encode, X86_64, avx2_gfni, gfr_ec_encode_avx2_gfni)
GFR_VARIANT(ec_encode, X86_64, avx512, gfr_ec_encode_avx512_nt)
GFR_VARIANT(ec_encode, X86_64, avx512, gfr_ec_encode_avx512)
GFR_VARIANT(ec_encode, X86_64, avx2, gfr_ec_encode_avx2_nt)
GFR_VARIANT(ec_encode, X86_64, avx2, gfr_ec_encode_avx2)
GFR_VARIANT(ec_encode, X86_64, ssse3, gfr_ec_encode_ssse3)
GFR_VARIANT(ec_encode, AARCH64, neon, gfr_ec_encode_neon)
GFR_VARIANT(ec_encode, ANY, base, gfr_ec_encode_base)

GFR_VARIANT(ec_update, X86_64, avx2_gfni, gfr_ec_update_avx2_gfni)
GFR_VARIANT(ec_update, X86_64, avx512_gfni, gfr_ec_update_avx512_gfni)
GFR_VARIANT(ec_update, X86_64, avx512, gfr_ec_update_avx512)
GFR_VARIANT(ec_update, X86_64, avx2, gfr_ec_update_avx2)
GFR_VARIANT(ec_update, X86_64, ssse3, gfr_ec_update_ssse3)
GFR_VARIANT(ec_update, AARCH64, neon, gfr_ec_update_neon)
GFR_VARIANT(ec_update, ANY, base, gfr_ec_update_base)

GFR_VARIANT(ec_check, X86_64, avx512_gfni, gfr_ec_check_avx512_gfni)
GFR_VARIANT(ec_check, X86_64, avx2_gfni, gfr_ec_check_avx2_gfni)
GFR_VARIANT(ec_check, X86_64, avx512, gfr_ec_check_avx512)
GFR_VARIANT(ec_check, X86_64, avx2, gfr_ec_check_avx2)
GFR_VARIANT(ec_check, X86_64, ssse3, gfr_ec_check_ssse3)
GFR_VARIANT(ec_check, AARCH64, neon, gfr_ec_check_neon)
GFR_VARIANT(ec_check, ANY, base, gfr_ec_check_base)
/* clang-format on */
#undef GFR_TIER
#undef GFR_VARIANT
