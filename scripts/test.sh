#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# The README's test command, and what CI runs: install what is missing,
# build, run every test (unit suites against Linux lib/raid6 and ISA-L,
# ec-cli, the bench smoke run, the install/consumer check, the kernel module
# build); then build again with ASan+UBSan and rerun the unit and CLI tests;
# then again with gcc -O1 and clang-14 and clang-19 at -O3 and -O1.
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
echo "test.sh: all tests passed: gcc, under ASan+UBSan, gcc -O1, clang-14 and clang-19"
