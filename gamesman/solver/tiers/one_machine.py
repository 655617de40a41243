"""What one machine can solve: whether a variant's whole solve may finish here, and the
fast solver's way out for a variant too large for its arrays in memory (tiers on forked
workers)."""
from __future__ import annotations

import ctypes
import os
from contextlib import contextmanager
from typing import Hashable, Iterator

from gamesman.contract.capabilities import position_codes
from gamesman.contract.game import Game, ProgressFn
from gamesman.solver import levelled
from gamesman.solver.levelled import Solved
from gamesman.solver.tiers.driver import TierRun
from gamesman.solver.tiers.runners import default_store, local_runner, tier_run
from gamesman.solver.tiers.variant import own_tiers, suitable

#: mallopt's parameter numbers (malloc.h) and glibc's defaults of the two this module sets.
M_TRIM_THRESHOLD, M_MMAP_MAX = -1, -4
DEFAULT_TRIM_THRESHOLD, DEFAULT_MMAP_MAX = 128 * 1024, 65536
#: The largest index of a variant solved in tiers on one machine (its database is laid over
#: the whole index, a bit a code, and built a slab at a time).
INDEX_LIMIT = 1 << 36
#: Bytes a position takes while the fast solver solves it in memory (its code and its result).
BYTES_IN_MEMORY = 10
#: A variant with tiers of its own and an index larger than this is solved in tiers: its moves
#: all held at once, as the fast solver holds them, would take over a hundred bytes a code
#: (Quixo 4x4: 86 million codes, over 12 GB).
OWN_TIERS_IN_MEMORY = 1 << 22


def dense_bytes(game: Game) -> float:
    """Bytes a code of the game's index takes while the dense solver (``gamesman.solver.dense``,
    for games with parents) solves it: a result and a counter, for the first player's codes
    only with turn symmetry.

    >>> from gamesman.testing.stones import NumberedStones, TurnedStones
    >>> dense_bytes(NumberedStones()), dense_bytes(TurnedStones())
    (3, 1.5)
    """
    return 3 / 2 if game.capabilities.turn_symmetry else 3


def beyond_one_machine(game: Game) -> str | None:
    """Why solving the whole variant (``gamesman solve --large``) cannot finish on one machine,
    or None when it may: its size is bounded by its position codes' index, which must fit the
    database of a layered variant solved in tiers (INDEX_LIMIT) or, for the fast solver's
    arrays in memory, this machine's memory.

    >>> from gamesman.testing.stones import NumberedStones, Stones
    >>> beyond_one_machine(NumberedStones()) is None
    True
    >>> beyond_one_machine(Stones())
    'it numbers no positions, so nothing bounds what solving it takes'
    >>> class Huge(NumberedStones):
    ...     def index_size(self) -> int:
    ...         return 1 << 60
    >>> print(beyond_one_machine(Huge()))  # doctest: +ELLIPSIS
    its index of 1,152,921,504,606,846,976 positions would take about ... GB in memory, more than ...
    """
    size = position_codes(game).index_size() if game.capabilities.position_codes else None
    if size is None:
        return "it numbers no positions, so nothing bounds what solving it takes"
    if (game.capabilities.layered or own_tiers(game)) and suitable(game):
        if size <= INDEX_LIMIT:
            return None
        return f"its index of {size:,} positions is over the {INDEX_LIMIT:,} that a database in tiers can take"
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    per_position = dense_bytes(game) if game.capabilities.parents else BYTES_IN_MEMORY
    if size * per_position > memory:
        return (f"its index of {size:,} positions would take about {size * per_position / 1e9:,.0f} GB "
                f"in memory, more than this machine's {memory / 1e9:,.0f} GB")
    return None


def solve_beyond_memory(game: Game, root: Hashable, limit: int | None, progress: ProgressFn | None) -> Solved | None:
    """The fast solver's method for a variant too large for its arrays in memory (``levelled.solve``'s
    ``beyond_memory``): a layered variant whose index passes ``levelled.DENSE_LIMIT``, or one with
    tiers of its own whose index passes OWN_TIERS_IN_MEMORY, of at most INDEX_LIMIT codes, is
    solved in tiers on forked workers of this machine, one per core (tiers of its own too: one
    tier a task, those whose moves lead to no other waiting side by side), in the cache's
    directory of tiers (so that an interrupted solve resumes); None for any other."""
    size = position_codes(game).index_size() or 0
    large = (size > levelled.DENSE_LIMIT if game.capabilities.layered
             else own_tiers(game) and size > OWN_TIERS_IN_MEMORY)
    if not (large and suitable(game) and size <= INDEX_LIMIT):
        return None
    if own_tiers(game):  # a tier a task, on workers that keep what they read (in this process on one core)
        with freed_memory_reused(), local_runner() as (run, _):
            return TierRun(default_store(), run, 1).solve(game, root, limit, progress)
    with tier_run() as run:
        return run.solve(game, root, limit, progress)


@contextmanager
def freed_memory_reused() -> Iterator[None]:
    """Meanwhile glibc gives every large array of this process memory freed before, never
    pages mapped afresh, which the kernel would zero at each first touch (Quixo 4x4's tiers:
    a sixth of their processor time); afterwards its defaults are back and the memory freed
    goes back to the system."""
    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:  # not glibc
        yield
        return
    libc.mallopt(M_MMAP_MAX, 0)
    libc.mallopt(M_TRIM_THRESHOLD, (1 << 31) - 1)
    try:
        yield
    finally:
        libc.mallopt(M_MMAP_MAX, DEFAULT_MMAP_MAX)
        libc.mallopt(M_TRIM_THRESHOLD, DEFAULT_TRIM_THRESHOLD)
        libc.malloc_trim(0)
