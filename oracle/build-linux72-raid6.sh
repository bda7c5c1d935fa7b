#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Build Linux 7.2's lib/raid/raid6 in userspace, unchanged, from Debian's
# linux-source-7.2 tarball. 7.2 has no userspace test Makefile: its files
# are compiled here against the shims in linux72/ with the glue
# linux72_raid6.c, after the kernel's own generators (unroll.awk for the
# unrolled integer and NEON code, mktables for the tables), linked into one
# object whose only global symbols are the glue's lref72_* and
# lref_linux72 (7.2's raid6_* names are those of 6.1's lib/raid6, which the
# same programs link), and archived as OUTDIR/liblinux72_raid6.a.
# Usage: build-linux72-raid6.sh SOURCE OUTDIR ORACLEDIR CC ARCH AR HOSTCC
# SOURCE is linux-source-7.2.tar.xz or the linux-source-7.2 .deb that holds
# it (scripts/sid-debs.sh downloads it); ARCH as uname -m prints it
# (x86_64, i686, aarch64, ...).
set -eu
tarball=$1
out=$2
oracle=$3
cc=$4
arch=$5
ar=$6
hostcc=$7
ld=${LD:-ld}
objcopy=${OBJCOPY:-objcopy}

[ -r "$tarball" ] || { echo "build-linux72-raid6: $tarball not found (scripts/sid-debs.sh fetches it)" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out/obj"
case $tarball in
*.deb)
	dpkg-deb --fsys-tarfile "$tarball" | tar -x -C "$out" --wildcards './usr/src/linux-source-*.tar.xz'
	tarball=$(ls "$out"/usr/src/linux-source-*.tar.xz)
	;;
esac
top=$(tar -tJf "$tarball" 2>/dev/null | head -n 1 | cut -d/ -f1) || true
[ -n "$top" ] || { echo "build-linux72-raid6: cannot list $tarball" >&2; exit 1; }

tar -xJf "$tarball" -C "$out" --strip-components=1 \
	"$top/lib/raid/raid6" \
	"$top/include/linux/raid/pq.h" \
	"$top/include/linux/raid/pq_tables.h"
rm -rf "$out/usr"
src=$out/lib/raid/raid6

for n in 1 2 4 8; do
	awk -v N=$n -f "$src/unroll.awk" <"$src/int.uc" >"$src/int$n.c"
done
"$hostcc" -O2 -o "$out/mktables" "$src/mktables.c"
"$out/mktables" >"$src/tables.c"

files="tables.c int1.c int2.c int4.c int8.c recov.c"
config=""
case $arch in
x86_64)
	config="-DCONFIG_X86 -DCONFIG_X86_64"
	files="$files x86/sse2.c x86/avx2.c x86/avx512.c x86/recov_ssse3.c x86/recov_avx2.c x86/recov_avx512.c" ;;
i?86)
	config="-DCONFIG_X86 -DCONFIG_X86_32"
	files="$files x86/mmx.c x86/sse1.c x86/sse2.c x86/avx2.c x86/avx512.c x86/recov_ssse3.c x86/recov_avx2.c x86/recov_avx512.c" ;;
aarch64)
	for n in 1 2 4 8; do
		awk -v N=$n -f "$src/unroll.awk" <"$src/arm/neon.uc" >"$src/arm/neon$n.c"
	done
	files="$files arm/neon.c arm/neon1.c arm/neon2.c arm/neon4.c arm/neon8.c arm/recov_neon.c arm/recov_neon_inner.c"
	;;
esac

# -w: the kernel's code as it ships, not held to our warnings; -fPIC so
# that PIE programs link it without text relocations.
flags="-O2 -fPIC -w -fno-strict-aliasing $config -I$oracle/linux72 -I$out/include -I$src -I$oracle"
objs=""
for f in $files; do
	o=$out/obj/$(echo "$f" | tr / _ | sed 's/\.c$/.o/')
	"$cc" $flags -c "$src/$f" -o "$o"
	objs="$objs $o"
done
"$cc" $flags -c "$oracle/linux72_raid6.c" -o "$out/obj/glue.o"
"$ld" -r -o "$out/linux72_raid6.o" $objs "$out/obj/glue.o"
# i686's PC thunks stay global too: they live in COMDAT groups that the
# final link may take from another object, which local references could
# not then reach.
keep=$(nm -g --defined-only "$out/linux72_raid6.o" |
	awk '$3 ~ /^(lref72_|lref_linux72$|__x86\.get_pc_thunk\.)/ { print "--keep-global-symbol=" $3 }')
"$objcopy" $keep "$out/linux72_raid6.o"
rm -f "$out/liblinux72_raid6.a"
"$ar" rcs "$out/liblinux72_raid6.a" "$out/linux72_raid6.o"
