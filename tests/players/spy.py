"""A player that writes every line it receives to a file, and plays a legal move.

    python spy.py LOGFILE [SEED]

Without SEED it plays the first legal move; with SEED, a random one (seeded).
"""
import random
import sys

legal: list[str] = []
rng = random.Random(int(sys.argv[2])) if len(sys.argv) > 2 else None
with open(sys.argv[1], "a", encoding="utf-8") as log:
    for raw in sys.stdin:
        log.write(raw)
        log.flush()
        words = raw.split()
        if not words:
            continue
        command_id = words.pop(0) if words[0].isdigit() else ""
        command, args = words[0], words[1:]
        if command == "legal_moves":
            legal = args
        move = (rng.choice(legal) if rng else legal[0]) if command == "genmove" else ""
        sys.stdout.write("=" + command_id + (" " + move if move else "") + "\n\n")
        sys.stdout.flush()
        if command == "quit":
            break
