"""Tic-Tac-Toe (seeds 000, 001 and 003).

Two players, X and O, take turns placing their mark on an empty cell of the
3x3 board; X starts.  Three marks in a row (across, down or diagonal) win; a
full board with no three in a row is a tie.  Misère: three in a row loses.

A position string is refused when play cannot reach it: the marks must
follow X starting and the players alternating (X has as many marks as O with
X to move, one more with O to move), and a line must be the one the last
move made (play stops at the first line): only one player has one, that
player placed the last mark, and taking one of its marks away breaks all its
lines.  On a board with a line the turn token is free (the game is over
whoever it names: no moves, the same outcome and value either way).

Position: ``(x --- --- ---)``: whose turn, then rows 1 to 3 (``x``, ``o``, ``-``).
Moves: the cell, a column letter and a row number (``a1`` .. ``c3``).

On the web, GamesmanUni draws it with its own tic-tac-toe board, which reads the
position as ``1_`` (x to move) or ``2_`` and the nine cells row by row, and a move
as ``A_x_4_-`` (the mark and the cell's index).
"""
from __future__ import annotations

from functools import lru_cache

from gamesman.boards import text as boards
from gamesman.boards.codes import TurnBoardCodes
from gamesman.boards.planes import BoardPlanes
from gamesman.boards.symmetry import BoardSymmetries
from gamesman.boards.autogui import place
from gamesman.contract.capabilities import ActionIndex, Capabilities, CompactForm, CompactPlayouts, UwapiBoard
from gamesman.contract.game import Game, Option, two_player_result

SIZE = 3


class TicTacToe(TurnBoardCodes, BoardSymmetries, ActionIndex[tuple[int, str], int], BoardPlanes, CompactForm[tuple[int, str], int],
                UwapiBoard[tuple[int, str], int], Game[tuple[int, str], int]):
    name = "tictactoe"
    title = "Tic-Tac-Toe"
    player_names = ("x", "o")
    misere = Option(bool, False, "three in a row loses")
    rules = "Place your mark on an empty cell; three in a row wins (loses under misere)."
    cell_letters = "-xo"  # position codes: TurnBoardCodes
    codes_version = 2  # 2: solved up to the board's symmetries
    size = SIZE * SIZE

    def setup(self) -> None:
        self.lines = boards.lines(SIZE, SIZE, SIZE)

    def declare(self) -> Capabilities:
        return Capabilities(players=2, position_codes=self.codes_fit, symmetries=True, compact_playouts=True,
                            solvable=True, action_index=True, observation_tensor=True, uwapi_board=True)

    def action_moves(self) -> range:
        """The cells: a move is the cell it marks."""
        return range(SIZE * SIZE)

    def longest_game(self) -> int:
        """Every move marks a cell."""
        return SIZE * SIZE

    def board_shape(self) -> tuple[int, int]:
        return (SIZE, SIZE)

    def start(self) -> tuple[int, str]:
        return (0, boards.EMPTY * SIZE * SIZE)

    def to_move(self, position: tuple[int, str]) -> int:
        return position[0]

    def line_owner(self, cells: str) -> int | None:
        for index, mark in enumerate(self.player_names):
            if boards.has_line(cells, mark, self.lines):
                return index
        return None

    def outcome(self, position: tuple[int, str]) -> tuple[float, float] | None:
        owner = self.line_owner(position[1])
        if owner is not None:
            return two_player_result(1 - owner if self.misere else owner)
        if boards.EMPTY not in position[1]:
            return two_player_result(None)
        return None

    def moves(self, position: tuple[int, str]) -> list[int]:
        if self.outcome(position) is not None:
            return []
        return [i for i, cell in enumerate(position[1]) if cell == boards.EMPTY]

    def play(self, position: tuple[int, str], move: int) -> tuple[int, str]:
        if move not in self.moves(position):
            raise self.illegal(f"{self.format_move(position, move)} is not an empty cell of a game in progress")
        turn, cells = position
        return (1 - turn, boards.place(cells, move, self.player_names[turn]))

    def parse_position(self, text: str) -> tuple[int, str]:
        fields = boards.split_fields(self.name, text)
        turn = boards.parse_turn(self.name, fields[0], self.player_names, text)
        cells = boards.parse_rows(self.name, fields[1:], SIZE, SIZE, "xo-", text)
        if all(boards.has_line(cells, mark, self.lines) for mark in self.player_names):
            raise self.error("both x and o have three in a row (play stops at the first line)", text)
        boards.check_placements(self.name, self.player_names, cells, turn, self.line_owner(cells),
                                lambda board, mark: boards.has_line(board, mark, self.lines), text)
        return (turn, cells)

    def format_position(self, position: tuple[int, str]) -> str:
        return f"({self.player_names[position[0]]} {boards.format_rows(position[1], SIZE)})"

    def format_move(self, position: tuple[int, str], move: int) -> str:
        return boards.cell_name(*divmod(move, SIZE)) if isinstance(move, int) else str(move)

    def parse_move(self, position: tuple[int, str], text: str) -> int:
        row, col = boards.parse_cell(self.name, text, SIZE, SIZE)
        move = row * SIZE + col
        if move not in self.moves(position):
            raise self.illegal("the game is over" if self.outcome(position) else
                               f"{text.strip()} is not an empty cell: {position[1][move]} took it")
        return move

    def render(self, position: tuple[int, str]) -> str:
        return boards.render_grid(position[1], SIZE, SIZE)

    # -- the web board (GamesmanUni's own) ----------------------------------------------------
    uwapi_id = "tictactoe"
    position_is_autogui = True

    def autogui_position(self, position: tuple[int, str]) -> str:
        """The turn and the nine cells row by row.

        >>> TicTacToe().autogui_position((1, "----x----"))
        '2_----x----'
        """
        return f"{self.autogui_turn(position)}_{position[1]}"

    def parse_autogui_position(self, text: str) -> tuple[int, str]:
        turn, sep, cells = text.partition("_")
        if not sep or turn not in ("1", "2") or len(cells) != SIZE * SIZE:
            raise self.error("a board is 1_ or 2_ and nine cells (x, o, -)", text)
        return self.parse_position(f"({self.player_names[int(turn) - 1]} {boards.format_rows(cells, SIZE)})")

    def autogui_move(self, position: tuple[int, str], move: int, after: tuple[int, str]) -> str:
        return place(self.player_names[position[0]], move)

    def image_autogui_data(self) -> None:
        """None: GamesmanUni draws tic-tac-toe itself."""
        return None

    # -- fast play (gamesman.players.playouts) -------------------------------------------
    def compact_playouts(self) -> CompactPlayouts[tuple[int, str], int]:
        return LinePlayouts(self)


class LinePlayouts(CompactPlayouts[tuple[int, str], int]):
    """Random games of tic-tac-toe on two 9-bit masks, compiled."""

    def __init__(self, game: TicTacToe) -> None:
        from gamesman.players.playouts import line_masks

        import numpy as np

        self.game_rules = game
        self.lines = line_masks(game.lines)
        self.full = np.uint64((1 << SIZE * SIZE) - 1)

    def run(self, position: tuple[int, str], seed: int):
        """The utilities and the moves of one random game."""
        import numpy as np

        from gamesman.players.compiled import seeded
        from gamesman.players.playouts import TIE, line_game

        turn, cells = position
        moves = np.empty(SIZE * SIZE, dtype=np.int64)
        end, played = line_game(self.stones(cells), turn, self.full, self.lines, self.game_rules.misere, 0,
                                seeded(seed), moves)
        return two_player_result(None if end == TIE else int(end)), moves[:played]

    @lru_cache(maxsize=4096)
    def stones(self, cells: str):
        """The masks of x's and o's marks."""
        import numpy as np

        return np.array([sum(1 << i for i, cell in enumerate(cells) if cell == mark)
                         for mark in self.game_rules.player_names], dtype=np.uint64)
