"""Othello on bit boards (up to 64 cells), compiled: random games and an alpha-beta player.

Cell i of the rules' cell string is bit i of a uint64 mask; a position is the
mask of the mover's pieces and the mask of the other's.  A shift moves every
piece one step in one of eight directions (pieces that would leave the board,
or wrap to the next row, are dropped).

``bitalphabeta [DEPTH] [--time SECONDS]`` is Othello's search player: negamax
alpha-beta with iterative deepening, the best move of the previous depth
searched first, and children ordered by a square table (corners first, the
cells next to an empty corner last).  Its evaluation, for the player to move:

* corners held, and pieces on the X and C cells next to an empty corner;
* mobility (places to play) and potential mobility (empty cells next to the
  other's pieces: frontier);
* edge pieces anchored to an owned corner (stable, never flipped again);
* parity (who will play the last empty cell) once the board is nearly full;
* at the end, the piece difference, beyond any estimate.

Imported only when a search or a playout first runs (it compiles with numba).
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from gamesman.contract.errors import GameError
from gamesman.contract.game import CompactPlayouts, two_player_result
from gamesman.contract.strategy import Choice, Strategy
from gamesman.boards.kernels import bit_count, compiled
from gamesman.players.compiled import below, nth_bit, ready_or_python, seeded
from gamesman.players.search import RUN_AS_PYTHON, count_words, counted, deepen, parse_budget

if TYPE_CHECKING:
    from gamesman.games.othello import Move, Othello, Position

PASS_CODE = -1
#: Scores of ended games: beyond any estimate, plus the piece difference.
WON = 100_000.0
MAX_DEPTH = 64
#: The name of the search's kernels for the background warm-up (``gamesman.players.compiled.WARMUP``).
SEARCH_KERNELS = "othello bitalphabeta"
DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


class Board:
    """The shifts, masks and tables of one board size."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        cells = rows * cols
        self.full = np.uint64((1 << cells) - 1)
        column = [sum(1 << (r * cols + c) for r in range(rows)) for c in range(cols)]
        self.shifts = np.array([dr * cols + dc for dr, dc in DIRECTIONS], dtype=np.int64)
        masks = []
        for _, dc in DIRECTIONS:
            keep = (1 << cells) - 1
            if dc == 1:
                keep &= ~column[0]  # a step right never lands in the first column
            elif dc == -1:
                keep &= ~column[-1]
            masks.append(keep)
        self.masks = np.array(masks, dtype=np.uint64)
        self.steps = max(rows, cols)
        corners = (0, cols - 1, cells - cols, cells - 1)
        self.corners = np.array(corners, dtype=np.int64)
        # for each corner: its X cell (diagonal) and its two C cells (along the edges), and the
        # steps from it along its row and along its column (edges of cols and of rows cells)
        near, edge_steps = [], []
        for corner in corners:
            r, c = divmod(corner, cols)
            dr, dc = (1 if r == 0 else -1), (1 if c == 0 else -1)
            near.append(((r + dr) * cols + c + dc, r * cols + c + dc, (r + dr) * cols + c))
            edge_steps.append((dc, dr * cols))
        self.near = np.array(near, dtype=np.int64)
        self.edge_steps = np.array(edge_steps, dtype=np.int64)
        self.edge_length = np.array([cols, rows], dtype=np.int64)
        order = sorted(range(cells), key=lambda i: -_square_priority(i, rows, cols))
        self.order = np.array(order, dtype=np.int64)

    def masks_of(self, position: tuple[int, str], names: tuple[str, ...]) -> tuple[np.uint64, np.uint64]:
        """The mover's and the other's pieces."""
        turn, cells = position
        backwards = cells[::-1]  # cell 0 is the lowest bit
        mine, theirs = (int(backwards.translate(_binary_digits(names[player], names)), 2)
                        for player in (turn, 1 - turn))
        return np.uint64(mine), np.uint64(theirs)


@lru_cache(maxsize=None)
def _binary_digits(name: str, names: tuple[str, ...]) -> dict[int, str]:
    """A str.translate table: ``name``'s pieces to 1, every other cell to 0."""
    return {ord(cell): "1" if cell == name else "0" for cell in (*names, "-")}


def _square_priority(cell: int, rows: int, cols: int) -> int:
    """Move ordering: corners, then edges, then inner cells; cells next to a corner last."""
    r, c = divmod(cell, cols)
    on_row_edge, on_col_edge = r in (0, rows - 1), c in (0, cols - 1)
    if on_row_edge and on_col_edge:
        return 4
    near_row, near_col = r in (1, rows - 2) or on_row_edge, c in (1, cols - 2) or on_col_edge
    if near_row and near_col:
        return 0  # X and C cells
    return 2 if on_row_edge or on_col_edge else 1


# -- the rules on bit boards -------------------------------------------------------------------


@compiled
def _shift(stones: np.uint64, amount: int, keep: np.uint64) -> np.uint64:
    if amount > 0:
        return (stones << np.uint64(amount)) & keep
    return (stones >> np.uint64(-amount)) & keep


@compiled
def placements(mine: np.uint64, theirs: np.uint64, full: np.uint64, shifts: np.ndarray, masks: np.ndarray,
               steps: int) -> np.uint64:
    """The empty cells where the owner of ``mine`` may place a piece."""
    empty = full & ~(mine | theirs)
    found = np.uint64(0)
    for d in range(8):
        run = _shift(mine, shifts[d], masks[d]) & theirs
        for _ in range(steps):
            run |= _shift(run, shifts[d], masks[d]) & theirs
        found |= _shift(run, shifts[d], masks[d]) & empty
    return found


@compiled
def flips(placed: np.uint64, mine: np.uint64, theirs: np.uint64, shifts: np.ndarray, masks: np.ndarray,
          steps: int) -> np.uint64:
    """The other's pieces that a piece ``placed`` (a one-bit mask) encloses."""
    flipped = np.uint64(0)
    for d in range(8):
        run = _shift(placed, shifts[d], masks[d]) & theirs
        for _ in range(steps):
            run |= _shift(run, shifts[d], masks[d]) & theirs
        if _shift(run, shifts[d], masks[d]) & mine:
            flipped |= run
    return flipped


@compiled
def random_game(mine: np.uint64, theirs: np.uint64, full: np.uint64, shifts: np.ndarray, masks: np.ndarray,
                steps: int, anywhere: bool, state: np.ndarray, moves: np.ndarray) -> tuple[int, int]:
    """Uniformly random play to the end: (the mover's pieces minus the other's at the end,
    from the first mover's side), moves played; passes are written as -1."""
    played = 0
    sign = 1
    while True:
        empty = full & ~(mine | theirs)
        if anywhere:
            if empty == 0:
                break
            options = empty
        else:
            options = placements(mine, theirs, full, shifts, masks, steps)
            if options == 0:
                if placements(theirs, mine, full, shifts, masks, steps) == 0:
                    break
                moves[played] = -1
                played += 1
                mine, theirs = theirs, mine
                sign = -sign
                continue
        cell = nth_bit(options, below(state, bit_count(options)))
        moves[played] = cell
        played += 1
        placed = np.uint64(1) << np.uint64(cell)
        flipped = flips(placed, mine, theirs, shifts, masks, steps)
        mine, theirs = theirs & ~flipped, mine | placed | flipped
        sign = -sign
    return sign * (bit_count(mine) - bit_count(theirs)), played


class OthelloPlayouts(CompactPlayouts["Position", "Move"]):
    """Random games of Othello on two bit boards, compiled (boards of up to 64 cells)."""

    def __init__(self, game: Othello, pass_move: str) -> None:
        self.rules, self.pass_move = game, pass_move
        self.board = Board(game.rows, game.cols)

    def run(self, position: Position, seed: int) -> tuple[tuple[float, float], np.ndarray]:
        """The utilities and the moves of one random game."""
        board, rules = self.board, self.rules
        mine, theirs = board.masks_of(position, rules.player_names)
        moves = np.empty(4 * board.rows * board.cols + 4, dtype=np.int64)
        lead, played = random_game(mine, theirs, board.full, board.shifts, board.masks, board.steps,
                                   rules.place_anywhere, seeded(seed), moves)
        return _result(position[0], lead, rules.misere), moves[:played]

    def named(self, moves: np.ndarray) -> list[Move]:
        """Cell numbers, and the pass by its name."""
        return [self.pass_move if move == PASS_CODE else move for move in moves.tolist()]


def _result(turn: int, lead: int, misere: bool) -> tuple[float, float]:
    """The utilities of an ended game in which the player ``turn`` leads by ``lead`` pieces."""
    if lead == 0:
        return two_player_result(None)
    return two_player_result(turn if (lead > 0) != misere else 1 - turn)


# -- alpha-beta on bit boards ------------------------------------------------------------------


@compiled
def evaluate(mine: np.uint64, theirs: np.uint64, full: np.uint64, shifts: np.ndarray, masks: np.ndarray, steps: int,
             corners: np.ndarray, near: np.ndarray, edge_steps: np.ndarray, edge_length: np.ndarray,
             cells: int) -> float:
    """The estimate for the owner of ``mine`` to move (see the module docstring)."""
    my_moves = bit_count(placements(mine, theirs, full, shifts, masks, steps))
    their_moves = bit_count(placements(theirs, mine, full, shifts, masks, steps))
    my_count, their_count = bit_count(mine), bit_count(theirs)
    if my_moves == 0 and their_moves == 0:
        lead = my_count - their_count
        return WON + lead if lead > 0 else -WON + lead if lead < 0 else 0.0
    empty = full & ~(mine | theirs)
    score = 0.0
    # corners, and the cells next to an empty corner
    for k in range(4):
        corner = np.uint64(1) << np.uint64(corners[k])
        if mine & corner:
            score += 25.0
        elif theirs & corner:
            score -= 25.0
        else:
            for j in range(3):
                cell = np.uint64(1) << np.uint64(near[k, j])
                weight = 8.0 if j == 0 else 3.0
                if mine & cell:
                    score -= weight
                elif theirs & cell:
                    score += weight
    # edges anchored to a corner: runs of one colour from an owned corner
    for k in range(4):
        for e in range(2):
            step = edge_steps[k, e]
            at = corners[k]
            bit = np.uint64(1) << np.uint64(at)
            owner = mine if mine & bit else theirs if theirs & bit else np.uint64(0)
            if owner == 0:
                continue
            sign = 1.0 if owner == mine else -1.0
            for _ in range(edge_length[e] - 1):
                at += step
                if not owner & (np.uint64(1) << np.uint64(at)):
                    break
                score += 2.0 * sign
    # mobility and frontier
    score += 12.0 * (my_moves - their_moves) / (my_moves + their_moves + 2)
    frontier_mine = np.uint64(0)
    frontier_theirs = np.uint64(0)
    for d in range(8):
        frontier_mine |= _shift(empty, shifts[d], masks[d]) & mine
        frontier_theirs |= _shift(empty, shifts[d], masks[d]) & theirs
    fm, ft = bit_count(frontier_mine), bit_count(frontier_theirs)
    score -= 6.0 * (fm - ft) / (fm + ft + 2)
    # pieces count more as the board fills; parity near the end
    left = bit_count(empty)
    filled = 1.0 - left / cells
    score += 20.0 * filled * filled * (my_count - their_count) / (my_count + their_count)
    if left <= 12:
        score += 2.0 if left % 2 == 1 else -2.0
    return score


@compiled
def negamax(mine: np.uint64, theirs: np.uint64, depth: int, alpha: float, beta: float, full: np.uint64,
            shifts: np.ndarray, masks: np.ndarray, steps: int, corners: np.ndarray, near: np.ndarray,
            edge_steps: np.ndarray, edge_length: np.ndarray, cells: int, order: np.ndarray,
            counters: np.ndarray) -> float:
    """The value of the position for the owner of ``mine`` (to move), ``depth`` plies deep.
    ``counters``: [nodes searched, node limit, 1 when the limit stopped the search,
    1 when an estimate was used (the value is not exact)]."""
    counters[0] += 1
    if counters[0] >= counters[1]:
        counters[2] = 1
        return 0.0
    options = placements(mine, theirs, full, shifts, masks, steps)
    if options == 0:
        if placements(theirs, mine, full, shifts, masks, steps) == 0:
            lead = bit_count(mine) - bit_count(theirs)
            return WON + lead if lead > 0 else -WON + lead if lead < 0 else 0.0
        if depth <= 0:
            counters[3] = 1
            return evaluate(mine, theirs, full, shifts, masks, steps, corners, near, edge_steps, edge_length, cells)
        return -negamax(theirs, mine, depth - 1, -beta, -alpha, full, shifts, masks, steps, corners, near,
                        edge_steps, edge_length, cells, order, counters)
    if depth <= 0:
        counters[3] = 1
        return evaluate(mine, theirs, full, shifts, masks, steps, corners, near, edge_steps, edge_length, cells)
    best = -np.inf
    for cell in order:
        placed = np.uint64(1) << np.uint64(cell)
        if not options & placed:
            continue
        flipped = flips(placed, mine, theirs, shifts, masks, steps)
        value = -negamax(theirs & ~flipped, mine | placed | flipped, depth - 1, -beta, -alpha, full, shifts, masks,
                         steps, corners, near, edge_steps, edge_length, cells, order, counters)
        if counters[2]:
            return 0.0
        if value > best:
            best = value
        if value > alpha:
            alpha = value
        if alpha >= beta:
            break
    return best


@compiled
def search_root(mine: np.uint64, theirs: np.uint64, moves: np.ndarray, depth: int, full: np.uint64,
                shifts: np.ndarray, masks: np.ndarray, steps: int, corners: np.ndarray, near: np.ndarray,
                edge_steps: np.ndarray, edge_length: np.ndarray, cells: int, order: np.ndarray,
                counters: np.ndarray, values: np.ndarray) -> None:
    """The value of each root move (in the given order) at ``depth``: exact for the best,
    an upper bound for the others (each is searched with the best value so far as alpha)."""
    alpha = -np.inf
    for k in range(len(moves)):
        placed = np.uint64(1) << np.uint64(moves[k])
        flipped = flips(placed, mine, theirs, shifts, masks, steps)
        after_mine, after_theirs = theirs & ~flipped, mine | placed | flipped
        value = -negamax(after_mine, after_theirs, depth - 1, -np.inf, -alpha, full, shifts, masks, steps, corners,
                         near, edge_steps, edge_length, cells, order, counters)
        if counters[2]:
            return
        values[k] = value
        if value > alpha:
            alpha = value


@dataclass
class BitAlphaBeta(Strategy):
    """Othello's search player: compiled alpha-beta on bit boards (see the module docstring)."""

    game: Othello
    depth: int | None = None
    seconds: float | None = None
    name = "bitalphabeta"
    searches_positions = True
    nodes: int = field(default=0, init=False, repr=False)
    uncompiled: bool = field(default=False, init=False, repr=False)  # the last search ran as Python

    def __post_init__(self) -> None:
        if self.game.rows * self.game.cols > 64 or self.game.place_anywhere:
            raise GameError("bitalphabeta: boards of up to 64 cells, without place_anywhere (use alphabeta)")
        self.board = Board(self.game.rows, self.game.cols)

    def describe(self) -> str:
        return " ".join(["bitalphabeta", *count_words(self.depth, self.seconds)])

    def choose(self, position: Position) -> Choice:
        moves = self.moves_to_choose(position)
        if len(moves) == 1:
            return self.only_move(position, moves[0])
        move, value, depth, exact, seconds = self.search(position, moves)
        return Choice(move, self.reason(position, move, value, depth, exact, seconds))

    def reason(self, position: Position, move: int, value: float, depth: int, exact: bool, seconds: float) -> str:
        said = f"{self.game.format_move(position, move)}: "
        if abs(value) >= WON:
            lead = int(value - math.copysign(WON, value))
            said += ("forced win" if value > 0 else "forced loss") + f" by {abs(lead)} pieces"
        elif exact and value == 0:
            said += "forced tie"
        else:
            said += f"score {math.tanh(value / 40) + 0.0:+.2f}"
        said += f" at depth {depth}, {counted(self.nodes, 'node')} in {seconds:.2f} s"
        return said + RUN_AS_PYTHON if self.uncompiled else said

    def search(self, position: Position, moves: list) -> tuple[int, float, int, bool, float]:
        """Iterative deepening: (best move, its value, the deepest complete depth, exact, seconds)."""
        started = time.monotonic()  # the budget counts from here: loading the compiled code too
        board = self.board
        mine, theirs = board.masks_of(position, self.game.player_names)
        shuffled = list(moves)
        self.rng.shuffle(shuffled)
        order = np.array(shuffled, dtype=np.int64)
        cells = board.rows * board.cols

        def warm() -> None:  # compiled (or loaded from numba's cache) before the rate of a depth is measured
            search_root(mine, theirs, order[:1], 1, board.full, board.shifts, board.masks, board.steps, board.corners,
                        board.near, board.edge_steps, board.edge_length, cells, board.order,
                        np.array([0, 1, 0, 0], dtype=np.int64), np.zeros(1))

        root, self.uncompiled = ready_or_python(SEARCH_KERNELS, search_root, warm, self.seconds is not None)
        best, value, reached, exact, self.nodes = deepen(
            lambda moves, depth, counters, values: root(
                mine, theirs, moves, depth, board.full, board.shifts, board.masks, board.steps, board.corners,
                board.near, board.edge_steps, board.edge_length, cells, board.order, counters, values),
            order, self.depth or MAX_DEPTH, None if self.seconds is None else started + self.seconds, WON)
        return int(best), value, reached, exact, time.monotonic() - started


def make_bitalphabeta(game: Othello, rng: random.Random, args: list[str]) -> BitAlphaBeta:
    """``bitalphabeta [DEPTH] [--time SECONDS]``; without arguments the default time budget."""
    depth, seconds = parse_budget("bitalphabeta", args, "depth", 1, MAX_DEPTH)
    return BitAlphaBeta(game, rng, depth=depth, seconds=seconds)
