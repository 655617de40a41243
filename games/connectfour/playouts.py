"""Random games of Connect Four on two bit boards, compiled (boards of up to 64 cells).

Cell i of the rules' cell string (row 1 first, row by row) is bit i of a uint64
mask, one mask per player; the generic line kernel of
:mod:`gamesman.players.playouts` plays the game in its gravity mode (a piece
drops to the lowest empty cell of its column) and stops at the first line or a
full board.  Imported only when a playout first runs (it compiles with numba).
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from gamesman.boards import text as boards
from gamesman.contract.game import CompactPlayouts, two_player_result
from gamesman.players.compiled import seeded
from gamesman.players.playouts import TIE, line_game, line_masks

if TYPE_CHECKING:
    from gamesman.games.connectfour import ConnectFour, Position



class ConnectFourPlayouts(CompactPlayouts["Position", int]):
    """Random games of one Connect Four variant on two cell masks (moves are columns)."""

    def __init__(self, game: "ConnectFour") -> None:
        self.rules = game
        self.lines = line_masks(boards.lines(game.rows, game.cols, game.in_a_row))
        self.full = np.uint64((1 << game.size) - 1)

    def run(self, position: "Position", seed: int) -> tuple[tuple[float, float], np.ndarray]:
        """The utilities of one random game, and the cells its pieces landed on."""
        turn, cells, _ = position
        rules = self.rules
        landed = np.empty(rules.size, dtype=np.int64)
        end, played = line_game(self.stones(cells), turn, self.full, self.lines, rules.misere, rules.cols,
                                seeded(seed), landed)
        return two_player_result(None if end == TIE else int(end)), landed[:played]

    def named(self, moves: np.ndarray) -> list[int]:
        """The cells the pieces landed on as the columns played."""
        return (moves % self.rules.cols).tolist()

    @lru_cache(maxsize=4096)
    def stones(self, cells: str) -> np.ndarray:
        """The masks of x's and o's pieces."""
        return np.array([sum(1 << i for i, cell in enumerate(cells) if cell == piece)
                         for piece in self.rules.player_names], dtype=np.uint64)
