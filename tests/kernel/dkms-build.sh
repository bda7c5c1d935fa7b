#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# dkms builds the modules of dkms.conf for the kernel of Debian's
# linux-headers-amd64 (or of the series GFRAID_KERNEL names, e.g. 6.12),
# against its headers unpacked by kernel-tree.sh into GFRAID_KERNEL_CACHE,
# not installed, in private dkms/source/install trees under WORKDIR.
# Usage: [GFRAID_KERNEL=6.12] dkms-build.sh SOURCE_DIR WORKDIR
set -eu
srcdir=$1
work=$2
command -v dkms >/dev/null || { echo "dkms-build: dkms is not installed (apt-get install dkms)" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "dkms-build: dkms needs root (it keeps its signing key in /var/lib/dkms)" >&2; exit 1; }
tree=$(sh "$(dirname "$0")/kernel-tree.sh" "${GFRAID_KERNEL:-default}") || exit 1
kver=$(echo "$tree" | sed -n 1p)
kdir=$(echo "$tree" | sed -n 3p)
version=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$srcdir/dkms.conf")

rm -rf "$work"
mkdir -p "$work/dkms" "$work/install"
make -s -C "$srcdir/kernel" dkms-source DEST="$work/source/gfraid-$version"
dkms --dkmstree "$work/dkms" --sourcetree "$work/source" --installtree "$work/install" \
	build "gfraid/$version" -k "$kver" --kernelsourcedir "$kdir"
for ko in gfraid gfraid_raid6 gfraid_isal; do
	find "$work/dkms" -name "$ko.ko*" | grep -q . || { echo "dkms-build: no $ko.ko" >&2; exit 1; }
done
echo "dkms-build: gfraid/$version built for $kver"
