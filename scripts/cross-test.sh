#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Cross-build for TRIPLET and run ctest under qemu-user, the oracles
# included: Linux lib/raid6 built for the target from linux-source-6.1, and
# ISA-L for it (scripts/cross-isal.sh: Debian's package on aarch64 and
# s390x; its portable C from Debian's source on i686 and riscv64), and with
# GFRAID_LINUX72_SOURCE set (the linux-source-7.2 .deb) Linux 7.2's
# lib/raid/raid6 built for the target too. Debian 12
# has no Check for riscv64: it is built from Debian's source
# (scripts/cross-check.sh).
# Usage: cross-test.sh TRIPLET [BUILD_DIR]
#   TRIPLET: aarch64-linux-gnu, s390x-linux-gnu, i686-linux-gnu, riscv64-linux-gnu
set -eu
cd "$(dirname "$0")/.."
triplet=$1
arch=${triplet%%-*}
build=${2:-build-$arch}
mkdir -p "$build"
build=$(cd "$build" && pwd)
jobs=$(nproc 2>/dev/null || echo 2)
set -- -DCMAKE_BUILD_TYPE=Release -DCMAKE_TOOLCHAIN_FILE=cmake/cross-linux.cmake \
	-DGFRAID_TRIPLET="$triplet" -DGFRAID_BUILD_BENCH=OFF
case $arch in
aarch64) deb=arm64 ;;
i?86) deb=i386 ;;
*) deb=$arch ;;
esac
./scripts/cross-isal.sh "$deb" "$build/isal" >"$build/isal.log" 2>&1 ||
	{ cat "$build/isal.log"; exit 1; }
set -- "$@" -DGFRAID_ISAL_ROOT="$build/isal"
if [ -n "${GFRAID_LINUX72_SOURCE:-}" ]; then
	set -- "$@" -DGFRAID_LINUX72_SOURCE="$GFRAID_LINUX72_SOURCE"
fi
if [ "$arch" = riscv64 ]; then
	./scripts/cross-check.sh "$triplet" "$build/check" >"$build/check.log" 2>&1 ||
		{ cat "$build/check.log"; exit 1; }
	set -- "$@" -DGFRAID_CROSS_PREFIX="$build/check"
fi
cmake -S . -B "$build" "$@"
cmake --build "$build" -j "$jobs"
ctest --test-dir "$build" --output-on-failure -j "$jobs"
