"""The compiled loops of the retrograde analysis (:func:`gamesman.solver.levelled.retrograde`):
the parents of each node in CSR form by a counting sort, and the waves of remoteness, one
node at a time over the parent lists instead of numpy's sorts of each wave's moves.

Imported when a retrograde analysis first runs (it compiles with numba, whose machine code
is kept on disk after the first run).

>>> import numpy as np
>>> by_child, start = parent_lists(np.array([0, 0, 1], np.int32), np.array([1, 2, 2], np.int32), 3)
>>> by_child.tolist(), start.tolist()
([0, 0, 1], [0, 0, 1, 3])
"""
from __future__ import annotations

import numpy as np

from gamesman.boards.kernels import compiled

#: The value codes of :mod:`gamesman.solver.levelled` (win, lose), and an undecided node.
WIN, LOSE, OPEN = 0, 1, -1


@compiled
def parent_lists(parents: np.ndarray, children: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """CSR of the moves by child: the parents of node c are ``by_child[start[c]:start[c+1]]``."""
    start = np.zeros(size + 1, np.int64)
    for child in children:
        start[child + 1] += 1
    for node in range(size):
        start[node + 1] += start[node]
    filled = start[:-1].copy()
    by_child = np.empty(len(parents), parents.dtype)
    for move in range(len(children)):
        child = children[move]
        by_child[filled[child]] = parents[move]
        filled[child] += 1
    return by_child, start


@compiled
def join_seeds(wave: np.ndarray, count: int, seeds: np.ndarray, seed_remote: np.ndarray, taken: int,
               level: int) -> tuple[int, int]:
    """Add to ``wave`` (``count`` nodes so far) the seeds from ``taken`` on whose remoteness is
    ``level``: (the wave's count, the seeds taken).

    >>> join_seeds(np.zeros(4, np.int64), 1, np.array([7, 8, 9]), np.array([0, 1, 1]), 1, 1)
    (3, 3)
    """
    while taken < len(seeds) and seed_remote[taken] == level:
        wave[count] = seeds[taken]
        count += 1
        taken += 1
    return count, taken


@compiled
def settle(parent: int, wins: bool, pending: np.ndarray) -> int:
    """What a child just decided makes of its open ``parent``: WIN when the move to it
    wins; else it spends one of the parent's ``pending`` moves, and the parent is LOST when
    none is left, OPEN while some are.

    >>> pending = np.array([2])
    >>> settle(0, False, pending), settle(0, False, pending), settle(0, True, np.array([2]))
    (-1, 1, 0)
    """
    if wins:
        return WIN
    pending[parent] -= 1
    return LOSE if pending[parent] == 0 else OPEN


@compiled
def waves(wanted: int, value: np.ndarray, remote: np.ndarray, movers: np.ndarray, by_child: np.ndarray,
          start: np.ndarray, pending: np.ndarray, seeds: np.ndarray, seed_remote: np.ndarray) -> int:
    """Values spread wave after wave of remoteness to the open parents of a wave's nodes, one
    further away.  ``wanted`` OPEN: wins and losses of two players (``settle``: a move to a
    loss for the other side wins, and a parent whose ``pending`` moves all win for the other
    side loses; ``movers`` says who moves at each node).  Any other ``wanted``: every open
    parent takes it (ties; a puzzle's wins, then its losses; ``movers`` and ``pending`` are
    not read).  ``seeds`` are the nodes given a value (ended, or solved before), by
    ``seed_remote`` ascending: each joins the wave of its remoteness.  ``value`` and
    ``remote`` are filled in; the number of nodes decided.

    >>> value, remote = np.array([-1, -1, 1]), np.zeros(3, np.int64)  # 0 -> 1 -> 2, lost
    >>> by_child, start = parent_lists(np.array([0, 1]), np.array([1, 2]), 3)
    >>> movers, pending = np.array([0, 1, 0]), np.array([1, 1, 0])
    >>> waves(OPEN, value, remote, movers, by_child, start, pending, np.array([2]), np.array([0]))
    2
    >>> value.tolist(), remote.tolist()
    ([1, 0, 1], [2, 1, 0])
    """
    frontier = np.empty(len(value), np.int64)
    following = np.empty(len(value), np.int64)
    count = taken = level = decided = 0
    count, taken = join_seeds(frontier, count, seeds, seed_remote, taken, 0)
    while count or taken < len(seeds):
        found = 0
        for i in range(count):
            child = frontier[i]
            for at in range(start[child], start[child + 1]):
                parent = by_child[at]
                if value[parent] != OPEN:
                    continue
                settled = (wanted if wanted != OPEN else
                           settle(parent, (value[child] == LOSE) != (movers[parent] == movers[child]), pending))
                if settled != OPEN:
                    value[parent], remote[parent] = settled, level + 1
                    following[found] = parent
                    found += 1
        decided += found
        level += 1
        found, taken = join_seeds(following, found, seeds, seed_remote, taken, level)
        frontier, following = following, frontier
        count = found
    return decided
