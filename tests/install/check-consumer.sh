#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Build and run the consumer (consumer.c: libgfraid against ISA-L and Linux
# lib/raid6) against a libgfraid installed under PREFIX, with pkg-config and
# with find_package(gfraid), shared and static, and isal-consumer.c against
# the installed libgfraid-isal; LIBDIR holds libgfraid.so.0.
# Usage: check-consumer.sh PREFIX LIBDIR SOURCE_DIR WORKDIR ORACLE_INCLUDE ORACLE_LIBS...
set -eu
prefix=$1 libdir=$2 src=$3 work=$4 oracle_inc=$5
shift 5
oracle_libs="$*"
fail() { echo "check-consumer: $*" >&2; exit 1; }
mkdir -p "$work"

# pkg-config
export PKG_CONFIG_PATH="$libdir/pkgconfig"
cc -std=c11 -o "$work/consumer_pc" "$src/tests/install/consumer.c" -I"$oracle_inc" \
	$(pkg-config --cflags gfraid) $oracle_libs $(pkg-config --libs gfraid) \
	|| fail "consumer does not build with pkg-config"
LD_LIBRARY_PATH="$libdir" "$work/consumer_pc" || fail "pkg-config consumer failed"
readelf -d "$work/consumer_pc" | grep -q 'NEEDED.*\[libgfraid.so.0\]' \
	|| fail "pkg-config consumer does not need libgfraid.so.0"

# libgfraid-isal: a program written for ISA-L's interface, through pkg-config
# (-rpath-link: libgfraid-isal.so needs libgfraid.so.0, which a prefix
# outside the linker's search path hides from it)
cc -std=c11 -o "$work/isal_consumer" "$src/tests/install/isal-consumer.c" \
	$(pkg-config --cflags gfraid-isal) $(pkg-config --libs gfraid-isal) -Wl,-rpath-link,"$libdir" \
	|| fail "the ISA-L interface consumer does not build with pkg-config gfraid-isal"
LD_LIBRARY_PATH="$libdir" "$work/isal_consumer" || fail "the ISA-L interface consumer failed"
readelf -d "$work/isal_consumer" | grep -q 'NEEDED.*\[libgfraid-isal.so.0\]' \
	|| fail "the ISA-L interface consumer does not need libgfraid-isal.so.0"
if readelf -d "$work/isal_consumer" | grep -q 'NEEDED.*libisal'; then
	fail "the ISA-L interface consumer needs libisal"
fi

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
echo "check-consumer: pkg-config, gfraid::gfraid and gfraid::gfraid_static consumers match ISA-L and Linux;" \
	"the gfraid-isal consumer encodes and decodes"
