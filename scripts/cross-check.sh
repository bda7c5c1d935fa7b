#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Build Check, the unit-test framework, from Debian's source package for a
# target Debian 12 has no binary package of (riscv64), and install it into
# DIR; a cross build finds it with -DGFRAID_CROSS_PREFIX=DIR. Needs the
# deb-src index (scripts/install-deps.sh adds it).
# Usage: cross-check.sh TRIPLET DIR
set -eu
triplet=$1
mkdir -p "$2"
dir=$(cd "$2" && pwd)
[ -f "$dir/lib/pkgconfig/check.pc" ] && exit 0
rm -rf "$dir/src"
mkdir -p "$dir/src"
cd "$dir/src"
apt-get source --download-only check
# upstream Check: Debian's patches link its own libcheck_pic, built by its rules
dpkg-source --skip-patches -x check_*.dsc check
cd check
./configure --host="$triplet" --prefix="$dir" --libdir="$dir/lib" --disable-subunit \
	--disable-timeout-tests --disable-build-docs
make -j "$(nproc 2>/dev/null || echo 2)"
make install
