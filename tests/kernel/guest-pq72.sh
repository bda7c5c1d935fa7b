#!/bin/busybox sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# /init of the qemu guest of qemu-pq72.sh: Linux 7.2 with libgfraid's
# raid6_pq.ko (/raid6_pq.ko) in place of the kernel's (its own module, in
# /lib/modules). Lines for the host start with "GT:"; the last one is
# "GT: RESULT: PASS" or "GT: RESULT: FAIL ...".
. /guest-lib.sh
. /guest-md.sh
STOCK=$(find /lib/modules -name raid6_pq.ko | head -n 1)

insmod /gfraid.ko || bad "insmod gfraid.ko"
dmesg | grep 'gfraid:' | tail -n 5 | sed 's/^/GT: dmesg: /'

# Each corrupted load-time check refuses the load; the kernel's own
# raid6_pq then loads in its place.
for c in tables gen xor 2data datap; do
	refuses raid6_pq /raid6_pq.ko corrupt=$c || continue
	case $c in
	tables) what="its tables are not the field's" ;;
	gen) what="gen_syndrome (Q) gives wrong bytes" ;;
	xor) what="xor_syndrome (P) gives wrong bytes" ;;
	2data) what="recov_2data gives wrong bytes" ;;
	datap) what="recov_datap gives wrong bytes" ;;
	esac
	since $N | grep -q "raid6_pq (libgfraid): $what.*not loaded" || bad "corrupt=$c: no refusal naming it"
	say "corrupt=$c: refused"
done
n=$(dmesg | wc -l)
insmod "$STOCK" || bad "insmod the kernel's raid6_pq after our refusal"
since $n | grep 'raid6:' | sed 's/^/GT: dmesg: /'
since $n | grep -q 'raid6: using algorithm' || bad "the kernel's raid6_pq chose no algorithm"
say "the kernel's raid6_pq loads in its place"
rmmod raid6_pq || bad "rmmod the kernel's raid6_pq"

# whether the raid6_pq loaded is ours (only ours has parameters)
pq_is_ours() {
	[ -r /sys/module/raid6_pq/parameters/corrupt ]
}
ours_on() {
	n=$(dmesg | wc -l)
	insmod /raid6_pq.ko || bad "insmod raid6_pq.ko (libgfraid)"
	since $n | sed 's/^/GT: dmesg: /'
	GEN=$(since $n | sed -n 's/.*raid6_pq (libgfraid): gen \([a-z0-9_]*\),.*checks passed.*/\1/p')
	[ -n "$GEN" ] || bad "no 'checks passed' line from raid6_pq.ko"
	case $EXPECT in
	*gfni*) case $GEN in *gfni*) ;; *) bad "GFNI tier expected, got $GEN" ;; esac ;;
	esac
	say "raid6_pq (libgfraid) on: gen $GEN"
}
# stock_on / *_off: raid6_pq swapped while nothing uses it
stock_on() {
	insmod "$STOCK" || bad "insmod the kernel's raid6_pq"
	pq_is_ours && bad "ours loaded, not the kernel's"
	say "the kernel's raid6_pq on"
}
pq_off() {
	for m in raid456 async_raid6_recov async_pq btrfs; do
		[ -d /sys/module/$m ] && { rmmod $m || bad "rmmod $m"; }
	done
	rmmod raid6_pq || bad "rmmod raid6_pq"
}

# --- md RAID-6 on loop devices -------------------------------------------------
ours_on
modprobe loop max_loop=24 || bad "modprobe loop"
modprobe raid456 || bad "modprobe raid456"
pq_is_ours || bad "raid456 runs on another raid6_pq"
echo 2000000 >/proc/sys/dev/raid/speed_limit_max
echo 2000000 >/proc/sys/dev/raid/speed_limit_min

md_trial "libgfraid's raid6_pq"
# stripe by stripe, two data blocks or data and P were lost (or data and
# Q, P and Q, which need no recovery): md ran both recoveries of ours
recoveries() {
	echo "$(cat /sys/module/raid6_pq/parameters/recoveries_2data) $(cat /sys/module/raid6_pq/parameters/recoveries_datap)"
}
set -- $(recoveries)
[ "$1" -gt 0 ] && [ "$2" -gt 0 ] || bad "md did not run libgfraid's recoveries (2data $1, datap $2 calls)"
say "md ran libgfraid's recoveries: 2data $1 calls, datap $2 calls"

# The kernel's raid6_pq on what ours wrote, and back.
MEMBERS=$(ls -d $MD/dev-loop* | sed 's|.*/dev-|/dev/|')
# reassemble_on ours|stock WHOSE: md stopped, raid6_pq swapped for WHOSE, the
# array assembled again, read back and scrubbed
reassemble_on() {
	mdadm --stop /dev/md0 >/dev/null || bad "mdadm --stop"
	pq_off
	${1}_on
	modprobe raid456 || bad "modprobe raid456 ($2)"
	mdadm --assemble /dev/md0 $MEMBERS >/dev/null || bad "mdadm --assemble with $2"
	settle
	verify "reassembled, read with $2"
	scrub zero
}
reassemble_on stock "the kernel's raid6_pq"
write_payload "the kernel's raid6_pq"
reassemble_on ours "libgfraid's raid6_pq"
mdadm --stop /dev/md0 >/dev/null || bad "mdadm --stop"

# --- btrfs RAID-6 (data and metadata) on loop devices ----------------------------
if [ -x /sbin/mkfs.btrfs ]; then
	for i in 0 1 2 3 4 5 6 7 8; do
		losetup -d /dev/loop$i 2>/dev/null
		rm -f /tmp/m$i
	done
	MB=256	# btrfs: at least 125 MiB a device, and room for scrub (sparse files)
	for i in 10 11 12 13 14; do member $i; done
	modprobe btrfs || bad "modprobe btrfs"
	pq_is_ours || bad "btrfs runs on another raid6_pq"
	mkfs.btrfs -q -f -d raid6 -m raid6 /dev/loop10 /dev/loop11 /dev/loop12 /dev/loop13 \
		>/dev/null || bad "mkfs.btrfs raid6"
	mkdir -p /mnt
	bmount() {	# bmount OPTIONS LOOP...: mount the file system on those devices
		o=$1
		shift
		for d in "$@"; do o=$o,device=/dev/loop$d; done
		mount -t btrfs -o ${o#,} /dev/loop$1 /mnt || bad "mount btrfs ($*)"
	}
	bscrub() {	# bscrub WHEN: a scrub that must find nothing wrong
		btrfs scrub start -B /mnt >/tmp/scrub.log 2>&1 || bad "btrfs scrub ($1)"
		grep -q 'no errors found' /tmp/scrub.log && say "btrfs scrub ($1): no errors" ||
			{ sed 's/^/GT: scrub: /' /tmp/scrub.log; bad "btrfs scrub ($1) found errors"; }
	}
	bverify() {	# bverify WHEN: the payload read back from disk
		echo 3 >/proc/sys/vm/drop_caches
		got=$(sha256sum /mnt/payload | cut -d' ' -f1)
		[ -n "$BSUM" ] && [ "$got" = "$BSUM" ] && say "btrfs verify ($1): OK" ||
			bad "btrfs verify ($1): checksum mismatch"
	}
	bmount "" 10 11 12 13
	dd if=/dev/urandom of=/mnt/payload bs=1M count=32 2>/dev/null || bad "write btrfs"
	sync
	BSUM=$(sha256sum /mnt/payload | cut -d' ' -f1)
	bverify "written"
	bscrub "written"
	umount /mnt
	# two devices gone (read-only, nothing written past them): every read
	# of theirs is a RAID-6 recovery
	for i in 11 12; do losetup -d /dev/loop$i; done
	bmount degraded,ro 10 13
	set -- $(recoveries)
	r2=$1 rp=$2
	bverify "devices 2 and 3 missing"
	set -- $(recoveries)
	[ "$1" -gt "$r2" ] && [ "$2" -gt "$rp" ] ||
		bad "btrfs's degraded read did not run libgfraid's recoveries (2data $r2 -> $1, datap $rp -> $2)"
	say "btrfs ran libgfraid's recoveries: 2data $((${1} - r2)) calls, datap $((${2} - rp)) calls"
	umount /mnt
	# device 3 back, device 2 replaced by a new one, rebuilt from the rest
	losetup /dev/loop12 /tmp/m12 || bad "losetup loop12"
	rm -f /tmp/m11
	bmount degraded 10 12 13
	btrfs replace start -B 2 /dev/loop14 /mnt >/tmp/replace.log 2>&1 ||
		{ sed 's/^/GT: replace: /' /tmp/replace.log; bad "btrfs replace"; }
	bscrub "device 2 replaced"
	umount /mnt
	bmount "" 10 12 13 14
	bverify "remounted after the replacement"
	bscrub "remounted"
	umount /mnt
else
	bad "no mkfs.btrfs in the guest"
fi

finish
