# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Sourced by the ec-cli test scripts, with the script's arguments: $1 is
# ec-cli, GFRAID_EMULATOR a command to run it with (qemu-user in a cross
# build). Gives cli, emu, a scratch directory tmp, check and finish.
set -u
cli=$1
emu=${GFRAID_EMULATOR:-}
fails=0
checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() {	# check ok|bad WHAT: one check and its line
	checks=$((checks + 1))
	if [ "$1" = ok ]; then
		echo "ok: $2"
	else
		echo "FAIL: $2"
		fails=$((fails + 1))
	fi
}

finish() {	# the closing line; the status: 0 if nothing failed
	echo "$((checks - fails)) passed, $fails failed"
	[ "$fails" = 0 ]
}
