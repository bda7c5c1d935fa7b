# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Sourced by the md RAID-6 guests (guest-init.sh, guest-pq72.sh), busybox
# sh, after /guest-lib.sh: mdadm's setting up, the guest's kernel and CPU
# said, gt.mb= (MB, a member's MiB) and gt.expect= (EXPECT) read, MD set to
# md0's sysfs; then helpers for members on loop devices in tmpfs, waiting
# for md, failing members, writing a checksummed payload (DATA MiB; SUM),
# reading it back and scrubbing, and md_trial, which runs them all.
export MDADM_NO_UDEV=1
mount -t tmpfs tmpfs /run
mkdir -p /etc/mdadm
MB=$(arg mb)
EXPECT=$(arg expect)
MD=/sys/block/md0/md
say "kernel $(uname -r), $(nproc) CPUs"
for f in sse2 ssse3 avx2 avx512bw gfni; do
	grep -qw $f /proc/cpuinfo && say "cpu has $f" || say "cpu lacks $f"
done
member() {	# member N: a fresh zeroed file behind /dev/loopN
	losetup -d /dev/loop$1 2>/dev/null
	rm -f /tmp/m$1
	truncate -s ${MB}M /tmp/m$1 && losetup /dev/loop$1 /tmp/m$1 || bad "losetup loop$1"
}
settle() {	# settle [whole]: wait for resync/recovery/check (and no degradation)
	local i=0
	sleep 1
	while [ "$(cat $MD/sync_action)" != idle ] || grep -qE 'resync|recovery|check' /proc/mdstat ||
		{ [ -n "$1" ] && [ "$(cat $MD/degraded)" != 0 ]; }; do
		i=$((i + 1))
		[ $i -gt 3000 ] && { bad "md0 never settled"; return; }
		sleep 1
	done
}
lose() {	# lose N: fail and remove loopN
	mdadm /dev/md0 --fail /dev/loop$1 >/dev/null 2>&1 || bad "fail loop$1"
	for i in 1 2 3 4 5 6 7 8 9 10; do
		mdadm /dev/md0 --remove /dev/loop$1 >/dev/null 2>&1 && return
		sleep 1
	done
	bad "remove loop$1"
}
verify() {	# verify WHAT: read the payload back through md and compare
	sync
	echo 3 >/proc/sys/vm/drop_caches
	blockdev --flushbufs /dev/md0
	got=$(dd if=/dev/md0 bs=1M count=$DATA 2>/dev/null | sha256sum | cut -d' ' -f1)
	[ "$got" = "$SUM" ] && say "verify ($1): OK" || bad "verify ($1): checksum mismatch"
}
scrub() {	# scrub zero|nonzero
	t=$(stamp)
	echo check >$MD/sync_action
	settle
	mm=$(cat $MD/mismatch_cnt)
	say "scrub: mismatch_cnt=$mm ($(awk "BEGIN{print $(stamp) - $t}")s)"
	case $1 in
	zero) [ "$mm" = 0 ] || bad "mismatch_cnt $mm after a clean scrub" ;;
	nonzero) [ "$mm" != 0 ] || bad "the scrub missed the corruption" ;;
	esac
}
write_payload() {	# write_payload WHAT: fresh random data over 90% of md0
	dd if=/dev/urandom of=/tmp/payload bs=1M count=$DATA 2>/dev/null
	SUM=$(sha256sum /tmp/payload | cut -d' ' -f1)
	dd if=/tmp/payload of=/dev/md0 bs=1M conv=fsync 2>/dev/null || bad "write md0"
	rm -f /tmp/payload
	say "wrote $DATA MiB ($1), sha256 $SUM"
}

# md_trial WHAT: md0, a 6-member RAID-6 on loop0..5, written (WHAT names
# with what) and read back and scrubbed; 64 KiB of one member changed
# behind md's back (the scrub must count it); that member lost and rebuilt
# onto loop6, then two more lost and rebuilt onto loop7 and loop8, the
# payload read back and md scrubbed after each step. Sets DATA and SUM.
md_trial() {
	for i in 0 1 2 3 4 5; do member $i; done
	t=$(stamp)
	mdadm --create /dev/md0 --run --quiet --level=6 --raid-devices=6 --chunk=64 \
		/dev/loop0 /dev/loop1 /dev/loop2 /dev/loop3 /dev/loop4 /dev/loop5 || bad "mdadm --create"
	settle
	say "resync of 6 x ${MB} MiB: $(awk "BEGIN{print $(stamp) - $t}")s"
	DATA=$(($(cat /sys/block/md0/size) / 2048 * 9 / 10))

	write_payload "$1"
	verify "written with $1"
	scrub zero

	# 64 KiB of one member changed behind md's back: the scrub must count it
	off=$(cat $MD/dev-loop1/offset)
	dd if=/dev/urandom of=/dev/loop1 bs=512 seek=$((off + 256)) count=128 conv=notrunc,fsync 2>/dev/null
	scrub nonzero

	lose 1
	verify "1 member lost"
	member 6
	mdadm /dev/md0 --add /dev/loop6 >/dev/null || bad "add loop6"
	settle whole
	verify "1 member rebuilt"
	scrub zero

	lose 2
	lose 4
	verify "2 members lost"
	member 7
	member 8
	mdadm /dev/md0 --add /dev/loop7 /dev/loop8 >/dev/null || bad "add loop7, loop8"
	settle whole
	verify "2 members rebuilt"
	scrub zero
}
