#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# A Debian amd64 kernel build tree the tests own: the headers of the kernel
# series SERIES ("default": linux-headers-amd64's, Debian 12's 6.1; or
# MAJOR.MINOR, the newest linux-headers-MAJOR.MINOR.N+debN-amd64 the
# archive has), with their -common and linux-kbuild packages, downloaded
# (apt-get download) and unpacked (dpkg-deb -x) under CACHE/<version>, never
# installed: the headers package depends on the kernel image, which would
# go into /boot. Prints three lines: the kernel version (as uname -r would),
# the Debian version of its packages, the build directory. CACHE defaults to
# $GFRAID_KERNEL_CACHE, then ~/.cache/libgfraid/kernel-trees; the test suite
# sets it to a directory of the build tree. Needs a current apt index
# (scripts/install-deps.sh runs apt-get update); no root.
# Usage: kernel-tree.sh SERIES [CACHE]
set -eu
series=$1
cache=${2:-${GFRAID_KERNEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/libgfraid/kernel-trees}}
fail() { echo "kernel-tree: $*" >&2; exit 1; }

# The headers package of the series, from the archive's package lists.
if [ "$series" = default ]; then
	pkg=$(apt-cache depends linux-headers-amd64 2>/dev/null |
		sed -n 's/^ *Depends: \(linux-headers-[^ ]*-amd64\)$/\1/p' | head -n 1)
else
	re=$(printf '%s' "$series" | sed 's/\./\\./g')
	pkg=$(apt-cache pkgnames linux-headers- 2>/dev/null |
		grep -E "^linux-headers-$re\.[0-9]+\+deb[0-9]+-amd64\$" | sort -V | tail -n 1)
fi
[ -n "$pkg" ] || fail "no linux-headers package for kernel series '$series' (apt-get update?)"
kver=${pkg#linux-headers-}
version=$(apt-cache show "$pkg" | sed -n 's/^Version: //p' | sort -V | tail -n 1)
root=$cache/$kver-$(printf "%s" "$version" | tr "~:" "__")
kdir=$root/usr/src/$pkg

if [ ! -e "$root/.complete" ]; then
	rm -rf "$root"
	mkdir -p "$root/debs"
	# Its -common and linux-kbuild packages, at the versions it names.
	deps=$(apt-cache show "$pkg=$version" | sed -n 's/^Depends: //p' | head -n 1 | tr ',|' '\n\n' |
		sed -n 's/^ *\(linux-headers-[^ ]*-common\|linux-kbuild-[^ ]*\)\( (= \([^)]*\))\)\{0,1\}.*/\1=\3/p' |
		sed 's/=$//')
	[ -n "$deps" ] || fail "$pkg=$version names no -common or linux-kbuild package"
	download() { (cd "$root/debs" && apt-get -q download "$pkg=$version" $deps); }
	if ! download >"$root/download.log" 2>&1; then
		# Package lists older than the mirror: refresh them once (as root).
		[ "$(id -u)" = 0 ] && apt-get -q update >>"$root/download.log" 2>&1
		download >>"$root/download.log" 2>&1 ||
			{ cat "$root/download.log"; fail "cannot download $pkg=$version $deps"; }
	fi
	for deb in "$root"/debs/*.deb; do
		dpkg-deb -x "$deb" "$root"
	done
	rm -rf "$root/debs"
	# The tree's Makefile includes the -common tree by its installed path.
	sed -i "s|/usr/src/|$root/usr/src/|" "$kdir/Makefile"
	[ -f "$kdir/Makefile" ] || fail "no $kdir/Makefile in $pkg"
	touch "$root/.complete"
fi
echo "$kver"
echo "$version"
echo "$kdir"
