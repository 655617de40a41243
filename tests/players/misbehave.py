"""A player that plays the first legal move for a while, then misbehaves.

    python misbehave.py MODE [AFTER]

MODE says how it misbehaves on genmove number AFTER + 1 (AFTER defaults to 0):
crash, hang, garbage, twowords, illegal, nonutf8, wrongid, error, longline,
flood, resign.  Modes that misbehave from the start: refuse (answers ``game``
with ?), silent (never answers), exit (ends at once).
"""
import sys
import time

mode = sys.argv[1]
after = int(sys.argv[2]) if len(sys.argv) > 2 else 0
out = sys.stdout.buffer


def reply(command_id: str, text: str = "", ok: bool = True) -> None:
    out.write((("=" if ok else "?") + command_id + (" " + text if text else "") + "\n\n").encode())
    out.flush()


if mode == "exit":
    sys.exit(0)
legal: list[str] = []
genmoves = 0
for raw in sys.stdin.buffer:
    words = raw.decode("utf-8", "replace").split()
    if not words:
        continue
    command_id = words.pop(0) if words[0].isdigit() else ""
    command, args = words[0], words[1:]
    if mode == "silent":
        continue
    if command == "game" and mode == "refuse":
        reply(command_id, "no thanks", ok=False)
    elif command == "legal_moves":
        legal = args
        reply(command_id)
    elif command == "genmove" and genmoves < after:
        genmoves += 1
        reply(command_id, legal[0])
    elif command == "genmove":
        if mode == "crash":
            sys.exit(3)
        elif mode == "hang":
            time.sleep(3600)
        elif mode == "garbage":
            out.write(b"hello there\n\n")
        elif mode == "twowords":
            reply(command_id, f"{legal[0]} {legal[-1]}")
        elif mode == "illegal":
            reply(command_id, "zz99")
        elif mode == "nonutf8":
            out.write(b"=" + command_id.encode() + b" \xff\xfe\n\n")
        elif mode == "wrongid":
            reply("999", legal[0])
        elif mode == "error":
            reply(command_id, "cannot move", ok=False)
        elif mode == "longline":
            out.write(b"= " + b"a" * 70000 + b"\n\n")
        elif mode == "flood":
            while True:
                out.write(b"= a1\n")
        elif mode == "resign":
            reply(command_id, "resign")
        out.flush()
    elif command == "quit":
        reply(command_id)
        break
    else:
        reply(command_id)
