"""2048 (GBG playground, seeds 000).

One player slides numbered tiles on a grid (4x4 by default).  A move is
``left``, ``up``, ``right`` or ``down``: every tile slides that way as far as
it can, and two equal tiles that meet merge into one tile of twice the value;
the merged value is added to the score.  Merging starts from the side moved
towards and a tile merges at most once per move, so moving left turns
``2 2 2 2`` into ``4 4 - -``, ``2 2 2 -`` into ``4 2 - -`` and ``4 4 8 -``
into ``8 8 - -`` (not 16).  A move is legal only if it moves or merges a tile.
After every move a new tile appears on an empty cell chosen uniformly at
random: a 2 with probability 9/10, a 4 with probability 1/10.  The game ends
when no move is legal.

Chance is explicit: a position is either the player's turn or chance's turn.
The start is the empty board with chance to move; the first two tiles are
placed by two chance steps, drawn like every later tile.  ``chances`` lists
every outcome (a value on a cell) with its exact probability.

Options:

* ``rows``, ``cols``: the board, 2 to 8 each (default 4 and 4).
* ``target`` (default 0: none): the value of a tile that ends the game as a
  win as soon as it is on the board (a move that makes it is not followed by
  a new tile; with target 4 a new 4 wins too).  A power of two from 4 up to
  the largest tile a board of n cells can hold, 2**(n+1).

Utilities: without a target, the final score (the sum of all merged values,
as in the usual game).  With a target: 1 when the target tile was made, 0
when the game ended without it; the score does not count then, so it is not
kept (positions that differ only in the score would be the same position,
which keeps small boards solvable).

Choices where the sheet is silent:

* "Up" is towards row 1, the first row of the position string and the top
  row of the drawing; "left" is towards column a.
* The first two tiles follow the same 9/10 - 1/10 rule as every other tile.
* A board holding a tile of at least the target value is over, whoever's
  turn the position shows (after the winning move it shows chance's turn).

Position: ``(player 16 2,4,-,- -,-,8,- -,-,-,- -,-,-,2)``: whose turn
(``player`` or ``chance``), the score (left out with a target:
``(player 2,4,-,- ...)``), then the rows from row 1 down, each the values of
its cells from column a on, separated by commas, ``-`` for an empty cell.
Parsing is lenient about spaces around commas.  A chance turn needs an
empty cell.

Moves: ``left``, ``up``, ``right``, ``down`` (or their first letters; printed
as the full word).  Chance outcomes are written value ``@`` cell: ``2@b3``,
``4@a1`` (column letter, row number).

Computer players: ``greedy`` (the move that merges the most points now) and
``expectimax [DEPTH | auto | TIMEms]`` come from :mod:`gamesman.players.expectimax`.
On boards of at most 4x4 this game gives expectimax a fast path
(:meth:`TwentyFortyEight.expectimax_choice`): the board as a 64-bit integer
of 4-bit cells, lines moved by lookup tables, and the search tree expanded
one layer at a time with numpy.  ``auto`` (the default) deepens while the
next depth should stay within LEAF_BUDGET leaves: the depth follows the
board, not the clock, so seeded games replay exactly.  Its evaluation is a
weighted sum over every row and column of: empty cells, adjacent equal
tiles (merges to come, a smoothness measure), monotonicity (rows and columns
that rise or fall steadily) and a penalty on large tiles.  A position with
no move counts below every live one.

With a target the expectimax search scores a board holding the target as a
win, above every live board.  ``expectimax`` is the game's search strategy.

Exact solving: without a target, the solver walks the positions reachable
from the start (2x2 only).  With a target, the game knows every value itself
(:class:`ExactTable`, built on first use with numpy over all boards whose
tiles are below the target): up to target 64 on 3x3, every target on 2x3,
and so on while the table stays within EXACT_BOARDS boards (see
``solvable``).  The results are the solver's, to the last bit.

``simulate_report(game, finals)`` summarises simulated games: the score
distribution and how often each tile from 512 to 32768 was reached.
"""
from __future__ import annotations

import re
import statistics
import time
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any, Sequence

import numpy as np

from gamesman.boards import text as boards
from gamesman.boards.codes import TurnNumbersCode
from gamesman.contract.errors import OptionError
from gamesman.contract.game import CHANCE, Game, Option
from gamesman.players.strategies import Choice

if TYPE_CHECKING:
    from gamesman.solver.strong import Result

PLAYER = 0
DIRECTIONS = ("left", "up", "right", "down")
NEW_TILES = ((1, Fraction(9, 10)), (2, Fraction(1, 10)))  # (exponent, probability)

# A position is (turn, score, cells): turn PLAYER or CHANCE, the score (always
# 0 with a target), cells a tuple of exponents row by row (0 for an empty
# cell, k for a tile of value 2**k).
Position = tuple[int, int, tuple[int, ...]]
ChanceOutcome = tuple[int, int]  # (cell index, tile value)

_NUMBER = re.compile(r"[0-9]{1,40}")


@lru_cache(maxsize=1 << 16)
def slide(line: tuple[int, ...], top: int | None = None) -> tuple[tuple[int, ...], int]:
    """A line of exponents moved towards its index 0: (the new line, the points scored).

    Tiles slide together, then equal neighbours merge from index 0 on, each
    tile at most once.  Tiles of exponent ``top`` do not merge (the search's
    4-bit cells cannot hold more); the rules use ``top=None``.
    """
    tiles = [tile for tile in line if tile]
    merged: list[int] = []
    points = 0
    at = 0
    while at < len(tiles):
        if at + 1 < len(tiles) and tiles[at] == tiles[at + 1] and tiles[at] != top:
            merged.append(tiles[at] + 1)
            points += 2 ** (tiles[at] + 1)
            at += 2
        else:
            merged.append(tiles[at])
            at += 1
    return tuple(merged) + (0,) * (len(line) - len(merged)), points


class TwentyFortyEight(Game):
    has_chance = True
    name = "2048"
    title = "2048"
    player_names = ("player",)
    board_size_options = ("cols", "rows")  # GTP: boardsize WIDTH [HEIGHT]
    options = (
        Option("rows", int, 4, "rows of the board", low=2, high=8),
        Option("cols", int, 4, "columns of the board", low=2, high=8),
        Option("target", int, 0, "a tile of this value wins and ends the game (0: play on)",
               low=0, high=2 ** 65),
    )
    rules = ("Slide all tiles left, up, right or down; equal tiles that meet merge and score their sum. "
             "A new 2 (9/10) or 4 (1/10) appears after every move; the game ends when no move is legal.")
    showcase = ({"rows": 2, "cols": 2}, {"rows": 2, "cols": 3, "target": 32})

    def setup(self) -> None:
        self.cells = self.rows * self.cols
        largest = self.cells + 1  # the largest exponent a board can hold (4s fill it up)
        if self.target and (self.target < 4 or self.target & (self.target - 1)
                            or self.target.bit_length() - 1 > largest):
            raise OptionError(f"2048: target must be 0 or a power of two from 4 to {2 ** largest}, "
                              f"not {self.target}")
        self.largest = largest
        self.target_exponent = self.target.bit_length() - 1 if self.target else None
        rows = [[r * self.cols + c for c in range(self.cols)] for r in range(self.rows)]
        cols = [[r * self.cols + c for r in range(self.rows)] for c in range(self.cols)]
        # For each direction, the lines of cell indices, each starting at the side moved towards.
        self.lines = {
            "left": tuple(tuple(line) for line in rows),
            "right": tuple(tuple(reversed(line)) for line in rows),
            "up": tuple(tuple(line) for line in cols),
            "down": tuple(tuple(reversed(line)) for line in cols),
        }

    def solvable(self) -> bool:
        """2x2 boards; with a target, every board whose exact table has at most EXACT_BOARDS boards.

        The table of target 2**t has t**cells boards: 3x3 up to target 64
        (10,077,696 boards, some seconds and 0.6 GB to build), 2x3 every target,
        2x4 up to 128, 3x4 up to 8, 4x4 only 4.  Without a target the score is
        part of the position and the solver walks the positions reachable from
        the start (7,805 on 2x2).
        """
        if self.target:
            return self.target_exponent ** self.cells <= EXACT_BOARDS
        return self.cells <= 4

    search_strategy = "expectimax"

    def known_result(self, position: Position) -> "Result | None":
        """The exact result of a target game from its table (``ExactTable``), built on first use."""
        if not self.target or not self.solvable():
            return None
        from gamesman.solver.strong import Result

        value, remoteness = exact_table(self.rows, self.cols, self.target).result(position)
        return Result(utilities=(value,), remoteness=remoteness)

    # -- rules ------------------------------------------------------------------
    def start(self) -> Position:
        return (CHANCE, 0, (0,) * self.cells)

    # Codes (they key the solver's database): the score, then whose turn, then the cells.
    @cached_property
    def board_code(self) -> TurnNumbersCode:
        return TurnNumbersCode(2, self.largest + 1, self.cells)

    def has_codes(self) -> bool:
        return True

    def encode(self, position: Position) -> int:
        turn, score, cells = position
        return score * self.board_code.span + self.board_code.encode(int(turn == PLAYER), cells)

    def decode(self, code: int) -> Position:
        score, board = divmod(code, self.board_code.span)
        player, cells = self.board_code.decode(board)
        return (PLAYER if player else CHANCE, score, cells)

    def to_move(self, position: Position) -> int:
        return position[0]

    def shifted(self, cells: tuple[int, ...], direction: str) -> tuple[tuple[int, ...], int]:
        """The cells after sliding them in ``direction``, and the points scored."""
        new = list(cells)
        points = 0
        for line in self.lines[direction]:
            moved, gained = slide(tuple(cells[i] for i in line))
            points += gained
            for index, tile in zip(line, moved):
                new[index] = tile
        return tuple(new), points

    def moves(self, position: Position) -> list[str]:
        turn, _, cells = position
        if turn != PLAYER or self.won(cells):
            return []
        return [d for d in DIRECTIONS if self.shifted(cells, d)[0] != cells]

    def won(self, cells: tuple[int, ...]) -> bool:
        """True when the board holds the target tile (never without a target)."""
        return self.target_exponent is not None and max(cells) >= self.target_exponent

    def can_move(self, cells: tuple[int, ...]) -> bool:
        """Some move is legal: a tile next to an empty cell or to an equal tile."""
        cols = self.cols
        for index, tile in enumerate(cells):
            right = cells[index + 1] if (index + 1) % cols else None
            below = cells[index + cols] if index + cols < self.cells else None
            for neighbour in (right, below):
                if neighbour is not None and (neighbour == tile or (tile == 0) != (neighbour == 0)):
                    return True
        return False

    def outcome(self, position: Position) -> tuple[float] | None:
        turn, score, cells = position
        if self.won(cells):
            return (1.0,)
        if turn == CHANCE or self.can_move(cells):
            return None
        return (0.0,) if self.target else (float(score),)

    def chances(self, position: Position) -> list[tuple[ChanceOutcome, Fraction]]:
        """Every new tile (cell index, value) with its probability: uniform cell, 2 at 9/10, 4 at 1/10."""
        turn, _, cells = position
        if turn != CHANCE or self.won(cells):
            return []
        empty = [i for i, tile in enumerate(cells) if not tile]
        return [((i, 2 ** exponent), p / len(empty)) for i in empty for exponent, p in NEW_TILES]

    def play(self, position: Position, move: Any) -> Position:
        turn, score, cells = position
        if self.outcome(position) is not None:
            raise self.illegal(f"{self.format_move(position, move)}: the game is over")
        if turn == CHANCE:
            if not (isinstance(move, tuple) and len(move) == 2 and all(type(x) is int for x in move)
                    and 0 <= move[0] < self.cells and not cells[move[0]] and move[1] in (2, 4)):
                raise self.illegal(f"{self.format_move(position, move)} is not a new tile on an empty cell")
            index, value = move
            nxt = CHANCE if not any(cells) else PLAYER  # the start places two tiles
            return (nxt, score, cells[:index] + (value.bit_length() - 1,) + cells[index + 1:])
        if move not in DIRECTIONS:
            raise self.illegal(f"{self.format_move(position, move)} is not a direction (left, up, right, down)")
        new, points = self.shifted(cells, move)
        if new == cells:
            raise self.illegal(f"{move} moves no tile here")
        return (CHANCE, 0 if self.target else score + points, new)

    def gain(self, position: Position, move: str) -> tuple[float]:
        """The points a move merges (what ``greedy`` maximises), kept in the score or not."""
        return (float(self.shifted(position[2], move)[1]),)

    # -- text -------------------------------------------------------------------
    def parse_position(self, text: str) -> Position:
        fields = boards.split_fields(self.name, re.sub(r"\s*,\s*", ",", text))
        turn = {"player": PLAYER, "chance": CHANCE}.get(fields[0].lower())
        if turn is None:
            raise self.error(f"turn {fields[0]!r} is not player or chance", text)
        score, rows = 0, fields[1:]
        if not self.target:
            if not rows:
                raise self.error("the score is missing after the turn", text)
            if not _NUMBER.fullmatch(rows[0]):
                raise self.error(f"score {rows[0]!r} is not a whole number", text)
            score, rows = int(rows[0]), rows[1:]
        if len(rows) != self.rows:
            raise self.error(f"{len(rows)} rows, expected {self.rows}", text)
        cells: list[int] = []
        for number, row in enumerate(rows, start=1):
            values = row.split(",")
            if len(values) != self.cols:
                raise self.error(f"row {number} has {len(values)} cells, expected {self.cols}", text)
            for column, value in enumerate(values):
                cells.append(self._parse_tile(value, boards.cell_name(number - 1, column), text))
        if turn == CHANCE and all(cells):
            raise self.error("chance is to move but no cell is empty", text)
        return (turn, score, tuple(cells))

    def _parse_tile(self, token: str, cell: str, text: str) -> int:
        """The exponent of one cell's token: ``-`` is 0, a power of two 2**k is k."""
        if token == boards.EMPTY:
            return 0
        if _NUMBER.fullmatch(token):
            value = int(token)
            if value >= 2 and not value & (value - 1) and value.bit_length() - 1 <= self.largest:
                return value.bit_length() - 1
        raise self.error(f"cell {cell} is {token!r}, expected - or a power of two from 2 to "
                         f"{2 ** self.largest}", text)

    def format_position(self, position: Position) -> str:
        turn, score, cells = position
        rows = (",".join(_tile_text(t) for t in cells[r * self.cols:(r + 1) * self.cols])
                for r in range(self.rows))
        kept = "" if self.target else f" {score}"
        return f"({self.player_name(turn)}{kept} {' '.join(rows)})"

    def format_move(self, position: Position, move: Any) -> str:
        if isinstance(move, tuple) and len(move) == 2 and isinstance(move[0], int) \
                and 0 <= move[0] < self.cells:
            return f"{move[1]}@{boards.cell_name(*divmod(move[0], self.cols))}"
        return str(move)

    def parse_move(self, position: Position, text: str) -> Any:
        word = text.strip().lower()
        if self.outcome(position) is not None:
            raise self.illegal(f"{boards.shown(text)!r}: the game is over")
        if position[0] == CHANCE:
            value, at, cell = word.partition("@")
            if not at or value not in ("2", "4"):
                raise self.illegal(f"{boards.shown(text)!r} is not a new tile: write 2 or 4, @, a cell (2@b3)")
            row, col = boards.parse_cell(self.name, cell, self.rows, self.cols)
            move = (row * self.cols + col, int(value))
            if position[2][move[0]]:
                raise self.illegal(f"{cell} is not empty")
            return move
        for direction in DIRECTIONS:
            if word in (direction, direction[0]):
                if direction not in self.moves(position):
                    raise self.illegal(f"{direction} moves no tile here (legal: {' '.join(self.moves(position))})")
                return direction
        raise self.illegal(f"{boards.shown(text)!r} is not a move: write left, up, right or down (l u r d)")

    def render(self, position: Position) -> str:
        """The status line (score or target; who moves, or how the game ended), then the grid."""
        turn, score, cells = position
        width = max(4, *(len(_tile_text(t)) for t in cells))
        if self.outcome(position) is None:
            status = f"{f'target {self.target}' if self.target else f'score {score}'}, " \
                     f"{self.player_name(turn)} to move"
        elif self.won(cells):
            status = f"target {self.target} reached: won"
        else:
            status = f"target {self.target} not reached: game over" if self.target else f"score {score}: game over"
        lines = [status]
        label = len(str(self.rows))
        lines.append(" " * label + "".join(f" {boards.column_name(c):>{width}}" for c in range(self.cols)))
        for r in range(self.rows):
            row = cells[r * self.cols:(r + 1) * self.cols]
            lines.append(f"{r + 1:>{label}}" + "".join(f" {_tile_text(t):>{width}}" for t in row))
        return "\n".join(lines)

    # -- computer players ---------------------------------------------------------
    def evaluate(self, position: Position) -> tuple[float]:
        """An estimate of the utility, on its scale, for searches that stop early.

        Without a target: the score plus a board-shape bonus (the mean of
        ``line_values`` over rows and columns, at least 0); with one: that
        bonus squashed into (0, 1).
        """
        turn, score, cells = position
        lines = self.lines["left"] + self.lines["up"]
        shape = max(sum(line_value(tuple(cells[i] for i in line)) for line in lines) / len(lines), 0.0)
        if self.target:
            return (shape / (shape + LINE_BASE),)
        return (score + shape,)

    def expectimax_choice(self, position: Position, depth: int | None, seconds: float | None) -> Choice | None:
        """The fast path of the expectimax player: None where it does not apply.

        It applies at the player's turn on boards of at most 4x4 whose tiles
        fit in 4 bits (up to 32768); a move that makes the target wins.
        """
        turn, _, cells = position
        if turn != PLAYER or self.rows > 4 or self.cols > 4 or max(cells) > 15 or not self.moves(position):
            return None
        target = self.target_exponent if self.target_exponent is not None and self.target_exponent <= 15 else None
        search = BitboardSearch.of(self.rows, self.cols, target)
        board = search.encode(cells)
        index, depth_used, leaves = search.best(board, depth, seconds)
        if index is None:
            return None
        move = DIRECTIONS[index]
        return Choice(move, f"{move} (expectimax depth {depth_used}, {leaves:,} leaves)")

    def simulate_report(self, finals: Sequence[Position]) -> str:
        return simulate_report(self, finals)


def _tile_text(exponent: int) -> str:
    return str(2 ** exponent) if exponent else boards.EMPTY


def simulate_report(game: TwentyFortyEight, finals: Sequence[Position]) -> str:
    """The 2048 summary of simulated games, given their final positions.

    Lines: the score (mean, median, best; not kept with a target), the highest
    tile (median, best), and for each tile from 512 to 32768 that the board
    can hold (on boards too small for 512: its five largest tiles) how many
    games reached it and their share.
    """
    if not finals:
        return "2048: no games"
    lines = []
    if not game.target:
        scores = [score for _, score, _ in finals]
        lines.append(f"score: mean {statistics.fmean(scores):.1f}, median {statistics.median(scores):g}, "
                     f"best {max(scores)}")
    tops = [2 ** max(cells) for _, _, cells in finals]
    lines += [f"highest tile: median {statistics.median(tops):g}, best {max(tops)}", "reached:"]
    exponents = range(9, min(15, game.largest) + 1) if game.largest >= 9 else \
        range(max(2, game.largest - 4), game.largest + 1)
    for tile in (2 ** k for k in exponents):
        reached = sum(1 for top in tops if top >= tile)
        lines.append(f"  {tile:>5}: {reached:,} ({100 * reached / len(finals):.1f}%)")
    return "\n".join(lines)


# -- exact values of small boards with a target -----------------------------------
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
    (floats of the exact fractions), the same order of additions, ties to the
    first move in the order left, up, right, down, remoteness the longest game
    under that play; so the results agree with the solver's to the last bit.
    """

    def __init__(self, game: "TwentyFortyEight") -> None:
        t, n = game.target_exponent, game.cells
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
        """The player to move on ``boards`` (one level): the first best move, 0 when none is legal."""
        t = self.exponent
        line_weights = {}
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
            better = (won | (moved != boards)) & (value > best)
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


@lru_cache(maxsize=2)
def exact_table(rows: int, cols: int, target: int) -> ExactTable:
    """The exact table of one target game (the last two are kept)."""
    return ExactTable(TwentyFortyEight(rows=rows, cols=cols, target=target))


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
            return (max(values, key=values.get) if values else None), depth, leaves
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
        return (max(values, key=values.get) if values else None), done, total


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
    return sum(lines[:, k].astype(np.uint64) << np.uint64(4 * k) for k in range(lines.shape[1]))


def _spread(table: np.ndarray) -> np.ndarray:
    """A table of 16-bit lines turned into columns: cell k of the line goes to bit 16k."""
    return ((table & 0xF) | ((table & 0xF0) << 12) | ((table & 0xF00) << 24) | ((table & 0xF000) << 36))
