#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# The README's test commands, in two tiers.
#
# scripts/test.sh (quick): install what is missing (install-deps.sh --tests),
# build with gcc and run every unit, CLI, bench and install test (the unit
# suites force every variant against Linux lib/raid6 and ISA-L) and the
# kernel module builds for Debian's 6.1 and 6.12 (headers unpacked, never
# installed); under ASan+UBSan and built by clang-19, the suites that
# check bytes.
#
# scripts/test.sh --all (CI): install-deps.sh --all (which adds the cross
# builds' dpkg architectures and deb-src index), then everything: all of
# the above with DKMS, both kernels booted in qemu under md RAID-6 and the
# Debian packages; gcc -O1, clang-14 and clang-19 at -O3 and -O1, every
# test; ThreadSanitizer; the fuzz targets; cross builds for aarch64, s390x,
# i686 and riscv64, their tests under qemu-user.
#
# Both end by checking that the host is as it was: /boot, the installed
# linux-image-* and linux-headers-* packages, and (quick tier) dpkg's
# foreign architectures. The closing line: "test.sh: N passed, N failed",
# counting each ctest test and each check outside ctest.
set -uo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
tier=quick
case ${1:-} in
"") ;;
--all) tier=all ;;
*) echo "usage: scripts/test.sh [--all]" >&2; exit 2 ;;
esac
logs=build-logs
mkdir -p "$logs"
start=$(date +%s)
passed=0 failed=0 failures=""

# run NAME COMMAND...: one stage, its output shown and kept in $logs/NAME.log;
# its ctest tests counted from ctest's summaries, a stage without one
# counted as one check, a stage that fails without a failed test as one
# failure.
run() {
	local name=$1 log=$logs/$1.log t0=$(date +%s) rc n p f
	shift
	echo "== test.sh: $name"
	"$@" 2>&1 | tee "$log"
	rc=${PIPESTATUS[0]}
	read -r n p f < <(sed -n 's/^[0-9]*% tests passed, \([0-9]*\) tests* failed out of \([0-9]*\)$/\2 \1/p' "$log" |
		awk '{ n++; p += $1 - $2; f += $2 } END { print n + 0, p + 0, f + 0 }')
	[ "$n" = 0 ] && [ "$rc" = 0 ] && p=1
	[ "$rc" != 0 ] && [ "$f" = 0 ] && f=1
	passed=$((passed + p))
	failed=$((failed + f))
	[ "$f" = 0 ] || failures="$failures $name"
	echo "== test.sh: $name: $p passed, $f failed ($(($(date +%s) - t0)) s)"
}

host_state() {
	find /boot -xdev -printf '%p %s %T@\n' 2>/dev/null | sort
	# installed in any state (dpkg also lists names it only knows of)
	dpkg-query -W -f='${db:Status-Abbrev} ${Package} ${Version}\n' 'linux-image-*' 'linux-headers-*' \
		2>/dev/null | awk 'substr($1, 2, 1) != "n"' | sort
	[ "$tier" = all ] || dpkg --print-foreign-architectures
}
host_state >"$logs/host-before.txt"

cmake_build() {	# cmake_build DIR CMAKE_ARGS...: configure and build DIR
	local dir=$1
	shift
	cmake -S . -B "$dir" "$@" && cmake --build "$dir" -j "$jobs"
}

# Linux 7.2's lib/raid/raid6, the second RAID-6 oracle of build/,
# build-sanitize/ and build-clang-19/: linux-source-7.2 from Debian's
# unstable suite, downloaded into build/sid-debs through a private apt
# index.
# The kernel tests' Linux 7.2 tree takes its packages from the same cache.
export GFRAID_SID_CACHE=${GFRAID_SID_CACHE:-$PWD/build/sid-debs}
sid_cache=$GFRAID_SID_CACHE
linux72() {	# sets linux72_source, the .deb, or "" if the stage failed
	run linux-7.2-source ./scripts/sid-debs.sh "$sid_cache" linux-source-7.2
	linux72_source=$(tail -n 1 "$logs/linux-7.2-source.log")
	[ -f "$linux72_source" ] || linux72_source=""
}

if [ "$tier" = quick ]; then
	run install-deps ./scripts/install-deps.sh --tests
	linux72
	run build cmake_build build -DCMAKE_BUILD_TYPE=Release -DGFRAID_BUILD_TESTS=ON -DGFRAID_BUILD_BENCH=ON \
		-DGFRAID_LINUX72_SOURCE="$linux72_source"
	# every test but DKMS, the qemu boots, the arm64 module and the packages
	run tests ctest --test-dir build --output-on-failure -j "$jobs" \
		-E '^(kernel_dkms_builds_.*|kernel_(md_raid6|pq72)_qemu_.*|kernel_module_builds_arm64|debian_packages)$'
	# Under ASan+UBSan and clang-19, the suites whose subject is the bytes
	# (every variant forced against Linux lib/raid6, ISA-L and the
	# references, bad input, the self-test, ec-cli verify and raid6check);
	# those that time calibrations run so in --all.
	bytes='^(test_(gf|raid6|pq_tables|ec|check|reconstruct|badinput|selftest|md_super|cpuinfo)|ec_cli_(verify|raid6check|bad_usage))$'
	run sanitize-build cmake_build build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo \
		-DGFRAID_SANITIZE=ON -DGFRAID_BUILD_BENCH=OFF -DGFRAID_LINUX72_SOURCE="$linux72_source"
	run sanitize ctest --test-dir build-sanitize --output-on-failure -j "$jobs" -R "$bytes"
	run clang-19-build cmake_build build-clang-19 -DCMAKE_BUILD_TYPE=Release \
		-DCMAKE_C_COMPILER=clang-19 -DCMAKE_C_FLAGS=-Werror -DGFRAID_BUILD_BENCH=OFF \
		-DGFRAID_LINUX72_SOURCE="$linux72_source"
	run clang-19 ctest --test-dir build-clang-19 --output-on-failure -j "$jobs" -R "$bytes"
else
	run install-deps ./scripts/install-deps.sh --all
	linux72
	run build cmake_build build -DCMAKE_BUILD_TYPE=Release -DGFRAID_BUILD_TESTS=ON -DGFRAID_BUILD_BENCH=ON \
		-DGFRAID_LINUX72_SOURCE="$linux72_source"
	run tests ctest --test-dir build --output-on-failure -j "$jobs"
	run sanitize-build cmake_build build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo \
		-DGFRAID_SANITIZE=ON -DGFRAID_BUILD_BENCH=OFF -DGFRAID_LINUX72_SOURCE="$linux72_source"
	run sanitize ctest --test-dir build-sanitize --output-on-failure -j "$jobs" -L 'unit|cli'
	run compilers ./scripts/test-compilers.sh build-compilers

	# ThreadSanitizer (clang-19): first use from many threads, reconstruct
	# from 8 threads while another forces variants.
	run tsan-build cmake_build build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo \
		-DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 -DGFRAID_TSAN=ON \
		-DGFRAID_BUILD_BENCH=OFF -DGFRAID_BUILD_CLI=OFF
	run tsan env TSAN_OPTIONS=halt_on_error=1 ctest --test-dir build-tsan --output-on-failure -L threads

	# libFuzzer (clang-19, ASan+UBSan): each target briefly from its corpus.
	run fuzz-build cmake_build build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo \
		-DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 -DGFRAID_FUZZ=ON \
		-DGFRAID_BUILD_TESTS=OFF -DGFRAID_BUILD_BENCH=OFF -DGFRAID_BUILD_CLI=OFF -DGFRAID_ORACLES=OFF
	run fuzz ctest --test-dir build-fuzz --output-on-failure -j "$jobs" -L fuzz

	# Cross builds, the tests under qemu-user, each against Linux lib/raid6
	# (6.1 and 7.2) and ISA-L built or unpacked for the target: AArch64
	# (the NEON tiers), s390x (big-endian), i686 and riscv64 (the base).
	for triplet in aarch64-linux-gnu s390x-linux-gnu i686-linux-gnu riscv64-linux-gnu; do
		run "cross-${triplet%%-*}" env GFRAID_LINUX72_SOURCE="$linux72_source" \
			./scripts/cross-test.sh "$triplet"
	done
fi

# The host as it was: no kernel image or headers installed, nothing in
# /boot changed, no dpkg architecture added (but by --all, which says so).
host_unchanged() {
	host_state >"$logs/host-after.txt"
	if diff -u "$logs/host-before.txt" "$logs/host-after.txt"; then
		echo "host: /boot, linux-image-*/linux-headers-* packages$([ "$tier" = all ] ||
			echo ", dpkg foreign architectures") unchanged"
	else
		echo "host: changed (diff above)" >&2
		return 1
	fi
}
run host-unchanged host_unchanged

echo "test.sh: $tier tier in $(($(date +%s) - start)) s${failures:+; failed:$failures}"
echo "test.sh: $passed passed, $failed failed"
[ "$failed" = 0 ]
