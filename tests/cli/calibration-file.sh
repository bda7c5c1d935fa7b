#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# The calibration file: ec-cli calibrate writes it; every later process
# takes its choices without timing (ec-cli bench --choices, ec-cli info);
# a file for another CPU or build, a line naming a variant that cannot
# serve its class, GFRAID_CALIBRATE=time and =0, and GFRAID_IMPL each
# leave it aside as documented; a path that cannot be written is an error.
# Usage: calibration-file.sh EC_CLI (GFRAID_EMULATOR: a command to run it
# with, qemu-user in a cross build)
. "$(dirname "$0")/common.sh"
file=$tmp/cache/libgfraid/calibration
unset GFRAID_IMPL GFRAID_CALIBRATE GFRAID_SELFTEST_CORRUPT

choices() {	# the lines of a file after its two header lines
	tail -n +3 "$1"
}
from_file() {	# how many classes ec-cli info shows taken from the file in every width
	grep -c "  from the calibration file$" "$1"
}

(umask 077 && GFRAID_CALIBRATION_FILE=$file $emu "$cli" calibrate >"$tmp/out" 2>&1)
st=$?
lines=$(choices "$file" 2>/dev/null | wc -l)
[ $st = 0 ] && [ "$(head -1 "$file")" = "libgfraid calibration 2" ] && [ "$lines" = 96 ] &&
	grep -q "^wrote $file:" "$tmp/out" && r=ok || r=bad
check $r "calibrate wrote $file, its directories created: 8 ops x 4 classes x 3 widths ($lines lines)"
if [ "$lines" != 96 ]; then
	cat "$tmp/out"
	finish
	exit
fi
choices "$file" >"$tmp/want"
modes=$(stat -c %a "$file" "$tmp/cache/libgfraid" "$tmp/cache" | tr '\n' ' ')
[ "$modes" = "644 755 755 " ] && r=ok || r=bad
check $r "under umask 077 the file is 0644 and its new directories 0755, for daemons to read ($modes)"

same=0
for i in 1 2 3; do
	GFRAID_CALIBRATION_FILE=$file $emu "$cli" bench --choices >"$tmp/got$i"
	cmp -s "$tmp/want" "$tmp/got$i" && same=$((same + 1))
done
[ $same = 3 ] && r=ok || r=bad
check $r "3 fresh processes took the file's choices ($same of 3)"

GFRAID_CALIBRATION_FILE=$file $emu "$cli" info >"$tmp/info"
n=$(from_file "$tmp/info")
[ "$n" = 32 ] && grep -q "^calibration file  $file$" "$tmp/info" && r=ok || r=bad
check $r "ec-cli info shows all 32 classes' choices from the file in every width ($n)"

# another CPU or build: the signature differs, the whole file is ignored
sed '2s/ cpu / cpu X/' "$file" >"$tmp/other"
GFRAID_CALIBRATION_FILE=$tmp/other $emu "$cli" calibrate --status >"$tmp/info"
grep -q "^read      (no file for this CPU and build)$" "$tmp/info" && r=ok || r=bad
check $r "a file for another CPU is ignored"

# a line naming no variant, and one naming a non-temporal variant for
# small blocks: those two widths are timed, the rest from the file
sed -e 's/^ec_update small typical .*/ec_update small typical no_such_variant/' \
	-e 's/^gen_syndrome small narrow .*/gen_syndrome small narrow avx2_x4nt/' "$file" >"$tmp/odd"
GFRAID_CALIBRATION_FILE=$tmp/odd $emu "$cli" info >"$tmp/info"
n=$(from_file "$tmp/info")
small=$(awk '$1 == "gen_syndrome" && $2 == "small" { print $3 }' "$tmp/info")
[ "$n" = 30 ] && [ "${small%nt}" = "$small" ] && r=ok || r=bad
check $r "lines that cannot serve their class are left aside (30 classes all from the file, gen small narrow $small)"

GFRAID_CALIBRATE=time GFRAID_CALIBRATION_FILE=$file $emu "$cli" info >"$tmp/info"
n=$(from_file "$tmp/info")
[ "$n" = 0 ] && r=ok || r=bad
check $r "GFRAID_CALIBRATE=time ignores the file ($n from it)"

GFRAID_CALIBRATE=0 GFRAID_CALIBRATION_FILE=$file $emu "$cli" info >"$tmp/info"
n=$(from_file "$tmp/info")
o=$(grep -c "  first suitable in table order" "$tmp/info")
[ "$n" = 0 ] && [ "$o" = 32 ] && r=ok || r=bad
check $r "GFRAID_CALIBRATE=0 takes table order ($o of 32)"

GFRAID_IMPL=base GFRAID_CALIBRATION_FILE=$file $emu "$cli" info >"$tmp/info"
o=$(grep -c "  named in GFRAID_IMPL" "$tmp/info")
[ "$o" = 32 ] && r=ok || r=bad
check $r "GFRAID_IMPL wins over the file ($o of 32)"

# The system's file: read where the process has no file of its own (a
# daemon's user with no home), only if it and its directory are trusted,
# and silently left aside otherwise.
sys=$tmp/system
mkdir -m 755 "$sys"
sysfile=$(GFRAID_CALIBRATION_DIR=$sys $emu "$cli" info | sed -n "s/^system's  *//p")
case $sysfile in "$sys"/*-*) r=ok ;; *) r=bad ;; esac
check $r "the system's file is named for this CPU and build ($sysfile)"
cp "$file" "$sysfile"
chmod 644 "$sysfile"
daemon() {	# ec-cli ARGS as a daemon runs: no home, no file of its own
	env -u GFRAID_CALIBRATION_FILE -u XDG_CACHE_HOME HOME=/nonexistent \
		GFRAID_CALIBRATION_DIR=$sys $emu "$cli" "$@" >"$tmp/info" 2>"$tmp/err"
}
none() {	# what calibrate --status printed says no file was read
	grep -q "^read      (no file for this CPU and build)$" "$tmp/info"
}
daemon info
n=$(from_file "$tmp/info")
[ "$n" = 32 ] && grep -q "^choices read from $sysfile$" "$tmp/info" && [ ! -s "$tmp/err" ] &&
	r=ok || r=bad
check $r "a process with no home takes the system's file: $n of 32 classes, nothing on stderr"
chmod 664 "$sysfile"
daemon calibrate --status
none && [ ! -s "$tmp/err" ] && r=ok || r=bad
check $r "a group-writable system file is left aside, silently"
chmod 644 "$sysfile"
chmod 775 "$sys"
daemon calibrate --status
none && r=ok || r=bad
check $r "a system file in a group-writable directory is left aside"
chmod 755 "$sys"
mv "$sysfile" "$tmp/real"
ln -s "$tmp/real" "$sysfile"
daemon calibrate --status
none && r=ok || r=bad
check $r "a symbolic link in place of the system file is left aside"
rm "$sysfile"
head -c 20000 /dev/urandom >"$sysfile"
daemon calibrate --status
st=$?
[ $st = 0 ] && none && [ ! -s "$tmp/err" ] && r=ok || r=bad
check $r "20000 random bytes as the system file: ignored, exit $st"
{ head -2 "$tmp/real"; printf 'ec_encode small narrow\n\0\nec_check small wide a b c\n'; } >"$sysfile"
daemon calibrate --status
st=$?
[ $st = 0 ] && none && r=ok || r=bad
check $r "a system file with a NUL byte is ignored whole, exit $st"
sed -e 's/^ec_update small typical .*/ec_update small typical avx2 extra/' \
	-e 's/^ec_check small wide .*/ec_check small wide/' "$tmp/real" >"$sysfile"
daemon info
n=$(from_file "$tmp/info")
[ "$n" = 30 ] && r=ok || r=bad
check $r "lines with a word too many or too few are left aside (30 classes all from the file)"
cp "$tmp/real" "$sysfile"
sed '2s/ cpu / cpu X/' "$file" >"$tmp/user"
env -u XDG_CACHE_HOME HOME=/nonexistent GFRAID_CALIBRATION_FILE=$tmp/nothing \
	GFRAID_CALIBRATION_DIR=$sys $emu "$cli" calibrate --status >"$tmp/info"
none && r=ok || r=bad
check $r "GFRAID_CALIBRATION_FILE alone is read where it is set, even when missing"
mkdir -p "$tmp/home/.cache/libgfraid"
cp "$file" "$tmp/home/.cache/libgfraid/calibration"
env -u GFRAID_CALIBRATION_FILE -u XDG_CACHE_HOME HOME=$tmp/home GFRAID_CALIBRATION_DIR=$sys \
	$emu "$cli" calibrate --status >"$tmp/info"
grep -q "^read      $tmp/home/.cache/libgfraid/calibration$" "$tmp/info" && r=ok || r=bad
check $r "the user's own file comes before the system's"
cp "$tmp/user" "$tmp/home/.cache/libgfraid/calibration"
env -u GFRAID_CALIBRATION_FILE -u XDG_CACHE_HOME HOME=$tmp/home GFRAID_CALIBRATION_DIR=$sys \
	$emu "$cli" calibrate --status >"$tmp/info"
grep -q "^read      $sysfile$" "$tmp/info" && r=ok || r=bad
check $r "a user's file for another CPU gives way to the system's"
if [ "$(id -u)" != 0 ]; then	# root writes anyway
	mkdir -m 555 "$tmp/rosys"
	GFRAID_CALIBRATION_DIR=$tmp/rosys $emu "$cli" calibrate --system >"$tmp/out" 2>&1
	st=$?
	[ $st = 1 ] && grep -q "^ec-cli calibrate: $tmp/rosys/.*could not be written" "$tmp/out" &&
		r=ok || r=bad
	check $r "calibrate --system into a directory it cannot write: exit $st, $(cat "$tmp/out")"
fi

mkdir "$tmp/ro"
touch "$tmp/ro/file"
GFRAID_CALIBRATION_FILE=$tmp/ro/file/calibration $emu "$cli" calibrate >"$tmp/out" 2>&1
st=$?
[ $st = 1 ] && grep -q "could not be written" "$tmp/out" && r=ok || r=bad
check $r "a path that cannot be written: exit $st, $(cat "$tmp/out")"

finish
