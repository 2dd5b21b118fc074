#!/usr/bin/env python3
"""Trains the search's learned value model (src/bot/value/model.rs) on self-play data.

    python3 tools/train_value.py --data A.bld[,B.bld@FRACTION...] --out weights.bin [--init weights.bin|handmade]
        [--hidden 32,32] [--epochs 8] [--batch 4096] [--lr 0.002] [--device auto] [--report FILE]
    python3 tools/train_value.py --handmade OUT   # the model that gives the hand-made leaf reward

Data (`value_lab generate`, lab/): the bytes BLD1, two little-endian u32 (inputs, floats a record),
then records of f32: the inputs, the outcome for that player (1 win, 0 loss, 0.5 draw), each flag's
outcome for them (1 taken, 0 lost; a flag open at the end: the hand-made chance there), the game's id.
Positions of games whose id is divisible by 10 are held out; the report gives the held-out log-loss
of the model, of the hand-made leaf reward (the search's evaluation before the model), and of a coin.

The weights file is read by `ValueModel::from_bytes` (format in src/bot/value/model.rs). The
hand-made model needs no PyTorch. Versions: tools/requirements.txt. Runs on a CPU or a CUDA GPU.
"""
import argparse
import json
import math
import struct
import sys
import time

FLAGS = 9
OUTPUTS = 1 + FLAGS
# Inputs of src/bot/value/features.rs that the hand-made model reads.
HANDMADE_VALUE = 15
HANDMADE_REWARD = 16


def write_weights(path, layers):
    """layers: [(weights input-major as a flat list or tensor, biases, inputs, outputs)]."""
    dims = [layers[0][2]] + [layer[3] for layer in layers]
    with open(path, "wb") as f:
        f.write(b"BLV1")
        f.write(struct.pack("<4I", *dims))
        for weights, biases, _, _ in layers:
            f.write(struct.pack(f"<{len(weights)}f", *weights))
            f.write(struct.pack(f"<{len(biases)}f", *biases))


def handmade(path, inputs, hidden=(32, 32)):
    """A model equal to the hand-made leaf reward logistic((value - 4.5) / 1.5): the input
    (value - 4.5) / 4.5 passed through ReLU(x) and ReLU(-x), and the logit 3 (a - b)."""
    h1, h2 = hidden
    w1 = [0.0] * (inputs * h1)
    w1[HANDMADE_VALUE * h1 + 0] = 1.0
    w1[HANDMADE_VALUE * h1 + 1] = -1.0
    w2 = [0.0] * (h1 * h2)
    w2[0 * h2 + 0] = 1.0
    w2[1 * h2 + 1] = 1.0
    w3 = [0.0] * (h2 * OUTPUTS)
    w3[0 * OUTPUTS + 0] = 3.0
    w3[1 * OUTPUTS + 0] = -3.0
    write_weights(path, [(w1, [0.0] * h1, inputs, h1), (w2, [0.0] * h2, h1, h2), (w3, [0.0] * OUTPUTS, h2, OUTPUTS)])


def read_data(paths, torch):
    chunks, inputs = [], None
    for entry in paths:
        # FILE@FRACTION reads only the first FRACTION of the file's records: the games played first (the last may be cut).
        path, _, fraction = entry.partition("@")
        with open(path, "rb") as f:
            head = f.read(12)
            if head[:4] != b"BLD1":
                sys.exit(f"{path}: not a BLD1 data file")
            n_in, n_rec = struct.unpack("<2I", head[4:])
            if inputs not in (None, n_in):
                sys.exit(f"{path}: {n_in} inputs, others have {inputs}")
            inputs = n_in
            raw = f.read()
        data = torch.frombuffer(bytearray(raw), dtype=torch.float32).reshape(-1, n_rec)
        if fraction:
            data = data[:int(len(data) * float(fraction))]
        chunks.append(data)
    return torch.cat(chunks), inputs


def read_weights(path, torch):
    with open(path, "rb") as f:
        raw = f.read()
    assert raw[:4] == b"BLV1", path
    dims = struct.unpack("<4I", raw[4:20])
    floats = torch.frombuffer(bytearray(raw[20:]), dtype=torch.float32)
    out, at = [], 0
    for a, b in zip(dims, dims[1:]):
        w = floats[at:at + a * b].reshape(a, b)
        at += a * b
        bias = floats[at:at + b]
        at += b
        out.append((w.clone(), bias.clone()))
    return dims, out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data")
    ap.add_argument("--out", required=False)
    ap.add_argument("--init")
    ap.add_argument("--handmade")
    ap.add_argument("--inputs", type=int, default=154)
    ap.add_argument("--hidden", default="32,32")
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--batch", type=int, default=4096)
    ap.add_argument("--lr", type=float, default=0.002)
    ap.add_argument("--flag-weight", type=float, default=0.3)
    ap.add_argument("--weight-decay", type=float, default=1e-5)
    ap.add_argument("--device", default="auto")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--report")
    args = ap.parse_args()
    hidden = tuple(int(h) for h in args.hidden.split(","))
    if args.handmade:
        handmade(args.handmade, args.inputs, hidden)
        print(f"wrote the hand-made model to {args.handmade}")
        return
    if not (args.data and args.out):
        ap.error("--data and --out are needed (or --handmade OUT)")

    import torch
    from torch import nn

    torch.manual_seed(args.seed)
    device = torch.device(("cuda" if torch.cuda.is_available() else "cpu") if args.device == "auto" else args.device)
    started = time.time()
    data, inputs = read_data(args.data.split(","), torch)
    x, win, flags, game = data[:, :inputs], data[:, inputs], data[:, inputs + 1:inputs + 1 + FLAGS], data[:, -1]
    held = (game.long() % 10) == 0
    print(f"{len(data)} positions from {len(torch.unique(game))} games ({int(held.sum())} held out), "
          f"{inputs} inputs, read in {time.time() - started:.1f} s, training on {device}", flush=True)

    model = nn.Sequential(nn.Linear(inputs, hidden[0]), nn.ReLU(), nn.Linear(hidden[0], hidden[1]), nn.ReLU(),
                          nn.Linear(hidden[1], OUTPUTS))
    if args.init == "handmade":
        # Start from the hand-made leaf reward (see handmade()): units 0 and 1 of each hidden layer carry
        # (value - 4.5) / 4.5 through ReLU(x) and ReLU(-x) to the win logit 3 (a - b); the other units
        # keep their random start but add nothing to the win logit yet, so every unit learns.
        with torch.no_grad():
            l1, l2, l3 = model[0], model[2], model[4]
            l1.weight[:2] = 0.0
            l1.weight[0, HANDMADE_VALUE], l1.weight[1, HANDMADE_VALUE] = 1.0, -1.0
            l1.bias[:2] = 0.0
            l2.weight[:2] = 0.0
            l2.weight[0, 0], l2.weight[1, 1] = 1.0, 1.0
            l2.bias[:2] = 0.0
            l2.weight[2:, :2] = 0.0
            l3.weight[0] = 0.0
            l3.weight[0, 0], l3.weight[0, 1] = 3.0, -3.0
            l3.bias[0] = 0.0
            l3.weight[1:, :2] = 0.0
        print("started from the hand-made leaf reward")
    elif args.init:
        dims, layers = read_weights(args.init, torch)
        if list(dims) == [inputs, *hidden, OUTPUTS]:
            with torch.no_grad():
                for linear, (w, b) in zip([model[0], model[2], model[4]], layers):
                    linear.weight.copy_(w.t())
                    linear.bias.copy_(b)
            print(f"started from {args.init}")
        else:
            print(f"{args.init} has shape {dims}: started afresh")
    model.to(device)
    xt, wt, ft = x[~held].to(device), win[~held].to(device), flags[~held].to(device)
    xv, wv, fv = x[held].to(device), win[held].to(device), flags[held].to(device)
    bce = nn.functional.binary_cross_entropy_with_logits

    def held_out():
        model.eval()
        with torch.no_grad():
            out = torch.cat([model(xv[i:i + 65536]) for i in range(0, len(xv), 65536)])
            loss = bce(out[:, 0], wv).item()
            flag_loss = bce(out[:, 1:], fv).item()
        model.train()
        return loss, flag_loss

    def logloss(p, y):
        p = p.clamp(1e-6, 1 - 1e-6)
        return -(y * p.log() + (1 - y) * (1 - p).log()).mean().item()

    base = {
        "coin": math.log(2),
        "handmade_reward": logloss(xv[:, HANDMADE_REWARD], wv),
        "handmade_win_chance": logloss(xv[:, 14], wv),
    }
    start, start_flags = held_out()
    print(f"before training: held-out log-loss {start:.4f} (flags {start_flags:.4f})", flush=True)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    steps = max(1, args.epochs * ((len(xt) + args.batch - 1) // args.batch))
    warm = max(1, steps // 20)
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda t: min(1.0, (t + 1) / warm) * 0.5 * (1 + math.cos(math.pi * min(t, steps) / steps)))
    best = (float("inf"), None, -1)
    history = []
    for epoch in range(args.epochs):
        order = torch.randperm(len(xt), device=device)
        for i in range(0, len(xt), args.batch):
            idx = order[i:i + args.batch]
            out = model(xt[idx])
            loss = bce(out[:, 0], wt[idx]) + args.flag_weight * bce(out[:, 1:], ft[idx])
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            sched.step()
        val, flag_val = held_out()
        history.append({"epoch": epoch + 1, "held_out_logloss": val, "held_out_flag_logloss": flag_val})
        print(f"epoch {epoch + 1}: held-out log-loss {val:.4f} (flags {flag_val:.4f}); "
              f"hand-made reward {base['handmade_reward']:.4f}, coin {base['coin']:.4f}; "
              f"{time.time() - started:.0f} s", flush=True)
        if val < best[0]:
            best = (val, [(m.weight.detach().t().contiguous().cpu(), m.bias.detach().cpu())
                          for m in (model[0], model[2], model[4])], epoch + 1)
    layers = [(w.flatten().tolist(), b.tolist(), w.shape[0], w.shape[1]) for w, b in best[1]]
    write_weights(args.out, layers)
    report = {"positions": len(data), "held_out_positions": int(held.sum()), "best_epoch": best[2],
              "held_out_logloss": best[0], "start_held_out_logloss": start, "baselines": base, "history": history, "hidden": hidden,
              "seconds": time.time() - started, "device": str(device), "torch": torch.__version__}
    print(json.dumps(report))
    if args.report:
        with open(args.report, "w") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
