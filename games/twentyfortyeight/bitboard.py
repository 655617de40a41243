"""2048's expectimax fast path: the board evaluation and a search over 64-bit boards (at most 4x4)."""
from __future__ import annotations

import importlib.util
import time
from functools import lru_cache
from typing import Sequence

import numpy as np

from gamesman.games.twentyfortyeight.tiles import slide

# -- the board evaluation -------------------------------------------------------
# The weights of the well-known expectimax player of nneonneo/2048-ai.
LINE_BASE = 200_000.0
EMPTY_WEIGHT = 270.0
MERGES_WEIGHT = 700.0
MONOTONICITY_POWER = 4.0
MONOTONICITY_WEIGHT = 47.0
SUM_POWER = 3.5
SUM_WEIGHT = 11.0


def line_values(lines: np.ndarray) -> np.ndarray:
    """How promising each row or column of exponents is (an (n, length) array in, n values out).

    Rewards empty cells and equal tiles next to each other (gaps ignored: a
    run of k equal tiles counts k), punishes lines that go up and down (the
    smaller of the two monotonicity sums) and large tiles (they should be few).
    """
    tiles = np.take_along_axis(lines, np.argsort(lines == 0, axis=1, kind="stable"), axis=1)
    equal = (tiles[:, 1:] == tiles[:, :-1]) & (tiles[:, 1:] != 0)
    run_starts = equal.copy()
    run_starts[:, 1:] &= ~equal[:, :-1]
    merges = equal.sum(axis=1) + run_starts.sum(axis=1)
    steps = np.diff(lines.astype(float) ** MONOTONICITY_POWER, axis=1)
    rising = np.where(steps > 0, steps, 0.0).sum(axis=1)
    falling = np.where(steps < 0, -steps, 0.0).sum(axis=1)
    size = (lines.astype(float) ** SUM_POWER).sum(axis=1)
    return (LINE_BASE + EMPTY_WEIGHT * (lines == 0).sum(axis=1) + MERGES_WEIGHT * merges
            - MONOTONICITY_WEIGHT * np.minimum(rising, falling) - SUM_WEIGHT * size)


@lru_cache(maxsize=1 << 16)
def line_value(line: tuple[int, ...]) -> float:
    """``line_values`` of one line (cached: searches meet the same lines again and again)."""
    return float(line_values(np.array([line]))[0])


# -- the expectimax fast path (boards of at most 4x4) ---------------------------
class BitboardSearch:
    """Expectimax over 64-bit boards, a layer of the tree at a time with numpy.

    A board of at most 4x4 sits in the top-left corner of a 4x4 grid of 4-bit
    cells: cell (r, c) holds the exponent at bit 4 * (4r + c), so row r is the
    16 bits at 16r.  Moving left or right looks a row up in a table; moving up
    or down transposes the grid and looks its columns up.  The tree alternates
    player nodes (the best move's value; a board with no move is worth less
    than any live one) and chance nodes (the probability-weighted mean over
    new tiles); a chance node at the depth limit, or reached with probability
    below PRUNE, is worth its evaluation.
    """

    PRUNE = 1e-4
    LEAF_BUDGET = 50_000  # the automatic depth keeps a search near this many leaves

    def __init__(self, rows: int, cols: int, target: int | None = None) -> None:
        self.rows, self.cols = rows, cols
        self.target = target  # the exponent of the tile that wins, or None
        row_left, row_right, row_value = _line_tables(cols)
        col_up, col_down, col_value = _line_tables(rows)
        self.row_left, self.row_right, self.row_value = row_left, row_right, row_value
        self.col_up, self.col_down = _spread(col_up), _spread(col_down)
        self.col_value = col_value
        self.real = np.array([4 * r + c for r in range(rows) for c in range(cols)])  # the board's cells in 4x4
        self.shifts = (4 * self.real).astype(np.uint64)
        # Below any live board: every row and column at its worst; above any: at its best.
        self.dead = rows * float(row_value[:16 ** cols].min()) + cols * float(col_value[:16 ** rows].min()) - 1.0
        self.won = rows * float(row_value[:16 ** cols].max()) + cols * float(col_value[:16 ** rows].max()) + 1.0

    @staticmethod
    @lru_cache(maxsize=None)
    def of(rows: int, cols: int, target: int | None = None) -> "BitboardSearch":
        """The search for one board size and target exponent (its tables are built once)."""
        return BitboardSearch(rows, cols, target)

    def encode(self, cells: Sequence[int]) -> int:
        board = 0
        for index, tile in enumerate(cells):
            board |= tile << int(self.shifts[index])
        return board

    # -- whole layers of boards ---------------------------------------------------
    def transpose(self, boards: np.ndarray) -> np.ndarray:
        """Rows become columns (the 4x4 grid transposed)."""
        a1 = boards & 0xF0F00F0FF0F00F0F
        a2 = boards & 0x0000F0F00000F0F0
        a3 = boards & 0x0F0F00000F0F0000
        a = a1 | (a2 << 12) | (a3 >> 12)
        b1 = a & 0xFF00FF0000FF00FF
        b2 = a & 0x00FF00FF00000000
        b3 = a & 0x00000000FF00FF00
        return b1 | (b2 >> 24) | (b3 << 24)

    def lines(self, boards: np.ndarray) -> tuple[list[np.ndarray], list[np.ndarray]]:
        """The rows and the columns of each board, as 16-bit table indices."""
        transposed = self.transpose(boards)
        rows = [(boards >> (16 * r)) & 0xFFFF for r in range(self.rows)]
        cols = [(transposed >> (16 * c)) & 0xFFFF for c in range(self.cols)]
        return rows, cols

    def cells_of(self, boards: np.ndarray) -> np.ndarray:
        """An (n, cells) array: the exponent in each cell of the board, row by row."""
        octets = boards.astype("<u8").view(np.uint8).reshape(-1, 8)
        cells = np.empty((len(boards), 16), dtype=np.uint8)
        cells[:, 0::2] = octets & 0xF
        cells[:, 1::2] = octets >> 4
        return cells if len(self.real) == 16 else cells[:, self.real]

    def after_moves(self, boards: np.ndarray) -> np.ndarray:
        """An (n, 4) array: each board after left, up, right, down."""
        rows, cols = self.lines(boards)
        out = np.zeros((len(boards), 4), dtype=np.uint64)
        for r, row in enumerate(rows):
            out[:, 0] |= self.row_left[row] << (16 * r)
            out[:, 2] |= self.row_right[row] << (16 * r)
        for c, col in enumerate(cols):
            out[:, 1] |= self.col_up[col] << (4 * c)
            out[:, 3] |= self.col_down[col] << (4 * c)
        return out

    def evaluation(self, boards: np.ndarray) -> np.ndarray:
        rows, cols = self.lines(boards)
        total = np.zeros(len(boards))
        for row in rows:
            total += self.row_value[row]
        for col in cols:
            total += self.col_value[col]
        return total

    def reached(self, boards: np.ndarray) -> np.ndarray:
        """For each board, whether it holds the target tile (never without a target)."""
        if self.target is None:
            return np.zeros(len(boards), dtype=bool)
        return self.cells_of(boards).max(axis=1) >= self.target

    def chance_values(self, boards: np.ndarray, reach: np.ndarray, depth: int) -> tuple[np.ndarray, int]:
        """Values of chance nodes (boards just moved), searching ``depth`` more moves.

        A board that holds the target is won: worth ``won``, above any live board.
        """
        won = self.reached(boards)
        if depth == 0:
            values = self.evaluation(boards)
            values[won] = self.won
            return values, len(boards)
        values = np.where(won, self.won, 0.0)
        expand = (reach >= self.PRUNE) & ~won
        leaf = np.nonzero(~expand & ~won)[0]
        values[leaf] = self.evaluation(boards[leaf])
        deeper = np.nonzero(expand)[0]
        if not len(deeper):
            return values, len(leaf)
        expanded = boards[deeper]
        empty = self.cells_of(expanded) == 0
        parent, cell = np.nonzero(empty)
        count = empty.sum(axis=1)[parent]
        bit = self.shifts[cell]
        children = np.concatenate([expanded[parent] | (np.uint64(1) << bit),
                                   expanded[parent] | (np.uint64(2) << bit)])
        weights = np.concatenate([0.9 / count, 0.1 / count])
        parents = np.concatenate([parent, parent])
        child_values, below = self.player_values(children, reach[deeper][parents] * weights, depth)
        values[deeper] = np.bincount(parents, weights * child_values, minlength=len(deeper))
        return values, len(leaf) + below

    def player_values(self, boards: np.ndarray, reach: np.ndarray, depth: int) -> tuple[np.ndarray, int]:
        """Values of player nodes: the best move's value, ``dead`` when none is legal, ``won``
        when a new tile made the target (a 4 with target 4)."""
        moved = self.after_moves(boards)
        parent, direction = np.nonzero(moved != boards[:, None])
        child_values, leaves = self.chance_values(moved[parent, direction], reach[parent], depth - 1)
        values = np.full(len(boards), self.dead)
        np.maximum.at(values, parent, child_values)
        values[self.reached(boards)] = self.won
        return values, leaves

    def root_values(self, board: int, depth: int) -> tuple[dict[int, float], int]:
        """The value of each legal move (direction index) at ``board``, ``depth`` moves deep."""
        start = np.array([board], dtype=np.uint64)
        moved = self.after_moves(start)[0]
        legal = [d for d in range(4) if moved[d] != board]
        if not legal:
            return {}, 0
        values, leaves = self.chance_values(moved[legal], np.ones(len(legal)), depth - 1)
        return dict(zip(legal, values.tolist())), leaves

    def best(self, board: int, depth: int | None, seconds: float | None) -> tuple[int | None, int, int]:
        """(direction index or None, depth searched, leaves evaluated).

        A fixed ``depth``; or a time budget in ``seconds`` (deepening while the
        next depth should fit); or neither: deepening while the next depth
        should stay within LEAF_BUDGET leaves, so games replay exactly.
        """
        if depth is not None:
            values, leaves = self.root_values(board, depth)
            return (max(values, key=values.__getitem__) if values else None), depth, leaves
        began = time.perf_counter()
        values, leaves = self.root_values(board, 1)
        done, total, previous = 1, leaves, max(leaves, 1)
        while values:
            guess = leaves * max(leaves / previous, 2.0)  # the next depth's leaves
            if seconds is not None:
                spent = time.perf_counter() - began
                if spent + spent * guess / max(total, 1) > seconds:
                    break
            elif guess > self.LEAF_BUDGET or done >= 12:
                break
            deeper, found = self.root_values(board, done + 1)
            previous, leaves, done, values = max(leaves, 1), found, done + 1, deeper
            total += found
        return (max(values, key=values.__getitem__) if values else None), done, total


class DeepSearch:
    """The deep expectimax of 4x4 games without a target, compiled with numba (see ``compiled``).

    It plays the time budgets (``expectimax 20ms``): deepening one move at a time while the
    next depth should fit, up to twice ``max(3, distinct tiles - 2)`` moves (the depth rule of
    nneonneo's player: deeper as the board fills with different tiles and a wrong move costs
    more).  Spawns reached with probability below ``compiled.PRUNE`` are cut off, and chance
    nodes are shared through a transposition table, marked stale at each new search.
    """

    def __init__(self) -> None:
        import gamesman.games.twentyfortyeight.compiled as compiled

        self.compiled = compiled
        toward, away, value = _line_tables(4)
        self.tables = (toward, away, _spread(toward), _spread(away), value)
        size = 1 << compiled.TABLE_BITS
        self.keys = np.zeros(size, dtype=np.uint64)
        self.depths = np.zeros(size, dtype=np.int64)
        self.values = np.zeros(size)
        self.stamps = np.zeros(size, dtype=np.int64)
        self.stamp = 0
        self.move_values(1, 1)  # compiled now (seconds), not within the first move's time budget

    @staticmethod
    @lru_cache(maxsize=None)
    def shared() -> "DeepSearch | None":
        """The one deep search (its tables are large), or None when numba is not installed."""
        if importlib.util.find_spec("numba") is None:
            return None
        return DeepSearch()

    def move_values(self, board: int, limit: int) -> np.ndarray:
        """The value of each direction, -1 where it moves nothing, searching ``limit`` moves deep."""
        self.stamp += 1
        return self.compiled.root_values(np.uint64(board), limit, *self.tables, self.keys, self.depths,
                                         self.values, self.stamps, self.stamp)

    def best(self, board: int, seconds: float) -> tuple[int | None, int]:
        """(direction index or None, depth searched): deepening one move at a time while the next
        depth should fit in ``seconds``, up to twice the board's depth."""
        rule = max(3, int(self.compiled.distinct_tiles(np.uint64(board))) - 2)
        began = time.perf_counter()
        values, depth = self.move_values(board, 1), 1
        last, growth = time.perf_counter() - began, 4.0
        while depth < 2 * rule and time.perf_counter() - began + last * growth <= seconds:
            started = time.perf_counter()
            values, depth = self.move_values(board, depth + 1), depth + 1
            took = time.perf_counter() - started
            growth, last = max(4.0, took / max(last, 1e-6)), took  # the next depth costs as much more again
        index = int(np.argmax(values))
        return (index if values[index] >= 0 else None), depth


@lru_cache(maxsize=None)
def _line_tables(length: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For lines of ``length`` 4-bit cells, by line: moved towards cell 0, moved away, and its value.

    Each table has 2**16 entries; those of lines longer than ``length`` stay 0.
    """
    size = 16 ** length
    index = np.arange(size, dtype=np.int64)
    lines = np.stack([(index >> (4 * k)) & 0xF for k in range(length)], axis=1)
    moved = np.array([slide(tuple(line), 15)[0] for line in lines.tolist()], dtype=np.int64)
    toward = np.zeros(1 << 16, dtype=np.uint64)
    away = np.zeros(1 << 16, dtype=np.uint64)
    value = np.zeros(1 << 16)
    toward[:size] = _pack(moved)
    reversed_index = _pack(lines[:, ::-1])
    away[:size] = _pack(np.fliplr(moved)[reversed_index])  # moving away = reverse, move towards, reverse
    value[:size] = line_values(lines)
    return toward, away, value


def _pack(lines: np.ndarray) -> np.ndarray:
    """Lines of exponents as integers of 4-bit cells, cell k at bit 4k."""
    return sum((lines[:, k].astype(np.uint64) << np.uint64(4 * k) for k in range(lines.shape[1])),
               np.zeros(len(lines), dtype=np.uint64))


def _spread(table: np.ndarray) -> np.ndarray:
    """A table of 16-bit lines turned into columns: cell k of the line goes to bit 16k."""
    return ((table & 0xF) | ((table & 0xF0) << 12) | ((table & 0xF00) << 24) | ((table & 0xF000) << 36))
