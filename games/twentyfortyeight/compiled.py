"""2048's deep expectimax on the 4x4 board, compiled with numba (imported only by ``DeepSearch``).

The search of nneonneo's 2048 AI: a chance node is worth the evaluation when the chance of
reaching it falls below ``PRUNE`` or the search is ``limit`` moves deep; otherwise the mean,
over every empty cell and both new tiles (2 at 9/10, 4 at 1/10), of the best move after it.
Chance nodes less than ``CACHE_DEPTH`` moves deep go into a transposition table (the board,
the depth it was searched from and its value): a board met again at the same depth or deeper
is not searched twice.  A board with no move is worth 0, below every live board (each of its
eight lines is worth at least ``LINE_BASE`` less its penalties, far above 0).
"""
from __future__ import annotations

import numpy as np

from gamesman.boards.kernels import compiled, compiled_each_process

PRUNE = 1e-4
CACHE_DEPTH = 15
TABLE_BITS = 20
_NIBBLE = np.uint64(0xF)
_ROW = np.uint64(0xFFFF)


@compiled
def transpose(board: np.uint64) -> np.uint64:
    """Rows become columns (the 4x4 grid of 4-bit cells transposed)."""
    a1 = board & np.uint64(0xF0F00F0FF0F00F0F)
    a2 = board & np.uint64(0x0000F0F00000F0F0)
    a3 = board & np.uint64(0x0F0F00000F0F0000)
    a = a1 | (a2 << np.uint64(12)) | (a3 >> np.uint64(12))
    b1 = a & np.uint64(0xFF00FF0000FF00FF)
    b2 = a & np.uint64(0x00FF00FF00000000)
    b3 = a & np.uint64(0x00000000FF00FF00)
    return b1 | (b2 >> np.uint64(24)) | (b3 << np.uint64(24))


@compiled
def moved(board: np.uint64, direction: int, row_left: np.ndarray, row_right: np.ndarray, col_up: np.ndarray,
          col_down: np.ndarray) -> np.uint64:
    """The board after a move: 0 left, 1 up, 2 right, 3 down."""
    result = np.uint64(0)
    if direction == 0 or direction == 2:
        table = row_left if direction == 0 else row_right
        for r in range(4):
            shift = np.uint64(16 * r)
            result |= table[(board >> shift) & _ROW] << shift
    else:
        table = col_up if direction == 1 else col_down
        columns = transpose(board)
        for c in range(4):
            result |= table[(columns >> np.uint64(16 * c)) & _ROW] << np.uint64(4 * c)
    return result


@compiled
def evaluation(board: np.uint64, line_value: np.ndarray) -> float:
    """The sum of the values of the four rows and the four columns."""
    columns = transpose(board)
    total = 0.0
    for r in range(4):
        shift = np.uint64(16 * r)
        total += line_value[(board >> shift) & _ROW] + line_value[(columns >> shift) & _ROW]
    return total


@compiled
def empty_cells(board: np.uint64) -> int:
    count = 0
    for k in range(16):
        if (board >> np.uint64(4 * k)) & _NIBBLE == 0:
            count += 1
    return count


@compiled
def distinct_tiles(board: np.uint64) -> int:
    """How many different tile values the board holds."""
    seen = np.int64(0)
    for k in range(16):
        seen |= 1 << np.int64((board >> np.uint64(4 * k)) & _NIBBLE)
    seen >>= 1  # not the empty cells
    count = 0
    while seen:
        seen &= seen - 1
        count += 1
    return count


@compiled_each_process  # recursive
def chance_value(board: np.uint64, reach: float, depth: int, limit: int, row_left: np.ndarray,
                 row_right: np.ndarray, col_up: np.ndarray, col_down: np.ndarray, line_value: np.ndarray,
                 keys: np.ndarray, depths: np.ndarray, values: np.ndarray, stamps: np.ndarray, stamp: int) -> float:
    """The value of a board just moved, before its new tile, ``depth`` moves below the root."""
    if reach < PRUNE or depth >= limit:
        return evaluation(board, line_value)
    slot = np.int64(0)
    if depth < CACHE_DEPTH:
        slot = np.int64((board * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(64 - TABLE_BITS))
        if stamps[slot] == stamp and keys[slot] == board and depths[slot] <= depth:
            return values[slot]
    empty = empty_cells(board)
    reach /= empty
    total = 0.0
    for k in range(16):
        shift = np.uint64(4 * k)
        if (board >> shift) & _NIBBLE != 0:
            continue
        for exponent in range(1, 3):
            probability = 0.9 if exponent == 1 else 0.1
            child = board | (np.uint64(exponent) << shift)
            # A child past the cut-offs is its evaluation: worked out here, not in a call.
            horizon = reach * probability < PRUNE or depth + 1 >= limit
            best = 0.0
            for direction in range(4):
                after = moved(child, direction, row_left, row_right, col_up, col_down)
                if after != child:
                    if horizon:
                        value = evaluation(after, line_value)
                    else:
                        value = chance_value(after, reach * probability, depth + 1, limit, row_left, row_right,
                                             col_up, col_down, line_value, keys, depths, values, stamps, stamp)
                    if value > best:
                        best = value
            total += probability * best
    total /= empty
    if depth < CACHE_DEPTH:
        keys[slot], depths[slot], values[slot], stamps[slot] = board, depth, total, stamp
    return total


@compiled_each_process  # calls chance_value
def root_values(board: np.uint64, limit: int, row_left: np.ndarray, row_right: np.ndarray, col_up: np.ndarray,
                col_down: np.ndarray, line_value: np.ndarray, keys: np.ndarray, depths: np.ndarray,
                values: np.ndarray, stamps: np.ndarray, stamp: int) -> np.ndarray:
    """The value of each move at ``board`` (-1 where it moves nothing), ``limit`` moves deep."""
    out = np.full(4, -1.0)
    for direction in range(4):
        after = moved(board, direction, row_left, row_right, col_up, col_down)
        if after != board:
            out[direction] = chance_value(after, 1.0, 0, limit, row_left, row_right, col_up, col_down, line_value,
                                          keys, depths, values, stamps, stamp)
    return out
