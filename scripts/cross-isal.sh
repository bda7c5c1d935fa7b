#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Unpack Debian's libisal2 and libisal-dev for another architecture into a
# directory, for a cross build's ISA-L oracle (-DGFRAID_ISAL_ROOT=DIR).
# They are unpacked rather than installed: libisal-dev is not Multi-Arch,
# so its arm64 package would replace the host's.
# Usage: cross-isal.sh DEBIAN_ARCH DIR    (DEBIAN_ARCH: arm64, s390x, ...)
set -eu
arch=$1
mkdir -p "$2/debs"
dir=$(cd "$2" && pwd)
cd "$dir/debs"
rm -f ./*.deb
apt-get download "libisal2:$arch" "libisal-dev:$arch"
for deb in ./*.deb; do
	dpkg-deb -x "$deb" "$dir"
done
ls "$dir"/usr/lib/*/libisal.so >/dev/null
