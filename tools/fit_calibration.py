#!/usr/bin/env python3
"""Fits the calibration of bot::evaluate: a logistic map p' = sigmoid(a * logit(p) + b) of the learned
model's mean over samples of the hidden cards, one for the chance to win the game and one for the
chances per flag, by Newton's method on the log-loss. Plain Python, no dependencies.

    value_lab calibrate --seed 91000000 --games 120 --every 2 --dump fit.tsv   (lab/)
    python3 tools/fit_calibration.py fit.tsv [--column "model mean"]

The games it is fitted on (seeds from 91,000,000) are not those it is measured on (value_lab calibrate's
default seeds from 90,000,000), nor those the model was trained on (seeds below 40,000,000).
"""
import math
import sys


def logit(p):
    p = min(max(p, 1e-6), 1 - 1e-6)
    return math.log(p / (1 - p))


def loss(pairs, a, b):
    total = 0.0
    for x, y in pairs:
        q = 1 / (1 + math.exp(-(a * x + b)))
        q = min(max(q, 1e-12), 1 - 1e-12)
        total -= y * math.log(q) + (1 - y) * math.log(1 - q)
    return total / len(pairs)


def fit(pairs):
    a, b = 1.0, 0.0
    for _ in range(50):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in pairs:
            q = 1 / (1 + math.exp(-(a * x + b)))
            r, w = q - y, q * (1 - q)
            ga += r * x
            gb += r
            haa += w * x * x
            hab += w * x
            hbb += w
        det = haa * hbb - hab * hab
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a - da, b - db
        if abs(da) + abs(db) < 1e-10:
            break
    return a, b


def main():
    path = sys.argv[1]
    column = sys.argv[sys.argv.index("--column") + 1] if "--column" in sys.argv else "model mean"
    rows = [line.rstrip("\n").split("\t") for line in open(path)]
    head, rows = rows[0], rows[1:]
    at = head.index(column)
    for what in ("win", "flag"):
        pairs = [(logit(float(r[at])), float(r[-1])) for r in rows if r[0] == what]
        a, b = fit(pairs)
        print(f"{what}: a {a:.4f}, b {b:.4f}; log-loss {loss(pairs, 1, 0):.4f} -> {loss(pairs, a, b):.4f} "
              f"over {len(pairs)} readings")


if __name__ == "__main__":
    main()
