#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Install, from Debian's packages, what this machine lacks for one of three
# jobs. Nothing else on the host changes: no kernel image or headers (the
# kernel tests download and unpack theirs), nothing in /boot, except that
# --all adds what the cross matrix needs, and says so.
#
#   install-deps.sh          build the library, ec-cli info / verify / bench
#   install-deps.sh --tests  also scripts/test.sh (the quick tier)
#   install-deps.sh --all    also scripts/test.sh --ci and --full; adds the dpkg
#                            foreign architectures arm64, s390x and i386 and
#                            a deb-src index (the cross builds' Check and
#                            ISA-L)
set -eu
tier=main
case ${1:-} in
"") ;;
--tests) tier=tests ;;
--all) tier=all ;;
*) echo "usage: install-deps.sh [--tests | --all]" >&2; exit 2 ;;
esac

# The library, ec-cli, and the oracles ec-cli verify and bench run against
# (Linux lib/raid6 from linux-source-6.1's tarball, ISA-L).
PACKAGES="build-essential cmake pkg-config libcpuid-dev libisal-dev nasm linux-source-6.1 xz-utils"

# The quick tier: Check, Google Benchmark, python3 (the raid6check images,
# the bench report), the clients run on the libisal.so.2 drop-in
# (liberasurecode, PyECLib, and Debian's libisal2 to compare with), groff
# (the manual pages' check), clang-19, and what the kernel's own build
# tools, unpacked with the headers and never installed, run on (kmod's modinfo, libelf, OpenSSL, zlib, pahole); the
# Debian archive's keyring, for the private index of the unstable suite
# (Linux 7.2's source and headers), and what preparing a 7.2 tree from
# that source builds its host tools with (flex, bison, bc, libelf-dev,
# libssl-dev).
TESTS="check libbenchmark-dev python3 gnuplot-nox groff-base clang-19 binutils \
liberasurecode-dev python3-pyeclib libisal2 \
kmod libelf1 libssl3 zlib1g pahole debian-archive-keyring flex bison bc libelf-dev libssl-dev"

# Everything else scripts/test.sh --ci and --full run: the other compilers and
# clang's sanitizer runtimes, dkms, the package tools, qemu and what the
# real-kernel tests put in their guests (btrfs-progs for 7.2's), the arm64
# kernel module build, and Ceph's daemons for the one-machine cluster
# (clients_ceph_cluster).
ALL="clang-14 libclang-rt-19-dev llvm-19 dkms debhelper dh-dkms lintian \
qemu-system-x86 busybox-static mdadm btrfs-progs cpio binutils-aarch64-linux-gnu qemu-user-static \
ceph-mon ceph-mgr ceph-osd ceph-common"

# The cross builds (scripts/cross-test.sh): compiler and C library for the
# target, qemu-user, and the target's Check (Multi-Arch, so the
# architecture is added to dpkg). Its ISA-L is unpacked at build time
# (scripts/cross-isal.sh): Debian's cannot be installed beside the host's.
# Debian 12 builds no ISA-L for i386 and riscv64, and no packages at all
# for riscv64 beyond the cross compiler: ISA-L there (and Check on riscv64)
# are built from Debian's source packages, for which the deb-src index is
# added.
CROSS_ARCHS="arm64 s390x i386 riscv64"
DPKG_ARCHS=""
SOURCES=""
case $tier in
tests) PACKAGES="$PACKAGES $TESTS" ;;
all)
	PACKAGES="$PACKAGES $TESTS $ALL dpkg-dev"
	SOURCES=/etc/apt/sources.list.d/gfraid-deb-src.sources
	for a in $CROSS_ARCHS; do
		case $a in
		arm64) triplet=aarch64-linux-gnu ;;
		i386) triplet=i686-linux-gnu ;;
		*) triplet=$a-linux-gnu ;;
		esac
		PACKAGES="$PACKAGES gcc-$triplet libc6-dev-$a-cross"
		if [ "$a" != riscv64 ]; then
			PACKAGES="$PACKAGES check:$a"
			DPKG_ARCHS="$DPKG_ARCHS $a"
		fi
	done
	;;
esac

missing=""
for p in $PACKAGES; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
		missing="$missing $p"
	fi
done
if [ -z "$missing" ] && { [ -z "$SOURCES" ] || [ -f "$SOURCES" ]; }; then
	echo "install-deps: everything for the $tier job is installed"
	exit 0
fi

sudo=""
if [ "$(id -u)" != 0 ]; then
	command -v sudo >/dev/null || { echo "install-deps: need root or sudo for:$missing" >&2; exit 1; }
	sudo=sudo
fi
echo "install-deps: installing$missing"
for a in $DPKG_ARCHS; do
	if ! dpkg --print-foreign-architectures | grep -qx "$a"; then
		echo "install-deps: adding dpkg architecture $a (the $a cross build's Check)"
		$sudo dpkg --add-architecture "$a"
	fi
done
if [ -n "$SOURCES" ] && [ ! -f "$SOURCES" ]; then
	echo "install-deps: adding $SOURCES (the cross builds' ISA-L and Check sources)"
	# the mirrors and suites of the system's own index, as deb-src
	index=$(sh "$(dirname "$0")/deb-src-sources.sh") || exit 1
	printf '%s\n' "$index" | $sudo tee "$SOURCES" >/dev/null
fi
# a foreign architecture's index caught mid-sync must not stop the install
$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q ||
	echo "install-deps: apt-get update reported errors; installing from what it has" >&2
# shellcheck disable=SC2086
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
