#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# The core sources must build in the kernel too, so their objects may call
# nothing outside the library but memcpy and memset: every other need goes
# through the gfr_port_* functions (port_user.c here, kernel/port_kernel.c
# there). Compiler instrumentation (sanitizers, stack protector) is allowed,
# and so are libgcc's AArch64 outline atomics (__aarch64_cas4_acq_rel ...):
# userspace builds call them for LSE atomics where the CPU has them, and
# the kernel builds with -mno-outline-atomics; and on 32-bit targets
# libgcc's 64-bit division (__udivdi3), which the core reaches only
# through gfr_div64 (div64_u64 in the kernel).
# Usage: check-core-symbols.sh OBJECT_DIR [NM]
set -eu
dir=$1
nm=${2:-nm}
n=0
bad=0
for obj in $(find "$dir" -name '*.o' ! -name 'port_user*.c.o' | sort); do
	n=$((n + 1))
	for sym in $($nm -u "$obj" | awk '{ print $2 }'); do
		case "$sym" in
		memcpy | memset | gfr_* | gfraid_* | _GLOBAL_OFFSET_TABLE_) ;;
		__asan_* | __ubsan_* | __sanitizer_* | __stack_chk_fail) ;;
		__aarch64_cas[0-9]* | __aarch64_swp[0-9]* | __aarch64_ld*[0-9]_*) ;;
		__udivdi3) ;;
		*)
			echo "check-core-symbols: $(basename "$obj") calls $sym" >&2
			bad=1
			;;
		esac
	done
done
[ "$n" -gt 0 ] || { echo "check-core-symbols: no objects under $dir" >&2; exit 1; }
[ "$bad" = 0 ] || exit 1
echo "check-core-symbols: $n core objects use only memcpy, memset and the port layer"
