#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Install, from Debian's packages, whatever the build, the oracles, the
# tests and the kernel build need and this machine lacks.
set -eu

PACKAGES="build-essential cmake pkg-config check libcpuid-dev libisal-dev \
libbenchmark-dev nasm linux-source-6.1 linux-headers-amd64 kmod xz-utils binutils \
python3 gnuplot-nox groff-base dkms debhelper dh-dkms lintian qemu-system-x86 busybox-static mdadm cpio \
clang-14 clang-19 libclang-rt-19-dev llvm-19 binutils-aarch64-linux-gnu"

# The cross builds the tests run (scripts/test.sh): compiler and C library
# for the target, qemu-user, and the target's Check (Multi-Arch, so the
# architecture is added to dpkg). Its ISA-L is unpacked at build time
# (scripts/cross-isal.sh): Debian's cannot be installed beside the host's.
# Debian 12 builds no ISA-L for i386 and riscv64, and no packages at all
# for riscv64 beyond the cross compiler: ISA-L there (and Check on riscv64)
# are built from Debian's source packages, for which the deb-src index is
# added (scripts/cross-test.sh).
CROSS_ARCHS="arm64 s390x i386 riscv64"
DPKG_ARCHS=""
for a in $CROSS_ARCHS; do
	case $a in
	arm64) triplet=aarch64-linux-gnu ;;
	i386) triplet=i686-linux-gnu ;;
	*) triplet=$a-linux-gnu ;;
	esac
	PACKAGES="$PACKAGES gcc-$triplet libc6-dev-$a-cross"
	case $a in
	i386 | riscv64)
		PACKAGES="$PACKAGES dpkg-dev"
		SOURCES=/etc/apt/sources.list.d/gfraid-deb-src.sources
		;;
	esac
	if [ "$a" != riscv64 ]; then
		PACKAGES="$PACKAGES check:$a"
		DPKG_ARCHS="$DPKG_ARCHS $a"
	fi
done
PACKAGES="$PACKAGES qemu-user-static"

# The second kernel the kernel tests build and boot: bookworm's newest 6.12
# headers (tests/kernel/kernel-version.sh finds what is installed; the qemu
# test downloads the image of the same version). No metapackage names it.
headers_612() {
	apt-cache search --names-only '^linux-headers-6\.12\.[0-9]+\+deb12-amd64$' 2>/dev/null |
		awk '{ print $1 }' | sort -V | tail -n 1
}
K612=$(headers_612)
if [ -n "$K612" ]; then
	PACKAGES="$PACKAGES $K612"
fi

missing=""
for p in $PACKAGES; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
		missing="$missing $p"
	fi
done
if [ -z "$missing" ] && [ -n "$K612" ] && { [ -z "${SOURCES:-}" ] || [ -f "$SOURCES" ]; }; then
	echo "install-deps: everything is installed"
	exit 0
fi

sudo=""
if [ "$(id -u)" != 0 ]; then
	command -v sudo >/dev/null || { echo "install-deps: need root or sudo for:$missing" >&2; exit 1; }
	sudo=sudo
fi
later=""
[ -n "$K612" ] || later=" and the 6.12 kernel headers"
echo "install-deps: installing$missing$later"
for a in $DPKG_ARCHS; do
	dpkg --print-foreign-architectures | grep -qx "$a" || $sudo dpkg --add-architecture "$a"
done
if [ -n "${SOURCES:-}" ] && [ ! -f "$SOURCES" ]; then
	# the mirrors and suites of the system's own index, as deb-src
	if [ -f /etc/apt/sources.list.d/debian.sources ]; then
		sed -n 's/^Types: deb$/Types: deb-src/p; /^URIs:/p; /^Suites:/p; /^Components:/p;
			/^Signed-By:/p; /^$/p' /etc/apt/sources.list.d/debian.sources
	else
		awk '$1 == "deb" { print "Types: deb-src"; print "URIs: " $2; print "Suites: " $3;
			printf "Components:"; for (i = 4; i <= NF; i++) printf " %s", $i; print "\n" }' \
			/etc/apt/sources.list
	fi | $sudo tee "$SOURCES" >/dev/null
fi
# a foreign architecture's index caught mid-sync must not stop the install
$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q ||
	echo "install-deps: apt-get update reported errors; installing from what it has" >&2
if [ -z "$K612" ]; then	# named only once the index has it
	K612=$(headers_612)
	[ -n "$K612" ] || { echo "install-deps: no linux-headers-6.12.*+deb12-amd64 in the index" >&2; exit 1; }
	missing="$missing $K612"
fi
# shellcheck disable=SC2086
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
