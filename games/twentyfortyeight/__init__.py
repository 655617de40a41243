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

Position: ``(player 16 2,4,8,- -,-,-,- -,-,-,- -,-,-,2)``: whose turn
(``player`` or ``chance``), the score (left out with a target:
``(player 2,4,-,- ...)``), then the rows from row 1 down, each the values of
its cells from column a on, separated by commas, ``-`` for an empty cell.
Parsing is lenient about spaces around commas.  A chance turn needs an
empty cell; a player's turn needs two tiles or more (the player moves once two
tiles are placed, and chance adds one after every move); the score is a
multiple of 4 (every merge scores a tile of 4 or more).  A position string is
also refused when play cannot reach it by what is cheap to check: the score
lies outside what merges making the tiles scored (a tile 2**k scored
(k - 1) * 2**k if made of 2s, (k - 2) * 2**k if of 4s); with chance to move
after a move (two tiles or more), the tiles do not all lie against one side
of the board, as every move leaves them; with the player to move, no 2 or 4
taken away (the tile chance just added) leaves them so, and they are not the
two first tiles.  Not checked: whether the move that packed the tiles moved
anything, and whether some sequence of moves and tiles makes the board.

Moves: ``left``, ``up``, ``right``, ``down`` (or their first letters; printed
as the full word).  Chance outcomes are written value ``@`` cell: ``2@b3``,
``4@a1`` (column letter, row number).

Computer players: ``greedy`` (the move that merges the most points now) and
``expectimax [DEPTH | auto] [--time SECONDS]`` come from :mod:`gamesman.players.expectimax`.
On boards of at most 4x4 this game gives expectimax a fast path
(:class:`BoardExpectimax`, this game's own ``expectimax``): the board as a 64-bit integer
of 4-bit cells, lines moved by lookup tables, and the search tree expanded
one layer at a time with numpy.  ``auto`` deepens while the
next depth should stay within 50,000 leaves: the depth follows the
board, not the clock, so seeded games replay exactly.  Its evaluation is a
weighted sum over every row and column of: empty cells, adjacent equal
tiles (merges to come, a smoothness measure), monotonicity (rows and columns
that rise or fall steadily) and a penalty on large tiles.  A position with
no move counts below every live one.

A time budget (``expectimax 15ms``; named alone, expectimax has one of a second) on
the 4x4 board without a target plays a deeper search compiled with numba (:class:`~.bitboard.DeepSearch`, in
:mod:`.compiled`; without numba the layered search plays the budget): it
deepens while the next depth should fit, up to nneonneo's depth rule (more
moves as the board holds more different tiles), cuts off spawns reached with
probability below 1/10,000 and shares chance nodes through a transposition
table.  ``benchmarks/bench_2048.py`` measures both players.

With a target the expectimax search scores a board holding the target as a
win, above every live board.  ``expectimax`` is the game's search strategy.

Random games for the search players (``compact_playouts``) run compiled on the same
64-bit boards (:mod:`.playouts`), on boards of at most 4x4.

Exact solving: without a target, the solver walks the positions reachable
from the start (2x2 only).  With a target, the game knows every value itself
(:class:`ExactTable`, built on first use with numpy over all boards whose
tiles are below the target): up to target 64 on 3x3, every target on 2x3,
and so on while the table stays within 10,100,000 boards (see
``solvable``).  The results are the solver's, to the last bit.

``simulate_report(game, finals)`` summarises simulated games: the score
distribution and how often each tile from 512 to 32768 was reached.
"""
from __future__ import annotations

import random
import re
import statistics
import time
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any, Hashable, Sequence, cast

from gamesman.boards import text as boards
from gamesman.boards.codes import TurnNumbersCode
from gamesman.contract.capabilities import (ActionIndex, Capabilities, CompactForm, CompactPlayouts, KnownResults,
                                           ObservationTensor, PositionCodes, Rewards)
from gamesman.contract.errors import OptionError
from gamesman.contract.game import CHANCE, Game, Option
from gamesman.contract.strategy import Choice, StrategyEntry
from gamesman.games.twentyfortyeight.bitboard import LINE_BASE, BitboardSearch, DeepSearch, line_value
from gamesman.games.twentyfortyeight.exact import EXACT_BOARDS, ExactTable
from gamesman.games.twentyfortyeight.tiles import DIRECTIONS, NEW_TILES, PLAYER, ChanceOutcome, Position, slide
from gamesman.players import expectimax
from gamesman.players.expectimax import ExpectimaxPlayer

if TYPE_CHECKING:
    from gamesman.solver.strong import Result

_NUMBER = re.compile(r"[0-9]{1,40}")


class TwentyFortyEight(PositionCodes[Position], KnownResults[Position], Rewards[Position, str | ChanceOutcome],
                       CompactForm[Position, str | ChanceOutcome], ActionIndex[Position, str | ChanceOutcome],
                       ObservationTensor[Position], Game[Position, str | ChanceOutcome]):
    name = "2048"
    title = "2048"
    player_names = ("player",)
    board_size_options = ("cols", "rows")  # GTP: boardsize WIDTH [HEIGHT]
    rows = Option(int, 4, "rows of the board", low=2, high=8)
    cols = Option(int, 4, "columns of the board", low=2, high=8)
    target = Option(int, 0, "a tile of this value wins and ends the game (0: play on)",
                    low=0, high=2 ** 65)
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

    def declare(self) -> Capabilities:
        """Chance, codes (they key the solver's database) and points merged by every move;
        a target game that solves knows its results from its exact table; random games
        compiled on boards of at most 4x4."""
        solvable = self.fits_solver()
        return Capabilities(players=1, chance=True, position_codes=True, rewards=True,
                            known_results=bool(self.target) and solvable, solvable=solvable,
                            compact_playouts=self.rows <= 4 and self.cols <= 4, action_index=True,
                            observation_tensor=True)

    def action_moves(self) -> tuple[str, ...]:
        """The four directions."""
        return DIRECTIONS

    def chance_moves(self) -> list[ChanceOutcome]:
        """Every new tile: each cell with each value a new tile takes."""
        return [(cell, 2 ** exponent) for cell in range(self.cells) for exponent, _ in NEW_TILES]

    def longest_game(self) -> int:
        """Every move adds a new tile of at least 2 to the sum of the tiles, which no board
        takes above a largest tile in every cell.

        >>> TwentyFortyEight(rows=2, cols=2).longest_game()
        64
        """
        return self.cells * 2 ** self.largest // 2

    def utility_bounds(self) -> tuple[float, float]:
        """With a target, 0 and 1; without, 0 and a score no game reaches: every tile's
        merges score less than its value times its exponent, in every cell."""
        if self.target:
            return super().utility_bounds()
        return (0.0, float(self.cells * self.largest * 2 ** self.largest))

    def observation_shape(self) -> tuple[int, ...]:
        return (self.rows, self.cols)

    def observation_bounds(self) -> tuple[float, float]:
        return (0.0, float(self.largest))

    def observation(self, position: Position, player: int) -> Any:
        """The board, each tile as its exponent (2 is 1, 4 is 2, ...; an empty cell 0).

        >>> game = TwentyFortyEight(rows=2, cols=2)
        >>> game.observation(game.parse_position("(player 0 2,- -,4)"), 0).tolist()
        [[1.0, 0.0], [0.0, 2.0]]
        """
        import numpy as np

        return np.array(position[2], np.float32).reshape(self.rows, self.cols)

    def fits_solver(self) -> bool:
        """2x2 boards; with a target, every board whose exact table has at most EXACT_BOARDS boards.

        The table of target 2**t has t**cells boards: 3x3 up to target 64
        (10,077,696 boards, some seconds and 0.6 GB to build), 2x3 every target,
        2x4 up to 128, 3x4 up to 8, 4x4 only 4.  Without a target the score is
        part of the position and the solver walks the positions reachable from
        the start (7,805 on 2x2).
        """
        if self.target_exponent is not None:
            return self.target_exponent ** self.cells <= EXACT_BOARDS
        return self.cells <= 4

    search_strategy = "expectimax"

    def known_result(self, position: Position, deadline: float | None = None) -> "Result | None":
        """The exact result of a target game from its table (``ExactTable``), built on first use
        (declared for the target games that solve)."""
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

    def describe_utility(self, utility: float, expected: bool) -> str:
        """With a target, the chance to reach it; without, the score.

        >>> TwentyFortyEight(target=2048).describe_utility(0.999892, True)
        'chance to reach 2048: 99.99%'
        >>> TwentyFortyEight().describe_utility(1234.5, True)
        'expected score 1,234.5'
        """
        if self.target:
            if expected:
                return f"chance to reach {self.target}: {utility:.2%}"
            return f"{'reached' if utility >= 1 else 'did not reach'} {self.target}"
        return f"{'expected score' if expected else 'score'} {utility:,.6g}"

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

    def gain(self, position: Position, move: str | ChanceOutcome) -> tuple[float]:
        """The points a move merges (what ``greedy`` maximises), kept in the score or not."""
        assert isinstance(move, str), "gain is asked of the player's moves, not of chance outcomes"
        return (float(self.shifted(position[2], move)[1]),)

    # -- text -------------------------------------------------------------------
    def parse_position(self, text: str) -> Position:
        turn, score, cells = position = self.read_position(text)
        self.check_reachable(turn, score, cells, text)
        return position

    def read_position(self, text: str) -> Position:
        """The position ``text`` spells, checked for what any board must hold but not for what
        play can reach (``parse_position`` checks both): for setting up boards by hand."""
        # spaces around commas dropped (split and stripped: linear, where a regular expression is not)
        fields = boards.split_fields(self.name, ",".join(part.strip() for part in text.split(",")))
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
            if score % 4:
                raise self.error(f"score {score} cannot be reached: every merge scores a tile of 4 or more, "
                                 "so the score is a multiple of 4", text)
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
        if turn == PLAYER and sum(1 for cell in cells if cell) < 2:
            raise self.error("the player cannot be to move on a board of fewer than two tiles: the player moves "
                             "once two tiles are placed, and chance adds a tile after every move", text)
        return (turn, score, tuple(cells))

    def packed(self, cells: Sequence[int]) -> bool:
        """Whether some move left ``cells`` as they are: every line's tiles lie against the side
        of one direction, with no empty cell before a tile.

        >>> game = TwentyFortyEight(rows=2, cols=2)
        >>> game.packed((1, 0, 2, 0)), game.packed((1, 0, 0, 2))
        (True, False)
        """
        return any(all(not any(cells[a] == 0 < cells[b] for a, b in zip(line, line[1:])) for line in lines)
                   for lines in self.lines.values())

    def check_reachable(self, turn: int, score: int, cells: tuple[int, ...], text: str) -> None:
        """Refuse a board that play cannot reach, by what is cheap to check (module docstring)."""
        tiles = [cell for cell in cells if cell]
        if not self.target:
            # a tile 2**k made of 2s scored (k - 1) * 2**k on its way, of 4s (k - 2) * 2**k
            fewest = sum(max(k - 2, 0) << k for k in tiles)
            most = sum((k - 1) << k for k in tiles)
            if not fewest <= score <= most:
                raise self.error(f"score {score} cannot be reached with these tiles: the merges that made them"
                                 f" scored {fewest} to {most}", text)
        if turn == CHANCE and len(tiles) >= 2 and not self.packed(cells):
            raise self.error("chance is to move after the player's move, but no move leaves the tiles so: in no"
                             " direction do they all lie against its side", text)
        opening = len(tiles) == 2 and max(tiles) <= 2 and score == 0  # the two first tiles, placed by chance
        if turn == PLAYER and not opening and not any(
                cell in (1, 2) and self.packed(cells[:at] + (0,) + cells[at + 1:]) for at, cell in enumerate(cells)):
            raise self.error("the player is to move after chance added a 2 or 4 to the board a move left, but no"
                             " 2 or 4 taken away leaves the tiles all against one side", text)

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

    # -- fast play (gamesman.games.twentyfortyeight.playouts) ----------------------------
    def compact_playouts(self) -> CompactPlayouts[Position, str | ChanceOutcome]:
        """Random games on a 64-bit board (declared for boards of at most 4x4)."""
        from gamesman.games.twentyfortyeight.playouts import TwentyFortyEightPlayouts

        return TwentyFortyEightPlayouts(self)

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


@dataclass
class BoardExpectimax(ExpectimaxPlayer):
    """The engine's expectimax with this game's fast path (see the module's docstring):
    on boards of at most 4x4 the board is a 64-bit integer searched by lookup tables
    and numpy, or compiled under a time budget; elsewhere the engine's search."""

    def choose(self, position: Hashable) -> Choice:
        game = self.game
        assert isinstance(game, TwentyFortyEight), "a player of 2048 only"
        return self.fast_choice(game, cast(Position, position)) or super().choose(position)

    def fast_choice(self, game: TwentyFortyEight, position: Position) -> Choice | None:
        """The fast path: None where it does not apply.

        It applies at the player's turn on boards of at most 4x4 whose tiles
        fit in 4 bits (up to 32768); a move that makes the target wins.
        """
        depth, seconds = self.depth, self.seconds
        turn, _, cells = position
        if turn != PLAYER or game.rows > 4 or game.cols > 4 or max(cells) > 15 or not game.moves(position):
            return None
        target = game.target_exponent if game.target_exponent is not None and game.target_exponent <= 15 else None
        began = time.perf_counter()
        if (seconds is not None and (game.rows, game.cols, game.target) == (4, 4, 0)
                and (deep := DeepSearch.shared()) is not None):
            index, depth_used = deep.best(BitboardSearch.of(4, 4).encode(cells), seconds)
            if index is None:
                return None
            return Choice(DIRECTIONS[index], f"{DIRECTIONS[index]} (expectimax depth {depth_used}, compiled, "
                                             f"in {time.perf_counter() - began:.2f} s)")  # a time budget
        search = BitboardSearch.of(game.rows, game.cols, target)
        board = search.encode(cells)
        index, depth_used, leaves = search.best(board, depth, seconds)
        if index is None:
            return None
        move = DIRECTIONS[index]
        took = "" if seconds is None else f" in {time.perf_counter() - began:.2f} s"  # a depth: the same each time
        return Choice(move, f"{move} (expectimax depth {depth_used}, {leaves:,} leaves{took})")


def _board_expectimax(game: Game[Position, Any], rng: random.Random, args: list[str]) -> BoardExpectimax:
    """The engine's ``expectimax`` arguments, read by the engine, played with the fast path."""
    engine = expectimax.STRATEGIES["expectimax"].make(game, rng, args)
    assert isinstance(engine, ExpectimaxPlayer)
    return BoardExpectimax(game, rng, depth=engine.depth, seconds=engine.seconds)


TwentyFortyEight.strategies = {"expectimax": StrategyEntry(_board_expectimax, expectimax.STRATEGIES["expectimax"].help)}


@lru_cache(maxsize=2)
def exact_table(rows: int, cols: int, target: int) -> ExactTable:
    """The exact table of one target game (the last two are kept)."""
    return ExactTable(TwentyFortyEight(rows=rows, cols=cols, target=target))
