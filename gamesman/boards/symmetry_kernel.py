"""The compiled loops of the boards' symmetries (:class:`gamesman.boards.symmetry.BoardCodeSymmetries`,
:func:`gamesman.boards.symmetry.least_mirror_images`): each code's least
image, one code at a time (numba; imported when a solve first makes many codes canonical,
its machine code kept on disk after the first run).

>>> import numpy as np
>>> tables = np.array([[[0, 2, 1]]])  # one symmetry of one cell of base 3: swaps digits 1 and 2
>>> least_images(np.array([0, 1, 2, 5, 3 ** 38 + 2]), 3, np.array([3]), tables).tolist()
[0, 1, 1, 4, 1350851717672992090]
"""
from __future__ import annotations

import numpy as np

from gamesman.boards.kernels import compiled


@compiled
def least_images(codes: np.ndarray, span: int, powers: np.ndarray, tables: np.ndarray) -> np.ndarray:
    """Each code's board (``code % span``) replaced by the least of it and its images: the
    board's runs of cells are its digits taken ``powers[k]`` at a time, and ``tables[s, k, run]``
    is what run k adds to the board moved by symmetry s; the turn above ``span`` is kept.
    Codes that all fit in 32 bits are divided in 32 bits, which takes 0.6 of the time."""
    if len(codes) and codes.min() >= 0 and codes.max() < 1 << 32:
        return _least_images(codes.astype(np.uint32), np.uint32(span), powers.astype(np.uint32), tables)
    return _least_images(codes, span, powers, tables)


@compiled
def _least_images(codes: np.ndarray, span: int | np.integer, powers: np.ndarray, tables: np.ndarray) -> np.ndarray:
    """``least_images`` with the codes' own integer type."""
    found = np.empty(len(codes), np.int64)
    runs = np.empty(len(powers), powers.dtype)
    for at in range(len(codes)):
        code = codes[at]
        board = code % span
        rest = board
        for k in range(len(powers)):
            runs[k] = rest % powers[k]
            rest //= powers[k]
        least = np.int64(board)
        for symmetry in range(tables.shape[0]):
            moved = np.int64(0)
            for k in range(len(powers)):
                moved += tables[symmetry, k, runs[k]]
            if moved < least:
                least = moved
        found[at] = least + (np.int64(code) - np.int64(board))
    return found


@compiled
def least_mirrored_stacks(codes: np.ndarray, rows: int, cols: int, index_size: int, sorted_offsets: np.ndarray,
                          vector_order: np.ndarray, offsets: np.ndarray, binomials: np.ndarray) -> np.ndarray:
    """Each code of :class:`gamesman.boards.codes.ColumnStacks` (its tables given) replaced by
    the least of it and the code of its board mirrored left to right.  A code of the index is
    its heights vector's block and the rank of X's pieces among the pieces, taken column by
    column (combinatorial number system); the mirror takes the columns in the other order.
    A code above the index (its bitboard) has its columns' bits swapped."""
    height = rows + 1
    column_bits = (1 << height) - 1
    found = np.empty(len(codes), np.int64)
    heights = np.empty(cols, np.int64)
    starts = np.empty(cols, np.int64)
    crossed = np.zeros(rows * cols, np.bool_)  # by piece: pieces numbered column by column, row 1 first
    for at in range(len(codes)):
        code = codes[at]
        if code >= index_size:
            marks = (code - index_size) >> 1
            moved = 0
            for col in range(cols):
                moved |= ((marks >> (col * height)) & column_bits) << ((cols - 1 - col) * height)
            image = index_size + (moved << 1) + ((code - index_size) & 1)
        else:
            block = np.searchsorted(sorted_offsets, code, side="right") - 1
            vector = vector_order[block]
            rank = code - sorted_offsets[block]
            pieces = 0
            for col in range(cols):
                heights[col] = vector % height
                vector //= height
                starts[col] = pieces
                pieces += heights[col]
            left = (pieces + 1) // 2
            for piece in range(pieces - 1, -1, -1):
                size = binomials[piece, left]
                crossed[piece] = left > 0 and rank >= size
                if crossed[piece]:
                    rank -= size
                    left -= 1
            moved_rank = 0
            moved_vector = 0
            place = 1
            piece = 0
            crosses = 0
            for col in range(cols - 1, -1, -1):
                for row in range(heights[col]):
                    if crossed[starts[col] + row]:
                        crosses += 1
                        moved_rank += binomials[piece, crosses]
                    piece += 1
                moved_vector += heights[col] * place
                place *= height
            image = offsets[moved_vector] + moved_rank
        found[at] = min(code, image)
    return found
