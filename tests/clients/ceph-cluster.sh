#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Ceph's isa erasure-code plugin, from Debian's packages, running
# libgfraid's code inside the OSDs by the route an operator keeps:
# LD_PRELOAD of libgfraid-isal.so.0, which the plugin's calls to
# ec_init_tables, ec_encode_data, gf_gen_rs_matrix, gf_gen_cauchy1_matrix
# and gf_invert_matrix (through its PLT) then reach.
#
# A one-machine cluster in WORKDIR (a monitor, a manager and 11 filestore
# OSDs on 127.0.0.1, no authentication, no systemd, no /etc/ceph; every
# daemon stopped by its PID): first with the stock plugin, writing the
# reference objects to one pool per profile (isa reed_sol_van and cauchy,
# 4+2 and 8+3); then every OSD restarted with the preload, which writes
# the same objects to a second pool per profile, reads all back, reads
# with 1 and m OSDs down, writes while they are down, and recovers when
# they return. Every shard file of every object, and the plugin's
# per-shard CRC record (the hinfo_key attribute), must be byte-identical
# between the two pools. One OSD runs with every SIMD ec_encode variant
# failing its self-test (GFRAID_SELFTEST_CORRUPT), so its log proves that
# libgfraid's encode ran inside it; every OSD's loader shows the plugin's
# calls bound to libgfraid-isal.
# Usage: ceph-cluster.sh LIBGFRAID_ISAL_SO WORKDIR
set -u
lib=$1 work=$2
missing=""
for c in ceph-mon ceph-mgr ceph-osd ceph rados monmaptool; do
	command -v $c >/dev/null || missing="$missing $c"
done
if [ -n "$missing" ]; then
	echo "skipped: no$missing (apt-get install ceph-mon ceph-mgr ceph-osd ceph-common; scripts/install-deps.sh --all)"
	exit 77
fi
plugin_dir=/usr/lib/$(gcc -print-multiarch)/ceph/erasure-code
OSDS=11
PROFILES="van42 cauchy42 van83 cauchy83"
SIZES="1 4095 65539 1048576 16777223"
fails=0
checks=0
check() {
	checks=$((checks + 1))
	if [ "$1" = ok ]; then echo "ok: $2"; else echo "FAIL: $2"; fails=$((fails + 1)); fi
}
die() { echo "FAIL: $*"; stop_all; exit 1; }

rm -rf "$work"
mkdir -p "$work"/{run,log,mon,mgr,data}
cd "$work" || exit 1
conf=$work/ceph.conf
c="-c $conf"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
port2=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
fsid=$(cat /proc/sys/kernel/random/uuid)
cat >"$conf" <<C
[global]
fsid = $fsid
mon host = [v2:127.0.0.1:$port,v1:127.0.0.1:$port2]
public addr = 127.0.0.1
cluster addr = 127.0.0.1
ms bind ipv4 = true
ms bind ipv6 = false
auth cluster required = none
auth service required = none
auth client required = none
auth supported = none
run dir = $work/run
admin socket = $work/run/\$name.asok
pid file = $work/run/\$name.pid
log file = $work/log/\$name.log
erasure code dir = $plugin_dir
mon data = $work/mon
mgr data = $work/mgr
mon data avail warn = 1
mon warn on insecure global id reclaim = false
mon warn on insecure global id reclaim allowed = false
mon allow pool delete = true
mon max pg per osd = 1000
osd pool default pg autoscale mode = off
osd crush chooseleaf type = 0
osd objectstore = filestore
osd data = $work/data/osd\$id
osd journal = $work/data/osd\$id/journal
osd journal size = 128
journal dio = false
journal aio = false
osd max object name len = 256
osd max object namespace len = 64
filestore max inline xattrs other = 10
filestore max inline xattr size other = 1024
C

pid_of() { cat "$work/run/$1.pid" 2>/dev/null; }
stop_daemon() {	# NAME: SIGTERM to its PID, then wait for it to exit
	p=$(pid_of "$1")
	[ -n "$p" ] || return 0
	kill "$p" 2>/dev/null
	for _ in $(seq 100); do kill -0 "$p" 2>/dev/null || break; sleep 0.2; done
	kill -9 "$p" 2>/dev/null
	rm -f "$work/run/$1.pid"
}
stop_all() {
	for i in $(seq 0 $((OSDS - 1))); do stop_daemon osd.$i; done
	stop_daemon mgr.x
	stop_daemon mon.a
}
trap stop_all EXIT
start_osd() {	# ID [ENV...]: start osd.ID in the foreground, its stderr in
	# log/osd.ID.stderr (with osd_flag=-d it keeps its stderr open, where
	# libgfraid would speak), once it wrote its PID
	id=$1
	shift
	rm -f "$work/run/osd.$id.pid"
	env "$@" ceph-osd "${osd_flag:--f}" $c -i "$id" </dev/null >>"$work/log/osd.$id.stderr" 2>&1 &
	for _ in $(seq 100); do [ -s "$work/run/osd.$id.pid" ] && return 0; sleep 0.1; done
	return 1
}
wait_clean() {	# every PG active+clean, within 300 s
	for _ in $(seq 300); do
		s=$(ceph $c pg stat 2>/dev/null)
		case $s in *" pgs: "*" active+clean;"*) 
			n=$(echo "$s" | sed -n 's/^\([0-9]*\) pgs: \([0-9]*\) active+clean;.*/\1 \2/p')
			set -- $n
			[ -n "${1:-}" ] && [ "$1" = "${2:-}" ] && return 0 ;;
		esac
		sleep 1
	done
	echo "not clean: $(ceph $c pg stat)"
	return 1
}

monmaptool --create --addv a "[v2:127.0.0.1:$port,v1:127.0.0.1:$port2]" --fsid "$fsid" \
	"$work/monmap" >/dev/null || die "monmaptool"
ceph-mon $c --mkfs -i a --monmap "$work/monmap" >"$work/log/mkfs.log" 2>&1 || die "ceph-mon --mkfs"
ceph-mon $c -i a </dev/null >/dev/null 2>&1 || die "ceph-mon"
ceph-mgr $c -i x </dev/null >/dev/null 2>&1 || die "ceph-mgr"
for i in $(seq 0 $((OSDS - 1))); do
	id=$(ceph $c osd create) || die "osd create"
	mkdir -p "$work/data/osd$id"
	ceph-osd $c -i "$id" --mkfs --osd-uuid "$(cat /proc/sys/kernel/random/uuid)" \
		>>"$work/log/mkfs.log" 2>&1 || die "osd.$id mkfs"
	ceph $c osd crush add "osd.$id" 1.0 root=default >/dev/null 2>&1 || die "crush add osd.$id"
	start_osd "$id" || die "osd.$id start"
done

profile_args() {
	case $1 in
	van42) echo "technique=reed_sol_van k=4 m=2" ;;
	cauchy42) echo "technique=cauchy k=4 m=2" ;;
	van83) echo "technique=reed_sol_van k=8 m=3" ;;
	cauchy83) echo "technique=cauchy k=8 m=3" ;;
	esac
}
for p in $PROFILES; do
	# shellcheck disable=SC2046
	ceph $c osd erasure-code-profile set "$p" plugin=isa $(profile_args "$p") \
		crush-failure-domain=osd >/dev/null 2>&1 || die "profile $p"
	for side in stock ours; do
		ceph $c osd pool create "$side-$p" 4 4 erasure "$p" >/dev/null 2>&1 || die "pool $side-$p"
	done
done
wait_clean || die "the new cluster did not become clean"
check ok "a cluster of 1 monitor, 1 manager and $OSDS OSDs, 8 pools (isa reed_sol_van and cauchy, 4+2 and 8+3), clean"

for s in $SIZES; do
	head -c "$s" /dev/urandom >"$work/obj$s"
done
put_all() {	# SIDE PREFIX [PROFILES]: every size into each profile's pool of SIDE
	for p in ${3:-$PROFILES}; do
		for s in $SIZES; do
			rados $c -p "$1-$p" put "$2$s" "$work/obj$s" || return 1
		done
	done
}
get_all() {	# SIDE PREFIX [PROFILES]: read back and compare
	for p in ${3:-$PROFILES}; do
		for s in $SIZES; do
			rados $c -p "$1-$p" get "$2$s" "$work/got" || { echo "get $1-$p $2$s failed"; return 1; }
			cmp -s "$work/got" "$work/obj$s" || { echo "$1-$p $2$s read back wrong"; return 1; }
		done
	done
}

# The stock plugin writes the reference: the objects, and those the
# preloaded OSDs will write while members are down.
put_all stock plain && put_all stock downone && put_all stock downm && get_all stock plain &&
	r=ok || r=bad
check $r "stock plugin: $(echo $SIZES | wc -w) sizes written to each of 4 pools three times and read back"

# Every OSD again, now with libgfraid-isal preloaded; osd.0 with every
# SIMD encode failing its self-test, so that it logs libgfraid's encode.
variants=$(python3 - "$lib" <<'PY'
import ctypes, sys
lib = ctypes.CDLL(sys.argv[1])
g = ctypes.CDLL("libgfraid.so.0")
g.gfraid_op_name.restype = ctypes.c_char_p
g.gfraid_impl_name.restype = ctypes.c_char_p
op = next(i for i in range(64) if g.gfraid_op_name(i) == b"ec_encode")
names = [g.gfraid_impl_name(op, i).decode() for i in range(g.gfraid_impl_count(op))]
print(",".join("ec_encode=" + n for n in names if n != "base"))
PY
) || die "no variant list from $lib"
for i in $(seq 0 $((OSDS - 1))); do stop_daemon osd.$i; done
for i in $(seq 0 $((OSDS - 1))); do
	if [ "$i" = 0 ]; then
		osd_flag=-d start_osd "$i" LD_PRELOAD="$lib" LD_DEBUG=bindings \
			GFRAID_SELFTEST_CORRUPT="$variants" ||
			die "osd.$i with the preload"
	else
		start_osd "$i" LD_PRELOAD="$lib" || die "osd.$i with the preload"
	fi
done
wait_clean || die "not clean after the restart with the preload"
mapped=0
for i in $(seq 0 $((OSDS - 1))); do
	m=/proc/$(pid_of osd.$i)/maps
	grep -q "libgfraid-isal.so.0" "$m" && grep -q "libgfraid.so.0" "$m" && mapped=$((mapped + 1))
done
[ $mapped = $OSDS ] && r=ok || r=bad
check $r "every OSD maps libgfraid-isal.so.0 and libgfraid.so.0 ($mapped of $OSDS)"

put_all ours plain && get_all ours plain && get_all stock plain && r=ok || r=bad
check $r "preloaded: written to each pool and read back; the stock plugin's objects read back"
bound=$(grep -o "libec_isa.so \[0\] to [^ ]*libgfraid-isal\.so[.0-9]* \[0\]: normal symbol \`[a-z0-9_]*'" \
	"$work/log/osd.0.stderr" | sed "s/.*\`//; s/'//" | sort -u | tr '\n' ' ')
case $bound in
*ec_encode_data\ *ec_init_tables*gf_gen_cauchy1_matrix*gf_gen_rs_matrix*gf_invert_matrix*) r=ok ;;
*) r=bad ;;
esac
check $r "osd.0's loader bound the isa plugin's calls to libgfraid-isal: $bound"
# an object whose PG osd.0 leads, so that osd.0 encodes it
probe=""
for p in $PROFILES; do
	for i in $(seq 64); do
		if ceph $c osd map "ours-$p" "probe$i" 2>/dev/null | grep -q "acting (\[.*\], p0)$"; then
			probe="ours-$p/probe$i"
			break 2
		fi
	done
done
[ -n "$probe" ] && rados $c -p "${probe%/*}" put "${probe#*/}" "$work/obj65539" ||
	die "no object for osd.0 to encode ($probe)"
n=$(grep -c "^libgfraid: ec_encode variant .* failed its known-answer self-test" "$work/log/osd.0.stderr")
[ "$n" -ge 1 ] && r=ok || r=bad
check $r "osd.0, leading $probe's PG, logged libgfraid's ec_encode self-test ($n variants set to fail): its encode ran in the OSD"

# Degraded: 1 OSD down, then m (2, then 3); no rebalancing meanwhile.
ceph $c osd set noout >/dev/null 2>&1
for p in $PROFILES; do
	k=$(profile_args "$p" | sed 's/.*k=\([0-9]*\).*/\1/')
	for side in stock ours; do ceph $c osd pool set "$side-$p" min_size "$k" >/dev/null 2>&1; done
done
down() {	# ID: stop it and have the monitor mark it down
	stop_daemon osd.$1
	ceph $c osd down "osd.$1" >/dev/null 2>&1
	for _ in $(seq 60); do
		ceph $c osd dump 2>/dev/null | grep -q "^osd.$1 down" && return 0
		sleep 1
	done
	return 1
}
down 3 || die "osd.3 not marked down"
sleep 3
get_all ours plain && get_all stock plain && put_all ours downone && get_all ours downone &&
	r=ok || r=bad
check $r "1 OSD down: every object read, new ones written and read"
down 7 || die "osd.7 not marked down"
sleep 3
get_all ours plain && get_all stock plain && put_all ours downm "van42 cauchy42" &&
	get_all ours downm "van42 cauchy42" && r=ok || r=bad
check $r "2 OSDs down (m of 4+2): every object read, new ones written and read"
down 9 || die "osd.9 not marked down"
sleep 3
get_all ours plain "van83 cauchy83" && get_all stock plain "van83 cauchy83" &&
	put_all ours downm "van83 cauchy83" && get_all ours downm "van83 cauchy83" && r=ok || r=bad
check $r "3 OSDs down (m of 8+3): every 8+3 object read, new ones written and read"
for i in 3 7 9; do start_osd "$i" LD_PRELOAD="$lib" || die "osd.$i back"; done
ceph $c osd unset noout >/dev/null 2>&1
wait_clean && r=ok || r=bad
check $r "the 3 OSDs back: recovered, every PG active+clean"
get_all ours plain && get_all ours downone && get_all ours downm && r=ok || r=bad
check $r "after recovery every object reads back"

# The shards on disk: stop every OSD (its journal applied), then compare.
for i in $(seq 0 $((OSDS - 1))); do stop_daemon osd.$i; done
pools=$(ceph $c osd pool ls detail 2>/dev/null | sed -n "s/^pool \([0-9]*\) '\([a-z0-9-]*\)'.*/\2=\1/p")
out=$(python3 - "$work/data" "$pools" "$PROFILES" "$SIZES" <<'PY'
import os, re, sys
data, pools, profiles, sizes = sys.argv[1], sys.argv[2].split(), sys.argv[3].split(), sys.argv[4].split()
ids = dict(p.split("=") for p in pools)
shards = {}
for root, _, files in os.walk(data):
    for f in files:
        m = re.match(r"(.+)__head_[0-9A-F]+__([0-9a-f]+)_ffffffffffffffff_([0-9a-f]+)$", f)
        if not m:
            continue
        path = os.path.join(root, f)
        with open(path, "rb") as fh:
            body = fh.read()
        try:
            hinfo = os.getxattr(path, "user.ceph.hinfo_key")
        except OSError:
            hinfo = None
        shards[(int(m.group(2), 16), m.group(1), int(m.group(3), 16))] = (body, hinfo)
bad, n, nh = [], 0, 0
for p in profiles:
    k, mm = (4, 2) if p.endswith("42") else (8, 3)
    for prefix in ("plain", "downone", "downm"):
        for s in sizes:
            name = prefix + s
            for sh in range(k + mm):
                a = shards.get((int(ids["stock-" + p]), name, sh))
                b = shards.get((int(ids["ours-" + p]), name, sh))
                if a is None or b is None:
                    bad.append("%s %s shard %d missing (stock %s, ours %s)" % (p, name, sh, a is not None, b is not None))
                    continue
                n += 1
                if a[0] != b[0]:
                    bad.append("%s %s shard %d: bytes differ" % (p, name, sh))
                if a[1] is None or a[1] != b[1]:
                    bad.append("%s %s shard %d: hinfo_key differs or is missing" % (p, name, sh))
                else:
                    nh += 1
print("%d shards compared, %d hinfo records" % (n, nh))
for b in bad[:20]:
    print(b)
sys.exit(1 if bad else 0)
PY
) && r=ok || r=bad
check $r "every shard file and CRC record the preloaded OSDs wrote equals the stock plugin's: $out"

stop_all
trap - EXIT
echo "$((checks - fails)) passed, $fails failed"
[ "$fails" = 0 ]
