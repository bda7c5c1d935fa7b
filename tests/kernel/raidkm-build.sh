#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# md's k+m personality, raidkm.ko (md-kmec, a client no one here wrote),
# built unchanged against gfraid_isal.ko, and, for comparison, against the
# stock isal_lib.ko it was written for, both from the snapshots in the
# fixtures folder (GFRAID_FIXTURES, default ../shared/fixtures beside the
# source tree), for the kernel build directory KDIR (default: Debian's
# 6.12 unpacked by kernel-tree.sh into GFRAID_KERNEL_CACHE; md-kmec's
# TARGET=vanilla). Exits 77, saying why, where the fixtures are absent.
#
#   WORK/ours/kernel/{gfraid,gfraid_isal}.ko   our modules
#   WORK/ours-isal/{Module.symvers,isa-l/}      make -C kernel isal-build
#   WORK/raidkm-ours/raidkm.ko                  md-kmec against those
#   WORK/stock/{isal_lib.ko,Module.symvers,isa-l/}  the stock module
#   WORK/raidkm-stock/raidkm.ko                 md-kmec against it
#
# Usage: raidkm-build.sh SOURCE_DIR WORK [KDIR]
#        raidkm-build.sh SOURCE_DIR --fixtures   only the fixtures' check
set -eu
srcdir=$(cd "$1" && pwd)
work=$2 kdir=${3:-}
fail() { echo "raidkm-build: $*" >&2; exit 1; }
fixtures=${GFRAID_FIXTURES:-$srcdir/../shared/fixtures}
for d in md-kmec mdraid-isa-l/isa-l; do
	if [ ! -d "$fixtures/$d" ]; then
		echo "SKIP: raidkm-build: $fixtures/$d is absent (md-kmec and mdraid's isa-l snapshots; set GFRAID_FIXTURES)"
		exit 77
	fi
done
[ "$work" != --fixtures ] || exit 0
if [ -z "$kdir" ]; then
	tree=$(sh "$srcdir/tests/kernel/kernel-tree.sh" 6.12) || exit 1
	kdir=$(echo "$tree" | sed -n 3p)
fi
[ -f "$kdir/Makefile" ] || fail "no kernel build directory at $kdir"
kver=$(sed -n 's/^#define UTS_RELEASE "\(.*\)"$/\1/p' "$kdir/include/generated/utsrelease.h")
[ -n "$kver" ] || fail "no UTS_RELEASE in $kdir"
mkdir -p "$work"
work=$(cd "$work" && pwd)

# md-kmec's build: a copy (it links md/ and isa-l/ into its tree), against
# MDRAID_BUILD=$2 (Module.symvers and isa-l/isa-l_ec.h); md-kmec's own
# struct mddev check needs the target's BTF, which a headers package does
# not have: it says so and goes on.
raidkm() {
	rm -rf "$1"
	cp -r "$fixtures/md-kmec" "$1"
	make -C "$1" KVER="$kver" KDIR="$kdir" MDRAID_BUILD="$2" TARGET=vanilla >"$1.log" 2>&1 ||
		{ cat "$1.log"; fail "raidkm.ko did not build against $2"; }
	[ -f "$1/km/raidkm.ko" ] || fail "no raidkm.ko in $1/km"
	if grep -E "WARNING: modpost: .*undefined" "$1.log"; then
		fail "raidkm.ko has undefined symbols against $2"
	fi
}

# ours: the modules, then the directory md-kmec builds against
. "$srcdir/tests/kernel/module-build.sh"
module_build "$srcdir" "$work/ours" "$kdir" "$work/ours.log" || fail "the modules did not build"
rm -rf "$work/ours-isal"
make -C "$work/ours/kernel" isal-build DEST="$work/ours-isal" >/dev/null || fail "isal-build failed"
raidkm "$work/raidkm-ours" "$work/ours-isal"

deps=$(modinfo -F depends "$work/raidkm-ours/km/raidkm.ko")
case ",$deps," in
*,gfraid_isal,*) ;;
*) fail "raidkm.ko built against ours depends on '$deps', not gfraid_isal" ;;
esac

# stock: isal_lib.ko from mdraid's isa-l/ (nasm for its GFNI kernels)
rm -rf "$work/stock"
mkdir -p "$work/stock"
cp -r "$fixtures/mdraid-isa-l/isa-l" "$work/stock/"
make -C "$kdir" M="$work/stock/isa-l" modules >"$work/stock.log" 2>&1 ||
	{ cat "$work/stock.log"; fail "the stock isal_lib.ko did not build"; }
[ -f "$work/stock/isa-l/isal_lib.ko" ] || fail "no isal_lib.ko in $work/stock/isa-l"
cp "$work/stock/isa-l/isal_lib.ko" "$work/stock/isa-l/Module.symvers" "$work/stock/"
raidkm "$work/raidkm-stock" "$work/stock"
case ",$(modinfo -F depends "$work/raidkm-stock/km/raidkm.ko")," in
*,isal_lib,*) ;;
*) fail "raidkm.ko built against the stock module does not depend on isal_lib" ;;
esac

# every symbol raidkm takes from isal_lib.ko (those the stock module
# exports), in ours, GPL like the stock one's
used=0
for sym in $(nm -u "$work/raidkm-ours/km/raidkm.ko" | awk '{ print $2 }'); do
	if grep -q "^0x[0-9a-f]*[[:space:]]$sym[[:space:]].*[[:space:]]EXPORT_SYMBOL_GPL" "$work/stock/Module.symvers"; then
		grep -q "^0x[0-9a-f]*[[:space:]]$sym[[:space:]].*/gfraid_isal[[:space:]]EXPORT_SYMBOL_GPL" \
			"$work/ours-isal/Module.symvers" || fail "raidkm needs $sym, which gfraid_isal.ko does not export"
		used=$((used + 1))
	fi
done
[ "$used" -ge 13 ] || fail "raidkm.ko takes only $used symbols from isal_lib (13 expected)"
echo "raidkm-build: raidkm.ko built unchanged against gfraid_isal.ko (depends: $deps; the $used symbols it takes from isal_lib.ko, all exported by ours) and against the stock isal_lib.ko, for $kver"
