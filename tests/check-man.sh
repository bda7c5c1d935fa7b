#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# The manual pages render without a warning, and ec-cli(1) names every
# command and every option that ec-cli's own help lists.
# Usage: check-man.sh SOURCE_DIR EC_CLI
set -eu
src=$1 cli=$2
fail() { echo "check-man: $*" >&2; exit 1; }
command -v groff >/dev/null || fail "groff is not installed (apt-get install groff-base)"

for page in "$src/man/ec-cli.1" "$src/man/libgfraid.3"; do
	warnings=$(groff -ww -man -z "$page" 2>&1) || fail "groff failed on $page"
	[ -z "$warnings" ] || fail "$page: $warnings"
	if command -v mandoc >/dev/null; then
		lint=$(mandoc -T lint -W warning "$page" 2>&1) || fail "$page: $lint"
	fi
done

# What the page says, with roff's escaped hyphens plain.
text=$(sed 's/\\-/-/g' "$src/man/ec-cli.1")
commands=$("$cli" --help | awk '/^  [a-z0-9]+ / { print $1 }')
[ -n "$commands" ] || fail "ec-cli --help lists no commands"
n=0
for c in $commands; do
	echo "$text" | grep -q "^\.B.* $c\b\|^\.B $c\b" || fail "ec-cli.1 does not describe '$c'"
	for opt in $("$cli" "$c" --help | grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
		echo "$text" | grep -q -- "$opt\b" || fail "ec-cli.1 does not name $c's option $opt"
		n=$((n + 1))
	done
done
echo "check-man: pages render clean; ec-cli.1 names $(echo $commands | wc -w) commands and $n options"
