"""The compiled loops of the retrograde analysis (:func:`gamesman.solver.levelled.retrograde`):
the parents of each node in CSR form by a counting sort, and the waves of remoteness, one
node at a time over the parent lists instead of numpy's sorts of each wave's moves, in calls
of a bounded number of moves each (a compiled call runs to its end before Python can take
a Ctrl-C).

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
#: Moves that one compiled call here follows at most before it hands back to Python, where a
#: Ctrl-C can end the solve: a fraction of a second's work.
WAVE_BUDGET = 1 << 24


def parent_lists(parents: np.ndarray, children: np.ndarray, size: int,
                 budget: int = WAVE_BUDGET) -> tuple[np.ndarray, np.ndarray]:
    """CSR of the moves by child: the parents of node c are ``by_child[start[c]:start[c+1]]``
    (a counting sort, ``budget`` moves a compiled call)."""
    start = np.zeros(size + 1, np.int64)
    for low in range(0, len(children), budget):
        _count_children(children, low, min(low + budget, len(children)), start)
    np.cumsum(start, out=start)
    filled = start[:-1].copy()
    by_child = np.empty(len(parents), parents.dtype)
    for low in range(0, len(children), budget):
        _list_parents(parents, children, low, min(low + budget, len(children)), filled, by_child)
    return by_child, start


@compiled
def _count_children(children: np.ndarray, low: int, high: int, start: np.ndarray) -> None:
    """Count the moves from ``low`` to ``high`` at ``start[child + 1]``."""
    for move in range(low, high):
        start[children[move] + 1] += 1


@compiled
def _list_parents(parents: np.ndarray, children: np.ndarray, low: int, high: int, filled: np.ndarray,
                  by_child: np.ndarray) -> None:
    """Put the parents of the moves from ``low`` to ``high`` in their children's lists
    (``filled``: where each child's list goes on)."""
    for move in range(low, high):
        child = children[move]
        by_child[filled[child]] = parents[move]
        filled[child] += 1


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


#: The places in a ``spread`` state: the current wave's count, the seeds taken, the wave's
#: remoteness, the nodes decided, the next node of the wave, the next wave's count so far,
#: and which row of the buffers holds the current wave.
COUNT, TAKEN, LEVEL, DECIDED, NEXT, FOUND, SIDE = range(7)


def waves(wanted: int, value: np.ndarray, remote: np.ndarray, movers: np.ndarray, by_child: np.ndarray,
          start: np.ndarray, pending: np.ndarray, seeds: np.ndarray, seed_remote: np.ndarray,
          budget: int = WAVE_BUDGET) -> int:
    """Values spread wave after wave of remoteness to the open parents of a wave's nodes, one
    further away.  ``wanted`` OPEN: wins and losses of two players (``settle``: a move to a
    loss for the other side wins, and a parent whose ``pending`` moves all win for the other
    side loses; ``movers`` says who moves at each node).  Any other ``wanted``: every open
    parent takes it (ties; a puzzle's wins, then its losses; ``movers`` and ``pending`` are
    not read).  ``seeds`` are the nodes given a value (ended, or solved before), by
    ``seed_remote`` ascending: each joins the wave of its remoteness.  ``value`` and
    ``remote`` are filled in; the number of nodes decided.  The compiled ``spread`` follows
    ``budget`` moves a call, so that a Ctrl-C ends a large solve at once.

    >>> value, remote = np.array([-1, -1, 1]), np.zeros(3, np.int64)  # 0 -> 1 -> 2, lost
    >>> by_child, start = parent_lists(np.array([0, 1]), np.array([1, 2]), 3)
    >>> movers, pending = np.array([0, 1, 0]), np.array([1, 1, 0])
    >>> waves(OPEN, value, remote, movers, by_child, start, pending, np.array([2]), np.array([0]), budget=1)
    2
    >>> value.tolist(), remote.tolist()
    ([1, 0, 1], [2, 1, 0])
    """
    buffers = np.empty((2, len(value)), np.int64)  # the current wave and the next, in turn
    state = np.zeros(SIDE + 1, np.int64)
    state[COUNT], state[TAKEN] = join_seeds(buffers[0], 0, seeds, seed_remote, 0, 0)
    while not spread(budget, state, buffers, wanted, value, remote, movers, by_child, start, pending,
                     seeds, seed_remote):
        pass
    return int(state[DECIDED])


@compiled
def spread(budget: int, state: np.ndarray, buffers: np.ndarray, wanted: int, value: np.ndarray,
           remote: np.ndarray, movers: np.ndarray, by_child: np.ndarray, start: np.ndarray,
           pending: np.ndarray, seeds: np.ndarray, seed_remote: np.ndarray) -> bool:
    """``waves`` from where ``state`` says it stopped, until it has followed ``budget`` moves
    (it stops between two nodes; ``state`` then says where) or there is nothing left to
    decide: whether it is done."""
    count, taken, level, decided = state[COUNT], state[TAKEN], state[LEVEL], state[DECIDED]
    i, found, side = state[NEXT], state[FOUND], state[SIDE]
    frontier, following = buffers[side], buffers[1 - side]
    followed = 0
    while count or taken < len(seeds):
        while i < count:
            if followed >= budget:
                state[COUNT], state[TAKEN], state[LEVEL], state[DECIDED] = count, taken, level, decided
                state[NEXT], state[FOUND], state[SIDE] = i, found, side
                return False
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
            followed += start[child + 1] - start[child]
            i += 1
        decided += found
        level += 1
        found, taken = join_seeds(following, found, seeds, seed_remote, taken, level)
        side = 1 - side
        frontier, following = following, frontier
        count, found, i = found, 0, 0
    state[COUNT], state[TAKEN], state[LEVEL], state[DECIDED] = count, taken, level, decided
    state[NEXT], state[FOUND], state[SIDE] = i, found, side
    return True
