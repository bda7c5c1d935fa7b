/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The variant registry: every SIMD variant of every op, one line each, and
 * every instruction tier they are compiled for. Nothing else names them:
 * the declarations (raid6/raid6.h, ec/ec.h), the dispatch tables
 * (dispatch.c) and the source lists of both builds (CMakeLists.txt,
 * kernel/Kbuild) all follow from these lines. Base, the reference every
 * variant is checked against, is not listed: it is always there.
 *
 *   GFR_TIER(tier, "compiler flags", CPU needs)
 *     the flags every file of the tier is compiled with, and the
 *     GFRAID_CPU_* bits that must all be present to run it;
 *   GFR_GEN(arch, tier, "file", function), GFR_XOR(...), GFR_ENCODE(...),
 *   GFR_UPDATE(...), GFR_CHECK(...) (RAID-6), GFR_EC_CHECK(...),
 *   GFR_RECOV(arch, tier, "file", 2data, datap)
 *     a variant: built on arch (X86_64, AARCH64) from file (relative to
 *     src/), named as its function without the op's prefix.
 *
 * Within an op, lines are in order of preference: with the calibration
 * off (GFRAID_CALIBRATE=0) the first runnable variant wins. The order was
 * measured by bench/ (docs/BENCHMARKS.md, "Dispatch order").
 *
 * A new tier is a vector header (src/simd/vec_<tier>.h), a file per op
 * family (src/raid6/<tier>.c, src/ec/<tier>.c, each defining the
 * functions named here), a GFR_TIER line and a line per variant; a new
 * architecture also needs a GFR_ON_<ARCH> in dispatch.c and its CPU probe
 * in the port layer.
 *
 * Both build systems read this file with a regular expression: one entry
 * per line, starting at the line's first column, the flags and the file
 * in double quotes.
 */

/* clang-format off: one entry per line, as the builds parse them */
#ifndef GFR_TIER
#define GFR_TIER(tier, flags, needs)
#endif
#ifndef GFR_GEN
#define GFR_GEN(arch, tier, file, fn)
#endif
#ifndef GFR_XOR
#define GFR_XOR(arch, tier, file, fn)
#endif
#ifndef GFR_RECOV
#define GFR_RECOV(arch, tier, file, fn_2data, fn_datap)
#endif
#ifndef GFR_ENCODE
#define GFR_ENCODE(arch, tier, file, fn)
#endif
#ifndef GFR_UPDATE
#define GFR_UPDATE(arch, tier, file, fn)
#endif
#ifndef GFR_CHECK
#define GFR_CHECK(arch, tier, file, fn)
#endif
#ifndef GFR_EC_CHECK
#define GFR_EC_CHECK(arch, tier, file, fn)
#endif

GFR_TIER(sse2, "-msse2", GFRAID_CPU_SSE2)
GFR_TIER(ssse3, "-mssse3", GFRAID_CPU_SSE2 | GFRAID_CPU_SSSE3)
GFR_TIER(avx2, "-mavx2", GFRAID_CPU_AVX | GFRAID_CPU_AVX2 | GFRAID_CPU_OS_YMM)
GFR_TIER(avx512, "-mavx512f -mavx512bw", GFRAID_CPU_AVX512F | GFRAID_CPU_AVX512BW | GFRAID_CPU_OS_YMM | GFRAID_CPU_OS_ZMM)
GFR_TIER(avx2_gfni, "-mavx2 -mgfni", GFRAID_CPU_AVX | GFRAID_CPU_AVX2 | GFRAID_CPU_OS_YMM | GFRAID_CPU_GFNI)
GFR_TIER(avx512_gfni, "-mavx512f -mavx512bw -mgfni", GFRAID_CPU_AVX512F | GFRAID_CPU_AVX512BW | GFRAID_CPU_OS_YMM | GFRAID_CPU_OS_ZMM | GFRAID_CPU_GFNI)
GFR_TIER(neon, "", GFRAID_CPU_NEON)
GFR_TIER(neon_sha3, "-march=armv8.2-a+sha3", GFRAID_CPU_NEON | GFRAID_CPU_SHA3)

GFR_GEN(X86_64, avx512_gfni, "raid6/avx512_gfni.c", gfr_raid6_gen_avx512_gfni_x4)
GFR_GEN(X86_64, avx512_gfni, "raid6/avx512_gfni.c", gfr_raid6_gen_avx512_gfni_x2)
GFR_GEN(X86_64, avx512_gfni, "raid6/avx512_gfni.c", gfr_raid6_gen_avx512_gfni_x1)
GFR_GEN(X86_64, avx512, "raid6/avx512.c", gfr_raid6_gen_avx512_x4)
GFR_GEN(X86_64, avx2_gfni, "raid6/avx2_gfni.c", gfr_raid6_gen_avx2_gfni_x4)
GFR_GEN(X86_64, avx2_gfni, "raid6/avx2_gfni.c", gfr_raid6_gen_avx2_gfni_x2)
GFR_GEN(X86_64, avx512_gfni, "raid6/avx512_gfni.c", gfr_raid6_gen_avx512_gfni_x4nt)
GFR_GEN(X86_64, avx512, "raid6/avx512.c", gfr_raid6_gen_avx512_x2)
GFR_GEN(X86_64, avx512, "raid6/avx512.c", gfr_raid6_gen_avx512_x4nt)
GFR_GEN(X86_64, avx2, "raid6/avx2.c", gfr_raid6_gen_avx2_x4)
GFR_GEN(X86_64, avx2_gfni, "raid6/avx2_gfni.c", gfr_raid6_gen_avx2_gfni_x1)
GFR_GEN(X86_64, avx512, "raid6/avx512.c", gfr_raid6_gen_avx512_x1)
GFR_GEN(X86_64, avx2_gfni, "raid6/avx2_gfni.c", gfr_raid6_gen_avx2_gfni_x4nt)
GFR_GEN(X86_64, avx2, "raid6/avx2.c", gfr_raid6_gen_avx2_x4nt)
GFR_GEN(X86_64, avx2, "raid6/avx2.c", gfr_raid6_gen_avx2_x2)
GFR_GEN(X86_64, avx2, "raid6/avx2.c", gfr_raid6_gen_avx2_x1)
GFR_GEN(X86_64, sse2, "raid6/sse2.c", gfr_raid6_gen_sse2_x4)
GFR_GEN(X86_64, sse2, "raid6/sse2.c", gfr_raid6_gen_sse2_x4nt)
GFR_GEN(X86_64, sse2, "raid6/sse2.c", gfr_raid6_gen_sse2_x2)
GFR_GEN(X86_64, sse2, "raid6/sse2.c", gfr_raid6_gen_sse2_x1)
GFR_GEN(AARCH64, neon_sha3, "raid6/neon_sha3.c", gfr_raid6_gen_neon_sha3_x4)
GFR_GEN(AARCH64, neon_sha3, "raid6/neon_sha3.c", gfr_raid6_gen_neon_sha3_x2)
GFR_GEN(AARCH64, neon_sha3, "raid6/neon_sha3.c", gfr_raid6_gen_neon_sha3_x1)
GFR_GEN(AARCH64, neon, "raid6/neon.c", gfr_raid6_gen_neon_x4)
GFR_GEN(AARCH64, neon, "raid6/neon.c", gfr_raid6_gen_neon_x2)
GFR_GEN(AARCH64, neon, "raid6/neon.c", gfr_raid6_gen_neon_x1)

GFR_XOR(X86_64, avx2_gfni, "raid6/avx2_gfni.c", gfr_raid6_xor_avx2_gfni_x4)
GFR_XOR(X86_64, avx2_gfni, "raid6/avx2_gfni.c", gfr_raid6_xor_avx2_gfni_x1)
GFR_XOR(X86_64, avx2_gfni, "raid6/avx2_gfni.c", gfr_raid6_xor_avx2_gfni_x2)
GFR_XOR(X86_64, avx512_gfni, "raid6/avx512_gfni.c", gfr_raid6_xor_avx512_gfni_x2)
GFR_XOR(X86_64, avx512_gfni, "raid6/avx512_gfni.c", gfr_raid6_xor_avx512_gfni_x1)
GFR_XOR(X86_64, avx512_gfni, "raid6/avx512_gfni.c", gfr_raid6_xor_avx512_gfni_x4)
GFR_XOR(X86_64, avx512, "raid6/avx512.c", gfr_raid6_xor_avx512_x1)
GFR_XOR(X86_64, avx2, "raid6/avx2.c", gfr_raid6_xor_avx2_x4)
GFR_XOR(X86_64, avx512, "raid6/avx512.c", gfr_raid6_xor_avx512_x2)
GFR_XOR(X86_64, avx512, "raid6/avx512.c", gfr_raid6_xor_avx512_x4)
GFR_XOR(X86_64, avx2, "raid6/avx2.c", gfr_raid6_xor_avx2_x1)
GFR_XOR(X86_64, avx2, "raid6/avx2.c", gfr_raid6_xor_avx2_x2)
GFR_XOR(X86_64, sse2, "raid6/sse2.c", gfr_raid6_xor_sse2_x4)
GFR_XOR(X86_64, sse2, "raid6/sse2.c", gfr_raid6_xor_sse2_x2)
GFR_XOR(X86_64, sse2, "raid6/sse2.c", gfr_raid6_xor_sse2_x1)
GFR_XOR(X86_64, avx512_gfni, "raid6/avx512_gfni.c", gfr_raid6_xor_avx512_gfni_x4nt)
GFR_XOR(X86_64, avx2_gfni, "raid6/avx2_gfni.c", gfr_raid6_xor_avx2_gfni_x4nt)
GFR_XOR(X86_64, avx512, "raid6/avx512.c", gfr_raid6_xor_avx512_x4nt)
GFR_XOR(X86_64, avx2, "raid6/avx2.c", gfr_raid6_xor_avx2_x4nt)
GFR_XOR(X86_64, sse2, "raid6/sse2.c", gfr_raid6_xor_sse2_x4nt)
GFR_XOR(AARCH64, neon_sha3, "raid6/neon_sha3.c", gfr_raid6_xor_neon_sha3_x4)
GFR_XOR(AARCH64, neon_sha3, "raid6/neon_sha3.c", gfr_raid6_xor_neon_sha3_x2)
GFR_XOR(AARCH64, neon_sha3, "raid6/neon_sha3.c", gfr_raid6_xor_neon_sha3_x1)
GFR_XOR(AARCH64, neon, "raid6/neon.c", gfr_raid6_xor_neon_x4)
GFR_XOR(AARCH64, neon, "raid6/neon.c", gfr_raid6_xor_neon_x2)
GFR_XOR(AARCH64, neon, "raid6/neon.c", gfr_raid6_xor_neon_x1)

GFR_RECOV(X86_64, avx512_gfni, "raid6/avx512_gfni.c", gfr_raid6_2data_avx512_gfni, gfr_raid6_datap_avx512_gfni)
GFR_RECOV(X86_64, avx2_gfni, "raid6/avx2_gfni.c", gfr_raid6_2data_avx2_gfni, gfr_raid6_datap_avx2_gfni)
GFR_RECOV(X86_64, avx512, "raid6/avx512.c", gfr_raid6_2data_avx512, gfr_raid6_datap_avx512)
GFR_RECOV(X86_64, avx2, "raid6/avx2.c", gfr_raid6_2data_avx2, gfr_raid6_datap_avx2)
GFR_RECOV(X86_64, ssse3, "raid6/ssse3.c", gfr_raid6_2data_ssse3, gfr_raid6_datap_ssse3)
GFR_RECOV(AARCH64, neon_sha3, "raid6/neon_sha3.c", gfr_raid6_2data_neon_sha3, gfr_raid6_datap_neon_sha3)
GFR_RECOV(AARCH64, neon, "raid6/neon.c", gfr_raid6_2data_neon, gfr_raid6_datap_neon)

GFR_CHECK(X86_64, avx512_gfni, "raid6/avx512_gfni.c", gfr_raid6_check_avx512_gfni_x4)
GFR_CHECK(X86_64, avx512_gfni, "raid6/avx512_gfni.c", gfr_raid6_check_avx512_gfni_x2)
GFR_CHECK(X86_64, avx512, "raid6/avx512.c", gfr_raid6_check_avx512_x4)
GFR_CHECK(X86_64, avx2_gfni, "raid6/avx2_gfni.c", gfr_raid6_check_avx2_gfni_x4)
GFR_CHECK(X86_64, avx2_gfni, "raid6/avx2_gfni.c", gfr_raid6_check_avx2_gfni_x2)
GFR_CHECK(X86_64, avx512, "raid6/avx512.c", gfr_raid6_check_avx512_x2)
GFR_CHECK(X86_64, avx2, "raid6/avx2.c", gfr_raid6_check_avx2_x4)
GFR_CHECK(X86_64, avx2, "raid6/avx2.c", gfr_raid6_check_avx2_x2)
GFR_CHECK(X86_64, sse2, "raid6/sse2.c", gfr_raid6_check_sse2_x4)
GFR_CHECK(X86_64, sse2, "raid6/sse2.c", gfr_raid6_check_sse2_x2)
GFR_CHECK(AARCH64, neon_sha3, "raid6/neon_sha3.c", gfr_raid6_check_neon_sha3_x4)
GFR_CHECK(AARCH64, neon_sha3, "raid6/neon_sha3.c", gfr_raid6_check_neon_sha3_x2)
GFR_CHECK(AARCH64, neon, "raid6/neon.c", gfr_raid6_check_neon_x4)
GFR_CHECK(AARCH64, neon, "raid6/neon.c", gfr_raid6_check_neon_x2)

GFR_ENCODE(X86_64, avx512_gfni, "ec/avx512_gfni.c", gfr_ec_encode_avx512_gfni)
GFR_ENCODE(X86_64, avx512_gfni, "ec/avx512_gfni_asm.c", gfr_ec_encode_avx512_gfni_asm)
GFR_ENCODE(X86_64, avx2_gfni, "ec/avx2_gfni.c", gfr_ec_encode_avx2_gfni)
GFR_ENCODE(X86_64, avx512, "ec/avx512.c", gfr_ec_encode_avx512)
GFR_ENCODE(X86_64, avx2, "ec/avx2.c", gfr_ec_encode_avx2)
GFR_ENCODE(X86_64, ssse3, "ec/ssse3.c", gfr_ec_encode_ssse3)
GFR_ENCODE(AARCH64, neon, "ec/neon.c", gfr_ec_encode_neon)

GFR_UPDATE(X86_64, avx2_gfni, "ec/avx2_gfni.c", gfr_ec_update_avx2_gfni)
GFR_UPDATE(X86_64, avx512_gfni, "ec/avx512_gfni.c", gfr_ec_update_avx512_gfni)
GFR_UPDATE(X86_64, avx512, "ec/avx512.c", gfr_ec_update_avx512)
GFR_UPDATE(X86_64, avx2, "ec/avx2.c", gfr_ec_update_avx2)
GFR_UPDATE(X86_64, ssse3, "ec/ssse3.c", gfr_ec_update_ssse3)
GFR_UPDATE(AARCH64, neon, "ec/neon.c", gfr_ec_update_neon)

GFR_EC_CHECK(X86_64, avx512_gfni, "ec/avx512_gfni.c", gfr_ec_check_avx512_gfni)
GFR_EC_CHECK(X86_64, avx2_gfni, "ec/avx2_gfni.c", gfr_ec_check_avx2_gfni)
GFR_EC_CHECK(X86_64, avx512, "ec/avx512.c", gfr_ec_check_avx512)
GFR_EC_CHECK(X86_64, avx2, "ec/avx2.c", gfr_ec_check_avx2)
GFR_EC_CHECK(X86_64, ssse3, "ec/ssse3.c", gfr_ec_check_ssse3)
GFR_EC_CHECK(AARCH64, neon, "ec/neon.c", gfr_ec_check_neon)

/* clang-format on */
#undef GFR_TIER
#undef GFR_GEN
#undef GFR_XOR
#undef GFR_RECOV
#undef GFR_ENCODE
#undef GFR_UPDATE
#undef GFR_CHECK
#undef GFR_EC_CHECK
