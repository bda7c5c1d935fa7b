#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Download packages from Debian's unstable suite (where Linux 7.x is) into
# DIR, through an apt index of DIR's own: a private sources list, state
# and cache directories (apt-get -o Dir::...). Nothing is added to the
# host's apt configuration and nothing is installed; the .debs are left
# for dpkg-deb -x. The index is refreshed when older than a day. Prints
# each .deb's path; with --names PREFIX, instead, the names of the suite's
# packages that begin with PREFIX. MIRROR overrides
# http://deb.debian.org/debian.
# Usage: sid-debs.sh DIR PACKAGE[=VERSION]...
#        sid-debs.sh DIR --names PREFIX
set -eu
[ $# -ge 2 ] || { echo "usage: sid-debs.sh DIR PACKAGE[=VERSION]..." >&2; exit 2; }
dir=$1
shift
mirror=${MIRROR:-http://deb.debian.org/debian}
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[ -r "$keyring" ] || { echo "sid-debs: $keyring missing (apt-get install debian-archive-keyring)" >&2; exit 1; }
mkdir -p "$dir/apt/lists/partial" "$dir/apt/cache/archives/partial" "$dir/debs"
dir=$(cd "$dir" && pwd)
echo "deb [signed-by=$keyring] $mirror sid main" >"$dir/apt/sources.list"
apt_sid() {
	apt-get -q -o Dir::Etc::sourcelist="$dir/apt/sources.list" -o Dir::Etc::sourceparts=- \
		-o Dir::State::Lists="$dir/apt/lists" -o Dir::Cache="$dir/apt/cache" \
		-o Dir::State::status=/dev/null -o APT::Sandbox::User=root "$@"
}
stamp=$dir/apt/updated
if [ -z "$(find "$stamp" -mmin -1440 2>/dev/null)" ]; then
	apt_sid update >"$dir/apt/update.log" 2>&1 ||
		{ cat "$dir/apt/update.log" >&2; echo "sid-debs: apt-get update of $mirror sid failed" >&2; exit 1; }
	touch "$stamp"
fi
if [ "$1" = --names ]; then
	apt-cache -o Dir::Etc::sourcelist="$dir/apt/sources.list" -o Dir::Etc::sourceparts=- \
		-o Dir::State::Lists="$dir/apt/lists" -o Dir::Cache="$dir/apt/cache" \
		-o Dir::State::status=/dev/null pkgnames "$2"
	exit 0
fi
for p in "$@"; do
	name=${p%%=*}
	# an already downloaded .deb of the name (and version, if given) is kept
	have=$(ls "$dir/debs/${name}_"*.deb 2>/dev/null | head -n 1 || true)
	case $p in *=*) [ -n "$have" ] && [ "$(dpkg-deb -f "$have" Version)" != "${p#*=}" ] && have="" ;; esac
	if [ -z "$have" ]; then
		(cd "$dir/debs" && apt_sid download "$p") >"$dir/apt/download.log" 2>&1 ||
			{ cat "$dir/apt/download.log" >&2; echo "sid-debs: cannot download $p from $mirror sid" >&2; exit 1; }
		have=$(ls -t "$dir/debs/${name}_"*.deb | head -n 1)
	fi
	echo "$have"
done
