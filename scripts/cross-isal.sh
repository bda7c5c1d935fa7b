#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# ISA-L for another architecture in a directory, for a cross build's ISA-L
# oracle (-DGFRAID_ISAL_ROOT=DIR):
# - where Debian builds it (arm64, s390x, ...), its libisal2 and
#   libisal-dev unpacked rather than installed: libisal-dev is not
#   Multi-Arch, so the target's package would replace the host's;
# - where it does not (i386, riscv64), ISA-L's portable C (its arch=noarch
#   build: the base functions every ISA-L build falls back to) built from
#   Debian's source package libisal, with Debian's patches. Needs the
#   deb-src index (scripts/install-deps.sh adds it).
# Usage: cross-isal.sh DEBIAN_ARCH DIR    (DEBIAN_ARCH: arm64, s390x, i386, riscv64)
set -eu
arch=$1
mkdir -p "$2/debs"
dir=$(cd "$2" && pwd)
cd "$dir/debs"
rm -f ./*.deb
if apt-get download "libisal2:$arch" "libisal-dev:$arch" 2>/dev/null; then
	for deb in ./*.deb; do
		dpkg-deb -x "$deb" "$dir"
	done
	ls "$dir"/usr/lib/*/libisal.so >/dev/null
	exit 0
fi
case $arch in
i386) triplet=i686-linux-gnu multiarch=i386-linux-gnu ;;
*) triplet=$arch-linux-gnu multiarch=$arch-linux-gnu ;;
esac
echo "cross-isal: Debian has no libisal2:$arch; building its portable C from the source package"
rm -rf "$dir/src"
mkdir -p "$dir/src"
cd "$dir/src"
apt-get source --download-only libisal
dpkg-source -x libisal_*.dsc isal >/dev/null
make -s -C isal -f Makefile.unx arch=noarch CC="$triplet-gcc" AR="$triplet-ar" \
	prefix="$dir/usr" -j "$(nproc 2>/dev/null || echo 2)" install >/dev/null
mkdir -p "$dir/usr/lib/$multiarch"
mv "$dir"/usr/lib/libisal.* "$dir/usr/lib/$multiarch/"
