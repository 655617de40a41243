"""Solve the larger variants of Tomorrow's Tic-Tac-Toe, Othello and Chopsticks, timed.

Too slow for the test suite; run by hand:  python3 benchmarks/bench_cs3_games.py [NAME ...]
Each line gives the variant, the value of its start, the positions solved and the seconds taken.
"""
from __future__ import annotations

import sys
import time
from typing import Any

from gamesman.contract.registry import make_game
from gamesman.solver.strong import Solver

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("tomorrowstictactoe", dict(empty_start=True)),
    ("tomorrowstictactoe", dict(empty_start=True, misere=True)),
    ("tomorrowstictactoe", dict(empty_start=True, diagonals=True)),
    ("tomorrowstictactoe", dict(rows=3, cols=5)),
    ("othello", dict()),
    ("othello", dict(misere=True)),
    ("othello", dict(place_anywhere=True)),
    ("chopsticks", dict(wrap_around=True)),
    ("chopsticks", dict(hands=2, fingers=10)),
    ("chopsticks", dict(hands=3, fingers=6)),
]


def main(names: list[str]) -> None:
    for name, options in VARIANTS:
        if names and name not in names:
            continue
        game = make_game(name, **options)
        started = time.perf_counter()
        solver = Solver(game, database=None)
        result = solver.result(game.start())
        seconds = time.perf_counter() - started
        print(f"{game.spec:70} {str(result):10} {len(solver.table):>10,} positions {seconds:8.1f} s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
