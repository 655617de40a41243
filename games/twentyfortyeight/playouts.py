"""Random games of 2048 on a 64-bit board, compiled (boards of at most 4x4).

The board is :class:`~.bitboard.BitboardSearch`'s: cell (r, c) holds its exponent in the
4 bits at 4 * (4r + c), and a move looks its rows (or, transposed, its columns) up in that
search's tables (:func:`.compiled.moved`).  A random game draws, at chance's turn, an empty
cell uniformly and a 2 (9/10) or a 4 (1/10); at the player's turn a uniformly random legal
move, adding the points its merges score.  It ends as the rules end it: no legal move, or
the target tile on the board.

Four bits hold tiles up to 32768 (exponent 15), and the tables do not merge two of them;
a game that reaches that tile goes on by the rules (``moves`` and ``play``) from there, so
the games are always the rules' games.  Imported only when a playout first runs.
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from gamesman.contract.game import CHANCE, CompactPlayouts
from gamesman.games.twentyfortyeight.bitboard import BitboardSearch
from gamesman.games.twentyfortyeight.compiled import moved, transpose
from gamesman.games.twentyfortyeight.tiles import DIRECTIONS, PLAYER, ChanceOutcome, Position, slide
from gamesman.boards.kernels import compiled
from gamesman.players.compiled import below, seeded
from gamesman.players.play import random_outcome

if TYPE_CHECKING:
    from gamesman.games.twentyfortyeight import TwentyFortyEight

#: The largest exponent a cell holds; a board that holds it goes on by the rules.
TOP = 15
#: How a game stopped: at its end, with the record of moves full, or at the top tile.
ENDED, FULL, TOPPED = 0, 1, 2
#: Slots of a game's state (a uint64 array): the board, the score, whose turn (1: chance).
BOARD, SCORE, CHANCE_TURN = 0, 1, 2
#: A recorded chance outcome is CHANCE_CODE + 2 * cell + (0 for a 2, 1 for a 4); a move, its direction.
CHANCE_CODE = 4
RECORD = 4096

_NIBBLE = np.uint64(0xF)
_ROW = np.uint64(0xFFFF)


@compiled
def _highest(board: np.uint64) -> int:
    top = 0
    for k in range(16):
        tile = int((board >> np.uint64(4 * k)) & _NIBBLE)
        if tile > top:
            top = tile
    return top


@compiled
def _points(board: np.uint64, direction: int, row_points: np.ndarray, col_points: np.ndarray,
            transposed: np.uint64) -> int:
    """The points the merges of a move score: row tables for left/right, column tables for up/down."""
    total = 0
    for k in range(4):
        shift = np.uint64(16 * k)
        if direction == 0 or direction == 2:
            total += row_points[direction // 2, (board >> shift) & _ROW]
        else:
            total += col_points[direction // 2, (transposed >> shift) & _ROW]
    return total


@compiled
def random_game(game: np.ndarray, shifts: np.ndarray, target: int, row_left: np.ndarray, row_right: np.ndarray,
                col_up: np.ndarray, col_down: np.ndarray, row_points: np.ndarray, col_points: np.ndarray,
                state: np.ndarray, record: np.ndarray) -> tuple[int, int]:
    """Random play from ``game`` (board, score, chance's turn), which it updates: (how it stopped,
    moves recorded).  ``shifts``: the bit of each real cell; ``target``: the exponent that wins (0: none)."""
    board, score, chance = game[BOARD], int(game[SCORE]), game[CHANCE_TURN] == 1
    played = 0
    cells = len(shifts)
    after = np.zeros(4, dtype=np.uint64)
    stop = ENDED
    while True:
        if target > 0 and _highest(board) >= target:
            break
        if played == len(record):
            stop = FULL
            break
        if chance:
            empty = 0
            for k in range(cells):
                if (board >> shifts[k]) & _NIBBLE == 0:
                    empty += 1
            pick = below(state, empty)
            four = below(state, 10) == 0
            for k in range(cells):
                if (board >> shifts[k]) & _NIBBLE == 0:
                    if pick == 0:
                        was_empty = board == 0
                        board |= np.uint64(2 if four else 1) << shifts[k]
                        record[played] = CHANCE_CODE + 2 * k + (1 if four else 0)
                        chance = was_empty  # the start places two tiles
                        break
                    pick -= 1
        else:
            if _highest(board) >= TOP:
                stop = TOPPED
                break
            legal = 0
            for direction in range(4):
                after[direction] = moved(board, direction, row_left, row_right, col_up, col_down)
                if after[direction] != board:
                    legal += 1
            if legal == 0:
                break
            pick = below(state, legal)
            for direction in range(4):
                if after[direction] != board:
                    if pick == 0:
                        score += _points(board, direction, row_points, col_points, transpose(board))
                        board = after[direction]
                        record[played] = direction
                        chance = True
                        break
                    pick -= 1
        played += 1
    game[BOARD], game[SCORE], game[CHANCE_TURN] = board, np.uint64(score), np.uint64(1 if chance else 0)
    return stop, played


@lru_cache(maxsize=None)
def line_points(length: int) -> np.ndarray:
    """For lines of ``length`` 4-bit cells, by line: the points of moving it towards cell 0,
    and away (2, 2**16); entries of lines longer than ``length`` stay 0."""
    points = np.zeros((2, 1 << 16), dtype=np.int64)
    for index in range(16 ** length):
        line = tuple((index >> (4 * k)) & 0xF for k in range(length))
        points[0, index] = slide(line, TOP)[1]
        points[1, index] = slide(line[::-1], TOP)[1]
    return points


class TwentyFortyEightPlayouts(CompactPlayouts[Position, "str | ChanceOutcome"]):
    """Random games of one 2048 variant (at most 4x4) on a 64-bit board, compiled."""

    def __init__(self, game: "TwentyFortyEight") -> None:
        self.rules = game
        search = BitboardSearch.of(game.rows, game.cols)
        self.search = search
        self.tables = (search.row_left, search.row_right, search.col_up, search.col_down,
                       line_points(game.cols), line_points(game.rows))
        self.target = game.target_exponent or 0

    def game(self, position: Position, seed: int) -> tuple[list[str | ChanceOutcome], tuple[float]]:
        return self.played_out(position, seed, keep=True)

    def utilities(self, position: Position, seed: int) -> tuple[float]:
        return self.played_out(position, seed, keep=False)[1]

    def played_out(self, position: Position, seed: int, keep: bool) -> tuple[list[str | ChanceOutcome], tuple[float]]:
        """The moves (when ``keep``) and the utilities of one random game."""
        rules = self.rules
        turn, score, cells = position
        moves: list[str | ChanceOutcome] = []
        if max(cells) >= TOP:
            return self.by_rules(position, seed, moves)
        game = np.array([self.search.encode(cells), score, int(turn == CHANCE)], dtype=np.uint64)
        state, record = seeded(seed), np.empty(RECORD, dtype=np.int64)
        while True:
            stop, played = random_game(game, self.search.shifts, self.target, *self.tables, state, record)
            if keep:
                moves += [named(code) for code in record[:played].tolist()]
            if stop != FULL:
                break
        turn = CHANCE if game[CHANCE_TURN] else PLAYER
        score = 0 if rules.target else int(game[SCORE])
        reached = (turn, score, tuple(int(tile) for tile in self.search.cells_of(game[:1])[0]))
        if stop == TOPPED:
            return self.by_rules(reached, seed, moves)
        utilities = rules.outcome(reached)
        assert utilities is not None, "a compact game stopped before its end"
        return moves, utilities

    def by_rules(self, position: Position, seed: int, moves: list) -> tuple[list, tuple[float]]:
        """The rest of a random game by ``moves`` and ``play`` (tiles beyond four bits)."""
        rules, rng = self.rules, random.Random(seed)
        while (utilities := rules.outcome(position)) is None:
            move = random_outcome(rules, position, rng) if position[0] == CHANCE else rng.choice(rules.moves(position))
            moves.append(move)
            position = rules.play(position, move)
        return moves, utilities


def named(code: int) -> str | ChanceOutcome:
    """A recorded move as the rules name it: a direction, or a chance outcome (cell, tile)."""
    if code < CHANCE_CODE:
        return DIRECTIONS[code]
    cell, four = divmod(code - CHANCE_CODE, 2)
    return (cell, 4 if four else 2)
