#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# The test tiers (docs/TESTING.md says what each runs and how long it takes).
#
# scripts/test.sh (quick, the README's): install what is missing
# (install-deps.sh --tests), build with gcc and run every test whose
# prerequisites that installs and that is not labelled for a later tier:
# unit, CLI, bench and install tests, ISA-L's own tests, the kernel module
# build for Debian 12's 6.1 (headers unpacked, never installed); then the
# suites that check bytes under ASan+UBSan.
#
# scripts/test.sh --ci (.ci/run): install-deps.sh --all (which adds the
# cross builds' dpkg architectures and deb-src index), then every test in
# build/ but those labelled full (module builds and DKMS for 6.1, 6.12 and
# 7.2, the qemu boots of three kernels, the Debian packages), the unit and
# CLI suites under ASan+UBSan, clang-19 with -Werror, gcc -O1, clang-14 and
# the unpinned-GFNI check, ThreadSanitizer, the fuzz targets, and the
# aarch64, s390x and i686 cross builds under qemu-user.
#
# scripts/test.sh --full: --ci, and what it leaves out (docs/TESTING.md
# lists each with the test that covers its class in CI).
#
# Every tier ends by checking that the host is as it was (/boot, the
# installed linux-image-* and linux-headers-* packages; in the quick tier
# dpkg's foreign architectures too), then prints each stage's time, the
# skipped tests with their reasons, and "test.sh: N passed, N failed,
# N skipped" (each ctest test and each check outside ctest; a skipped test
# never counts as passed). Logs are in build-logs/.
set -uo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
tier=quick
case ${1:-} in
"") ;;
--ci) tier=ci ;;
--full) tier=full ;;
*) echo "usage: scripts/test.sh [--ci | --full]" >&2; exit 2 ;;
esac
logs=build-logs
mkdir -p "$logs"
rm -f "$logs"/*.log "$logs"/skipped.txt
start=$(date +%s)
passed=0 failed=0 skipped=0 failures="" times=""

# run NAME COMMAND...: one stage, its output shown and kept in
# $logs/NAME.log. Its ctest tests are counted from ctest's summaries and
# skip lists (stage-counts.py), each skipped test's reason from the
# LastTest.log of the run; a stage without ctest counts as one check, one
# that exits 77 as one skip (its last line the reason), one that fails
# without a failed test as one failure.
run() {
	local name=$1 log=$logs/$1.log t0 rc counts p=0 f=0 s=0
	shift
	echo "== test.sh: $name"
	t0=$(date +%s)
	touch "$logs/.stage-start"
	"$@" 2>&1 | tee "$log"
	rc=${PIPESTATUS[0]}
	if command -v python3 >/dev/null; then
		counts=$(python3 scripts/stage-counts.py "$log" \
			$(find . -maxdepth 5 -path '*/Testing/Temporary/LastTest*.log' -newer "$logs/.stage-start"))
		read -r p f s <<<"$(head -n 1 <<<"$counts")"
		tail -n +2 <<<"$counts" | sed "s/^/$name: /" >>"$logs/skipped.txt"
	fi
	if [ $((p + f + s)) = 0 ]; then
		case $rc in
		0) p=1 ;;
		77) s=1; echo "$name: $(tail -n 1 "$log")" >>"$logs/skipped.txt" ;;
		esac
	fi
	[ "$rc" != 0 ] && [ "$rc" != 77 ] && [ "$f" = 0 ] && f=1
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
	[ "$f" = 0 ] || failures="$failures $name"
	t0=$(($(date +%s) - t0))
	times="$times$(printf '%-18s %5d s  %d passed, %d failed, %d skipped' "$name" "$t0" "$p" "$f" "$s")\n"
	echo "== test.sh: $name: $p passed, $f failed, $s skipped ($t0 s)"
}

host_state() {
	find /boot -xdev -printf '%p %s %T@\n' 2>/dev/null | sort
	# installed in any state (dpkg also lists names it only knows of)
	dpkg-query -W -f='${db:Status-Abbrev} ${Package} ${Version}\n' 'linux-image-*' 'linux-headers-*' \
		2>/dev/null | awk 'substr($1, 2, 1) != "n"' | sort
	[ "$tier" != quick ] || dpkg --print-foreign-architectures
}
host_state >"$logs/host-before.txt"

cmake_build() {	# cmake_build DIR CMAKE_ARGS...: configure and build DIR
	local dir=$1
	shift
	cmake -S . -B "$dir" "$@" && cmake --build "$dir" -j "$jobs"
}

# Linux 7.2's lib/raid/raid6, the second RAID-6 oracle of every build:
# linux-source-7.2 from Debian's unstable suite, downloaded into
# build/sid-debs through a private apt index. The kernel tests' Linux 7.2
# tree takes its packages from the same cache.
export GFRAID_SID_CACHE=${GFRAID_SID_CACHE:-$PWD/build/sid-debs}
linux72() {	# sets linux72_source, the .deb, or "" if the stage failed
	run linux-7.2-source ./scripts/sid-debs.sh "$GFRAID_SID_CACHE" linux-source-7.2
	linux72_source=$(tail -n 1 "$logs/linux-7.2-source.log")
	[ -f "$linux72_source" ] || linux72_source=""
}

# The suites whose subject is the bytes: every variant forced against
# Linux lib/raid6, ISA-L and the references, bad input, the self-test,
# ec-cli verify and raid6check.
bytes='^(test_(gf|raid6|pq_tables|ec|check|reconstruct|badinput|selftest|md_super|cpuinfo)|ec_cli_(verify|raid6check|bad_usage))$'
# Out of the quick tier: what needs what it does not install (qemu for
# the boots, dkms, the package tools, the arm64 cross compiler, Ceph's
# daemons) and what
# only --ci and --full run (label ci: the module builds beyond Debian 12's
# own kernel, ISA-L's tests with every variant forced). Out of --ci: label
# full.
not_quick='^(qemu|dkms|package|arm64|ceph|ci|full)$'

# What --ci leaves to --full inside the tests of build/: the package
# build's own run of the unit suites (the consumers still run the packaged
# library), raidkm's 6+3 array in qemu (4+2 and 8+4 remain).
if [ "$tier" = ci ]; then
	export GFRAID_DEB_BUILD_OPTIONS=nocheck GFRAID_RAIDKM_GEOMETRIES=4+2,8+4
fi

if [ "$tier" = quick ]; then
	run install-deps ./scripts/install-deps.sh --tests
else
	run install-deps ./scripts/install-deps.sh --all
fi
linux72
run build cmake_build build -DCMAKE_BUILD_TYPE=Release -DGFRAID_BUILD_TESTS=ON -DGFRAID_BUILD_BENCH=ON \
	-DGFRAID_LINUX72_SOURCE="$linux72_source"
case $tier in
quick) run tests ctest --test-dir build --output-on-failure -j "$jobs" -LE "$not_quick" ;;
ci) run tests ctest --test-dir build --output-on-failure -j "$jobs" -LE '^full$' ;;
full) run tests ctest --test-dir build --output-on-failure -j "$jobs" ;;
esac
run sanitize-build cmake_build build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	-DGFRAID_SANITIZE=ON -DGFRAID_BUILD_BENCH=OFF -DGFRAID_LINUX72_SOURCE="$linux72_source"
# --ci: also ISA-L's own tests and the CLI's; in --full, ISA-L's tests
# with every variant forced (the unit suites force each here too) and
# the suites that time calibrations and start threads (whose code every
# other test reaches at first use, and TSan checks).
case $tier in
quick) run sanitize ctest --test-dir build-sanitize --output-on-failure -j "$jobs" \
	-R "$bytes|^clients_" ;;
ci) run sanitize ctest --test-dir build-sanitize --output-on-failure -j "$jobs" -L 'unit|cli|clients' \
	-E '^(test_(dispatch|calibrate|threads)(_env_base)?|isal_own_.*_forced)$' ;;
full) run sanitize ctest --test-dir build-sanitize --output-on-failure -j "$jobs" -L 'unit|cli|clients' ;;
esac

if [ "$tier" != quick ]; then
	run clang-19-build cmake_build build-clang-19 -DCMAKE_BUILD_TYPE=Release \
		-DCMAKE_C_COMPILER=clang-19 -DCMAKE_C_FLAGS=-Werror -DGFRAID_BUILD_BENCH=OFF \
		-DGFRAID_LINUX72_SOURCE="$linux72_source"
	run clang-19 ctest --test-dir build-clang-19 --output-on-failure -j "$jobs" -R "$bytes"
	run compilers env BYTES="$bytes" GFRAID_LINUX72_SOURCE="$linux72_source" ./scripts/test-compilers.sh \
		$([ "$tier" = full ] && echo --full) build-compilers

	# ThreadSanitizer (clang-19): first use from many threads, reconstruct
	# from 8 threads while another forces variants.
	run tsan-build cmake_build build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo \
		-DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 -DGFRAID_TSAN=ON \
		-DGFRAID_BUILD_BENCH=OFF -DGFRAID_BUILD_CLI=OFF
	run tsan env TSAN_OPTIONS=halt_on_error=1 ctest --test-dir build-tsan --output-on-failure -L threads

	# libFuzzer (clang-19, ASan+UBSan): each target from its corpus, 8 s
	# each (--full: 60 s).
	run fuzz-build cmake_build build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo \
		-DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 -DGFRAID_FUZZ=ON \
		-DGFRAID_BUILD_TESTS=OFF -DGFRAID_BUILD_BENCH=OFF -DGFRAID_BUILD_CLI=OFF -DGFRAID_ORACLES=OFF \
		-DGFRAID_FUZZ_SECONDS="$([ "$tier" = full ] && echo 60 || echo 8)"
	run fuzz ctest --test-dir build-fuzz --output-on-failure -j "$jobs" -L fuzz

	# Cross builds, the tests under qemu-user, each against Linux lib/raid6
	# (6.1 and 7.2) and ISA-L built or unpacked for the target: AArch64
	# (the NEON tiers), s390x (big-endian), i686 (32-bit); riscv64 (the
	# base again, on a fourth architecture) in --full.
	triplets="aarch64-linux-gnu s390x-linux-gnu i686-linux-gnu"
	[ "$tier" = full ] && triplets="$triplets riscv64-linux-gnu"
	for triplet in $triplets; do
		run "cross-${triplet%%-*}" env GFRAID_LINUX72_SOURCE="$linux72_source" \
			./scripts/cross-test.sh "$triplet"
	done
fi

# The host as it was: no kernel image or headers installed, nothing in
# /boot changed, no dpkg architecture added (but by --ci and --full, which
# say so).
host_unchanged() {
	host_state >"$logs/host-after.txt"
	if diff -u "$logs/host-before.txt" "$logs/host-after.txt"; then
		echo "host: /boot, linux-image-*/linux-headers-* packages$([ "$tier" != quick ] ||
			echo ", dpkg foreign architectures") unchanged"
	else
		echo "host: changed (diff above)" >&2
		return 1
	fi
}
run host-unchanged host_unchanged

echo
echo "test.sh: $tier tier, stage times:"
printf "$times" | sed 's/^/  /'
if [ -s "$logs/skipped.txt" ]; then
	echo "test.sh: skipped, and why:"
	sed 's/^/  /' "$logs/skipped.txt"
fi
echo "test.sh: $tier tier in $(($(date +%s) - start)) s${failures:+; failed:$failures}"
echo "test.sh: $passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
