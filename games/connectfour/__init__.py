"""Connect Four (GBG playground, seeds 000).

Two players, X (yellow) and O (red), take turns dropping a piece of their
colour into a column that is not full; it falls to the lowest empty cell.
X starts.  Whoever first has ``in_a_row`` pieces (default 4) in a line across,
up or diagonally wins; a full board without such a line is a tie.  Options:

* ``rows``, ``cols``: the board (default 6 rows by 7 columns).
* ``in_a_row``: the length of a winning line (default 4).
* ``misere``: whoever first has ``in_a_row`` in a line loses.

Choices where the sheet is silent:

* ``in_a_row`` may not exceed both sides of the board (no line could fit).
* A position string is refused when play cannot reach it: a piece floats
  above an empty cell, the counts of pieces do not give the player to move (x
  first), no order of drops with the players in turn stacks the columns as
  they are, or the lines are not one player's, made by its last drop on top
  of a column (play stops at the first line).  On a finished board the turn
  token is free.
* Boards of more than 25 cells (6x7, 6x5, ...) are too large to solve here
  (declared ``solvable``); up to 5x5 they are solved (5x5 takes minutes).  Larger
  boards of the standard rules (four in a row, not misère) that fit the search's
  bitboards (a column of rows + 1 bits, 56 bits in all: up to 7x7, 6x8, 8x6) are
  answered exactly on demand, one position at a time, by an alpha-beta search
  (:mod:`gamesman.games.connectfour.exact`); on the standard 6x7 board it reads
  the positions of 12 pieces from the published opening book of
  ``bitbully-databases`` (:mod:`gamesman.games.connectfour.openings`), so that
  every position answers within a second or so.  Other large variants have the
  search player's estimates.  Scores that took the search long are kept in an opening
  book in the user's cache (:mod:`gamesman.games.connectfour.book`, which also
  fills it: ``python -m gamesman.games.connectfour.book --depth N``); the
  answers are the same with or without it.
* Random games for the search players (``compact_playouts``) run compiled on two
  cell masks (:mod:`gamesman.games.connectfour.playouts`), on boards of up to 64
  cells; the rules here stay the reference they are tested against.
* The search player (``search_strategy``) is ``threats [DEPTH] [--time T]``
  (:mod:`gamesman.games.connectfour.search`): alpha-beta on bit boards with an
  evaluation of threats (winning cells, by row parity) and central pieces, one
  second a move by default.  It plays where the exact search would take longer
  than a move may (the first moves of 7x7 and 6x8, other line lengths, misère);
  ``perfect`` stays the exact answer.
* ``evaluate`` counts open lines: every run of ``in_a_row`` cells that holds
  pieces of only one player scores for that player, four times more for each
  extra piece in it; the difference, squashed into [-1, 1], is the estimate
  for the player to move (negated under misère).

Position: ``(x ------- ------- ------- ------- ------- -------)``: whose turn
(``x`` or ``o``), then the rows, row 1 (the bottom row, where pieces land
first) first: ``x``, ``o`` or ``-``.
Moves: the column letter, ``a`` to ``g`` on the default board.

On the web it is GamesmanUni's ``connect4``, its variants named ``6x7`` (rows by
columns; four in a row, not misère), drawn as GamesCrafters draw it: the cells
column by column from the left, each from the top (``X`` first player, ``O``
second), with GamesCrafters' Connect Four frame on 6x6 and 6x7 (other boards
show their empty cells as dots), and an arrow above each column that takes a
piece.
"""
from __future__ import annotations

import math
from functools import cached_property
import re
from typing import TYPE_CHECKING, Any

from gamesman.boards import text as boards
from gamesman.boards.autogui import EMPTY, EMPTY_DOT, arrow, image_data
from gamesman.boards.codes import ColumnStacks
from gamesman.boards.planes import BoardPlanes
from gamesman.boards.symmetry import ColumnMirrorSymmetry
from gamesman.contract.capabilities import (ActionIndex, BatchExpansion, Capabilities, CompactForm, End, KnownResults,
                                           PositionCodes, TierCut, UwapiBoard)
from gamesman.contract.errors import GameError, OptionError
from gamesman.contract.game import CompactPlayouts, Game, Option, two_player_result
from gamesman.contract.strategy import StrategyEntry
from gamesman.players.search import budget_usage

if TYPE_CHECKING:
    from gamesman.games.connectfour.book import Book
    from gamesman.games.connectfour.exact import ExactSearch
    from gamesman.solver.results import Result

# Position: (turn, cells row 1 first, the player who has a line or None).
# The last field follows from the cells; it is kept so that ``outcome`` is quick.
Position = tuple[int, str, int | None]
PIECES = ("x", "o")
LETTERS = boards.EMPTY + "".join(PIECES)  # as ColumnStacks reads boards
MAX_SOLVABLE_CELLS = 25
MAX_COMPACT_CELLS = 64  # the largest board that random games play on two 64-bit cell masks
EXACT_IN_A_ROW = 4  # the line the exact search is enabled for (the standard rules)


class ConnectFour(PositionCodes[Position], BatchExpansion, TierCut, ColumnMirrorSymmetry, CompactForm[Position, int],
                  KnownResults[Position], ActionIndex[Position, int], BoardPlanes, UwapiBoard[Position, int],
                  Game[Position, int]):
    name = "connectfour"
    title = "Connect Four"
    player_names = PIECES
    board_size_options = ("cols", "rows")  # GTP: boardsize WIDTH [HEIGHT]
    rows = Option(int, 6, "rows of the board", low=1, high=20)
    cols = Option(int, 7, "columns of the board", low=1, high=26)
    in_a_row = Option(int, 4, "pieces in a line that win", low=1, high=26)
    misere = Option(bool, False, "whoever first has the line loses")
    rules = "Drop a piece into a column; four in a row (across, up, diagonal) wins (loses under misere)."
    showcase = ({"rows": 4, "cols": 4}, {"rows": 5, "cols": 4}, {"rows": 4, "cols": 5})
    search_strategy = "threats"
    strategies = {"threats": StrategyEntry(
        lambda game, rng, args: _connectfour_search().make_threats(game, rng, args),
        "alpha-beta on bit boards with threats at the horizon: " + budget_usage("threats", "depth"))}

    def setup(self) -> None:
        if self.in_a_row > max(self.rows, self.cols):
            raise OptionError(f"connectfour: in_a_row must be at most the longer side of the board "
                              f"({max(self.rows, self.cols)}), not {self.in_a_row}")
        self.size = self.rows * self.cols
        # Every line is an evenly spaced run of cells, so a slice of the board string reads it.
        self.lines = [slice(run[0], run[-1] + 1, run[1] - run[0] if len(run) > 1 else 1)
                      for run in boards.lines(self.rows, self.cols, self.in_a_row)]
        self.lines_through = [[line for line in self.lines if index in range(self.size)[line]]
                              for index in range(self.size)]
        self.top_row = (self.rows - 1) * self.cols

    def declare(self) -> Capabilities:
        """Every move adds a piece (layered).  Boards up to MAX_SOLVABLE_CELLS are solved; the
        exact search answers every position of the standard rules on a board too large to
        solve that fits it.  Boards whose codes fit in 64 bits have codes, batches and tiers
        cut by column heights, and are solved up to the board's mirror image (left to right),
        which keeps the rules."""
        from gamesman.games.connectfour.exact import fits

        solvable = self.size <= MAX_SOLVABLE_CELLS
        exact = not (solvable or self.misere or self.in_a_row != EXACT_IN_A_ROW or not fits(self.rows, self.cols))
        coded = ColumnStacks.fits(self.rows, self.cols)
        return Capabilities(players=2, layered=True, position_codes=coded, batch_expansion=coded, tiers=coded,
                            symmetries=coded,
                            compact_playouts=self.size <= MAX_COMPACT_CELLS, exact_search=exact,
                            known_results=exact, solvable=solvable, action_index=True, observation_tensor=True,
                            uwapi_board=True)

    def action_moves(self) -> range:
        """The columns: a move is the column a piece drops into."""
        return range(self.cols)

    def longest_game(self) -> int:
        """Every move fills a cell."""
        return self.rows * self.cols

    def board_shape(self) -> tuple[int, int]:
        """Row 1 (the bottom row) first, as the position's cells."""
        return (self.rows, self.cols)

    # -- the web board: GamesCrafters' Connect Four ------------------------------------------
    uwapi_id = "connect4"

    def uwapi_variant_options(self, variant: str) -> dict[str, Any] | None:
        """Rows by columns.

        >>> ConnectFour().uwapi_variant_options("5x6"), ConnectFour().uwapi_variant_options("regular")
        ({'rows': 5, 'cols': 6}, None)
        """
        size = re.fullmatch(r"(\d{1,2})x(\d{1,2})", variant)
        return None if size is None else {"rows": int(size[1]), "cols": int(size[2])}

    def uwapi_variant(self) -> str | None:
        standard = self.in_a_row == EXACT_IN_A_ROW and not self.misere
        return f"{self.rows}x{self.cols}" if standard else None

    def autogui_position(self, position: Position) -> str:
        """The cells column by column, each from the top, then the arrows' centres.

        >>> game = ConnectFour(rows=2, cols=2, in_a_row=2)
        >>> game.autogui_position(game.play(game.start(), 1))
        '2_eeeX----'
        """
        cells = position[1].upper() if self.framed else position[1].upper().replace(boards.EMPTY, EMPTY)
        columns = "".join(cells[row * self.cols + col] for col in range(self.cols)
                          for row in range(self.rows - 1, -1, -1))
        return f"{self.autogui_turn(position)}_{columns}{'-' * 2 * self.cols}"

    def autogui_move(self, position: Position, move: int, after: Position) -> str:
        """An arrow above the column."""
        return arrow(self.size + move, self.size + self.cols + move)

    def image_autogui_data(self) -> dict[str, Any]:
        centers = [[col + 0.5, row + 1.5] for col in range(self.cols) for row in range(self.rows)]
        arrows = [[col + 0.5, float(row)] for row in range(2) for col in range(self.cols)]
        frame = {"foreground": f"connect4/foreground6x{self.cols}.svg"} if self.framed else {}
        return image_data([self.cols, self.rows + 1], centers + arrows,
                          {"X": ("general/blue_circle.svg", 1.0), "O": ("general/red_circle.svg", 1.0),
                           EMPTY: EMPTY_DOT}, arrowWidth=0.13, **frame)

    @property
    def framed(self) -> bool:
        """GamesCrafters' frame fits the board (6x6 and 6x7); other boards show their empty
        cells as dots."""
        return self.rows == 6 and self.cols in (6, 7)

    # -- exact answers on demand, for boards too large to solve -----------------------------

    @cached_property
    def book(self) -> "Book":
        """The opening book of this variant: scores that took the search long, in the user's cache."""
        from gamesman.games.connectfour.book import Book

        return Book.of(self.spec)

    @cached_property
    def exact(self) -> "ExactSearch":
        """The exact search of this variant, with its table (made on first use: it compiles
        the search, or reads it compiled, and takes some memory), the book of long searches,
        and on the standard 6x7 board the published opening book of 12-piece positions."""
        from gamesman.games.connectfour.exact import ExactSearch
        from gamesman.games.connectfour.openings import OpeningBook

        openings = OpeningBook.load() if OpeningBook.answers(self.rows, self.cols, self.in_a_row, self.misere) else None
        return ExactSearch(self.rows, self.cols, self.in_a_row, self.book, openings)

    def known_result(self, position: Position, deadline: float | None = None) -> "Result | None":
        """The exact result of any position of a variant the search answers (declared
        ``exact_search``); a long search shows its progress and stops on Ctrl-C, or at ``deadline``
        (later by the time the first call takes to make the search: importing it, reading the book)."""
        import time

        from gamesman.contract.progress import Progress
        from gamesman.solver.results import Result, Value

        turn, cells, _ = position
        utilities = self.outcome(position)
        if utilities is not None:
            mine, theirs = utilities[turn], utilities[1 - turn]
            return Result(value=Value.WIN if mine > theirs else Value.LOSE if mine < theirs else Value.TIE,
                          remoteness=0)
        began = time.monotonic()
        search = self.exact
        if deadline is not None:
            deadline += time.monotonic() - began
        progress = Progress(f"solving {self.spec}")
        try:
            return search.result(cells, PIECES[turn], PIECES[1 - turn], progress, deadline=deadline)
        finally:
            progress.finish()

    def start(self) -> Position:
        return (0, boards.EMPTY * self.size, None)

    def to_move(self, position: Position) -> int:
        return position[0]

    def outcome(self, position: Position) -> tuple[float, float] | None:
        turn, cells, liner = position
        if liner is not None:
            return two_player_result(1 - liner if self.misere else liner)
        if boards.EMPTY not in cells:
            return two_player_result(None)
        return None

    def moves(self, position: Position) -> list[int]:
        turn, cells, liner = position
        if liner is not None:
            return []
        return [col for col in range(self.cols) if cells[self.top_row + col] == boards.EMPTY]

    def play(self, position: Position, move: int) -> Position:
        turn, cells, liner = position
        open_column = (liner is None and isinstance(move, int) and 0 <= move < self.cols
                       and cells[self.top_row + move] == boards.EMPTY)
        index = boards.drop_index(cells, self.cols, move) if open_column else None
        if index is None:
            raise self.illegal(f"{self.format_move(position, move)} is not an open column of a game in progress")
        piece = PIECES[turn]
        cells = boards.place(cells, index, piece)
        full_line = piece * self.in_a_row
        made_line = any(cells[line] == full_line for line in self.lines_through[index])
        return (1 - turn, cells, turn if made_line else None)

    def evaluate(self, position: Position) -> float | None:
        turn, cells, _ = position
        score = 0
        for line in self.lines:
            pieces = cells[line].replace(boards.EMPTY, "")
            if pieces and pieces.count(pieces[0]) == len(pieces):
                weight = 4 ** (len(pieces) - 1)
                score += weight if pieces[0] == PIECES[turn] else -weight
        estimate = math.tanh(score / (4 ** max(self.in_a_row - 2, 0) * 4))
        return -estimate if self.misere else estimate

    # -- text -------------------------------------------------------------------
    def parse_position(self, text: str) -> Position:
        fields = boards.split_fields(self.name, text)
        if len(fields) != 1 + self.rows:
            raise self.error(f"{len(fields)} fields, expected a turn and {self.rows} rows", text)
        turn = boards.parse_turn(self.name, fields[0], self.player_names, text)
        cells = boards.parse_rows(self.name, fields[1:], self.rows, self.cols, "xo-", text)
        floating = boards.floating_cell(cells, self.cols)
        if floating is not None:
            below = boards.cell_name(*divmod(floating, self.cols))
            raise self.error(f"cell {below} is empty under a piece (pieces fall to row 1)", text)
        liners = [p for p, piece in enumerate(PIECES) if self.has_line(cells, piece)]
        if len(liners) == 2:
            raise self.error(f"both players have {self.in_a_row} in a row (play stops at the first line)", text)
        boards.check_drops(self.name, self.player_names, cells, self.cols, turn, liners[0] if liners else None,
                           self.has_line, text, what="pieces")
        return (turn, cells, liners[0] if liners else None)

    def has_line(self, cells: str, piece: str) -> bool:
        """Whether ``piece`` has ``in_a_row`` in a line on ``cells``."""
        return any(cells[line] == piece * self.in_a_row for line in self.lines)

    def format_position(self, position: Position) -> str:
        return f"({self.player_names[position[0]]} {boards.format_rows(position[1], self.cols)})"

    def format_move(self, position: Position, move: int) -> str:
        return boards.column_name(move) if isinstance(move, int) and 0 <= move < self.cols else str(move)

    def parse_move(self, position: Position, text: str) -> int:
        word = text.strip().lower()
        columns = [boards.column_name(col) for col in range(self.cols)]
        if word not in columns:
            raise self.illegal(f"{boards.shown(text)!r} is not a column (write a letter from a to {columns[-1]})")
        move = columns.index(word)
        if move not in self.moves(position):
            raise self.illegal(f"column {word} is full or the game is over")
        return move

    def render(self, position: Position) -> str:
        return boards.render_grid(position[1], self.rows, self.cols, bottom_up=True)

    # -- fast play (gamesman.games.connectfour.playouts) ---------------------------------
    def compact_playouts(self) -> CompactPlayouts[Position, int]:
        """Random games on two cell masks (declared for boards of up to MAX_COMPACT_CELLS)."""
        from gamesman.games.connectfour.playouts import ConnectFourPlayouts

        return ConnectFourPlayouts(self)

    # -- hooks for the fast solver (gamesman.solver.levelled) ---------------------------
    # Positions are numbered by ColumnStacks: the height of every column and which
    # of the pieces are X's, counting only boards where X has played as often as O
    # or once more and the turn follows (a perfect index of such boards).  Any other
    # board (one set up with an unusual turn) gets a code above that index.
    codes_version = 4  # 4: solved up to the mirror image; 3: tiers cut by weighted heights

    @cached_property
    def stacks(self) -> ColumnStacks | None:
        return ColumnStacks.fitting(self.rows, self.cols)

    def coded_stacks(self) -> ColumnStacks:
        """The column stacks that number this variant's positions (only where it declares codes)."""
        if self.stacks is None:
            raise GameError(f"{self.name}: {self.spec} does not number its positions")
        return self.stacks

    def encode(self, position: Position) -> int:
        turn, cells, _ = position
        return self.coded_stacks().encode_cells(cells, LETTERS, turn)

    def decode(self, code: int) -> Position:
        import numpy as np

        crosses, occupied, turns = self.coded_stacks().decode(np.array([code], np.int64))
        cells = self.coded_stacks().cells_of(int(crosses[0]), int(occupied[0]), PIECES, boards.EMPTY)
        liner = next((player for player, piece in enumerate(PIECES) if self.has_line(cells, piece)), None)
        return (int(turns[0]), cells, liner)  # (codes come from positions already checked)

    def index_size(self) -> int | None:
        return None if self.stacks is None else self.stacks.index_size

    def tier_shards(self, codes, shards: int, low: int):
        """Shards by column heights (``ColumnStacks.shards_by_heights``): a shard's moves lead
        into at most one shard of the next tier per column.  Boards set up with an unusual
        turn, above the index, keep the cut by code (every board after one is such a board)."""
        stacks = self.coded_stacks()
        if len(codes) and int(codes.max()) >= stacks.index_size:
            return super().tier_shards(codes, shards, low)
        return stacks.shards_by_heights(codes, shards)

    def tier_shard(self, code: int, shards: int) -> int:
        """``tier_shards`` of one code, from the cut's tables."""
        stacks = self.coded_stacks()
        return super().tier_shard(code, shards) if code >= stacks.index_size else stacks.shard_of(code, shards)

    def tier_shard_runs(self, shards: int):
        """``tier_shards`` in runs: a heights vector's boards each, then the boards above the
        index, cut by code."""
        import numpy as np

        stacks = self.coded_stacks()
        firsts, shard = stacks.shard_runs(shards)
        return np.append(firsts, stacks.index_size), np.append(shard, -1)

    def batch_expand(self, codes):
        """Every column a piece can drop into, for many positions at once (bitboards)."""
        import numpy as np

        stacks = self.coded_stacks()
        crosses, occupied, turn = stacks.decode(codes)
        noughts = occupied & ~crosses
        crossed, noughted = stacks.has_line(crosses, self.in_a_row), stacks.has_line(noughts, self.in_a_row)
        liner = np.where(crossed, 0, np.where(noughted, 1, -1))
        winner = np.where(liner < 0, -1, (liner ^ 1) if self.misere else liner)
        full = occupied == stacks.board
        ends = np.where(winner >= 0, np.where(winner == turn, End.WON, End.LOST),
                        np.where(full, End.TIE, End.PLAYING)).astype(np.int8)
        rows, cells = stacks.drops(np.where(ends < 0, occupied, stacks.board))
        piece = np.left_shift(1, cells)
        children = stacks.encode_many(crosses[rows] | np.where(turn[rows] == 0, piece, 0),
                                      occupied[rows] | piece, turn[rows] ^ 1)
        return turn.astype(np.int8), ends, rows, children


def _connectfour_search():
    """The compiled search player (imported when first used: it loads numba)."""
    from gamesman.games.connectfour import search as connectfour_search

    return connectfour_search
