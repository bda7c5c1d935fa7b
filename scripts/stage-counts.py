#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""Counts of one scripts/test.sh stage, from its log and the LastTest.log
files of the ctest runs it made (each test's output, whence a skipped
test's reason: its last line of output).

Usage: stage-counts.py STAGE_LOG [LASTTEST_LOG...]
Prints "PASSED FAILED SKIPPED", then one line per skipped test:
"NAME: REASON". A test ctest skipped (SKIP_RETURN_CODE) is counted as
skipped, never as passed, though ctest's own summary line counts it in
its percentage of passes.
"""
import re
import sys

SUMMARY = re.compile(r"^\d+% tests passed, (\d+) tests? failed out of (\d+)$")
SKIPPED = re.compile(r"^\s*\d+ - (\S+) \(Skipped\)$")
TESTING = re.compile(r"^\d+/\d+ Testing: (\S+)$")


def reasons(paths):
    """test name -> the last line its run printed, from LastTest.log files"""
    found = {}
    for path in paths:
        try:
            text = open(path, errors="replace").read()
        except OSError:
            continue
        name, out, inside = None, [], False
        for line in text.splitlines():
            m = TESTING.match(line)
            if m:
                name, out, inside = m.group(1), [], False
            elif line.startswith("Output:"):
                inside = True
            elif line.startswith("<end of output>"):
                inside = False
                lines = [l.strip() for l in out if l.strip() and not l.startswith("---")]
                if name and lines:
                    found.setdefault(name, lines[-1])
            elif inside:
                out.append(line)
    return found


def main():
    log = open(sys.argv[1], errors="replace").read().splitlines()
    total = failed = 0
    skipped = []
    for line in log:
        m = SUMMARY.match(line.strip())
        if m:
            failed += int(m.group(1))
            total += int(m.group(2))
        m = SKIPPED.match(line)
        if m:
            skipped.append(m.group(1))
    why = reasons(sys.argv[2:])
    print(total - failed - len(skipped), failed, len(skipped))
    for name in skipped:
        print(f"{name}: {why.get(name, 'no reason printed')}")


if __name__ == "__main__":
    main()
