"""Kaboom (CS3 GAMESMAN assignment, seeds 004).

Connect-n with bombs, on a board of ``rows`` by ``cols`` (default 4x4, 4 in a
row, 1 bomb each).  X moves first on an empty board.  On a turn a player
either

* drops one of their pieces into a column that has room (it falls to the
  lowest empty cell; row 1 is the bottom row),
* drops one of their bombs into a column, while they have bombs left, or
* detonates one of their own bombs on the board.

A detonation removes the bomb and its left, right, upper and lower
neighbours of either colour.  A bomb among the removed cells (of either
player) detonates in turn, and so on; then every column falls, so no cell is
empty under a piece.  Bombs count as their owner's pieces for lines.

After every move the board is judged: exactly one player with ``in_a_row``
pieces in a line (across, up or diagonal) wins; both at once (possible after
a detonation) is a tie.  A player with no legal move (a full board and no
bomb of theirs on it) must ``pass`` while the other player can still move
(the other player then has a bomb on the full board, and must detonate it);
a full board without bombs is a tie.

Options:

* ``rows`` (1..100), ``cols`` (1..26), ``in_a_row`` (n), ``bombs`` (each
  player's supply, any number).  Columns are letters in move names; rows stop
  at 100 only so that a mistyped option cannot build a huge board.
* ``misere``: the player who has n in a row loses (both at once is still a tie).
* ``super_bomb``: a detonation removes the bomb's whole row and whole column
  instead of its four neighbours; bombs removed this way detonate in turn.

Choices where the sheet is silent:

* ``in_a_row`` may not exceed both sides of the board (no line could fit).
* A position string is refused when a cell is empty under a piece (pieces
  fall) or when a player has more bombs (left plus on the board) than
  ``bombs``.  While no bomb has gone off (each player's bombs left plus on
  the board make ``bombs``), play is Connect Four with bombs among the
  pieces, and a board that play cannot reach is refused as there: the
  counts of pieces and bombs must give the player to move (or, on a full
  board where only the player to move has a bomb, the one who passed), some
  order of drops must stack every column as it is, and a line must be one
  only, made by the last drop of the player who has it.
  After a detonation, which removes pieces of both players and can make two
  lines at once, what is checked is the count of moves: the players
  alternate, and a player made a drop for each of its pieces and bombs on
  the board and bombs gone, plus at most the pieces detonations removed
  (each gone bomb at most its blast), a detonation for each of its bombs
  gone and a pass for each of the other's.  Not checked after a detonation:
  whether some order of drops and detonations makes the board.
* Whose turn it is after a pass or detonation is simply the other player's;
  every move, passes included, counts in remoteness.
* A variant is solved here only when cells + columns + 4 x bombs <= 24 (a
  rough log2 of its size: each column of r cells has about 2^(r+1) fillings,
  each bomb multiplies that again).  Measured: the default 4x4 game with 1
  bomb has 24,035,800 positions (25,110,051 with super-bombs), 3x4 with 2
  bombs and 4 in a row 19,232,131, 3x5 with 1 bomb and 5 in a row
  24,066,185; each solves in a few minutes (benchmarks/bench_kaboom_abalone.py).
* Play always ends: every move but a pass adds a piece or uses up a bomb, and
  a pass is always followed by a detonation.
* ``evaluate`` counts open lines, as Connect Four's does: every run of n cells
  holding pieces (bombs included) of only one player scores for that player,
  four times more for each extra piece; a bomb still in hand counts as much as
  a line of two.  The difference, squashed into [-1, 1], is the estimate for
  the player to move (negated under misere).
* ``linesearch [DEPTH] [--time T]`` is Kaboom's search player for boards too
  large to solve (its ``search_strategy``): alpha-beta with iterative deepening
  and ``evaluate`` at the horizon, one second a move by default
  (:mod:`gamesman.players.heuristic`).

Position: ``(o 0 1 xoxx --*o --oo --x-)``: whose turn (``x`` or ``o``), X's bombs
left, O's bombs left, then the rows, row 1 (the bottom) first: ``x``, ``o``,
``*`` (X's bomb), ``@`` (O's bomb) or ``-``.

Moves (no spaces, any case): ``a`` drops a piece into column a (``drop-a``
is read too), ``bomb-a`` drops a bomb into column a, ``boom-b2`` detonates
your bomb at b2, ``pass`` when you have no other move.

The sheet's example: from position #9 ``(o 0 1 xoxx --*o --oo --x-)`` the
moves ``bomb-b d b b a`` reach #14 ``(x 0 0 xoxx o@*o -ooo -xxx)`` (the only
order that stacks column b as it is there), and X's ``boom-c2`` removes
c1 c2 c3 d2 b2 and, through O's bomb at b2, a2 b1 b3; the columns fall and
row 1 is ``xxxx``: X wins.

On the web the board is drawn as Connect Four's, bottom row down: pieces as
flat discs (X blue, O red), bombs as shaded balls of their owner's colour,
empty cells as small dots, each player's bombs in hand counted below the
board.  A drop is an arrow above its column, a bomb drop a black dot above
its column, a detonation a button on the bomb and a pass the ``P`` button
below the board.
"""
from __future__ import annotations

import math
from functools import cached_property, lru_cache
from typing import Any

from gamesman.boards import text as boards
from gamesman.boards.autogui import (BUTTON, BUTTON_IMAGE, EMPTY, EMPTY_DOT, arrow, grid_centers, image_data, place,
                                     text_entities)
from gamesman.boards.codes import GravityBoard, set_bits
from gamesman.contract.capabilities import (ActionIndex, BatchExpansion, Capabilities, End, ObservationTensor,
                                           PositionCodes, UwapiBoard)
from gamesman.contract.errors import OptionError
from gamesman.contract.game import Game, Option, two_player_result
from gamesman.players.heuristic import HeuristicAlphaBeta, heuristic_entry, open_lines

# Position: (turn, X's bombs left, O's bombs left, cells row 1 first).
Position = tuple[int, int, int, str]
# Move: ("drop", column), ("bomb", column), ("boom", cell index) or ("pass", -1).
Move = tuple[str, int]

PIECES = ("x", "o")
BOMBS = ("*", "@")
OWNED = ("x*", "o@")  # what counts for each player's lines
ALPHABET = boards.EMPTY + "xo*@"
PASS: Move = ("pass", -1)
ORTHOGONAL_STEPS = ((0, 1), (0, -1), (1, 0), (-1, 0))
SOLVABLE_SIZE = 24  # cells + columns + 4 x bombs, see declare()
MAX_ROWS = 100
CODE_BITS = 63  # position codes are int64
BOMB_IN_HAND = 4  # what evaluate counts a bomb not yet dropped (as much as a line of two)
#: The web board's characters of the cells' letters: pieces and bombs in their owner's colour.
DRAWN_CELLS = str.maketrans({"x": "X", "o": "O", "*": "b", "@": "c", boards.EMPTY: EMPTY})
#: Their images: flat discs for pieces, shaded balls for bombs.
CELL_IMAGES = {"X": ("general/blue_circle.svg", 0.9), "O": ("general/red_circle.svg", 0.9),
               "b": ("general/bluepiece.svg", 0.9), "c": ("general/redpiece.svg", 0.9)}
#: The token of a bomb drop's button (a black dot above the column).
BOMB_BUTTON = "d"


@lru_cache(maxsize=4096)  # play() and moves() judge the same board again for every move
def line_owners(cells: str, line_masks: tuple[int, ...]) -> tuple[int, ...]:
    """The players who have a line (given as bit masks) on ``cells``."""
    found = []
    for player in (0, 1):
        owned = boards.mask_of(cells, OWNED[player])
        if any(owned & line == line for line in line_masks):
            found.append(player)
    return tuple(found)


class Kaboom(PositionCodes[Position], BatchExpansion, ActionIndex[Position, Move], ObservationTensor[Position],
             UwapiBoard[Position, Move], Game[Position, Move]):
    name = "kaboom"
    title = "Kaboom"
    player_names = ("x", "o")
    board_size_options = ("cols", "rows")  # GTP: boardsize WIDTH [HEIGHT]
    rows = Option(int, 4, "rows of the board", low=1, high=MAX_ROWS)
    cols = Option(int, 4, "columns of the board", low=1, high=26)
    in_a_row = Option(int, 4, "pieces in a line that win (n)", low=1)
    bombs = Option(int, 1, "bombs each player may drop", low=0)
    misere = Option(bool, False, "whoever has n in a row loses")
    super_bomb = Option(bool, False, "a detonation removes the bomb's whole row and column")
    showcase = ({}, {"misere": True}, {"rows": 3, "cols": 3, "in_a_row": 3, "super_bomb": True})
    search_strategy = "linesearch"
    strategies = {"linesearch": heuristic_entry(
        "linesearch", "alpha-beta with Kaboom's open lines and bombs in hand at the horizon",
        lambda game, rng, **budget: HeuristicAlphaBeta(game, rng, label="linesearch", evaluation=game.evaluate,
                                                        **budget))}
    rules = ("Drop a piece or a bomb into a column, or detonate one of your bombs (it removes its four "
             "neighbours, chaining through bombs); n in a row wins (loses under misere), both at once ties.")

    def setup(self) -> None:
        if self.in_a_row > max(self.rows, self.cols):
            raise OptionError(f"kaboom: in_a_row must be at most the longer side of the board "
                              f"({max(self.rows, self.cols)}), not {self.in_a_row}")
        self.size = self.rows * self.cols
        self.line_masks = boards.line_masks(self.rows, self.cols, self.in_a_row)

    def start(self) -> Position:
        return (0, self.bombs, self.bombs, boards.EMPTY * self.size)

    def to_move(self, position: Position) -> int:
        return position[0]

    # -- the rules --------------------------------------------------------------
    def outcome(self, position: Position) -> tuple[float, float] | None:
        cells = position[3]
        owners = line_owners(cells, self.line_masks)
        if len(owners) == 2:
            return two_player_result(None)
        if owners:
            return two_player_result(1 - owners[0] if self.misere else owners[0])
        if boards.EMPTY not in cells and "*" not in cells and "@" not in cells:
            return two_player_result(None)
        return None

    def evaluate(self, position: Position) -> float:
        """Open lines and bombs in hand, for the player to move (see the module docstring)."""
        turn, x_bombs, o_bombs, cells = position
        mine, theirs = (boards.mask_of(cells, OWNED[player]) for player in (turn, 1 - turn))
        in_hand = (x_bombs, o_bombs)
        score = open_lines(mine, theirs, self.line_masks) + BOMB_IN_HAND * (in_hand[turn] - in_hand[1 - turn])
        estimate = math.tanh(score / (4 ** max(self.in_a_row - 2, 0) * 4))
        return -estimate if self.misere else estimate

    def moves(self, position: Position) -> list[Move]:
        if self.outcome(position) is not None:
            return []
        turn, x_bombs, o_bombs, cells = position
        open_columns = [c for c in range(self.cols) if cells[(self.rows - 1) * self.cols + c] == boards.EMPTY]
        found: list[Move] = [("drop", c) for c in open_columns]
        if (x_bombs, o_bombs)[turn]:
            found += [("bomb", c) for c in open_columns]
        found += [("boom", i) for i, cell in enumerate(cells) if cell == BOMBS[turn]]
        return found or [PASS]

    def detonate(self, cells: str, bomb: int) -> str:
        """The board after the bomb at ``bomb`` goes off, chains included, after the columns fall."""
        removed = {bomb}
        waiting = [bomb]
        while waiting:
            at = waiting.pop()
            row, col = divmod(at, self.cols)
            if self.super_bomb:
                blast = [row * self.cols + c for c in range(self.cols)] + list(range(col, self.size, self.cols))
            else:
                blast = boards.neighbours(self.rows, self.cols, at, ORTHOGONAL_STEPS)
            for index in blast:
                if index not in removed and cells[index] != boards.EMPTY:
                    removed.add(index)
                    if cells[index] in "*@":
                        waiting.append(index)
        return self.fall("".join(boards.EMPTY if i in removed else cell for i, cell in enumerate(cells)))

    def fall(self, cells: str) -> str:
        """Every column's pieces dropped to the bottom, in their order."""
        columns = []
        for col in range(self.cols):
            stack = [cell for cell in cells[col::self.cols] if cell != boards.EMPTY]
            columns.append(stack + [boards.EMPTY] * (self.rows - len(stack)))
        return "".join(columns[col][row] for row in range(self.rows) for col in range(self.cols))

    def play(self, position: Position, move: Move) -> Position:
        if move not in self.moves(position):
            raise self.illegal(f"{self.format_move(position, move)} is not a legal move here")
        turn, x_bombs, o_bombs, cells = position
        kind, where = move
        if kind in ("drop", "bomb"):
            piece = PIECES[turn] if kind == "drop" else BOMBS[turn]
            landing = boards.drop_index(cells, self.cols, where)
            if landing is None:  # not after the legality check above
                raise self.illegal(f"{self.format_move(position, move)}: the column is full")
            cells = boards.place(cells, landing, piece)
            if kind == "bomb":
                x_bombs, o_bombs = (x_bombs - 1, o_bombs) if turn == 0 else (x_bombs, o_bombs - 1)
        elif kind == "boom":
            cells = self.detonate(cells, where)
        return (1 - turn, x_bombs, o_bombs, cells)

    # -- text -------------------------------------------------------------------
    def parse_position(self, text: str) -> Position:
        fields = boards.split_fields(self.name, text)
        if len(fields) != 3 + self.rows:
            raise self.error(f"{len(fields)} fields, expected a turn, two bomb counts and {self.rows} rows", text)
        turn = boards.parse_turn(self.name, fields[0], self.player_names, text)
        x_bombs = boards.parse_int(self.name, fields[1], "x bombs left", 0, self.bombs, text)
        o_bombs = boards.parse_int(self.name, fields[2], "o bombs left", 0, self.bombs, text)
        cells = boards.parse_rows(self.name, fields[3:], self.rows, self.cols, "xo*@-", text)
        hole = boards.floating_cell(cells, self.cols)
        if hole is not None:
            raise self.error(f"cell {boards.cell_name(*divmod(hole, self.cols))} is empty under a piece"
                             " (pieces fall to row 1)", text)
        for player, left in ((0, x_bombs), (1, o_bombs)):
            on_board = cells.count(BOMBS[player])
            if on_board + left > self.bombs:
                raise self.error(f"{PIECES[player]} has {left} bomb{'' if left == 1 else 's'} left and {on_board}"
                                 f" on the board, more than the {self.bombs} it was given", text)
        if cells.count("*") + x_bombs == self.bombs and cells.count("@") + o_bombs == self.bombs:
            self.check_placed(turn, cells, text)
        else:
            self.check_moves_made(turn, (x_bombs, o_bombs), cells, text)
        return (turn, x_bombs, o_bombs, cells)

    def check_moves_made(self, turn: int, bombs_left: tuple[int, int], cells: str, text: str) -> None:
        """Refuse a board after a detonation whose pieces need more moves of one player than the
        other can have made: the players alternate, X first, so X has made as many moves as O with
        X to move and one more with O to move.  A player made a drop for each of its pieces and
        bombs on the board and in the air, and at most that plus the pieces detonations removed
        (each gone bomb removes at most its blast), a detonation for each of its bombs gone and a
        pass for each of the other's (a pass is always followed by a detonation)."""
        blast = self.rows + self.cols - 2 if self.super_bomb else 4  # cells a detonation removes besides its bomb
        dropped = [self.bombs - left for left in bombs_left]
        gone = [dropped[player] - cells.count(BOMBS[player]) for player in (0, 1)]
        fewest = [cells.count(PIECES[player]) + dropped[player] for player in (0, 1)]
        most = [fewest[player] + gone[player] + gone[1 - player] for player in (0, 1)]
        # O made m moves and X m + turn: the pieces removed must make up what each side lacks
        moves = max(fewest[1], fewest[0] - turn)
        lacking = {PIECES[1]: moves - most[1], PIECES[0]: moves + turn - most[0]}
        if sum(max(0, need) for need in lacking.values()) > blast * sum(gone):
            short = " and ".join(piece for piece, need in lacking.items() if need > 0)
            raise self.error(f"{boards.counts_text(PIECES, fewest, 'drops')} or more, but the players alternate"
                             f" (x first, {self.player_names[turn]} to move) and {sum(gone)} detonated bombs remove"
                             f" at most {blast * sum(gone)} pieces: too few for {short} to have made as many moves",
                             text)

    def check_placed(self, turn: int, cells: str, text: str) -> None:
        """Refuse a board that play cannot reach before any bomb has gone off: then each turn
        dropped one piece or bomb, X first, and play stopped at the first line.  (A pass, on a
        full board where only the player to move has a bomb, keeps the counts and gives the
        turn away.)"""
        owners = line_owners(cells, self.line_masks)
        if len(owners) == 2:
            raise self.error(f"both players have {self.in_a_row} in a row, but no bomb has gone off"
                             " (a drop makes one line at most and play stops at it)", text)
        marks = cells.replace("*", "x").replace("@", "o")
        counts = [marks.count(piece) for piece in PIECES]
        passed = boards.EMPTY not in cells and BOMBS[turn] in cells and BOMBS[1 - turn] not in cells
        if passed and not owners and boards.turn_from_counts(counts) == 1 - turn:
            turn = 1 - turn  # the drops gave the turn to the player who then passed
        boards.check_drops(self.name, PIECES, marks, self.cols, turn, owners[0] if owners else None,
                           lambda board, piece: PIECES.index(piece) in line_owners(board, self.line_masks),
                           text, what="pieces and bombs")

    def format_position(self, position: Position) -> str:
        turn, x_bombs, o_bombs, cells = position
        return f"({self.player_names[turn]} {x_bombs} {o_bombs} {boards.format_rows(cells, self.cols)})"

    def format_move(self, position: Position, move: Move) -> str:
        kind, where = move
        if kind == "drop":
            return boards.column_name(where)
        if kind == "bomb":
            return f"bomb-{boards.column_name(where)}"
        if kind == "boom":
            return f"boom-{boards.cell_name(*divmod(where, self.cols))}"
        return "pass"

    def parse_move(self, position: Position, text: str) -> Move:
        word = text.strip().lower()
        for move in self.moves(position):
            written = self.format_move(position, move)
            if word == written or (move[0] == "drop" and word == f"drop-{written}"):
                return move
        legal = " ".join(self.format_move(position, m) for m in self.moves(position)) or "none: the game is over"
        raise self.illegal(f"{text.strip()!r} is not a legal move here (legal: {legal})")

    def render(self, position: Position) -> str:
        turn, x_bombs, o_bombs, cells = position
        grid = boards.render_grid(cells, self.rows, self.cols, bottom_up=True)
        status = "game over" if self.outcome(position) is not None else f"{self.player_names[turn]} to move"
        return f"{grid}\nbombs left: x {x_bombs}, o {o_bombs}; {status}"

    def declare(self) -> Capabilities:
        """Solvable with cells + columns + 4 x bombs at most 24: 4x4 with 1 bomb, 3x4 with 2,
        5x4 without; codes (and batches) where they fit in an int64."""
        return Capabilities(players=2, position_codes=self.coded, batch_expansion=self.coded,
                            solvable=self.size + self.cols + 4 * self.bombs <= SOLVABLE_SIZE, action_index=True,
                            observation_tensor=True, uwapi_board=True)

    # -- the web board -----------------------------------------------------------------------
    # Centres: the cells (row 1 first), then for each column its bomb button, the start and
    # the end of its drop arrow, then X's bombs in hand (image, count), O's, and the pass button.
    def band_center(self, band: int, col: int) -> int:
        """A column's centre above the board: 0 its bomb button, 1 and 2 its arrow's ends."""
        return self.size + band * self.cols + col

    def autogui_position(self, position: Position) -> str:
        """The cells, the bands above them, the bombs in hand and the pass button's place.

        >>> game = Kaboom(rows=2, cols=2, in_a_row=2)
        >>> game.autogui_position(game.play(game.start(), ("bomb", 1)))
        '2_ebee------b.c.-~0~1'
        """
        turn, x_bombs, o_bombs, cells = position
        board = cells.translate(DRAWN_CELLS) + "-" * 3 * self.cols + "b.c.-"
        return f"{self.autogui_turn(position)}_" + text_entities(board, [str(x_bombs), str(o_bombs)])

    def autogui_move(self, position: Position, move: Move, after: Position) -> str:
        kind, where = move
        if kind == "drop":
            return arrow(self.band_center(1, where), self.band_center(2, where))
        if kind == "bomb":
            return place(BOMB_BUTTON, self.band_center(0, where))
        if kind == "boom":
            return place(BUTTON, where)
        return place("P", self.size + 3 * self.cols + 4)

    def image_autogui_data(self) -> dict[str, Any]:
        bands = [[col + 0.5, y] for y in (0.5, 1.1, 1.9) for col in range(self.cols)]
        below = self.rows + 2.5
        stock = [[0.5, below], [1.3, below + 0.25], [self.cols - 1.3, below], [self.cols - 0.5, below + 0.25]]
        return image_data([max(self.cols, 3), self.rows + 3],
                          grid_centers(self.cols, self.rows, top=2, bottom_first=True) + bands + stock
                          + [[self.cols / 2, below]],
                          {**CELL_IMAGES, EMPTY: EMPTY_DOT, BUTTON: (BUTTON_IMAGE, 0.9), BOMB_BUTTON: ("y/h.svg", 0.8),
                           "P": ("othello/P.svg", 0.6)},
                          arrowWidth=0.12, textEntityFontSize=0.6)

    # -- for learning agents ------------------------------------------------------------
    def action_moves(self) -> list[Move]:
        """Drops into each column, bombs into each column, detonations at each cell, the pass."""
        return [*(("drop", c) for c in range(self.cols)), *(("bomb", c) for c in range(self.cols)),
                *(("boom", i) for i in range(self.size)), PASS]

    def longest_game(self) -> int:
        """A board's worth of drops, and another after each of the two players' detonations
        (which remove at most a board's worth of pieces); each detonation, and a pass before it."""
        return (self.size + 2) * (2 * self.bombs + 1)

    def observation_shape(self) -> tuple[int, ...]:
        return (self.rows, self.cols, 6)

    def observation(self, position: Position, player: int) -> Any:
        """Planes of the board (row 1 first), the observer's first: its pieces, its bombs, the
        other's pieces, the other's bombs; then each one's bombs in hand, as a share of the
        supply, over the whole board.

        >>> game = Kaboom()
        >>> after = game.play(game.start(), ("bomb", 0))  # x drops its bomb into column a
        >>> seen = game.observation(after, 0)
        >>> seen[0, 0].tolist()  # a1: x's bomb; x has no bomb left, o has its one
        [0.0, 1.0, 0.0, 0.0, 0.0, 1.0]
        """
        import numpy as np

        _, x_bombs, o_bombs, cells = position
        board = np.frombuffer(cells.encode("ascii"), np.uint8).reshape(self.rows, self.cols)
        order, in_hand = (player, 1 - player), (x_bombs, o_bombs)
        planes = [board == ord(symbol) for side in order for symbol in (PIECES[side], BOMBS[side])]
        planes += [np.full(board.shape, in_hand[side] / max(1, self.bombs)) for side in order]
        return np.stack(planes, axis=-1).astype(np.float32)

    # -- hooks for the fast solver (gamesman.solver.levelled) ---------------------------
    # Boards are bit masks in the layout of GravityBoard: X's cells (pieces and
    # bombs), the occupied cells and the bombs.  A position's code packs, from the
    # top: the bombs, X's cells with a mark above each column's top piece (which
    # gives the occupied cells), X's and O's bombs left and the turn.  The codes
    # are sparse (no index) but clustered, the bombs (mostly none) on top; the
    # detonations are worked out a chain link at a time.
    @cached_property
    def gravity(self) -> GravityBoard:
        return GravityBoard(self.rows, self.cols)

    @cached_property
    def coded(self) -> bool:
        """Whether every position's code fits in an int64."""
        width = self.cols * (self.rows + 1)
        return (2 << 2 * width) * (self.bombs + 1) ** 2 <= 1 << CODE_BITS

    def encode(self, position: Position) -> int:
        turn, x_bombs, o_bombs, cells = position
        # The code is affine in the masks, whose columns do not overlap: the empty
        # board's code plus what each column adds (cached by the column's text).
        board = self.empty_board_code
        for col, parts in enumerate(self.column_parts):
            text = cells[col::self.cols]
            part = parts.get(text)
            if part is None:
                alone = "".join(text[row] if c == col else boards.EMPTY
                                for row in range(self.rows) for c in range(self.cols))
                masks = self.gravity.masks_of(alone, ALPHABET, "x*", "xo*@", "*@")
                part = parts[text] = self.encode_many(0, 0, 0, *masks) - self.empty_board_code
            board += part
        base = self.bombs + 1
        return board + (x_bombs * base + o_bombs) * 2 + turn

    @cached_property
    def empty_board_code(self) -> int:
        return self.encode_many(0, 0, 0, 0, 0, 0)

    @cached_property
    def column_parts(self) -> list[dict[str, int]]:
        """For each column, what each text seen in it adds to the empty board's code."""
        return [{} for _ in range(self.cols)]

    def decode(self, code: int) -> Position:
        import numpy as np

        turn, x_bombs, o_bombs, crosses, occupied, bombs = (int(a[0]) for a in self.decode_many(np.array([code])))
        cells = []
        for cell in range(self.size):
            bit = 1 << self.gravity.bit(cell)
            owner = 0 if crosses & bit else 1
            cells.append(boards.EMPTY if not occupied & bit else (BOMBS if bombs & bit else PIECES)[owner])
        return (turn, x_bombs, o_bombs, "".join(cells))

    def encode_many(self, turn, x_bombs, o_bombs, crosses, occupied, bombs):
        """The codes of positions given as arrays (or one as integers): the turn, bombs
        left and masks."""
        width, base = self.cols * self.gravity.height, self.bombs + 1
        marks = crosses | (occupied + self.gravity.bottom)
        return ((((bombs << width) | marks) * base + x_bombs) * base + o_bombs) * 2 + turn

    def decode_many(self, codes):
        """The turn, bombs left and masks (X's cells, occupied, bombs) of many codes."""
        import numpy as np

        width, base, height = self.cols * self.gravity.height, self.bombs + 1, self.gravity.height
        codes = np.asarray(codes, np.int64)
        turn, rest = codes & 1, codes >> 1
        rest, o_bombs = np.divmod(rest, base)
        rest, x_bombs = np.divmod(rest, base)
        marks, bombs = rest & ((1 << width) - 1), rest >> width
        occupied = np.zeros(len(codes), np.int64)
        for col in range(self.cols):
            column = (marks >> (col * height)) & ((1 << height) - 1)
            for shift in (1, 2, 4, 8, 16):
                column |= column >> shift
            occupied |= (column >> 1) << (col * height)
        return turn, x_bombs, o_bombs, marks & occupied, occupied, bombs

    def batch_expand(self, codes: Any) -> Any:
        """The moves of many positions at once, on bit masks."""
        import numpy as np

        gravity = self.gravity
        turn, x_bombs, o_bombs, crosses, occupied, bombs = self.decode_many(codes)
        x_line = gravity.has_line(crosses, self.in_a_row)
        o_line = gravity.has_line(occupied & ~crosses, self.in_a_row)
        liner = np.where(x_line, 0, 1)
        if self.misere:
            liner = 1 - liner
        stuck = (occupied == gravity.board) & (bombs == 0)
        ends = np.where(x_line & o_line, End.TIE,
                        np.where(x_line | o_line, np.where(liner == turn, End.WON, End.LOST),
                                 np.where(stuck, End.TIE, End.PLAYING)))
        going = ends < 0
        mine = np.where(turn == 0, crosses, occupied & ~crosses)
        my_bombs = np.where(going, bombs & mine, 0)
        left = np.where(turn == 0, x_bombs, o_bombs)
        children: list[tuple] = []  # (rows, crosses, occupied, bombs, x bombs left, o bombs left)
        rows, at = gravity.drops(np.where(going, occupied, gravity.board))
        piece = np.left_shift(1, at)
        crossed = crosses[rows] | np.where(turn[rows] == 0, piece, 0)
        children.append((rows, crossed, occupied[rows] | piece, bombs[rows], x_bombs[rows], o_bombs[rows]))
        armed = left[rows] > 0
        rows, piece, crossed = rows[armed], piece[armed], crossed[armed]
        children.append((rows, crossed, occupied[rows] | piece, bombs[rows] | piece,
                         x_bombs[rows] - (turn[rows] == 0), o_bombs[rows] - (turn[rows] == 1)))
        rows, at = set_bits(my_bombs)
        children.append((rows, *self.mask_detonate(crosses[rows], occupied[rows], bombs[rows], np.left_shift(1, at)),
                         x_bombs[rows], o_bombs[rows]))
        rows = np.flatnonzero(going & (((occupied + gravity.bottom) & gravity.board) == 0) & (my_bombs == 0))
        children.append((rows, crosses[rows], occupied[rows], bombs[rows], x_bombs[rows], o_bombs[rows]))
        rows = np.concatenate([child[0] for child in children])
        parts = [np.concatenate([child[k] for child in children]) for k in range(1, 6)]
        codes_after = self.encode_many(1 - turn[rows], parts[3], parts[4], *parts[:3])
        order = np.argsort(rows, kind="stable")
        return turn, ends, rows[order], codes_after[order]

    def mask_detonate(self, crosses, occupied, bombs, fired):
        """X's cells, occupied cells and bombs after the bombs ``fired`` go off, chains
        included, and the columns fall."""
        removed = frontier = fired
        while frontier.any():
            blast = self.gravity.lines_through(frontier) if self.super_bomb else self.gravity.neighbours(frontier)
            hit = blast & occupied & ~removed
            removed = removed | hit
            frontier = hit & bombs
        occupied, (crosses, bombs) = self.gravity.fall(occupied & ~removed, [crosses & ~removed, bombs & ~removed])
        return crosses, occupied, bombs
