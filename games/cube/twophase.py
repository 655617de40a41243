"""Kociemba's two-phase algorithm for the 3x3x3, over tables built once and cached on disk."""
from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from gamesman.contract.errors import GameError
from gamesman.games.cube.cubies import MOVE_CUBIES, MOVE_NAMES, QUARTER_TURNS, Cubies, merge_moves, permutation_rank
from gamesman.games.cube.tables import (ProgressFn, bfs_distances, load_or_build, orientation_code, orientation_table,
                                        permutation_table)
from gamesman.solver.database import cache_directory

if TYPE_CHECKING:
    import numpy as np

# -- the 3x3x3: Kociemba's two-phase algorithm -------------------------------------------------
#
# Phase 1 turns the cube into the group H = <U, D, R2, L2, F2, B2>: no corner
# twisted, no edge flipped, the four middle-slice edges (FR FL BL BR) in the
# middle slice.  Phase 2 solves it with H's moves.  Each phase is an
# iterative-deepening search, pruned by exact distance tables of pairs of
# coordinates (the larger of two is a lower bound on the distance):
#   phase 1: twist (3^7) x slice (C(12,4)), flip (2^11) x slice;
#   phase 2: corner permutation (8!) x slice permutation (4!),
#            U/D-edge permutation (8!) x slice permutation.
# Phase-1 solutions are tried in order of length, each followed by the
# shortest phase-2 solution that makes the whole shorter than the best so far.
# The first whole solution (at most ``max_length`` moves) is not the end: the
# search goes on for shorter ones, as Kociemba's solver does, until it has
# done a fixed amount of work more or no shorter one can exist (phase 1 alone
# as long as the best).  Phase 2 may begin with a turn of the face phase 1
# ended with (R then R2); the two merge into one (R').

PHASE2_MOVES = ("U", "U2", "U'", "D", "D2", "D'", "R2", "L2", "F2", "B2")
#: The last phase-1 move is a quarter turn of R, F, L or B: a phase-1 solution
#: ending in an H move would already have reached H one move earlier.
PHASE1_LAST = tuple(MOVE_NAMES.index(n) for n in QUARTER_TURNS if n[0] in "RFLB")
SLICE_SETS = tuple(itertools.combinations(range(11, -1, -1), 4))  # (11, 10, 9, 8) first: the goal
SLICE_RANK = {frozenset(s): rank for rank, s in enumerate(SLICE_SETS)}
TWOPHASE_SHAPES = {
    "twist_move": (2187, 18), "flip_move": (2048, 18), "slice_move": (495, 18),
    "corner_move": (40320, 10), "edge_move": (40320, 10), "slice_perm_move": (24, 10),
    "twist_slice": (2187 * 495,), "flip_slice": (2048 * 495,),
    "corner_slice": (40320 * 24,), "edge_slice": (40320 * 24,),
}


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
    tables["corner_slice"] = bfs_distances(tables["corner_move"], tables["slice_perm_move"], progress,
                                           "corners x slice")
    tables["edge_slice"] = bfs_distances(tables["edge_move"], tables["slice_perm_move"], progress,
                                         "edges x slice")
    return tables


class _OutOfWork(Exception):
    """The two-phase search has used its budget for improving a solution."""



class TwoPhase:
    """Kociemba's two-phase solver over prebuilt tables (Python lists for quick lookups)."""

    #: Search nodes spent looking for shorter solutions after the first one
    #: (about 0.2 s of processor time here; on random cubes it takes the mean
    #: length from about 21.7 moves to 21.0).  A count, not a clock, so that
    #: a cube always gets the same solution.
    IMPROVE_NODES = 400_000

    def __init__(self, tables: dict[str, "np.ndarray"]) -> None:
        self.twist_move = tables["twist_move"].tolist()
        self.flip_move = tables["flip_move"].tolist()
        self.slice_move = tables["slice_move"].tolist()
        self.corner_move = tables["corner_move"].tolist()
        self.edge_move = tables["edge_move"].tolist()
        self.slice_perm_move = tables["slice_perm_move"].tolist()
        self.twist_slice = tables["twist_slice"].tobytes()
        self.flip_slice = tables["flip_slice"].tobytes()
        self.corner_slice = tables["corner_slice"].tobytes()
        self.edge_slice = tables["edge_slice"].tobytes()
        self.phase2_faces = [MOVE_NAMES.index(n) // 3 for n in PHASE2_MOVES]

    def solve(self, cube: Cubies, max_length: int = 22, improve_nodes: int | None = None) -> list[str]:
        """A short solution of ``cube`` (at most ``max_length`` moves, 20 or more).

        The shortest found within ``improve_nodes`` (default IMPROVE_NODES)
        search nodes after the first solution.
        """
        budget = self.IMPROVE_NODES if improve_nodes is None else improve_nodes
        twist = orientation_code(cube.co, 3)
        flip = orientation_code(cube.eo, 2)
        slice_ = SLICE_RANK[frozenset(k for k, e in enumerate(cube.ep) if e >= 8)]
        path: list[int] = []
        best: list[str] | None = None
        nodes = 0
        stop_at = 0  # the node count that ends the search, once a solution is known
        twist_move, flip_move, slice_move = self.twist_move, self.flip_move, self.slice_move
        twist_slice, flip_slice = self.twist_slice, self.flip_slice
        every_move = range(18)

        def phase1(twist: int, flip: int, slice_: int, togo: int, last_face: int) -> None:
            nonlocal best, nodes, stop_at
            if togo == 0:
                found = self._phase2(cube, path, len(best) - 1 if best is not None else max_length)
                nodes += found[1]
                if found[0] is not None:
                    if best is None:
                        stop_at = nodes + budget
                    best = found[0]
                return
            for m in PHASE1_LAST if togo == 1 else every_move:
                face = m // 3
                if face == last_face or face + 3 == last_face:
                    continue
                nodes += 1
                if best is not None and nodes > stop_at:
                    raise _OutOfWork
                new_slice = slice_move[slice_][m]
                new_twist = twist_move[twist][m]
                if twist_slice[new_twist * 495 + new_slice] >= togo:
                    continue
                new_flip = flip_move[flip][m]
                if flip_slice[new_flip * 495 + new_slice] >= togo:
                    continue
                path.append(m)
                phase1(new_twist, new_flip, new_slice, togo - 1, face)
                path.pop()

        start = max(twist_slice[twist * 495 + slice_], flip_slice[flip * 495 + slice_])
        try:
            for depth in range(start, max_length + 1):
                if best is not None and depth >= len(best):
                    break  # phase 1 alone would be as long as the best
                phase1(twist, flip, slice_, depth, -1)
        except _OutOfWork:
            pass
        if best is None:
            raise GameError(f"cube: no solution of at most {max_length} moves found")
        return best

    def _phase2(self, cube: Cubies, path: list[int], limit: int) -> tuple[list[str] | None, int]:
        """Phase 1's moves and a shortest phase-2 solution, merged, if at most ``limit`` moves
        in all (else None), and the search nodes it took."""
        for m in path:
            cube = cube.then(MOVE_CUBIES[m])
        corner = permutation_rank(cube.cp)
        edge = permutation_rank(cube.ep[:8])
        slice_perm = permutation_rank([e - 8 for e in cube.ep[8:]])
        corner_move, edge_move, slice_perm_move = self.corner_move, self.edge_move, self.slice_perm_move
        corner_slice, edge_slice = self.corner_slice, self.edge_slice
        faces = self.phase2_faces
        moves: list[int] = []
        nodes = 0

        def search(corner: int, edge: int, slice_perm: int, togo: int, last_face: int) -> bool:
            nonlocal nodes
            if togo == 0:
                return corner == 0 and edge == 0 and slice_perm == 0
            for m in range(10):
                face = faces[m]
                if face == last_face or face + 3 == last_face:
                    continue
                nodes += 1
                new_slice = slice_perm_move[slice_perm][m]
                new_corner = corner_move[corner][m]
                if corner_slice[new_corner * 24 + new_slice] >= togo:
                    continue
                new_edge = edge_move[edge][m]
                if edge_slice[new_edge * 24 + new_slice] >= togo:
                    continue
                moves.append(m)
                if search(new_corner, new_edge, new_slice, togo - 1, face):
                    return True
                moves.pop()
            return False

        start = max(corner_slice[corner * 24 + slice_perm], edge_slice[edge * 24 + slice_perm])
        for depth in range(start, limit - len(path) + 1):
            # The first move may turn phase 1's last face (no last face): the two merge into one.
            if search(corner, edge, slice_perm, depth, -1):
                return merge_moves([MOVE_NAMES[m] for m in path] + [PHASE2_MOVES[m] for m in moves]), nodes
        return None, nodes


_TWOPHASE: list[TwoPhase] = []


def twophase_solver(progress: ProgressFn | None = None) -> TwoPhase:
    """The two-phase solver, its tables from memory, the disk cache, or built."""
    if not _TWOPHASE:
        path = cache_directory() / "cube-3x3x3-twophase-v1.table"
        _TWOPHASE.append(TwoPhase(load_or_build(path, TWOPHASE_SHAPES, lambda: build_twophase_tables(progress))))
    return _TWOPHASE[0]
