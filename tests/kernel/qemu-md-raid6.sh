#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
#
# The real-kernel test: boot Debian's own kernel (exactly the version of
# linux-headers-amd64, or of the series GFRAID_KERNEL names, e.g. 6.12; its
# headers unpacked by kernel-tree.sh, its image downloaded and unpacked into
# WORKDIR, neither installed) in qemu with gfraid.ko and gfraid_raid6.ko
# built from this tree, and run md RAID-6 on top:
#   - gfraid_raid6 corrupt=1 must refuse to load and install nothing;
#   - gfraid_raid6 loads (its self-test passes) and replaces raid6_call;
#   - a 6-member RAID-6 on loop devices: write checksummed random data,
#     scrub (mismatch_cnt 0), corrupt a member (the scrub counts it), fail a
#     member and rebuild it, fail two and rebuild both, verify every time;
#   - unload the override, stop the array, reassemble it with the stock
#     kernel code, verify and scrub; write with the stock code, load the
#     override again and scrub: on-disk compatible both ways;
#   - with EC_CLI: stop the array, ec-cli raid6check finds it consistent;
#     spoil one data member, P and Q in three known chunk rows: it names
#     exactly those rows and members; --repair; the stock kernel
#     reassembles it, the data reads back intact and md's check counts
#     nothing; two members spoilt in one row: unlocatable, left alone;
#   - any WARN, BUG or Oops in dmesg fails the run.
# The guest's serial log is kept in WORKDIR.
#
# Usage: qemu-md-raid6.sh SOURCE_DIR WORKDIR [EC_CLI]
# Env:   GFRAID_KERNEL=6.12               the kernel series (default: 6.1's
#        linux-headers-amd64)
#        GFRAID_QEMU_ACCEL=auto|kvm|tcg   (auto: kvm where it can boot a
#        stock kernel and exposes AVX-512+GFNI, else tcg)
#        GFRAID_QEMU_TIMEOUT=1500         seconds before the guest is killed
#        GFRAID_MEMBER_MB=16              size of each RAID-6 member
# Exit:  0 PASS, 1 FAIL or missing prerequisite (the message says which).
set -euo pipefail

SRC=$(cd "$1" && pwd)
EC_CLI=${3:-}
MEMBER_MB=${GFRAID_MEMBER_MB:-16}

. "$SRC/tests/kernel/qemu-lib.sh"
qemu_setup "$SRC" "$2" "${GFRAID_KERNEL:-default}"

# --- our modules, from the unchanged sources (a tree of symlinks) -----------
qemu_modules "$SRC" gfraid gfraid_raid6

# --- initramfs ----------------------------------------------------------------
initramfs_start "$WORK/initramfs"
for m in raid6_pq xor raid456 md-mod loop async_tx async_memcpy async_xor async_pq \
	async_raid6_recov crc32c_generic libcrc32c; do
	add_module "$m"
done
cp "$BUILD/kernel/gfraid.ko" "$BUILD/kernel/gfraid_raid6.ko" "$IRD/"
# gfraid_raid6.ko as built for a kernel that moved on (its pq.h without the
# datap recovery pointer): the guest makes sure it refuses to load
module_build_moved_on "$SRC" "$BUILD" "$KDIR" "$WORK" "$WORK/module-build-moved-on.log" modules ||
	fail "module build (moved-on pq.h)"
cp "$BUILD/kernel/gfraid_raid6.ko" "$IRD/gfraid_raid6_moved_on.ko"
if [ -n "$EC_CLI" ]; then
	# ec-cli and the libraries it loads, in /ec-cli-lib: the guest mounts a
	# tmpfs over /tmp, where build trees (and its run path) often are
	mkdir -p "$IRD/ec-cli-lib"
	cp "$EC_CLI" "$IRD/ec-cli"
	for lib in $(ldd "$EC_CLI" | grep -o '/[^ ]*'); do
		case $lib in
		*/ld-linux*) mkdir -p "$IRD$(dirname "$lib")"; cp -L "$lib" "$IRD$lib" ;;
		*) cp -L "$lib" "$IRD/ec-cli-lib/" ;;
		esac
	done
fi
initramfs_finish "$SRC/tests/kernel/guest-init.sh" "$WORK/initramfs.cpio.gz"

# --- boot -------------------------------------------------------------------
qemu_boot "$WORK/initramfs.cpio.gz" "gt.mb=$MEMBER_MB gt.expect=$EXPECT"
