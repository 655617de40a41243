"""How large Kaboom and Abalone variants are, and how long the solver takes on them.

Too slow for the test suite; run by hand:

    python3 benchmarks/bench_kaboom_abalone.py solve   # solve the small variants, timed
    python3 benchmarks/bench_kaboom_abalone.py count   # count the default variants' positions

``solve`` prints the variant, the value of its start, the positions solved and
the seconds taken.  ``count`` walks every position reachable from the start of
the default variants (no solving), printing the running count now and then; it
shows why ``solvable()`` is False for them.
"""
from __future__ import annotations

import sys
import time

from gamesman.registry import make_game
from gamesman.solver import Solver

SOLVE = [
    ("kaboom", dict(rows=3, cols=3, in_a_row=3)),
    ("kaboom", dict(rows=3, cols=3, in_a_row=3, misere=True)),
    ("kaboom", dict(rows=3, cols=3, in_a_row=3, super_bomb=True)),
    ("kaboom", dict(rows=3, cols=3, in_a_row=3, bombs=2)),
    ("kaboom", dict(rows=3, cols=4, in_a_row=3)),
    ("kaboom", dict(rows=4, cols=4, in_a_row=4, bombs=0)),
    ("abalone", dict(rows=3, cols=3)),
    ("abalone", dict(rows=3, cols=3, freeze=True)),
    ("abalone", dict(rows=3, cols=3, misere=True)),
    ("abalone", dict(rows=3, cols=4)),
    ("abalone", dict(rows=3, cols=4, captures=1)),
]
COUNT = [("kaboom", dict()), ("abalone", dict())]


def solve() -> None:
    for name, options in SOLVE:
        game = make_game(name, **options)
        started = time.perf_counter()
        solver = Solver(game, database=None)
        result = solver.result(game.start())
        seconds = time.perf_counter() - started
        print(f"{game.spec:80} {str(result):8} {len(solver.table):>10,} positions {seconds:8.1f} s", flush=True)


def count() -> None:
    for name, options in COUNT:
        game = make_game(name, **options)
        started = time.perf_counter()
        seen = {game.start()}
        waiting = [game.start()]
        while waiting:
            position = waiting.pop()
            for move in game.moves(position):
                child = game.play(position, move)
                if child not in seen:
                    seen.add(child)
                    waiting.append(child)
                    if len(seen) % 1_000_000 == 0:
                        print(f"{game.spec}: {len(seen):,} positions so far, "
                              f"{time.perf_counter() - started:.0f} s", flush=True)
        print(f"{game.spec:80} {len(seen):>12,} positions {time.perf_counter() - started:8.1f} s", flush=True)


if __name__ == "__main__":
    {"solve": solve, "count": count}[sys.argv[1] if len(sys.argv) > 1 else "solve"]()
