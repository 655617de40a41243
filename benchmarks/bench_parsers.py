"""Each game's parsers on very long texts, at two lengths: linear time shows as a ratio near theirs.

Run by hand:  python3 benchmarks/bench_parsers.py [--size BYTES]

For every game, the slowest of its position and move parsers over the texts of
``gamesman.testing.long_inputs`` (whitespace, long tokens, a long line,
unbalanced brackets), at ``--size`` (default a megabyte) and at a sixteenth of
it.  A parser of linear time takes about 16 times as long on the longer texts;
one of quadratic time about 256 times, and minutes on a megabyte.  Times are
the process's CPU seconds (``time.process_time``).
"""
from __future__ import annotations

import argparse
import time

from gamesman.contract.errors import GameError
from gamesman.contract.registry import game_names, make_game
from gamesman.testing.long_inputs import MEGABYTE, long_inputs


def slowest_parse(name: str, size: int) -> tuple[float, str]:
    """The CPU seconds of the game's slowest parse of a text of about ``size`` characters, and its label."""
    game = make_game(name)
    start = game.start()
    slowest = (0.0, "")
    for label, text in long_inputs(game.format_position(start), size).items():
        for kind, parse in (("position", game.parse_position), ("move", lambda t: game.parse_move(start, t))):
            began = time.process_time()
            try:
                parse(text)
            except GameError:
                pass
            slowest = max(slowest, (time.process_time() - began, f"{kind}: {label}"))
    return slowest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=MEGABYTE, help="length of the longer texts (default 1 MiB)")
    args = parser.parse_args()
    print(f"{'game':<20} {'slowest at ' + str(args.size // 16):>18} {'at ' + str(args.size):>14} {'ratio':>6}  text")
    for name in game_names():
        short, _ = slowest_parse(name, args.size // 16)
        long, label = slowest_parse(name, args.size)
        print(f"{name:<20} {short:>16.4f} s {long:>12.4f} s {long / max(short, 1e-6):>6.1f}  {label}", flush=True)


if __name__ == "__main__":
    main()
