"""A database checked against the game's exact search at positions of random play: an answer
independent of the solver, for a database too large to solve twice in a run (Connect Four 6x5,
its parts written by the tier tasks in the format saved now).

Run by hand:  python3 benchmarks/check_database.py SPEC CACHE [--positions 50000] [--seed 1]

CACHE is a cache directory (what ``GAMESMAN_CACHE`` names) holding the database of SPEC, a
Connect Four variant (the game with an exact search of its own).  ``--positions`` distinct
positions in play, reached by random play from 4 pieces on (at most one of each set alike),
are looked up one at a time, as the solver's table does, and each result (value and
remoteness) must be the exact search's: the benchmark of the tier solver's ``--check``, on a
database already saved.  Prints the positions compared and the seconds; any difference stops
it with the position and both answers.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gamesman.contract.registry import game_from_spec
from gamesman.games.connectfour import ConnectFour
from gamesman.solver.database import Database
from gamesman.solver.parts import part_cut

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script, it imports its neighbour
from benchmarks.bench_tiers import check_exact  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec", help="the variant, e.g. 'connectfour(rows=5,cols=6)'")
    parser.add_argument("cache", type=Path, help="the cache directory that holds its database")
    parser.add_argument("--positions", type=int, default=50_000, help="positions of random play to check")
    parser.add_argument("--seed", type=int, default=1, help="of the random play")
    options = parser.parse_args()
    game = game_from_spec(options.spec)
    if not isinstance(game, ConnectFour):
        sys.exit(f"{game.spec}: only Connect Four has an exact search to check a database against")
    store = Database(options.cache).load_store(game.spec, cut=part_cut(game))
    if store is None:
        sys.exit(f"no database of {game.spec} in {options.cache} (or a damaged one)")
    compared, seconds = check_exact(game, store, options.positions, options.seed)
    print(f"{game.spec}: {compared:,} positions of random play answer as the exact search ({seconds:,.0f} s)")


if __name__ == "__main__":
    main()
