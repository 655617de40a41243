"""Quixo on an n x n board (3x3, 4x4 or 5x5), with the rules GamesmanOne solves.

The board starts with every cube neutral (``-``).  X moves first.  A move
takes a cube from the border of the board that is neutral or shows the
mover's symbol (never one of the opponent's), turns it to the mover's symbol
and pushes it back in at another end of its row or of its column: the cubes
between the gap and that end slide one cell towards the gap.  A corner cube
has two ends to go to, any other border cube three.  A line is n cubes of
one symbol across, down or on a long diagonal.

Choices, as GamesmanOne's Quixo (``src/games/quixo/quixo.c``) makes them:

* After a push, whoever has a line is looked at from the side of the player
  to move: if the player to move has a line, they have won, whether or not
  the other player has one too; else, if the other player has one, the player
  to move has lost.  So a push that makes a line of the opponent's symbol
  loses, even when it makes one of the mover's own as well, as the official
  rules say.
* Nothing forbids repeating a position and there is no move limit: play
  that never ends is a draw (the solver's ``draw``).
* A position string is refused when play cannot reach it by the check
  GamesmanOne makes: a cube just pushed is on the border, so after the start
  the player who moved last (not the one to move) has a cube on the border.

Solved here: 3x3 and 4x4 (``solvable``); 5x5 is played by the search players
(``mcts``).  Positions are numbered as a base-3 board plus the turn
(``TurnBoardCodes``): 2 * 3**(n*n) codes, 86,093,442 for 4x4, as many as
GamesmanOne's hash of the same board.  The tier solver's tiers are the counts
of x's and of o's cubes, as GamesmanOne's are: a push turns a neutral cube
(a later tier) or one of the mover's own (the same tier, where positions may
repeat).  4x4 is solved in them (``gamesman solve quixo --size 4``), 3x3 in
memory, or in them with ``--large``.  Both are solved up to the board's eight
symmetries (turns and mirror images keep the rules): one position of each set
alike is kept, and the others are answered from it.

Position: ``(x --- --- ---)``: whose turn (``x`` or ``o``), then the rows,
row 1 first, one character per cell (``x``, ``o``, ``-`` for neutral).
Moves: the cube's cell and the cell at the end where it goes back in,
joined by ``-``: ``a1-c1`` takes the cube at a1 (column a, row 1) and
pushes it in at c1, so b1 and c1 slide to a1 and b1.
"""
from __future__ import annotations

import re
from functools import cached_property
from typing import Any

from gamesman.boards import text as boards
from gamesman.boards.autogui import arrow, grid_centers, image_data
from gamesman.boards.codes import TurnBoardCodes
from gamesman.boards.planes import BoardPlanes
from gamesman.boards.symmetry import BoardSymmetries
from gamesman.contract.capabilities import ActionIndex, BatchExpansion, Capabilities, TierCut, TierPlaces, UwapiBoard
from gamesman.contract.game import Game, Option, two_player_result

#: The largest side solved here (4x4: 86 million codes).
MAX_SOLVABLE_SIDE = 4

Position = tuple[int, str]
#: A move: the cell the cube is taken from and the cell it is pushed in at.
Move = tuple[int, int]

#: The web board's side of a cube, and the ways its arrows point (rows, columns) in the
#: order of their tips' centres: right, left, down, up.
CUBE = 4
ARROW_TIPS = ((0, 1), (0, -1), (1, 0), (-1, 0))
#: The sound of a push on the web board.
SLIDE = "x"


class Quixo(TurnBoardCodes, BatchExpansion, TierCut, TierPlaces, BoardSymmetries, ActionIndex[Position, Move],
            BoardPlanes, UwapiBoard[Position, Move], Game[Position, Move]):
    name = "quixo"
    title = "Quixo"
    player_names = ("x", "o")
    cell_letters = "-xo"  # position codes: TurnBoardCodes
    codes_version = 2  # 2: solved up to the board's symmetries
    board_size_options = ("size",)
    showcase = ({"size": 3},)  # the solver's table: 3x3 (4x4 takes minutes)
    side = Option(int, 5, "side n of the board (n in a row wins)", low=3, high=5, name="size")
    rules = ("Take a neutral or own cube from the border, turn it to your symbol and push it back in at "
             "another end of its row or column; a line of your symbol wins, making one of the other's loses.")

    def setup(self) -> None:
        self.size = self.side * self.side
        self.lines = boards.lines(self.side, self.side, self.side)
        self.line_masks = boards.line_masks(self.side, self.side, self.side)

    def declare(self) -> Capabilities:
        return Capabilities(players=2, loops=True, position_codes=True, batch_expansion=True, tiers=True,
                            symmetries=True, tier_places=True, solvable=self.side <= MAX_SOLVABLE_SIDE,
                            action_index=True, observation_tensor=True, uwapi_board=True)

    def index_size(self) -> int:
        """Every board of three symbols, with either player to move.

        >>> Quixo(size=3).index_size()
        39366
        """
        return 2 * self.cell_code.span

    def tier_numbers(self, codes):
        """The tier solver's tiers: the counts of x's and of o's cubes, (x + o) * (n*n + 1) + x.
        A push turns a neutral cube (a later tier) or one of the mover's own (the same tier).

        >>> game = Quixo(size=3)
        >>> game.tier_numbers(__import__("numpy").array([game.encode((1, "xx-o-----"))])).tolist()
        [32]
        """
        import numpy as np

        from gamesman.games.quixo.pushes import tiers

        return tiers(np.asarray(codes, np.int64), self.cell_code.span, self.digit_counts)

    def child_tiers(self, tier: int) -> list[int]:
        """The tiers a push from tier ``tier`` leads to besides its own: a neutral cube turned
        to the mover's symbol, x's or o's (none when no cube is neutral).

        >>> game = Quixo(size=3)
        >>> [game.tier_counts(child) for child in game.child_tiers(32)]
        [(3, 1), (2, 2)]
        >>> game.child_tiers(game.counts_tier(5, 4))  # no neutral cube left
        []
        """
        crosses, noughts = self.tier_counts(tier)
        if crosses + noughts == self.size:
            return []
        return [self.counts_tier(crosses + 1, noughts), self.counts_tier(crosses, noughts + 1)]

    def counts_tier(self, crosses: int, noughts: int) -> int:
        """The tier of ``crosses`` x's and ``noughts`` o's cubes (``tier_counts`` undone).

        >>> Quixo(size=3).counts_tier(2, 1)
        32
        """
        return (crosses + noughts) * (self.size + 1) + crosses

    @cached_property
    def digit_counts(self):
        """The table of ``tier_numbers`` (see :func:`games.quixo.pushes.digit_counts`)."""
        from gamesman.games.quixo.pushes import digit_counts

        return digit_counts(self.size)

    # -- a tier's places: GamesmanOne's hash (see games.quixo.places) ------------------------
    def tier_counts(self, tier: int) -> tuple[int, int]:
        """The counts of x's and of o's cubes of tier ``tier`` (see ``tier_numbers``).

        >>> Quixo(size=3).tier_counts(32)
        (2, 1)
        """
        cubes, crosses = divmod(tier, self.size + 1)
        return crosses, cubes - crosses

    def places_in_tier(self, tier: int) -> int:
        """Every board of the tier's counts of cubes, with either player to move.

        >>> Quixo(size=3).places_in_tier(32)  # 9 * 8 boards of one o and two x's
        504
        """
        from math import comb

        crosses, noughts = self.tier_counts(tier)
        return 2 * comb(self.size, noughts) * comb(self.size - noughts, crosses)

    def places(self, codes):
        """The least rank of GamesmanOne's hash over the board's eight images, times two, plus
        the turn (compiled: :func:`games.quixo.places.least_places`).

        >>> game = Quixo(size=3)
        >>> game.places(__import__("numpy").array([game.encode((1, b)) for b in ("xx-o-----", "-xx--o---")])).tolist()
        [59, 59]
        """
        import numpy as np

        from gamesman.games.quixo.places import least_places

        tables, choose, patterns = self.place_tables
        return least_places(np.asarray(codes, np.int64), self.cell_code.span, tables, choose, patterns)

    def place_codes(self, tier, places):
        """The least code of the set alike at each place of tier ``tier``.

        >>> game = Quixo(size=3)
        >>> game.decode(int(game.place_codes(32, game.places(__import__("numpy").array([game.encode((1, "-xx--o---"))])))[0]))
        (1, 'xo-x-----')
        """
        import numpy as np

        from gamesman.games.quixo.places import hashed_boards

        crosses, noughts = self.tier_counts(tier)
        boards = hashed_boards(np.asarray(places, np.int64), self.cell_code.span, self.size, crosses, noughts,
                               self.place_tables[1])
        return self.canonical_codes(boards)

    @cached_property
    def place_tables(self):
        """The tables ``places`` reads: each symmetry's moves of runs of cells, binomials, runs of digits as bits."""
        from gamesman.games.quixo.places import binomials, digit_patterns, symmetry_tables

        return symmetry_tables(self.side), binomials(self.size), digit_patterns()

    # -- the rules -------------------------------------------------------------------------
    @cached_property
    def pushes(self) -> list[tuple[int, int, tuple[int, ...]]]:
        """Every push on the empty board: (source, end, the cells from the source to the end).

        >>> [boards.cell_name(*divmod(end, 3)) for source, end, _ in Quixo(size=3).pushes if source == 0]
        ['c1', 'a3']
        """
        n = self.side
        found = []
        for source in range(self.size):
            row, col = divmod(source, n)
            if 0 < row < n - 1 and 0 < col < n - 1:
                continue  # not on the border
            for end_row, end_col in ((row, 0), (row, n - 1), (0, col), (n - 1, col)):
                end = end_row * n + end_col
                if end == source:
                    continue
                step = (1 if end_col > col else -1) if end_row == row else (n if end_row > row else -n)
                found.append((source, end, tuple(range(source, end + step, step))))
        return found

    def start(self) -> Position:
        return (0, boards.EMPTY * self.size)

    def to_move(self, position: Position) -> int:
        return position[0]

    def has_line(self, cells: str, player: int) -> bool:
        return boards.has_line(cells, self.player_names[player], self.lines)

    def outcome(self, position: Position) -> tuple[float, float] | None:
        turn, cells = position
        if self.has_line(cells, turn):
            return two_player_result(turn)
        if self.has_line(cells, 1 - turn):
            return two_player_result(1 - turn)
        return None

    def moves(self, position: Position) -> list[Move]:
        if self.outcome(position) is not None:
            return []
        turn, cells = position
        theirs = self.player_names[1 - turn]
        return [(source, end) for source, end, _ in self.pushes if cells[source] != theirs]

    def play(self, position: Position, move: Move) -> Position:
        if move not in self.moves(position):
            raise self.illegal(f"{self.format_move(position, move)} is not a push of a game in progress")
        turn, cells = position
        path = next(path for source, end, path in self.pushes if (source, end) == move)
        board = list(cells)
        for here, after in zip(path, path[1:]):
            board[here] = cells[after]
        board[path[-1]] = self.player_names[turn]
        return (1 - turn, "".join(board))

    # -- text ------------------------------------------------------------------------------
    def parse_position(self, text: str) -> Position:
        fields = boards.split_fields(self.name, text)
        turn = boards.parse_turn(self.name, fields[0], self.player_names, text)
        cells = boards.parse_rows(self.name, fields[1:], self.side, self.side, "xo-", text)
        last = self.player_names[1 - turn]
        if cells != boards.EMPTY * self.size or turn != 0:
            if not any(cells[source] == last for source in self.border):
                raise self.error(f"{self.player_names[turn]} is to move but {last}, who moved last, has no cube on "
                                 f"the border (a pushed cube ends on the border)", text)
        return (turn, cells)

    @cached_property
    def border(self) -> list[int]:
        """The cells a cube may be taken from."""
        return sorted({source for source, _, _ in self.pushes})

    def format_position(self, position: Position) -> str:
        return f"({self.player_names[position[0]]} {boards.format_rows(position[1], self.side)})"

    def cell_text(self, cell: int) -> str:
        return boards.cell_name(*divmod(cell, self.side))

    def format_move(self, position: Position, move: Move) -> str:
        """``a1-c1``: from the cube's cell to the end it is pushed in at.

        >>> Quixo(size=3).format_move((0, "-" * 9), (0, 2))
        'a1-c1'
        """
        source, end = move
        return f"{self.cell_text(source)}-{self.cell_text(end)}"

    def parse_move(self, position: Position, text: str) -> Move:
        source_text, dash, end_text = text.strip().partition("-")
        if not dash:
            raise self.illegal(f"{text.strip()!r} is not a push (write the cube's cell and the end it goes in at, "
                               f"e.g. a1-{self.cell_text(self.side - 1)})")
        source, end = (self.side * row + col for row, col in
                       (boards.parse_cell(self.name, part, self.side, self.side) for part in (source_text, end_text)))
        if (source, end) in self.moves(position):
            return (source, end)
        if self.outcome(position) is not None:
            raise self.illegal("the game is over")
        if source not in self.border:
            raise self.illegal(f"{self.cell_text(source)} is not on the border")
        if position[1][source] == self.player_names[1 - position[0]]:
            raise self.illegal(f"the cube at {self.cell_text(source)} is {position[1][source]}'s")
        raise self.illegal(f"{self.cell_text(end)} is not another end of {self.cell_text(source)}'s row or column")

    def render(self, position: Position) -> str:
        return boards.render_grid(position[1], self.side, self.side)

    # -- learning: the pushes numbered, the cubes as planes ----------------------------------
    def action_moves(self) -> list[Move]:
        """Every push of the board, in the order of ``pushes``: 20 on 3x3, 44 on 5x5.

        >>> len(Quixo(size=3).action_moves()), len(Quixo().action_moves())
        (20, 44)
        """
        return [(source, end) for source, end, _ in self.pushes]

    def board_shape(self) -> tuple[int, int]:
        return (self.side, self.side)

    # -- the web board: GamesCrafters' Quixo (GamesmanOne's strings, UWAPI's theme) ---------
    def uwapi_variant_options(self, variant: str) -> dict[str, Any] | None:
        """GamesCrafters name a variant by its board, ``4x4``.

        >>> Quixo().uwapi_variant_options("4x4"), Quixo().uwapi_variant_options("4x5")
        ({'size': 4}, None)
        """
        size = re.fullmatch(r"(\d)x\1", variant)
        return None if size is None else {"size": int(size[1])}

    def uwapi_variant(self) -> str:
        return f"{self.side}x{self.side}"

    def autogui_position(self, position: Position) -> str:
        """The cubes row by row from row 1 (``X``, ``O``, ``B`` for a neutral one), then
        the arrows' tips, which draw nothing.

        >>> Quixo(size=3).autogui_position((1, "x-------o"))[:11]
        '2_XBBBBBBBO'
        """
        cubes = position[1].upper().replace(boards.EMPTY, "B")
        return f"{self.autogui_turn(position)}_{cubes}{'-' * len(ARROW_TIPS) * self.size}"

    def autogui_move(self, position: Position, move: Move, after: Position) -> str:
        """A short arrow from the cube towards the end it is pushed in at (the tips of each
        way follow the cells, as in GamesmanOne's strings).

        >>> Quixo(size=3).autogui_move((0, "-" * 9), (0, 2), (1, "-" * 8 + "x"))  # a1 to c1: right
        'M_0_9_x'
        """
        source, end = move
        (row, col), (end_row, end_col) = divmod(source, self.side), divmod(end, self.side)
        way = (0, 1) if end_col > col else (0, -1) if end_col < col else (1, 0) if end_row > row else (-1, 0)
        return arrow(source, (1 + ARROW_TIPS.index(way)) * self.size + source, SLIDE)

    def image_autogui_data(self) -> dict[str, Any]:
        cubes = grid_centers(self.side, self.side, cell=CUBE)
        tips = [[x + CUBE / 2 * step_col, y + CUBE / 2 * step_row] for step_row, step_col in ARROW_TIPS
                for x, y in cubes]
        return image_data([CUBE * self.side] * 2, cubes + tips,
                          {"X": ("quixo/x.svg", CUBE), "O": ("quixo/o.svg", CUBE), "B": ("quixo/blank.svg", CUBE)},
                          arrowWidth=0.1, sounds={SLIDE: "general/slide.mp3"})

    # -- hooks for the fast solver (gamesman.solver.levelled) ------------------------------
    # Codes: TurnBoardCodes (the board in base 3, plus 3**cells when o is to move).

    @cached_property
    def push_paths(self) -> tuple:
        """The pushes as the compiled expansion takes them (numpy arrays): the lines' bit masks,
        each push's cube, its cells from the cube to the end (padded) and how many.

        >>> lines, sources, paths, lengths = Quixo(size=3).push_paths
        >>> sources[:2].tolist(), paths[0].tolist(), lengths[:2].tolist()
        ([0, 0], [0, 1, 2], [3, 3])
        """
        import numpy as np

        paths = np.zeros((len(self.pushes), self.side), np.int64)
        for row, (_, _, path) in enumerate(self.pushes):
            paths[row, :len(path)] = path
        return (np.array(self.line_masks, np.int64), np.array([source for source, _, _ in self.pushes], np.int64),
                paths, np.array([len(path) for _, _, path in self.pushes], np.int64))

    def batch_expand(self, codes):
        """The pushes of many positions at once, compiled (see :mod:`games.quixo.pushes`)."""
        import numpy as np

        from gamesman.games.quixo.pushes import expand

        return expand(np.asarray(codes, np.int64), self.cell_code.span, self.size, *self.push_paths)
