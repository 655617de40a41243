"""The variant's database built from the results of every shard of every tier."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Iterator

import numpy as np

from gamesman.contract.game import ProgressFn
from gamesman.contract.progress import rate
from gamesman.solver.results import SolverError
from gamesman.solver.store import MISSING, Store
from gamesman.solver.tiers.shards import TierResults, _shard_positions

#: Databases of more positions than this are built a tier at a time (see ``assemble``).
ASSEMBLE_IN_MEMORY = 1 << 27
#: Codes of the index laid out at a time when a database is built a tier at a time (a multiple of 512).
SLAB = 1 << 27


def assemble(spec: str, directory: Path, lows: list[int], shards: int, count: int, deepest: int,
             index_size: int | None, progress: ProgressFn | None = None) -> Store:
    """The variant's database from the results of every shard of every tier: built in memory,
    or, for more than ASSEMBLE_IN_MEMORY positions of a game whose tiers take ranges of codes one
    above the other (Connect Four's), a tier at a time into a store over the whole index."""
    def tiers() -> Iterator[list[tuple[np.ndarray, np.ndarray]]]:
        built = 0
        started = time.perf_counter()
        for tier, low in enumerate(lows):
            runs = _tier_results(spec, directory, tier, low, shards)
            built += sum(len(codes) for codes, _ in runs)
            if progress:
                progress(f"building the database, tier {tier} ({tier + 1}/{len(lows)} tiers), "
                         f"{rate(built, time.perf_counter() - started)}", built, count)
            yield runs
            del runs  # while the next tier is read

    if count > ASSEMBLE_IN_MEMORY and index_size is not None:
        return Store.from_dense_slabs(_slabs(tiers(), index_size), index_size, count, wide=deepest >= 63)
    runs = [run for tier in tiers() for run in tier]
    codes_all = np.concatenate([np.empty(0, np.int64)] + [codes for codes, _ in runs])
    if len(codes_all) != count:
        raise SolverError(f"{spec}: the shards hold {len(codes_all):,} results, not the {count:,} solved")
    order = np.argsort(codes_all)
    return Store.build(codes_all[order], np.concatenate([np.empty(0, np.uint16)] + [values for _, values in runs])[order])


def _tier_results(spec: str, directory: Path, tier: int, low: int, shards: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """One tier's results, shard by shard: the shard's codes (sorted) and packed results, less
    the positions solved in a later tier."""
    runs = []
    results = TierResults(spec, directory, [(tier, low)], shards)
    for shard in range(shards):
        positions = _shard_positions(spec, directory, tier, shard, shards)
        packed = results.look_up(positions)[0]
        kept = packed != MISSING
        runs.append((positions, packed) if kept.all() else (positions[kept], packed[kept]))
    return runs


def _slabs(tiers: Iterator[list[tuple[np.ndarray, np.ndarray]]], span: int) -> Iterator[np.ndarray]:
    """Results over every code below ``span`` (MISSING: none), SLAB codes at a time, from
    tiers given in the order of their codes, each as runs of sorted codes with their results
    (its shards: their codes interleave, but no code of a tier is below one of the tier before)."""
    slab = np.full(min(SLAB, span), MISSING, np.uint16)
    start = 0
    for runs in tiers:
        runs = [(codes, values) for codes, values in runs if len(codes)]
        if not runs:
            continue
        if min(int(codes[0]) for codes, _ in runs) < start or max(int(codes[-1]) for codes, _ in runs) >= span:
            raise SolverError("the tiers' codes are not ranges one above the other within the index; "
                              "too many positions to build the database in memory")
        at = [0] * len(runs)   # where each run's codes not yet laid out begin
        while not _lay_out(runs, at, slab, start):
            yield slab
            start += len(slab)
            slab = np.full(min(SLAB, span - start), MISSING, np.uint16)
        del runs  # before the next tier is read: one tier in memory at a time
    while start < span:
        yield slab
        start += len(slab)
        slab = np.full(min(SLAB, span - start), MISSING, np.uint16)


def _lay_out(runs: list[tuple[np.ndarray, np.ndarray]], at: list[int], slab: np.ndarray, start: int) -> bool:
    """Put into ``slab`` (codes from ``start``) the results of the runs' codes that fall in it,
    from where each run's codes not yet laid out begin (``at``, moved on): whether all are."""
    end = start + len(slab)
    for number, (codes, values) in enumerate(runs):
        stop = at[number] + int(np.searchsorted(codes[at[number]:], end))
        slab[codes[at[number]:stop] - start] = values[at[number]:stop]
        at[number] = stop
    return all(stop == len(codes) for stop, (codes, _) in zip(at, runs))
