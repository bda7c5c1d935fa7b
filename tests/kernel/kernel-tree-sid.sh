#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# A build tree for the modules of Debian unstable's kernel series SERIES
# (7.2: linux-image-7.2.13+deb14-amd64), under CACHE/<version>. Debian's
# headers for it cannot serve Debian 12: they are configured for gcc-16
# (-fmin-function-alignment, which gcc 12 rejects) and their host tools
# (modpost, objtool) need glibc 2.38. So the tree is prepared here from
# the same version's linux-source: Debian's .config (from its headers
# package), `make olddefconfig modules_prepare` with Debian 12's gcc and
# the kernel release of Debian's image, and Debian's Module.symvers. That
# config has no MODVERSIONS, so modules built here load into Debian's
# image by its vermagic alone. Everything is downloaded with
# scripts/sid-debs.sh (a private apt index; nothing installed); the
# prepare takes about a minute on 2 cores. Prints, as kernel-tree.sh: the
# kernel version, the Debian version, the build directory.
# Usage: kernel-tree-sid.sh SERIES [CACHE]
set -eu
series=$1
cache=${2:-${GFRAID_KERNEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/libgfraid/kernel-trees}}
here=$(cd "$(dirname "$0")" && pwd)
sid=${GFRAID_SID_CACHE:-$cache/sid}
fail() { echo "kernel-tree-sid: $*" >&2; exit 1; }

src=$("$here/../../scripts/sid-debs.sh" "$sid" "linux-source-$series") ||
	fail "cannot download linux-source-$series"
version=$(dpkg-deb -f "$src" Version)
abi=$(printf '%s' "$version" | sed -n 's/^\([0-9.]*\)-.*/\1/p')
# the amd64 headers package of that version: linux-headers-<abi>+debN-amd64
pkg=$("$here/../../scripts/sid-debs.sh" "$sid" --names "linux-headers-$abi+deb" |
	grep -E "^linux-headers-$(printf '%s' "$abi" | sed 's/\./\\./g')\+deb[0-9]+-amd64\$" | head -n 1)
[ -n "$pkg" ] || fail "no linux-headers-$abi+debN-amd64 in the sid index"
kver=${pkg#linux-headers-}
root=$cache/$kver-$(printf "%s" "$version" | tr "~:" "__")-prepared
kdir=$root/build

if [ ! -e "$root/.complete" ]; then
	rm -rf "$root"
	mkdir -p "$root/headers" "$kdir"
	hdr=$("$here/../../scripts/sid-debs.sh" "$sid" "$pkg=$version") || fail "cannot download $pkg"
	dpkg-deb -x "$hdr" "$root/headers"
	config=$root/headers/usr/src/$pkg/.config
	[ -f "$config" ] || fail "no .config in $pkg"
	dpkg-deb --fsys-tarfile "$src" | tar -x -C "$root" --wildcards './usr/src/linux-source-*.tar.xz'
	tar -xJf "$root"/usr/src/linux-source-*.tar.xz -C "$root"
	rm -rf "$root/usr"
	tree=$(ls -d "$root"/linux-source-*)
	cp "$config" "$kdir/.config"
	( env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$tree" O="$kdir" olddefconfig &&
	  env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$tree" O="$kdir" KERNELRELEASE="$kver" \
		-j "$(nproc)" modules_prepare ) >"$root/prepare.log" 2>&1 ||
		{ tail -n 30 "$root/prepare.log" >&2; fail "make modules_prepare failed (log: $root/prepare.log)"; }
	cp "$root/headers/usr/src/$pkg/Module.symvers" "$kdir/"
	[ "$(cat "$kdir/include/config/kernel.release")" = "$kver" ] || fail "the tree's release is not $kver"
	rm -rf "$root/headers"
	touch "$root/.complete"
fi
echo "$kver"
echo "$version"
echo "$kdir"
