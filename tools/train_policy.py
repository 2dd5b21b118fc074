#!/usr/bin/env python3
"""Trains the search's learned policy (src/bot/search/policy.rs) on the root visit counts of self-play.

Data: files of `value_lab policy-data` (lab/src/bin/value_lab/policy_data.rs): the bytes BLQ1, the
input count as a little-endian u32, then per searched decision the game's id and the number of legal
actions n (f32), then n rows of the policy's inputs and the root visits of that action (f32).

Model: a one-hidden-layer perceptron scoring each action (inputs -> hidden ReLU -> 1); the scores of a
decision's legal actions are softmaxed. Loss: cross-entropy to the root visit distribution (expert
iteration: the search is the expert, the policy learns what it found). Games whose id is a multiple of
--holdout-every are held out; the report gives, on them, the loss and the top-1 agreement (the
policy's favourite is the search's most visited action) of the model and of the hand-made prior (input
0 is its score; its loss at the best temperature found on the training games), the baseline.

Plain numpy (pinned in tools/requirements.txt): the model is tiny and trains in minutes on two cores.

    python3 tools/train_policy.py --data a.blq[,b.blq] --out policy.bin [--report r.json]
        [--hidden 32] [--epochs 30] [--lr 0.003] [--batch 256] [--seed 1] [--holdout-every 10]

Writes the weights as BLP1: the bytes BLP1, u32 inputs, u32 hidden, then the hidden layer's weights
input-major (w[i][h]), its biases, the output weights and the output bias, all little-endian f32.
"""
import argparse
import json
import struct
import sys

import numpy as np


def load(paths):
    """Rows of inputs, visits, each row's decision, each decision's first row and game id."""
    xs, vs, games, counts = [], [], [], []
    inputs = None
    for path in paths:
        raw = open(path, "rb").read()
        if raw[:4] != b"BLQ1":
            sys.exit(f"{path}: not a BLQ1 file")
        (k,) = struct.unpack("<I", raw[4:8])
        if inputs is not None and k != inputs:
            sys.exit(f"{path}: {k} inputs, other files {inputs}")
        inputs = k
        floats = np.frombuffer(raw[8:], dtype="<f4")
        at = 0
        while at < len(floats):
            game, n = floats[at], int(floats[at + 1])
            rows = floats[at + 2: at + 2 + n * (k + 1)].reshape(n, k + 1)
            xs.append(rows[:, :k])
            vs.append(rows[:, k])
            games.append(game)
            counts.append(n)
            at += 2 + n * (k + 1)
    x = np.concatenate(xs).astype(np.float32)
    v = np.concatenate(vs).astype(np.float32)
    counts = np.array(counts)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    return x, v, starts, counts, np.array(games), inputs


class Data:
    """The decisions `chosen` of the loaded data, rows contiguous."""

    def __init__(self, x, v, starts, counts, chosen):
        rows = np.concatenate([np.arange(starts[d], starts[d] + counts[d]) for d in chosen])
        self.x, v = x[rows], v[rows]
        self.counts = counts[chosen]
        self.starts = np.concatenate([[0], np.cumsum(self.counts)[:-1]])
        self.seg = np.repeat(np.arange(len(chosen)), self.counts)
        totals = np.add.reduceat(v, self.starts)
        self.target = v / totals[self.seg]
        self.best = np.array([np.argmax(v[s:s + c]) for s, c in zip(self.starts, self.counts)])


def group_softmax(s, starts, seg):
    top = np.maximum.reduceat(s, starts)
    e = np.exp(s - top[seg])
    return e / np.add.reduceat(e, starts)[seg]


def metrics(scores, data):
    p = group_softmax(scores, data.starts, data.seg)
    loss = -np.add.reduceat(data.target * np.log(np.maximum(p, 1e-12)), data.starts).mean()
    picked = np.array([np.argmax(scores[s:s + c]) for s, c in zip(data.starts, data.counts)])
    return float(loss), float((picked == data.best).mean())


def forward(params, x):
    w1, b1, w2, b2 = params
    h = np.maximum(x @ w1 + b1, 0.0)
    return h, h @ w2 + b2


def train(train_data, hidden, epochs, lr, batch, rng):
    k = train_data.x.shape[1]
    params = [
        (rng.standard_normal((k, hidden)) * np.sqrt(2.0 / k)).astype(np.float32),
        np.zeros(hidden, np.float32),
        (rng.standard_normal(hidden) * 0.1).astype(np.float32),
        np.zeros(1, np.float32),
    ]
    m = [np.zeros_like(p) for p in params]
    s2 = [np.zeros_like(p) for p in params]
    step = 0
    decisions = len(train_data.counts)
    for epoch in range(epochs):
        order = rng.permutation(decisions)
        for b in range(0, decisions, batch):
            chosen = order[b:b + batch]
            rows = np.concatenate([np.arange(train_data.starts[d], train_data.starts[d] + train_data.counts[d])
                                   for d in chosen])
            counts = train_data.counts[chosen]
            starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
            seg = np.repeat(np.arange(len(chosen)), counts)
            x, t = train_data.x[rows], train_data.target[rows]
            h, s = forward(params, x)
            p = group_softmax(s, starts, seg)
            gs = (p - t) / len(chosen)
            w1, b1, w2, b2 = params
            dh = np.outer(gs, w2) * (h > 0)
            grads = [x.T @ dh, dh.sum(0), h.T @ gs, np.array([gs.sum()], np.float32)]
            step += 1
            for i, g in enumerate(grads):
                m[i] = 0.9 * m[i] + 0.1 * g
                s2[i] = 0.999 * s2[i] + 0.001 * g * g
                mhat, vhat = m[i] / (1 - 0.9 ** step), s2[i] / (1 - 0.999 ** step)
                params[i] = (params[i] - lr * mhat / (np.sqrt(vhat) + 1e-8)).astype(np.float32)
        print(f"epoch {epoch + 1}: training loss {metrics(forward(params, train_data.x)[1], train_data)[0]:.4f}",
              flush=True)
    return params


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True, help="comma-separated BLQ1 files")
    ap.add_argument("--out", required=True)
    ap.add_argument("--report")
    ap.add_argument("--hidden", type=int, default=32)
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--lr", type=float, default=0.003)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--holdout-every", type=int, default=10)
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    x, v, starts, counts, games, inputs = load(args.data.split(","))
    held = (games.astype(np.int64) % args.holdout_every) == 0
    tr = Data(x, v, starts, counts, np.flatnonzero(~held))
    va = Data(x, v, starts, counts, np.flatnonzero(held))
    print(f"{len(counts)} decisions ({len(tr.counts)} training, {len(va.counts)} held out), "
          f"{len(x)} actions, {inputs} inputs", flush=True)
    # The baseline: the hand-made prior's score (input 0), at the temperature best on the training games.
    temps = [0.5, 1, 2, 4, 8, 16, 32, 64]
    temp = min(temps, key=lambda k: metrics(k * tr.x[:, 0], tr)[0])
    base_loss, base_top1 = metrics(temp * va.x[:, 0], va)
    params = train(tr, args.hidden, args.epochs, args.lr, args.batch, rng)
    loss, top1 = metrics(forward(params, va.x)[1], va)
    train_loss, train_top1 = metrics(forward(params, tr.x)[1], tr)
    uniform = float(np.mean(np.log(va.counts)))
    entropy = float(-np.add.reduceat(va.target * np.log(np.maximum(va.target, 1e-12)), va.starts).mean())
    report = {
        "decisions": int(len(counts)), "held_out_decisions": int(len(va.counts)), "actions": int(len(x)),
        "hidden": args.hidden, "epochs": args.epochs,
        "held_out": {"policy_loss": loss, "policy_top1": top1, "handmade_loss": base_loss,
                     "handmade_top1": base_top1, "handmade_temperature": temp, "uniform_loss": uniform,
                     "target_entropy": entropy},
        "training": {"policy_loss": train_loss, "policy_top1": train_top1},
    }
    print(json.dumps(report, indent=1), flush=True)
    if args.report:
        json.dump(report, open(args.report, "w"), indent=1)
    w1, b1, w2, b2 = params
    with open(args.out, "wb") as f:
        f.write(b"BLP1" + struct.pack("<II", inputs, args.hidden))
        for part in (w1, b1, w2, b2):
            f.write(np.asarray(part, dtype="<f4").tobytes())


if __name__ == "__main__":
    main()
