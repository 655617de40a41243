"""Othello on an n-rows by m-columns board (CS3 GAMESMAN assignment, seeds 004; GBG 8x8, seeds 000).

Black and White take turns placing a piece of their colour on an empty cell
so that it encloses at least one line (across, down or diagonal) of the
opponent's pieces between the new piece and another of their own; every
enclosed line is flipped to the mover's colour.  A player who cannot place
must pass; a pass is a move (``pass``) and counts in remoteness.  The game
ends when neither player can place.  Whoever has more pieces wins; equal
counts are a tie.  Black moves first.  Options:

* ``rows``, ``cols``: the board, 3 to 100 rows and 3 to 26 columns (default
  4x4; 8x8 is the GBG game).  Columns are letters, as the sheet has them; rows
  stop at 100 only so that a mistyped option cannot build a huge board.
* ``misere``: whoever has fewer pieces at the end wins.
* ``place_anywhere``: any empty cell is a legal move, flipping whatever it
  encloses (possibly nothing); there are no passes and the game ends when
  the board is full.

Choices where the sheet is silent:

* The starting 2x2 cluster is centred; when a side has an odd length the
  cluster sits half a cell towards row 1 / column a.  Its top-left and
  bottom-right cells are white, the other two black, as in the sheet's
  position 1 and in standard Othello.
* A position string is refused when play cannot reach it by what is cheap
  to check: a cell of the starting four is empty (pieces are never taken
  off); only the starting four are on the board but not as they start, or
  with w to move (no move was made, and b always has one there); without
  place-anywhere, a piece is not joined (across, down or diagonally, through
  other pieces) to the starting four, since every placement is next to an
  opposing piece; with place-anywhere, where there are no passes, the player
  to move does not follow from the pieces placed (b first).  Not checked:
  whose turn it is without place-anywhere once a piece is placed (passes
  make either possible; whether one was forced is not looked for), and
  whether some order of placements and flips makes the colours.
* Boards of more than 16 cells are too large to solve here (declared ``solvable``):
  4x4 has 62,789 positions (1,234,369 with place-anywhere), 4x5 over three
  million.  The solver keeps one position of each set alike under the board's
  symmetries (turns and mirror images keep the rules): 14,401 on 4x4 (202,638
  with place-anywhere).
* ``evaluate`` (for search players on larger boards) weighs, for the player
  to move, mobility (the difference in places to play, over their sum) and
  corners (the difference in corners held, over four) while the board is
  empty, and the piece difference (over the pieces) more and more as it
  fills: ``(1 - f) * (0.4 mobility + 0.6 corners) + f * pieces`` with f the
  filled share of the board.  An ended game scores 1, 0 or -1.  Under misère
  the estimate is negated.

Position: ``(w -b-- -bb- -bw- ----)``: whose turn (``b`` or ``w``), then the
rows, row 1 first, one character per cell (``b``, ``w``, ``-`` for empty).
Moves: the cell, a column letter and a row number (``b1`` is column B of
row 1, the first row of the string), or ``pass``.

On the web it is drawn as GamesCrafters draw Othello (on their 4x4 board, the
regular variant): the cells row by row (``B``, ``W``), then each player's
count in two digits and the place of the pass button; a move is a button on
its cell, a pass the ``P`` button below the board (boards of up to 99 cells).
"""
from __future__ import annotations

from functools import cached_property
from typing import Any

from gamesman.boards import text as boards
from gamesman.boards.autogui import BUTTON, BUTTON_IMAGE, DIGITS, PIECES, grid_centers, image_data, place
from gamesman.boards.codes import GridShifts, TurnBoardCodes, popcount, set_bits
from gamesman.boards.planes import BoardPlanes
from gamesman.boards.symmetry import BoardSymmetries
from gamesman.contract.capabilities import (ActionIndex, BatchExpansion, Capabilities, CompactForm, CompactPlayouts, End,
                                           UwapiBoard)
from gamesman.contract.game import Game, Option, two_player_result
from gamesman.contract.strategy import StrategyEntry
from gamesman.players.search import budget_usage

PASS = "pass"
MAX_SOLVABLE_CELLS = 16
MAX_ROWS = 100
MAX_DRAWN_CELLS = 99  # the web board writes each player's count in two digits
#: The side of a cell of the web board, as GamesCrafters draw Othello.
CELL = 10
EIGHT_DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))

Position = tuple[int, str]
Move = int | str


class Othello(TurnBoardCodes, BoardSymmetries, BatchExpansion, CompactForm[Position, Move], ActionIndex[Position, Move],
              BoardPlanes, UwapiBoard[Position, Move], Game[Position, Move]):
    name = "othello"
    title = "Othello"
    player_names = ("b", "w")
    board_size_options = ("cols", "rows")  # GTP: boardsize WIDTH [HEIGHT]
    codes_version = 2  # 2: solved up to the board's symmetries
    rows = Option(int, 4, "rows of the board n", low=3, high=MAX_ROWS)
    cols = Option(int, 4, "columns of the board m", low=3, high=26)
    misere = Option(bool, False, "whoever has fewer pieces at the end wins")
    place_anywhere = Option(bool, False, "any empty cell is legal, no passes, the game ends on a full board")
    rules = ("Place a piece so that it encloses opposing pieces, which flip; pass when you cannot place. "
             "Most pieces when neither can place wins (fewest under misere).")
    search_strategy = "bitalphabeta"
    strategies = {"bitalphabeta": StrategyEntry(
        lambda game, rng, args: _othello_search().make_bitalphabeta(game, rng, args),
        "alpha-beta on bit boards with mobility, corners, stability and parity, compiled: "
        + budget_usage("bitalphabeta", "depth"))}

    def setup(self) -> None:
        self.size = self.rows * self.cols
        self.rays = boards.rays(self.rows, self.cols, EIGHT_DIRECTIONS)

    @cached_property
    def centre(self) -> tuple[int, ...]:
        """The four cells of the starting cluster, as flat indices."""
        top, left = (self.rows - 2) // 2, (self.cols - 2) // 2
        return tuple((top + dr) * self.cols + left + dc for dr in (0, 1) for dc in (0, 1))

    def start(self) -> Position:
        cells = boards.EMPTY * self.size
        for index, piece in zip(self.centre, "wbbw"):
            cells = boards.place(cells, index, piece)
        return (0, cells)

    def to_move(self, position: Position) -> int:
        return position[0]

    # -- the rules --------------------------------------------------------------
    def flips(self, cells: str, index: int, piece: str) -> list[int]:
        """The opposing pieces that ``piece`` placed at ``index`` encloses."""
        other = "w" if piece == "b" else "b"
        flipped: list[int] = []
        for ray in self.rays[index]:
            run = 0
            for at in ray:
                if cells[at] != other:
                    break
                run += 1
            if run and run < len(ray) and cells[ray[run]] == piece:
                flipped.extend(ray[:run])
        return flipped

    def placements(self, cells: str, piece: str) -> list[Move]:
        """The cells where ``piece`` may be placed (each encloses something)."""
        return [i for i, cell in enumerate(cells)
                if cell == boards.EMPTY and (self.place_anywhere or self.flips(cells, i, piece))]

    def can_place(self, cells: str, piece: str) -> bool:
        """True when ``piece`` has somewhere to go."""
        if self.place_anywhere:
            return boards.EMPTY in cells
        return any(cell == boards.EMPTY and self.flips(cells, i, piece) for i, cell in enumerate(cells))

    def score(self, cells: str) -> tuple[int, int]:
        """Pieces of black and of white."""
        return cells.count("b"), cells.count("w")

    def outcome(self, position: Position) -> tuple[float, float] | None:
        cells = position[1]
        if self.can_place(cells, "b") or self.can_place(cells, "w"):
            return None
        black, white = self.score(cells)
        if black == white:
            return two_player_result(None)
        more = 0 if black > white else 1
        return two_player_result(1 - more if self.misere else more)

    def moves(self, position: Position) -> list[Move]:
        turn, cells = position
        found = self.placements(cells, self.player_names[turn])
        if found:
            return found
        return [PASS] if self.outcome(position) is None else []

    def play(self, position: Position, move: Move) -> Position:
        turn, cells = position
        if move == PASS:
            if self.moves(position) != [PASS]:
                raise self.illegal("pass is legal only when you cannot place a piece and the game goes on")
            return (1 - turn, cells)
        if not (type(move) is int and 0 <= move < self.size and cells[move] == boards.EMPTY):
            raise self.illegal(f"{self.format_move(position, move)} is not an empty cell")
        piece = self.player_names[turn]
        flipped = self.flips(cells, move, piece)
        if not flipped and not self.place_anywhere:
            raise self.illegal(f"{self.format_move(position, move)} encloses no opposing piece")
        board = list(cells)
        for at in (move, *flipped):
            board[at] = piece
        return (1 - turn, "".join(board))

    # -- text -------------------------------------------------------------------
    def parse_position(self, text: str) -> Position:
        fields = boards.split_fields(self.name, text)
        turn = boards.parse_turn(self.name, fields[0], self.player_names, text)
        cells = boards.parse_rows(self.name, fields[1:], self.rows, self.cols, "bw-", text)
        self.check_reachable(turn, cells, text)
        return (turn, cells)

    def check_reachable(self, turn: int, cells: str, text: str) -> None:
        """Refuse a board that play cannot reach (see the module docstring for what is checked)."""
        empty_centre = [index for index in self.centre if cells[index] == boards.EMPTY]
        if empty_centre:
            raise self.error(f"cell {boards.cell_name(*divmod(empty_centre[0], self.cols))} of the starting four is"
                             " empty (pieces are never taken off)", text)
        if self.place_anywhere and boards.EMPTY in cells:  # no passes: each piece after the starting four is one move
            placed = self.size - cells.count(boards.EMPTY) - len(self.centre)
            boards.check_moves_taken(self.name, self.player_names, placed, placed, turn, text)
        if cells.count(boards.EMPTY) == self.size - len(self.centre) and (turn, cells) != self.start():
            raise self.error("only the starting four are on the board, so no move was made: the position can only"
                             f" be the start, {self.format_position(self.start())}", text)
        if self.place_anywhere:
            return
        joined = set(self.centre)
        waiting = list(self.centre)
        while waiting:
            for other in boards.neighbours(self.rows, self.cols, waiting.pop(), EIGHT_DIRECTIONS):
                if cells[other] != boards.EMPTY and other not in joined:
                    joined.add(other)
                    waiting.append(other)
        apart = [index for index, cell in enumerate(cells) if cell != boards.EMPTY and index not in joined]
        if apart:
            raise self.error(f"the piece at {boards.cell_name(*divmod(apart[0], self.cols))} is not joined to the"
                             " starting four (every piece is placed next to one on the board)", text)

    def format_position(self, position: Position) -> str:
        return f"({self.player_names[position[0]]} {boards.format_rows(position[1], self.cols)})"

    def format_move(self, position: Position, move: Move) -> str:
        if isinstance(move, int) and 0 <= move < self.size:
            return boards.cell_name(*divmod(move, self.cols))
        return str(move)

    def parse_move(self, position: Position, text: str) -> Move:
        word = text.strip().lower()
        if word == PASS:
            move: Move = PASS
        else:
            row, col = boards.parse_cell(self.name, text, self.rows, self.cols)
            move = row * self.cols + col
        if move not in self.moves(position):
            legal = " ".join(self.format_move(position, m) for m in self.moves(position)) or "none: the game is over"
            raise self.illegal(f"{text.strip()!r} is not a legal move here (legal: {legal})")
        return move

    def render(self, position: Position) -> str:
        turn, cells = position
        black, white = self.score(cells)
        grid = boards.render_grid(cells, self.rows, self.cols)
        status = "game over" if self.outcome(position) is not None else f"{self.player_names[turn]} to move"
        return f"{grid}\nblack {black}, white {white}; {status}"

    def evaluate(self, position: Position) -> float:
        """For search players: mobility and corners early, pieces late (see the module docstring)."""
        turn, cells = position
        mine, theirs = self.player_names[turn], self.player_names[1 - turn]
        my_pieces, their_pieces = cells.count(mine), cells.count(theirs)
        pieces = (my_pieces - their_pieces) / max(my_pieces + their_pieces, 1)
        if self.place_anywhere:
            over, mobility = boards.EMPTY not in cells, 0.0
        else:
            my_places, their_places = len(self.placements(cells, mine)), len(self.placements(cells, theirs))
            over = my_places == their_places == 0
            mobility = (my_places - their_places) / max(my_places + their_places, 1)
        if over:
            estimate = float((pieces > 0) - (pieces < 0))
        else:
            corners = sum((cells[at] == mine) - (cells[at] == theirs) for at in self.corners) / 4
            filled = (my_pieces + their_pieces) / self.size
            estimate = (1 - filled) * (0.4 * mobility + 0.6 * corners) + filled * pieces
        return -estimate if self.misere else estimate

    @cached_property
    def corners(self) -> tuple[int, ...]:
        return (0, self.cols - 1, self.size - self.cols, self.size - 1)

    def declare(self) -> Capabilities:
        """Boards of up to 16 cells (4x4) can be solved here; compact play on bit boards
        of up to 64 cells; codes: TurnBoardCodes, also expanded in batches, and solved up to
        the board's symmetries (the rules keep them; the starting four's colours swap under
        a quarter turn, which changes no position's value)."""
        return Capabilities(players=2, position_codes=self.codes_fit, batch_expansion=self.codes_fit,
                            symmetries=self.codes_fit,
                            compact_playouts=self.size <= 64, solvable=self.size <= MAX_SOLVABLE_CELLS,
                            action_index=True, observation_tensor=True, uwapi_board=self.size <= MAX_DRAWN_CELLS)

    # -- the web board: GamesCrafters' Othello ----------------------------------------------
    def autogui_position(self, position: Position) -> str:
        """The cells row by row, then Black's and White's counts and the pass button's place.

        >>> game = Othello()
        >>> game.autogui_position(game.start())
        '1_-----WB--BW-----0202-'
        """
        cells = position[1]
        counts = "".join(f"{cells.count(piece):02d}" for piece in self.player_names)
        return f"{self.autogui_turn(position)}_{cells.upper()}{counts}-"

    def autogui_move(self, position: Position, move: Move, after: Position) -> str:
        """A button on the cell, or the pass button ``P`` below the board."""
        return place("P", self.size + 4) if move == PASS else place(BUTTON, int(move))

    def image_autogui_data(self) -> dict[str, Any]:
        width, height = self.cols * CELL, self.rows * CELL
        below = height + CELL / 2
        extras = [[3, below], [7, below], [width - 7, below], [width - 3, below], [width / 2, below]]
        grid = {"background": "othello/grid.svg"} if (self.rows, self.cols) == (4, 4) else {}
        digits = {digit: (image, 2 * CELL) for digit, image in DIGITS.items()}
        return image_data([width, height + CELL], grid_centers(self.cols, self.rows, cell=CELL) + extras,
                          {"B": (PIECES[0], 0.9 * CELL), "W": (PIECES[1], 0.9 * CELL),
                           BUTTON: (BUTTON_IMAGE, CELL), "P": ("othello/P.svg", 0.6 * CELL), **digits}, **grid)

    def action_moves(self) -> list[Move]:
        """The cells, then the pass."""
        return [*range(self.size), PASS]

    def longest_game(self) -> int:
        """Every move but a pass fills a cell, and the player after a pass places a piece
        (else the game would be over)."""
        return 2 * self.size

    def board_shape(self) -> tuple[int, int]:
        return (self.rows, self.cols)

    # -- fast play (search.py beside this file) ---------------------------------------------
    def compact_playouts(self) -> CompactPlayouts[Position, Move]:
        """Bit boards (declared up to 64 cells)."""
        return _othello_search().OthelloPlayouts(self, PASS)

    # -- hooks for the fast solver (gamesman.solver.levelled) ---------------------------
    # Codes: TurnBoardCodes (the board in base 3, plus 3**cells when white is to move).

    def batch_expand(self, codes):
        """The moves of many positions at once, on bit masks of the mover's and the other's pieces."""
        import numpy as np

        span, grid = self.cell_code.span, GridShifts(self.rows, self.cols)
        turn = codes // span
        black, white = self.cell_code.masks(codes)
        mine, theirs = np.where(turn == 0, black, white), np.where(turn == 0, white, black)
        empty = grid.full & ~(black | white)
        if self.place_anywhere:
            my_cells = their_cells = empty
        else:
            my_cells, their_cells = self.mask_placements(grid, mine, theirs), self.mask_placements(grid, theirs, mine)
        over = (my_cells == 0) & (their_cells == 0)
        mine_count, theirs_count = popcount(mine), popcount(theirs)
        won = (mine_count > theirs_count) != self.misere
        ends = np.where(over, np.where(mine_count == theirs_count, End.TIE, np.where(won, End.WON, End.LOST)),
                        End.PLAYING)
        passes = np.flatnonzero(~over & (my_cells == 0))
        rows, cells = set_bits(my_cells)
        placed = np.left_shift(1, cells)
        flipped = self.mask_flips(grid, placed, mine[rows], theirs[rows])
        new_mine, new_theirs = mine[rows] | placed | flipped, theirs[rows] & ~flipped
        black_first = turn[rows] == 0
        boards_after = self.cell_code.from_masks([np.where(black_first, new_mine, new_theirs),
                                                  np.where(black_first, new_theirs, new_mine)])
        parents = np.concatenate((rows, passes))
        children = np.concatenate((boards_after + (1 - turn[rows]) * span,
                                   codes[passes] % span + (1 - turn[passes]) * span))
        order = np.argsort(parents, kind="stable")
        return turn, ends, parents[order], children[order]

    def mask_placements(self, grid: GridShifts, mine, theirs):
        """The empty cells where the owner of ``mine`` may place (as masks)."""
        empty = grid.full & ~(mine | theirs)
        found = mine & 0
        for direction in EIGHT_DIRECTIONS:
            run = grid.shift(mine, direction) & theirs
            for _ in range(max(self.rows, self.cols)):
                run |= grid.shift(run, direction) & theirs
            found |= grid.shift(run, direction) & empty
        return found

    def mask_flips(self, grid: GridShifts, placed, mine, theirs):
        """The pieces that a piece ``placed`` flips (as masks)."""
        flipped = mine & 0
        for direction in EIGHT_DIRECTIONS:
            run = grid.shift(placed, direction) & theirs
            for _ in range(max(self.rows, self.cols)):
                run |= grid.shift(run, direction) & theirs
            closed = (grid.shift(run, direction) & mine) != 0
            flipped |= run * closed
        return flipped


def _othello_search():
    """The compiled search and playouts (imported when first used: they load numba)."""
    from gamesman.games.othello import search as othello_search

    return othello_search
