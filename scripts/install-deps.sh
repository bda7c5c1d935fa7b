#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Install, from Debian's packages, whatever the build, the oracles, the
# tests and the kernel build need and this machine lacks.
set -eu

PACKAGES="build-essential cmake pkg-config check libcpuid-dev libisal-dev \
libbenchmark-dev nasm linux-source-6.1 linux-headers-amd64 kmod xz-utils binutils \
python3 gnuplot-nox dkms qemu-system-x86 busybox-static mdadm cpio \
clang-14 clang-19 libclang-rt-19-dev"

missing=""
for p in $PACKAGES; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
		missing="$missing $p"
	fi
done
if [ -z "$missing" ]; then
	echo "install-deps: everything is installed"
	exit 0
fi

sudo=""
if [ "$(id -u)" != 0 ]; then
	command -v sudo >/dev/null || { echo "install-deps: need root or sudo for:$missing" >&2; exit 1; }
	sudo=sudo
fi
echo "install-deps: installing$missing"
$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q
# shellcheck disable=SC2086
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
