"""Compiled random games for families of games, on bit boards of up to 64 cells.

``line_game`` plays n-in-a-row games where a move puts a piece on any empty cell
(tic-tac-toe); with ``gravity`` a piece drops to the lowest empty cell of its
column (Connect Four: cells numbered row by row, row 0 at the bottom).  A game's
``compact_playouts`` turns its position into masks and calls it; the moves come
back as cell numbers, the end as a code: 0 or 1 the winner, 2 a tie.

Imported only when a playout first runs (it compiles with numba).
"""
from __future__ import annotations

import numpy as np

from gamesman.players.compiled import below, bit_count, compiled, nth_bit

TIE = 2


@compiled
def _has_line(stones: np.uint64, lines: np.ndarray) -> bool:
    for line in lines:
        if stones & line == line:
            return True
    return False


@compiled
def line_game(stones: np.ndarray, turn: int, full: np.uint64, lines: np.ndarray, misere: bool, gravity_cols: int,
              state: np.ndarray, moves: np.ndarray) -> tuple[int, int]:
    """Random play from ``stones`` (one mask per player, ``turn`` to move) until a line or a
    full board: (end code, moves played), the moves written into ``moves``.  A line wins
    for its owner (loses under ``misere``).  ``gravity_cols`` > 0: pieces drop in columns."""
    mine, theirs = stones[turn], stones[1 - turn]
    played = 0
    while True:
        empty = full & ~(mine | theirs)
        if empty == 0:
            return TIE, played
        if gravity_cols > 0:
            # the lowest empty cell of each column: empty cells whose cell below is filled (or row 0)
            filled = mine | theirs
            below_filled = (filled << np.uint64(gravity_cols)) | np.uint64((1 << gravity_cols) - 1)
            empty &= below_filled
        cell = nth_bit(empty, below(state, bit_count(empty)))
        moves[played] = cell
        played += 1
        mine |= np.uint64(1) << np.uint64(cell)
        if _has_line(mine, lines):
            return (1 - turn) if misere else turn, played
        mine, theirs = theirs, mine
        turn = 1 - turn


def line_masks(lines) -> np.ndarray:
    """The lines (tuples of cell numbers) as uint64 masks."""
    return np.array([sum(1 << cell for cell in line) for line in lines], dtype=np.uint64)
