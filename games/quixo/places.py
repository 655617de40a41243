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

from gamesman.boards.symmetry import board_maps
from gamesman.boards.kernels import compiled


def binomials(cells: int) -> np.ndarray:
    """C(n, k) for n and k up to ``cells`` (0 where k > n).

    >>> binomials(4)[4].tolist()
    [1, 4, 6, 4, 1]
    """
    return np.array([[comb(n, k) for k in range(cells + 1)] for n in range(cells + 1)], np.int64)


#: Cells whose bits one look-up of ``symmetry_tables`` moves.
CHUNK = 8


def symmetry_tables(side: int) -> np.ndarray:
    """For each of the square's eight symmetries and each run of CHUNK cells, what each
    pattern of cubes in the run (bit j: cell CHUNK * run + j) becomes on the board moved, as
    GamesmanOne's bits (cell c is bit ``cells - 1 - c``).

    >>> symmetry_tables(2)[1, 0, 1]  # a half turn takes cell 0 to cell 3, bit 0
    np.int64(1)
    """
    cells = side * side
    patterns = np.arange(1 << CHUNK)
    tables = np.zeros((8, -(-cells // CHUNK), 1 << CHUNK), np.int64)
    for symmetry, places in enumerate(board_maps(side, side)):
        for cell, place in enumerate(places):
            run, bit = divmod(cell, CHUNK)
            tables[symmetry, run] |= np.where(patterns >> bit & 1, 1 << (cells - 1 - place), 0)
    return tables


def digit_patterns() -> np.ndarray:
    """For every number of CHUNK base-3 digits: the cells of its x's (digit 1) as bits, and
    above CHUNK bits the cells of its o's (digit 2).

    >>> digit_patterns()[[1, 2, 3 * 1 + 2 * 9]].tolist()  # x at 0; o at 0; x at 1 and o at 2
    [1, 256, 1026]
    """
    numbers = np.arange(3 ** CHUNK)
    found = np.zeros(len(numbers), np.int64)
    for cell in range(CHUNK):
        digit = numbers // 3 ** cell % 3
        found |= np.where(digit == 1, 1 << cell, np.where(digit == 2, 1 << (CHUNK + cell), 0))
    return found


@compiled
def least_places(codes: np.ndarray, span: int, tables: np.ndarray, choose: np.ndarray,
                 patterns: np.ndarray) -> np.ndarray:
    """The place of each code (the board in base 3 below ``span``, the turn above): the least
    hash rank of its images (``tables``: see ``symmetry_tables``; ``patterns``:
    ``digit_patterns``) times two, plus the turn.
    The hash grows with the o's bits, then the x's, so the image of least hash is the one of
    least bits (as GamesmanOne finds it), and only that image is ranked."""
    cells = choose.shape[0] - 1
    found = np.empty(len(codes), np.int64)
    for row in range(len(codes)):
        board = codes[row] % span
        noughts_at = crosses_at = 0
        for run in range(tables.shape[1]):
            pattern = patterns[board % len(patterns)]
            board //= len(patterns)
            crosses_at |= (pattern & ((1 << CHUNK) - 1)) << (CHUNK * run)
            noughts_at |= (pattern >> CHUNK) << (CHUNK * run)
        least_noughts = least_crosses = -1
        for symmetry in range(tables.shape[0]):
            noughts_moved = crosses_moved = 0
            for run in range(tables.shape[1]):
                noughts_moved |= tables[symmetry, run, (noughts_at >> (CHUNK * run)) & ((1 << CHUNK) - 1)]
                crosses_moved |= tables[symmetry, run, (crosses_at >> (CHUNK * run)) & ((1 << CHUNK) - 1)]
            if (least_noughts < 0 or noughts_moved < least_noughts
                    or noughts_moved == least_noughts and crosses_moved < least_crosses):
                least_noughts, least_crosses = noughts_moved, crosses_moved
        crosses = noughts = free = cross_rank = nought_rank = 0
        for bit in range(cells):
            if least_noughts >> bit & 1:
                noughts += 1
                nought_rank += choose[bit, noughts]
            else:
                if least_crosses >> bit & 1:
                    crosses += 1
                    cross_rank += choose[free, crosses]
                free += 1
        found[row] = 2 * (nought_rank * choose[cells - noughts, crosses] + cross_rank) + codes[row] // span
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
