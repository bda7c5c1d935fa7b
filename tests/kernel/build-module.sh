#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Compile check of gfraid.ko and gfraid_raid6.ko against Debian's
# linux-headers-amd64 (or
# GFRAID_KDIR), from the unchanged src/ files. The build runs in a tree of
# symlinks under WORKDIR so the source tree gets no kbuild output.
# Usage: build-module.sh SOURCE_DIR WORKDIR
set -eu
srcdir=$1
work=$2

kdir=${GFRAID_KDIR:-}
if [ -z "$kdir" ]; then
	pkg=$(dpkg-query -W -f='${Depends}' linux-headers-amd64 2>/dev/null | sed 's/[ ,(].*//') || true
	if [ -z "$pkg" ]; then
		echo "build-module: linux-headers-amd64 is not installed (apt-get install linux-headers-amd64)" >&2
		exit 1
	fi
	kdir=/usr/src/$pkg
fi
if [ ! -f "$kdir/Makefile" ]; then
	echo "build-module: no kernel build directory at $kdir" >&2
	exit 1
fi
echo "build-module: building against $kdir"

rm -rf "$work"
mkdir -p "$work"
for d in kernel src include asm; do
	cp -rs "$srcdir/$d" "$work/"
done
if ! make -C "$work/kernel" KDIR="$kdir" >"$work/build.log" 2>&1; then
	cat "$work/build.log"
	echo "build-module: the module did not build" >&2
	exit 1
fi
cat "$work/build.log"
if grep -q "warning:" "$work/build.log"; then
	echo "build-module: the kernel build printed warnings" >&2
	exit 1
fi

for name in gfraid gfraid_raid6; do
	ko=$work/kernel/$name.ko
	test -f "$ko" || { echo "build-module: no $name.ko" >&2; exit 1; }
	license=$(modinfo -F license "$ko")
	[ "$license" = "Dual BSD/GPL" ] || { echo "build-module: $name license is '$license'" >&2; exit 1; }
done
deps=$(modinfo -F depends "$work/kernel/gfraid_raid6.ko")
case ",$deps," in
*,gfraid,*) ;;
*) echo "build-module: gfraid_raid6.ko depends on '$deps', not gfraid" >&2; exit 1 ;;
esac

# Every function of the public header is exported by the module, but
# those it declares for userspace only (#ifndef __KERNEL__).
missing=0
for sym in $(sed '/^#ifndef __KERNEL__/,/^#endif/d' "$srcdir/include/gfraid.h" |
	sed -n 's/^[a-z][a-z *]*[ *]\(gfraid_[a-z0-9_]*\)(.*/\1/p'); do
	if ! grep -q "[[:space:]]$sym[[:space:]]" "$work/kernel/Module.symvers"; then
		echo "build-module: $sym is not exported" >&2
		missing=1
	fi
done
[ "$missing" = 0 ] || exit 1
echo "build-module: gfraid.ko and gfraid_raid6.ko built (needs: $deps), $(grep -c gfraid_ "$work/kernel/Module.symvers") symbols exported"
