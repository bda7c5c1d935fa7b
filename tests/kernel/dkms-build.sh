#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# dkms builds the modules of dkms.conf for the kernel of Debian's
# linux-headers-amd64 (or of the series GFRAID_KERNEL names, e.g. 6.12; or
# 7.2, whose tree kernel-tree-sid.sh prepares), against its headers
# unpacked by kernel-tree.sh into GFRAID_KERNEL_CACHE,
# not installed, in private dkms/source/install trees under WORKDIR.
# Usage: [GFRAID_KERNEL=6.12] dkms-build.sh SOURCE_DIR WORKDIR
set -eu
srcdir=$1
work=$2
command -v dkms >/dev/null || { echo "dkms-build: dkms is not installed (package dkms: ./scripts/install-deps.sh --all installs it)" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "dkms-build: dkms needs root (it keeps its signing key in /var/lib/dkms)" >&2; exit 1; }
case ${GFRAID_KERNEL:-default} in
7.*) tree=$(sh "$(dirname "$0")/kernel-tree-sid.sh" "$GFRAID_KERNEL") || exit 1 ;;
*) tree=$(sh "$(dirname "$0")/kernel-tree.sh" "${GFRAID_KERNEL:-default}") || exit 1 ;;
esac
kver=$(echo "$tree" | sed -n 1p)
kdir=$(echo "$tree" | sed -n 3p)
version=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$srcdir/dkms.conf")

rm -rf "$work"
mkdir -p "$work/dkms" "$work/install"
make -s -C "$srcdir/kernel" dkms-source DEST="$work/source/gfraid-$version"
dkms --dkmstree "$work/dkms" --sourcetree "$work/source" --installtree "$work/install" \
	build "gfraid/$version" -k "$kver" --kernelsourcedir "$kdir"
# md's RAID-6 module: raid6_pq.ko where the kernel has 7.2's interface
md=gfraid_raid6
case ${GFRAID_KERNEL:-default} in 7.*) md=raid6_pq ;; esac
for ko in gfraid $md gfraid_isal; do
	find "$work/dkms" -name "$ko.ko*" | grep -q . || { echo "dkms-build: no $ko.ko" >&2; exit 1; }
done
echo "dkms-build: gfraid/$version built for $kver"
