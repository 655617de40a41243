"""The cube's tables: stored on disk with checks, built by breadth-first search over perfect
indices, and the 2x2x2's exact distance table.

Tables are built with numpy, which is imported only when a table is needed.
"""
from __future__ import annotations

import io
import itertools
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Sequence

from gamesman.contract.errors import GameError
from gamesman.contract.game import ProgressFn
from gamesman.games.cube.cubies import (FACES, MOVE_CUBIES, MOVE_NAMES, QUARTER_TURNS, Cubies, InvalidCube, geometry,
                                        permutation_rank, permute)
from gamesman.solver.database import cache_directory, read_checked, write_checked

if TYPE_CHECKING:
    import numpy as np

    from gamesman.games.cube import Cube


# -- tables on disk --------------------------------------------------------------------------
#
# A table file is a magic line, a JSON header (the SHA-256 of the body) and an
# ``.npz`` body.  It is written to a temporary name and renamed; a file that
# fails any check is reported, ignored and rebuilt.

TABLE_MAGIC = b"GAMESMAN-CUBE-TABLE 1\n"


def save_tables(path: Path, arrays: dict[str, "np.ndarray"]) -> None:
    """Write ``arrays`` atomically as a checked ``.npz`` body."""
    import numpy as np

    buffer = io.BytesIO()
    np.savez(buffer, **arrays)  # type: ignore[arg-type]  # numpy's stub would match the keywords to allow_pickle
    write_checked(path, TABLE_MAGIC, {}, buffer.getvalue())


def load_tables(path: Path, shapes: dict[str, tuple[int, ...]]) -> dict[str, "np.ndarray"] | None:
    """The arrays stored at ``path``, or None when there is no file or it is damaged."""
    import numpy as np

    def check(header: dict, body: bytes) -> dict[str, "np.ndarray"]:
        with np.load(io.BytesIO(body), allow_pickle=False) as stored:
            arrays = {name: stored[name] for name in shapes}
        for name, shape in shapes.items():
            if arrays[name].shape != shape:
                raise ValueError(f"{name} has shape {arrays[name].shape}, expected {shape}")
        return arrays

    return read_checked(path, TABLE_MAGIC, check)


def load_or_build(path: Path, shapes: dict[str, tuple[int, ...]],
                  build: Callable[[], dict[str, "np.ndarray"]]) -> dict[str, "np.ndarray"]:
    """The tables at ``path``, built and saved first when missing or damaged."""
    arrays = load_tables(path, shapes)
    if arrays is None:
        arrays = build()
        save_tables(path, arrays)
    return arrays


# -- breadth-first search over perfect indices ---------------------------------------------


def permutation_table(n: int, sources: Sequence[Sequence[int]]) -> "np.ndarray":
    """Move table of the permutation rank of n items: ``table[rank, m]``.

    ``sources[m][k]`` is the position whose item move m brings to position k.
    """
    import numpy as np

    perms = np.array(list(itertools.permutations(range(n))), dtype=np.int8)  # row i has rank i
    table = np.empty((len(perms), len(sources)), dtype=np.uint16)
    for m, source in enumerate(sources):
        moved = perms[:, list(source)]
        rank = np.zeros(len(perms), dtype=np.int64)
        for k in range(n):
            rank = rank * (n - k) + (moved[:, k + 1:] < moved[:, k:k + 1]).sum(axis=1)
        table[:, m] = rank
    return table


def orientation_table(n: int, base: int, moves: Sequence[tuple[Sequence[int], Sequence[int]]]) -> "np.ndarray":
    """Move table of the orientations of n pieces whose total is 0 mod ``base``.

    The code is the first n-1 orientations as digits, the first most
    significant.  Each move is (sources, twists): piece k gets the orientation
    of piece ``sources[k]`` plus ``twists[k]``.
    """
    import numpy as np

    digits = np.array(list(itertools.product(range(base), repeat=n - 1)), dtype=np.int64)  # row i: code i
    full = np.column_stack([digits, (-digits.sum(axis=1)) % base])
    weights = base ** np.arange(n - 2, -1, -1)
    table = np.empty((len(full), len(moves)), dtype=np.uint16)
    for m, (sources, twists) in enumerate(moves):
        turned = (full[:, list(sources)] + np.array(twists)) % base
        table[:, m] = turned[:, :n - 1] @ weights
    return table


def orientation_code(orientations: Sequence[int], base: int) -> int:
    """The code of one orientation vector, as ``orientation_table`` numbers them."""
    code = 0
    for value in orientations[:-1]:
        code = code * base + value
    return code


def bfs_distances(first: "np.ndarray", second: "np.ndarray", progress: ProgressFn | None = None,
                  stage: str = "") -> "np.ndarray":
    """Distance from index 0 of every pair index ``a * len(second) + b``.

    ``first`` and ``second`` are move tables of two coordinates with the same
    moves; index 0 (both coordinates 0) is the goal.  Every move set used here
    holds the inverse of each of its moves, so the distance from the goal is
    also the distance to it.
    """
    import numpy as np

    width = second.shape[0]
    total = first.shape[0] * width
    distance = np.full(total, 255, dtype=np.uint8)
    distance[0] = 0
    frontier = np.zeros(1, dtype=np.int64)
    depth = 0
    reached = 1
    while frontier.size:
        if frontier.size < total - reached:  # forward: the children of the frontier not reached yet
            a, b = np.divmod(frontier, width)
            for m in range(first.shape[1]):
                child = first[a, m].astype(np.int64) * width + second[b, m]
                child = child[distance[child] == 255]
                distance[child] = depth + 1
        else:  # backward (fewer left than in the frontier): what is left with a neighbour in the frontier
            left = np.flatnonzero(distance == 255)
            a, b = np.divmod(left, width)
            near = np.zeros(left.size, dtype=bool)
            for m in range(first.shape[1]):
                near |= distance[first[a, m].astype(np.int64) * width + second[b, m]] == depth
            distance[left[near]] = depth + 1
        depth += 1
        frontier = np.flatnonzero(distance == depth)
        reached += frontier.size
        if progress and frontier.size:
            progress(f"{stage} distance {depth}", reached, total)
    return distance


# -- the 2x2x2: an exact distance table --------------------------------------------------------

#: The seven corner slots that U, R and F turns move (DBL, slot 6, stays home).
FREE_SLOTS = (0, 1, 2, 3, 4, 5, 7)
SLOT_POSITION = {slot: k for k, slot in enumerate(FREE_SLOTS)}
TABLE_MOVES = {"htm": tuple(n for n in MOVE_NAMES if n[0] in "URF"),
               "qtm": tuple(n for n in QUARTER_TURNS if n[0] in "URF")}
ORIENTATIONS = 3 ** 6
POSITIONS_2X2 = 5040 * ORIENTATIONS
DBL = 6


def _table_move(name: str) -> tuple[list[int], list[int]]:
    """A U/R/F turn on the seven free slots: (sources, twists)."""
    cube = MOVE_CUBIES[MOVE_NAMES.index(name)]
    sources = [SLOT_POSITION[cube.cp[slot]] for slot in FREE_SLOTS]
    twists = [cube.co[slot] for slot in FREE_SLOTS]
    return sources, twists


def build_distance_tables(progress: ProgressFn | None = None) -> dict[str, "np.ndarray"]:
    """Distance to solved of every canonical 2x2x2 position, in both metrics."""
    return {metric: bfs_distances(*table_move_tables(metric), progress, f"2x2x2 table ({metric})")
            for metric in TABLE_MOVES}


@lru_cache(maxsize=None)
def table_move_tables(metric: str) -> tuple["np.ndarray", "np.ndarray"]:
    """The move tables of the 2x2x2 table's two coordinates (permutation rank, twist code).

    Column m is the metric's m-th U/R/F turn (``TABLE_MOVES[metric]``).
    """
    moves = [_table_move(name) for name in TABLE_MOVES[metric]]
    return permutation_table(7, [sources for sources, _ in moves]), orientation_table(7, 3, moves)


@lru_cache(maxsize=None)
def rotations() -> tuple[tuple[int, ...], ...]:
    """The 24 whole-cube rotations of the 2x2x2 as facelet permutations.

    On a 2x2x2 a rotation is two face turns: x = R L', y = U D'.
    """
    turns = geometry(2).turns
    generators = [tuple(turns["R"][k] for k in turns["L'"]), tuple(turns["U"][k] for k in turns["D'"])]
    found = [tuple(range(24))]
    for rotation in found:
        for generator in generators:
            composed = tuple(rotation[k] for k in generator)
            if composed not in found:
                found.append(composed)
    return tuple(found)


@lru_cache(maxsize=None)
def _homing_rotations() -> dict[tuple[int, ...], tuple[int, ...]]:
    """For each place of the D, B and L stickers of the D-B-L cubie, the rotation that brings them home."""
    home = geometry(2).corner_facelets[DBL]
    return {tuple(rotation[k] for k in home): rotation for rotation in rotations()}


def canonical_rotation_2x2(facelets: str) -> tuple[int, ...]:
    """The rotation that brings the D-B-L cubie of a 2x2x2 home with D down (see ``canonical_2x2``)."""
    for slot in geometry(2).corner_facelets:
        colours = [facelets[k] for k in slot]
        if sorted(colours) == ["B", "D", "L"]:
            rotation = _homing_rotations().get(tuple(slot[colours.index(c)] for c in "DBL"))
            if rotation is None:
                raise InvalidCube("impossible cubie: a mirrored DLB corner")
            return rotation
    raise InvalidCube("impossible cubie: no D-B-L corner")


def canonical_2x2(facelets: str) -> str:
    """The same 2x2x2 turned so that the D-L-B cubie is home with D down."""
    return permute(facelets, canonical_rotation_2x2(facelets))


def rotated_face(rotation: Sequence[int], face: str) -> str:
    """The face of a cube that ``rotation`` turns to the place of ``face``.

    Turning ``face`` of the rotated cube is turning this face of the cube
    (the same way round: rotations keep clockwise clockwise).
    """
    face_size = len(rotation) // 6
    return FACES[rotation[FACES.index(face) * face_size] // face_size]


def index_2x2(facelets: str) -> int:
    """The perfect index of a valid 2x2x2 (modulo whole-cube orientation)."""
    return _canonical_index(geometry(2).cubies(canonical_2x2(facelets)))


def _canonical_index(cube: Cubies) -> int:
    """The table index of a 2x2x2 whose DBL cubie is home: permutation rank, then twist code."""
    perm = [SLOT_POSITION[cube.cp[slot]] for slot in FREE_SLOTS]
    return permutation_rank(perm) * ORIENTATIONS + orientation_code([cube.co[s] for s in FREE_SLOTS], 3)


_DISTANCES: dict[str, "np.ndarray"] = {}


def distance_tables(progress: ProgressFn | None = None) -> dict[str, "np.ndarray"]:
    """Both 2x2x2 distance tables (``htm``, ``qtm``): from memory, the disk cache, or built."""
    if not _DISTANCES:
        shapes: dict[str, tuple[int, ...]] = {metric: (POSITIONS_2X2,) for metric in TABLE_MOVES}
        path = cache_directory() / "cube-2x2x2-distances-v1.table"
        _DISTANCES.update(load_or_build(path, shapes, lambda: build_distance_tables(progress)))
    return _DISTANCES


def distance_distribution(game: "Cube", progress: ProgressFn | None = None) -> dict[int, int]:
    """How many 2x2x2 positions (modulo orientation) lie at each distance, in the game's metric."""
    import numpy as np

    if game.size != 2:
        raise GameError("cube: the distance distribution is known here for the 2x2x2 only")
    counts = np.bincount(distance_tables(progress)[game.metric])
    return {distance: int(n) for distance, n in enumerate(counts) if n}
