"""Exact values of small 2048 boards with a target, computed a level of boards at a time with numpy."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from gamesman.games.twentyfortyeight.tiles import DIRECTIONS, NEW_TILES, PLAYER, Position, slide

if TYPE_CHECKING:
    from gamesman.games.twentyfortyeight import TwentyFortyEight

#: The most boards an exact table may have: t**cells for target 2**t (3x3 to 64: 6**9).
EXACT_BOARDS = 10_100_000


class ExactTable:
    """The exact value and remoteness of every position of a small target game, computed at once.

    A board whose tiles are all below the target exponent t is the integer
    sum(cell_i * t**i) (cell i in row-major order, 0 when empty), so its t**cells
    boards index numpy arrays: one pair (value, remoteness) for the player to
    move, one for chance to move.  A move keeps the sum of the tile values and a
    new tile raises it, so the boards are valued a level of equal sums at a time
    from the largest down: first with chance to move (from the player positions
    one tile up), then with the player to move (from the chance positions of the
    same level).  A move or a new tile that makes the target wins at once.

    The arithmetic is the solver's max^n, step for step: the same probabilities
    (floats of the exact fractions), the same order of additions, ties between
    moves to the quickest (as the solver breaks them: by the position, never by the
    order of the moves), remoteness the longest game under that play; so the
    results agree with the solver's to the last bit.
    """

    def __init__(self, game: "TwentyFortyEight") -> None:
        t, n = game.target_exponent, game.cells
        if t is None:
            raise ValueError("2048: an exact table needs a target")
        self.exponent = t
        self.weights = t ** np.arange(n, dtype=np.int64)
        size = t ** n
        codes = np.arange(size, dtype=np.int64)
        digits = np.empty((size, n), dtype=np.uint8)
        total = np.zeros(size, dtype=np.int64)  # the sum of the tile values
        for i in range(n):
            digits[:, i] = (codes // self.weights[i]) % t
            total += np.where(digits[:, i] > 0, 1 << digits[:, i].astype(np.int64), 0)
        del codes
        self.player = np.zeros(size), np.zeros(size, dtype=np.int16)
        self.chance = np.zeros(size), np.zeros(size, dtype=np.int16)
        self.lines = game.lines
        # Per direction, per line: the line's code -> its cells' part of the moved board, and a win.
        self.line_moves = {d: [self._line_table(line) for line in game.lines[d]] for d in DIRECTIONS}
        order = np.argsort(-total, kind="stable")
        sums = total[order]
        bounds = np.flatnonzero(np.diff(sums)) + 1
        for level in np.split(order, bounds):
            start = total[level[0]] == 0  # the empty board: chance places a second tile
            self._chance_level(level, digits[level], start)
            self._player_level(level, digits[level])

    def _line_table(self, line: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
        t = self.exponent
        contribution = np.zeros(t ** len(line), dtype=np.int64)
        wins = np.zeros(t ** len(line), dtype=bool)
        for code in range(t ** len(line)):
            moved, _ = slide(tuple((code // t ** k) % t for k in range(len(line))))
            wins[code] = max(moved) >= t
            contribution[code] = sum(tile * int(self.weights[cell]) for tile, cell in zip(moved, line))
        return contribution, wins

    def _chance_level(self, boards: np.ndarray, digits: np.ndarray, start: bool) -> None:
        """Chance to move on ``boards`` (one level; full boards are skipped)."""
        empty = digits == 0
        count = empty.sum(axis=1)
        keep = count > 0
        boards, empty, count = boards[keep], empty[keep], count[keep]
        below_values, below_remote = self.chance if start else self.player
        probabilities = [(exponent, np.array([float(p / k) if k else 0.0 for k in range(len(self.weights) + 1)]))
                         for exponent, p in NEW_TILES]
        total = np.zeros(len(boards))
        longest = np.zeros(len(boards), dtype=np.int32)
        for i in range(len(self.weights)):
            here = np.flatnonzero(empty[:, i])
            for exponent, by_count in probabilities:
                if exponent >= self.exponent:
                    value, remote = np.ones(len(here)), np.zeros(len(here), dtype=np.int32)
                else:
                    child = boards[here] + exponent * self.weights[i]
                    value, remote = below_values[child], below_remote[child]
                total[here] += by_count[count[here]] * value
                longest[here] = np.maximum(longest[here], remote + 1)
        self.chance[0][boards], self.chance[1][boards] = total, longest

    def _player_level(self, boards: np.ndarray, digits: np.ndarray) -> None:
        """The player to move on ``boards`` (one level): the best move (the quickest of equals),
        0 when none is legal."""
        t = self.exponent
        line_weights: dict[int, np.ndarray] = {}
        best = np.full(len(boards), -np.inf)
        remote = np.zeros(len(boards), dtype=np.int32)
        for direction in DIRECTIONS:
            moved = np.zeros(len(boards), dtype=np.int64)
            won = np.zeros(len(boards), dtype=bool)
            for (contribution, wins), cells in zip(self.line_moves[direction], self.lines[direction]):
                weights = line_weights.setdefault(len(cells), t ** np.arange(len(cells), dtype=np.int64))
                code = digits[:, list(cells)].astype(np.int64) @ weights
                moved += contribution[code]
                won |= wins[code]
            moved[won] = 0
            value = np.where(won, 1.0, self.chance[0][moved])
            child_remote = np.where(won, 0, self.chance[1][moved])
            quicker = (value == best) & (child_remote + 1 < remote)
            better = (won | (moved != boards)) & ((value > best) | quicker)
            best[better] = value[better]
            remote[better] = child_remote[better] + 1
        stuck = best == -np.inf
        best[stuck], remote[stuck] = 0.0, 0
        self.player[0][boards], self.player[1][boards] = best, remote

    def result(self, position: Position) -> tuple[float, int]:
        """(value, remoteness) of a position of this game."""
        turn, _, cells = position
        if max(cells) >= self.exponent:
            return 1.0, 0
        code = sum(tile * int(weight) for tile, weight in zip(cells, self.weights))
        values, remote = self.player if turn == PLAYER else self.chance
        return float(values[code]), int(remote[code])
