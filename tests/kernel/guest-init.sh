#!/bin/busybox sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# /init of the qemu guest of qemu-md-raid6.sh. Lines for the host start
# with "GT:"; the last one is "GT: RESULT: PASS" or "GT: RESULT: FAIL ...".
. /guest-lib.sh
. /guest-md.sh

# --- raid6_pq, gfraid.ko, the refused and the real override ---------------
modprobe raid6_pq || bad "modprobe raid6_pq"
dmesg | grep 'raid6:' | sed 's/^/GT: dmesg: /'

# The module's self-test: corrupt (test hook) the gen_syndrome and
# ec_encode variants a plain load picks; the reload must report both
# failed once and pick others. Both loads untimed (table order): the
# subject is the self-test; the load md runs on below is timed.
uses() { since $1 | sed -n "s/.*gfraid: $2 uses \([a-z0-9_]*\).*/\1/p" | tail -1; }
n=$(dmesg | wc -l)
insmod /gfraid.ko calibrate=0 || bad "insmod gfraid.ko"
GEN=$(uses $n gen_syndrome)
ENC=$(uses $n ec_encode)
rmmod gfraid || bad "rmmod gfraid"
n=$(dmesg | wc -l)
insmod /gfraid.ko calibrate=0 selftest_corrupt=gen_syndrome=$GEN,ec_encode=$ENC ||
	bad "insmod gfraid.ko selftest_corrupt"
since $n | grep 'gfraid:' | sed 's/^/GT: dmesg: /'
for pair in gen_syndrome:$GEN ec_encode:$ENC; do
	op=${pair%%:*} was=${pair#*:}
	now=$(uses $n $op)
	c=$(since $n | grep -c "gfraid: $op variant $was failed its known-answer self-test")
	if [ -n "$was" ] && [ "$c" = 1 ] && [ -n "$now" ] && [ "$now" != "$was" ]; then
		say "self-test in gfraid.ko: $op $was corrupted, reported once, $now used instead"
	else
		bad "self-test in gfraid.ko: $op was '$was', now '$now', $c reports"
	fi
done
rmmod gfraid || bad "rmmod gfraid (corrupted)"

insmod /gfraid.ko || bad "insmod gfraid.ko"
dmesg | grep 'gfraid:' | tail -n 5 | sed 's/^/GT: dmesg: /'

# as built for a kernel whose raid6_pq lacks the recovery pointer
if refuses gfraid_raid6 /gfraid_raid6_moved_on.ko; then
	since $N | grep -q 'gfraid_raid6: .* has no raid6_datap_recov to replace' ||
		bad "no one-line reason from the moved-on build"
	say "built for a kernel without the recovery pointer: refused, saying so"
fi

# corrupt=1 spoils the gen check's output, corrupt=2 the recovery check's
for c in 1 2; do
	refuses gfraid_raid6 /gfraid_raid6.ko corrupt=$c || continue
	since $N | grep -q 'not installed' || bad "no refusal message (corrupt=$c)"
	[ $c = 2 ] && { since $N | grep -q 'raid6_2data_recov by libgfraid gives wrong bytes' ||
		bad "corrupt=2 refused for another reason"; }
	since $N | grep -q 'installed gen_syndrome' && bad "installed although refused"
	say "corrupted load-time check ($c) refused the load"
done

override_on() {
	n=$(dmesg | wc -l)
	insmod /gfraid_raid6.ko || bad "insmod gfraid_raid6.ko"
	since $n | sed 's/^/GT: dmesg: /'
	TIER=$(since $n | sed -n 's/.*installed gen_syndrome \([^,]*\),.*/\1/p')
	[ -n "$TIER" ] || bad "no 'installed' line"
	since $n | grep -q 'recovery .* matches the kernel.s on' || bad "no recovery check line"
	since $n | grep -q 'and recovery .*, replacing the kernel.s' || bad "recovery not installed"
	say "override on: gen_syndrome $TIER, recovery too"
	case $EXPECT in
	*gfni*) case $TIER in *gfni*) ;; *) bad "GFNI tier expected, got $TIER" ;; esac ;;
	esac
}
override_off() {
	n=$(dmesg | wc -l)
	rmmod gfraid_raid6 || bad "rmmod gfraid_raid6"
	since $n | sed 's/^/GT: dmesg: /'
	since $n | grep -q 'restored' || bad "no 'restored' line"
	say "override off"
}
override_on

# --- RAID-6 on loop devices in tmpfs -----------------------------------------
modprobe loop max_loop=16 || bad "modprobe loop"
modprobe raid456 || bad "modprobe raid456"
echo 2000000 >/proc/sys/dev/raid/speed_limit_max
echo 2000000 >/proc/sys/dev/raid/speed_limit_min
md_trial "the override"
# two members lost are, stripe by stripe, two data blocks or data and P
# (and data and Q, P and Q, which need no recovery call): md must have
# run both of libgfraid's recoveries
r2=$(cat /sys/module/gfraid_raid6/parameters/recoveries_2data)
rp=$(cat /sys/module/gfraid_raid6/parameters/recoveries_datap)
[ "$r2" -gt 0 ] && [ "$rp" -gt 0 ] || bad "md did not use libgfraid's recovery (2data $r2, datap $rp calls)"
say "md ran libgfraid's recovery: 2data $r2 calls, datap $rp calls"

# --- the stock kernel code on what the override wrote, and back ---------------
MEMBERS=$(ls -d $MD/dev-loop* | sed 's|.*/dev-|/dev/|')
override_off
mdadm --stop /dev/md0 >/dev/null || bad "mdadm --stop"
mdadm --assemble /dev/md0 $MEMBERS >/dev/null || bad "mdadm --assemble with the stock code"
settle
verify "reassembled, stock code"
scrub zero

write_payload "stock code"
verify "written with the stock code"
override_on
scrub zero
verify "read with the override"
override_off

# --- ec-cli raid6check on the stopped array -----------------------------------
[ -x /ec-cli ] || finish
CHUNK=$(($(cat $MD/chunk_size)))
declare_roles() {	# ROLE_<role>=/dev/loopN, OFF_<role>=data offset in bytes
	for d in $MD/dev-loop*; do
		r=$(cat $d/slot)
		eval "ROLE_$r=/dev/${d##*/dev-}; OFF_$r=$(($(cat $d/offset) * 512))"
	done
}
declare_roles
mdadm --stop /dev/md0 >/dev/null || bad "mdadm --stop for raid6check"
# the default left-symmetric layout: in row s, P is role 5 - s % 6, Q the next
spoil() {	# spoil ROW ROLE BYTE COUNT: COUNT random bytes of ROLE's chunk in ROW
	eval "dev=\$ROLE_$2 off=\$OFF_$2"
	dd if=/dev/urandom of=$dev bs=1 count=$4 seek=$((off + $1 * CHUNK + $3)) \
		conv=notrunc 2>/dev/null || bad "spoil row $1 role $2"
	sync
}
check() {	# check WANT_STATUS [ARGS]: raid6check's JSON report into $REPORT
	want=$1
	shift
	# the first suitable variants, untimed: the subject here is the scrub
	REPORT=$(GFRAID_CALIBRATE=0 LD_LIBRARY_PATH=/ec-cli-lib /ec-cli raid6check --quiet --json "$@" $MEMBERS)
	st=$?
	[ "$st" = "$want" ] || bad "raid6check $*: exit status $st, not $want: $REPORT"
}
check 0
say "raid6check: the array as md left it is consistent ($(echo "$REPORT" | sed 's/.*"checked": \([0-9]*\).*/\1/') rows)"
spoil 3 $(((5 - 3 % 6 + 2) % 6)) 1000 100	# data
spoil 5 $((5 - 5 % 6)) 20000 7	# P
spoil 7 $(((5 - 7 % 6 + 1) % 6)) 0 1	# Q
check 1
for want in "3 $(((5 - 3 % 6 + 2) % 6)) data" "5 $((5 - 5 % 6)) P" "7 $(((5 - 7 % 6 + 1) % 6)) Q"; do
	set -- $want
	echo "$REPORT" | grep -q "\"stripe\": $1, \"verdict\": \"located\", \"role\": $2, [^}]*\"holds\": \"$3\"" &&
		say "raid6check: row $1, role $2 ($3) located" || bad "raid6check missed row $1 role $2: $REPORT"
done
[ "$(echo "$REPORT" | grep -o '"stripe":' | wc -l)" = 3 ] || bad "raid6check reported other rows: $REPORT"
check 1 --repair
check 0
say "raid6check --repair: consistent again"
mdadm --assemble /dev/md0 $MEMBERS >/dev/null || bad "mdadm --assemble after the repair"
settle
verify "repaired by raid6check, stock code"
scrub zero
mdadm --stop /dev/md0 >/dev/null || bad "mdadm --stop for the two-member row"
spoil 9 0 100 50
spoil 9 1 3000 50
before=$(for r in 0 1; do eval "dd if=\$ROLE_$r bs=512 skip=\$(((OFF_$r + 9 * CHUNK) / 512)) count=$((CHUNK / 512)) 2>/dev/null"; done | sha256sum)
check 1 --repair
echo "$REPORT" | grep -q '"stripe": 9, "verdict": "unlocatable"' &&
	say "raid6check: row 9 with two members spoilt is unlocatable" || bad "row 9 not unlocatable: $REPORT"
after=$(for r in 0 1; do eval "dd if=\$ROLE_$r bs=512 skip=\$(((OFF_$r + 9 * CHUNK) / 512)) count=$((CHUNK / 512)) 2>/dev/null"; done | sha256sum)
[ "$before" = "$after" ] && say "raid6check --repair left the unlocatable row alone" ||
	bad "raid6check --repair wrote an unlocatable row"

# The other three standard layouts, each a fresh 5-member md1: consistent as
# md wrote it; a data member spoilt in row 1 located, repaired, and md's
# check and a read-back agree. Members of 4 MiB: 64 rows of 64 KiB chunks,
# and raid6check goes over each array three times.
MD=/sys/block/md1/md
MB=4
for lay in left-asymmetric right-asymmetric right-symmetric; do
	for i in 10 11 12 13 14; do member $i; done
	mdadm --create /dev/md1 --run --quiet --level=6 --layout=$lay --raid-devices=5 --chunk=64 \
		/dev/loop10 /dev/loop11 /dev/loop12 /dev/loop13 /dev/loop14 || bad "mdadm --create $lay"
	settle
	dd if=/dev/urandom of=/tmp/payload bs=1M count=$((MB * 2)) 2>/dev/null
	SUM=$(sha256sum /tmp/payload | cut -d' ' -f1)
	dd if=/tmp/payload of=/dev/md1 bs=1M conv=fsync 2>/dev/null || bad "write md1 ($lay)"
	rm -f /tmp/payload
	MEMBERS=$(ls -d $MD/dev-loop* | sed 's|.*/dev-|/dev/|')
	declare_roles
	mdadm --stop /dev/md1 >/dev/null || bad "mdadm --stop md1"
	check 0
	case $lay in left-*) pd=3 ;; *) pd=1 ;; esac	# row 1's P
	role=$(((pd + 2) % 5))
	spoil 1 $role 512 64
	check 1 --repair
	echo "$REPORT" | grep -q "\"stripe\": 1, \"verdict\": \"located\", \"role\": $role, " ||
		bad "$lay: row 1 role $role not located: $REPORT"
	check 0
	mdadm --assemble /dev/md1 $MEMBERS >/dev/null || bad "mdadm --assemble md1 ($lay)"
	settle
	got=$(dd if=/dev/md1 bs=1M count=$((MB * 2)) 2>/dev/null | sha256sum | cut -d' ' -f1)
	echo check >$MD/sync_action
	settle
	[ "$got" = "$SUM" ] && [ "$(cat $MD/mismatch_cnt)" = 0 ] &&
		say "raid6check, $lay: consistent, row 1 role $role located and repaired, md agrees" ||
		bad "$lay: after the repair read-back $got, mismatch_cnt $(cat $MD/mismatch_cnt)"
	mdadm --stop /dev/md1 >/dev/null || bad "mdadm --stop md1"
done

finish
