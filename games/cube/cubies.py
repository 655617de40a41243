"""The cube as cubies and stickers: the face turns, the facelet string of each size and its checks.

Kociemba's model: eight corner slots and twelve edge slots, each holding a
cubie with an orientation.  ``cp[i]`` is the cubie in slot i, ``co[i]`` its
twist (0: its U or D colour is on the slot's U or D face; 1 or 2: turned
clockwise that many thirds); ``ep``/``eo`` likewise for edges (0 or 1).
"""
from __future__ import annotations

import itertools
import random
from functools import lru_cache
from typing import NamedTuple, Sequence

FACES = "URFDLB"
#: The colour of each face's stickers on the usual (Western) colour scheme, for
#: a terminal that shows colours.
FACE_COLOURS = {"U": "white", "R": "red", "F": "green", "D": "yellow", "L": "orange", "B": "blue"}
OPPOSITE = {"U": "D", "R": "L", "F": "B", "D": "U", "L": "R", "B": "F"}
SUFFIXES = ("", "2", "'")  # powers 1, 2 and 3 of a clockwise quarter turn
#: The 18 face turns; move number k turns face k // 3 by power k % 3 + 1.
MOVE_NAMES = tuple(face + suffix for face in FACES for suffix in SUFFIXES)
QUARTER_TURNS = tuple(name for name in MOVE_NAMES if not name.endswith("2"))

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
            pair = facelets[first] + facelets[second]
            if pair in EDGES:
                ep[slot], eo[slot] = EDGES.index(pair), 0
            elif pair[::-1] in EDGES:
                ep[slot], eo[slot] = EDGES.index(pair[::-1]), 1
            else:
                raise InvalidCube(f"impossible cubie: the edge at {EDGES[slot]} has colours {pair} "
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


def inverse(move: str) -> str:
    """The turn that undoes ``move``: R' for R, R for R', R2 for R2."""
    return move[0] + {"": "'", "'": "", "2": "2"}[move[1:]]


def inverted(cube: Cubies) -> Cubies:
    """The cube state that undoes ``cube``: ``cube.then(inverted(cube))`` is solved."""
    cp, co, ep, eo = [0] * 8, [0] * 8, [0] * 12, [0] * 12
    for slot, (cubie, twist) in enumerate(zip(cube.cp, cube.co)):
        cp[cubie], co[cubie] = slot, -twist % 3
    for slot, (cubie, flip) in enumerate(zip(cube.ep, cube.eo)):
        ep[cubie], eo[cubie] = slot, flip
    return Cubies(tuple(cp), tuple(co), tuple(ep), tuple(eo))


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
