#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
# ISA-L's own erasure-code and GF tests, from Debian's libisal source
# package, built unchanged against libgfraid-isal and run.
#
#   isal-suite.sh fetch WORK
#     the source package into WORK/isal (apt-get source through a private
#     deb-src index in WORK/apt, made from the system's mirrors: nothing is
#     added to the system's apt configuration; no root needed).
#   isal-suite.sh run WORK TEST[:forced] INCLUDE LIBDIR EC_CLI CC [CFLAGS...]
#     build ISA-L's erasure_code/TEST.c with CC against the headers in
#     INCLUDE (ours first, then ISA-L's include/ for its test helpers such
#     as types.h) and LIBDIR/libgfraid-isal.so, then run it with the
#     variants libgfraid selects; with :forced (erasure_code_test and
#     erasure_code_update_test, whose subject is the coding, over every
#     shape), instead once with each EC variant that passed its self-test
#     on this CPU (as EC_CLI info lists them) forced through GFRAID_IMPL.
#     The other tests reach the same variants through the same calls; they
#     run once, as their time goes to the C library's random().
set -eu
fail() { echo "isal-suite: $*" >&2; exit 1; }
cmd=$1 work=$2
mkdir -p "$work"
work=$(cd "$work" && pwd)

fetch() {
	[ -e "$work/isal/.complete" ] && return 0
	apt=$work/apt
	rm -rf "$apt" "$work/isal"
	mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/parts" "$apt/src"
	sh "$(dirname "$0")/../../scripts/deb-src-sources.sh" >"$apt/deb-src.sources" ||
		fail "no deb-src index could be made from the apt configuration"
	set -- -q -o Dir::Etc::SourceList="$apt/deb-src.sources" -o Dir::Etc::SourceParts="$apt/parts" \
		-o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache"
	apt-get "$@" update >"$apt/update.log" 2>&1 || { cat "$apt/update.log"; fail "apt-get update of the private deb-src index failed"; }
	(cd "$apt/src" && apt-get "$@" source --download-only libisal) >"$apt/source.log" 2>&1 ||
		{ cat "$apt/source.log"; fail "apt-get source libisal failed"; }
	(cd "$apt/src" && dpkg-source -x libisal_*.dsc "$work/isal") >"$apt/extract.log" 2>&1 ||
		{ cat "$apt/extract.log"; fail "dpkg-source -x failed"; }
	echo "isal-suite: $(cd "$apt/src" && ls libisal_*.dsc) unpacked in $work/isal"
	touch "$work/isal/.complete"
}

# a test's last line, its progress dots counted rather than shown
summary() {
	tail -n 1 "$1" | awk '{ n = gsub(/\./, ""); print $0 " (" n " progress dots)" }'
}

run() {
	test=${1%:forced} include=$2 libdir=$3 cli=$4 cc=$5
	forced=${1#"$test"}
	shift 5
	src=$work/isal/erasure_code/$test.c
	[ -f "$src" ] || fail "$src not found (isal-suite.sh fetch first)"
	mkdir -p "$work/bin"
	bin=$work/bin/$test${forced:+-forced}
	"$cc" -O2 "$@" -I"$include" -I"$work/isal/include" -o "$bin" "$src" \
		-L"$libdir" -Wl,-rpath,"$libdir" -lgfraid-isal || fail "$test does not build against libgfraid-isal"
	# the program must reach ISA-L's names in libgfraid-isal, not in a libisal
	if ldd "$bin" | grep -q 'libisal'; then fail "$test links libisal"; fi
	ldd "$bin" | grep -q 'libgfraid-isal\.so' || fail "$test does not link libgfraid-isal"
	# ISA-L's test programs do not free all they allocate; leaks in the
	# library are the concern of libgfraid's own tests
	export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
	if [ -z "$forced" ]; then
		echo "== $test (libgfraid's selected variants)"
		"$bin" </dev/null >"$bin.out" 2>&1 || { tail -c 2000 "$bin.out"; fail "$test failed"; }
		summary "$bin.out"
		return 0
	fi
	# the variants of ec_encode and ec_update that passed here
	variants=$(GFRAID_IMPL= "$cli" info | awk '
		/^  [a-z0-9_]+: widths/ { op = $1 }
		(op == "ec_encode:" || op == "ec_update:") && /^    [a-z0-9_]+ .* passed$/ { print $1 }' |
		sort -u)
	[ -n "$variants" ] || fail "$cli info lists no EC variant that passed"
	for v in $variants; do
		echo "== $test (ec_encode and ec_update: $v)"
		GFRAID_IMPL="ec_encode=$v,ec_update=$v" "$bin" </dev/null >"$bin.$v.out" 2>&1 ||
			{ tail -c 2000 "$bin.$v.out"; fail "$test failed with $v"; }
		summary "$bin.$v.out"
	done
}

case $cmd in
fetch) fetch ;;
run) shift 2; run "$@" ;;
*) fail "usage: isal-suite.sh fetch WORK | run WORK TEST[:forced] INCLUDE LIBDIR EC_CLI CC [CFLAGS...]" ;;
esac
