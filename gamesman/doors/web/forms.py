"""How positions and moves are written for GamesmanUni: each game's board form.

A game that declares ``uwapi_board`` draws its own board (:class:`GameBoardForm` hands
its hooks' strings and images on); the door names no game.  For games that declare
nothing there are two generic forms: a grid where the position string is a turn and
rows of cells (:class:`GridForm`), else the position string with the moves as buttons
(:class:`TextForm`).

GamesmanUni puts a position into its request's URL as it is, unescaped
(``positions/?p=POSITION``), so every position string we hand it must survive
that: the text form writes a game's own position string with each space as
``_`` (no game writes ``_`` itself), which leaves only characters that a URL's
query keeps as they are.  ``autoguiPosition`` is UWAPI's board string: ``1_`` or
``2_`` (the player to move) and then the board.

>>> from gamesman.contract.registry import make_game
>>> nim = make_game("nim")
>>> TEXT.position(nim, nim.start()), TEXT.autogui_position(nim, nim.start())
('(x_5_5_5)', '1_(x_5_5_5)')
>>> nim.format_position(TEXT.parse(nim, "(o_1_2_3)"))
'(o 1 2 3)'
"""
from __future__ import annotations

import string
from typing import Any, Hashable

from gamesman.boards.autogui import BUTTON, BUTTON_IMAGE, PIECES, filled_cell, grid_centers, image_data, place
from gamesman.contract.capabilities import uwapi_board
from gamesman.contract.errors import GameError, shown
from gamesman.contract.game import Game

#: The characters a position string may have on the web: what a URL's query keeps as it is.
URL_SAFE = frozenset(string.ascii_letters + string.digits + "-.~()=,:/*!@")


class TextForm:
    """The form every game has: its own position string (spaces as ``_``); GamesmanUni
    lists the moves as buttons, each coloured by its value."""

    #: The kind of board GamesmanUni draws (``v0``: no image board of its own).
    gui = "v0"

    def position(self, game: Game[Any, Any], position: Hashable) -> str:
        """The position's string in URLs."""
        text = game.format_position(position)
        unsafe = sorted(set(text) - URL_SAFE - {" "})
        if unsafe:
            raise GameError(f"{game.name}: {shown(text)!r} has {unsafe[0]!r}, which a URL would change")
        return text.replace(" ", "_")

    def parse(self, game: Game[Any, Any], text: str) -> Hashable:
        """The position that ``position`` wrote as ``text`` (the game's own string is taken too)."""
        parsed: Hashable = game.parse_position(text.replace("_", " "))
        return parsed

    def turn(self, game: Game[Any, Any], position: Hashable) -> str:
        """UWAPI's turn: ``1`` for the first player (and a puzzle's), ``2`` for the second."""
        return str(game.to_move(position) + 1)

    def autogui_position(self, game: Game[Any, Any], position: Hashable) -> str:
        return f"{self.turn(game, position)}_{self.position(game, position)}"

    def autogui_move(self, game: Game[Any, Any], position: Hashable, move: Hashable, after: Hashable) -> str:
        """UWAPI's string of ``move`` from ``position`` to ``after``."""
        return game.format_move(position, move)

    def move_name(self, game: Game[Any, Any], position: Hashable, move: Hashable) -> str:
        """The move's name in replies: as the CLI writes it."""
        return game.format_move(position, move)

    def image_autogui_data(self, game: Game[Any, Any]) -> dict[str, Any] | None:
        """The images and their places that draw the board, or None (the moves as buttons)."""
        return None

    def gui_of(self, game: Game[Any, Any]) -> str:
        """The kind of board GamesmanUni draws for ``game``."""
        return self.gui


#: What a grid's cells may hold: what UWAPI's board strings may hold, less digits (a
#: field of digits is a count, not a row of a board).
GRID_CELLS = frozenset(string.ascii_letters + "-")


def grid_rows(game: Game[Any, Any], position: Hashable) -> list[str] | None:
    """The rows of a board whose position string is ``(TURN ROW ROW ...)`` with rows of one
    length, each cell a letter or ``-``; None for a position string of another shape.

    >>> from gamesman.contract.registry import make_game
    >>> othello = make_game("othello")
    >>> grid_rows(othello, othello.start()), grid_rows(make_game("nim"), make_game("nim").start())
    (['----', '-wb-', '-bw-', '----'], None)
    """
    text = game.format_position(position)
    if not (text.startswith("(") and text.endswith(")")):
        return None
    rows = text[1:-1].split()[1:]
    if not rows or len({len(row) for row in rows}) != 1 or not set("".join(rows)) <= GRID_CELLS:
        return None
    return rows


class GridForm(TextForm):
    """A board of cells, drawn by GamesmanUni's image board: each player's pieces with its
    shipped pieces, a move that fills one empty cell as a button on that cell (any other
    move as a button beside the board).  ``autoguiPosition`` is the turn and the cells row
    by row, as the position string gives them.

    >>> from gamesman.contract.registry import make_game
    >>> game = make_game("tomorrowstictactoe", empty_start=True)
    >>> GRID.autogui_position(game, game.start()), GRID.autogui_move(game, game.start(), 1, game.play(game.start(), 1))
    ('1_------------', 'A_h_1_-')
    >>> GRID.image_autogui_data(game)["themes"]["regular"]["centers"][4]  # the second row's first
    [0.5, 1.5]
    """

    gui = "v2"

    def autogui_position(self, game: Game[Any, Any], position: Hashable) -> str:
        rows = grid_rows(game, position)
        return super().autogui_position(game, position) if rows is None else \
            f"{self.turn(game, position)}_{''.join(rows)}"

    def autogui_move(self, game: Game[Any, Any], position: Hashable, move: Hashable, after: Hashable) -> str:
        before, rows_after = grid_rows(game, position), grid_rows(game, after)
        cell = None if before is None or rows_after is None else filled_cell("".join(before), "".join(rows_after))
        return super().autogui_move(game, position, move, after) if cell is None else place(BUTTON, cell)

    def image_autogui_data(self, game: Game[Any, Any]) -> dict[str, Any] | None:
        rows = grid_rows(game, game.start())
        if rows is None:
            return None
        width, height = len(rows[0]), len(rows)
        return image_data([width, height], grid_centers(width, height),
                          {**dict(zip(game.player_names, PIECES)), BUTTON: BUTTON_IMAGE})


class GameBoardForm(TextForm):
    """The board a game draws itself (it declares ``uwapi_board``): its hooks give the
    strings and images; the position in URLs is its board string or its own string.

    >>> from gamesman.contract.registry import make_game
    >>> game = make_game("tictactoe")
    >>> after = game.play(game.start(), 4)
    >>> BOARD.position(game, after), BOARD.autogui_move(game, game.start(), 4, after)
    ('2_----x----', 'A_x_4_-')
    >>> game.format_position(BOARD.parse(game, "1_x---o----"))
    '(x x-- -o- ---)'
    """

    def position(self, game: Game[Any, Any], position: Hashable) -> str:
        board = uwapi_board(game)
        return board.autogui_position(position) if board.position_is_autogui else super().position(game, position)

    def parse(self, game: Game[Any, Any], text: str) -> Hashable:
        board = uwapi_board(game)
        if board.position_is_autogui and text[1:2] == "_":  # a turn, then the board
            parsed: Hashable = board.parse_autogui_position(text)
            return parsed
        return super().parse(game, text)

    def autogui_position(self, game: Game[Any, Any], position: Hashable) -> str:
        return uwapi_board(game).autogui_position(position)

    def autogui_move(self, game: Game[Any, Any], position: Hashable, move: Hashable, after: Hashable) -> str:
        return uwapi_board(game).autogui_move(position, move, after)

    def move_name(self, game: Game[Any, Any], position: Hashable, move: Hashable) -> str:
        return uwapi_board(game).uwapi_move(position, move)

    def image_autogui_data(self, game: Game[Any, Any]) -> dict[str, Any] | None:
        return uwapi_board(game).image_autogui_data()

    def gui_of(self, game: Game[Any, Any]) -> str:
        return uwapi_board(game).uwapi_gui


#: The form every game without one of its own gets.
TEXT = TextForm()
#: The form of games whose positions are boards of cells.
GRID = GridForm()
#: The form of games that draw their own boards.
BOARD = GameBoardForm()


def form_of(game: Game[Any, Any]) -> TextForm:
    """The board form of ``game``: its own where it declares one, else a grid where its
    positions are boards of cells, else its position string with the moves as buttons.

    >>> from gamesman.contract.registry import make_game
    >>> games = make_game("tictactoe"), make_game("sim", nodes=5), make_game("nim", size=30)
    >>> [type(form_of(game)).__name__ for game in games]  # the last two declare no board
    ['GameBoardForm', 'GridForm', 'TextForm']
    """
    if game.capabilities.uwapi_board:
        return BOARD
    return GRID if grid_rows(game, game.start()) is not None else TEXT
