#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Print, in deb822 form, a deb-src index of the mirrors, suites and
# components of the system's own apt sources (debian.sources or
# sources.list); exits 1 where it finds no Debian mirror. Used for a
# private index (tests/isal/isal-suite.sh) and by install-deps.sh --all.
set -eu
if [ -f /etc/apt/sources.list.d/debian.sources ]; then
	index=$(sed -n 's/^Types: deb$/Types: deb-src/p; /^URIs:/p; /^Suites:/p; /^Components:/p;
		/^Signed-By:/p; /^$/p' /etc/apt/sources.list.d/debian.sources)
else
	index=$(awk '$1 == "deb" { print "Types: deb-src"; print "URIs: " $2; print "Suites: " $3;
		printf "Components:"; for (i = 4; i <= NF; i++) printf " %s", $i; print "\n" }' \
		/etc/apt/sources.list)
fi
case $index in
*"Types: deb-src"*) printf '%s\n' "$index" ;;
*) echo "deb-src-sources: no Debian mirror found in the apt configuration" >&2; exit 1 ;;
esac
