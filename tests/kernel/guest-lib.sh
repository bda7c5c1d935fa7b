# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Sourced by the qemu guests' /init scripts (busybox sh), as /guest-lib.sh
# (qemu-lib.sh's initramfs_finish puts it there): the file systems mounted,
# and the helpers every guest reports with. Lines for the host start with
# "GT:"; finish ends them with "GT: RESULT: PASS" or "GT: RESULT: FAIL (N)".
/bin/busybox --install -s
export PATH=/sbin:/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t tmpfs -o size=90% tmpfs /tmp

FAILS=0
# each line stamped with the guest's uptime: where a boot spends its time
stamp() { cut -d' ' -f1 /proc/uptime; }
say() { echo "GT: [$(stamp)] $*"; }
bad() { echo "GT: [$(stamp)] FAIL: $*"; FAILS=$((FAILS + 1)); }
# arg NAME: the value of gt.NAME= on the kernel's command line
arg() { for a in $(cat /proc/cmdline); do case $a in gt.$1=*) echo "${a#*=}" ;; esac; done; }
# since N: dmesg lines after the first N (a mark taken with dmesg | wc -l)
since() { dmesg | tail -n +$(($1 + 1)); }

# refuses NAME KO [ARGS...]: insmod KO ARGS must fail, saying why in dmesg
# (copied for the host), and leave no module NAME; 1 (a failure counted)
# where it loaded. N is then the dmesg mark before the attempt.
refuses() {
	local name=$1
	shift
	N=$(dmesg | wc -l)
	if insmod "$@" 2>/dev/null; then
		bad "$* loaded"
		rmmod "$name"
		return 1
	fi
	since $N | sed 's/^/GT: dmesg: /'
	[ -d /sys/module/"$name" ] && bad "$name present after a refused load"
	return 0
}

# finish: md's state, any WARN, BUG or Oops as a failure, the result, and off
finish() {
	say "mdstat:"
	sed 's/^/GT:   /' /proc/mdstat
	if dmesg | grep -qE 'WARNING:|BUG:|Oops|Call Trace|cut here'; then
		dmesg | grep -B3 -A20 -E 'WARNING:|BUG:|Oops|cut here' | sed 's/^/GT: dmesg: /'
		bad "WARN, BUG or Oops in dmesg"
	fi
	if [ "$FAILS" = 0 ]; then echo "GT: RESULT: PASS"; else echo "GT: RESULT: FAIL ($FAILS)"; fi
	sync
	poweroff -f
}
