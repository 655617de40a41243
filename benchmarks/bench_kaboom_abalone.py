"""Solve the default Kaboom and Abalone games and their misère twins, timed against a baseline.

Too slow for the test suite; run by hand:

    python3 benchmarks/bench_kaboom_abalone.py [kaboom|abalone ...]            # the defaults
    python3 benchmarks/bench_kaboom_abalone.py --variants [kaboom|abalone ...]  # other variants

For each game the baseline, measured in the same run, is the reference solver
(plain Python, position by position) on the game's 3x3 variant: its positions
per second.  Each line then gives the variant, the value of its start, the
positions solved, the seconds taken, the peak memory of the process, and the
fast solver's rate as a multiple of the baseline's.

Budget: on the default variants and their misère twins the fast solver must go
at least BUDGET_SPEEDUP times the baseline's rate per position (13 to 22 times
when measured: each default in a minute or two, Abalone's at 7 GB, Kaboom's at
3.3 GB; at 4x each would still solve in under six minutes).  The run exits with
status 1 when a default misses it.
"""
from __future__ import annotations

import resource
import sys
import time
from typing import Any, Literal

from gamesman.contract.registry import make_game
from gamesman.solver.strong import Solver

BUDGET_SPEEDUP = 4.0
BASELINES: dict[str, dict[str, Any]] = {
    "kaboom": dict(rows=3, cols=3, in_a_row=3),
    "abalone": dict(rows=3, cols=3),
}
DEFAULTS: list[tuple[str, dict[str, Any]]] = [
    ("kaboom", dict()),
    ("kaboom", dict(misere=True)),
    ("abalone", dict()),
    ("abalone", dict(misere=True)),
]
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("kaboom", dict(super_bomb=True)),
    ("kaboom", dict(rows=3, cols=4, in_a_row=4, bombs=2)),
    ("kaboom", dict(rows=3, cols=5, in_a_row=5)),
    ("abalone", dict(freeze=True)),
    ("abalone", dict(captures=5)),
    ("abalone", dict(rows=3, cols=5)),
]


def timed_solve(game, engine: Literal["fast", "reference"]) -> tuple[str, int, float]:
    """The start's value, the positions solved and the seconds taken."""
    started = time.perf_counter()
    solver = Solver(game, database=None, engine=engine)
    result = solver.result(game.start())
    return str(result), len(solver.table), time.perf_counter() - started


def peak_gigabytes() -> float:
    """The peak resident memory of this process so far (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6


def main(args: list[str]) -> int:
    variants = "--variants" in args
    names = [arg for arg in args if not arg.startswith("--")] or list(BASELINES)
    failed = False
    for name in names:
        baseline = make_game(name, **BASELINES[name])
        result, positions, seconds = timed_solve(baseline, "reference")
        rate = positions / seconds
        print(f"{baseline.spec:80} {result:8} {positions:>12,} positions {seconds:8.1f} s  "
              f"baseline (reference engine): {rate:,.0f} positions/s", flush=True)
        for game_name, options in VARIANTS if variants else DEFAULTS:
            if game_name != name:
                continue
            game = make_game(name, **options)
            result, positions, seconds = timed_solve(game, "fast")
            speedup = positions / seconds / rate
            verdict = ""
            if not variants:
                good = speedup >= BUDGET_SPEEDUP
                failed = failed or not good
                verdict = f"  budget {BUDGET_SPEEDUP:g}x: {'ok' if good else 'MISSED'}"
            print(f"{game.spec:80} {result:8} {positions:>12,} positions {seconds:8.1f} s "
                  f"{peak_gigabytes():5.1f} GB  {speedup:5.1f}x the baseline's rate{verdict}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
