#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
#
# md's k+m personality in a real kernel: Debian's 6.12 booted in qemu
# (qemu-lib.sh) with raidkm.ko from the fixtures' md-kmec, built unchanged
# against gfraid_isal.ko and against the stock isal_lib.ko (raidkm-build.sh).
# The guest (guest-raidkm.sh):
#   - gfraid_isal corrupt=<name> refuses to load, naming it, for a coding
#     function, a GFNI entry, the inversion and a CPU query;
#   - raidkm on gfraid_isal.ko: for each geometry (4+2, 6+3, 8+4 by
#     default), an array made through md's sysfs with 64 KiB chunks on
#     loop devices, a payload written (whole stripes, then 4 KiB pieces
#     changed and written back), one member failed, rebuilt onto a spare,
#     m members failed, rebuilt onto spares; the payload read back after
#     every step, md's check after every rebuild;
#   - the same with raidkm on the stock isal_lib.ko, and the members'
#     sha256 compared slot by slot after the write and after the rebuilds:
#     the parity on disk must be the same bytes;
#   - any WARN, BUG or Oops in dmesg fails the run.
# Exits 77, saying why, where the fixtures are absent.
#
# Usage: qemu-raidkm.sh SOURCE_DIR WORKDIR
# Env:   GFRAID_KERNEL=6.12               the kernel series
#        GFRAID_RAIDKM_GEOMETRIES=4+2,6+3,8+4
#        GFRAID_QEMU_ACCEL=auto|kvm|tcg   (as qemu-md-raid6.sh)
#        GFRAID_QEMU_TIMEOUT=1500         seconds before the guest is killed
#        GFRAID_MEMBER_MB=8               size of each member
set -euo pipefail

SRC=$(cd "$1" && pwd)
MEMBER_MB=${GFRAID_MEMBER_MB:-8}
GEOMETRIES=${GFRAID_RAIDKM_GEOMETRIES:-4+2,6+3,8+4}

# the fixtures first: where they are absent nothing else matters (77)
sh "$SRC/tests/kernel/raidkm-build.sh" "$SRC" --fixtures || exit $?
. "$SRC/tests/kernel/qemu-lib.sh"
qemu_setup "$SRC" "$2" "${GFRAID_KERNEL:-6.12}"

# raidkm.ko against ours and against the stock module (77: no fixtures)
set +e
sh "$SRC/tests/kernel/raidkm-build.sh" "$SRC" "$WORK/build" "$KDIR" >"$WORK/build.log" 2>&1
rc=$?
set -e
if [ $rc = 77 ]; then
	cat "$WORK/build.log"
	exit 77
fi
[ $rc = 0 ] || { cat "$WORK/build.log"; fail "raidkm-build.sh"; }
B=$WORK/build
check_vermagic "$B/ours/kernel/gfraid.ko" "$B/ours/kernel/gfraid_isal.ko" \
	"$B/raidkm-ours/km/raidkm.ko" "$B/stock/isal_lib.ko" "$B/raidkm-stock/km/raidkm.ko"
say "modules built: $(tail -n 1 "$WORK/build.log")"

# --- initramfs: the kernel's modules raidkm needs, ours and the stock ones ---
initramfs_start "$WORK/initramfs"
deps=$(modinfo -F depends "$B/raidkm-ours/km/raidkm.ko" | tr ',' '\n' | grep -v '^gfraid_isal$' || true)
for m in md-mod loop libcrc32c crc32c_generic $deps; do
	add_module "$m"
done
echo $deps >"$IRD/raidkm-deps"
mkdir -p "$IRD/ours" "$IRD/stock"
cp "$B/ours/kernel/gfraid.ko" "$B/ours/kernel/gfraid_isal.ko" "$IRD/ours/"
cp "$B/raidkm-ours/km/raidkm.ko" "$IRD/ours/"
cp "$B/stock/isal_lib.ko" "$B/raidkm-stock/km/raidkm.ko" "$IRD/stock/"
# the payload's source: 1000003 random bytes (a prime, so that no stripe
# repeats another), the same for both runs
head -c 1000003 /dev/urandom >"$IRD/seed"
initramfs_finish "$SRC/tests/kernel/guest-raidkm.sh" "$WORK/initramfs.cpio.gz"

# --- boot -------------------------------------------------------------------
qemu_boot "$WORK/initramfs.cpio.gz" "gt.mb=$MEMBER_MB gt.geometries=$GEOMETRIES"
