"""The two-phase search's kernels (imported only when a 3x3x3 is first solved).

Each is ``compiled``: numba machine code when numba is installed, the same
function as Python otherwise.  The search keeps its whole state in arrays
(``counters`` and the phase-1 ``stack``), so that ``search`` can stop after a
slice of nodes and go on where it stopped.

Moves are numbered as ``MOVE_NAMES`` (move m turns face m // 3 by m % 3 + 1
quarter turns); phase 2's moves are numbered as ``PHASE2_MOVES`` and
``phase2_move`` maps them to ``MOVE_NAMES``.  Row k of a stack holds the
coordinates before the move at level k (``TWIST``, ``FLIP``, ``SLICE``; in
phase 2 the corner, edge and slice permutations), the next move to try there
(``NEXT``) and the move made (``MOVE``).
"""
from __future__ import annotations

import numpy as np

from gamesman.boards.kernels import compiled

# The fields of ``counters``: the phase-1 depth being searched and the level reached in it
# (-1: not begun), the nodes searched, the best length so far (more than the longest phase 1
# and phase 2 together until a first solution), the length that is good enough, the longest
# phase 2 before a first solution, whether the search is over, the phase-1 distance of the
# cube, and the longest phase 1 and phase 2 there are.
(DEPTH, LEVEL, NODES, BEST, TARGET, FIRST_LIMIT, FINISHED, NEEDED, PHASE1_LONGEST,
 PHASE2_LONGEST, FIRST_LENGTH) = range(11)
COUNTERS = 11
TWIST, FLIP, SLICE, NEXT, MOVE = range(5)


@compiled
def rank(items: np.ndarray) -> int:
    """The lexicographic rank of the permutation ``items`` (0 when sorted)."""
    result = 0
    end = len(items)
    for k in range(end):
        smaller = 0
        for later in range(k + 1, end):
            if items[later] < items[k]:
                smaller += 1
        result = result * (end - k) + smaller
    return result


@compiled
def follows(face: int, previous: int) -> bool:
    """Whether a turn of ``face`` may follow one of ``previous`` (-1: none): not the same face, and
    of two opposite faces only U D, R L, F B (the other order is the same cube)."""
    return face != previous and face + 3 != previous


@compiled
def solved_once(counters: np.ndarray) -> bool:
    """Whether the search has found a solution."""
    return counters[BEST] <= counters[PHASE1_LONGEST] + counters[PHASE2_LONGEST]


@compiled
def phase2(corner: int, edge: int, slice_perm: int, limit: int, previous: int,
           corner_move: np.ndarray, edge_move: np.ndarray, slice_perm_move: np.ndarray,
           corner_slice: np.ndarray, edge_slice: np.ndarray, phase2_move: np.ndarray,
           stack: np.ndarray, moves: np.ndarray, counters: np.ndarray) -> int:
    """The length of a shortest phase-2 solution of at most ``limit`` moves (its moves, as
    ``MOVE_NAMES`` numbers, in ``moves``), or -1 when there is none.  ``previous`` is the face
    of phase 1's last move; the nodes searched are added to ``counters[NODES]``."""
    start = max(corner_slice[corner * 24 + slice_perm], edge_slice[edge * 24 + slice_perm])
    if start == 0:
        return 0
    for depth in range(start, limit + 1):
        stack[0, TWIST], stack[0, FLIP], stack[0, SLICE], stack[0, NEXT] = corner, edge, slice_perm, 0
        level = 0
        while level >= 0:
            m = stack[level, NEXT]
            if m == 10:
                level -= 1
                continue
            stack[level, NEXT] = m + 1
            face = phase2_move[m] // 3
            if not follows(face, previous if level == 0 else phase2_move[stack[level - 1, MOVE]] // 3):
                continue
            counters[NODES] += 1
            togo = depth - level - 1
            new_slice = slice_perm_move[stack[level, SLICE], m]
            new_corner = corner_move[stack[level, TWIST], m]
            if corner_slice[new_corner * 24 + new_slice] > togo:
                continue
            new_edge = edge_move[stack[level, FLIP], m]
            if edge_slice[new_edge * 24 + new_slice] > togo:
                continue
            stack[level, MOVE] = m
            if togo == 0:
                for k in range(depth):
                    moves[k] = phase2_move[stack[k, MOVE]]
                return depth
            level += 1
            stack[level, TWIST], stack[level, FLIP], stack[level, SLICE], stack[level, NEXT] = \
                new_corner, new_edge, new_slice, 0
    return -1


@compiled
def finish(depth: int, counters: np.ndarray, stack: np.ndarray, best: np.ndarray, cubies: np.ndarray,
           move_cubies: np.ndarray, corner_move: np.ndarray, edge_move: np.ndarray, slice_perm_move: np.ndarray,
           corner_slice: np.ndarray, edge_slice: np.ndarray, phase2_move: np.ndarray,
           phase2_stack: np.ndarray, phase2_moves: np.ndarray, scratch: np.ndarray) -> None:
    """Phase 2 after the phase-1 moves ``stack[:depth, MOVE]``: a whole solution shorter than
    the best so far (and within the first solution's limit) becomes the best, in ``best``.

    ``cubies`` is the cube as 20 slots (8 corners, then 12 edges), ``move_cubies[m]`` the
    slots each move takes its cubies from; ``scratch`` is room for two such cubes."""
    limit = counters[BEST] - 1 - depth
    if not solved_once(counters):
        limit = min(limit, counters[FIRST_LIMIT], counters[FIRST_LENGTH] - depth)
    if limit < 0:
        return
    # (element by element: an assignment of slices compiles numba's shape checks and their
    # error messages, most of a second on first use)
    for slot in range(20):
        scratch[slot] = cubies[slot]
    for level in range(depth):
        source = move_cubies[stack[level, MOVE]]
        for slot in range(20):
            scratch[20 + slot] = scratch[source[slot]]
        for slot in range(20):
            scratch[slot] = scratch[20 + slot]
    previous = stack[depth - 1, MOVE] // 3 if depth > 0 else -1
    # (slices, not bounds: numba would compile rank once for each constant bound)
    found = phase2(rank(scratch[0:8]), rank(scratch[8:16]), rank(scratch[16:20]), limit, previous,
                   corner_move, edge_move, slice_perm_move, corner_slice, edge_slice, phase2_move,
                   phase2_stack, phase2_moves, counters)
    if found < 0:
        return
    for level in range(depth):
        best[level] = stack[level, MOVE]
    for step in range(found):
        best[depth + step] = phase2_moves[step]
    counters[BEST] = depth + found


@compiled
def search(nodes: int, counters: np.ndarray, stack: np.ndarray, best: np.ndarray, cubies: np.ndarray,
           move_cubies: np.ndarray, twist_move: np.ndarray, flip_move: np.ndarray, slice_move: np.ndarray,
           twist_slice: np.ndarray, flip_slice: np.ndarray, twist_flip: np.ndarray, corner_move: np.ndarray,
           edge_move: np.ndarray, slice_perm_move: np.ndarray, corner_slice: np.ndarray, edge_slice: np.ndarray,
           phase2_move: np.ndarray, phase2_stack: np.ndarray, phase2_moves: np.ndarray,
           scratch: np.ndarray) -> None:
    """Go on with the two-phase search for about ``nodes`` more nodes, until its first solution,
    or until it is over (``counters[FINISHED]``); ``stack[0]`` holds the cube's phase-1 coordinates."""
    pause_at = counters[NODES] + nodes
    first = not solved_once(counters)
    while counters[FINISHED] == 0:
        depth = counters[DEPTH]
        if depth > counters[PHASE1_LONGEST] or depth >= counters[BEST] or counters[BEST] <= counters[TARGET]:
            if not solved_once(counters) and counters[FIRST_LIMIT] < counters[PHASE2_LONGEST]:
                counters[FIRST_LIMIT] = counters[PHASE2_LONGEST]  # no solution yet: phase 2 as long as need be
                counters[FIRST_LENGTH] = counters[PHASE1_LONGEST] + counters[PHASE2_LONGEST]
                counters[DEPTH], counters[LEVEL] = counters[NEEDED], -1
                continue
            counters[FINISHED] = 1
            return
        if counters[LEVEL] < 0:  # a new depth
            if depth == 0:  # the cube is in H already (depth, not 0: one specialisation of finish to compile)
                finish(depth, counters, stack, best, cubies, move_cubies, corner_move, edge_move, slice_perm_move,
                       corner_slice, edge_slice, phase2_move, phase2_stack, phase2_moves, scratch)
                counters[DEPTH] = 1
                if first and solved_once(counters):
                    return
                continue
            counters[LEVEL] = 0
            stack[0, NEXT] = 0
        level = counters[LEVEL]
        while level >= 0:
            if counters[NODES] >= pause_at:
                counters[LEVEL] = level
                return
            m = stack[level, NEXT]
            if m == 18:
                level -= 1
                continue
            stack[level, NEXT] = m + 1
            face = m // 3
            togo = depth - level - 1
            # Phase 1 ends with a quarter turn of R, F, L or B: after a U or D turn or a half
            # turn the cube was in H one move earlier.
            if togo == 0 and (face == 0 or face == 3 or m % 3 == 1):
                continue
            if level > 0 and not follows(face, stack[level - 1, MOVE] // 3):
                continue
            counters[NODES] += 1
            new_slice = slice_move[stack[level, SLICE], m]
            new_twist = twist_move[stack[level, TWIST], m]
            if twist_slice[new_twist * 495 + new_slice] > togo:
                continue
            new_flip = flip_move[stack[level, FLIP], m]
            if flip_slice[new_flip * 495 + new_slice] > togo:
                continue
            if twist_flip[new_twist * 2048 + new_flip] > togo:
                continue
            stack[level, MOVE] = m
            if togo > 0:
                level += 1
                stack[level, TWIST], stack[level, FLIP], stack[level, SLICE], stack[level, NEXT] = \
                    new_twist, new_flip, new_slice, 0
                continue
            finish(depth, counters, stack, best, cubies, move_cubies, corner_move, edge_move, slice_perm_move,
                   corner_slice, edge_slice, phase2_move, phase2_stack, phase2_moves, scratch)
            if counters[BEST] <= counters[TARGET]:
                counters[FINISHED] = 1
                return
            if first and solved_once(counters):
                counters[LEVEL] = level
                return
        counters[DEPTH], counters[LEVEL] = depth + 1, -1
