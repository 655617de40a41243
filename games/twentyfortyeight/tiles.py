"""2048's smallest rule, shared by the game and its searches: how a line of tiles slides and merges."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

PLAYER = 0
DIRECTIONS = ("left", "up", "right", "down")
NEW_TILES = ((1, Fraction(9, 10)), (2, Fraction(1, 10)))  # (exponent, probability)

# A position is (turn, score, cells): turn PLAYER or CHANCE, the score (always
# 0 with a target), cells a tuple of exponents row by row (0 for an empty
# cell, k for a tile of value 2**k).
Position = tuple[int, int, tuple[int, ...]]
ChanceOutcome = tuple[int, int]  # (cell index, tile value)


@lru_cache(maxsize=1 << 16)
def slide(line: tuple[int, ...], top: int | None = None) -> tuple[tuple[int, ...], int]:
    """A line of exponents moved towards its index 0: (the new line, the points scored).

    Tiles slide together, then equal neighbours merge from index 0 on, each
    tile at most once.  Tiles of exponent ``top`` do not merge (the search's
    4-bit cells cannot hold more); the rules use ``top=None``.
    """
    tiles = [tile for tile in line if tile]
    merged: list[int] = []
    points = 0
    at = 0
    while at < len(tiles):
        if at + 1 < len(tiles) and tiles[at] == tiles[at + 1] and tiles[at] != top:
            merged.append(tiles[at] + 1)
            points += 2 ** (tiles[at] + 1)
            at += 2
        else:
            merged.append(tiles[at])
            at += 1
    return tuple(merged) + (0,) * (len(line) - len(merged)), points
