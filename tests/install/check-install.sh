#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# cmake --install into a scratch prefix, check what landed, then build and
# run a consumer against it with pkg-config and with find_package(gfraid).
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
	"$prefix/bin/ec-cli"; do
	[ -e "$f" ] || fail "missing $f"
done
soname=$(readelf -d "$libdir/libgfraid.so" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
[ "$soname" = libgfraid.so.0 ] || fail "SONAME is '$soname'"
exported=$(nm -D --defined-only "$libdir/libgfraid.so" | awk '$2 != "A" { print $3 }' | sed 's/@.*//')
stray=$(echo "$exported" | grep -v '^gfraid_' || true)
[ -z "$stray" ] || fail "exports non-gfraid_ symbols: $stray"
echo "check-install: $(echo "$exported" | wc -l) symbols exported, all gfraid_*; SONAME $soname"
"$prefix/bin/ec-cli" info >/dev/null || fail "installed ec-cli does not run"

# pkg-config
export PKG_CONFIG_PATH="$libdir/pkgconfig"
cc -std=c11 -o "$work/consumer_pc" "$src/tests/install/consumer.c" -I"$oracle_inc" \
	$(pkg-config --cflags gfraid) $oracle_libs $(pkg-config --libs gfraid) \
	|| fail "consumer does not build with pkg-config"
LD_LIBRARY_PATH="$libdir" "$work/consumer_pc" || fail "pkg-config consumer failed"
readelf -d "$work/consumer_pc" | grep -q 'NEEDED.*\[libgfraid.so.0\]' \
	|| fail "pkg-config consumer does not need libgfraid.so.0"

# find_package(gfraid)
cmake -S "$src/tests/install/cmake-consumer" -B "$work/cmake-consumer" \
	-DCMAKE_PREFIX_PATH="$prefix" -DORACLE_INCLUDE="$oracle_inc" \
	-DORACLE_LIBS="$(echo $oracle_libs | tr ' ' ';')" >"$work/cmake-consumer.log" \
	|| { cat "$work/cmake-consumer.log"; fail "find_package(gfraid) failed"; }
cmake --build "$work/cmake-consumer" >>"$work/cmake-consumer.log" 2>&1 \
	|| { cat "$work/cmake-consumer.log"; fail "CMake consumer does not build"; }
LD_LIBRARY_PATH="$libdir" "$work/cmake-consumer/consumer_shared" || fail "gfraid::gfraid consumer failed"
"$work/cmake-consumer/consumer_static" || fail "gfraid::gfraid_static consumer failed"
readelf -d "$work/cmake-consumer/consumer_shared" | grep -q 'NEEDED.*\[libgfraid.so.0\]' \
	|| fail "gfraid::gfraid consumer does not need libgfraid.so.0"
if readelf -d "$work/cmake-consumer/consumer_static" | grep -q 'NEEDED.*libgfraid'; then
	fail "gfraid::gfraid_static consumer needs libgfraid.so"
fi
echo "check-install: pkg-config, gfraid::gfraid and gfraid::gfraid_static consumers match ISA-L and Linux"
