"""The tasks of a solve in tiers, one shard each, run in the workers: exploring a shard,
solving it, and reading back the results of solved tiers by code.

A task finds and leaves everything in the shared directory (see
:mod:`gamesman.solver.tiers.formats`); one whose files are there and pass their checks
returns at once, so that a task a dead worker left is simply run again.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from gamesman.solver.levelled import (REMOTENESS_MASK, check_all_solved, ended_results, score_tables, sorted_unique,
                                      take_best)
from gamesman.solver.results import SolverError
from gamesman.solver.parts import part_label, part_name
from gamesman.solver.store import MISSING, SCRATCH, Store, read_store, write_store
from gamesman.solver.tiers.formats import (_forget_results, _moves_path, _positions_path, _read_codes, _results_path,
                                           _results_store, _write_codes, _write_results, _write_surely)
from gamesman.solver.tiers.variant import _cut, _expansions, _game, _shard_label, by_shard

#: Players to move a tier's results are kept by (two players, no chance).
MOVERS = (0, 1)


def explore_shard(spec: str, directory: str, tier: int, shard: int, shards: int,
                  root_code: int) -> tuple[int, int, int]:
    """Gather the positions of one shard and write where they move to: (positions, children
    written, lowest code or -1).  Files already written and sound are used as they are."""
    where = Path(directory)
    label = _shard_label(spec, tier=tier, shard=shard, shards=shards)
    found = _read_codes(_positions_path(where, tier, shard), label)
    moved = _read_codes(_moves_path(where, tier, shard), label) if found is not None else None
    if found is not None:
        codes = found[0]
    elif tier == 0:
        root = np.array([root_code], np.int64)
        codes = root if _cut(spec, root, shards, root_code)[0][0] == shard else root[:0]
    else:
        parts = []
        for source in range(shards):
            part = _read_codes(_moves_path(where, tier - 1, source), dict(label, tier=tier - 1, shard=source),
                               [shard])
            if part is None:
                raise SolverError(f"{spec}: the moves of tier {tier - 1} shard {source} are missing or "
                                  f"damaged in {directory}; remove the directory and solve again")
            parts.append(part[0])
        codes = sorted_unique(np.concatenate(parts))
    if found is None:
        _write_codes(_positions_path(where, tier, shard), [codes], label)
    if moved is None:
        children = sorted_unique(np.concatenate(
            [np.empty(0, np.int64)] + [sorted_unique(expansion[3]) for _, expansion in _expansions(spec, codes)]))
        order, bounds = by_shard(_cut(spec, children, shards)[0], shards)
        moved = [children[order[bounds[to]:bounds[to + 1]]] for to in range(shards)]
        _write_codes(_moves_path(where, tier, shard), moved, label)
    return len(codes), sum(len(part) for part in moved), int(codes[0]) if len(codes) else -1


class TierResults:
    """The results of some tiers, looked up by code: (packed result, player to move).  A
    shard's files are read when a code looked up falls in it."""

    def __init__(self, spec: str, directory: Path, tiers: list[tuple[int, int]], shards: int) -> None:
        self.spec, self.directory, self.tiers, self.shards = spec, directory, tiers, shards
        self.stores: dict[tuple[int, int, int], Store] = {}  # by (tier, shard, mover)
        wanted = {_results_path(directory, tier, shard, mover)
                  for tier, _ in tiers for shard in range(shards) for mover in MOVERS}
        _forget_results(directory, wanted)  # other tiers': let them go

    def store(self, tier: int, low: int, shard: int, mover: int) -> Store:
        """The results of one shard of a tier whose player to move is ``mover``."""
        found = self.stores.get((tier, shard, mover))
        if found is None:
            label = _shard_label(self.spec, tier=tier, shard=shard, shards=self.shards, mover=mover, low=low)
            found = _results_store(_results_path(self.directory, tier, shard, mover), self.spec, label)
            if found is None:
                raise SolverError(f"{self.spec}: the results of tier {tier} shard {shard} are missing or "
                                  f"damaged in {self.directory}; solve again to redo them")
            self.stores[tier, shard, mover] = found
        return found

    def look_up(self, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Packed results (MISSING where none) and movers (-1 where none) of ``codes``."""
        packed = np.full(len(codes), MISSING, np.uint16)
        movers = np.full(len(codes), -1, np.int8)
        for tier, low in self.tiers:
            shard_of, numbers = _cut(self.spec, codes, self.shards, low)
            order, bounds = by_shard(shard_of, self.shards)
            for shard in np.flatnonzero(np.diff(bounds)).tolist():
                at = order[bounds[shard]:bounds[shard + 1]]
                for mover in MOVERS:
                    store = self.store(tier, low, shard, mover)
                    if store.count:
                        found = store.get_many(numbers[at])
                        hit = found != MISSING
                        packed[at[hit]], movers[at[hit]] = found[hit], mover
        return packed, movers


def solve_shard(spec: str, directory: str, tier: int, shard: int, shards: int, low: int,
                later: list[tuple[int, int]]) -> tuple[int, int]:
    """Solve one shard from the results of the ``later`` tiers (tier, lowest code) and write
    its results: (positions, their largest remoteness).  A position found in a later tier
    belongs there and is left out.  Results already written and sound are used as they are."""
    where = Path(directory)
    label = _shard_label(spec, tier=tier, shard=shard, shards=shards, low=low)
    done = [_results_store(_results_path(where, tier, shard, mover), spec, dict(label, mover=mover))
            for mover in MOVERS]
    written = [store for store in done if store is not None]
    if len(written) == len(done) and read_store(where / part_name(tier, shard), spec, part_label(tier, shard)):
        return sum(store.count for store in written), max(_deepest(store.values16()) for store in written)
    codes = _shard_positions(spec, where, tier, shard, shards)
    children_results = TierResults(spec, where, later, shards)
    if not _game(spec).capabilities.layered and len(codes):
        codes = codes[children_results.look_up(codes)[0] == MISSING]
    flip_table, same_table = score_tables()
    results = np.empty(len(codes), np.uint16)
    movers = np.empty(len(codes), np.int8)
    at = 0
    for piece, (piece_movers, ends, parents, children) in _expansions(spec, codes):
        mine = ended_results(ends)
        packed, child_movers = children_results.look_up(children)
        if (packed == MISSING).any():
            raise SolverError(f"{spec}: position code {int(children[np.argmax(packed == MISSING)])} is in no "
                              f"later tier (a move that does not lead to a later tier?)")
        scores = np.where(child_movers == piece_movers[parents], same_table[packed], flip_table[packed])
        take_best(mine, parents, scores)
        check_all_solved(piece, mine)
        results[at:at + len(piece)], movers[at:at + len(piece)] = mine, piece_movers
        at += len(piece)
    numbers = _cut(spec, codes, shards, low)[1]
    if (np.diff(numbers) <= 0).any():
        raise SolverError(f"{spec}: the game's tier_shards numbers a shard's codes out of order")
    for mover in MOVERS:
        chosen = movers == mover
        store = Store.build(numbers[chosen], results[chosen], packing=SCRATCH)
        _write_results(_results_path(where, tier, shard, mover), spec, store, dict(label, mover=mover))
    part = where / part_name(tier, shard)  # this shard's part of the database, compressed here
    saved = Store.saved(codes, results, part=True)
    _write_surely(part, lambda: write_store(part, spec, saved, part_label(tier, shard)))
    return len(codes), _deepest(results)


def _shard_positions(spec: str, directory: Path, tier: int, shard: int, shards: int) -> np.ndarray:
    """The codes of one shard's positions (sorted), as exploring wrote them."""
    found = _read_codes(_positions_path(directory, tier, shard),
                        _shard_label(spec, tier=tier, shard=shard, shards=shards))
    if found is None:
        raise SolverError(f"{spec}: the positions of tier {tier} shard {shard} are missing or damaged in "
                          f"{directory}; remove the directory and solve again")
    return found[0]


def _deepest(results: np.ndarray) -> int:
    """The largest remoteness among packed results (0 when none)."""
    return int((results & REMOTENESS_MASK).max(initial=0))
