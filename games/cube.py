"""Rubik's Cube, 2x2x2 and 3x3x3, as a one-player puzzle (seeds 000 announce it).

The player turns the faces of a scrambled cube until every face shows one
colour.  A solved cube is the end (outcome ``(1,)``: the puzzle is won); an
unsolved cube is never an end, so the solver's value of a position is "win"
with the distance to the solved cube, the fewest turns that solve it.

Position: the facelet string that cube solvers share (Kociemba's order): the
faces U R F D L B, each read row by row as seen from outside the cube with U
above F, R, L and B, and F above D (U1..U9 R1..R9 F1..F9 D1..D9 L1..L9 B1..B9;
four letters a face on the 2x2x2).  A letter names a colour by the face it
belongs to when solved, so the solved 3x3x3 is
``UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB``.  The string is
printed bare; parsing also takes it in lower case, in parentheses, or with
spaces (e.g. one group per face).  A string that is no reachable cube is
refused with the reason: wrong length, unknown letters, wrong colour counts,
centres not in place (3x3x3), an impossible cubie (colours that no cubie has,
a mirrored corner, a cubie that occurs twice), a twisted corner (the corner
orientations do not add up to 0 mod 3), a flipped edge (the edge orientations
do not add up to 0 mod 2), or odd permutation parity (two pieces swapped).

Moves: Singmaster's face turns, ``U`` (clockwise as seen facing that face),
``U'`` (anticlockwise) and ``U2`` (half turn), for U R F D L B; parsing is
case-insensitive and takes ``U2'`` as ``U2``.  Only face turns: no slice moves
and no whole-cube rotations, so the centres of the 3x3x3 never move.

Options:

* ``size`` 2 or 3 (default 3).
* ``metric`` ``htm`` (half-turn metric: ``U2`` is one move; default) or
  ``qtm`` (quarter-turn metric: only quarter turns are moves, a half turn is
  two).  The metric decides the legal moves and so every distance.
* ``scramble`` N (default 0) and ``seed`` S (default 1): the start is the
  solved cube after N random moves, drawn from ``random.Random(S)``, each on a
  different face than the one before (so no two moves merge).  The same
  options always give the same start, which may happen to be solved.

Choices where the sheet is silent:

* A 2x2x2 has no centres, so a whole-cube rotation of a solved 2x2x2 is
  solved too: a 2x2x2 is solved when every face shows one colour.  Its
  positions are counted modulo whole-cube orientation, as is usual: a string
  is canonicalised by the rotation that brings the D-L-B cubie to the DLB
  corner with its D colour on the D face.  Turns of U, R and F never move that
  corner, and every turn of L, D or B has the same effect as a turn of R, U or
  F followed by a rotation, so the distance table of the 7! x 3^6 = 3,674,160
  canonical positions uses U, R and F only.  It is built once with a
  breadth-first search over a perfect index (corner permutation rank times
  orientation code), for both metrics, and cached on disk.
* The 3x3x3 is too large for a table (4.3 * 10^19 positions).  Its solutions
  come from Kociemba's two-phase algorithm: the first solution of at most 22
  moves, then shorter ones for a fixed amount of search (near-optimal, not
  always optimal; a cube always gets the same one); its pruning tables are
  cached on disk too.  A cube on the way of the game's own scramble never
  gets a solution longer than undoing the scramble.  In the quarter-turn metric its half turns are played
  as two quarter turns.
* ``solution(position)`` gives the moves that solve a cube; the strategies
  ``optimal`` (2x2x2: a move on a shortest solution) and ``twophase`` (the
  next move of a two-phase solution; on the 2x2x2 the optimal one) play them.
  ``twophase`` is the game's ``search_strategy``, the player to ask for
  hints on the 3x3x3, which has no table.

Tables are built with numpy, which is imported only when a table is needed, so
importing this module stays quick.
"""
from __future__ import annotations

import io
import itertools
import random
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Hashable, NamedTuple, Sequence

from gamesman.solver.database import cache_directory, read_checked, write_checked
from gamesman.contract.errors import GameError
from gamesman.contract.game import Game, Option
from gamesman.contract.strategy import Choice, Strategy, StrategyEntry

if TYPE_CHECKING:
    import numpy as np

    from gamesman.solver.strong import Result

ProgressFn = Callable[[str, int, "int | None"], None]

FACES = "URFDLB"
#: The colour of each face's stickers on the usual (Western) colour scheme, for
#: a terminal that shows colours.
FACE_COLOURS = {"U": "white", "R": "red", "F": "green", "D": "yellow", "L": "orange", "B": "blue"}
OPPOSITE = {"U": "D", "R": "L", "F": "B", "D": "U", "L": "R", "B": "F"}
SUFFIXES = ("", "2", "'")  # powers 1, 2 and 3 of a clockwise quarter turn
#: The 18 face turns; move number k turns face k // 3 by power k % 3 + 1.
MOVE_NAMES = tuple(face + suffix for face in FACES for suffix in SUFFIXES)
QUARTER_TURNS = tuple(name for name in MOVE_NAMES if not name.endswith("2"))


# -- the cubie model --------------------------------------------------------------
#
# Kociemba's model: eight corner slots and twelve edge slots, each holding a
# cubie with an orientation.  ``cp[i]`` is the cubie in slot i, ``co[i]`` its
# twist (0: its U or D colour is on the slot's U or D face; 1 or 2: turned
# clockwise that many thirds); ``ep``/``eo`` likewise for edges (0 or 1).

CORNERS = ("URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB")
EDGES = ("UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR")

#: The facelets of each slot, in the 3x3x3's numbering, in the order of the
#: cubie's name (so a solved slot shows the letters of its name).
CORNER_FACELETS = (("U9", "R1", "F3"), ("U7", "F1", "L3"), ("U1", "L1", "B3"), ("U3", "B1", "R3"),
                   ("D3", "F9", "R7"), ("D1", "L9", "F7"), ("D7", "B9", "L7"), ("D9", "R9", "B7"))
EDGE_FACELETS = (("U6", "R2"), ("U8", "F2"), ("U4", "L2"), ("U2", "B2"), ("D6", "R8"), ("D2", "F8"),
                 ("D4", "L8"), ("D8", "B8"), ("F6", "R4"), ("F4", "L6"), ("B6", "L4"), ("B4", "R6"))


class Cubies(NamedTuple):
    """A cube as cubies: permutation and orientation of corners and edges."""

    cp: tuple[int, ...]
    co: tuple[int, ...]
    ep: tuple[int, ...]
    eo: tuple[int, ...]

    def then(self, move: "Cubies") -> "Cubies":
        """This cube with ``move`` applied after it."""
        cp, co, ep, eo = self
        return Cubies(tuple(cp[j] for j in move.cp),
                      tuple((co[j] + twist) % 3 for j, twist in zip(move.cp, move.co)),
                      tuple(ep[j] for j in move.ep),
                      tuple((eo[j] + flip) % 2 for j, flip in zip(move.ep, move.eo)))


SOLVED_CUBIES = Cubies(tuple(range(8)), (0,) * 8, tuple(range(12)), (0,) * 12)

# The clockwise quarter turns, as Kociemba defines them ("replaced by" form).
_QUARTER = {
    "U": Cubies((3, 0, 1, 2, 4, 5, 6, 7), (0,) * 8, (3, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11), (0,) * 12),
    "R": Cubies((4, 1, 2, 0, 7, 5, 6, 3), (2, 0, 0, 1, 1, 0, 0, 2),
                (8, 1, 2, 3, 11, 5, 6, 7, 4, 9, 10, 0), (0,) * 12),
    "F": Cubies((1, 5, 2, 3, 0, 4, 6, 7), (1, 2, 0, 0, 2, 1, 0, 0),
                (0, 9, 2, 3, 4, 8, 6, 7, 1, 5, 10, 11), (0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0)),
    "D": Cubies((0, 1, 2, 3, 5, 6, 7, 4), (0,) * 8, (0, 1, 2, 3, 5, 6, 7, 4, 8, 9, 10, 11), (0,) * 12),
    "L": Cubies((0, 2, 6, 3, 4, 1, 5, 7), (0, 1, 2, 0, 0, 2, 1, 0),
                (0, 1, 10, 3, 4, 5, 9, 7, 8, 2, 6, 11), (0,) * 12),
    "B": Cubies((0, 1, 3, 7, 4, 5, 2, 6), (0, 0, 1, 2, 0, 0, 2, 1),
                (0, 1, 2, 11, 4, 5, 6, 10, 8, 9, 3, 7), (0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1)),
}


def _power(turn: Cubies, times: int) -> Cubies:
    result = SOLVED_CUBIES
    for _ in range(times):
        result = result.then(turn)
    return result


#: Every face turn as cubies, in MOVE_NAMES order.
MOVE_CUBIES = tuple(_power(_QUARTER[name[0]], SUFFIXES.index(name[1:]) + 1) for name in MOVE_NAMES)


def apply_moves(cube: Cubies, moves: Sequence[str]) -> Cubies:
    """The cube after the named moves."""
    for name in moves:
        cube = cube.then(MOVE_CUBIES[MOVE_NAMES.index(name)])
    return cube


def permutation_rank(perm: Sequence[int]) -> int:
    """The lexicographic rank of a permutation of 0..n-1 (0 for the identity)."""
    rank = 0
    n = len(perm)
    for k in range(n):
        rank = rank * (n - k) + sum(1 for later in perm[k + 1:] if later < perm[k])
    return rank


def is_odd(perm: Sequence[int]) -> bool:
    """True when the permutation has an odd number of inversions."""
    return sum(1 for a, b in itertools.combinations(perm, 2) if a > b) % 2 == 1


# -- facelets -------------------------------------------------------------------------


class InvalidCube(ValueError):
    """A facelet string that is no reachable cube; the message is the reason."""


class Geometry:
    """Where the stickers of one cube size are, and what each face turn does to them."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.face_size = size * size
        self.length = 6 * self.face_size
        self.solved = "".join(face * self.face_size for face in FACES)
        self.corner_facelets = tuple(tuple(self.index(name) for name in slot) for slot in CORNER_FACELETS)
        self.edge_facelets = tuple(tuple(self.index(name) for name in slot) for slot in EDGE_FACELETS) \
            if size == 3 else ()
        self.centres = tuple(face * self.face_size + 4 for face in range(6)) if size == 3 else ()
        #: new[k] = old[turns[name][k]] for a face turn.
        self.turns = {name: self.permutation(cube) for name, cube in zip(MOVE_NAMES, MOVE_CUBIES)}

    def index(self, name: str) -> int:
        """The string index of a facelet named in the 3x3x3's numbering (``U9``)."""
        face, number = FACES.index(name[0]), int(name[1:])
        if self.size == 2:
            number = {1: 1, 3: 2, 7: 3, 9: 4}[number]
        return face * self.face_size + number - 1

    def permutation(self, cube: Cubies) -> tuple[int, ...]:
        """The facelet permutation that a cube state applies to the solved stickers."""
        source = list(range(self.length))
        for slot, (cubie, twist) in enumerate(zip(cube.cp, cube.co)):
            for n in range(3):
                source[self.corner_facelets[slot][(n + twist) % 3]] = self.corner_facelets[cubie][n]
        for slot, (cubie, flip) in enumerate(zip(cube.ep, cube.eo)):
            if self.edge_facelets:
                for n in range(2):
                    source[self.edge_facelets[slot][(n + flip) % 2]] = self.edge_facelets[cubie][n]
        return tuple(source)

    def facelets(self, cube: Cubies) -> str:
        """The facelet string of a cube state."""
        return permute(self.solved, self.permutation(cube))

    def is_solved(self, facelets: str) -> bool:
        """Every face shows one colour."""
        n = self.face_size
        return all(facelets[at:at + n] == facelets[at] * n for at in range(0, self.length, n))

    def cubies(self, facelets: str) -> Cubies:
        """The cube state of a facelet string; InvalidCube says why there is none.

        The string must already have the right length and letters.  On the
        2x2x2 the edges are left solved.
        """
        cp, co = [], []
        for slot, where in enumerate(self.corner_facelets):
            colours = [facelets[k] for k in where]
            found = None
            for twist in range(3):
                turned = "".join(colours[(n + twist) % 3] for n in range(3))
                if turned in CORNERS:
                    found = (CORNERS.index(turned), twist)
            if found is None:
                mirrored = [c for c in CORNERS if sorted(c) == sorted(colours)]
                detail = f"a mirrored {mirrored[0]} corner" if mirrored else "no corner has these colours"
                raise InvalidCube(f"impossible cubie: the corner at {CORNERS[slot]} has colours "
                                  f"{''.join(colours)} ({detail})")
            cp.append(found[0])
            co.append(found[1])
        self._check_unique(cp, CORNERS, "corner")
        ep, eo = list(range(12)), [0] * 12
        for slot, (first, second) in enumerate(self.edge_facelets):
            colours = facelets[first] + facelets[second]
            if colours in EDGES:
                ep[slot], eo[slot] = EDGES.index(colours), 0
            elif colours[::-1] in EDGES:
                ep[slot], eo[slot] = EDGES.index(colours[::-1]), 1
            else:
                raise InvalidCube(f"impossible cubie: the edge at {EDGES[slot]} has colours {colours} "
                                  "(no edge has these colours)")
        self._check_unique(ep, EDGES, "edge")
        return Cubies(tuple(cp), tuple(co), tuple(ep), tuple(eo))

    @staticmethod
    def _check_unique(perm: list[int], names: Sequence[str], kind: str) -> None:
        if len(set(perm)) < len(perm):
            twice = next(names[c] for c in perm if perm.count(c) > 1)
            missing = next(names[c] for c in range(len(names)) if c not in perm)
            raise InvalidCube(f"impossible cubie: the {kind} {twice} occurs twice and {missing} is missing")

    def check(self, facelets: str) -> Cubies:
        """The cube state of a facelet string, every rule checked (InvalidCube otherwise)."""
        if len(facelets) != self.length:
            raise InvalidCube(f"wrong length: {len(facelets)} facelets, expected {self.length} "
                              f"(six faces of {self.face_size}, in the order {FACES})")
        unknown = sorted(set(facelets) - set(FACES))
        if unknown:
            raise InvalidCube(f"unknown letter {unknown[0]!r}: facelets are the face letters {' '.join(FACES)}")
        wrong = [face for face in FACES if facelets.count(face) != self.face_size]
        if wrong:
            counts = ", ".join(f"{face} {facelets.count(face)}" for face in FACES)
            raise InvalidCube(f"wrong colour counts: {counts} (each colour {self.face_size} times)")
        for face, at in zip(FACES, self.centres):
            if facelets[at] != face:
                raise InvalidCube(f"centres not in place: the centre of {face} is {facelets[at]}, expected {face}")
        cube = self.cubies(facelets)
        if sum(cube.co) % 3:
            raise InvalidCube(f"a twisted corner: the corner twists add up to {sum(cube.co) % 3} mod 3, "
                              "expected 0")
        if sum(cube.eo) % 2:
            raise InvalidCube("a flipped edge: the edge flips add up to 1 mod 2, expected 0")
        if self.size == 3 and is_odd(cube.cp) != is_odd(cube.ep):
            corner = "odd" if is_odd(cube.cp) else "even"
            edge = "odd" if is_odd(cube.ep) else "even"
            raise InvalidCube(f"odd permutation parity: the corners are permuted {corner}ly and the edges "
                              f"{edge}ly (two pieces are swapped)")
        return cube


def permute(facelets: str, permutation: Sequence[int]) -> str:
    """The stickers moved by a facelet permutation (new[k] = old[permutation[k]])."""
    return "".join([facelets[k] for k in permutation])


@lru_cache(maxsize=None)
def geometry(size: int) -> Geometry:
    """The (shared) geometry of the 2x2x2 or the 3x3x3."""
    return Geometry(size)


def random_cubies(rng: random.Random, size: int) -> Cubies:
    """A uniformly random reachable cube state (solved edges on the 2x2x2)."""
    cp = list(range(8))
    rng.shuffle(cp)
    co = [rng.randrange(3) for _ in range(7)]
    co.append(-sum(co) % 3)
    if size == 2:
        return Cubies(tuple(cp), tuple(co), SOLVED_CUBIES.ep, SOLVED_CUBIES.eo)
    ep = list(range(12))
    rng.shuffle(ep)
    if is_odd(ep) != is_odd(cp):
        ep[0], ep[1] = ep[1], ep[0]
    eo = [rng.randrange(2) for _ in range(11)]
    eo.append(sum(eo) % 2)
    return Cubies(tuple(cp), tuple(co), tuple(ep), tuple(eo))


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
    np.savez(buffer, **arrays)
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
        a, b = np.divmod(frontier, width)
        for m in range(first.shape[1]):
            child = first[a, m].astype(np.int64) * width + second[b, m]
            child = child[distance[child] == 255]
            distance[child] = depth + 1
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
        shapes = {metric: (POSITIONS_2X2,) for metric in TABLE_MOVES}
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


def inverse(move: str) -> str:
    """The turn that undoes ``move``: R' for R, R for R', R2 for R2."""
    return move[0] + {"": "'", "'": "", "2": "2"}[move[1:]]


class _OutOfWork(Exception):
    """The two-phase search has used its budget for improving a solution."""


def merge_moves(moves: Sequence[str]) -> list[str]:
    """Adjacent turns of one face as one turn: R R2 is R', R R' is nothing."""
    merged: list[str] = []
    for move in moves:
        if merged and merged[-1][0] == move[0]:
            quarters = (SUFFIXES.index(merged.pop()[1:]) + SUFFIXES.index(move[1:]) + 2) % 4
            if quarters:
                merged.append(move[0] + SUFFIXES[quarters - 1])
        else:
            merged.append(move)
    return merged


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


# -- the game ---------------------------------------------------------------------------------


class Cube(Game):
    name = "cube"
    title = "Rubik's Cube"
    player_names = ("player",)
    render_colours = FACE_COLOURS
    options = (
        Option("size", int, 3, "edge length: 2 (2x2x2) or 3 (3x3x3)", low=2, high=3),
        Option("metric", str, "htm", "htm: a half turn is one move; qtm: only quarter turns are moves",
               choices=("htm", "qtm")),
        Option("scramble", int, 0, "random moves from solved that make the start", low=0, high=10_000),
        Option("seed", int, 1, "the seed of the scramble", low=0),
    )
    rules = "Turn the faces (U R F D L B, ' anticlockwise, 2 half turn) until every face has one colour."
    search_strategy = "twophase"
    #: The figures are the distance distributions of ``gamesman count cube --size 2``.
    showcase = ()

    def setup(self) -> None:
        self.geometry = geometry(self.size)
        self.move_names = MOVE_NAMES if self.metric == "htm" else QUARTER_TURNS
        rng = random.Random(self.seed)
        position = self.geometry.solved
        last_face = None
        self._scramble_moves: list[str] = []
        self._scrambled = {position: 0}  # each cube on the way: how many scramble moves made it
        for _ in range(self.scramble):
            move = rng.choice([m for m in self.move_names if m[0] != last_face])
            position = self.turn(position, move)
            last_face = move[0]
            self._scramble_moves.append(move)
            self._scrambled.setdefault(position, len(self._scramble_moves))
        self._start = position

    # -- rules ------------------------------------------------------------------------
    def start(self) -> str:
        return self._start

    def to_move(self, position: str) -> int:
        return 0

    def outcome(self, position: str) -> tuple[float] | None:
        return (1.0,) if self.geometry.is_solved(position) else None

    def moves(self, position: str) -> list[str]:
        return [] if self.geometry.is_solved(position) else list(self.move_names)

    def turn(self, position: str, move: str) -> str:
        """The cube after a face turn (no legality check)."""
        return permute(position, self.geometry.turns[move])

    def play(self, position: str, move: str) -> str:
        if move not in self.moves(position):
            if self.geometry.is_solved(position):
                raise self.illegal("the cube is solved: no moves")
            raise self.illegal(f"{move!r} is not a move (moves: {' '.join(self.move_names)})")
        return self.turn(position, move)

    # -- text ---------------------------------------------------------------------------
    def parse_position(self, text: str) -> str:
        facelets = "".join(text.split())
        if len(facelets) >= 2 and facelets[0] == "(" and facelets[-1] == ")":
            facelets = facelets[1:-1]
        facelets = facelets.upper()
        try:
            self.geometry.check(facelets)
        except InvalidCube as problem:
            raise self.error(str(problem), text) from None
        return facelets

    def format_position(self, position: str) -> str:
        return position

    def parse_move(self, position: str, text: str) -> str:
        word = text.strip().upper().replace("\u2019", "'")
        if word.endswith("2'") or word.endswith("'2"):
            word = word[:-2] + "2"
        if self.geometry.is_solved(position):
            raise self.illegal(f"{text.strip()!r}: the cube is solved, no moves are left")
        if word in self.move_names:
            return word
        if word in MOVE_NAMES:
            raise self.illegal(f"{word} is two moves in the quarter-turn metric (play {word[0]} {word[0]})")
        raise self.illegal(f"{' '.join(text.split())!r} is not a move "
                           f"(a face U R F D L B, then nothing, ' or 2: U, U', U2)")

    def render(self, position: str) -> str:
        """The net: U on top, then L F R B, then D; one letter per sticker."""
        n = self.size
        square = n * n

        def row(face: str, r: int) -> str:
            at = FACES.index(face) * square + r * n
            return " ".join(position[at:at + n])

        width = 2 * n - 1
        pad = " " * (width + 2)
        lines = [pad + row("U", r) for r in range(n)]
        lines += ["  ".join(row(face, r) for face in "LFRB") for r in range(n)]
        lines += [pad + row("D", r) for r in range(n)]
        return "\n".join(lines)

    # -- solving ------------------------------------------------------------------------
    def solvable(self) -> bool:
        """The 2x2x2 has an exact table; the 3x3x3 (4.3e19 positions) has none."""
        return self.size == 2

    def distance(self, position: str, progress: ProgressFn | None = None) -> int:
        """The fewest moves (in this metric) that solve a 2x2x2."""
        if self.size != 2:
            raise GameError("cube: exact distances are known here for the 2x2x2 only")
        return int(distance_tables(progress)[self.metric][index_2x2(position)])

    def known_result(self, position: str) -> "Result | None":
        """The solver's result for a 2x2x2 straight from the table (None for the 3x3x3)."""
        from gamesman.solver.strong import Result, Value

        if self.size != 2:
            return None
        return Result(value=Value.WIN, remoteness=self.distance(position))

    def solution(self, position: str, progress: ProgressFn | None = None) -> list[str]:
        """Moves that solve the cube: optimal on the 2x2x2, two-phase (<= 22 turns) on the 3x3x3.

        A 3x3x3 on the way of this game's own scramble is never given a longer
        solution than undoing the scramble.
        """
        if self.size == 2:
            return self._optimal_solution(position, progress)
        moves = twophase_solver(progress).solve(self.geometry.cubies(position))
        if self.metric == "qtm":
            moves = [quarter for move in moves
                     for quarter in ([move[0], move[0]] if move.endswith("2") else [move])]
        scrambled = self._scrambled.get(position)
        if scrambled is not None and scrambled < len(moves):
            moves = [inverse(move) for move in reversed(self._scramble_moves[:scrambled])]
        return moves

    def _optimal_solution(self, position: str, progress: ProgressFn | None) -> list[str]:
        """A shortest solution of a 2x2x2, read off the table: at each step the first
        move (in ``move_names`` order) that brings the cube one closer.

        The index is computed once and then stepped with the move tables.  A
        move of the cube as it lies turns some face of its canonical form (the
        rotation says which); a turn of U, R or F is a column of the tables,
        and a turn of D, L or B has the index of the same turn of U, R or F
        (they differ by a whole-cube rotation, which the index ignores).
        """
        table = distance_tables(progress)[self.metric]
        perms, twists = table_move_tables(self.metric)
        columns = {name: m for m, name in enumerate(TABLE_MOVES[self.metric])}
        perm, twist = divmod(index_2x2(position), ORIENTATIONS)
        togo = int(table[perm * ORIENTATIONS + twist])
        moves = []
        while togo:
            rotation = canonical_rotation_2x2(position)
            canonical_face = {rotated_face(rotation, face): face for face in FACES}
            for move in self.move_names:
                face = canonical_face[move[0]]
                m = columns[(face if face in "URF" else OPPOSITE[face]) + move[1:]]
                child_perm, child_twist = int(perms[perm, m]), int(twists[twist, m])
                if table[child_perm * ORIENTATIONS + child_twist] == togo - 1:
                    moves.append(move)
                    position = self.turn(position, move)
                    perm, twist, togo = child_perm, child_twist, togo - 1
                    break
        return moves

    def count_report(self, progress: ProgressFn | None = None) -> str:
        """The text of ``gamesman count``: the distance distributions of the 2x2x2."""
        if self.size != 2:
            total = 40320 * 3 ** 7 * 479001600 * 2 ** 11 // 2
            return (f"{self.spec}: {total:,} positions (8! 3^7 12! 2^11 / 2); their distance "
                    "distribution is beyond this engine (the 2x2x2's is: --size 2)")
        by_metric = {metric: distance_distribution(Cube(size=2, metric=metric), progress)
                     for metric in TABLE_MOVES}
        lines = [f"{self.title} 2x2x2: {POSITIONS_2X2:,} positions up to whole-cube orientation",
                 f"{'moves':>5}  {'half-turn':>10}  {'quarter-turn':>12}"]
        for distance in range(max(max(counts) for counts in by_metric.values()) + 1):
            htm, qtm = (by_metric[m].get(distance) for m in ("htm", "qtm"))
            lines.append(f"{distance:>5}  {f'{htm:,}' if htm else '':>10}  {f'{qtm:,}' if qtm else '':>12}")
        lines.append(f"{'total':>5}  {sum(by_metric['htm'].values()):>10,}  {sum(by_metric['qtm'].values()):>12,}")
        lines.append(f"God's number: {max(by_metric['htm'])} half-turn moves, "
                     f"{max(by_metric['qtm'])} quarter-turn moves")
        return "\n".join(lines)


# -- strategies --------------------------------------------------------------------------------


@dataclass
class CubeSolver(Strategy):
    """Plays a solution of the cube move by move (planned once, replanned if the cube differs)."""

    optimal: bool = False
    plan: list[tuple[str, str]] = field(default_factory=list)  # (position, move) still to play

    @property
    def name(self) -> str:  # type: ignore[override]
        return "optimal" if self.optimal else "twophase"

    def choose(self, position: Hashable) -> Choice:
        game = self.game
        if not game.moves(position):
            raise GameError(f"{game.name}: no moves to choose from (the cube is solved)")
        if not self.plan or self.plan[0][0] != position:
            self.plan = []
            at = position
            for move in game.solution(position):
                self.plan.append((at, move))
                at = game.turn(at, move)
        _, move = self.plan.pop(0)
        how = "optimal" if game.size == 2 else "two-phase"
        return Choice(move, f"{move}: solved in {len(self.plan) + 1} ({how} solution)")


def _cube_solver(optimal: bool) -> Callable[[Game, random.Random, list[str]], Strategy]:
    def make(game: Game, rng: random.Random, args: list[str]) -> Strategy:
        label = "optimal" if optimal else "twophase"
        if not isinstance(game, Cube):
            raise GameError(f"{label}: a strategy for the cube only")
        if optimal and game.size != 2:
            raise GameError("optimal: known for the 2x2x2 only; the 3x3x3 plays twophase")
        if args:
            raise GameError(f"{label} takes no arguments")
        return CubeSolver(game, rng, optimal=optimal)
    return make


Cube.strategies = {
    "optimal": StrategyEntry(_cube_solver(True), "2x2x2: a move of a shortest solution (exact table)"),
    "twophase": StrategyEntry(_cube_solver(False), "the next move of Kociemba's two-phase solution "
                                                   "(3x3x3, at most 22 moves; optimal on the 2x2x2)"),
}
