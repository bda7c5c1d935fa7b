#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# cmake --install into a scratch prefix, check what landed, then build and
# run a consumer against it with pkg-config and with find_package(gfraid)
# (check-consumer.sh).
# Usage: check-install.sh BUILD_DIR SOURCE_DIR WORKDIR ORACLE_INCLUDE ORACLE_LIBS...
set -eu
build=$1 src=$2 work=$3 oracle_inc=$4
shift 4
oracle_libs="$*"
prefix=$work/prefix
fail() { echo "check-install: $*" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work"
cmake --install "$build" --prefix "$prefix" >"$work/install.log"
libdir=$(dirname "$(find "$prefix" -name 'libgfraid.so.0' | head -n 1)")
[ -n "$libdir" ] && [ "$libdir" != . ] || fail "no libgfraid.so.0 installed"
for f in "$prefix/include/gfraid.h" "$libdir/libgfraid.a" "$libdir/libgfraid.so" \
	"$libdir/pkgconfig/gfraid.pc" "$libdir/cmake/gfraid/gfraidConfig.cmake" \
	"$prefix/bin/ec-cli" "$prefix/share/man/man1/ec-cli.1" "$prefix/share/man/man3/libgfraid.3"; do
	[ -e "$f" ] || fail "missing $f"
done
soname=$(readelf -d "$libdir/libgfraid.so" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
[ "$soname" = libgfraid.so.0 ] || fail "SONAME is '$soname'"
exported=$(nm -D --defined-only "$libdir/libgfraid.so" | awk '$2 != "A" { print $3 }' | sed 's/@.*//')
stray=$(echo "$exported" | grep -v '^gfraid_' || true)
[ -z "$stray" ] || fail "exports non-gfraid_ symbols: $stray"
echo "check-install: $(echo "$exported" | wc -l) symbols exported, all gfraid_*; SONAME $soname"
for f in "$prefix/include/gfraid-isal/erasure_code.h" "$prefix/include/gfraid-isal/gf_vect_mul.h" \
	"$libdir/libgfraid-isal.so" "$libdir/pkgconfig/gfraid-isal.pc"; do
	[ -e "$f" ] || fail "missing $f"
done
soname=$(readelf -d "$libdir/libgfraid-isal.so" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
[ "$soname" = libgfraid-isal.so.0 ] || fail "libgfraid-isal's SONAME is '$soname'"
exported=$(nm -D --defined-only "$libdir/libgfraid-isal.so" | awk '$2 != "A" { print $3 }' | sed 's/@.*//')
stray=$(echo "$exported" | grep -Ev '^(ec|gf)_' || true)
[ -z "$stray" ] || fail "libgfraid-isal exports names not ISA-L's: $stray"
echo "check-install: libgfraid-isal exports $(echo "$exported" | wc -l) ec_*/gf_* names; SONAME $soname"
"$prefix/bin/ec-cli" info >/dev/null || fail "installed ec-cli does not run"

# the libisal.so.2 drop-in in its own folder, which finds libgfraid.so.0
# one directory up; the system calibration's writer beside the library
compat=$libdir/gfraid-isal/libisal.so.2
[ -f "$compat" ] && [ ! -e "$libdir/gfraid-isal/libisal.so" ] || fail "no $compat alone in its folder"
soname=$(readelf -d "$compat" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
[ "$soname" = libisal.so.2 ] || fail "the drop-in's SONAME is '$soname'"
env -i LD_LIBRARY_PATH="$libdir/gfraid-isal" LD_DEBUG=libs python3 -c \
	'import ctypes; ctypes.CDLL("libisal.so.2").ec_encode_data' 2>"$work/compat.log" ||
	fail "$compat does not load from its folder alone: $(tail -3 "$work/compat.log")"
grep -q "calling init: $libdir/gfraid-isal/../libgfraid.so.0" "$work/compat.log" ||
	fail "$compat did not find the installed libgfraid.so.0: $(grep 'calling init' "$work/compat.log")"
"$libdir/libgfraid/gfraid-calibrate" x >"$work/calibrate.out" 2>&1 && fail "gfraid-calibrate took an argument"
grep -q "^usage: .*gfraid-calibrate" "$work/calibrate.out" || fail "gfraid-calibrate: $(cat "$work/calibrate.out")"

sh "$src/tests/install/check-consumer.sh" "$prefix" "$libdir" "$src" "$work" "$oracle_inc" \
	$oracle_libs
