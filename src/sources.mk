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
	ec/check.c \
	raid6/ops.c \
	ec/ops.c \
	registry.c \
	select.c \
	query.c \
	run.c \
	selftest.c \
	calibrate.c \
	error.c

# ISA-L's erasure-code interface on the public API: libgfraid-isal.so in
# userspace, gfraid_isal.ko in the kernel.
GFRAID_ISAL_SRCS := \
	isal/erasure_code.c

# The SIMD sources and their flags are in the variant registry,
# src/variants.h, which both builds read too.

# Hand-written x86-64 assembly (nasm), relative to the repository root.
GFRAID_X86_64_ASM := \
	asm/ec_avx512_gfni.asm
