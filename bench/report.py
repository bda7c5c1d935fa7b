#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""Turn gfraid-bench (or `ec-cli bench --json`) results into ratio tables
and throughput plots.

    gfraid-bench --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \\
        --benchmark_format=json > results.json
    bench/report.py results.json --plots build/bench > report.md

For every op, geometry and block size the Markdown table gives
libgfraid's best variant, the best peer (Linux 6.1's lib/raid6 `linux:`,
7.2's lib/raid/raid6 `linux72:`, ISA-L `isal:`; --peers picks among them),
their ratio, and the one-pass XOR floor of the same data. With --plots DIR, one
plot per op and geometry shows GB/s against block size, a line per
variant, peer and floor (gnuplot). Uses medians when the results have
them. GB/s here are 10^9 bytes of data per second.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
from collections import defaultdict

OPS = ["gen_syndrome", "xor_rmw", "recov_2data", "recov_datap", "raid6_check", "ec_encode",
       "ec_update", "ec_reconstruct", "ec_update_shards", "ec_check"]
FLOORS = ["floor_xor", "floor_memcpy"]
SIZE_ORDER = {"4KiB": 4096, "64KiB": 65536, "1MiB": 1 << 20}


def load(path):
    """{case name: (bytes/s, items/s or None, real time ns)} from the JSON."""
    with open(path) as f:
        doc = json.load(f)
    medians, runs = {}, defaultdict(list)
    for b in doc.get("benchmarks", []):
        if b.get("error_occurred"):
            continue
        name = b.get("run_name", b["name"])
        value = (b.get("bytes_per_second", 0.0), b.get("items_per_second"), b.get("real_time"))
        if b.get("run_type") == "aggregate":
            if b.get("aggregate_name") == "median":
                medians[name] = value
        else:
            runs[name].append(value)
    results = dict(medians)
    for name, values in runs.items():
        if name not in results:
            values.sort(key=lambda v: v[0])
            results[name] = values[len(values) // 2]
    return doc.get("context", {}), results


def parse(name):
    """'op/impl/geometry/size' -> its four parts, or None."""
    parts = name.split("/")
    return tuple(parts) if len(parts) == 4 else None


def side(impl):
    if impl.startswith("gfraid:"):
        return "ours"
    if impl.startswith("floor:"):
        return "floor"
    return "peer"


def gbps(v):
    return v / 1e9


def size_key(size):
    return (0, SIZE_ORDER[size]) if size in SIZE_ORDER else (1, size)


def geometry_key(geometry):
    d, p = geometry.split("+")
    return (int(d) + int(p), int(p))


def tables(results, peers=None):
    """Markdown: one table per op; with peers (impl prefixes such as
    "linux72"), the best peer only among those."""
    cases = defaultdict(dict)        # (op, geometry, size) -> {impl: value}
    floors = {}                      # (floor op, geometry, size) -> value
    for name, value in results.items():
        p = parse(name)
        if not p:
            continue
        op, impl, geometry, size = p
        if op in FLOORS:
            floors[(op, geometry, size)] = value
        else:
            cases[(op, geometry, size)][impl] = value
    out = []
    for op in OPS:
        keys = sorted((k for k in cases if k[0] == op),
                      key=lambda k: (geometry_key(k[1]), size_key(k[2])))
        if not keys:
            continue
        rmw = op == "xor_rmw"
        out.append(f"### {op}\n")
        head = "| geometry | size | libgfraid best | GB/s | best peer | GB/s | ratio |"
        head += " ns/write ours | ns/write peer |" if rmw else " XOR floor GB/s | ours / floor |"
        out.append(head)
        out.append("|" + "---|" * (head.count("|") - 1))
        for key in keys:
            impls = cases[key]
            ours = max(((i, v) for i, v in impls.items() if side(i) == "ours"),
                       key=lambda iv: iv[1][0], default=None)
            peer = max(((i, v) for i, v in impls.items()
                        if side(i) == "peer" and (not peers or i.split(":")[0] in peers)),
                       key=lambda iv: iv[1][0], default=None)
            row = [key[1], key[2]]
            row += [ours[0], f"{gbps(ours[1][0]):.2f}"] if ours else ["-", "-"]
            row += [peer[0], f"{gbps(peer[1][0]):.2f}"] if peer else ["-", "-"]
            row.append(f"{ours[1][0] / peer[1][0]:.2f}x" if ours and peer else "-")
            if rmw:
                row.append(f"{ours[1][2]:.0f}" if ours else "-")
                row.append(f"{peer[1][2]:.0f}" if peer else "-")
            else:
                floor = floors.get(("floor_xor", key[1], key[2]))
                row.append(f"{gbps(floor[0]):.2f}" if floor else "-")
                row.append(f"{ours[1][0] / floor[0]:.0%}" if ours and floor else "-")
            out.append("| " + " | ".join(row) + " |")
        out.append("")
    return "\n".join(out)


def ranking(results):
    """Markdown: per op, libgfraid's variants by the geometric mean of
    their throughput over the geometries and aligned sizes of the run,
    relative to the best variant: the figures behind the dispatch order."""
    cells = defaultdict(dict)         # op -> impl -> {(geometry, size): bytes/s}
    for name, value in results.items():
        p = parse(name)
        if not p or side(p[1]) != "ours" or p[3] not in SIZE_ORDER:
            continue
        cells[p[0]].setdefault(p[1], {})[(p[2], p[3])] = value[0]
    out = []
    for op in OPS:
        if op not in cells:
            continue
        common = set.intersection(*(set(c) for c in cells[op].values()))
        if not common:
            continue
        means = {impl: statistics.geometric_mean([c[k] for k in common])
                 for impl, c in cells[op].items()}
        top = max(means.values())
        out.append(f"| {op} | " + ", ".join(
            f"{impl[7:]} {m / top:.2f}" for impl, m in sorted(means.items(), key=lambda kv: -kv[1]))
            + f" | {len(common)} |")
    if not out:
        return ""
    return "\n".join(["| op | variants, geometric mean relative to the best | cells |",
                      "|---|---|---|"] + out + [""])


def plots(results, outdir, fmt):
    """One image (svg or png) per op and geometry: GB/s against block size."""
    series = defaultdict(lambda: defaultdict(dict))  # (op, geometry) -> impl -> size -> GB/s
    for name, value in results.items():
        p = parse(name)
        if not p or p[3] not in SIZE_ORDER:
            continue
        op, impl, geometry, size = p
        if op in FLOORS:
            for o in OPS:
                series[(o, geometry)]["floor:" + op[6:]][size] = gbps(value[0])
        else:
            series[(op, geometry)][impl][size] = gbps(value[0])
    os.makedirs(outdir, exist_ok=True)
    written = []
    for (op, geometry), impls in sorted(series.items()):
        if not any(side(i) != "floor" for i in impls):
            continue
        stem = f"{op}-{geometry.replace('+', 'p')}"
        data = os.path.join(outdir, stem + ".dat")
        names = sorted(impls, key=lambda i: ({"ours": 0, "peer": 1, "floor": 2}[side(i)], i))
        with open(data, "w") as f:
            for i, impl in enumerate(names):
                f.write(f"# {impl}\n")
                for size in sorted(impls[impl], key=lambda s: SIZE_ORDER[s]):
                    f.write(f"{SIZE_ORDER[size]} {impls[impl][size]:.3f}\n")
                f.write("\n\n")
        plot_lines = []
        for i, impl in enumerate(names):
            style = {"ours": "lw 3", "peer": "lw 1", "floor": "lw 1 dt 2"}[side(impl)]
            plot_lines.append(f"'{stem}.dat' index {i} with linespoints {style} title '{impl}'")
        script = "\n".join([
            "set terminal svg size 900,560 dynamic font 'sans,11'" if fmt == "svg"
            else "set terminal pngcairo size 900,560 font 'sans,10'",
            f"set output '{stem}.{fmt}'",
            "set termoption noenhanced",
            f"set title '{op}, {geometry}: data throughput against block size'",
            "set logscale x 2",
            "set xtics ('4 KiB' 4096, '64 KiB' 65536, '1 MiB' 1048576)",
            "set xrange [3000:1400000]",
            "set ylabel 'GB/s of data'",
            "set yrange [0:*]",
            "set grid",
            "set key outside right",
            "plot " + ", \\\n     ".join(plot_lines),
            "",
        ])
        gp = os.path.join(outdir, stem + ".gp")
        with open(gp, "w") as f:
            f.write(script)
        subprocess.run(["gnuplot", stem + ".gp"], cwd=outdir, check=True)
        os.remove(gp)
        os.remove(data)
        written.append(f"{stem}.{fmt}")
    return written


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("results", help="JSON from gfraid-bench --benchmark_format=json or ec-cli bench --json")
    ap.add_argument("--plots", metavar="DIR", help="write one plot per op and geometry into DIR")
    ap.add_argument("--format", choices=["svg", "png"], default="svg", help="plot format (svg)")
    ap.add_argument("--rank", action="store_true",
                    help="print only libgfraid's variants per op, ranked (the dispatch order)")
    ap.add_argument("--plot-link", metavar="PREFIX", default=None,
                    help="list the plots in the Markdown as images under PREFIX")
    ap.add_argument("--peers", metavar="PREFIXES", default=None,
                    help="the best peer only among these impl prefixes, comma-separated "
                    "(linux, linux72, isal)")
    ap.add_argument("--only", metavar="STRINGS", default=None,
                    help="keep the implementations whose name contains one of these, "
                    "comma-separated (avx2,floor: for an AVX2-only comparison)")
    ap.add_argument("--without", metavar="STRINGS", default=None,
                    help="drop the implementations whose name contains one of these (gfni)")
    args = ap.parse_args()

    context, results = load(args.results)
    if args.only:
        keep = args.only.split(",")
        results = {name: v for name, v in results.items()
                   if parse(name) and any(k in parse(name)[1] for k in keep)}
    if args.without:
        drop = args.without.split(",")
        results = {name: v for name, v in results.items()
                   if parse(name) and not any(k in parse(name)[1] for k in drop)}
    if not results:
        sys.exit(f"report: no results in {args.results}")
    if args.rank:
        print(ranking(results))
        return
    print(tables(results, args.peers.split(",") if args.peers else None))
    if args.plots:
        written = plots(results, args.plots, args.format)
        if args.plot_link is not None:
            print("### Plots\n")
            for image in written:
                print(f"![{os.path.splitext(image)[0]}]({args.plot_link}{image})\n")
        print(f"report: {len(written)} plots in {args.plots}", file=sys.stderr)


if __name__ == "__main__":
    main()
