"""Quixo's pushes of many positions at once, compiled (``Quixo.batch_expand``): each
position's board read digit by digit once, then each push changes the code only along the
cells it slides (at most the side of the board), in the order of ``Quixo.pushes``.

Imported when the solver first expands Quixo positions (it compiles with numba, whose
machine code is kept on disk after the first run).
"""
from __future__ import annotations

import numpy as np

from gamesman.contract.capabilities import End
from gamesman.boards.kernels import compiled

WON, LOST, PLAYING = int(End.WON), int(End.LOST), int(End.PLAYING)


@compiled
def expand(codes: np.ndarray, span: int, cells: int, lines: np.ndarray, sources: np.ndarray, paths: np.ndarray,
           lengths: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(movers, ends, parents, children) of ``codes`` (see ``BatchExpansion.batch_expand``):
    ``lines`` the bit masks of the lines, ``sources`` each push's cube, ``paths`` its cells from
    the cube to the end it goes in at (``lengths`` of them), padded."""
    count = len(codes)
    movers = np.empty(count, np.int8)
    ends = np.empty(count, np.int8)
    parents = np.empty(count * len(sources), np.int32)
    children = np.empty(count * len(sources), np.int64)
    powers = np.empty(cells, np.int64)
    powers[0] = 1
    for cell in range(1, cells):
        powers[cell] = powers[cell - 1] * 3
    digits = np.empty(cells, np.int64)
    moves = 0
    for row in range(count):
        turn = codes[row] // span
        board = codes[row] % span
        rest = board
        crosses = noughts = 0
        for cell in range(cells):
            digits[cell] = rest % 3
            rest //= 3
            if digits[cell] == 1:
                crosses |= 1 << cell
            elif digits[cell] == 2:
                noughts |= 1 << cell
        mine, theirs = (crosses, noughts) if turn == 0 else (noughts, crosses)
        mine_line = theirs_line = False
        for line in lines:
            mine_line |= (mine & line) == line
            theirs_line |= (theirs & line) == line
        movers[row] = turn
        ends[row] = WON if mine_line else LOST if theirs_line else PLAYING
        if mine_line or theirs_line:
            continue
        my_digit, their_digit = turn + 1, 2 - turn
        after = (1 - turn) * span
        for push in range(len(sources)):
            if digits[sources[push]] == their_digit:
                continue
            child = board
            last = lengths[push] - 1
            for step in range(last):  # each cell of the path takes the next one's cube
                here, there = paths[push, step], paths[push, step + 1]
                child += (digits[there] - digits[here]) * powers[here]
            end = paths[push, last]
            child += (my_digit - digits[end]) * powers[end]
            parents[moves] = row
            children[moves] = child + after
            moves += 1
    return movers, ends, parents[:moves], children[:moves]


#: Cells whose digits one look-up of ``digit_counts`` reads.
CHUNK_CELLS = 8


def digit_counts(cells: int) -> np.ndarray:
    """For every number of CHUNK_CELLS base-3 digits: its x's (digit 1) times ``cells + 2``
    plus its o's (digit 2) times ``cells + 1``, its share of a tier number.

    >>> digit_counts(9)[[0, 1, 2, 3 * 1 + 1]].tolist()
    [0, 11, 10, 22]
    """
    numbers = np.arange(3 ** CHUNK_CELLS)
    found = np.zeros(len(numbers), np.int64)
    for place in range(CHUNK_CELLS):
        digit = numbers // 3 ** place % 3
        found += np.where(digit == 1, cells + 2, np.where(digit == 2, cells + 1, 0))
    return found


@compiled
def tiers(codes: np.ndarray, span: int, counts: np.ndarray) -> np.ndarray:
    """``Quixo.tier_numbers`` of ``codes``: (x + o) * (cells + 1) + x, from the counts of x's
    and of o's cubes (base-3 digits 1 and 2), CHUNK_CELLS digits a look-up of ``counts``."""
    found = np.empty(len(codes), np.int64)
    chunk = len(counts)
    for row in range(len(codes)):
        rest = codes[row] % span
        number = 0
        while rest:
            number += counts[rest % chunk]
            rest //= chunk
        found[row] = number
    return found
