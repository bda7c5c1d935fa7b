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
#        GFRAID_MEMBER_MB=32              size of each RAID-6 member
# Exit:  0 PASS, 1 FAIL or missing prerequisite (the message says which).
set -euo pipefail

SRC=$(cd "$1" && pwd)
WORK=$2
EC_CLI=${3:-}
ACCEL=${GFRAID_QEMU_ACCEL:-auto}
TIMEOUT=${GFRAID_QEMU_TIMEOUT:-1500}
MEMBER_MB=${GFRAID_MEMBER_MB:-32}
T0=$(date +%s)
say() { printf '[%4ss] %s\n' "$(($(date +%s) - T0))" "$*"; }
fail() { say "FAIL: $*" >&2; exit 1; }

mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)

# --- prerequisites (installed by scripts/install-deps.sh) -------------------
for cmd in qemu-system-x86_64 busybox mdadm cpio dpkg-deb apt-get depmod modinfo make gzip; do
	command -v "$cmd" >/dev/null ||
		fail "missing '$cmd': apt-get install qemu-system-x86 busybox-static mdadm cpio kmod"
done
BUSYBOX=$(command -v busybox)
if ldd "$BUSYBOX" >/dev/null 2>&1; then
	fail "$BUSYBOX is dynamically linked: apt-get install busybox-static"
fi

# --- kernel: headers unpacked, image of exactly that version downloaded -----
TREE=$(sh "$SRC/tests/kernel/kernel-tree.sh" "${GFRAID_KERNEL:-default}") ||
	fail "no kernel tree for series ${GFRAID_KERNEL:-default}"
KVER=$(sed -n 1p <<<"$TREE")
HVER=$(sed -n 2p <<<"$TREE")
KDIR=$(sed -n 3p <<<"$TREE")
[ -f "$KDIR/Makefile" ] || fail "no kernel build directory at $KDIR"
say "kernel $KVER ($HVER)"

KROOT=$WORK/kernel-$KVER-$HVER
if [ ! -e "$KROOT/.complete" ]; then
	rm -rf "$KROOT"
	mkdir -p "$KROOT/deb"
	# The signed image, or the unsigned one it is made from (the same
	# kernel; the signed package can reach the archive days later).
	download() {
		(cd "$KROOT/deb" && { apt-get -q download "linux-image-$KVER=$HVER" ||
			apt-get -q download "linux-image-$KVER-unsigned=$HVER"; })
	}
	if ! download >"$WORK/download.log" 2>&1; then
		# Stale or missing package lists: refresh them once (as root).
		[ "$(id -u)" = 0 ] && apt-get -q update >>"$WORK/download.log" 2>&1
		download >>"$WORK/download.log" 2>&1 ||
			{ cat "$WORK/download.log"; fail "cannot download linux-image-$KVER(-unsigned)=$HVER"; }
	fi
	# Only what the guest needs: the kernel and the md/raid/loop modules.
	dpkg-deb --fsys-tarfile "$KROOT"/deb/*.deb | tar -x -C "$KROOT" --wildcards \
		'./boot/vmlinuz-*' './lib/modules/*/modules.*' './lib/modules/*/kernel/lib/*' \
		'./lib/modules/*/kernel/crypto/*' './lib/modules/*/kernel/arch/x86/crypto/*' \
		'./lib/modules/*/kernel/drivers/md/*' './lib/modules/*/kernel/drivers/block/loop.ko*'
	rm -rf "$KROOT/deb"
	touch "$KROOT/.complete"
fi
VMLINUZ=$KROOT/boot/vmlinuz-$KVER
MODDIR=$KROOT/lib/modules/$KVER
[ -f "$VMLINUZ" ] || fail "no $VMLINUZ in the package"

# --- our modules, from the unchanged sources (a tree of symlinks) -----------
BUILD=$WORK/module-build
. "$SRC/tests/kernel/module-build.sh"
module_build "$SRC" "$BUILD" "$KDIR" "$WORK/module-build.log" modules || fail "module build"
for ko in gfraid gfraid_raid6; do
	[ -f "$BUILD/kernel/$ko.ko" ] || fail "no $ko.ko"
done
PQ=$(find "$MODDIR" -name 'raid6_pq.ko*' | head -n 1)
case $PQ in *.xz) xz -dc "$PQ" >"$WORK/raid6_pq.ko"; PQ=$WORK/raid6_pq.ko ;; esac
[ "$(modinfo -F vermagic "$BUILD/kernel/gfraid.ko")" = "$(modinfo -F vermagic "$PQ")" ] ||
	fail "vermagic of gfraid.ko differs from the kernel's"
say "modules built"

# --- initramfs ----------------------------------------------------------------
IRD=$WORK/initramfs
rm -rf "$IRD"
mkdir -p "$IRD"/{bin,sbin,dev,proc,sys,tmp,run,etc}
cp "$BUSYBOX" "$IRD/bin/busybox"
cp -L "$(command -v mdadm)" "$IRD/sbin/mdadm"
for lib in $(ldd "$(command -v mdadm)" | grep -o '/[^ ]*'); do
	mkdir -p "$IRD$(dirname "$lib")"
	cp -L "$lib" "$IRD$lib"
done
declare -A HAVE=()
add_module() {	# add_module NAME: the module and, recursively, what it needs
	local name=$1 file dep rel
	[ -n "${HAVE[$name]:-}" ] && return
	HAVE[$name]=1
	file=$(find "$MODDIR/kernel" \( -name "$name.ko*" -o -name "${name//_/-}.ko*" \
		-o -name "${name//-/_}.ko*" \) | head -n 1)
	[ -n "$file" ] || fail "kernel module $name not in linux-image-$KVER"
	rel=${file#"$KROOT"/}
	mkdir -p "$IRD/$(dirname "$rel")"
	case $file in
	*.xz) xz -dc "$file" >"$IRD/${rel%.xz}"; file=$IRD/${rel%.xz} ;;
	*.zst) zstd -qdc "$file" >"$IRD/${rel%.zst}"; file=$IRD/${rel%.zst} ;;
	*) cp "$file" "$IRD/$rel" ;;
	esac
	for dep in $(modinfo -F depends "$file" | tr ',' ' '); do add_module "$dep"; done
}
for m in raid6_pq xor raid456 md-mod loop async_tx async_memcpy async_xor async_pq \
	async_raid6_recov crc32c_generic libcrc32c; do
	add_module "$m"
done
cp "$MODDIR"/modules.{order,builtin,builtin.modinfo} "$IRD/lib/modules/$KVER/" 2>/dev/null || true
depmod -b "$IRD" "$KVER"
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
cp "$SRC/tests/kernel/guest-init.sh" "$IRD/init"
chmod +x "$IRD/init"
(cd "$IRD" && find . | cpio -o -H newc --quiet | gzip -1) >"$WORK/initramfs.cpio.gz"
say "initramfs $(du -h "$WORK/initramfs.cpio.gz" | cut -f1)"

# --- boot -------------------------------------------------------------------
# A nested "PVM" KVM (/sys/module/kvm_pvm) cannot boot
# a stock kernel; TCG can, emulating up to AVX2. Real KVM must show AVX-512
# and GFNI to the guest, and then the GFNI tier is required.
if [ "$ACCEL" = auto ]; then
	ACCEL=tcg
	if [ -w /dev/kvm ] && [ ! -d /sys/module/kvm_pvm ] && grep -qw gfni /proc/cpuinfo &&
		grep -qw avx512bw /proc/cpuinfo; then
		ACCEL=kvm
	fi
fi
case $ACCEL in
kvm) QEMU_ACCEL=(-enable-kvm -cpu host); EXPECT=gfni ;;
tcg) QEMU_ACCEL=(-accel tcg,thread=multi -cpu max); EXPECT= ;;
*) fail "GFRAID_QEMU_ACCEL must be auto, kvm or tcg" ;;
esac
CONSOLE=$WORK/console-$ACCEL.log
say "booting ($ACCEL); serial log: $CONSOLE"
: >"$CONSOLE"
set +e
timeout "$TIMEOUT" qemu-system-x86_64 "${QEMU_ACCEL[@]}" -smp 2 -m 1536 -nographic -no-reboot \
	-kernel "$VMLINUZ" -initrd "$WORK/initramfs.cpio.gz" \
	-append "console=ttyS0 panic=-1 loglevel=4 gt.mb=$MEMBER_MB gt.expect=$EXPECT" \
	</dev/null >"$CONSOLE" 2>&1
QRC=$?
set -e
grep -a '^GT:' "$CONSOLE" | tr -d '\r' || true
say "qemu exited ($QRC) after $(($(date +%s) - T0))s"
if grep -aq '^GT: RESULT: PASS' "$CONSOLE"; then
	say "PASS"
	exit 0
fi
grep -aq '^GT: RESULT: FAIL' "$CONSOLE" || { tail -n 30 "$CONSOLE" | tr -d '\r'; fail "no verdict from the guest (timeout or crash)"; }
fail "the guest reported failures (see above and $CONSOLE)"
