# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# The library sources both worlds compile, relative to src/: read by
# CMakeLists.txt (userspace, plus port_user.c) and kernel/Kbuild (kernel,
# plus kernel/port_kernel.c). One list, so the two builds cannot drift.
GFRAID_CORE_SRCS := \
	gf/tables.c \
	gf/gf.c \
	gf/matrix.c \
	raid6/base.c \
	raid6/api.c \
	ec/base.c \
	ec/api.c \
	ec/reconstruct.c \
	dispatch.c \
	selftest.c \
	calibrate.c \
	error.c

# x86 SIMD sources, and the instructions each one may be compiled for.
# Their functions run only when dispatch has checked the CPU for these.
GFRAID_X86_SRCS := \
	raid6/sse2.c \
	raid6/ssse3.c \
	raid6/avx2.c \
	raid6/avx512.c \
	raid6/avx2_gfni.c \
	raid6/avx512_gfni.c \
	ec/ssse3.c \
	ec/avx2.c \
	ec/avx512.c \
	ec/avx2_gfni.c \
	ec/avx512_gfni.c \
	ec/avx512_gfni_asm.c
GFRAID_ISA_raid6/sse2.c := -msse2
GFRAID_ISA_raid6/ssse3.c := -mssse3
GFRAID_ISA_raid6/avx2.c := -mavx2
GFRAID_ISA_raid6/avx512.c := -mavx512f -mavx512bw
GFRAID_ISA_raid6/avx2_gfni.c := -mavx2 -mgfni
GFRAID_ISA_raid6/avx512_gfni.c := -mavx512f -mavx512bw -mgfni
GFRAID_ISA_ec/ssse3.c := -mssse3
GFRAID_ISA_ec/avx2.c := -mavx2
GFRAID_ISA_ec/avx512.c := -mavx512f -mavx512bw
GFRAID_ISA_ec/avx2_gfni.c := -mavx2 -mgfni
GFRAID_ISA_ec/avx512_gfni.c := -mavx512f -mavx512bw -mgfni
GFRAID_ISA_ec/avx512_gfni_asm.c := -mavx512f -mavx512bw -mgfni

# Hand-written x86-64 assembly (nasm), relative to the repository root.
GFRAID_X86_64_ASM := \
	asm/ec_avx512_gfni.asm
