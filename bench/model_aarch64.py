#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""A model, not a measurement: the steady-state inner loops of libgfraid's
NEON variants beside Linux lib/raid6's neon code and ISA-L's NEON code, run
through llvm-mca for Neoverse N1 and V2, in bytes per cycle.

    bench/model_aarch64.py BUILD_DIR ISAL_ROOT

BUILD_DIR: an aarch64 cross build with the oracles (README, "Other
architectures"): our objects and Linux's lib/raid6 objects built from
linux-source-6.1. ISAL_ROOT: Debian's arm64 libisal unpacked there
(scripts/cross-isal.sh). Each loop is the innermost loop of the function
with the most vector instructions, as objdump shows the compiled code; its
branch is left out. Bytes per iteration are the data bytes one iteration
of that loop consumes, counted from the code (see LOOPS).
"""
import glob
import os
import re
import subprocess
import sys

OBJDUMP = "aarch64-linux-gnu-objdump"
MCA = "llvm-mca-19"
# Neoverse V2 with its crypto extension, which has FEAT_SHA3 (EOR3); N1
# has no SHA3 at all, so the neon_sha3 loops do not run there.
CPUS = [("neoverse-n1", ""), ("neoverse-v2", "+sha3")]
BRANCH = re.compile(r"^(b|b\.\w+|cbz|cbnz|tbz|tbnz)$")

# (row label, whose, object glob under BUILD_DIR or ISAL_ROOT, function,
#  data bytes per iteration x rows produced)
LOOPS = [
    ("gen_syndrome, per data disk", "libgfraid neon_x4",
     "CMakeFiles/gfraid_objects.dir/src/raid6/neon.c.o", "gfr_raid6_gen_neon_x4", 64),
    ("gen_syndrome, per data disk", "libgfraid neon_sha3_x4",
     "CMakeFiles/gfraid_objects.dir/src/raid6/neon_sha3.c.o", "gfr_raid6_gen_neon_sha3_x4", 64),
    ("gen_syndrome, per data disk", "Linux raid6_neon4",
     "tests/oracle/linux/lib/raid6/test/neon4.o", "raid6_neon4_gen_syndrome_real", 64),
    ("ec_encode, 4 rows, per source", "libgfraid neon",
     "CMakeFiles/gfraid_objects.dir/src/ec/neon.c.o", "gfr_ec_encode_neon", 32 * 4),
    ("ec_encode, 4 rows, per source", "ISA-L gf_4vect_dot_prod_neon",
     "ISAL:usr/lib/aarch64-linux-gnu/libisal.so.2", "gf_4vect_dot_prod_neon", 64 * 4),
]


def disassemble(path, func):
    out = subprocess.run([OBJDUMP, "-d", "--no-show-raw-insn", f"--disassemble={func}", path],
                         check=True, capture_output=True, text=True).stdout
    insns = []
    for line in out.splitlines():
        m = re.match(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
        if m:
            ops = m.group(3).split("//")[0].strip()
            insns.append((int(m.group(1), 16), m.group(2), ops))
    if not insns:
        sys.exit(f"model: {func} not found in {path}")
    return insns


def hottest_loop(insns):
    """The innermost backward-branch loop with the most vector instructions."""
    loops = []
    for addr, mnem, ops in insns:
        if BRANCH.match(mnem):
            target = re.search(r"\b([0-9a-f]+) <", ops)
            if target and int(target.group(1), 16) < addr:
                loops.append((int(target.group(1), 16), addr))
    inner = [l for l in loops if not any(o != l and l[0] <= o[0] and o[1] <= l[1] for o in loops)]
    if not inner:
        sys.exit("model: no loop found")

    def body(loop):
        return [(m, o) for a, m, o in insns if loop[0] <= a < loop[1]]

    def vector_ops(loop):
        return sum(1 for m, o in body(loop) if re.search(r"\bv\d+\.|\bq\d+\b", o))

    best = max(inner, key=vector_ops)
    return [f"{m} {o}".strip() for m, o in body(best)]


def cycles_per_iteration(asm, cpu, mattr):
    """None where the CPU lacks an instruction of the loop (EOR3 on N1)."""
    iterations = 400
    run = subprocess.run([MCA, "-mtriple=aarch64", f"-mcpu={cpu}", f"-iterations={iterations}"]
                         + ([f"-mattr={mattr}"] if mattr else []),
                         input="\n".join(asm) + "\n", capture_output=True, text=True)
    if run.returncode != 0:
        if "instruction requires" in run.stderr:
            return None
        sys.exit(f"model: {MCA} failed:\n{run.stderr}")
    total = int(re.search(r"Total Cycles:\s+(\d+)", run.stdout).group(1))
    return total / iterations


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    build, isal = sys.argv[1], sys.argv[2]
    print("| loop | code | instructions | " + " | ".join(
        f"{c} cycles | {c} bytes/cycle" for c, _ in CPUS) + " |")
    print("|---|---|---:|" + "---:|---:|" * len(CPUS))
    for label, whose, rel, func, nbytes in LOOPS:
        path = os.path.join(isal, rel[5:]) if rel.startswith("ISAL:") else os.path.join(build, rel)
        found = glob.glob(path)
        if not found:
            sys.exit(f"model: {path} not found")
        asm = hottest_loop(disassemble(found[0], func))
        cells = []
        for cpu, mattr in CPUS:
            c = cycles_per_iteration(asm, cpu, mattr)
            cells += [f"{c:.1f}", f"{nbytes / c:.1f}"] if c else ["-", "not on this CPU"]
        print(f"| {label} | {whose} | {len(asm)} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
