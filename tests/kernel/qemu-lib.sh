# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Sourced by the real-kernel tests (qemu-md-raid6.sh, qemu-raidkm.sh,
# qemu-pq72.sh), bash:
# Debian's own kernel image downloaded and unpacked (never installed), an
# initramfs of busybox, mdadm and the kernel's modules, and a qemu boot whose
# guest reports lines "GT: ..." ending in "GT: RESULT: PASS|FAIL".

QEMU_LIB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
T0=$(date +%s)
# say MSG: MSG after the seconds since the test began; fail MSG: that, and out
say() { printf '[%4ss] %s\n' "$(($(date +%s) - T0))" "$*"; }
fail() { say "FAIL: $*" >&2; exit 1; }

# qemu_prerequisites: the host's tools (installed by scripts/install-deps.sh)
qemu_prerequisites() {
	local cmd
	local cmd pkg
	for cmd in qemu-system-x86_64 busybox mdadm cpio dpkg-deb apt-get depmod modinfo make gzip; do
		case $cmd in
		qemu-system-x86_64) pkg=qemu-system-x86 ;;
		busybox) pkg=busybox-static ;;
		depmod | modinfo) pkg=kmod ;;
		dpkg-deb) pkg=dpkg ;;
		apt-get) pkg=apt ;;
		*) pkg=$cmd ;;
		esac
		command -v "$cmd" >/dev/null ||
			fail "missing '$cmd' (package $pkg: ./scripts/install-deps.sh --all installs it)"
	done
	BUSYBOX=$(command -v busybox)
	if ldd "$BUSYBOX" >/dev/null 2>&1; then
		fail "$BUSYBOX is dynamically linked (package busybox-static: ./scripts/install-deps.sh --all installs it)"
	fi
}

# qemu_setup SRC WORKDIR SERIES: WORK (WORKDIR made, absolute), the host's
# tools checked, the kernel of SERIES unpacked (qemu_kernel) and the
# accelerator chosen (qemu_accel).
qemu_setup() {
	mkdir -p "$2"
	WORK=$(cd "$2" && pwd)
	qemu_prerequisites
	qemu_kernel "$1" "$3" "$WORK"
	qemu_accel "${GFRAID_QEMU_ACCEL:-auto}"
}

# check_vermagic MODULE...: each built module's vermagic is the kernel's
# (that of its loop.ko), or fail.
check_vermagic() {
	local want ko
	want=$(modinfo -F vermagic "$(find "$MODDIR" -name 'loop.ko*' | head -n 1)")
	[ -n "$want" ] || fail "no vermagic in the kernel's loop.ko"
	for ko; do
		[ "$(modinfo -F vermagic "$ko")" = "$want" ] ||
			fail "vermagic of ${ko##*/} differs from the kernel's"
	done
}

# qemu_modules SRC NAME...: our modules built from the unchanged sources
# for the kernel's tree into BUILD (WORK/module-build); each NAME.ko there,
# with the kernel's vermagic, or fail.
qemu_modules() {
	local src=$1 ko kos=()
	shift
	BUILD=$WORK/module-build
	. "$src/tests/kernel/module-build.sh"
	module_build "$src" "$BUILD" "$KDIR" "$WORK/module-build.log" modules || fail "module build"
	for ko; do
		[ -f "$BUILD/kernel/$ko.ko" ] || fail "no $ko.ko"
		kos+=("$BUILD/kernel/$ko.ko")
	done
	check_vermagic "${kos[@]}"
	say "modules built: $*"
}

# qemu_kernel SRC SERIES WORK: the headers of SERIES unpacked (kernel-tree.sh)
# and the image of exactly that version unpacked under WORK (the kernel and
# the md, raid, crypto and loop modules); sets KVER HVER KDIR KROOT VMLINUZ
# MODDIR.
qemu_kernel() {
	local src=$1 series=$2 work=$3 tree script=kernel-tree.sh deb
	case $series in 7.*) script=kernel-tree-sid.sh ;; esac
	tree=$(sh "$src/tests/kernel/$script" "$series") ||
		fail "no kernel tree for series $series"
	KVER=$(sed -n 1p <<<"$tree")
	HVER=$(sed -n 2p <<<"$tree")
	KDIR=$(sed -n 3p <<<"$tree")
	[ -f "$KDIR/Makefile" ] || fail "no kernel build directory at $KDIR"
	say "kernel $KVER ($HVER)"
	KROOT=$work/kernel-$KVER-$HVER
	case $series in
	7.*)
		# Debian unstable: the image in linux-binary-*, its modules in
		# linux-modules-*, modules.builtin and .order in linux-base-*, all
		# under usr/lib/modules/<release>/
		if [ ! -e "$KROOT/.complete" ]; then
			rm -rf "$KROOT"
			mkdir -p "$KROOT"
			deb=$("$src/scripts/sid-debs.sh" "${GFRAID_SID_CACHE:-${GFRAID_KERNEL_CACHE:-$work}/sid}" \
				"linux-binary-$KVER=$HVER" "linux-modules-$KVER=$HVER" "linux-base-$KVER=$HVER") ||
				fail "cannot download linux-{binary,modules,base}-$KVER=$HVER"
			dpkg-deb --fsys-tarfile "$(sed -n 1p <<<"$deb")" | tar -x -C "$KROOT" --wildcards \
				'./usr/lib/modules/*/vmlinuz' || fail "no vmlinuz in linux-binary-$KVER"
			dpkg-deb --fsys-tarfile "$(sed -n 2p <<<"$deb")" | tar -x -C "$KROOT" --wildcards \
				'./usr/lib/modules/*/kernel/lib/*' \
				'./usr/lib/modules/*/kernel/crypto/*' './usr/lib/modules/*/kernel/arch/x86/crypto/*' \
				'./usr/lib/modules/*/kernel/drivers/md/*' './usr/lib/modules/*/kernel/fs/btrfs/*' \
				'./usr/lib/modules/*/kernel/drivers/block/loop.ko*' ||
				fail "cannot unpack linux-modules-$KVER"
			dpkg-deb --fsys-tarfile "$(sed -n 3p <<<"$deb")" | tar -x -C "$KROOT" --wildcards \
				'./usr/lib/modules/*/modules.*' || fail "cannot unpack linux-base-$KVER"
			touch "$KROOT/.complete"
		fi
		VMLINUZ=$KROOT/usr/lib/modules/$KVER/vmlinuz
		MODDIR=$KROOT/usr/lib/modules/$KVER
		[ -f "$VMLINUZ" ] || fail "no $VMLINUZ in linux-binary-$KVER"
		return
		;;
	esac
	if [ ! -e "$KROOT/.complete" ]; then
		rm -rf "$KROOT"
		mkdir -p "$KROOT/deb"
		# The signed image, or the unsigned one it is made from (the same
		# kernel; the signed package can reach the archive days later).
		download() {
			(cd "$KROOT/deb" && { apt-get -q download "linux-image-$KVER=$HVER" ||
				apt-get -q download "linux-image-$KVER-unsigned=$HVER"; })
		}
		if ! download >"$work/download.log" 2>&1; then
			# Stale or missing package lists: refresh them once (as root).
			[ "$(id -u)" = 0 ] && apt-get -q update >>"$work/download.log" 2>&1
			download >>"$work/download.log" 2>&1 ||
				{ cat "$work/download.log"; fail "cannot download linux-image-$KVER(-unsigned)=$HVER"; }
		fi
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
}

# initramfs_start DIR: busybox and mdadm (with its libraries) in a new DIR
initramfs_start() {
	local lib
	IRD=$1
	rm -rf "$IRD"
	mkdir -p "$IRD"/{bin,sbin,usr/bin,usr/sbin,dev,proc,sys,tmp,run,etc}
	cp "$BUSYBOX" "$IRD/bin/busybox"
	cp -L "$(command -v mdadm)" "$IRD/sbin/mdadm"
	for lib in $(ldd "$(command -v mdadm)" | grep -o '/[^ ]*'); do
		mkdir -p "$IRD$(dirname "$lib")"
		cp -L "$lib" "$IRD$lib"
	done
	HAVE=()
}

declare -A HAVE=()
# add_module NAME: the image's module NAME and, recursively, what it needs
add_module() {
	local name=$1 file dep rel
	[ -n "${HAVE[$name]:-}" ] && return
	HAVE[$name]=1
	file=$(find "$MODDIR/kernel" \( -name "$name.ko*" -o -name "${name//_/-}.ko*" \
		-o -name "${name//-/_}.ko*" \) | head -n 1)
	[ -n "$file" ] || fail "kernel module $name not in linux-image-$KVER"
	rel=${file#"$KROOT"/}
	rel=${rel#usr/}
	mkdir -p "$IRD/$(dirname "$rel")"
	case $file in
	*.xz) xz -dc "$file" >"$IRD/${rel%.xz}"; file=$IRD/${rel%.xz} ;;
	*.zst) zstd -qdc "$file" >"$IRD/${rel%.zst}"; file=$IRD/${rel%.zst} ;;
	*) cp "$file" "$IRD/$rel" ;;
	esac
	for dep in $(modinfo -F depends "$file" | tr ',' ' '); do add_module "$dep"; done
}

# initramfs_finish INIT OUT: INIT as /init beside /guest-lib.sh and
# /guest-md.sh, modules.dep
# made, packed to OUT
initramfs_finish() {
	cp "$MODDIR"/modules.{order,builtin,builtin.modinfo} "$IRD/lib/modules/$KVER/" 2>/dev/null || true
	depmod -b "$IRD" "$KVER"
	cp "$1" "$IRD/init"
	cp "$QEMU_LIB_DIR/guest-lib.sh" "$QEMU_LIB_DIR/guest-md.sh" "$IRD/"
	chmod +x "$IRD/init"
	(cd "$IRD" && find . | cpio -o -H newc --quiet | gzip -1) >"$2"
	say "initramfs $(du -h "$2" | cut -f1)"
}

# qemu_accel ACCEL: sets QEMU_ACCEL (qemu's arguments) and EXPECT (gfni
# where the guest's CPU must offer the GFNI tier). A nested "PVM" KVM
# (/sys/module/kvm_pvm) cannot boot a stock kernel; TCG can, emulating up
# to AVX2. Real KVM must show AVX-512 and GFNI to the guest, and then the
# GFNI tier is required.
qemu_accel() {
	ACCEL=$1
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
}

# qemu_boot INITRD APPEND: boot VMLINUZ with INITRD, the serial console to
# WORK/console-ACCEL.log, "console=... APPEND" as the command line, killed
# after GFRAID_QEMU_TIMEOUT seconds (1500); print the guest's GT: lines and
# exit 0 on its PASS, 1 otherwise. A stock kernel that oopses under TCG
# with no module loaded and before the guest's /init has said anything
# (Debian's 7.2.13 did, at 1.3-1.6 s, in sched_clock_cpu or
# enqueue_timer: none of our code had run) is booted once more, its first
# console kept as console-ACCEL.first.log; a second such crash fails.
qemu_boot() {
	local initrd=$1 append=$2 console=$WORK/console-$ACCEL.log
	local timeout=${GFRAID_QEMU_TIMEOUT:-1500} qrc attempt
	for attempt in 1 2; do
		say "booting ($ACCEL); serial log: $console"
		: >"$console"
		set +e
		timeout "$timeout" qemu-system-x86_64 "${QEMU_ACCEL[@]}" -smp 2 -m 1536 -nographic -no-reboot \
			-kernel "$VMLINUZ" -initrd "$initrd" \
			-append "console=ttyS0 panic=-1 loglevel=4 $append" \
			</dev/null >"$console" 2>&1
		qrc=$?
		set -e
		grep -a '^GT:' "$console" | tr -d '\r' || true
		say "qemu exited ($qrc) after $(($(date +%s) - T0))s"
		if [ "$attempt" = 1 ] && ! grep -aq '^GT:' "$console" &&
			grep -aq 'Oops:' "$console" &&
			! tr -d '\r' <"$console" | grep -aq 'Modules linked in: *[^ ]'; then
			tail -n 30 "$console" | tr -d '\r'
			cp "$console" "$WORK/console-$ACCEL.first.log"
			say "the kernel oopsed with no module loaded, before the guest's /init said anything: booting again"
			continue
		fi
		break
	done
	if grep -aq '^GT: RESULT: PASS' "$console"; then
		say "PASS"
		exit 0
	fi
	grep -aq '^GT: RESULT: FAIL' "$console" ||
		{ tail -n 30 "$console" | tr -d '\r'; fail "no verdict from the guest (timeout or crash)"; }
	fail "the guest reported failures (see above and $console)"
}
