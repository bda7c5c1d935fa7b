#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""The scrub's speed goals, met or missed, from one run.

    ec-cli bench --op gen_syndrome,raid6_check,ec_encode,ec_check \\
        --impl gfraid:,isal:,floor:bare --size 4KiB,64KiB --rounds 5 --csv > run.csv
    bench/check_goals.py run.csv > check-goals.md

Per geometry and size: the best check variant against our own best variant
of the op it mirrors (raid6_check: gen_syndrome, >= 0.9x; ec_check:
ec_encode, >= 0.9x), and raid6_check against ISA-L's best pq_check (>= 2x).
Where the first goal is missed, the check is set against the bare loops
(floor:bare, bench/bare_avx512.c) of both ops: every block loaded, XOR for
every product, and a store (the op) or an OR (the check) at the end. Their
ratio is what the traffic alone allows the check against its op; where it
is below the goal and the check stands at least as close to it as
(TRAFFIC_SLACK), the miss is the traffic's, not the kernel's.
"""
import sys

from goals import load_gbs  # bench/goals.py, beside this script

MIRRORS = {"raid6_check": ("gen_syndrome", 0.9), "ec_check": ("ec_encode", 0.9)}
PEER_GOAL = 2.0  # raid6_check against ISA-L's pq_check
TRAFFIC_SLACK = 0.97


def best(cell, prefix):
    side = {n: x for n, x in cell.items() if n.startswith(prefix)}
    if not side:
        return None, None
    name = max(side, key=side.get)
    return name[len(prefix):], side[name]


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: check_goals.py RUN.csv")
    gbs = load_gbs(sys.argv[1])
    print("| check | geometry | size | best (GB/s) | our op's best (GB/s) | ratio | bare loops' "
          "ratio | vs ISA-L pq_check | verdict |")
    print("|---|---|---|---|---|---:|---:|---:|---|")
    met = missed = 0
    for (op, geo, size), cell in sorted(gbs.items()):
        if op not in MIRRORS:
            continue
        mirror, goal = MIRRORS[op]
        other_cell = gbs.get((mirror, geo, size), {})
        name, ours = best(cell, "gfraid:")
        oname, other = best(other_cell, "gfraid:")
        if ours is None or other is None:
            continue
        ratio = ours / other
        floors = None
        if "floor:bare" in cell and "floor:bare" in other_cell:
            floors = cell["floor:bare"] / other_cell["floor:bare"]
        pname, peer = best(cell, "isal:")
        if ratio >= goal:
            verdicts, ok = ["met"], True
        elif floors is None:
            verdicts, ok = ["MISSED; no bare loops measured"], False
        elif floors < goal and ratio >= TRAFFIC_SLACK * floors:
            verdicts, ok = ["MISSED: at the traffic's ratio"], True
        else:
            verdicts, ok = ["MISSED with room: below the bare loops' ratio"], False
        pcol = "-"
        if peer:
            pcol = f"{ours / peer:.2f}x ({pname})"
            if ours / peer < PEER_GOAL:
                verdicts.append(f"MISSED >= {PEER_GOAL}x pq_check")
                ok = False
        met += ok
        missed += not ok
        fcol = f"{floors:.2f}x" if floors else "-"
        print(f"| {op} | {geo} | {size} | {name} ({ours:.1f}) | {oname} ({other:.1f}) "
              f"| {ratio:.2f}x | {fcol} | {pcol} | {'; '.join(verdicts)} |")
    print()
    print(f"{met} cells met or at the traffic's ratio, {missed} missed with room left.")


if __name__ == "__main__":
    main()
