# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Sourced by the kernel tests (build-module.sh, qemu-md-raid6.sh): building
# gfraid.ko and gfraid_raid6.ko from the unchanged sources, in a tree of
# symlinks so that the source tree gets no kbuild output. POSIX sh.

# module_build SOURCE_DIR BUILD_DIR KDIR LOG [make arguments...]: the tree
# made anew in BUILD_DIR (kernel/, src/, include/, asm/; anything else
# there is kept) and the modules built there (kernel/*.ko); 0, or 1 with
# the log printed.
module_build() {
	mb_src=$1 mb_build=$2 mb_kdir=$3 mb_log=$4
	shift 4
	mkdir -p "$mb_build"
	for mb_d in kernel src include asm; do
		rm -rf "${mb_build:?}/$mb_d"
		cp -rs "$mb_src/$mb_d" "$mb_build/"
	done
	make -C "$mb_build/kernel" KDIR="$mb_kdir" "$@" >"$mb_log" 2>&1 || {
		cat "$mb_log"
		return 1
	}
}

# module_build_moved_on SOURCE_DIR BUILD_DIR KDIR WORKDIR LOG [make
# arguments...]: gfraid_raid6.ko built again in BUILD_DIR (module_build
# first) as for a kernel that moved on, against the kernel's
# <linux/raid/pq.h> without the recovery pointers (pq-moved-on.sh writes it
# to WORKDIR); 0, or 1 with the log printed.
module_build_moved_on() {
	mb_src=$1 mb_build=$2 mb_kdir=$3 mb_work=$4 mb_log=$5
	shift 5
	sh "$mb_src/tests/kernel/pq-moved-on.sh" "$mb_kdir" "$mb_work/pq-moved-on.h" || return 1
	make -C "$mb_build/kernel" KDIR="$mb_kdir" GFRAID_PQ_H="$mb_work/pq-moved-on.h" "$@" \
		>"$mb_log" 2>&1 || {
		cat "$mb_log"
		return 1
	}
}
