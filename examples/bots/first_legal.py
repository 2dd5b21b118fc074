#!/usr/bin/env python3
"""A tiny Battle Line bot for `battleline referee`: it plays the first legal action it is offered.

The referee writes one JSON object per line; only `turn` messages need an answer, which is one line
holding one action (a JSON object). See docs/BOT_PROTOCOL.md.

    battleline referee --a 'python3 examples/bots/first_legal.py' --b 'battleline bot heuristic'
"""
import json
import sys


def choose(view, legal):
    # Claim whatever can be proved, then take the first legal action.
    for action in legal:
        if action["type"] == "claim":
            return action
    return legal[0]


for line in sys.stdin:
    if not line.strip():
        continue
    message = json.loads(line)
    if message["type"] == "turn":
        action = choose(message["view"], message["legal"])
        sys.stdout.write(json.dumps(action) + "\n")
        sys.stdout.flush()
