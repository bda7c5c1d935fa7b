#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Both builds read the variant registry (src/variants.h) and refuse a line
# whose function does not carry its tier: the registry as it is passes
# CMake's check (cmake/registry.cmake) and Kbuild's (kernel/Kbuild); a
# copy with an avx2 line naming an AVX-512 function fails both.
# Usage: check-registry.sh SOURCE_DIR
set -eu
top=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/good/src" "$tmp/good/kernel" "$tmp/bad/src" "$tmp/bad/kernel"
for d in good bad; do
	cp "$top/src/sources.mk" "$tmp/$d/src/"
	cp "$top/kernel/Kbuild" "$tmp/$d/kernel/"
done
cp "$top/src/variants.h" "$tmp/good/src/"
sed 's/^\(GFR_VARIANT(gen_syndrome, X86_64, avx2, \)gfr_raid6_gen_avx2_x4)$/\1gfr_raid6_gen_avx512_x4)/' \
	"$top/src/variants.h" >"$tmp/bad/src/variants.h"
if cmp -s "$top/src/variants.h" "$tmp/bad/src/variants.h"; then
	echo "check-registry: no avx2 gen line to spoil" >&2
	exit 1
fi

# (CMake wraps its messages: one line, single spaces)
cmake_check() {
	cmake -DGFRAID_REGISTRY_FILE="$tmp/$1/src/variants.h" -P "$top/cmake/registry.cmake" \
		>"$tmp/cmake.out" 2>&1 && rc=0 || rc=$?
	tr '\n' ' ' <"$tmp/cmake.out" | tr -s ' '
	return $rc
}
kbuild_check() {
	# parsing Kbuild is enough: the check is a make-time $(error)
	make -s -f "$tmp/$1/kernel/Kbuild" src="$tmp/$1/kernel" 2>&1 || true
}

fail=0
if ! out=$(cmake_check good); then
	echo "check-registry: CMake refuses the registry: $out" >&2
	fail=1
fi
if out=$(cmake_check bad) || ! echo "$out" | grep -q "does not carry its tier, avx2"; then
	echo "check-registry: CMake took an avx2 line naming gfr_raid6_gen_avx512_x4: $out" >&2
	fail=1
fi
if kbuild_check good | grep -q "does not carry its tier"; then
	echo "check-registry: Kbuild refuses the registry: $(kbuild_check good)" >&2
	fail=1
fi
if ! kbuild_check bad | grep -q "does not carry its tier: GFR_VARIANT(gen_syndrome, X86_64, avx2, gfr_raid6_gen_avx512_x4)"; then
	echo "check-registry: Kbuild took an avx2 line naming gfr_raid6_gen_avx512_x4: $(kbuild_check bad)" >&2
	fail=1
fi
[ "$fail" = 0 ] && echo "check-registry: CMake and Kbuild accept the registry and refuse a line naming another tier's function"
exit "$fail"
