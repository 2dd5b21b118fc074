#!/usr/bin/env python3
"""Blends two value models of the same shape weight by weight (a "model soup"): OUT = (1 - T) A + T B.

    python3 tools/blend_value.py A.bin B.bin T OUT.bin

Meant for two models fitted from the same start (lab/models/vs-heuristic.bin was trained from
lab/models/before-issue-51.bin), whose weights lie close enough that their blend is a model between
them; T outside 0..1 goes past one of them. Needs no PyTorch; the format is src/bot/value/model.rs's.
"""
import struct
import sys


def read(path):
    with open(path, "rb") as f:
        raw = f.read()
    if raw[:4] != b"BLV1":
        sys.exit(f"{path}: not a BLV1 weights file")
    dims = struct.unpack("<4I", raw[4:20])
    floats = struct.unpack(f"<{(len(raw) - 20) // 4}f", raw[20:])
    return dims, floats


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    (dims_a, a), (dims_b, b) = read(sys.argv[1]), read(sys.argv[2])
    if dims_a != dims_b:
        sys.exit(f"shapes differ: {dims_a} and {dims_b}")
    t = float(sys.argv[3])
    blend = [(1 - t) * x + t * y for x, y in zip(a, b)]
    with open(sys.argv[4], "wb") as f:
        f.write(b"BLV1" + struct.pack("<4I", *dims_a) + struct.pack(f"<{len(blend)}f", *blend))


if __name__ == "__main__":
    main()
