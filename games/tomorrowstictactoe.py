"""Tomorrow's Tic-Tac-Toe (CS3 GAMESMAN assignment, seeds 004).

Two players, X and O, take turns placing their mark on an empty cell of an
n-rows by m-columns board.  Whoever first has three marks in a row,
horizontally or vertically, wins; a full board with no three in a row is a
tie.  Options:

* ``misere``: three in a row loses.
* ``diagonals``: diagonal lines of three count too.
* ``empty_start``: start the 3x4 board empty instead of from the sheet's opening.

Choices where the sheet is silent:

* The board has 1 to 100 rows and 1 to 26 columns: columns are letters in
  move names (``b1``), and rows stop at 100 only so that a mistyped option
  cannot build a huge board (row numbers of any length are read and written).

* The default 3x4 game starts from the sheet's Figure 1, ``(x ---- x--- --o-)``:
  X at a2, O at c3, X to move.  Every other size starts from an empty board
  with X to move (the sheet gives no opening for them).
* A position string is refused when play cannot reach it, as in
  tic-tac-toe: the counts of marks must give the player to move (X has as
  many marks as O with X to move, one more with O to move; the sheet's
  opening has one each), a line must be the last move's (only one player
  has one, that player placed the last mark, and taking one of its marks
  away breaks all its lines), and on the default board the opening's marks
  (X at a2, O at c3) must still be there.  On a board with a line the turn
  token is free (the game is over whoever it names).  The check is exact
  but for one case: on the default board the mark taken away may be one of
  the opening's.
* Boards beyond 15 cells are too large to solve here; their search player
  (``search_strategy``) is ``linesearch [DEPTH] [--time T]``: alpha-beta with
  iterative deepening, one second a move by default
  (:mod:`gamesman.players.heuristic`), and ``evaluate`` at the horizon: every
  line of three that holds marks of one player only scores for that player, 1
  for one mark and 5 for two (a threat); the difference, squashed into
  [-1, 1], is the estimate for the player to move (negated under misere).

Position: ``(x ---- x--- --o-)``: whose turn (``x`` or ``o``), then the rows,
row 1 first, one character per cell (``x``, ``o``, ``-`` for empty).  The
sheet's spelling, one cell a word (``(x - - - - x - - - - - o -)``), is read
too: words that are not one a row are the cells in order, row after row.
Positions are written one word a row.
Moves: the cell, a column letter and a row number: ``b1`` is column 2 of the
first row of the string.

On the web the board is drawn with GamesmanUni's tic-tac-toe marks, row 1 at
the top, an empty cell as a dot; a move is a button on its cell.
"""
from __future__ import annotations

import math
from typing import Any

from gamesman.boards import text as boards
from gamesman.boards.codes import TurnBoardCodes
from gamesman.boards.planes import BoardPlanes
from gamesman.boards.autogui import BUTTON, BUTTON_IMAGE, EMPTY, EMPTY_DOT, grid_centers, image_data, place
from gamesman.contract.capabilities import ActionIndex, Capabilities, UwapiBoard
from gamesman.contract.game import Game, Option, two_player_result
from gamesman.players.heuristic import HeuristicAlphaBeta, heuristic_entry, open_lines

IN_A_ROW = 3
DEFAULT_ROWS, DEFAULT_COLS = 3, 4
SHEET_START = "(x ---- x--- --o-)"
SHEET_X, SHEET_O = 4, 10  # the cells of the sheet's opening marks, a2 and c3
MAX_SOLVABLE_CELLS = 15
MAX_ROWS = 100
THREAT = 5  # what evaluate counts a line of two marks and an empty cell (a line of one counts 1)

Position = tuple[int, str]


class TomorrowsTicTacToe(TurnBoardCodes, ActionIndex[Position, int], BoardPlanes, UwapiBoard[Position, int],
                         Game[Position, int]):
    name = "tomorrowstictactoe"
    title = "Tomorrow's Tic-Tac-Toe"
    player_names = ("x", "o")
    board_size_options = ("cols", "rows")  # GTP: boardsize WIDTH [HEIGHT]
    rows = Option(int, DEFAULT_ROWS, "rows of the board n", low=1, high=MAX_ROWS)
    cols = Option(int, DEFAULT_COLS, "columns of the board m", low=1, high=26)
    misere = Option(bool, False, "three in a row loses")
    diagonals = Option(bool, False, "diagonal lines of three count too")
    empty_start = Option(bool, False, "start the 3x4 board empty (other sizes always start empty)")
    rules = ("Place your mark on an empty cell; three in a row horizontally or vertically wins "
             "(loses under misere; diagonals count with --diagonals).")
    cell_letters = "-xo"  # position codes: TurnBoardCodes
    search_strategy = "linesearch"
    strategies = {"linesearch": heuristic_entry(
        "linesearch", "alpha-beta with open lines and threats at the horizon",
        lambda game, rng, **budget: HeuristicAlphaBeta(game, rng, label="linesearch", evaluation=game.evaluate,
                                                        **budget))}

    def setup(self) -> None:
        self.size = self.rows * self.cols
        self.lines = boards.lines(self.rows, self.cols, IN_A_ROW, self.diagonals)
        self.line_masks = boards.line_masks(self.rows, self.cols, IN_A_ROW, self.diagonals)

    def declare(self) -> Capabilities:
        """Boards of up to 15 cells solve here (3x5: 2.6 million positions, a minute or two)."""
        return Capabilities(players=2, position_codes=self.codes_fit, solvable=self.size <= MAX_SOLVABLE_CELLS,
                            action_index=True, observation_tensor=True, uwapi_board=True)

    # -- the web board -----------------------------------------------------------------------
    def autogui_position(self, position: Position) -> str:
        """The cells row by row from row 1, ``e`` for an empty one.

        >>> TomorrowsTicTacToe(rows=3, cols=3).autogui_position((1, "x--------"))
        '2_xeeeeeeee'
        """
        return f"{self.autogui_turn(position)}_{position[1].replace(boards.EMPTY, EMPTY)}"

    def autogui_move(self, position: Position, move: int, after: Position) -> str:
        return place(BUTTON, move)

    def image_autogui_data(self) -> dict[str, Any]:
        return image_data([self.cols, self.rows], grid_centers(self.cols, self.rows),
                          {"x": "ttt/x.svg", "o": "ttt/o.svg", EMPTY: EMPTY_DOT, BUTTON: (BUTTON_IMAGE, 0.9)})

    def action_moves(self) -> range:
        """The cells: a move is the cell it marks."""
        return range(self.size)

    def longest_game(self) -> int:
        """Every move marks a cell."""
        return self.size

    def board_shape(self) -> tuple[int, int]:
        return (self.rows, self.cols)

    def evaluate(self, position: Position) -> float:
        """Open lines and threats, for the player to move (see the module docstring)."""
        turn, cells = position
        mine, theirs = (boards.mask_of(cells, self.player_names[player]) for player in (turn, 1 - turn))
        estimate = math.tanh(open_lines(mine, theirs, self.line_masks, THREAT) / (2 * THREAT))
        return -estimate if self.misere else estimate

    def opens_with_sheet(self) -> bool:
        """Whether play starts from the sheet's Figure 1 (the default 3x4 board)."""
        return (self.rows, self.cols) == (DEFAULT_ROWS, DEFAULT_COLS) and not self.empty_start

    def start(self) -> Position:
        if self.opens_with_sheet():
            return self.parse_position(SHEET_START)
        return (0, boards.EMPTY * self.size)

    def to_move(self, position: Position) -> int:
        return position[0]

    def line_owners(self, cells: str) -> set[str]:
        """The marks that have three in a row on ``cells`` (every line has three cells)."""
        return {cells[a] for a, b, c in self.lines if cells[a] != boards.EMPTY and cells[a] == cells[b] == cells[c]}

    def outcome(self, position: Position) -> tuple[float, float] | None:
        owners = self.line_owners(position[1])
        if owners:
            owner = self.player_names.index(owners.pop())
            return two_player_result(1 - owner if self.misere else owner)
        if boards.EMPTY not in position[1]:
            return two_player_result(None)
        return None

    def moves(self, position: Position) -> list[int]:
        if self.outcome(position) is not None:
            return []
        return [i for i, cell in enumerate(position[1]) if cell == boards.EMPTY]

    def is_legal(self, position: Position, move: int) -> bool:
        """True when ``move`` is an empty cell and the game goes on."""
        cells = position[1]
        return (isinstance(move, int) and 0 <= move < self.size and cells[move] == boards.EMPTY
                and self.outcome(position) is None)

    def play(self, position: Position, move: int) -> Position:
        if not self.is_legal(position, move):
            raise self.illegal(f"{self.format_move(position, move)} is not an empty cell of a game in progress")
        turn, cells = position
        return (1 - turn, boards.place(cells, move, self.player_names[turn]))

    def parse_position(self, text: str) -> Position:
        fields = boards.split_fields(self.name, text)
        turn = boards.parse_turn(self.name, fields[0], self.player_names, text)
        cells = boards.parse_rows(self.name, self.row_words(fields[1:], text), self.rows, self.cols, "xo-", text)
        owners = self.line_owners(cells)
        if len(owners) > 1:
            raise self.error("both x and o have three in a row", text)
        if self.opens_with_sheet():
            for cell, mark in ((SHEET_X, "x"), (SHEET_O, "o")):
                if cells[cell] != mark:
                    raise self.error(f"{boards.cell_name(*divmod(cell, self.cols))} is {cells[cell]}, but the game"
                                     f" starts with {mark} there (marks stay where they are placed)", text)
        boards.check_placements(self.name, self.player_names, cells, turn,
                                self.player_names.index(owners.pop()) if owners else None,
                                lambda board, mark: mark in self.line_owners(board), text)
        return (turn, cells)

    def row_words(self, words: list[str], text: str) -> list[str]:
        """The rows of a position string's board ``words``: one word a row, or, as the sheet
        spaces its strings, the cells in order in words of any length.

        >>> TomorrowsTicTacToe().row_words("- - - - x - - - - - o -".split(), "")
        ['----', 'x---', '--o-']
        """
        cells = "".join(words)
        if len(words) == self.rows or len(cells) != self.size:
            if len(words) != self.rows:
                raise self.error(f"{len(words)} rows, expected {self.rows} (one word a row, or the {self.size}"
                                 " cells in order, spaced as you like)", text)
            return words
        return [cells[row * self.cols:(row + 1) * self.cols] for row in range(self.rows)]

    def format_position(self, position: Position) -> str:
        return f"({self.player_names[position[0]]} {boards.format_rows(position[1], self.cols)})"

    def format_move(self, position: Position, move: int) -> str:
        if isinstance(move, int) and 0 <= move < self.size:
            return boards.cell_name(*divmod(move, self.cols))
        return str(move)

    def parse_move(self, position: Position, text: str) -> int:
        row, col = boards.parse_cell(self.name, text, self.rows, self.cols)
        move = row * self.cols + col
        if not self.is_legal(position, move):
            raise self.illegal(f"{text.strip()} is not an empty cell of a game in progress")
        return move

    def render(self, position: Position) -> str:
        grid = boards.render_grid(position[1], self.rows, self.cols)
        result = self.outcome(position)
        if result is None:
            status = f"{self.player_names[position[0]]} to move"
        elif result[0] == result[1]:
            status = "a tie"
        else:
            status = f"{self.player_names[0 if result[0] > result[1] else 1]} wins"
        return f"{grid}\n{status}"
