"""Abalone on an n-rows by m-columns square grid (CS3 GAMESMAN assignment, seeds 004).

Black and White each start with n+m-3 pieces; Black moves first.  A move
names one of your pieces and one of the eight directions (along a row, a
column or a diagonal).  The piece steps one cell that way, and the unbroken
run of your pieces directly in front of it moves with it (k pieces in all,
the named one included).  The run needs room:

* an empty cell in front of it: the run moves;
* the board's edge in front of it: illegal (your own pieces never leave the board);
* an unbroken run of j opposing pieces in front of it: the run pushes them one
  cell on, which is legal only when k > j and the cell beyond them is empty
  or off the board (an opposing run backed by one of your pieces cannot be
  pushed).  An opposing piece pushed off the board is captured.

Whoever has captured ``captures`` pieces first wins; a player who cannot move
at their turn is trapped and loses.  Play may go on for ever (a draw).

Options:

* ``rows`` (n, 3..100), ``cols`` (m, 3..26), ``captures`` (c, 1..n+m-3).  Columns
  are letters, as the sheet has them; rows stop at 100 only so that a mistyped
  option cannot build a huge board.
* ``misere``: whoever captures c pieces first loses, and a trapped player wins.
* ``freeze``: at your turn, each of your pieces that the opponent could push,
  were it their turn, is frozen: it may not move, neither as the named piece
  nor inside a run that moves.  "Could push" is judged by the pushing rules
  alone (the opponent's own frozen pieces are not considered).

Choices where the sheet is silent:

* Row 1 is the bottom row and column a the left one, so the sheet's default
  board ``(b bbb- b--w b--w -www)`` has Black along the bottom row and the left
  column, White along the top row and the right column, and the NW corner
  (a4) and the SE corner (d1) empty.  Every size starts the same way: Black on row 1 from
  column a to the last but one and on column a from row 2 to row n-1; White
  on row n from column b to the last and on the last column from row 2 to
  row n-1.  That is n+m-3 pieces each.
* Directions are compass points on that drawing: ``n`` goes to higher row
  numbers, ``e`` to later column letters; ``ne``, ``se``, ``sw``, ``nw`` are
  the diagonals.  A run has no length limit.
* Boards of up to 16 cells are solved here (declared ``solvable``): the default 4x4
  board has 13,398,488 positions reachable from the start (18,372,768 with
  c=5), and solves in a few minutes (benchmarks/bench_kaboom_abalone.py).
  Search players on larger boards use ``evaluate``, the capture lead.  The
  game's own search player (``search_strategy``), ``formation [DEPTH] [--time T]``,
  is alpha-beta with iterative deepening, one second a move by default
  (:mod:`gamesman.players.heuristic`), and at the horizon ``formation``: the
  capture lead first (three quarters of the estimate, as a share of the
  captures that win), then the shape: each piece scores for its owner by its
  nearness to the centre (an edge piece can be pushed off) and by its own
  pieces among its eight neighbours (a run pushes, a lone piece is pushed);
  negated under misere.
* Captures are not written in the position: they are n+m-3 minus the
  opponent's pieces on the board.  A position string that play cannot reach
  is refused: more than n+m-3 pieces of a colour, more than c captures (a
  push captures one piece at most and play stops at c), both players with c
  captures, or the player who made its c captures to move (it moved last).
  Any other placement of the pieces is accepted (pieces move in every
  direction, so the sheet's positions are not traced back to the start).

Position: ``(b bbb- b--w b--w -www)``: whose turn (``b`` or ``w``), then the
rows, row 1 first, one character per cell (``b``, ``w``, ``-`` for empty).
Moves: the cell of the piece, a dash and the direction, ``a1-ne`` (any case).

On the web, row 1 is drawn at the bottom (north is up), Black's and White's
pieces with GamesmanUni's shaded discs, an empty cell as a dot, and each move as a short arrow from
its piece towards the cell it steps to.
"""
from __future__ import annotations

import math
from functools import cached_property, lru_cache
from typing import Any, Callable

from gamesman.boards import text as boards
from gamesman.boards.autogui import EMPTY, EMPTY_DOT, PIECES as PIECE_IMAGES, arrow, grid_centers, image_data
from gamesman.boards.codes import TurnBoardCodes, popcount
from gamesman.boards.planes import BoardPlanes
from gamesman.contract.capabilities import ActionIndex, BatchExpansion, Capabilities, End, UwapiBoard
from gamesman.contract.errors import OptionError
from gamesman.contract.game import Game, Option, two_player_result
from gamesman.players.heuristic import HeuristicAlphaBeta, heuristic_entry

# Position: (turn, cells row 1 first).  Move: (cell index, index into DIRECTIONS).
Position = tuple[int, str]
Move = tuple[int, int]

PIECES = ("b", "w")
DIRECTION_NAMES = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
DIRECTIONS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
MAX_ROWS = 100
#: How far towards the next cell a move's arrow on the web board reaches (cells).
ARROW_REACH = 0.45
MAX_SOLVABLE_CELLS = 16
#: The shares of ``formation``: the capture lead, and the shape (centre and cohesion).
CAPTURE_SHARE, SHAPE_SHARE = 0.75, 0.25
COHESION = 0.25  # what a neighbouring own piece adds to a piece's worth (the centre adds up to 1)
MAX_TABLED_LINE = 8  # lines of up to 3**8 fillings are tabled for the fast solver (longer: play())


class Abalone(TurnBoardCodes, BatchExpansion, ActionIndex[Position, Move], BoardPlanes, UwapiBoard[Position, Move],
              Game[Position, Move]):
    name = "abalone"
    title = "Abalone"
    player_names = PIECES
    board_size_options = ("cols", "rows")  # GTP: boardsize WIDTH [HEIGHT]
    rows = Option(int, 4, "rows of the board n", low=3, high=MAX_ROWS)
    cols = Option(int, 4, "columns of the board m", low=3, high=26)
    captures = Option(int, 2, "captures that win, c (1 to n+m-3)", low=1)
    misere = Option(bool, False, "capturing c pieces first loses; a trapped player wins")
    freeze = Option(bool, False, "your pieces that the opponent could push may not move")
    # outcome(), moves() and play() ask about the same board in a row: these remember recent answers
    legal: Callable[[Position], tuple[Move, ...]]  # find_legal
    frozen: Callable[[str, int], frozenset[int]]  # find_frozen
    showcase = ({}, {"misere": True}, {"rows": 3, "cols": 3, "freeze": True})
    search_strategy = "formation"
    strategies = {"formation": heuristic_entry(
        "formation", "alpha-beta with the capture lead, centre and cohesion at the horizon",
        lambda game, rng, **budget: HeuristicAlphaBeta(game, rng, label="formation", evaluation=game.formation,
                                                        **budget))}
    rules = ("Move a piece one cell in any of eight directions, taking the run of your pieces ahead along; "
             "a longer run pushes a shorter opposing one, off the board is captured. "
             "c captures win (lose under misere); a trapped player loses (wins under misere).")

    def setup(self) -> None:
        self.pieces = self.rows + self.cols - 3
        if self.captures > self.pieces:
            raise OptionError(f"abalone: captures must be from 1 to rows+cols-3 ({self.pieces}), not {self.captures}")
        self.size = self.rows * self.cols
        self.rays = boards.rays(self.rows, self.cols, DIRECTIONS)
        self.legal = lru_cache(maxsize=1024)(self.find_legal)
        self.frozen = lru_cache(maxsize=1024)(self.find_frozen)

    def start(self) -> Position:
        last_row, last_col = self.rows - 1, self.cols - 1
        cells = [boards.EMPTY] * self.size
        for col in range(last_col):
            cells[col] = "b"
            cells[last_row * self.cols + col + 1] = "w"
        for row in range(1, last_row):
            cells[row * self.cols] = "b"
            cells[row * self.cols + last_col] = "w"
        return (0, "".join(cells))

    def to_move(self, position: Position) -> int:
        return position[0]

    # -- the rules --------------------------------------------------------------
    def captured_by(self, cells: str) -> tuple[int, int]:
        """How many pieces Black and White have captured."""
        return self.pieces - cells.count("w"), self.pieces - cells.count("b")

    def winner_by_captures(self, cells: str) -> int | None:
        """The player who has ``captures`` captures, if any."""
        for player, count in enumerate(self.captured_by(cells)):
            if count >= self.captures:
                return player
        return None

    def push(self, cells: str, start: int, direction: int, mine: str) -> tuple[int, int] | str:
        """Moving the piece at ``start``: (k, j), own run and pushed run, or why it is illegal.

        Freezing is not considered here.
        """
        ray = self.rays[start][direction]
        at = 0
        while at < len(ray) and cells[ray[at]] == mine:
            at += 1
        own = at + 1
        if at == len(ray):
            return "your pieces would leave the board"
        if cells[ray[at]] == boards.EMPTY:
            return (own, 0)
        while at < len(ray) and cells[ray[at]] not in (mine, boards.EMPTY):
            at += 1
        theirs = at - own + 1
        if at < len(ray) and cells[ray[at]] == mine:
            return "the opposing run is backed by your own piece"
        if own <= theirs:
            return f"{own} of your pieces cannot push {theirs}"
        return (own, theirs)

    def pushes(self, cells: str, player: int) -> list[tuple[Move, tuple[int, int]]]:
        """Every move of ``player`` allowed by the pushing rules, with its (k, j)."""
        mine = PIECES[player]
        found = []
        for start, cell in enumerate(cells):
            if cell != mine:
                continue
            for direction in range(len(DIRECTIONS)):
                runs = self.push(cells, start, direction, mine)
                if not isinstance(runs, str):
                    found.append(((start, direction), runs))
        return found

    def find_frozen(self, cells: str, player: int) -> frozenset[int]:
        """The pieces of ``player`` that the opponent could push (empty without the freeze rule)."""
        if not self.freeze:
            return frozenset()
        found: set[int] = set()
        for (start, direction), (own, theirs) in self.pushes(cells, 1 - player):
            found.update(self.rays[start][direction][own - 1:own - 1 + theirs])
        return frozenset(found)

    def moving_cells(self, move: Move, own: int) -> tuple[int, ...]:
        """The cells of the player's own run that ``move`` moves."""
        start, direction = move
        return (start, *self.rays[start][direction][:own - 1])

    def find_legal(self, position: Position) -> tuple[Move, ...]:
        """The moves of the player to move, ignoring whether the game is already over."""
        turn, cells = position
        frozen = self.frozen(cells, turn)
        return tuple(move for move, (own, _) in self.pushes(cells, turn)
                     if not frozen.intersection(self.moving_cells(move, own)))

    def outcome(self, position: Position) -> tuple[float, float] | None:
        turn, cells = position
        winner = self.winner_by_captures(cells)
        if winner is None:
            if self.legal(position):
                return None
            winner = 1 - turn  # trapped
        return two_player_result(1 - winner if self.misere else winner)

    def moves(self, position: Position) -> list[Move]:
        if self.winner_by_captures(position[1]) is not None:
            return []
        return list(self.legal(position))

    def why_illegal(self, position: Position, move: Move) -> str | None:
        """Why ``move`` may not be played here, or None when it may."""
        turn, cells = position
        start, direction = move
        if self.winner_by_captures(cells) is not None:
            return "the game is over"
        if not (0 <= start < self.size and 0 <= direction < len(DIRECTIONS)):
            return "no such cell or direction"
        mine = PIECES[turn]
        if cells[start] != mine:
            return f"{boards.cell_name(*divmod(start, self.cols))} is not a piece of {mine}"
        runs = self.push(cells, start, direction, mine)
        if isinstance(runs, str):
            return runs
        frozen = self.frozen(cells, turn).intersection(self.moving_cells(move, runs[0]))
        if frozen:
            names = " ".join(boards.cell_name(*divmod(at, self.cols)) for at in sorted(frozen))
            return f"frozen piece {names} would move"
        return None

    def play(self, position: Position, move: Move) -> Position:
        reason = self.why_illegal(position, move)
        if reason is not None:
            raise self.illegal(f"{self.format_move(position, move)} is not legal: {reason}")
        turn, cells = position
        start, direction = move
        pushed = self.push(cells, start, direction, PIECES[turn])
        if isinstance(pushed, str):  # not after why_illegal passed the move
            raise self.illegal(f"{self.format_move(position, move)} is not legal: {pushed}")
        own, theirs = pushed
        ray = self.rays[start][direction]
        board = list(cells)
        board[start] = boards.EMPTY
        board[ray[own - 1]] = PIECES[turn]
        if theirs and own - 1 + theirs < len(ray):
            board[ray[own - 1 + theirs]] = PIECES[1 - turn]
        return (1 - turn, "".join(board))

    # -- text -------------------------------------------------------------------
    def parse_position(self, text: str) -> Position:
        fields = boards.split_fields(self.name, text)
        turn = boards.parse_turn(self.name, fields[0], self.player_names, text)
        cells = boards.parse_rows(self.name, fields[1:], self.rows, self.cols, "bw-", text)
        for piece in PIECES:
            if cells.count(piece) > self.pieces:
                raise self.error(f"{cells.count(piece)} {piece} pieces, at most {self.pieces}", text)
        captured = self.captured_by(cells)
        if min(captured) >= self.captures:
            raise self.error(f"both players have {self.captures} captures", text)
        for player, count in enumerate(captured):
            if count > self.captures:
                raise self.error(f"{PIECES[player]} has {count} captures, but play stops at {self.captures}"
                                 " (a push captures one piece at most)", text)
            if count == self.captures and player == turn:
                raise self.error(f"{PIECES[player]} has made its {self.captures} captures, so {PIECES[player]} moved"
                                 f" last and {PIECES[1 - player]} is to move, not {PIECES[player]}", text)
        return (turn, cells)

    def format_position(self, position: Position) -> str:
        return f"({self.player_names[position[0]]} {boards.format_rows(position[1], self.cols)})"

    def format_move(self, position: Position, move: Move) -> str:
        start, direction = move
        if 0 <= start < self.size and 0 <= direction < len(DIRECTIONS):
            return f"{boards.cell_name(*divmod(start, self.cols))}-{DIRECTION_NAMES[direction]}"
        return str(move)

    def parse_move(self, position: Position, text: str) -> Move:
        cell_text, dash, direction_text = text.strip().lower().partition("-")
        if not dash or direction_text not in DIRECTION_NAMES:
            raise self.illegal(f"{text.strip()!r} is not a move (write a cell, a dash and a direction"
                               f" among {' '.join(DIRECTION_NAMES)}, e.g. a1-ne)")
        row, col = boards.parse_cell(self.name, cell_text, self.rows, self.cols)
        move = (row * self.cols + col, DIRECTION_NAMES.index(direction_text))
        reason = self.why_illegal(position, move)
        if reason is not None:
            raise self.illegal(f"{text.strip()!r} is not legal: {reason}")
        return move

    def render(self, position: Position) -> str:
        turn, cells = position
        black, white = self.captured_by(cells)
        grid = boards.render_grid(cells, self.rows, self.cols, bottom_up=True)
        status = "game over" if self.outcome(position) is not None else f"{self.player_names[turn]} to move"
        return f"{grid}\ncaptures: b {black}, w {white} (of {self.captures}); {status}"

    def evaluate(self, position: Position) -> float:
        """For search players: the mover's lead in captures, over n+m-3 (negated under misere)."""
        turn, cells = position
        captured = self.captured_by(cells)
        lead = (captured[turn] - captured[1 - turn]) / self.pieces
        return -lead if self.misere else lead

    def formation(self, position: Position) -> float:
        """The estimate of the search player ``formation`` for the player to move (see the module
        docstring): the capture lead, then pieces near the centre and next to their own."""
        turn, cells = position
        captured = self.captured_by(cells)
        lead = (captured[turn] - captured[1 - turn]) / self.captures
        mine = PIECES[turn]
        shape = 0.0
        for cell, piece in enumerate(cells):
            if piece != boards.EMPTY:
                worth = self.centrality[cell] + COHESION * sum(cells[near] == piece for near in self.nearby[cell])
                shape += worth if piece == mine else -worth
        estimate = CAPTURE_SHARE * lead + SHAPE_SHARE * math.tanh(shape / self.pieces)
        return -estimate if self.misere else estimate

    @cached_property
    def centrality(self) -> tuple[float, ...]:
        """Per cell: 1 at the centre down to 0 on the edge (each axis measured to its own edge)."""
        middle_row, middle_col = (self.rows - 1) / 2, (self.cols - 1) / 2
        return tuple(1 - max(abs(row - middle_row) / middle_row, abs(col - middle_col) / middle_col)
                     for row, col in (divmod(cell, self.cols) for cell in range(self.size)))

    @cached_property
    def nearby(self) -> tuple[tuple[int, ...], ...]:
        """Per cell: its neighbours in the eight directions."""
        return tuple(tuple(ray[0] for ray in self.rays[cell] if ray) for cell in range(self.size))

    # -- the web board: the cells, then for each cell the tips of its eight arrows ------------
    def autogui_position(self, position: Position) -> str:
        """The cells row by row from row 1, then the arrows' tips.

        >>> Abalone(rows=3, cols=3, captures=1).autogui_position((1, "bb-----ww"))[:14]
        '2_bbeeeeeww---'
        """
        cells = position[1].replace(boards.EMPTY, EMPTY)
        return f"{self.autogui_turn(position)}_{cells}{'-' * len(DIRECTIONS) * self.size}"

    def autogui_move(self, position: Position, move: Move, after: Position) -> str:
        cell, direction = move
        return arrow(cell, self.size + cell * len(DIRECTIONS) + direction)

    def image_autogui_data(self) -> dict[str, Any]:
        cells = grid_centers(self.cols, self.rows, bottom_first=True)
        tips = [[x + ARROW_REACH * step_col, y - ARROW_REACH * step_row]
                for x, y in cells for step_row, step_col in DIRECTIONS]
        return image_data([self.cols, self.rows], cells + tips,
                          {**dict(zip(PIECES, PIECE_IMAGES)), EMPTY: EMPTY_DOT}, arrowWidth=0.06)

    def declare(self) -> Capabilities:
        """Boards of up to 16 cells (4x4, 3x5) can be solved here; lines of up to
        MAX_TABLED_LINE cells are tabled for batches."""
        return Capabilities(players=2, loops=True, position_codes=self.codes_fit,
                            solvable=self.size <= MAX_SOLVABLE_CELLS,
                            batch_expansion=self.codes_fit and max(self.rows, self.cols) <= MAX_TABLED_LINE,
                            action_index=True, observation_tensor=True, uwapi_board=True)

    def action_moves(self) -> list[Move]:
        """Every cell with every direction (the captures follow from the pieces left)."""
        return [(cell, direction) for cell in range(self.size) for direction in range(len(DIRECTIONS))]

    def board_shape(self) -> tuple[int, int]:
        return (self.rows, self.cols)

    # -- hooks for the fast solver (gamesman.solver.levelled) ---------------------------
    # A position is its board as a base-3 number (cell i is digit i: 0 empty, 1
    # black, 2 white), plus 3**cells when White is to move.  A move changes cells
    # of one line of the board only (a row, a column or a diagonal, edge to edge),
    # so for every line and every way of filling it (from the mover's side: empty,
    # mine, theirs) tables list the moves along it, as changes to the code, and the
    # mover's pieces on it that the opponent could push (for freezing).
    def index_size(self) -> int | None:
        return 2 * self.cell_code.span if self.codes_fit else None

    def batch_expand(self, codes):
        """The moves of many positions at once, through the tables of ``line_tables``."""
        import numpy as np

        tables = self.line_tables
        span = self.cell_code.span
        turn = codes // span
        black, white = self.cell_code.masks(codes)
        mine, theirs = np.where(turn == 0, black, white), np.where(turn == 0, white, black)
        digits = [((mine >> cell) & 1) | (((theirs >> cell) & 1) << 1) for cell in range(self.size)]
        fillings = np.empty((len(codes), len(tables.lines)), np.int64)
        for at, (line, offset) in enumerate(zip(tables.lines, tables.offsets)):
            fillings[:, at] = offset + sum(digits[cell] * 3 ** k for k, cell in enumerate(line))
        black_won = self.pieces - popcount(white) >= self.captures
        white_won = self.pieces - popcount(black) >= self.captures
        counts = np.where((black_won | white_won)[:, None], 0, tables.counts[fillings]).ravel()
        # The moves of each (position, line) pair are the counts[pair] moves of the tables from firsts[pair].
        pairs = np.repeat(np.arange(len(counts)), counts)
        rows = pairs // len(tables.lines)
        moves = (tables.firsts[fillings].ravel() - (np.cumsum(counts) - counts))[pairs] + np.arange(len(pairs))
        if self.freeze:
            frozen = np.bitwise_or.reduce(tables.frozen[fillings], axis=1)
            free = (tables.runs[moves] & frozen[rows]) == 0
            rows, moves = rows[free], moves[free]
        children = codes[rows] % span + tables.changes[turn[rows], moves] + (1 - turn[rows]) * span
        trapped = np.bincount(rows, minlength=len(codes)) == 0
        winner = np.where(black_won, 0, np.where(white_won, 1, np.where(trapped, 1 - turn, -1)))
        if self.misere:
            winner = np.where(winner >= 0, 1 - winner, -1)
        ends = np.where(winner < 0, End.PLAYING, np.where(winner == turn, End.WON, End.LOST))
        return turn, ends, rows, children

    @cached_property
    def line_tables(self) -> "LineTables":
        return LineTables(self)


class LineTables:
    """The moves along every line of an Abalone board, for every filling of the line.

    A filling is the line's cells as a base-3 number from the mover's side (digit k
    is the line's k-th cell: 0 empty, 1 the mover's, 2 the opponent's); fillings of
    all lines are numbered one after the other (line i from ``offsets[i]``).  For
    each: ``counts`` moves, listed from ``firsts``, each with the change it makes to
    the position code when Black moves and when White moves (``changes[turn]``) and
    the mask of the mover's pieces that move (``runs``); and ``frozen``, the mask of
    the mover's pieces on the line that the opponent could push along it.
    """

    def __init__(self, game: Abalone) -> None:
        import numpy as np

        self.lines = [(cell, *game.rays[cell][direction])
                      for direction in range(4) for cell in range(game.size)
                      if not game.rays[cell][direction + 4] and game.rays[cell][direction]]
        sizes = [3 ** len(line) for line in self.lines]
        self.offsets = np.cumsum([0] + sizes[:-1])
        counts: list[int] = []
        firsts: list[int] = []
        frozen: list[int] = []
        changes: list[list[int]] = []
        runs: list[int] = []
        for line in self.lines:
            for filling in range(3 ** len(line)):
                digits = [(filling // 3 ** k) % 3 for k in range(len(line))]
                moves = [move for start in range(len(line)) if digits[start] == 1 for step in (1, -1)
                         if (move := line_move(digits, start, step)) is not None]
                firsts.append(len(runs))
                counts.append(len(moves))
                for after, moved, _ in moves:
                    changes.append([sum((absolute(new, turn) - absolute(old, turn)) * 3 ** cell
                                        for old, new, cell in zip(digits, after, line)) for turn in (0, 1)])
                    runs.append(sum(1 << line[k] for k in moved))
                swapped = [(3 - digit) % 3 for digit in digits]
                pushable = {line[k] for start in range(len(line)) if swapped[start] == 1
                            for step in (1, -1) if (move := line_move(swapped, start, step)) for k in move[2]}
                frozen.append(sum(1 << cell for cell in pushable))
        self.counts, self.firsts, self.frozen = (np.array(values, np.int64) for values in (counts, firsts, frozen))
        self.changes = np.array(changes, np.int64).T.copy() if changes else np.zeros((2, 0), np.int64)
        self.runs = np.array(runs, np.int64)


def absolute(digit: int, turn: int) -> int:
    """A cell digit from the mover's side (1 mine, 2 theirs) as the code has it (1 b, 2 w)."""
    return digit if turn == 0 or digit == 0 else 3 - digit


def line_move(digits: list[int], start: int, step: int) -> tuple[list[int], list[int], list[int]] | None:
    """The mover's piece at ``start`` moving ``step`` along a line of digits (1 mine, 2
    theirs): the digits after, the places of the mover's run that moves and of the
    opposing run that is pushed; None when the pushing rules forbid it."""
    at = start
    while 0 <= at < len(digits) and digits[at] == 1:
        at += step
    if not 0 <= at < len(digits):
        return None  # the mover's own piece would leave the board
    run = list(range(start, at, step))
    beyond = at
    while 0 <= beyond < len(digits) and digits[beyond] == 2:
        beyond += step
    pushed = list(range(at, beyond, step))
    if pushed and (len(run) <= len(pushed) or (0 <= beyond < len(digits) and digits[beyond] == 1)):
        return None
    after = list(digits)
    after[start], after[at] = 0, 1
    if pushed and 0 <= beyond < len(digits):
        after[beyond] = 2
    return after, run, pushed
