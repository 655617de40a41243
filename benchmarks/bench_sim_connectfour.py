"""Solve the variants of Sim and Connect Four too large for the test suite, timed.

Run by hand:  python3 benchmarks/bench_sim_connectfour.py [NAME ...]

Each line gives the variant, the value of its start, the positions solved, the
seconds taken, how many reachable ends are ties, and the known result it is
checked against:

* two-player Sim on six nodes is a second-player win (Mead, Rosa and Huang, 1974);
  by Ramsey's R(3, 3) = 6 it cannot end in a tie (0 tied ends);
* Connect Four on 4 columns and 5 rows, and 5 columns and 4 rows, with four in a row:
  no result is asserted (John Tromp's table of small boards gives the values).
"""
from __future__ import annotations

import sys
import time

from gamesman.contract.progress import Progress
from gamesman.contract.registry import make_game
from gamesman.solver.strong import Solver

VARIANTS = [
    ("sim", dict(nodes=6), ("lose", 0)),
    ("sim", dict(nodes=5, players=3), None),
    ("connectfour", dict(rows=5, cols=4), None),
    ("connectfour", dict(rows=4, cols=5), None),
]


def main(names: list[str]) -> None:
    failed = False
    for name, options, expected in VARIANTS:
        if names and name not in names:
            continue
        game = make_game(name, **options)
        started = time.perf_counter()
        progress = Progress(f"solving {game.spec}")
        solver = Solver(game, database=None, progress=progress)
        result = solver.result(game.start())
        progress.finish()
        seconds = time.perf_counter() - started
        ends = [game.outcome(position) for position in solver.table]
        tied = sum(1 for utilities in ends if utilities is not None and len(set(utilities)) == 1)
        verdict = ""
        if expected is not None:
            good = result.value is not None and (result.value.value, tied) == expected
            failed = failed or not good
            verdict = f"expected {expected[0]} with {expected[1]} tied ends: {'ok' if good else 'WRONG'}"
        print(f"{game.spec:45} {str(result):24} {len(solver.table):>10,} positions {seconds:8.1f} s "
              f"{tied:>7,} tied ends  {verdict}", flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main(sys.argv[1:])
