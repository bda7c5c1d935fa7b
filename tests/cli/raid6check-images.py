#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""ec-cli raid6check on member images made here: md v1.2 superblocks as
Linux writes them (struct mdp_superblock_1), data placed and P and Q
computed per drivers/md/raid5.c for each of the four standard layouts, in
plain Python (not libgfraid). Members are given in shuffled order (the
superblock's role decides), and some stripes are spoiled: one data member,
P, Q, two members. The report must name exactly those; --repair must
restore the located ones byte for byte and leave the unlocatable one; the
refusals (other superblock versions, other layouts, a missing member) must
happen with exit status 2. The real-md round trip is
tests/kernel/qemu-md-raid6.sh.

    raid6check-images.py [EMULATOR...] EC_CLI
"""
import json
import os
import random
import struct
import subprocess
import sys
import tempfile

MAGIC = 0xA92B4EFC
DISKS, CHUNK, STRIPES, DATA_OFFSET = 6, 4096, 8, 16  # DATA_OFFSET in sectors
LAYOUTS = ["left-asymmetric", "right-asymmetric", "left-symmetric", "right-symmetric"]
MUL2 = bytes(((x << 1) ^ (0x1D if x & 0x80 else 0)) & 0xFF for x in range(256))


def xor(a, b):
    return (int.from_bytes(a, "little") ^ int.from_bytes(b, "little")).to_bytes(len(a), "little")


def roles_of_row(layout, s):
    """(P role, Q role, data roles in Q's order), as raid5_compute_sector,
    raid6_d0 and raid6_idx_to_slot place them."""
    n, r = DISKS, s % DISKS
    pd = n - 1 - r if layout in (0, 2) else r
    qd = (pd + 1) % n
    d0 = 0 if qd == n - 1 else qd + 1
    data = [(d0 + i) % n for i in range(n) if (d0 + i) % n not in (pd, qd)]
    return pd, qd, data


def superblock(layout, role, dev_number, uuid, roles, size_sectors, level=6):
    sb = bytearray(4096)
    struct.pack_into("<IIII", sb, 0, MAGIC, 1, 0, 0)
    sb[16:32] = uuid
    sb[32:40] = b"scrubme\0"
    struct.pack_into("<QIIQII", sb, 64, 0, level, layout, size_sectors, CHUNK // 512, DISKS)
    struct.pack_into("<QQQQI", sb, 128, DATA_OFFSET, size_sectors, 8, 0, dev_number)
    struct.pack_into("<QQQII", sb, 192, 0, 42, 0, 0, DISKS)
    for d, r in enumerate(roles):
        struct.pack_into("<H", sb, 256 + 2 * d, r)
    struct.pack_into("<I", sb, 216, checksum(sb, DISKS))
    return bytes(sb)


def checksum(sb, max_dev):
    """md's sb_csum: the 32-bit little-endian words of the first
    256 + 2 * max_dev bytes, sb_csum (offset 216) taken as 0, a trailing
    half word added as one, the carry out of 32 bits added back once."""
    n = 256 + 2 * max_dev
    words = [struct.unpack_from("<I", sb, i)[0] for i in range(0, n - n % 4, 4) if i != 216]
    total = sum(words) + (struct.unpack_from("<H", sb, n - 2)[0] if n % 4 else 0)
    return ((total & 0xFFFFFFFF) + (total >> 32)) & 0xFFFFFFFF


def make_array(tmp, layout, rng, level=6, v11=False):
    """Member images; returns (paths in role order, chunk contents)."""
    uuid = bytes(rng.randrange(256) for _ in range(16))
    order = list(range(DISKS))
    rng.shuffle(order)  # dev_number d holds role order[d]
    chunks = {}  # (role, stripe) -> bytes
    for s in range(STRIPES):
        pd, qd, data = roles_of_row(layout, s)
        p = q = bytes(CHUNK)
        for z in reversed(range(len(data))):
            d = bytes(rng.randrange(256) for _ in range(CHUNK))
            chunks[(data[z], s)] = d
            p = xor(p, d)
            q = xor(q.translate(MUL2), d)
        chunks[(pd, s)], chunks[(qd, s)] = p, q
    paths = [None] * DISKS
    size = STRIPES * CHUNK // 512
    for dev in range(DISKS):
        role = order[dev]
        path = os.path.join(tmp, f"member{dev}.img")
        with open(path, "wb") as f:
            f.write(bytes(DATA_OFFSET * 512))
            sb = superblock(layout, role, dev, uuid, order, size, level)
            f.seek(0 if v11 else 4096)
            f.write(sb)
            f.seek(DATA_OFFSET * 512)
            for s in range(STRIPES):
                f.write(chunks[(role, s)])
        paths[role] = path
    return paths, chunks


def spoil(path, s, lo, hi, rng):
    with open(path, "r+b") as f:
        f.seek(DATA_OFFSET * 512 + s * CHUNK + lo)
        old = f.read(hi - lo)
        f.seek(DATA_OFFSET * 512 + s * CHUNK + lo)
        f.write(bytes(b ^ rng.randrange(1, 256) for b in old))


def chunk_of(path, s):
    with open(path, "rb") as f:
        f.seek(DATA_OFFSET * 512 + s * CHUNK)
        return f.read(CHUNK)


def run(cli, args, want_status):
    r = subprocess.run(cli + ["raid6check", "--quiet"] + args, capture_output=True, text=True)
    if r.returncode != want_status:
        sys.exit(f"raid6check {' '.join(args)}: status {r.returncode}, want {want_status}\n"
                 f"{r.stdout}{r.stderr}")
    return r


def main():
    cli = sys.argv[1:]
    if not cli:
        sys.exit(__doc__)
    rng = random.Random(11)
    with tempfile.TemporaryDirectory() as tmp:
        for layout in range(4):
            paths, chunks = make_array(tmp, layout, rng)
            shuffled = paths[:]
            rng.shuffle(shuffled)
            r = run(cli, shuffled, 0)
            assert f"{STRIPES} chunk rows checked: {STRIPES} consistent" in r.stdout, r.stdout
            # stripe 1: a data member; 3: P; 5: Q; 6: two members
            wrong = {}
            for s, which in ((1, "data"), (3, "P"), (5, "Q")):
                pd, qd, data = roles_of_row(layout, s)
                role = {"data": data[rng.randrange(len(data))], "P": pd, "Q": qd}[which]
                lo = rng.randrange(CHUNK // 2)
                hi = lo + rng.randrange(1, CHUNK // 2)
                spoil(paths[role], s, lo, hi, rng)
                wrong[s] = (role, which)
            pd, qd, data = roles_of_row(layout, 6)
            spoil(paths[data[0]], 6, 0, 10, rng)
            spoil(paths[pd], 6, 100, 110, rng)
            r = run(cli, ["--json"] + shuffled, 1)
            rep = json.loads(r.stdout)
            got = {row["stripe"]: row for row in rep["rows"]}
            assert sorted(got) == [1, 3, 5, 6], (LAYOUTS[layout], got)
            assert rep["layout"] == LAYOUTS[layout], rep["layout"]
            for s, (role, which) in wrong.items():
                row = got[s]
                assert row["verdict"] == "located" and row["role"] == role and \
                    row["holds"] == which and row["member"] == paths[role], (LAYOUTS[layout], row)
            assert got[6]["verdict"] == "unlocatable", got[6]
            # --repair, then all but row 6 consistent, the located bytes back
            run(cli, ["--repair"] + shuffled, 1)
            for s, (role, _) in wrong.items():
                assert chunk_of(paths[role], s) == chunks[(role, s)], (LAYOUTS[layout], s)
            r = run(cli, ["--json"] + shuffled, 1)
            rep = json.loads(r.stdout)
            assert [row["stripe"] for row in rep["rows"]] == [6], rep["rows"]
            assert rep["consistent"] == STRIPES - 1, rep
            # a range that leaves row 6 out is clean
            run(cli, ["--stripes", "0-5"] + shuffled, 0)
            print(f"raid6check: {LAYOUTS[layout]}: rows 1, 3, 5 located (data, P, Q) and "
                  "repaired, row 6 unlocatable and left alone")

        # refusals
        paths, _ = make_array(tmp, 2, rng, v11=True)
        r = run(cli, paths, 2)
        assert "1.1" in r.stderr, r.stderr
        paths, _ = make_array(tmp, 5, rng)
        r = run(cli, paths, 2)
        assert "parity-last" in r.stderr, r.stderr
        paths, _ = make_array(tmp, 2, rng, level=5)
        r = run(cli, paths, 2)
        assert "level 5" in r.stderr, r.stderr
        paths, _ = make_array(tmp, 2, rng)
        r = run(cli, paths[:-1], 2)
        assert "missing" in r.stderr, r.stderr
        with open(paths[3], "r+b") as f:  # one bit of set_name, behind md's back
            f.seek(4096 + 33)
            b = f.read(1)
            f.seek(4096 + 33)
            f.write(bytes([b[0] ^ 1]))
        r = run(cli, paths, 2)
        assert "checksum" in r.stderr and paths[3] in r.stderr, r.stderr
        with open(paths[3], "r+b") as f:
            f.seek(4096 + 33)
            f.write(b)
        run(cli, ["--stripes", "5-2"] + paths, 2)
        run(cli, ["--stripes", "99-100"] + paths, 2)
        # the geometry by hand, members in role order
        r = run(cli, ["--raid-disks", "6", "--layout", "left-symmetric", "--chunk", "4",
                      "--data-offset", str(DATA_OFFSET)] + paths, 0)
        print("raid6check: v1.1, parity-last, level 5, a missing member, a superblock whose "
              "checksum does not hold and bad ranges refused; "
              "a hand-given geometry checked")


if __name__ == "__main__":
    main()
