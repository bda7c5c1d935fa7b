#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""A model, not a measurement: libgfraid's NEON code beside Linux lib/raid6's
neon code and ISA-L's NEON code, run through llvm-mca for Neoverse N1 and
V2, in bytes per cycle. Two tables:

- loops: the steady-state inner loop of each function, as objdump shows the
  compiled code (the innermost loop with the most vector instructions; its
  branches, the closing one and any exits, left out), 400 iterations;
  bytes are the data one iteration consumes, counted from the code (LOOPS);
- steps: one whole step of a bench case (bench/cases.h) at 4 KiB, as
  qemu-user executed it (gfraid-trace-case under "-d in_asm,exec"), every
  instruction from the call to the return, setup, tails and peers' own
  dispatch included, branches left out, modelled once (STEPS).

    bench/model_aarch64.py BUILD_DIR ISAL_ROOT [STEPS_REGEX]

BUILD_DIR: an aarch64 cross build with the oracles (scripts/cross-test.sh
aarch64-linux-gnu BUILD_DIR): our objects, Linux's lib/raid6 built from
linux-source-6.1, gfraid-trace-case. ISAL_ROOT: Debian's arm64 libisal
unpacked there (BUILD_DIR/isal). STEPS_REGEX: only the steps whose
"op/geometry" it matches (e.g. "gen_syndrome/8\\+2"). Needs llvm-19
(llvm-mca, llvm-mc), qemu-user-static and binutils-aarch64-linux-gnu.
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

OBJDUMP = "aarch64-linux-gnu-objdump"
MCA = "llvm-mca-19"
MC = "llvm-mc-19"
QEMU = "qemu-aarch64-static"
# Neoverse V2 with its crypto extension, which has FEAT_SHA3 (EOR3); N1
# has no SHA3 at all, so the neon_sha3 loops do not run there.
CPUS = [("neoverse-n1", ""), ("neoverse-v2", "+sha3")]
BRANCH = re.compile(r"^(b|b\.\w+|cbz|cbnz|tbz|tbnz)$")
CALLS = {"bl", "blr", "br", "ret"}

# (row label, whose, object glob under BUILD_DIR or ISAL_ROOT, function,
#  data bytes one iteration consumes: ours take two disks a step, 64 bytes
#  of each; Linux's neonN one disk, 16N bytes; the encodes one source, 32 or
#  64 bytes, for 4 parity rows)
LOOPS = [
    ("gen_syndrome", "libgfraid neon_x4",
     "CMakeFiles/gfraid_objects.dir/src/raid6/neon.c.o", "gfr_raid6_gen_neon_x4", 128),
    ("gen_syndrome", "libgfraid neon_sha3_x4",
     "CMakeFiles/gfraid_objects.dir/src/raid6/neon_sha3.c.o", "gfr_raid6_gen_neon_sha3_x4", 128),
    ("gen_syndrome", "Linux raid6_neon4",
     "oracle/linux/lib/raid6/test/neon4.o", "raid6_neon4_gen_syndrome_real", 64),
    ("gen_syndrome", "Linux raid6_neon8",
     "oracle/linux/lib/raid6/test/neon8.o", "raid6_neon8_gen_syndrome_real", 128),
    ("ec_encode, 4 rows", "libgfraid neon",
     "CMakeFiles/gfraid_objects.dir/src/ec/neon.c.o", "gfr_ec_encode_neon", 32 * 4),
    ("ec_encode, 4 rows", "ISA-L gf_4vect_dot_prod_neon",
     "ISAL:usr/lib/aarch64-linux-gnu/libisal.so.2", "gf_4vect_dot_prod_neon", 64 * 4),
]


# Whole steps (bench/cases.h) at 4 KiB, traced: (op, geometry, ours,
# peers), each impl with the environment it runs in. Linux's recovery runs
# on the gen_syndrome raid6_pq picks on the CPU at hand: both of its
# candidates are modelled and the faster counts.
RAID6 = ("4+2", "8+2", "14+2")
OURS_SYNDROME = [(f"gfraid:{v}", {}) for v in ("neon_x2", "neon_x4", "neon_sha3_x2", "neon_sha3_x4")]
LINUX_SYNDROME = [(f"linux:neonx{n}", {}) for n in (2, 4, 8)]
OURS_RECOV = [("gfraid:neon", {}), ("gfraid:neon_sha3", {})]
LINUX_RECOV = [("linux:neon", {"GFRAID_LINUX_GEN": f"neonx{n}"}) for n in (4, 8)]
STEPS = ([("gen_syndrome", g, OURS_SYNDROME, LINUX_SYNDROME) for g in RAID6]
         + [("gen_syndrome", g, OURS_SYNDROME, [("isal:pq_gen_neon", {})]) for g in RAID6]
         + [("xor_rmw", g, OURS_SYNDROME, LINUX_SYNDROME) for g in RAID6]
         + [(op, g, OURS_RECOV, LINUX_RECOV) for op in ("recov_2data", "recov_datap")
            for g in RAID6]
         + [(op, g, [("gfraid:neon", {})], [("isal:neon", {})])
            for op in ("ec_encode", "ec_update") for g in ("4+2", "8+2", "10+4", "16+4")])


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
    # A loop whose body jumps unconditionally is no straight path: a
    # backward exit from an inner loop to its outer loop looks like one.
    loops = [l for l in loops
             if not any(l[0] <= a < l[1] and m == "b" for a, m, _ in insns)]
    inner = [l for l in loops if not any(o != l and l[0] <= o[0] and o[1] <= l[1] for o in loops)]
    if not inner:
        sys.exit("model: no loop found")

    def body(loop):
        return [(m, o) for a, m, o in insns if loop[0] <= a < loop[1]]

    def vector_ops(loop):
        return sum(1 for m, o in body(loop) if re.search(r"\bv\d+\.|\bq\d+\b", o))

    best = max(inner, key=vector_ops)
    # Branches out of the loop (its exits) are not taken in the steady state.
    return [f"{m} {o}".strip() for m, o in body(best) if not BRANCH.match(m)]


def cycles_per_iteration(asm, cpu, mattr, iterations=400):
    """None where the CPU lacks an instruction of the loop (EOR3 on N1)."""
    run = subprocess.run([MCA, "-mtriple=aarch64", f"-mcpu={cpu}", f"-iterations={iterations}"]
                         + ([f"-mattr={mattr}"] if mattr else []),
                         input="\n".join(asm) + "\n", capture_output=True, text=True)
    if run.returncode != 0:
        if "instruction requires" in run.stderr:
            return None
        sys.exit(f"model: {MCA} failed:\n{run.stderr}")
    total = int(re.search(r"Total Cycles:\s+(\d+)", run.stdout).group(1))
    return total / iterations


def traced_step(build, case, env):
    """The instructions one step of a bench case executes, in order, as
    qemu-user ran them (gfraid-trace-case), and the step's data bytes."""
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "qemu.log")
        run = subprocess.run([QEMU, "-d", "in_asm,exec,nochain", "-D", log,
                              os.path.join(build, "bench", "gfraid-trace-case"), case],
                             capture_output=True, text=True,
                             env=dict(os.environ, GFRAID_CALIBRATE="0", **env))
        if run.returncode != 0:
            sys.exit(f"model: {case}: {run.stderr.strip()}")
        blocks, executed, pc = {}, [], None
        with open(log) as f:
            for line in f:
                if line.startswith("IN:"):
                    pc = None
                elif line.startswith("0x") and ":" in line:
                    addr, word = line.split()[:2]
                    if pc is None:
                        pc = int(addr.rstrip(":"), 16)
                        blocks[pc] = []
                    blocks[pc].append(int(word, 16))
                elif line.startswith("Trace "):
                    fields = line.split("[", 1)[1].split("]")
                    executed.append((int(fields[0].split("/")[1], 16), fields[1].strip()))
    marks = [i for i, (_, sym) in enumerate(executed) if sym == "trace_case_mark"]
    words = [w for tb, _ in executed[marks[0] + 1:marks[-1]] for w in blocks[tb]]
    return words, int(run.stdout)


def disassemble_words(words):
    """llvm-mc's text for each instruction word; branches left out."""
    text = "\n".join(" ".join(f"0x{(w >> s) & 0xff:02x}" for s in (0, 8, 16, 24))
                     for w in words)
    out = subprocess.run([MC, "--disassemble", "-triple=aarch64", "-mattr=+sha3,+aes"],
                         input=text, check=True, capture_output=True, text=True).stdout
    asm = [l.strip() for l in out.splitlines() if l.startswith("\t") and not l.startswith("\t.")]
    return [a for a in asm if not BRANCH.match(a.split()[0]) and a.split()[0] not in CALLS]


def step_table(build, only):
    """Whole steps of bench cases, as traced: the best of ours against the
    best peer, per CPU, in bytes per cycle."""
    print("| op | geometry | " + " | ".join(
        f"{c}: ours | {c}: peer | {c}: ratio" for c, _ in CPUS) + " |")
    print("|---|---|" + "---|---|---:|" * len(CPUS))
    modelled = {}
    for op, geometry, ours, peers in STEPS:
        if not re.search(only, f"{op}/{geometry}"):
            continue
        cells = []
        rates = {}
        for impl, env in ours + peers:
            key = (f"{op}/{impl}/{geometry}/4KiB", tuple(env.items()))
            if key not in modelled:
                words, nbytes = traced_step(build, key[0], env)
                asm = disassemble_words(words)
                modelled[key] = [(cpu, cycles_per_iteration(asm, cpu, mattr, iterations=1), nbytes)
                                 for cpu, mattr in CPUS]
            for cpu, c, nbytes in modelled[key]:
                if c:
                    name = impl + (f" on {env['GFRAID_LINUX_GEN']}" if env else "")
                    rates.setdefault(cpu, []).append((nbytes / c, name, (impl, env) in ours))
        for cpu, _ in CPUS:
            best_ours = max(r for r in rates[cpu] if r[2])
            best_peer = max(r for r in rates[cpu] if not r[2])
            cells += [f"{best_ours[0]:.2f} {best_ours[1]}", f"{best_peer[0]:.2f} {best_peer[1]}",
                      f"{best_ours[0] / best_peer[0]:.2f}x"]
        print(f"| {op} | {geometry} | " + " | ".join(cells) + " |")


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    build, isal = sys.argv[1], sys.argv[2]
    only = sys.argv[3] if len(sys.argv) == 4 else ""
    print("| loop | code | instructions | bytes | " + " | ".join(
        f"{c} cycles | {c} bytes/cycle" for c, _ in CPUS) + " |")
    print("|---|---|---:|---:|" + "---:|---:|" * len(CPUS))
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
        print(f"| {label} | {whose} | {len(asm)} | {nbytes} | " + " | ".join(cells) + " |")
    print()
    step_table(build, only)


if __name__ == "__main__":
    main()
