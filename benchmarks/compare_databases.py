"""Two databases of one variant compared position by position: what shows that a database saved
now answers as one saved by an earlier version did, e.g. Connect Four 6x5's parts, written by
the tier tasks up to the mirror image, beside the plain database of every position saved before.

Run by hand:  python3 benchmarks/compare_databases.py SPEC FIRST SECOND

FIRST and SECOND are cache directories (what ``GAMESMAN_CACHE`` names), each holding a database
of the variant SPEC (``SPEC.db``, and its parts beside it if it has any), read by this version,
which reads the files earlier versions saved; FIRST holds every position, or both are solved
up to the same symmetries.  Every position FIRST holds is looked up in SECOND
by its least code alike (the code a database solved up to the game's symmetries keeps; the code
itself for a game without any), and the two results (value and remoteness, 16-bit packed) must
be equal.  SECOND must hold exactly those least codes: each is found there, and SECOND holds as
many positions as FIRST holds least codes.  So the two hold the same positions, up to the
symmetries, with the same results.

Prints the positions compared, how many differ (and the first few), each database's bytes (its
file and its parts) and the seconds; exits 1 on any difference.  FIRST is read a run of its
codes at a time (see ``Store.runs``), so a database of billions of positions is compared in
little memory.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from gamesman.contract.capabilities import symmetries
from gamesman.contract.progress import Progress
from gamesman.contract.registry import game_from_spec
from gamesman.solver.database import Database
from gamesman.solver.parts import part_cut, parts_directory
from gamesman.solver.results import unpack
from gamesman.solver.store import MISSING

#: Differences printed in full.
SHOWN = 10


def database_bytes(path: Path) -> int:
    """The bytes of a database: its file, and its parts' files when it has any."""
    parts = parts_directory(path)
    return path.stat().st_size + (sum(part.stat().st_size for part in parts.iterdir()) if parts.is_dir() else 0)


def shown(result: int) -> str:
    """A 16-bit packed result as the solver says it.

    >>> shown(0x0012), shown(0x4001), shown(MISSING)
    ('win 18', 'lose 1', 'none')
    """
    return "none" if result == MISSING else str(unpack((result >> 14, result & 0x3FFF, None)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec", help="the variant, e.g. 'connectfour(rows=5,cols=6)'")
    parser.add_argument("first", type=Path, help="the cache directory of the database read through")
    parser.add_argument("second", type=Path, help="the cache directory of the database each position is looked up in")
    options = parser.parse_args()
    game = game_from_spec(options.spec)
    cut = part_cut(game)
    databases = [Database(directory) for directory in (options.first, options.second)]
    first, second = (database.load_store(game.spec, cut=cut) for database in databases)
    for directory, store in zip((options.first, options.second), (first, second)):
        if store is None:
            sys.exit(f"no database of {game.spec} in {directory} (or a damaged one)")
        path = Database(directory).path(game.spec)
        print(f"{directory}: {store.count:,} positions, {store.layout} layout, {database_bytes(path):,} bytes")
    canonical = symmetries(game).canonical_codes
    progress = Progress(f"comparing {game.spec}")
    started = time.perf_counter()
    compared = least = differ = 0
    try:
        for codes, results in first.runs():
            leasts = canonical(codes)
            found = second.get_many(leasts)
            wrong = np.flatnonzero(found != results)
            for at in wrong[:max(0, SHOWN - differ)]:
                print(f"  code {codes[at]} (least {leasts[at]}): {shown(int(results[at]))} in the first, "
                      f"{shown(int(found[at]))} in the second")
            differ += len(wrong)
            compared += len(codes)
            least += int(np.count_nonzero(leasts == codes))
            progress("positions", compared, first.count)
    finally:
        progress.finish()
    seconds = time.perf_counter() - started
    print(f"{compared:,} positions compared in {seconds:,.0f} s: {differ:,} differ; "
          f"{least:,} of them are the least of their set alike, and the second holds {second.count:,}")
    if second.count > least and not differ:
        print("  (the second holds more positions than the first's least codes: give the database that holds "
              "every position first, the one solved up to the symmetries second)")
    same = differ == 0 and compared == first.count and least == second.count
    print("the same positions with the same results: " + ("yes" if same else "NO"))
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
