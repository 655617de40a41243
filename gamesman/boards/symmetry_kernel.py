"""The compiled loop of :class:`gamesman.boards.symmetry.SquareSymmetries`: each code's least
image, one code at a time through the symmetries' tables (numba; imported when a solve first
makes many codes canonical, its machine code kept on disk after the first run).

>>> import numpy as np
>>> tables = np.array([[[0, 2, 1]]])  # one symmetry of one cell of base 3: swaps digits 1 and 2
>>> least_images(np.array([0, 1, 2, 5, 3 ** 38 + 2]), 3, np.array([3]), tables).tolist()
[0, 1, 1, 4, 1350851717672992090]
"""
from __future__ import annotations

import numba
import numpy as np


@numba.njit(cache=True, nogil=True)
def least_images(codes: np.ndarray, span: int, powers: np.ndarray, tables: np.ndarray) -> np.ndarray:
    """Each code's board (``code % span``) replaced by the least of it and its images: the
    board's runs of cells are its digits taken ``powers[k]`` at a time, and ``tables[s, k, run]``
    is what run k adds to the board moved by symmetry s; the turn above ``span`` is kept.
    Codes that all fit in 32 bits are divided in 32 bits, which takes 0.6 of the time."""
    if len(codes) and codes.min() >= 0 and codes.max() < 1 << 32:
        return _least_images(codes.astype(np.uint32), np.uint32(span), powers.astype(np.uint32), tables)
    return _least_images(codes, span, powers, tables)


@numba.njit(cache=True, nogil=True)
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
