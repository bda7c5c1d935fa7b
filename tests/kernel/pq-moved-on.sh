#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# The <linux/raid/pq.h> of a kernel that moved on, for gfraid_raid6.ko's
# refusing build: KDIR's own header with raid6_datap_recov no longer a
# pointer. Debian's -amd64 headers include the -common tree, where it is.
# Usage: pq-moved-on.sh KDIR OUT
set -eu
kdir=$1
src=$(sed -n 's|^include \(/.*\)/Makefile$|\1|p' "$kdir/Makefile" | head -n 1)
pq=${src:-$kdir}/include/linux/raid/pq.h
[ -f "$pq" ] || { echo "pq-moved-on: no linux/raid/pq.h under $kdir" >&2; exit 1; }
sed 's/(\*raid6_datap_recov)/raid6_datap_recov/' "$pq" >"$2"
