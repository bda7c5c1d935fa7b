#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The Debian packages: built from debian/ (dpkg-buildpackage -b, its unit
# tests run at Debian's build flags as a package build runs them), lintian
# without errors (the build itself fails where libgfraid.so.0 exports a
# symbol debian/libgfraid0.symbols does not list, or lacks one it lists),
# debian/copyright's GPL-2.0-only list the same as the sources' SPDX
# lines; then installed on this machine, consumed through pkg-config and
# find_package(gfraid), ec-cli and its man page run, the DKMS sources built
# for Debian's 6.12 headers (unpacked by kernel-tree.sh), and purged,
# leaving none of their files behind.
# Needs root (dpkg -i) and packages none of them installed before.
# GFRAID_DEB_BUILD_OPTIONS adds to DEB_BUILD_OPTIONS (scripts/test.sh --ci:
# nocheck; the packaged library is still run by the consumers below).
# Usage: check-debs.sh SOURCE_DIR WORKDIR ORACLE_INCLUDE ORACLE_LIBS...
set -eu
src=$1 work=$2 oracle_inc=$3
shift 3
oracle_libs="$*"
fail() { echo "check-debs: $*" >&2; exit 1; }
packages="libgfraid0 libgfraid-dev libgfraid-isal0 libgfraid-isal-dev libgfraid-isal2-compat gfraid-tools gfraid-dkms"
# the system's calibration, as the package writes it (the test suite points
# every other test elsewhere)
unset GFRAID_CALIBRATION_DIR
[ "$(id -u)" = 0 ] || fail "needs root, to install and purge the packages"
for p in $packages; do
	if dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null | grep -q '^[ih]'; then
		fail "$p is installed already: the check would remove it"
	fi
done

# GPL-2.0-only files, as the sources say and as debian/copyright says
# (its patterns are matched, not expanded)
set -f
spdx=$(cd "$src" && grep -rlE 'SPDX-License-Identifier: GPL-2.0-only' \
	bench oracle tests tools src include kernel asm cmake man scripts fuzz | sort)
listed=$(sed -n '/^Files: bench/,/^Copyright:/p' "$src/debian/copyright" |
	sed 's/^Files://; /^Copyright:/d' | tr ' ' '\n' | sed '/^$/d')
for f in $spdx; do
	ok=0
	for pat in $listed; do
		# shellcheck disable=SC2254
		case $f in $pat) ok=1 ;; esac
	done
	[ $ok = 1 ] || fail "$f is GPL-2.0-only and debian/copyright does not say so"
done
for f in $(cd "$src" && find bench oracle tests tools -type f | sort); do
	for pat in $listed; do
		# shellcheck disable=SC2254
		case $f in $pat)
			echo "$spdx" | grep -qx "$f" ||
				fail "debian/copyright has $f GPL-2.0-only; the file says otherwise"
			;;
		esac
	done
done
set +f

# a copy of the sources without build trees, built as a Debian source would be
rm -rf "$work"
mkdir -p "$work/src"
tar -C "$src" --exclude='./build*' --exclude=./.git --exclude='./obj-*' -cf - . |
	tar -C "$work/src" -xf -
(cd "$work/src" && DEB_BUILD_OPTIONS="parallel=$(nproc) ${GFRAID_DEB_BUILD_OPTIONS:-}" \
	dpkg-buildpackage -us -uc -b >"$work/build.log" 2>&1) ||
	{ tail -n 60 "$work/build.log"; fail "dpkg-buildpackage failed (log: $work/build.log)"; }
changes=$(ls "$work"/libgfraid_*.changes)
for p in $packages; do
	ls "$work/${p}"_*.deb >/dev/null 2>&1 || fail "no $p package built"
done
echo "check-debs: built $(ls "$work"/*.deb | wc -l) packages (with the debug symbols)"

lintian --fail-on error --tag-display-limit 0 "$changes" >"$work/lintian.log" 2>&1 ||
	{ cat "$work/lintian.log"; fail "lintian reports errors"; }
echo "check-debs: lintian: $(grep -c '^E:' "$work/lintian.log" || true) errors," \
	"$(grep -c '^W:' "$work/lintian.log" || true) warnings"
grep '^W:' "$work/lintian.log" || true

# installed, used, purged
cleanup() { dpkg --purge $packages >/dev/null 2>&1 || true; }
trap cleanup EXIT
debs=$(for p in $packages; do ls "$work/${p}"_*.deb; done)
dpkg -i $debs >"$work/install.log" 2>&1 ||
	{ cat "$work/install.log"; fail "dpkg -i failed"; }
files=$(for p in $packages; do dpkg -L "$p"; done | sort -u)
libdir=$(dirname "$(dpkg -L libgfraid0 | grep 'libgfraid\.so\.0$')")
sh "$src/tests/install/check-consumer.sh" /usr "$libdir" "$src" "$work/consumer" \
	"$oracle_inc" $oracle_libs
ec-cli info >/dev/null || fail "the installed ec-cli does not run"

# the postinst's system calibration: read by a daemon's user with no home
status=$(env -u GFRAID_CALIBRATION_FILE -u XDG_CACHE_HOME HOME=/nonexistent \
	setpriv --reuid=65534 --regid=65534 --clear-groups ec-cli calibrate --status 2>&1) ||
	fail "ec-cli calibrate --status as nobody: $status"
sysfile=$(echo "$status" | sed -n "s/^system's  *//p")
case $sysfile in /var/cache/libgfraid/*) ;; *) fail "system calibration file at '$sysfile'" ;; esac
[ "$(stat -c '%U %a' "$sysfile" /var/cache/libgfraid | tr '\n' ' ')" = "root 644 root 755 " ] ||
	fail "$sysfile: $(stat -c '%U %a' "$sysfile" /var/cache/libgfraid | tr '\n' ' ')"
echo "$status" | grep -qx "read      $sysfile" ||
	fail "user nobody with no home does not take $sysfile: $status"
echo "check-debs: the postinst wrote $sysfile (root, 0644), which user nobody reads"

# the drop-in: libisal.so.2 in a private directory, off the search path,
# self-contained
compat=$libdir/gfraid-isal/libisal.so.2
[ -f "$compat" ] || fail "no $compat"
dpkg-deb --ctrl-tarfile "$work"/libgfraid-isal2-compat_*.deb | tar -t | grep -qE 'shlibs|triggers' &&
	fail "libgfraid-isal2-compat declares shlibs or triggers: packages built here could depend on it for libisal.so.2"
ldconfig -p | grep -q "gfraid-isal/libisal" && fail "$compat is on the library search path"
objdump -p "$compat" | grep -q "SONAME *libisal.so.2$" || fail "$compat: SONAME is not libisal.so.2"
env -i LD_LIBRARY_PATH="$libdir/gfraid-isal" LD_DEBUG=libs python3 -c \
	'import ctypes; ctypes.CDLL("libisal.so.2").ec_encode_data' 2>"$work/compat.log" ||
	fail "libisal.so.2 from $libdir/gfraid-isal does not load: $(tail -3 "$work/compat.log")"
grep -q "calling init: $compat" "$work/compat.log" || fail "another libisal.so.2 was loaded"
echo "check-debs: $compat loads by its SONAME from its directory alone"
for page in /usr/share/man/man1/ec-cli.1.gz /usr/share/man/man3/libgfraid.3.gz; do
	[ -f "$page" ] || fail "$page is not installed"
done
version=$(dpkg-query -W -f='${Version}' gfraid-dkms | sed 's/-[^-]*$//')
[ -f "/usr/src/gfraid-$version/dkms.conf" ] || fail "no /usr/src/gfraid-$version/dkms.conf"
GFRAID_KERNEL=6.12 sh "$src/tests/kernel/dkms-build.sh" "/usr/src/gfraid-$version" "$work/dkms"

dpkg --purge $packages >"$work/purge.log" 2>&1 || { cat "$work/purge.log"; fail "dpkg --purge failed"; }
trap - EXIT
left=$(for f in $files; do [ -f "$f" ] || [ -L "$f" ] && echo "$f"; done || true)
[ -z "$left" ] || fail "left after purge: $left"
[ ! -e "/usr/src/gfraid-$version" ] || fail "/usr/src/gfraid-$version left after purge"
[ ! -e /var/lib/dkms/gfraid ] || fail "/var/lib/dkms/gfraid left after purge"
[ ! -e /var/cache/libgfraid ] || fail "/var/cache/libgfraid left after purge"
echo "check-debs: installed, consumed, DKMS-built and purged; $(echo "$files" | wc -l) paths, none left"
