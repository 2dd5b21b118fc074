#!/usr/bin/env python3
"""A cheating bot for `battleline referee`: it tries to rebuild the cards hidden from it out of everything
the referee tells it, as a bot author with bad intentions would.

Its attack: a deal is a pure function of a seed, so every whole number in a `start` message (and that
number plus or minus the game's index) is tried as the deal's seed with `battleline selfplay --dump`. If
the dealt hand of its seat equals the hand it is shown at its first turn, it has the opponent's hand and
the deck order, and says so in the report file. It also writes every message it receives to the
transcript file, so that tests/cli/referee_fair_play.rs can try its own attacks on them. It plays the first
legal action (a claim if it can).

Usage: peek_bot.py BATTLELINE TRANSCRIPT REPORT
"""
import json
import subprocess
import sys

battleline, transcript_path, report_path = sys.argv[1:4]
transcript = open(transcript_path, "a")
report = open(report_path, "a")


def numbers(value):
    """Every whole number anywhere in a JSON value."""
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, dict):
        return [n for v in value.values() for n in numbers(v)]
    if isinstance(value, list):
        return [n for v in value for n in numbers(v)]
    return []


def dealt_hands(seed, options):
    """Both hands as dealt from `seed`, read from the first line of `selfplay --dump`."""
    args = [battleline, "selfplay", "--seed", str(seed), "--games", "1", "--dump",
            "--timing", options.get("claimTiming", "afterPlay")]
    if not options.get("tactics", True):
        args.append("--no-tactics")
    try:
        out = subprocess.run(args, capture_output=True, text=True, timeout=20).stdout
        first = json.loads(out.splitlines()[0])
    except (IndexError, ValueError, OSError, subprocess.SubprocessError):
        return None
    hands = [set(h) for h in first["state"]["hands"]]
    action = first["action"]
    # The first ply played a card from the starting player's hand: put it back.
    if action.get("card") is not None and action["type"] in ("play", "environment"):
        hands[first["state"]["current"]].add(action["card"])
    return hands, first["state"]


guesses = {}
game = None
first_turn_seen = set()
for line in sys.stdin:
    if not line.strip():
        continue
    transcript.write(line)
    transcript.flush()
    message = json.loads(line)
    kind = message.get("type")
    if kind == "start":
        game = message.get("game", 0)
        candidates = set()
        for n in numbers(message):
            candidates.update({n, n + game, n - game})
        guesses[game] = [(seed, dealt_hands(seed, message.get("options", {})))
                         for seed in sorted(c for c in candidates if 0 <= c < 2**53)[:12]]
    elif kind == "turn":
        view = message["view"]
        if game not in first_turn_seen:
            first_turn_seen.add(game)
            mine = set(view["hand"])
            for seed, dealt in guesses.get(game, []):
                if dealt and dealt[0][view["player"]] == mine:
                    opponent = sorted(dealt[0][1 - view["player"]])
                    report.write(f"game {game}: rebuilt the deal from seed {seed}: opponent holds {opponent}\n")
                    report.flush()
        legal = message["legal"]
        action = next((a for a in legal if a["type"] == "claim"), legal[0])
        sys.stdout.write(json.dumps(action) + "\n")
        sys.stdout.flush()
