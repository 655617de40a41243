"""Kociemba's two-phase algorithm for the 3x3x3, over tables built once and cached on disk.

Phase 1 turns the cube into the group H = <U, D, R2, L2, F2, B2>: no corner
twisted, no edge flipped, the four middle-slice edges (FR FL BL BR) in the
middle slice.  Phase 2 solves it with H's moves.  Each phase is an
iterative-deepening search, pruned by exact distance tables of pairs of
coordinates (the largest is a lower bound on the distance):

* phase 1: twist (3^7) x slice (C(12,4)), flip (2^11) x slice, twist x flip;
* phase 2: corner permutation (8!) x slice permutation (4!),
  U/D-edge permutation (8!) x slice permutation.

Phase-1 solutions are tried in order of length, each followed by the
shortest phase-2 solution that makes the whole shorter than the best so far.
Until a first solution is found, phase 2 may take at most ``PHASE2_FIRST``
moves and the whole at most ``FIRST_LENGTH`` (as in Kociemba's own solver: a
long phase 1 and a short phase 2 is quick to find and short in all).  Six
views of the cube are searched side by side, each pruned by the best solution
any has found: the cube with U, R or F on top, and the inverse of each (a
solution of the inverse, undone backwards, solves the cube).  The first solution is not the end: the search goes on for
shorter ones until it has spent a budget (search nodes, so that a cube
always gets the same solution, or seconds), found one of a target length, or
no shorter one can exist in this scheme (phase 1 alone as long as the best).
Consecutive moves never turn one face, nor two opposite faces in the order
D U, L R or B F (the other order is the same move), across the border of the
phases too.

The search is a handful of kernels over flat arrays (``compiled``: numba
machine code when numba is installed, the same functions as Python
otherwise).  It keeps its whole state in arrays, so that it runs in slices of
``SLICE_NODES`` nodes: between them the clock is read and Ctrl-C is heard.
"""
from __future__ import annotations

import itertools
import time
from typing import TYPE_CHECKING, Callable

from gamesman.games.cube.cubies import MOVE_CUBIES, MOVE_NAMES, SOLVED_CUBIES, Cubies, inverse, inverted
from gamesman.contract.game import ProgressFn
from gamesman.games.cube.tables import (bfs_distances, load_or_build, orientation_code, orientation_table,
                                        permutation_table)
from gamesman.solver.database import cache_directory

if TYPE_CHECKING:
    import numpy as np

PHASE2_MOVES = ("U", "U2", "U'", "D", "D2", "D'", "R2", "L2", "F2", "B2")
SLICE_SETS = tuple(itertools.combinations(range(11, -1, -1), 4))  # (11, 10, 9, 8) first: the goal
SLICE_RANK = {frozenset(s): rank for rank, s in enumerate(SLICE_SETS)}
TWOPHASE_SHAPES = {
    "twist_move": (2187, 18), "flip_move": (2048, 18), "slice_move": (495, 18),
    "corner_move": (40320, 10), "edge_move": (40320, 10), "slice_perm_move": (24, 10),
    "twist_slice": (2187 * 495,), "flip_slice": (2048 * 495,), "twist_flip": (2187 * 2048,),
    "corner_slice": (40320 * 24,), "edge_slice": (40320 * 24,),
}
#: The tables in the order the kernels take them.
TABLE_ORDER = ("twist_move", "flip_move", "slice_move", "twist_slice", "flip_slice", "twist_flip",
               "corner_move", "edge_move", "slice_perm_move", "corner_slice", "edge_slice")

#: The longest phase 1 and phase 2 (the largest distances in their groups) and the longest solution.
PHASE1_LONGEST, PHASE2_LONGEST = 12, 18
LONGEST = PHASE1_LONGEST + PHASE2_LONGEST
#: The longest phase 2 and the longest solution taken before a first solution is found (without
#: one when phase 1 has run its course, any length).
PHASE2_FIRST, FIRST_LENGTH = 11, 21
#: Search nodes between two looks at the clock (a few milliseconds compiled).
SLICE_NODES = 100_000


def build_twophase_tables(progress: ProgressFn | None = None) -> dict[str, "np.ndarray"]:
    """The move tables and pruning tables of the two-phase algorithm."""
    import numpy as np

    cubes = MOVE_CUBIES
    phase2 = [MOVE_CUBIES[MOVE_NAMES.index(n)] for n in PHASE2_MOVES]
    slice_sets = np.zeros((495, 12), dtype=bool)
    for rank, positions in enumerate(SLICE_SETS):
        slice_sets[rank, list(positions)] = True
    weights = 1 << np.arange(12)
    rank_of_mask = np.zeros(1 << 12, dtype=np.uint16)
    rank_of_mask[slice_sets @ weights] = np.arange(495)
    slice_move = np.empty((495, 18), dtype=np.uint16)
    for m, cube in enumerate(cubes):
        slice_move[:, m] = rank_of_mask[slice_sets[:, list(cube.ep)] @ weights]
    tables = {
        "twist_move": orientation_table(8, 3, [(c.cp, c.co) for c in cubes]),
        "flip_move": orientation_table(12, 2, [(c.ep, c.eo) for c in cubes]),
        "slice_move": slice_move,
        "corner_move": permutation_table(8, [c.cp for c in phase2]),
        "edge_move": permutation_table(8, [c.ep[:8] for c in phase2]),
        "slice_perm_move": permutation_table(4, [[e - 8 for e in c.ep[8:]] for c in phase2]),
    }
    tables["twist_slice"] = bfs_distances(tables["twist_move"], slice_move, progress, "twist x slice")
    tables["flip_slice"] = bfs_distances(tables["flip_move"], slice_move, progress, "flip x slice")
    tables["twist_flip"] = bfs_distances(tables["twist_move"], tables["flip_move"], progress, "twist x flip")
    tables["corner_slice"] = bfs_distances(tables["corner_move"], tables["slice_perm_move"], progress,
                                           "corners x slice")
    tables["edge_slice"] = bfs_distances(tables["edge_move"], tables["slice_perm_move"], progress,
                                         "edges x slice")
    return tables


class TwoPhase:
    """Kociemba's two-phase solver over prebuilt tables."""

    #: Search nodes spent looking for shorter solutions after the first one.  A count, not a
    #: clock, so that a cube always gets the same solution.
    IMPROVE_NODES = 100_000

    def __init__(self, tables: dict[str, "np.ndarray"]) -> None:
        import numpy as np

        # Move tables as int32, so that index arithmetic never wraps round (numpy keeps uint16).
        self.tables = tuple(np.ascontiguousarray(tables[name], dtype=np.int32 if name.endswith("move") else None)
                            for name in TABLE_ORDER)
        self.twist_slice, self.flip_slice = tables["twist_slice"], tables["flip_slice"]
        self.move_cubies = np.array([list(c.cp) + [8 + e for e in c.ep] for c in MOVE_CUBIES], dtype=np.int64)
        self.phase2_move = np.array([MOVE_NAMES.index(n) for n in PHASE2_MOVES], dtype=np.int64)

    def solve(self, cube: Cubies, improve_nodes: int | None = None, target: int = 0,
              seconds: float | None = None) -> list[str]:
        """A short solution of ``cube``: the shortest found until the search has spent
        ``improve_nodes`` nodes (default IMPROVE_NODES) after its first solution, or with
        ``seconds``, until that time is up; at once when one of at most ``target`` moves is found.
        """
        import gamesman.games.cube.search as search

        cube_views = views(cube)
        searches = [_ViewSearch(self, state, target) for state in cube_views]
        best: list[str] | None = None
        left = (self.IMPROVE_NODES if improve_nodes is None else improve_nodes) if seconds is None else 1 << 62
        deadline = None if seconds is None else time.monotonic() + seconds
        while any(not searching.finished for searching in searches):
            for (moves_back, backwards), searching in zip(cube_views.values(), searches):
                if searching.finished:
                    continue
                if best is not None:
                    searching.counters[search.BEST] = min(searching.counters[search.BEST], len(best))
                spent = searching.run(SLICE_NODES if best is None else min(SLICE_NODES, left))
                if best is not None:
                    left -= spent
                length = searching.counters[search.BEST]
                if length < (LONGEST + 1 if best is None else len(best)):
                    moves = [MOVE_NAMES[moves_back[m]] for m in searching.best[:length]]
                    best = [inverse(move) for move in reversed(moves)] if backwards else moves
                if best is not None and (len(best) <= target or left <= 0
                                         or deadline is not None and time.monotonic() >= deadline):
                    return best
        assert best is not None, "phase 1 (at most 12 moves) and phase 2 (at most 18) always solve a cube"
        return best


#: The whole-cube rotation by a third of a turn about the U-R-F corner's diagonal (U to R, R to F,
#: F to U), as cubies.
TURN_URF = Cubies((0, 4, 5, 1, 3, 7, 6, 2), (1, 2, 1, 2, 2, 1, 2, 1), (1, 8, 5, 9, 3, 11, 7, 10, 0, 4, 6, 2),
                  (1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1))


def views(cube: Cubies) -> dict[Cubies, tuple[tuple[int, ...], bool]]:
    """The cube seen with U, R or F on top, each also inverted, for searches side by side:
    each view with the move numbers that turn its moves back into the cube's and whether a
    solution of it is undone backwards (a solution of the inverse, undone backwards, solves
    the cube).  Views that are the same cube (the superflip's) are searched once."""
    found: dict[Cubies, tuple[tuple[int, ...], bool]] = {}
    back = inverted(TURN_URF)
    for turn, undo in ((SOLVED_CUBIES, SOLVED_CUBIES), (back, TURN_URF), (TURN_URF, back)):
        # The view is turn, the cube, undo (turn undoes undo); a solution r1 r2 .. of it solves
        # the cube as (undo r1 turn) (undo r2 turn) .., each a face turn.
        moves_back = tuple(MOVE_CUBIES.index(undo.then(move).then(turn)) for move in MOVE_CUBIES)
        seen = turn.then(cube).then(undo)
        found.setdefault(seen, (moves_back, False))
        found.setdefault(inverted(seen), (moves_back, True))
    return found


class _ViewSearch:
    """The search of one view of the cube: counters, the phase-1 stack, the best solution and work arrays."""

    def __init__(self, solver: TwoPhase, cube: Cubies, target: int) -> None:
        import numpy as np

        import gamesman.games.cube.search as search

        self.solver = solver
        self.counters = np.zeros(search.COUNTERS, dtype=np.int64)
        self.stack = np.zeros((LONGEST + 1, 5), dtype=np.int64)
        twist = orientation_code(cube.co, 3)
        flip = orientation_code(cube.eo, 2)
        slice_ = SLICE_RANK[frozenset(k for k, e in enumerate(cube.ep) if e >= 8)]
        self.stack[0, search.TWIST], self.stack[0, search.FLIP], self.stack[0, search.SLICE] = twist, flip, slice_
        counters = self.counters
        counters[search.DEPTH] = counters[search.NEEDED] = max(solver.twist_slice[twist * 495 + slice_],
                                                               solver.flip_slice[flip * 495 + slice_])
        counters[search.LEVEL] = -1
        counters[search.BEST] = LONGEST + 1
        counters[search.TARGET] = target
        counters[search.FIRST_LIMIT] = PHASE2_FIRST
        counters[search.FIRST_LENGTH] = FIRST_LENGTH
        counters[search.PHASE1_LONGEST], counters[search.PHASE2_LONGEST] = PHASE1_LONGEST, PHASE2_LONGEST
        self.best = np.zeros(LONGEST + 1, dtype=np.int64)
        self.cubies = np.array(list(cube.cp) + [8 + e for e in cube.ep], dtype=np.int64)
        self.work = (np.zeros((LONGEST + 1, 5), dtype=np.int64), np.zeros(LONGEST + 1, dtype=np.int64),
                     np.zeros(40, dtype=np.int64))
        self.kernels = search

    @property
    def finished(self) -> bool:
        """Whether this search is over."""
        return bool(self.counters[self.kernels.FINISHED])

    def run(self, nodes: int) -> int:
        """Search on for about ``nodes`` nodes (less at its first solution or its end); the nodes spent."""
        before = int(self.counters[self.kernels.NODES])
        solver = self.solver
        search: Callable[..., None] = self.kernels.search
        search(nodes, self.counters, self.stack, self.best, self.cubies, solver.move_cubies, *solver.tables,
               solver.phase2_move, *self.work)
        return int(self.counters[self.kernels.NODES]) - before


_TWOPHASE: list[TwoPhase] = []


def twophase_solver(progress: ProgressFn | None = None) -> TwoPhase:
    """The two-phase solver, its tables from memory, the disk cache, or built."""
    if not _TWOPHASE:
        path = cache_directory() / "cube-3x3x3-twophase-v2.table"
        _TWOPHASE.append(TwoPhase(load_or_build(path, TWOPHASE_SHAPES, lambda: build_twophase_tables(progress))))
    return _TWOPHASE[0]
