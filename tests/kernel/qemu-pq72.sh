#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
#
# Linux 7.2 in qemu with libgfraid's raid6_pq.ko in place of the kernel's:
# Debian unstable's image (linux-binary and linux-modules of the series
# GFRAID_KERNEL names, 7.2 by default; unpacked, never installed), the
# modules built against the tree kernel-tree-sid.sh prepares. The guest
# (guest-pq72.sh):
#   - each corrupted load-time check (tables, gen, xor, 2data, datap) makes
#     raid6_pq.ko refuse; the kernel's raid6_pq then loads;
#   - on ours, a 6-member md RAID-6 on loop devices: written, scrubbed,
#     corrupted (counted) and repaired, one member and then two lost and
#     rebuilt, read back every time;
#   - stopped, reassembled on the kernel's raid6_pq, read and scrubbed;
#     written there, reassembled on ours, read and scrubbed;
#   - btrfs with data and metadata RAID-6 on 4 loop devices, on ours:
#     written, read back and scrubbed; mounted read-only without two
#     devices and read back (btrfs must have called both recoveries);
#     one device replaced from the rest, scrubbed, remounted, read back;
#   - any WARN, BUG or Oops in dmesg fails the run.
# Usage: qemu-pq72.sh SOURCE_DIR WORKDIR
# Env:   GFRAID_KERNEL (7.2), GFRAID_QEMU_ACCEL, GFRAID_QEMU_TIMEOUT,
#        GFRAID_MEMBER_MB (16): as for qemu-md-raid6.sh
# Exit:  0 PASS, 1 FAIL or missing prerequisite (the message says which).
set -euo pipefail

SRC=$(cd "$1" && pwd)
MEMBER_MB=${GFRAID_MEMBER_MB:-16}

. "$SRC/tests/kernel/qemu-lib.sh"
for cmd in mkfs.btrfs btrfs; do
	command -v "$cmd" >/dev/null || fail "missing '$cmd' (package btrfs-progs: ./scripts/install-deps.sh --all installs it)"
done
qemu_setup "$SRC" "$2" "${GFRAID_KERNEL:-7.2}"

qemu_modules "$SRC" gfraid raid6_pq

initramfs_start "$WORK/initramfs"
for m in raid6_pq xor raid456 md-mod loop async_tx async_memcpy async_xor async_pq \
	async_raid6_recov btrfs; do
	add_module "$m"
done
cp "$BUILD/kernel/gfraid.ko" "$BUILD/kernel/raid6_pq.ko" "$IRD/"
for tool in mkfs.btrfs btrfs; do
	path=$(command -v $tool)
	cp -L "$path" "$IRD/sbin/"
	for lib in $(ldd "$path" | grep -o '/[^ ]*'); do
		mkdir -p "$IRD$(dirname "$lib")"
		cp -L "$lib" "$IRD$lib"
	done
done
# btrfs scrub's threads need libgcc_s (pthread_cancel loads it)
gcc_s=$(ldconfig -p | sed -n 's|.*libgcc_s.so.1 (libc6,x86-64) => \(/.*\)|\1|p' | head -n 1)
[ -n "$gcc_s" ] || fail "no libgcc_s.so.1"
mkdir -p "$IRD$(dirname "$gcc_s")"
cp -L "$gcc_s" "$IRD$gcc_s"
initramfs_finish "$SRC/tests/kernel/guest-pq72.sh" "$WORK/initramfs.cpio.gz"

qemu_boot "$WORK/initramfs.cpio.gz" "gt.mb=$MEMBER_MB gt.expect=$EXPECT"
