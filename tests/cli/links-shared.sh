#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# ec-cli, a shipped tool, takes the library from libgfraid.so and carries
# none of its code: libgfraid.so.0 is NEEDED, and no gfraid_ or gfr_
# function is defined in the executable itself.
# Usage: links-shared.sh EC_CLI READELF NM
set -eu
exe=$1 readelf=$2 nm=$3
if ! "$readelf" -d "$exe" | grep -q 'NEEDED.*\[libgfraid\.so\.0\]'; then
	echo "links-shared: $exe does not link libgfraid.so.0:" >&2
	"$readelf" -d "$exe" | grep NEEDED >&2
	exit 1
fi
own=$("$nm" --defined-only "$exe" | awk '$2 ~ /^[TtWw]$/ && $3 ~ /^(gfraid_|gfr_)/ { print $3 }')
if [ -n "$own" ]; then
	echo "links-shared: $exe has library code of its own:" $own >&2
	exit 1
fi
echo "links-shared: $exe takes libgfraid from libgfraid.so.0 and defines none of its functions"
