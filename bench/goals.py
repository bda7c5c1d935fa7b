#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""The speed goals against ISA-L 2.32.1, met or missed, from one `ec-cli bench --csv` run.

    ec-cli bench --op gen_syndrome,ec_encode,ec_update,ec_update_shards,floor_xor \\
        --impl gfraid:,isal:,floor: --size 4KiB,64KiB,1MiB --csv > run.csv
    bench/goals.py run.csv > goals.md

The peer must be ISA-L 2.32.1 or newer (configure with GFRAID_ISAL_PREFIX).
Per op, geometry and size: libgfraid's best variant against ISA-L's best
entry point, the goal, and where it is missed the bound that explains it:
  - the bare loop (floor:bare): the op's loads and stores with no field math,
    for gen_syndrome and ec_encode the faster of it and floor:bare_nt (the
    same with the stores non-temporal, as the streaming variants);
  - for ec_encode also its field math alone: floor:affine (its vgf2p8affineqb
    products), or where the run has no GFNI (a CPU without it, or masked with
    GFRAID_CPU_MASK) floor:nibble (its AVX2 nibble-table lookups).
The bound is the slower of the two. When the bound over ISA-L is below the
goal, no kernel with the same traffic and products can meet it. At 1 MiB the
goal is a share of the traffic floor: the bytes the op must move, at the
bandwidth the one-pass XOR floor (k reads, 1 write) reaches in the same run.
"""
import csv
import sys
from collections import defaultdict

GOALS = {
    "gen_syndrome": (1.25, ["4+2", "8+2", "14+2"]),
    "ec_encode": (1.30, ["4+2", "8+2", "10+4", "16+4", "8+8", "32+4"]),
    "ec_update": (1.15, ["4+2", "10+4", "8+8"]),
    "ec_update_shards": (2.50, ["10+4"]),
}
SIZES = ["4KiB", "64KiB", "1MiB"]
FLOOR_SHARE = 0.95
# A bound loop more than 5% slower than a kernel doing more work is no bound
# (the loop as written is not the fastest way to move those bytes).
LOOSE = 0.95
UPDATE_SHARDS_CHANGED = 4  # as bench/cases.h UPDATE_SHARDS_OF(10)


def traffic_per_data_byte(op, k, m):
    """Bytes the op must read and write per data byte."""
    if op == "gen_syndrome":
        return (k + 2) / k
    if op == "ec_encode":
        return (k + m) / k
    if op == "ec_update":  # one source read, m parity read and written
        return 1 + 2 * m
    n = UPDATE_SHARDS_CHANGED
    return (n + 2 * m) / n


def load_gbs(path):
    """GB/s of one `ec-cli bench --csv` run: {(op, geometry, size): {impl: GB/s}}."""
    gbs = defaultdict(dict)
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            gbs[(r["op"], r["geometry"], r["size"])][r["impl"]] = float(r["bytes_per_second"]) / 1e9
    return gbs


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: goals.py RUN.csv")
    gbs = load_gbs(sys.argv[1])
    print("| op | geometry | size | libgfraid best | GB/s | ISA-L best | GB/s | ratio | goal "
          "| bound GB/s | bound / ISA-L | verdict |")
    print("|---|---|---|---|---:|---|---:|---:|---|---:|---:|---|")
    met = missed = 0
    for op, (goal, geoms) in GOALS.items():
        for geo in geoms:
            for size in SIZES:
                v = gbs.get((op, geo, size))
                if not v:
                    continue
                ours = {n: x for n, x in v.items() if n.startswith("gfraid:")}
                peer = {n: x for n, x in v.items() if n.startswith("isal:")}
                if not ours or not peer:
                    continue
                bo, bp = max(ours, key=ours.get), max(peer, key=peer.get)
                ratio = ours[bo] / peer[bp]
                bare = [v[n] for n in ("floor:bare", "floor:bare_nt") if n in v]
                math = v.get("floor:affine", v.get("floor:nibble"))
                bounds = ([max(bare)] if bare else []) + ([math] if math is not None else [])
                bound = min(bounds) if bounds else None
                what = "field math" if bound is not None and math == bound else "traffic"
                k, m = map(int, geo.split("+"))
                if size == "1MiB":
                    xor = gbs.get(("floor_xor", geo, size), {}).get("floor:xor")
                    if xor is None:
                        continue
                    floor = xor * (k + 1) / k / traffic_per_data_byte(op, k, m)
                    share = ours[bo] / floor
                    ok = share >= FLOOR_SHARE
                    g = f">= {FLOOR_SHARE} of floor {floor:.1f}"
                    verdict = f"{'met' if ok else 'MISSED'} ({share:.2f} of the floor)"
                    if not ok and bound is not None and bound < FLOOR_SHARE * floor:
                        verdict += (f": the {what} loop reaches {bound / floor:.2f} of it, "
                                    f"ours {ours[bo] / bound:.2f} of that")
                else:
                    ok = ratio >= goal
                    g = f">= {goal:.2f}x"
                    if ok:
                        verdict = "met"
                    elif bound is None:
                        verdict = "MISSED; no bound measured"
                    elif bound < LOOSE * max(ours[bo], peer[bp]):
                        verdict = (f"MISSED; no bound: the {what} loop is slower than "
                                   f"{'ours' if ours[bo] > peer[bp] else 'ISA-L'}")
                    elif bound / peer[bp] < goal:
                        verdict = f"MISSED: {what}-bound, ours at {ours[bo] / bound:.2f} of it"
                    else:
                        verdict = f"MISSED: bound allows it, ours at {ours[bo] / bound:.2f} of it"
                met += ok
                missed += not ok
                bcol = f"{bound:.1f} | {bound / peer[bp]:.2f}x" if bound else "- | -"
                print(f"| {op} | {geo} | {size} | {bo[7:]} | {ours[bo]:.1f} | {bp[5:]} "
                      f"| {peer[bp]:.1f} | {ratio:.2f}x | {g} | {bcol} | {verdict} |")
    print()
    print(f"{met} goals met, {missed} missed.")


if __name__ == "__main__":
    main()
