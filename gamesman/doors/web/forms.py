"""How positions and moves are written for GamesmanUni: each game's board form.

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

from gamesman.contract.errors import GameError, PositionError, shown
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

    def image_autogui_data(self, game: Game[Any, Any]) -> dict[str, Any] | None:
        """The images and their places that draw the board, or None (the moves as buttons)."""
        return None


class TicTacToeForm(TextForm):
    """GamesmanUni's own tic-tac-toe board: ``1_`` (x to move) or ``2_`` and the nine cells
    row by row (``x``, ``o``, ``-``); a move is ``A_x_4_-`` (the mark and the cell's index).

    >>> from gamesman.contract.registry import make_game
    >>> game, form = make_game("tictactoe"), TicTacToeForm()
    >>> after = game.play(game.start(), 4)
    >>> form.position(game, after), form.autogui_move(game, game.start(), 4, after)
    ('2_----x----', 'A_x_4_-')
    >>> game.format_position(form.parse(game, "1_x---o----"))
    '(x x-- -o- ---)'
    """

    gui = "v3"

    def position(self, game: Game[Any, Any], position: Hashable) -> str:
        turn, *rows = game.format_position(position).strip("()").split()
        return f"{self.turn(game, position)}_{''.join(rows)}"

    def parse(self, game: Game[Any, Any], text: str) -> Hashable:
        turn, sep, cells = text.partition("_")
        if not sep or turn not in ("1", "2") or len(cells) != 9:
            raise PositionError(f"{game.name}: {shown(text)!r} is not 1_ or 2_ and nine cells (x, o, -)")
        rows = " ".join(cells[at:at + 3] for at in range(0, 9, 3))
        parsed: Hashable = game.parse_position(f"({game.player_names[int(turn) - 1]} {rows})")
        return parsed

    def autogui_position(self, game: Game[Any, Any], position: Hashable) -> str:
        return self.position(game, position)

    def autogui_move(self, game: Game[Any, Any], position: Hashable, move: Hashable, after: Hashable) -> str:
        cells, then = self.position(game, position)[2:], self.position(game, after)[2:]
        cell = next(at for at in range(9) if cells[at] != then[at])
        return f"A_{then[cell]}_{cell}_-"


#: What a grid's cells may hold: what UWAPI's board strings may hold, less digits (a
#: field of digits is a count, not a row of a board).
GRID_CELLS = frozenset(string.ascii_letters + "-")
#: The images GamesmanUni ships that draw each player's pieces, in turn order.
PIECE_IMAGES = ("general/blackpiece.svg", "general/whitepiece.svg")
#: Grid games whose position strings give the bottom row first (as their boards are drawn).
BOTTOM_ROW_FIRST = frozenset({"connectfour", "abalone"})
#: The token of a move button, and its image (a square that lights up in the move's colour).
BUTTON = "h"


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
    by row.

    >>> from gamesman.contract.registry import make_game
    >>> game = make_game("connectfour", rows=4, cols=4)
    >>> GRID.autogui_position(game, game.start()), GRID.autogui_move(game, game.start(), 1, game.play(game.start(), 1))
    ('1_----------------', 'A_h_1_-')
    >>> GRID.image_autogui_data(game)["themes"]["regular"]["centers"][1]  # the bottom row's
    [1.5, 3.5]
    """

    gui = "v2"

    def autogui_position(self, game: Game[Any, Any], position: Hashable) -> str:
        rows = grid_rows(game, position)
        return super().autogui_position(game, position) if rows is None else \
            f"{self.turn(game, position)}_{''.join(rows)}"

    def autogui_move(self, game: Game[Any, Any], position: Hashable, move: Hashable, after: Hashable) -> str:
        before, rows_after = grid_rows(game, position), grid_rows(game, after)
        if before is not None and rows_after is not None:
            cells, then = "".join(before), "".join(rows_after)
            changed = [at for at in range(len(cells)) if cells[at] != then[at]]
            filled = [at for at in changed if cells[at] == "-"]
            if len(filled) == 1 and len(cells) == len(then):
                return f"A_{BUTTON}_{filled[0]}_-"
        return super().autogui_move(game, position, move, after)

    def image_autogui_data(self, game: Game[Any, Any]) -> dict[str, Any] | None:
        rows = grid_rows(game, game.start())
        if rows is None:
            return None
        width, height = len(rows[0]), len(rows)
        pieces = {name: {"image": image, "scale": 0.9} for name, image in zip(game.player_names, PIECE_IMAGES)}
        drawn_rows = range(height - 1, -1, -1) if game.name in BOTTOM_ROW_FIRST else range(height)
        theme = {"space": [width, height],
                 "centers": [[col + 0.5, row + 0.5] for row in drawn_rows for col in range(width)],
                 "charImages": {**pieces, BUTTON: {"image": "general/basichitbox.svg", "scale": 0.9}},
                 "animationType": "entityFade"}
        return {"defaultTheme": "regular", "themes": {"regular": theme}}


#: The form every game without one of its own gets.
TEXT = TextForm()
#: The form of games whose positions are boards of cells.
GRID = GridForm()

#: The games that GamesmanUni draws with a board of its own, by id.
FORMS: dict[str, TextForm] = {"tictactoe": TicTacToeForm()}


def form_of(game: Game[Any, Any]) -> TextForm:
    """The board form of ``game``: its own, else a grid where its positions are boards
    of cells, else its position string with the moves as buttons.

    >>> from gamesman.contract.registry import make_game
    >>> [type(form_of(make_game(name))).__name__ for name in ("tictactoe", "othello", "nim")]
    ['TicTacToeForm', 'GridForm', 'TextForm']
    """
    if game.name in FORMS:
        return FORMS[game.name]
    return GRID if grid_rows(game, game.start()) is not None else TEXT
