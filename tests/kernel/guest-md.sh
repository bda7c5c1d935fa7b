# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Sourced by the md RAID-6 guests (guest-init.sh, guest-pq72.sh), busybox
# sh, after /guest-lib.sh: members on loop devices in tmpfs, waiting for md,
# failing members, writing a checksummed payload, reading it back and
# scrubbing. MB (a member's MiB) and MD (/sys/block/mdN/md) are the
# caller's, and DATA, the payload's MiB; write_payload sets SUM.
uptime_s() { cut -d' ' -f1 /proc/uptime; }
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
	t=$(uptime_s)
	echo check >$MD/sync_action
	settle
	mm=$(cat $MD/mismatch_cnt)
	say "scrub: mismatch_cnt=$mm ($(awk "BEGIN{print $(uptime_s) - $t}")s)"
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

