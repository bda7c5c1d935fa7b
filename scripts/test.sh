#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# The README's test command, and what CI runs: install what is missing,
# build, run every test (unit suites against Linux lib/raid6 and ISA-L,
# ec-cli, the bench smoke run, the install/consumer check, the kernel module
# build); then build again with ASan+UBSan and rerun the unit and CLI tests;
# then again with gcc -O1 and clang-14 and clang-19 at -O3 and -O1; then the
# thread tests under ThreadSanitizer and each fuzz target for a few seconds;
# then cross builds for aarch64, s390x, i686 and riscv64, their tests under
# qemu-user.
set -eu
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)

./scripts/install-deps.sh

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j "$jobs"
ctest --test-dir build --output-on-failure -j "$jobs"

cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGFRAID_SANITIZE=ON \
	-DGFRAID_BUILD_BENCH=OFF
cmake --build build-sanitize -j "$jobs"
ctest --test-dir build-sanitize --output-on-failure -j "$jobs" -L 'unit|cli'

./scripts/test-compilers.sh build-compilers

# ThreadSanitizer (clang-19): first use from many threads, reconstruct
# from 8 threads while another forces variants.
cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang-19 \
	-DCMAKE_CXX_COMPILER=clang++-19 -DGFRAID_TSAN=ON -DGFRAID_BUILD_BENCH=OFF \
	-DGFRAID_BUILD_CLI=OFF
cmake --build build-tsan -j "$jobs" --target test_threads
TSAN_OPTIONS=halt_on_error=1 ctest --test-dir build-tsan --output-on-failure -L threads

# libFuzzer (clang-19, ASan+UBSan): each target briefly from its corpus.
cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang-19 \
	-DCMAKE_CXX_COMPILER=clang++-19 -DGFRAID_FUZZ=ON -DGFRAID_BUILD_TESTS=OFF \
	-DGFRAID_BUILD_BENCH=OFF -DGFRAID_BUILD_CLI=OFF -DGFRAID_ORACLES=OFF
cmake --build build-fuzz -j "$jobs"
ctest --test-dir build-fuzz -V -j "$jobs" -L fuzz >build-fuzz/smoke.log 2>&1 ||
	{ cat build-fuzz/smoke.log; exit 1; }
grep -E "smoke: |tests passed" build-fuzz/smoke.log
# Cross builds, the tests under qemu-user, each against Linux lib/raid6
# and ISA-L built or unpacked for the target: AArch64 (the NEON tiers),
# s390x (big-endian), i686 and riscv64 (the base). Each Check test runs
# alone in its process there.
for triplet in aarch64-linux-gnu s390x-linux-gnu i686-linux-gnu riscv64-linux-gnu; do
	./scripts/cross-test.sh "$triplet"
done
echo "test.sh: all tests passed: gcc, ASan+UBSan, gcc -O1, clang-14 and clang-19, TSan, fuzz," \
	"aarch64, s390x, i686 and riscv64 under qemu-user"
