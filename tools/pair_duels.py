#!/usr/bin/env python3
"""Compares two `value_lab duel --verbose` runs on the same seeds pair by pair.

    python3 tools/pair_duels.py A.log B.log

Each log has a line `pair J (seed S): A scores X` per pair played (X in 0, 0.25, ..., 1: A's mean over the
pair's two games). Prints the pairs both played, each run's mean over them, and the mean difference (A's
run minus B's) with its standard error over those pairs: the same deals played by two versions of A, so
the difference has a smaller error than either mean.
"""
import math
import re
import sys

PAIR = re.compile(r"^pair (\d+) \(seed (\d+)\): A scores ([0-9.]+)$")


def pairs(path):
    found = {}
    with open(path, encoding="utf-8") as log:
        for line in log:
            match = PAIR.match(line.strip())
            if match:
                found[(int(match.group(1)), int(match.group(2)))] = float(match.group(3))
    return found


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    a, b = pairs(sys.argv[1]), pairs(sys.argv[2])
    common = sorted(set(a) & set(b))
    if len(common) < 2:
        sys.exit(f"only {len(common)} pairs in common: the runs must share their seeds")
    diffs = [a[k] - b[k] for k in common]
    n = len(diffs)
    mean = sum(diffs) / n
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    mean_a = sum(a[k] for k in common) / n
    mean_b = sum(b[k] for k in common) / n
    print(f"{n} pairs in common: {sys.argv[1]} {mean_a:.3f}, {sys.argv[2]} {mean_b:.3f}; "
          f"difference {mean:+.3f} ± {se:.3f} ({sum(d != 0 for d in diffs)} pairs differ)")


if __name__ == "__main__":
    main()
