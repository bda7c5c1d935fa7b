#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""PyECLib and liberasurecode, from Debian's packages, on the libisal.so.2
drop-in and on Debian's libisal2, each in processes of its own: for both
isa_l backends and every geometry and size, the fragments must be
byte-identical; each side decodes the other's fragments with up to m of
them lost and rebuilds the lost ones. Every process checks which
libisal.so.2 it mapped, and a backend that is not available fails.

Usage: pyeclib-drop-in.py DROPIN_DIR STOCK_LIBISAL WORKDIR
       (a worker: ... encode|decode SIDE BACKEND K M FRAGDIR)
"""
import hashlib
import os
import random
import shutil
import subprocess
import sys
import time

GEOMETRIES = [(4, 2), (6, 3), (8, 4), (10, 4), (12, 4), (16, 4), (20, 4)]
SIZES = [1, 4095, 1 << 20, (16 << 20) + 7]
BACKENDS = ["isa_l_rs_vand", "isa_l_rs_cauchy"]


def data_of(size):
    return random.Random(size).randbytes(size)


def mapped_libisal():
    """The libisal.so.2 and libgfraid files this process maps."""
    found = set()
    with open("/proc/self/maps") as f:
        for line in f:
            path = line.split(None, 5)[5].strip() if len(line.split(None, 5)) == 6 else ""
            name = os.path.basename(path)
            if name.startswith("libisal.so") or name.startswith("libgfraid"):
                found.add(path)
    return found


def check_side(side, dropin, stock):
    maps = mapped_libisal()
    ours = os.path.realpath(os.path.join(dropin, "libisal.so.2"))
    if side == "ours":
        ok = ours in maps and stock not in maps and any("libgfraid.so" in p for p in maps)
    else:
        ok = stock in maps and not any("gfraid" in p for p in maps)
    if not ok:
        sys.exit("%s: mapped %s, not the %s libisal.so.2" % (side, sorted(maps), side))


def losses(k, m, size):
    """Sets of lost fragment indexes: 1 to m of them, data first, parity
    first and spread out (for the largest size, 1 and m only)."""
    counts = [1, m] if size > (1 << 20) else range(1, m + 1)
    out = []
    for n in counts:
        out.append(list(range(n)))
        out.append(list(range(k + m - n, k + m)))
        out.append([(i * (k + m)) // n for i in range(n)])
    return out


def worker(mode, side, backend, k, m, fragdir, dropin, stock):
    from pyeclib.ec_iface import ECDriver
    driver = ECDriver(k=k, m=m, ec_type=backend)
    checked = False
    for size in SIZES:
        data = data_of(size)
        sdir = os.path.join(fragdir, str(size))
        if mode == "encode":
            frags = driver.encode(data)
            if not checked:
                check_side(side, dropin, stock)
                checked = True
            os.makedirs(sdir)
            for i, fr in enumerate(frags):
                with open(os.path.join(sdir, str(i)), "wb") as f:
                    f.write(fr)
            continue
        frags = []
        for i in range(k + m):
            with open(os.path.join(sdir, str(i)), "rb") as f:
                frags.append(f.read())
        for lost in losses(k, m, size):
            have = [fr for i, fr in enumerate(frags) if i not in lost]
            got = driver.decode(have)
            if not checked:
                check_side(side, dropin, stock)
                checked = True
            if got != data:
                sys.exit("%s %d+%d %d bytes, lost %s: decoded data differ" %
                         (backend, k, m, size, lost))
            rebuilt = driver.reconstruct(have, lost)
            for idx, fr in zip(lost, rebuilt):
                if fr != frags[idx]:
                    sys.exit("%s %d+%d %d bytes: rebuilt fragment %d differs" %
                             (backend, k, m, size, idx))


def digest(d):
    out = {}
    for root, _, files in os.walk(d):
        for name in files:
            p = os.path.join(root, name)
            with open(p, "rb") as f:
                out[os.path.relpath(p, d)] = hashlib.sha256(f.read()).hexdigest()
    return out


def main():
    if len(sys.argv) == 10:
        _, dropin, stock, _, mode, side, backend, k, m = sys.argv[:9]
        worker(mode, side, backend, int(k), int(m), sys.argv[9], dropin, stock)
        return
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    dropin, stock, work = sys.argv[1:]
    try:
        import pyeclib.ec_iface  # noqa: F401
    except ImportError:
        print("skipped: no PyECLib for %s (apt-get install python3-pyeclib; "
              "scripts/install-deps.sh --tests)" % sys.executable)
        sys.exit(77)
    if not os.path.exists(stock):
        print("skipped: no %s, Debian's ISA-L to compare with (apt-get install libisal2)" % stock)
        sys.exit(77)
    stock = os.path.realpath(stock)
    env = {"ours": dict(os.environ, LD_LIBRARY_PATH=dropin),
           "stock": {k: v for k, v in os.environ.items() if k != "LD_LIBRARY_PATH"}}
    other = {"ours": "stock", "stock": "ours"}
    checks = 0
    t0 = time.time()
    for backend in BACKENDS:
        for k, m in GEOMETRIES:
            shutil.rmtree(work, ignore_errors=True)

            def run(mode, side):
                cmd = [sys.executable, __file__, dropin, stock, work, mode, side, backend,
                       str(k), str(m), os.path.join(work, side if mode == "encode" else other[side])]
                r = subprocess.run(cmd, env=env[side], capture_output=True, text=True)
                if r.returncode != 0 or r.stderr:
                    sys.exit("FAIL: %s %s %s %d+%d: exit %d\n%s%s" % (
                        side, mode, backend, k, m, r.returncode, r.stdout, r.stderr))

            run("encode", "ours")
            run("encode", "stock")
            a, b = digest(os.path.join(work, "ours")), digest(os.path.join(work, "stock"))
            if a != b or len(a) != len(SIZES) * (k + m):
                sys.exit("FAIL: %s %d+%d: fragments differ from Debian's libisal2's" % (backend, k, m))
            run("decode", "ours")
            run("decode", "stock")
            checks += 1
            print("ok: %s %d+%d: %d fragments byte-identical to libisal2's over %d sizes; "
                  "each decoded and rebuilt the other's with up to %d lost" %
                  (backend, k, m, len(a), len(SIZES), m), flush=True)
    shutil.rmtree(work, ignore_errors=True)
    print("%d passed, 0 failed (%.0f s)" % (checks, time.time() - t0))


main()
