#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# The kernel version (as uname -r prints it) whose Debian amd64 headers the
# kernel tests build against, by series: none or "default", the kernel of
# linux-headers-amd64 (Debian 12: 6.1); "6.12" (any MAJOR.MINOR), the newest
# installed linux-headers-6.12.N+deb12-amd64 (bookworm's 6.12, the base of
# the md fork libgfraid serves; scripts/install-deps.sh installs it).
# Prints nothing and fails when there is none.
# Usage: kernel-version.sh [SERIES]
set -eu
series=${1:-default}
if [ "$series" = default ]; then
	v=$(dpkg-query -W -f='${Depends}' linux-headers-amd64 2>/dev/null |
		sed -n 's/^linux-headers-\([^ ,]*\).*/\1/p')
else
	re=$(printf '%s' "$series" | sed 's/\./\\./g')
	v=$(dpkg-query -W -f='${Package} ${db:Status-Abbrev}\n' 'linux-headers-*' 2>/dev/null |
		awk '$2 == "ii" { print $1 }' |
		sed -n "s/^linux-headers-\($re\.[0-9][0-9]*+deb[0-9]*-amd64\)$/\1/p" | sort -V | tail -n 1)
fi
[ -n "$v" ] || { echo "kernel-version: no linux-headers for kernel series '$series' installed" >&2; exit 1; }
echo "$v"
