#!/usr/bin/env python3
"""A bot for the bot protocol that writes every line it receives to the file named by its first argument
and plays the first legal action (claims first): the test reads what a bot was told over a WebSocket."""
import json
import sys

with open(sys.argv[1], "w", encoding="utf-8") as record:
    for line in sys.stdin:
        if not line.strip():
            continue
        record.write(line)
        record.flush()
        message = json.loads(line)
        if message["type"] == "turn":
            legal = message["legal"]
            action = next((a for a in legal if a["type"] == "claim"), legal[0])
            sys.stdout.write(json.dumps(action) + "\n")
            sys.stdout.flush()
