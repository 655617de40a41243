"""Layered games too large to hold in memory: the results live in a file over the whole index.

The fast solver (:mod:`gamesman.solver.levelled`) keeps every level's codes in memory,
eight bytes a position: 22 GB for Connect Four 6x5's 2.8 billion positions.
This method keeps none of them.  It needs a ``layered`` two-player game with
``batch_expand`` whose index puts each level in a range of codes of its own,
above the last level's (Connect Four's does: boards of fewer pieces first).

1. **A file of results**, two bytes for every code of the index: 0 no position,
   ``PENDING`` a position not solved yet, else its packed result plus one.  It
   is memory-mapped and sparse: only the levels being worked on are in memory.
2. **Exploring**: each level's range is cut into parts; a worker process (one
   per core, all sharing the file) reads a part's positions from the file,
   expands them and marks their children ``PENDING``; the next level's range
   is where the children fell.
3. **Solving**, from the last level back to the root: a worker reads a part's
   positions again, expands them again, and writes each one's best child's
   result (the children are in the level after it, solved already).
4. **The database** is built from the file a slab at a time
   (:meth:`gamesman.solver.store.Store.from_dense_slabs`).
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Iterator

import numpy as np

from gamesman.solver.levelled import (CHANCE, CHUNK, REMOTENESS_MASK, BatchExpander, Expander, ProgressFn, Solved, TooLarge,
                                check_all_solved, checked_expansion, ended_results, score_tables, take_best)
from gamesman.contract.game import Game
from gamesman.solver.results import SolverError
from gamesman.solver.workers import Runner, fork_pool, pool_runner

#: The file marks a position explored but not solved with this (no packed result plus one is as large).
PENDING = 0xFFFF
#: Codes of a level's range that a worker takes at a time.
PART = 1 << 24
#: Codes of the file read at a time when the database is built (a multiple of 512, for its rank directory).
SLAB = 1 << 27
#: The largest index solved this way (the file is sparse, but each level's range is read whole).
INDEX_LIMIT = 1 << 36
#: Player numbers of a part's answer: no position in the part, two different movers in it.
NO_MOVER, MIXED_MOVERS = -1, -2


class NotLevelled(Exception):
    """The game's codes do not give each level a range of its own: this method cannot take it."""


#: Bytes a position takes while the in-memory method solves (its code and its result).
BYTES_IN_MEMORY = 10


def beyond_one_machine(game: Game) -> str | None:
    """Why solving the whole variant (``gamesman solve --large``) cannot finish on one machine,
    or None when it may: its size is bounded by its position codes' index, which must fit a
    file of results (this method) or, for the in-memory method, this machine's memory.

    >>> from gamesman.contract.registry import make_game
    >>> beyond_one_machine(make_game("connectfour", rows=5, cols=6)) is None
    True
    >>> beyond_one_machine(make_game("hex"))
    'it numbers no positions, so nothing bounds what solving it takes'
    """
    if not game.has_codes() or game.index_size() is None:
        return "it numbers no positions, so nothing bounds what solving it takes"
    size = game.index_size() or 0
    if game.layered and game.players == 2 and not game.impartial and game.expands_in_batches():
        if size <= INDEX_LIMIT:
            return None
        return f"its index of {size:,} positions is over the {INDEX_LIMIT:,} that a file of results can take"
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    if size * BYTES_IN_MEMORY > memory:
        return (f"its index of {size:,} positions would take about {size * BYTES_IN_MEMORY / 1e9:,.0f} GB "
                f"in memory, more than this machine's {memory / 1e9:,.0f} GB")
    return None


def fits(game: Game, expander) -> bool:
    """Whether this method can take the variant (the caller tries it when the index is too large
    for an array in memory)."""
    return (game.layered and game.players == 2 and not game.impartial and isinstance(expander, BatchExpander)
            and expander.index_size is not None and expander.index_size <= INDEX_LIMIT)


def solve_if_fits(game: Game, expander: Expander, root_code: int, limit: int | None,
                  progress: ProgressFn | None) -> Solved | None:
    """The variant solved through a file of results when this method takes it, else None
    (the levelled solver's ``beyond_memory``)."""
    if not isinstance(expander, BatchExpander) or not fits(game, expander):
        return None
    try:
        return solve_on_disk(expander, root_code, limit, progress, game.name)
    except NotLevelled:
        return None  # the arrays in memory take it


def solve_on_disk(expander: BatchExpander, root_code: int, limit: int | None, progress: ProgressFn | None,
                  name: str) -> Solved:
    """Every position reachable from ``root_code`` solved through a file of results (see above)."""
    global _game
    from gamesman.solver.store import Store

    index_size = expander.index_size
    if index_size is None:
        raise NotLevelled("the game's codes have no index to lay the results over")
    _game = expander.game  # forked workers find the game here
    with tempfile.TemporaryDirectory(prefix="gamesman-") as directory:
        path = str(Path(directory) / "results")
        results = np.memmap(path, np.uint16, "w+", shape=(index_size,))
        results[root_code] = PENDING
        pool = fork_pool(expander.workers)
        try:
            run = pool_runner(pool)
            ranges, movers = _explore(run, path, root_code, limit, progress, name)
            total = sum(count for _, _, count in ranges)
            deepest = _solve_levels(run, path, ranges, movers, total, progress)
        finally:
            if pool is not None:
                pool.shutdown(cancel_futures=True)
        slabs = (results[at:at + SLAB] - np.uint16(1) for at in range(0, index_size, SLAB))
        store = Store.from_dense_slabs(slabs, index_size, total, wide=deepest >= 63)
        del results
    return Solved(None, np.empty(0, np.uint16), None, store=store)


def _parts(low: int, high: int) -> list[tuple[int, int]]:
    """``low..high`` cut into ranges of at most PART codes, and into eight when it is not
    small, so that every worker has work."""
    size = min(PART, max(1 << 16, -(-(high + 1 - low) // 8)))
    return [(at, min(at + size, high + 1)) for at in range(low, high + 1, size)]


def _explore(run: Runner, path: str, root_code: int, limit: int | None, progress: ProgressFn | None,
             name: str) -> tuple[list[tuple[int, int, int]], list[int]]:
    """Mark every reachable position; the (low, high, count) of each level's codes and its mover."""
    ranges: list[tuple[int, int, int]] = []
    movers: list[int] = []
    low = high = root_code
    total = 0
    while high >= low:
        count, next_low, next_high, mover = 0, 1 << 62, -1, NO_MOVER
        for found, child_low, child_high, part_mover in run(_explore_part, [(path, a, b, high) for a, b in _parts(low, high)]):
            count += found
            next_low, next_high = min(next_low, child_low), max(next_high, child_high)
            if part_mover == MIXED_MOVERS or NO_MOVER != mover != part_mover != NO_MOVER:
                raise NotLevelled(f"{name}: two players move in one level")
            mover = part_mover if part_mover != NO_MOVER else mover
        ranges.append((low, high, count))
        movers.append(mover)
        total += count
        if limit is not None and total > limit:
            raise TooLarge(f"{name}: more than {limit:,} positions; too large to solve here")
        if progress:
            progress("exploring", total, None)
        low, high = next_low, next_high
    if progress:
        progress("exploring", total, total)
    return ranges, movers


def _solve_levels(run: Runner, path: str, ranges: list[tuple[int, int, int]], movers: list[int], total: int,
                  progress: ProgressFn | None) -> int:
    """Backward induction over the file, the last level first; the largest remoteness."""
    done = deepest = 0
    for depth in range(len(ranges) - 1, -1, -1):
        low, high, _ = ranges[depth]
        flip = depth + 1 < len(ranges) and movers[depth] != movers[depth + 1]
        for count, part_deepest in run(_solve_part, [(path, a, b, flip) for a, b in _parts(low, high)]):
            done += count
            deepest = max(deepest, part_deepest)
            if progress:
                progress("solving", done, total)
    return deepest


# -- in the workers ---------------------------------------------------------------------------
_game: Game | None = None
_files: dict[str, np.memmap] = {}


def _results_file(path: str) -> np.memmap:
    """The file of results, mapped once per process (shared with every other)."""
    found = _files.get(path)
    if found is None:
        found = _files[path] = np.memmap(path, np.uint16, "r+")
    return found


def _expanded(codes: np.ndarray) -> Iterator[tuple[np.ndarray, tuple]]:
    """The positions of ``codes`` expanded a cache-sized chunk at a time: (chunk, expansion)."""
    game = _game
    if game is None:
        raise SolverError("a worker process was started without its game")
    for at in range(0, len(codes), CHUNK):
        piece = codes[at:at + CHUNK]
        yield piece, checked_expansion(game.batch_expand(piece))


def _explore_part(path: str, low: int, high: int, level_high: int) -> tuple[int, int, int, int]:
    """Expand the positions in ``low..high-1`` and mark their children: how many positions,
    the children's lowest and highest codes, the one mover (NO_MOVER, MIXED_MOVERS)."""
    results = _results_file(path)
    codes = np.flatnonzero(results[low:high] == PENDING) + low
    child_low, child_high, mover = 1 << 62, -1, NO_MOVER
    for _, (movers, _, _, children) in _expanded(codes):
        first = int(movers[0])
        if first == CHANCE or (movers != first).any() or NO_MOVER != mover != first:
            return len(codes), child_low, child_high, MIXED_MOVERS
        mover = first
        if len(children):
            least = int(children.min())
            if least <= level_high:
                raise NotLevelled("a level's codes are not above the level before")
            results[children] = PENDING
            child_low, child_high = min(child_low, least), max(child_high, int(children.max()))
    return len(codes), child_low, child_high, mover


def _solve_part(path: str, low: int, high: int, flip: bool) -> tuple[int, int]:
    """Solve the positions in ``low..high-1`` from their children's results: how many, and
    their largest remoteness."""
    results = _results_file(path)
    table = score_tables()[0 if flip else 1]
    codes = np.flatnonzero(results[low:high] == PENDING) + low
    deepest = 0
    for piece, (_, ends, parents, children) in _expanded(codes):
        mine = ended_results(ends)
        take_best(mine, parents, table[results[children] - np.uint16(1)])
        check_all_solved(piece, mine)
        deepest = max(deepest, int((mine & REMOTENESS_MASK).max()))
        results[piece] = mine + np.uint16(1)
    return len(codes), deepest
