"""Quixo's places within a tier (``Quixo.places``), compiled: a position's place is the least
rank, over its board's eight symmetries, of GamesmanOne's hash of the board among the boards
of its tier (its counts of x's and o's cubes), times two, plus the turn.  The images of a set
alike share their place, so a tier's results are kept densely by place: GamesmanOne keeps a
set's image of least hash, and its runs of positions kept (and so its bytes) come with it.

GamesmanOne's hash of a board ranks the cells of its o's (their combinatorial rank, the last
cell as bit 0), then the cells of its x's among the cells left:
``o_rank * C(cells - o, x) + x_rank``.
"""
from __future__ import annotations

from math import comb

import numpy as np

from gamesman.boards.symmetry import square_maps
from gamesman.players.compiled import compiled


def binomials(cells: int) -> np.ndarray:
    """C(n, k) for n and k up to ``cells`` (0 where k > n).

    >>> binomials(4)[4].tolist()
    [1, 4, 6, 4, 1]
    """
    return np.array([[comb(n, k) for k in range(cells + 1)] for n in range(cells + 1)], np.int64)


def inverse_maps(side: int) -> np.ndarray:
    """For each of the square's eight symmetries, the cell whose cube each cell of the board
    moved holds (the inverse of ``square_maps``).

    >>> inverse_maps(2)[1].tolist()  # a quarter turn: cell 0 holds cell 2's cube
    [2, 0, 3, 1]
    """
    maps = np.array(square_maps(side), np.int64)
    inverse = np.empty_like(maps)
    for symmetry, places in enumerate(maps):
        inverse[symmetry, places] = np.arange(side * side)
    return inverse


@compiled
def least_places(codes: np.ndarray, span: int, inverse: np.ndarray, choose: np.ndarray) -> np.ndarray:
    """The place of each code (the board in base 3 below ``span``, the turn above): the least
    hash rank of its images (``inverse``: see ``inverse_maps``) times two, plus the turn."""
    cells = inverse.shape[1]
    found = np.empty(len(codes), np.int64)
    digits = np.empty(cells, np.int64)
    for row in range(len(codes)):
        board = codes[row] % span
        for cell in range(cells):
            digits[cell] = board % 3
            board //= 3
        least = -1
        for symmetry in range(inverse.shape[0]):
            crosses = noughts = free = cross_rank = nought_rank = 0
            for bit in range(cells):
                digit = digits[inverse[symmetry, cells - 1 - bit]]
                if digit == 2:
                    noughts += 1
                    nought_rank += choose[bit, noughts]
                else:
                    if digit == 1:
                        crosses += 1
                        cross_rank += choose[free, crosses]
                    free += 1
            rank = nought_rank * choose[cells - noughts, crosses] + cross_rank
            if least < 0 or rank < least:
                least = rank
        found[row] = 2 * least + codes[row] // span
    return found


@compiled
def hashed_boards(places: np.ndarray, span: int, cells: int, crosses: int, noughts: int,
                  choose: np.ndarray) -> np.ndarray:
    """The code of the board whose hash rank, among the boards of ``crosses`` x's and
    ``noughts`` o's, is each place's half, with the turn of its lowest bit: the inverse of the
    hash (of ``least_places``' image of least rank, for a place it gave)."""
    found = np.empty(len(places), np.int64)
    powers = np.empty(cells, np.int64)
    powers[0] = 1
    for cell in range(1, cells):
        powers[cell] = powers[cell - 1] * 3
    is_nought = np.empty(cells, np.bool_)
    ways = choose[cells - noughts, crosses]
    for row in range(len(places)):
        rank = places[row] // 2
        nought_rank, cross_rank = rank // ways, rank % ways
        is_nought[:] = False
        code = 0
        bit = cells
        for left in range(noughts, 0, -1):  # the largest bit whose binomial fits, each o in turn
            bit -= 1
            while choose[bit, left] > nought_rank:
                bit -= 1
            nought_rank -= choose[bit, left]
            is_nought[bit] = True
            code += 2 * powers[cells - 1 - bit]
        free = cells - noughts
        for left in range(crosses, 0, -1):  # the same among the cells without an o
            free -= 1
            while choose[free, left] > cross_rank:
                free -= 1
            cross_rank -= choose[free, left]
            seen = -1
            for bit in range(cells):  # the free-th cell without an o
                if not is_nought[bit]:
                    seen += 1
                    if seen == free:
                        code += powers[cells - 1 - bit]
                        break
        found[row] = code + (places[row] % 2) * span
    return found
