#!/bin/busybox sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# /init of the qemu guest of qemu-raidkm.sh: md's k+m personality (raidkm.ko)
# on gfraid_isal.ko, then on the stock isal_lib.ko, the same workload on the
# same geometries, and the members compared. Lines for the host start with
# "GT:"; the last one is "GT: RESULT: PASS" or "GT: RESULT: FAIL ...".
. /guest-lib.sh
MB=$(arg mb)
GEOMETRIES=$(arg geometries | tr ',' ' ')
MD=/sys/block/md0/md

say "kernel $(uname -r), $(nproc) CPUs"
for f in avx2 avx512bw gfni; do
	grep -qw $f /proc/cpuinfo && say "cpu has $f" || say "cpu lacks $f"
done
# loop with room for every member and spare (devtmpfs has no node past max_loop)
modprobe loop max_loop=32 || bad "modprobe loop"
for m in md_mod libcrc32c $(cat /raidkm-deps); do
	modprobe $m || bad "modprobe $m"
done
echo 2000000 >/proc/sys/dev/raid/speed_limit_max
echo 2000000 >/proc/sys/dev/raid/speed_limit_min

# --- gfraid_isal.ko's load-time check ------------------------------------------
insmod /ours/gfraid.ko || bad "insmod gfraid.ko"
for name in ec_encode_data_base ec_encode_data_update_avx2_gfni gf_invert_matrix isal_have_gfni; do
	refuses gfraid_isal /ours/gfraid_isal.ko corrupt=$name || continue
	if since $N | grep -q "gfraid_isal: $name gave wrong bytes in the load-time check; not loading"; then
		say "gfraid_isal corrupt=$name: refused, naming it"
	else
		bad "gfraid_isal corrupt=$name: no refusal naming it"
	fi
done

# --- the workload ----------------------------------------------------------------
member() {	# member N: a fresh zeroed file behind /dev/loopN
	losetup -d /dev/loop$1 2>/dev/null
	rm -f /tmp/m$1
	truncate -s ${MB}M /tmp/m$1 && losetup /dev/loop$1 /tmp/m$1 || bad "losetup loop$1"
}
devno() { echo "$((0x$(stat -c %t $1))):$((0x$(stat -c %T $1)))"; }
settle() {	# settle: wait for resync, recovery or check to end
	local i=0
	sleep 1
	while [ "$(cat $MD/sync_action)" != idle ] || grep -qE 'resync|recovery|check' /proc/mdstat; do
		i=$((i + 1))
		[ $((i % 15)) = 0 ] && { sed 's/^/GT: mdstat: /' /proc/mdstat; dmesg | tail -n 5 | sed 's/^/GT: dmesg: /'; }
		[ $i -gt 600 ] && { bad "md0 never settled"; cat /proc/mdstat | sed 's/^/GT:   /'; return; }
		sleep 1
	done
}
# create K M: md0, level raidkm, K+M members loop0.., 64 KiB chunks, no
# superblock (as md-kmec's raidkm-create.sh, each member's size set)
create() {
	local i
	echo md0 >/sys/module/md_mod/parameters/new_array
	echo raidkm >$MD/level || bad "level raidkm"
	echo $(($1 + $2)) >$MD/raid_disks
	echo $2 >$MD/layout
	echo 65536 >$MD/chunk_size
	for i in $(seq 0 $(($1 + $2 - 1))); do
		member $i
		echo $(devno /dev/loop$i) >$MD/new_dev || bad "new_dev loop$i"
		echo $i >$MD/dev-loop$i/slot
		echo $((MB * 1024)) >$MD/dev-loop$i/size
	done
	echo $((MB * 1024)) >$MD/component_size || bad "component_size"
	echo active >$MD/array_state || bad "array_state active ($1+$2)"
	[ "$(cat /sys/block/md0/size)" -gt 0 ] || bad "md0 has no size ($1+$2)"
	settle
}
stop() {	# stop: md0 stopped and gone, its members released
	echo clear >$MD/array_state || bad "$GEOM: md0 did not stop"
}
verify() {	# verify WHAT: the payload read back through md
	sync
	echo 3 >/proc/sys/vm/drop_caches
	blockdev --flushbufs /dev/md0
	got=$(dd if=/dev/md0 bs=1M count=$DATA 2>/dev/null | sha256sum | cut -d' ' -f1)
	[ "$got" = "$SUM" ] && say "  $GEOM $1: payload intact" || bad "$GEOM $1: payload differs"
}
scrub() {	# scrub WHAT: md's check, no mismatch
	echo check >$MD/sync_action || { bad "$GEOM $1: check refused"; return; }
	settle
	mm=$(cat $MD/mismatch_cnt)
	[ "$mm" = 0 ] && say "  $GEOM $1: scrub clean" || bad "$GEOM $1: mismatch_cnt $mm"
}
slots() {	# slots: the loop device in each slot, slot order
	for d in $MD/dev-loop*; do
		s=$(cat $d/slot)
		[ "$s" != none ] && echo "$s ${d##*/dev-}"
	done | sort -n | cut -d' ' -f2
}
sums() {	# sums FILE: every member's sha256, slot order
	sync
	for l in $(slots); do sha256sum /dev/$l | cut -d' ' -f1; done >$1
}
removed() {	# removed L: L out of the array (busy until md has handled its failure)
	local i
	for i in $(seq 1 20); do
		echo remove >$MD/dev-$1/state 2>/dev/null && return 0
		sleep 1
	done
	return 1
}
fail_members() {	# fail_members N: fail and remove the members in slots 1..N
	local s l
	for l in $(slots | sed -n "2,$(($1 + 1))p"); do
		echo faulty >$MD/dev-$l/state || bad "faulty $l"
		removed $l || bad "remove $l"
	done
	[ "$(cat $MD/degraded)" = "$1" ] || bad "$GEOM: degraded is $(cat $MD/degraded), not $1"
}
rebuild() {	# rebuild N: N spares on fresh loop devices, recovered onto
	local i l
	for i in $(seq 1 $1); do
		l=$NEXT
		NEXT=$((NEXT + 1))
		member $l
		echo $(devno /dev/loop$l) >$MD/new_dev || bad "new_dev loop$l (spare)"
		echo $((MB * 1024)) >$MD/dev-loop$l/size || bad "size of spare loop$l"
	done
	echo recover >$MD/sync_action 2>/dev/null
	settle
	[ "$(cat $MD/degraded)" = 0 ] || bad "$GEOM: still degraded ($(cat $MD/degraded)) after the rebuild"
}
# workload WHO K M: create, write (whole stripes, then 4 KiB pieces zeroed
# and written back, md's read-modify-write), fail 1 and rebuild, fail M and
# rebuild, payload and scrub checked after each step; the members' sums to
# /tmp/sums-WHO-K+M-{written,rebuilt}
workload() {
	local who=$1 k=$2 m=$3 i off
	GEOM="$who $k+$m"
	NEXT=$(($k + $m))
	create $k $m
	DATA=$(($(cat /sys/block/md0/size) / 2048))
	i=0
	# /seed is a little under 1 MiB: DATA + DATA/8 + 1 copies cover DATA MiB
	while [ $i -le $((DATA + DATA / 8 + 1)) ]; do cat /seed; i=$((i + 1)); done |
		head -c $((DATA * 1048576)) >/tmp/payload
	SUM=$(sha256sum /tmp/payload | cut -d' ' -f1)
	dd if=/tmp/payload of=/dev/md0 bs=1M conv=fsync 2>/dev/null || bad "$GEOM: write"
	for i in $(seq 0 23); do
		off=$(((i * 7919 + 13) % (DATA * 256)))
		dd if=/dev/zero of=/dev/md0 bs=4k seek=$off count=1 conv=fsync 2>/dev/null
	done
	for i in $(seq 0 23); do
		off=$(((i * 7919 + 13) % (DATA * 256)))
		dd if=/tmp/payload of=/dev/md0 bs=4k skip=$off seek=$off count=1 conv=fsync 2>/dev/null
	done
	rm -f /tmp/payload
	say "$GEOM: wrote $DATA MiB on $(($k + $m)) x $MB MiB, sha256 $SUM"
	verify "written"
	scrub "written"
	sums /tmp/sums-$who-$k+$m-written
	fail_members 1
	verify "1 member failed"
	rebuild 1
	verify "1 member rebuilt"
	scrub "1 member rebuilt"
	fail_members $m
	verify "$m members failed"
	rebuild $m
	verify "$m members rebuilt"
	scrub "$m members rebuilt"
	sums /tmp/sums-$who-$k+$m-rebuilt
	stop
	for i in $(seq 0 $((NEXT - 1))); do losetup -d /dev/loop$i 2>/dev/null; rm -f /tmp/m$i; done
}

# raidkm on ours
n=$(dmesg | wc -l)
insmod /ours/gfraid_isal.ko || bad "insmod gfraid_isal.ko"
since $n | grep 'gfraid_isal:' | sed 's/^/GT: dmesg: /'
insmod /ours/raidkm.ko || bad "insmod raidkm.ko (built against gfraid_isal)"
[ "$(cat /sys/module/gfraid_isal/refcnt)" -ge 1 ] || bad "raidkm does not hold gfraid_isal"
say "raidkm on gfraid_isal: $(lsmod | grep '^gfraid_isal')"
for g in $GEOMETRIES; do workload ours ${g%+*} ${g#*+}; done
rmmod raidkm gfraid_isal gfraid || bad "rmmod raidkm gfraid_isal gfraid"

# raidkm on the stock isal_lib.ko
insmod /stock/isal_lib.ko || bad "insmod isal_lib.ko"
insmod /stock/raidkm.ko || bad "insmod raidkm.ko (built against isal_lib)"
say "raidkm on the stock isal_lib: $(lsmod | grep '^isal_lib')"
for g in $GEOMETRIES; do workload stock ${g%+*} ${g#*+}; done

for g in $GEOMETRIES; do
	for step in written rebuilt; do
		if [ -s /tmp/sums-ours-$g-$step ] && cmp -s /tmp/sums-ours-$g-$step /tmp/sums-stock-$g-$step; then
			say "$g $step: the $(wc -l </tmp/sums-ours-$g-$step) members identical on ours and stock"
		else
			bad "$g $step: members differ between ours and stock"
			paste /tmp/sums-ours-$g-$step /tmp/sums-stock-$g-$step | sed 's/^/GT:   /'
		fi
	done
done
finish
