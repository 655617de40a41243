"""The solver's databases on disk: the plain format (a plain layout, or deflated blocks of 512
codes) beside the compressed one in blocks of 65,536 codes (as saved before) and of 16,384 (as
saved now below a million positions: zstd, a checksum each), and the Huffman layout (saved now
from a million positions, and in parts: a look-up decompresses no block), on the same solved
variants, in one run.

Run by hand:  python3 benchmarks/bench_storage.py [--big] [--lookups 20000] [--solves 1] [--variant SPEC ...]

Each variant is solved once in memory (the fast solver); then, for each format, its database is
built from the results (``build``: the seconds, in this one process) and looked up in: the
compressed ones written and read back memory-mapped, the plain one in memory (as its file is
mapped; this version reads such files but writes none):

* ``bytes/position``: the database's arrays over the positions (its file adds a header of a
  few hundred bytes);
* ``cold``: look-ups a second of random positions, one in each block of the format (of the
  zstd blocks of 16,384 for the plain one and the Huffman layout; up to ``--lookups``), in
  random order, the file freshly opened: each look-up decompresses a block (for a plain
  layout every look-up is alike; the Huffman layout makes a group's tables and checks a
  page the first time);
* ``warm``: look-ups a second of random positions among those of half as many blocks as the
  block cache keeps (CACHED_CODES codes), once they are all decompressed: what the shell and a
  search find when they look about one part of the game (each the quickest of PASSES);
* ``random``: look-ups a second of ``--lookups`` random positions of the whole variant, after
  the same ones once: the zstd blocks' cache holds them only when the variant is small;

look-ups are counted a second of this process's processor time (steadier than the wall
clock's on a machine other work shares);
* ``checked``: that every position of the variant gets the same answer from every file.

A variant solved up to symmetry (``symmetries``: one position of each set alike kept) is solved
both ways in the same run, every position first, as the version before solved it: each way's
``solve`` seconds and ``cpu`` (its processor seconds, which other work on the machine slows
less; with ``--solves N``, the least of N solves: the first of a run also loads the compiled
loops), the positions kept, and the bytes a position kept and a position of the
whole game (every position: the first way's count); ``same answers`` of the solve up to
symmetry is also that every position of the whole game, looked up by its least code alike,
has the answer of the solve of every position.

A look-up is what the solver's table does for a code: ``packed(slot(code))``.  The default
variants are Connect Four 4x5, Othello 4x4 and Tic-Tac-Toe; ``--big`` adds Connect Four 5x5
(a solve of a minute or more and 1.6 GB).  Connect Four 6x5 is solved in tiers
(``bench_tiers.py``), whose database is the compressed parts its tasks write.
"""
from __future__ import annotations

import argparse
import math
import tempfile
import time
from pathlib import Path

import numpy as np

from gamesman.contract.capabilities import symmetries
from gamesman.contract.registry import game_from_spec
from gamesman.dev.variants import unreduced
from gamesman.solver.levelled import Results, solve
from gamesman.solver.store import CACHED_CODES, DEFLATE, ZSTD, Packing, Store, read_store, write_store

VARIANTS = ["connectfour(rows=4,cols=5)", "othello(rows=4,cols=4)", "tictactoe"]
BIG = ["connectfour(rows=5,cols=5)"]
#: Passes of each measure of look-ups, each on a database freshly opened: the quickest is
#: reported (other work on the machine slows some).
PASSES = 3
#: The blocks a database was saved in before this version.
LARGE_BLOCKS = Packing("zstd", 1 << 16, ZSTD.level)


def plain_format(codes: np.ndarray, values: np.ndarray) -> Store:
    """The layout the version before the compressed ones saved: the smallest plain one, else
    deflated blocks."""
    store = Store.build(codes, values)
    return Store.blocked(codes, values, DEFLATE) if store.layout == "blocked" else store


def look_ups_a_second(store: Store, codes: np.ndarray) -> float:
    """``packed(slot(code))`` of each code, in order: how many a second of processor time."""
    started = time.process_time()
    for code in codes.tolist():
        store.packed(store.slot(code))
    return len(codes) / max(time.process_time() - started, 1e-9)


def measure(label: str, build, spec: str, count: int, probes: dict[str, np.ndarray], scratch: Path) -> dict:
    """Build one format's database and look up in it: a compressed one written and read back
    memory-mapped, the plain one in memory (this version writes no deflated blocks)."""
    started = time.perf_counter()
    built = build()
    seconds = time.perf_counter() - started
    path = scratch / f"{label}.db"

    def fresh() -> Store:  # nothing decompressed yet
        if label == "plain":
            return build()
        write_store(path, spec, built) if not path.exists() else None
        store = read_store(path, spec)
        assert store is not None
        return store

    def one_pass(kind: str, codes: np.ndarray) -> float:
        store = fresh()
        if kind != "cold":
            look_ups_a_second(store, codes)  # decompress the blocks first
        return look_ups_a_second(store, codes)

    figures = {"label": label, "layout": built.layout, "build": seconds, "bytes": built.nbytes / count}
    for kind, codes in probes.items():
        figures[kind] = max(one_pass(kind, codes) for _ in range(PASSES))
    figures["store"] = fresh()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--big", action="store_true", help="add Connect Four 5x5")
    parser.add_argument("--lookups", type=int, default=20000, help="random look-ups per measure")
    parser.add_argument("--variant", action="append", help="a variant's spec (instead of the default ones)")
    parser.add_argument("--solves", type=int, default=1, help="solves of each way, the quickest reported")
    options = parser.parse_args()
    rng = np.random.default_rng(1)
    print(f"{'variant':32} {'solved':15} {'positions':>11} {'solve s':>8} {'cpu s':>6} {'format':26} {'B/kept':>7} "
          f"{'B/whole':>7} {'build s':>8} {'cold/s':>9} {'warm/s':>9} {'random/s':>9}  same answers")
    for spec in options.variant or VARIANTS + (BIG if options.big else []):
        game = game_from_spec(spec)
        every: tuple[np.ndarray, np.ndarray] | None = None  # the codes and results of every position
        for way, variant in [("every position", unreduced(game))] + (
                [("up to symmetry", game)] if game.capabilities.symmetries else []):
            solved = processed = math.inf
            for _ in range(max(1, options.solves)):
                started, processor = time.perf_counter(), time.process_time()
                results = Results(variant)
                results.add(solve(variant, variant.start()))
                solved = min(solved, time.perf_counter() - started)
                processed = min(processed, time.process_time() - processor)
            assert results.store is not None
            codes, values = results.store.codes(), results.store.values16()
            every = every or (codes, values)
            rows = measure_formats(variant.spec, codes, values, options.lookups, rng)
            same = all(np.array_equal(row["store"].get_many(codes), values) for row in rows)
            if variant.capabilities.symmetries:  # every position, by its least code alike
                least = symmetries(game).canonical_codes(every[0])
                same = same and all(np.array_equal(row["store"].get_many(least), every[1]) for row in rows)
            for row in rows:
                print(f"{game.spec[:32]:32} {way:15} {len(codes):>11,} {solved:8.3f} {processed:6.3f} "
                      f"{row['label'] + ' (' + row['layout'] + ')':26} {row['bytes']:7.3f} "
                      f"{row['bytes'] * len(codes) / len(every[0]):7.3f} {row['build']:8.2f} {row['cold']:>9,.0f} "
                      f"{row['warm']:>9,.0f} {row['random']:>9,.0f}  {'yes' if same else 'NO'}", flush=True)
            plain = rows[0]
            for row in rows[1:]:
                print(f"{'':32} {'':15} {'':>11} {'':>8} {'':>6} {row['label'] + '/plain':26} "
                      f"{row['bytes'] / plain['bytes']:7.2f} {'':7} {row['build'] / plain['build']:8.1f} "
                      f"{row['cold'] / plain['cold']:9.2f} {row['warm'] / plain['warm']:9.2f} "
                      f"{row['random'] / plain['random']:9.2f}", flush=True)


def measure_formats(spec: str, codes: np.ndarray, values: np.ndarray, lookups: int,
                    rng: np.random.Generator) -> list[dict]:
    """Every format's figures (``measure``) for one solve's results, each with its ``store``."""
    near = int(rng.integers(0, max(1, len(codes) - CACHED_CODES // 2)))
    warm = rng.choice(codes[near:near + CACHED_CODES // 2], lookups)
    every = rng.choice(codes, lookups)
    formats = [("plain", lambda: plain_format(codes, values), ZSTD),
               ("65,536 a block", lambda: Store.blocked(codes, values, LARGE_BLOCKS), LARGE_BLOCKS),
               ("16,384 a block", lambda: Store.blocked(codes, values, ZSTD), ZSTD),
               ("huffman", lambda: Store.huffman(codes, values), ZSTD)]
    with tempfile.TemporaryDirectory(prefix="bench-storage-") as scratch:
        return [measure(label, build, spec, len(codes),
                        {"cold": codes[cold_probes(len(codes), packing.size, lookups, rng)], "warm": warm,
                         "random": every}, Path(scratch))
                for label, build, packing in formats]


def cold_probes(count: int, size: int, most: int, rng: np.random.Generator) -> list[int]:
    """Random slots, one in each run of ``size`` (a block), up to ``most``, blocks in random order."""
    return [int(rng.integers(block * size, min(count, (block + 1) * size)))
            for block in rng.permutation(-(-count // size))[:most]]


if __name__ == "__main__":
    main()
