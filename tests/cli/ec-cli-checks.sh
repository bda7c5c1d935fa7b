#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# ec-cli as a user meets it: numbers it must refuse, Ctrl-C during verify,
# and a variant the self-test disables (the GFRAID_SELFTEST_CORRUPT hook).
# Usage: ec-cli-checks.sh EC_CLI (GFRAID_EMULATOR: a command to run it
# with, qemu-user in a cross build)
. "$(dirname "$0")/common.sh"

expect() {	# expect WHAT STATUS PATTERN -- command...
	what=$1 want=$2 pattern=$3
	shift 4
	"$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	got=$?
	if [ "$got" != "$want" ] || ! grep -q -- "$pattern" "$tmp/out" "$tmp/err"; then
		check bad "$what: exit $got (want $want), output:"
		cat "$tmp/out" "$tmp/err" | head -20
	else
		check ok "$what"
	fi
}

for seed in -5 18446744073709551616 99999999999999999999999 ' 5' '' 12x; do
	expect "verify --seed '$seed' refused" 2 "wants an integer" -- \
		$emu "$cli" verify --seed "$seed" --iterations 1
done
expect "verify --seed 2^64-1 accepted" 0 "--seed 18446744073709551615" -- \
	$emu "$cli" verify --seed 18446744073709551615 --iterations 1 --op recov --impl base
for t in nan NaN inf -inf 0 -1 61 1e999 '' 0.1s; do
	expect "bench --min-time '$t' refused" 2 "wants seconds" -- \
		$emu "$cli" bench --min-time "$t"
done
for n in 0 65 -1 x; do
	expect "bench --rounds '$n' refused" 2 "rounds wants 1..64" -- \
		$emu "$cli" bench --rounds "$n"
done
expect "bench --rounds 2 times each case twice" 0 "median of 2 rounds" -- \
	$emu "$cli" bench --rounds 2 --op ec_update --impl gfraid:base --disks 4+2 --size 4KiB \
	--min-time 0.001 --repetitions 1
for n in 0 17 -1 x; do
	expect "bench --placements '$n' refused" 2 "placements wants 1..16" -- \
		$emu "$cli" bench --placements "$n"
done
expect "bench --placements 3 times each case in three placements" 0 \
	"median of 2 rounds in each of 3 placements" -- \
	$emu "$cli" bench --rounds 2 --placements 3 --op gen_syndrome --impl gfraid:base \
	--disks 4+2 --size 4KiB --min-time 0.001 --repetitions 1

# --disks: any k+m is timed as the default set's are; an item that names
# no geometry, op or size is refused, not dropped from the selection.
expect "bench --disks 12+4 times a k+m outside the default set" 0 \
	"ec_update_shards/gfraid:base/12+4/4KiB  *[0-9]" -- \
	$emu "$cli" bench --op ec_encode,ec_update_shards --impl gfraid:base --disks 4+2,12+4 \
	--size 4KiB --min-time 0.001 --repetitions 1
expect "bench --disks 6+2 times RAID-6 outside the default set" 0 \
	"recov_2data/gfraid:base/6+2/4KiB  *[0-9]" -- \
	$emu "$cli" bench --op recov_2data --impl gfraid:base --disks 6+2 --size 4KiB \
	--min-time 0.001 --repetitions 1
for d in 012+4 12+ +12+4 12+4x x ''; do
	expect "bench --disks '$d' refused" 2 "disks $d: wants data+parity" -- \
		$emu "$cli" bench --op ec_encode --disks "$d,4+2" --size 4KiB
done
for d in 0+4 4+0 250+7; do
	expect "bench --disks '$d' refused" 2 "disks $d: wants data >= 1" -- \
		$emu "$cli" bench --op ec_encode --disks "$d" --size 4KiB
done
expect "bench --op naming no op refused" 2 "op ec_encod: no such op" -- \
	$emu "$cli" bench --op ec_encode,ec_encod --disks 4+2 --size 4KiB
expect "bench --size naming no size refused" 2 "size 8KiB: no such size" -- \
	$emu "$cli" bench --op ec_encode --disks 4+2 --size 4KiB,8KiB

# Staggered placements with the peers: those whose code needs aligned
# blocks (Linux's, ISA-L's pq_gen) are reported not run, not crashed into
# (where the build has them: then at least one says so).
$emu "$cli" bench --placements 3 --op gen_syndrome --impl gfraid:base,linux:,isal:,floor: \
	--disks 4+2 --size 4KiB --min-time 0.001 --repetitions 1 >"$tmp/placed" 2>&1
r=$?
grep -E "^gen_syndrome/(linux|isal)" "$tmp/placed" >"$tmp/peers"
if [ $r = 0 ] && grep -q "^gen_syndrome/gfraid:base/4+2/4KiB  *[0-9]" "$tmp/placed" &&
	! grep -v -q "not run: " "$tmp/peers" &&
	{ [ ! -s "$tmp/peers" ] || grep -q "needs [0-9]*-byte aligned blocks" "$tmp/peers"; }; then
	check ok "bench --placements 3 with the peers: those needing aligned blocks not run"
else
	check bad "bench --placements 3 with the peers: exit $r, output:"
	head -40 "$tmp/placed"
fi

# --json with placements: their names, and each case's time in each
out=$($emu "$cli" bench --json --placements 2 --op ec_encode --impl gfraid:base --disks 4+2 \
	--size 4KiB --min-time 0.001 --repetitions 1 2>/dev/null)
if printf '%s\n' "$out" | grep -q '"places": \["page-aligned, ascending", "staggered 64 B, descending"\]' &&
	printf '%s\n' "$out" | grep -Eq '"place_ns": \[[0-9.]+, [0-9.]+\]\}'; then
	r=ok
else
	r=bad
fi
check $r "bench --json --placements 2: the placements and each case's time in each"

# --cold: each placement again with the blocks flushed from the caches
# before each call, where the architecture has a flush (x86-64, AArch64).
if [ "${GFRAID_BENCH_COLD:-1}" = 1 ]; then
	expect "bench --cold times each placement hot and cold" 0 \
		"in each of 4 placements (half of them cold)" -- \
		$emu "$cli" bench --cold --placements 2 --op ec_encode --impl gfraid:base \
		--disks 4+2 --size 4KiB --min-time 0.001 --repetitions 1
	expect "bench --cold --json says so" 0 '"placements": 1, "cold": true' -- \
		$emu "$cli" bench --cold --json --op ec_encode --impl gfraid:base \
		--disks 4+2 --size 4KiB --min-time 0.001 --repetitions 1
else
	expect "bench --cold refused without a cache flush" 2 "no cache flush" -- \
		$emu "$cli" bench --cold --op ec_encode --impl gfraid:base --disks 4+2 --size 4KiB
fi

# --choices=OPS: those ops' choices alone (4 classes x 3 widths each)
expect "bench --choices naming no op refused" 2 "names no op" -- \
	$emu "$cli" bench --choices=nope
n=$($emu "$cli" bench --choices=recov,ec_check | awk '$1 == "recov" || $1 == "ec_check"' | wc -l)
m=$($emu "$cli" bench --choices=recov,ec_check | wc -l)
[ "$n" = 24 ] && [ "$m" = 24 ] && r=ok || r=bad
check $r "bench --choices=recov,ec_check: their 24 choices alone ($n of $m lines)"

# The summary's columns stay aligned with the longest variant name (the
# nasm encode's, where this CPU runs it; "-" where it does not).
$emu "$cli" bench --op ec_encode --impl gfraid:avx512_gfni_asm,gfraid:base,isal: --disks 4+2 \
	--size 4KiB --min-time 0.001 --repetitions 1 >"$tmp/summary" 2>/dev/null
if awk '/^op +geom +size/ { at = index($0, "ratio") + 5; next }
	at && /^ec_encode/ { n++; if (substr($0, at - 1, 1) !~ /[x-]/ || substr($0, at, 1) != " ") bad = 1 }
	END { exit !(at && n && !bad) }' "$tmp/summary"; then
	check ok "bench summary columns aligned"
else
	check bad "bench summary columns not aligned:"
	sed -n '/^op /,$p' "$tmp/summary"
fi

# Ctrl-C: verify stops, says what it checked, exits 130.
$emu "$cli" verify --iterations 100000 >"$tmp/int" 2>&1 &
pid=$!
sleep 2
kill -INT "$pid"
wait "$pid"
got=$?
if [ "$got" = 130 ] && grep -q "^interrupted: [0-9]* cases checked, 0 mismatches so far" "$tmp/int"; then
	check ok "SIGINT during verify: $(grep '^interrupted' "$tmp/int")"
else
	check bad "SIGINT during verify: exit $got, output:"
	tail -5 "$tmp/int"
fi

# GFRAID_CPU_MASK: the instruction sets it names are taken as absent. With
# every SIMD set masked, base is all that is chosen; with AVX-512 and GFNI
# masked, no choice needs them and verify passes on what is chosen.
choices() {	# every variant ec-cli info shows chosen, one per line
	awk '$1 != "variant" && $2 ~ /^(small|medium|large|huge)$/ && NF >= 5 { print $3; print $4; print $5 }' "$1" |
		sort -u
}
GFRAID_CALIBRATE=0 GFRAID_CPU_MASK=sse2,ssse3,avx,avx2,avx512,gfni,neon,sha3,sve,sve2 \
	$emu "$cli" info >"$tmp/masked" 2>&1
if [ "$(choices "$tmp/masked")" = base ] && grep -q "GFRAID_CPU_MASK=.*taken as absent" "$tmp/masked"
then
	check ok "GFRAID_CPU_MASK of every SIMD set: base chosen throughout"
else
	check bad "GFRAID_CPU_MASK of every SIMD set chose: $(choices "$tmp/masked" | tr '\n' ' ')"
fi
GFRAID_CALIBRATE=0 $emu "$cli" info >"$tmp/unmasked" 2>&1
GFRAID_CALIBRATE=0 GFRAID_CPU_MASK=avx512,gfni $emu "$cli" info >"$tmp/masked" 2>&1
if [ -n "$(choices "$tmp/masked")" ] && ! choices "$tmp/masked" | grep -q "avx512\|gfni"; then
	check ok "GFRAID_CPU_MASK=avx512,gfni: chosen $(choices "$tmp/masked" | tr '\n' ' ')(unmasked: $(choices "$tmp/unmasked" | tr '\n' ' '))"
else
	check bad "GFRAID_CPU_MASK=avx512,gfni chose: $(choices "$tmp/masked" | tr '\n' ' ')"
fi
GFRAID_CPU_MASK=avx512,gfni expect "verify passes with AVX-512 and GFNI masked" 0 \
	"0 mismatches" -- $emu "$cli" verify --iterations 2 --op ec_encode

# The self-test hook on the ec_encode variant info selects: it must be shown
# failed, lose the selection, be reported once on stderr, and make verify fail.
# Where base is all there is (no SIMD tier), nothing is selected after it.
selected() {	# the ec_encode variant ec-cli info shows chosen for small blocks
	awk '$1 == "ec_encode" && $2 == "small" { print $3 }' "$1"
}
$emu "$cli" info >"$tmp/info0"
chosen=$(selected "$tmp/info0")
GFRAID_SELFTEST_CORRUPT="ec_encode=$chosen" $emu "$cli" info >"$tmp/info" 2>"$tmp/info.err"
now=$(selected "$tmp/info")
if [ -n "$chosen" ] && [ "$now" != "$chosen" ] && { [ -n "$now" ] || [ "$chosen" = base ]; } &&
	grep -qE "^ +$chosen [-* .0-9]*SELF-TEST FAILED, not used:" "$tmp/info" &&
	[ "$(grep -c "ec_encode variant $chosen failed its known-answer self-test" "$tmp/info.err")" = 1 ]; then
	check ok "self-test hook on ec_encode $chosen: shown failed, ${now:-nothing} selected, reported once"
else
	check bad "self-test hook on ec_encode '$chosen' (now '$now'):"
	cat "$tmp/info.err"
	grep -A8 "^  ec_encode" "$tmp/info"
fi
GFRAID_SELFTEST_CORRUPT="ec_encode=$chosen" expect "verify fails on the disabled variant" 1 \
	"FAIL: disabled by its self-test" -- $emu "$cli" verify --iterations 2 --op ec_encode
unset GFRAID_SELFTEST_CORRUPT

finish
