"""A player that plays the first legal move and writes every line it receives to a file.

    python spy.py LOGFILE
"""
import sys

legal: list[str] = []
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
        text = " " + legal[0] if command == "genmove" else ""
        sys.stdout.write("=" + command_id + text + "\n\n")
        sys.stdout.flush()
        if command == "quit":
            break
