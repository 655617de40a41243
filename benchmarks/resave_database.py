"""A database saved again in the format ``GAMESMAN_DB_FORMAT`` names, part by part, without
solving it again: what measures the Huffman layout on a variant too large to solve twice in a
run (Connect Four 6x5, whose parts the tier tasks wrote in zstd blocks).

Run by hand:  GAMESMAN_DB_FORMAT=huffman python3 benchmarks/resave_database.py SPEC SOURCE DEST [--lookups 200000]
              [--plain | --whole] [--beside DIR ...]

SOURCE and DEST are cache directories (what ``GAMESMAN_CACHE`` names); SOURCE holds the
database of SPEC (``SPEC.db``, and its parts beside it if it has any), and DEST gets the same
database laid out as ``Store.saved`` lays a database out now: each part (or the one file) read,
its positions and results laid out again and written with the same label, and the index copied.
``--plain`` lays each part out in the smallest plain layout, whatever its size: the baseline
of look-ups and bytes in the same run.  (The version before the compressed databases saved
a part past 2 bytes a position in deflated blocks, slower to read than any plain layout: the
baseline's look-ups are, if anything, quicker than that version's.)  ``--whole`` lays a database
in parts out as that version did, one process writing one file: every position in its smallest
plain layout (on Connect Four, ranked), the baseline of a database in parts (it holds every code
in memory: 1.6 GB at its peak for Connect Four 5x5's 35 million positions kept).
Then ``benchmarks/compare_databases.py SPEC SOURCE DEST`` checks the two position by position.

Prints each database's bytes (and a position kept), the seconds and processor seconds the
re-laying took, and random look-ups a second of processor time in each, ``packed(slot(code))``
as the solver's table does them, of ``--lookups`` positions kept drawn at random from every
part, each pass on the database freshly opened (its parts opened as the look-ups need them;
the zstd blocks' cache holds few of the blocks: on 6x5 most look-ups are cold), the quickest
of three passes.  ``--beside DIR``: the database of SPEC in cache directory DIR measured
too, with the same positions (say, the same one saved again in another format).
"""
from __future__ import annotations

import argparse
import shutil
import sys
import time
from pathlib import Path
from unittest import mock

import numpy as np

from gamesman.contract.progress import Progress
from gamesman.contract.registry import game_from_spec
from gamesman.solver.database import Database
from gamesman.solver.parts import TIER, SHARD, PartedStore, part_cut, part_label, part_name, parts_directory
from gamesman.solver import store as store_module
from gamesman.solver.store import Store, database_format, read_store, write_store

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script, it imports its neighbour
from benchmarks.bench_storage import look_ups_a_second  # noqa: E402
from benchmarks.compare_databases import database_bytes  # noqa: E402

#: Passes of the look-ups; the quickest is reported.
PASSES = 3


def resaved(store: Store | PartedStore, plain: bool = False, in_parts: bool = False) -> Store:
    """``store`` laid out as a database (``in_parts``: a part of one) is saved now, or, ``plain``,
    as the version before the compressed databases saved it, in its smallest plain layout,
    however large (a part laid out by place stays so)."""
    if store.layout == "placed":
        return store
    if plain:
        with mock.patch.object(store_module, "MAX_BYTES_PER_POSITION", float("inf")):
            return Store.build(store.codes(), store.values16(), store.grundy16())
    return Store.saved(store.codes(), store.values16(), store.grundy16(), store.span, in_parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec", help="the variant, e.g. 'connectfour(rows=5,cols=6)'")
    parser.add_argument("source", type=Path, help="the cache directory that holds the database")
    parser.add_argument("dest", type=Path, help="the cache directory to save it again in")
    parser.add_argument("--lookups", type=int, default=200_000, help="random positions looked up in each")
    baseline = parser.add_mutually_exclusive_group()
    baseline.add_argument("--plain", action="store_true", help="save it in plain layouts, the baseline")
    baseline.add_argument("--whole", action="store_true", help="save it whole, in one plain layout: the baseline of parts")
    parser.add_argument("--beside", type=Path, nargs="*", default=[], help="other cache directories to measure")
    options = parser.parse_args()
    game = game_from_spec(options.spec)
    cut = part_cut(game)
    source, dest = Database(options.source), Database(options.dest)
    store = source.load_store(game.spec, cut=cut)
    if store is None:
        sys.exit(f"no database of {game.spec} in {options.source} (or a damaged one)")
    started, processor = time.perf_counter(), time.process_time()
    options.dest.mkdir(parents=True, exist_ok=True)
    if isinstance(store, PartedStore) and not options.whole:
        directory = parts_directory(dest.path(game.spec))
        directory.mkdir(exist_ok=True)
        progress = Progress(f"saving {game.spec} again")
        try:
            for number, (tier, shard) in enumerate(store.table[:, [TIER, SHARD]].tolist()):
                label = part_label(tier, shard, store.places_version)
                part = read_store(store.directory / part_name(tier, shard), game.spec, label)  # not kept open after
                assert part is not None
                again_laid = resaved(part, options.plain, in_parts=True)
                if not write_store(directory / part_name(tier, shard), game.spec, again_laid, label):
                    sys.exit(f"could not write part {part_name(tier, shard)} in {directory}")
                progress("parts", number + 1, len(store.table))
        finally:
            progress.finish()
        shutil.copy2(source.path(game.spec), dest.path(game.spec))  # the index: the parts hold what they held
    elif not write_store(dest.path(game.spec), game.spec, resaved(store, options.plain or options.whole), None):
        sys.exit(f"could not write {dest.path(game.spec)}")
    seconds, processed = time.perf_counter() - started, time.process_time() - processor
    again = dest.load_store(game.spec, cut=cut)
    assert again is not None
    print(f"{game.spec}: {store.count:,} positions kept, saved again as "
          f"{'the plain format' if options.plain or options.whole else database_format()}"
          f"{' in one file' if options.whole else ''} in {seconds:,.0f} s "
          f"({processed:,.0f} processor s)")
    rng = np.random.default_rng(1)
    if isinstance(store, PartedStore):
        parts = rng.choice(len(store.table), options.lookups, p=store.table[:, 4] / store.count)
        probes = np.concatenate([store.part(int(number)).codes_at(rng.integers(0, store.table[number, 4], count))
                                 for number, count in zip(*np.unique(parts, return_counts=True))])
    else:
        probes = store.codes_at(rng.integers(0, store.count, options.lookups))
    probes = rng.permutation(probes)
    rates = {}
    for directory in (options.source, options.dest, *options.beside):
        rates[directory] = max(look_ups_a_second(Database(directory).load_store(game.spec, cut=cut), probes)
                               for _ in range(PASSES))
        path = Database(directory).path(game.spec)
        print(f"{directory}: {database_bytes(path):,} bytes, {database_bytes(path) / store.count:.3f} a position "
              f"kept, {rates[directory]:,.0f} random look-ups a processor second")
    same = np.array_equal(store.get_many(probes), again.get_many(probes))
    print(f"look-ups, saved again / before: {rates[options.dest] / rates[options.source]:.2f}; "
          f"the {len(probes):,} positions answer alike: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
