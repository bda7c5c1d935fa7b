#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Build Linux lib/raid6 in userspace, unchanged, from Debian's
# linux-source-6.1 tarball: extract lib/raid6 and the three headers it
# needs, then run the kernel's own lib/raid6/test Makefile for raid6.a.
# Usage: build-linux-raid6.sh TARBALL OUTDIR [CC [ARCH AR RANLIB HOSTCC]]
# ARCH is what the kernel's test Makefile would read from uname -m
# (x86_64, aarch64, s390x, ...); for a cross build, the tables generator
# is built and run with HOSTCC first.
set -eu
tarball=$1
out=$2
cc=${3:-gcc}
arch=${4:-$(uname -m)}
ar=${5:-ar}
ranlib=${6:-ranlib}
hostcc=${7:-$cc}

if [ ! -r "$tarball" ]; then
	echo "build-linux-raid6: $tarball not found; install it with: apt-get install linux-source-6.1" >&2
	exit 1
fi
top=$(tar -tJf "$tarball" 2>/dev/null | head -n 1 | cut -d/ -f1) || true
[ -n "$top" ] || { echo "build-linux-raid6: cannot list $tarball" >&2; exit 1; }

rm -rf "$out"
mkdir -p "$out"
tar -xJf "$tarball" -C "$out" --strip-components=1 \
	"$top/lib/raid6" \
	"$top/include/linux/raid/pq.h" \
	"$top/include/linux/export.h" \
	"$top/include/linux/stringify.h"
# MAKEFLAGS from an outer make would leak its jobserver and variables in.
# -fPIC only so that PIE programs link it without text relocations.
run_make() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$out/lib/raid6/test" "$@"
}
run_make CC="$hostcc" tables.c
run_make CC="$cc" ARCH="$arch" AR="$ar" RANLIB="$ranlib" OPTFLAGS="-O2 -fPIC" raid6.a
test -f "$out/lib/raid6/test/raid6.a"
