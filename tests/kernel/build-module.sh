#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Compile check of gfraid.ko, md's RAID-6 module (gfraid_raid6.ko, or
# raid6_pq.ko on 7.2 and later) and gfraid_isal.ko against the headers of
# Debian's linux-headers-amd64 (or of the kernel series GFRAID_KERNEL names,
# e.g. 6.12; or the tree GFRAID_KDIR names), unpacked by kernel-tree.sh into
# GFRAID_KERNEL_CACHE (7.x, from Debian unstable: prepared by
# kernel-tree-sid.sh), from the unchanged src/ files; with arm64, against
# Debian's linux-headers-arm64 with aarch64-linux-gnu-gcc (the NEON tiers,
# kernel_neon_begin/end). The build runs in a tree of
# symlinks under WORKDIR so the source tree gets no kbuild output. Any
# warning fails it, objtool's included (it checks the nasm kernels too).
# Then again with GFRAID_TABLE_TIERS=n: no file or function of the
# registry's TABLES tiers in gfraid.ko.
# Usage: [GFRAID_KERNEL=6.12] build-module.sh SOURCE_DIR WORKDIR [arm64]
set -eu
srcdir=$1
work=$2
arch=${3:-}
set --

rm -rf "$work"
mkdir -p "$work"
kdir=${GFRAID_KDIR:-}
if [ "$arch" = arm64 ]; then
	# The arm64 headers unpacked, not installed (they would pull in
	# gcc-12:arm64); their scripts are the host's linux-kbuild, which
	# Debian builds to serve any target (Multi-Arch: foreign).
	pkg=$(apt-cache show linux-headers-arm64:arm64 | sed -n 's/^Depends: \([^ ,]*\).*/\1/p' | head -n 1)
	[ -n "$pkg" ] || { echo "build-module: no linux-headers-arm64:arm64 (dpkg --add-architecture arm64; apt-get update)" >&2; exit 1; }
	common=$(apt-cache show "$pkg:arm64" | sed -n 's/^Depends: \([^ ,]*-common\) (= \([^)]*\)).*/\1=\2/p' | head -n 1)
	# The host's kbuild: the one unpacked with the amd64 headers.
	host=$(sh "$(dirname "$0")/kernel-tree.sh" default) || exit 1
	kbuild=$(cd "$(echo "$host" | sed -n 3p)/../../lib" && pwd)/linux-kbuild-6.1
	[ -d "$kbuild" ] || { echo "build-module: no $kbuild" >&2; exit 1; }
	mkdir -p "$work/headers/debs" "$work/headers/usr/lib"
	(cd "$work/headers/debs" && apt-get download "$pkg:arm64" "$common" >/dev/null 2>&1) ||
		{ echo "build-module: cannot download $pkg:arm64 $common" >&2; exit 1; }
	for deb in "$work"/headers/debs/*.deb; do
		dpkg-deb -x "$deb" "$work/headers"
	done
	ln -s "$kbuild" "$work/headers/usr/lib/linux-kbuild-6.1"
	sed -i "s|/usr/src/|$work/headers/usr/src/|" "$work/headers/usr/src/$pkg/Makefile"
	kdir=$work/headers/usr/src/$pkg
	set -- CROSS_COMPILE=aarch64-linux-gnu-
elif [ -z "$kdir" ]; then
	case ${GFRAID_KERNEL:-default} in
	# Debian unstable's series, prepared from its linux-source
	7.*) tree=$(sh "$(dirname "$0")/kernel-tree-sid.sh" "$GFRAID_KERNEL") || exit 1 ;;
	*) tree=$(sh "$(dirname "$0")/kernel-tree.sh" "${GFRAID_KERNEL:-default}") || exit 1 ;;
	esac
	kdir=$(echo "$tree" | sed -n 3p)
fi
if [ ! -f "$kdir/Makefile" ]; then
	echo "build-module: no kernel build directory at $kdir" >&2
	exit 1
fi
echo "build-module: building against $kdir"

. "$srcdir/tests/kernel/module-build.sh"
if ! module_build "$srcdir" "$work" "$kdir" "$work/build.log" "$@"; then
	echo "build-module: the module did not build" >&2
	exit 1
fi
cat "$work/build.log"
if grep -q "warning:" "$work/build.log"; then
	echo "build-module: the kernel build printed warnings" >&2
	exit 1
fi

# objtool ran over the nasm kernels: on each object (6.1), or on the linked
# gfraid.o where IBT delays it (6.12)
if [ "$arch" != arm64 ]; then
	for asm in "$work"/asm/*.asm; do
		cmd=$(dirname "$asm")/.$(basename "$asm" .asm).o.cmd
		if ! grep -q objtool "$cmd" && ! grep -q "objtool.* --link" "$work/kernel/.gfraid.o.cmd"; then
			echo "build-module: objtool did not check $(basename "$asm")" >&2
			exit 1
		fi
	done
	echo "build-module: objtool checked the nasm kernels"
fi

# md's RAID-6 module by the kernel's <linux/raid/pq.h>: the override
# where raid6_call is (up to 7.1), raid6_pq.ko where 7.2's interface is.
if [ -f "$work/kernel/raid6_pq.ko" ]; then
	md=raid6_pq
else
	md=gfraid_raid6
fi
for name in gfraid $md gfraid_isal; do
	ko=$work/kernel/$name.ko
	test -f "$ko" || { echo "build-module: no $name.ko" >&2; exit 1; }
	license=$(modinfo -F license "$ko")
	[ "$license" = "Dual BSD/GPL" ] || { echo "build-module: $name license is '$license'" >&2; exit 1; }
done
for name in $md gfraid_isal; do
	deps=$(modinfo -F depends "$work/kernel/$name.ko")
	case ",$deps," in
	*,gfraid,*) ;;
	*) echo "build-module: $name.ko depends on '$deps', not gfraid" >&2; exit 1 ;;
	esac
done

# dkms-source from a tree the modules were just built in, as from a
# checkout after `make -C kernel`: the sources are this tree's symlinks,
# so any regular file copied is something the build made.
ln -sf "$srcdir/dkms.conf" "$work/dkms.conf"
rm -rf "$work/LICENSES" "$work/dkms-source"
cp -rs "$srcdir/LICENSES" "$work/"
make -s -C "$work/kernel" dkms-source DEST="$work/dkms-source"
made=$(find "$work/dkms-source" -type f)
[ -z "$made" ] || { echo "build-module: dkms-source copied build output: $made" >&2; exit 1; }
copied=$(find "$work/dkms-source" -type l | wc -l)
sources=$(cd "$work" && find dkms.conf LICENSES kernel src include asm -type l | wc -l)
[ "$copied" = "$sources" ] ||
	{ echo "build-module: dkms-source copied $copied of the $sources sources" >&2; exit 1; }
echo "build-module: dkms-source after the build: $copied sources, no build output"

# Every function of the public header is exported by the module, but
# those it declares for userspace only (#ifndef __KERNEL__).
missing=0
for sym in $(sed '/^#ifndef __KERNEL__/,/^#endif/d' "$srcdir/include/gfraid.h" |
	sed -n 's/^[a-z][a-z *]*[ *]\(gfraid_[a-z0-9_]*\)(.*/\1/p'); do
	if ! grep -q "[[:space:]]$sym[[:space:]]" "$work/kernel/Module.symvers"; then
		echo "build-module: $sym is not exported" >&2
		missing=1
	fi
done
# Every name of ISA-L's interface, GPL-only, by gfraid_isal.ko.
isal=0
for sym in $(cat "$srcdir"/include/gfraid-isal/isa-l_ec.h "$srcdir"/include/gfraid-isal/erasure_code.h \
	"$srcdir"/include/gfraid-isal/gf_vect_mul.h | perl -0777 -pe 's{/\*.*?\*/}{}gs; s/^(#|extern "C"|\}).*$//mg' | tr '\n' ' ' | tr ';' '\n' |
	sed -n 's/^ *\(unsigned char\|void\|int\|bool\) \([a-z0-9_]*\)(.*/\2/p'); do
	if ! grep -q "[[:space:]]$sym[[:space:]]\(.*/\)\{0,1\}gfraid_isal[[:space:]]EXPORT_SYMBOL_GPL" "$work/kernel/Module.symvers"; then
		echo "build-module: $sym is not exported (GPL) by gfraid_isal.ko" >&2
		missing=1
	fi
	isal=$((isal + 1))
done
[ "$isal" -ge 28 ] || { echo "build-module: only $isal of ISA-L's names found in the headers" >&2; exit 1; }
[ "$missing" = 0 ] || exit 1
echo "build-module: gfraid.ko, $md.ko and gfraid_isal.ko built, $(grep -c gfraid_ "$work/kernel/Module.symvers") gfraid_ symbols exported, and ISA-L's $isal names (GPL)"
if [ "$md" = raid6_pq ]; then
	# What the kernel's raid6_pq exports (its Module.symvers: name, export
	# type), ours exports, and nothing else.
	theirs=$(awk -F '\t' '$3 ~ /(^|\/)raid6_pq$/ { print $2, $4 }' "$kdir/Module.symvers" | sort)
	ours=$(awk -F '\t' '$3 ~ /(^|\/)raid6_pq$/ { print $2, $4 }' "$work/kernel/Module.symvers" | sort)
	[ -n "$theirs" ] || { echo "build-module: the kernel's Module.symvers has no raid6_pq exports" >&2; exit 1; }
	[ "$ours" = "$theirs" ] || {
		printf 'kernel:\n%s\nours:\n%s\n' "$theirs" "$ours"
		echo "build-module: raid6_pq.ko's exports are not the kernel's raid6_pq's" >&2
		exit 1
	}
	[ "$(modinfo -F name "$work/kernel/raid6_pq.ko")" = raid6_pq ] ||
		{ echo "build-module: raid6_pq.ko is not named raid6_pq" >&2; exit 1; }
	echo "build-module: raid6_pq.ko exports what the kernel's raid6_pq does:" $(echo "$ours" | awk '{ print $1 }')
fi
desc=$(modinfo -F description "$work/kernel/$md.ko")
case $desc in *refuses*) echo "build-module: $md.ko is the refusing one here: $desc" >&2; exit 1 ;; esac

# A kernel that moved on: with a <linux/raid/pq.h> whose recovery is not a
# pointer (and no 7.2 interface), gfraid_raid6.ko is built to refuse,
# naming what is missing.
if [ "$arch" != arm64 ] && [ "$md" = gfraid_raid6 ]; then
	module_build_moved_on "$srcdir" "$work" "$kdir" "$work" "$work/build-moved-on.log" "$@" ||
		{ echo "build-module: the refusing module did not build" >&2; exit 1; }
	desc=$(modinfo -F description "$work/kernel/gfraid_raid6.ko")
	case $desc in *refuses*) ;; *) echo "build-module: with recovery not a pointer, gfraid_raid6.ko is '$desc'" >&2; exit 1 ;; esac
	grep -aq 'has no %s to replace' "$work/kernel/gfraid_raid6.ko" && grep -aq 'raid6_datap_recov' "$work/kernel/gfraid_raid6.ko" ||
		{ echo "build-module: the refusing module does not name what is missing" >&2; exit 1; }
	echo "build-module: against a <linux/raid/pq.h> without the recovery pointers, gfraid_raid6.ko refuses to load, naming raid6_datap_recov"
fi

# A kernel with raid6_pq built in (CONFIG_RAID6_PQ=y, given to make as the
# kernel's config would): Kbuild says so and builds no raid6_pq.ko.
if [ "$md" = raid6_pq ]; then
	make -C "$work/kernel" KDIR="$kdir" clean >/dev/null 2>&1
	module_build "$srcdir" "$work" "$kdir" "$work/build-builtin.log" CONFIG_RAID6_PQ=y "$@" ||
		{ echo "build-module: the build for a built-in raid6_pq failed" >&2; exit 1; }
	[ ! -e "$work/kernel/raid6_pq.ko" ] && [ -f "$work/kernel/gfraid.ko" ] ||
		{ echo "build-module: with raid6_pq built in, raid6_pq.ko was built (or gfraid.ko not)" >&2; exit 1; }
	grep -q 'raid6_pq is built into this kernel' "$work/build-builtin.log" ||
		{ echo "build-module: with raid6_pq built in, Kbuild did not say so" >&2; exit 1; }
	echo "build-module: with raid6_pq built into the kernel, no raid6_pq.ko, and Kbuild says why"
fi

# Without the nibble-table tiers: their files not compiled, their
# functions not in gfraid.ko, the rest built as before.
tiers=$(sed -n 's/^GFR_TIER(\([a-z0-9_]*\), .*, TABLES)$/\1/p' "$srcdir/src/variants.h")
[ -n "$tiers" ] || { echo "build-module: no TABLES tier in the registry" >&2; exit 1; }
make -C "$work/kernel" KDIR="$kdir" clean >/dev/null 2>&1
module_build "$srcdir" "$work" "$kdir" "$work/build-no-tables.log" GFRAID_TABLE_TIERS=n "$@" ||
	{ echo "build-module: GFRAID_TABLE_TIERS=n did not build" >&2; exit 1; }
if grep -q "warning:" "$work/build-no-tables.log"; then
	cat "$work/build-no-tables.log"
	echo "build-module: GFRAID_TABLE_TIERS=n printed warnings" >&2
	exit 1
fi
kept=$(nm "$work/kernel/gfraid.ko" | sed -n 's/^[0-9a-f]* [Tt] \(gfr_[a-z0-9]*_[a-z0-9]*_.*\)$/\1/p')
[ -n "$kept" ] || { echo "build-module: GFRAID_TABLE_TIERS=n: no variant function at all" >&2; exit 1; }
for t in $tiers; do
	if [ -e "$work/src/ec/$t.o" ] || [ -e "$work/src/raid6/$t.o" ]; then
		echo "build-module: GFRAID_TABLE_TIERS=n compiled the $t tier" >&2
		exit 1
	fi
	if echo "$kept" | grep -Eq "_${t}(_x[0-9]+(nt)?|_nt)?\$"; then
		echo "build-module: GFRAID_TABLE_TIERS=n: a $t function is in gfraid.ko" >&2
		exit 1
	fi
done
present=""
for t in $(sed -n 's/^GFR_TIER(\([a-z0-9_]*\), .*)$/\1/p' "$srcdir/src/variants.h"); do
	echo "$kept" | grep -Eq "^gfr_[a-z0-9]+_[a-z0-9]+_${t}(_x[0-9]+(nt)?|_nt)?\$" && present="$present $t"
done
echo "build-module: GFRAID_TABLE_TIERS=n leaves out the" $tiers "tiers; gfraid.ko has the$present tiers"
