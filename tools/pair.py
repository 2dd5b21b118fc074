#!/usr/bin/env python3
"""The paired difference of two `battleline match --verbose` runs on the same seeds, or of two
`value_lab duel --verbose` runs (lab), whose lines are pairs (`pair J (seed S): A scores X`: A's mean over
the deal played from both seats) instead of games.

    python3 tools/pair.py OLD.log NEW.log
    python3 tools/pair.py OLD.log,OLD-MORE.log+K NEW.log,NEW-MORE.log+K

Either side may join several logs with commas; `LOG+K` numbers that log's games (or pairs) from K, for a
run started K deals later (`--seed S+K`) that continues another from seed S.

Game (or pair) i of both runs is the same deal with A in the same seat, so the difference per game has a
smaller error than either score. A win scores 1, a draw is shared among the players (read from the
run's first line: "A in seat i mod N"). Prints the games both runs played, each one's score and the
mean difference (new minus old) with its standard error.
"""
import math
import re
import sys

GAME = re.compile(r"game (\d+) \(seed \d+\): (A wins|B wins|draw)")
PAIR = re.compile(r"pair (\d+) \(seed \d+\): A scores ([0-9.]+)$")
SEATS = re.compile(r"A in seat i mod (\d)")


def load(path):
    players, scores = 2, {}
    with open(path) as lines:
        for line in lines:
            seats = SEATS.search(line)
            if seats:
                players = int(seats.group(1))
            game = GAME.match(line)
            if game:
                scores[int(game.group(1))] = {"A wins": 1.0, "B wins": 0.0, "draw": 1 / players}[game.group(2)]
            pair = PAIR.match(line.strip())
            if pair:
                scores[int(pair.group(1))] = float(pair.group(2))
    return scores


def load_all(paths):
    """Comma-separated logs joined; `LOG+K` shifts that log's indices by K."""
    scores = {}
    for entry in paths.split(","):
        path, _, offset = entry.rpartition("+")
        if not offset.isdigit():  # no offset: a '+' in the path itself, or none at all
            path, offset = entry, ""
        for index, score in load(path).items():
            scores[index + int(offset or 0)] = score
    return scores


def main(old_path, new_path):
    old, new = load_all(old_path), load_all(new_path)
    games = sorted(set(old) & set(new))
    if len(games) < 2:
        sys.exit("fewer than two games in common")
    diffs = [new[g] - old[g] for g in games]
    n = len(games)
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    print(
        f"{n} games: {sum(old[g] for g in games) / n:.3f} -> {sum(new[g] for g in games) / n:.3f}, "
        f"paired {mean:+.3f} ± {math.sqrt(variance / n):.3f} ({sum(d != 0 for d in diffs)} games differ)"
    )


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
