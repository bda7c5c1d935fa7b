#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# Run one fuzz target for SECONDS from its committed seed corpus (read
# only: new inputs go to a scratch directory), and say what it did.
# Usage: smoke.sh FUZZER SEED_DIR SECONDS
set -eu
fuzzer=$1
seeds=$2
seconds=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -n "$(ls -A "$seeds")" ] || { echo "smoke: no seeds in $seeds" >&2; exit 1; }
"$fuzzer" -max_total_time="$seconds" -print_final_stats=1 -timeout=20 -rss_limit_mb=2048 \
	-artifact_prefix="$work/" "$work" "$seeds" >"$work/log" 2>&1 || {
	tail -40 "$work/log"
	for crash in "$work"/crash-* "$work"/leak-* "$work"/timeout-*; do
		[ -f "$crash" ] && { echo "input that failed, as hex:"; od -An -tx1 "$crash" | head; }
	done
	echo "smoke: $(basename "$fuzzer") failed" >&2
	exit 1
}
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log")
cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$work/log" | tail -1)
echo "smoke: $(basename "$fuzzer"): $execs runs in ${seconds}s, $cov, no failure"
