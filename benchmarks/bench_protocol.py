"""Protocol round trips per second, against a trivial echo program in the same run.

    python benchmarks/bench_protocol.py [--count N]

The baseline is a Python program that answers every line with ``=`` and an
empty line: the cost of the pipes and the interpreter alone.  Then
``gamesman protocol`` answers commands of growing weight, and the referee
plays a match between two example players (three round trips a move).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gamesman.contract.registry import make_game  # noqa: E402
from gamesman.protocol.referee import Match  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ECHO = ("import sys\n"
        "for line in sys.stdin:\n"
        "    sys.stdout.write('=\\n\\n')\n"
        "    sys.stdout.flush()\n")


def round_trips(command: list[str], lines: list[bytes], count: int) -> float:
    """Round trips per second: send one line, wait for its whole reply, repeat."""
    process = subprocess.Popen(command, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)  # the engine logs each genmove there
    assert process.stdin is not None and process.stdout is not None  # both piped above
    stdin, out = process.stdin, process.stdout.fileno()
    pending = b""

    def ask(line: bytes) -> None:
        nonlocal pending
        stdin.write(line)
        stdin.flush()
        while b"\n\n" not in pending:
            chunk = os.read(out, 65536)
            if not chunk:
                raise SystemExit(f"{' '.join(command)} ended early")
            pending += chunk
        pending = pending.partition(b"\n\n")[2]

    for line in lines[:2]:
        ask(line)  # warm up: imports, first game
    started = time.perf_counter()
    for index in range(count):
        ask(lines[index % len(lines)])
    elapsed = time.perf_counter() - started
    stdin.close()
    process.wait()
    return count / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5000, help="round trips per measurement")
    count = parser.parse_args().count
    engine = [sys.executable, "-m", "gamesman", "protocol"]
    baseline = round_trips([sys.executable, "-c", ECHO], [b"ping\n"], count)
    print(f"{'echo program (baseline)':<55} {baseline:>10,.0f} round trips/s")
    cases = [
        ("protocol_version", [b"protocol_version\n"]),
        ("moves (tictactoe)", [b"moves\n"]),
        ("play + undo (tictactoe)", [b"play b2\n", b"undo\n"]),
        ("setposition + genmove (tictactoe)", [b"setposition (x xo- --- ---)\n", b"genmove\n"]),
        ("setposition + legal_moves + genmove", [b"setposition (x xo- --- ---)\n",
                                                 b"legal_moves c1 a2 b2 c2 a3 b3 c3\n", b"genmove\n"]),
    ]
    for label, lines in cases:
        rate = round_trips(engine, lines, count)
        print(f"{'gamesman protocol: ' + label:<55} {rate:>10,.0f} round trips/s  ({rate / baseline:.0%} of baseline)")
    games = max(count // 25, 4)
    player = f"{sys.executable} {ROOT}/protocol/examples/random_player.py"
    referee = Match(make_game("tictactoe"), [player, player], games=games)
    started = time.perf_counter()
    moves = sum(len(record.moves) for record in referee.play())
    elapsed = time.perf_counter() - started
    print(f"{'referee, two random players':<55} {moves / elapsed:>10,.0f} moves/s  "
          f"({games} games; 3 round trips a move: {3 * moves / elapsed:,.0f} round trips/s)")

if __name__ == "__main__":
    main()
