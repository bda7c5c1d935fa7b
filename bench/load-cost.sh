#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# What a storage daemon pays to load erasure coding through liberasurecode
# (Debian's), side by side: Debian's libisal.so.2 and the libgfraid drop-in,
# the latter with a system calibration file for this CPU and without one.
# Per library: the median over RUNS fresh processes of the first
# create + encode + destroy cycle (10+4, 4 KiB) and of the first 16 MiB
# encode, and the mean of 1000 further 4 KiB cycles in one process (each
# dlopens and dlcloses libisal.so.2).
# Usage: load-cost.sh BUILD_DIR [RUNS]   (after a build with the tests:
# BUILD_DIR/tests/erasurecode-cycles)
set -eu
build=$(cd "$1" && pwd) runs=${2:-21}
cycles=$build/tests/erasurecode-cycles
dropin=$build/gfraid-isal
stock=$(readlink -f /usr/lib/"$(gcc -print-multiarch)"/libisal.so.2)
[ -x "$cycles" ] || { echo "load-cost: no $cycles (build with the tests, liberasurecode-dev installed)" >&2; exit 1; }
cal=$(mktemp -d)
trap 'rm -rf "$cal"' EXIT
chmod 755 "$cal"
GFRAID_CALIBRATION_DIR=$cal "$build"/tools/ec-cli/ec-cli calibrate --system >/dev/null

median() {	# median of the first-cycle times of RUNS processes: ARGS...
	i=0
	while [ $i -lt "$runs" ]; do
		"$@" | sed -n 's/.*first \([0-9]*\) us.*/\1/p'
		i=$((i + 1))
	done | sort -n | sed -n "$(((runs + 1) / 2))p"
}
row() {	# NAME LIBISAL ENV...
	name=$1 lib=$2
	shift 2
	first=$(median env "$@" "$cycles" vand 1 4096 "$lib")
	big=$(median env "$@" "$cycles" vand 1 16777216 "$lib")
	again=$(env "$@" "$cycles" vand 1001 4096 "$lib" | sed -n 's/.*then \([0-9.]*\) us per cycle.*/\1/p')
	printf '%-34s %10s %12s %14s\n' "$name" "$first" "$big" "$again"
}
echo "load-cost: liberasurecode $(dpkg-query -W -f='${Version}' liberasurecode1 2>/dev/null || echo '?'), isa_l_rs_vand 10+4; medians of $runs fresh processes, us"
printf '%-34s %10s %12s %14s\n' "library" "first 4KiB" "first 16MiB" "reload cycle"
row "Debian's $(basename "$stock")" "$stock" HOME=/nonexistent
row "libgfraid, system calibration" "$dropin/libisal.so.2" HOME=/nonexistent \
	LD_LIBRARY_PATH="$dropin" GFRAID_CALIBRATION_DIR="$cal"
row "libgfraid, no calibration file" "$dropin/libisal.so.2" HOME=/nonexistent \
	LD_LIBRARY_PATH="$dropin" GFRAID_CALIBRATION_DIR="$cal/none"
