"""Compiled random games for families of games, on bit boards of up to 64 cells.

* ``line_game`` plays n-in-a-row games where a move puts a piece on any empty cell
  (tic-tac-toe); with ``gravity`` a piece drops to the lowest empty cell of its
  column (Connect Four: cells numbered row by row, row 0 at the bottom).  The moves
  come back as cell numbers, the end as a code: 0 or 1 the winner, 2 a tie.
* ``heap_game`` plays take-away games on heaps (Nim, Nim3P): a move takes 1 to
  ``take`` items from one heap, until every heap is empty.
* ``triangle_game`` plays edge-colouring games on a complete graph (Sim): a player
  who closes a triangle of their own colour is out, play goes on while two players
  are in and an edge is free.

Each picks uniformly among the legal moves, as a playout by the rules does.  A
game's ``compact_playouts`` turns its position into arrays or masks and calls one.

Imported only when a playout first runs (it compiles with numba).
"""
from __future__ import annotations

import numpy as np

from gamesman.boards.kernels import bit_count, compiled
from gamesman.players.compiled import below, nth_bit

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


@compiled
def heap_game(heaps: np.ndarray, take: int, turn: int, players: int, state: np.ndarray,
              moves: np.ndarray) -> tuple[int, int]:
    """Random play on ``heaps`` (changed in place), each move one of the (heap, count) pairs
    with count from 1 to ``take`` and at most the heap, until every heap is empty: (the player
    to move then, moves played), the moves written as rows of ``moves``; turns go round
    ``players`` players."""
    played = 0
    while True:
        total = 0
        for items in heaps:
            total += min(items, take)
        if total == 0:
            return turn, played
        pick = below(state, total)
        heap = 0
        while pick >= min(heaps[heap], take):
            pick -= min(heaps[heap], take)
            heap += 1
        heaps[heap] -= pick + 1
        moves[played, 0] = heap
        moves[played, 1] = pick + 1
        played += 1
        turn = (turn + 1) % players


@compiled
def triangle_game(colours: np.ndarray, out: int, turn: int, free: np.uint64, pairs: np.ndarray,
                  state: np.ndarray, moves: np.ndarray) -> tuple[int, int]:
    """Random play on a complete graph's edges: ``colours`` (changed in place) holds each
    player's edges as a mask, ``out`` the players out as bits, ``free`` the free edges, and
    ``pairs[e]`` the masks of the two other edges of each triangle through edge ``e``.  A
    player who colours the last edge of a triangle of their colour is out; the next player in
    turn is the next one still in.  Until one player is left in or no edge is free: (the
    players out, moves played), the edges coloured written into ``moves``."""
    players = len(colours)
    played = 0
    while players - bit_count(np.uint64(out)) > 1 and free:
        edge = nth_bit(free, below(state, bit_count(free)))
        bit = np.uint64(1) << np.uint64(edge)
        free &= ~bit
        mine = colours[turn] | bit
        colours[turn] = mine
        moves[played] = edge
        played += 1
        for pair in pairs[edge]:
            if mine & pair == pair:
                out |= 1 << turn
                break
        turn = (turn + 1) % players
        while (out >> turn) & 1:
            turn = (turn + 1) % players
    return out, played
