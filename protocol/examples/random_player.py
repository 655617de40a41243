#!/usr/bin/env python3
"""A player for every game of the gamesman protocol, written from PROTOCOL.md alone.

It knows no rules.  The referee lists the legal moves (``legal_moves``) after
each ``setposition``; ``genmove`` answers with one of them, chosen at random.

    gamesman match tictactoe --player "python3 random_player.py" \\
                             --player "python3 random_player.py --seed 7"
"""
import io
import random
import sys

KNOWN = ["protocol_version", "name", "version", "known_command", "list_commands",
         "quit", "game", "setposition", "legal_moves", "genmove"]


def main() -> int:
    seed = int(sys.argv[2]) if sys.argv[1:2] == ["--seed"] else None
    rng = random.Random(seed)
    legal: list[str] = []
    if isinstance(sys.stdin, io.TextIOWrapper):  # as it is unless replaced
        sys.stdin.reconfigure(errors="replace")
    for raw in sys.stdin:
        # GTP's clean-up: control characters out, comments out, tabs become spaces
        line = "".join(c for c in raw if c >= " " or c == "\t").split("#")[0].replace("\t", " ")
        words = [word for word in line.split(" ") if word]  # GTP separates words by spaces only
        if not words:
            continue
        command_id = words.pop(0) if words[0].isascii() and words[0].isdigit() else ""
        command, args = (words[0].lower(), words[1:]) if words else ("", [])
        ok, text = True, ""
        if command == "protocol_version":
            text = "2"
        elif command == "name":
            text = "random_player"
        elif command == "version":
            text = "1.0"
        elif command == "known_command":
            text = "true" if args and args[0] in KNOWN else "false"
        elif command == "list_commands":
            text = "\n".join(KNOWN)
        elif command in ("game", "setposition"):
            legal = []  # a new position: its moves come next
        elif command == "legal_moves":
            legal = args
        elif command == "genmove":
            if legal:
                text = rng.choice(legal)
            else:
                ok, text = False, "no legal moves known (legal_moves comes before genmove)"
        elif command != "quit":
            ok, text = False, "unknown command"
        sys.stdout.write(("=" if ok else "?") + command_id + (" " + text if text else "") + "\n\n")
        sys.stdout.flush()
        if command == "quit":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
