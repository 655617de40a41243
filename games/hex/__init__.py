"""Hex (GBG playground, seeds 000).

Two players, Black (``x``) and White (``o``), take turns placing a stone of
their colour on an empty cell of a rhombus of N x N hexagonal cells.  Black
starts.  Black joins row 1 to row N (the top and bottom rims), White joins
column a to the last column (the left and right rims); whoever first joins
their two rims with a chain of adjacent stones of their colour wins.  Hex
cannot end in a tie: a full board always holds exactly one such chain.

Options:

* ``size``: N, from 1 to 19 (default 11).
* ``swap``: the pie rule.  On the second move only, White may play ``swap``
  instead of placing a stone: Black's first stone is replaced by a White
  stone at its mirror image in the long diagonal (``c2`` becomes ``b3``), and
  Black moves next.  This is "swap pieces" as Hex programs (HexGui, MoHex)
  play it: colours and rims stay with the players.

Choices where the sheet is silent:

* The layout and rims follow the Hex programs that speak GTP (HexGui,
  MoHex): cells are named by a column letter and a row number, ``a1`` in a
  corner, each row drawn half a cell to the right of the row above, and
  Black, the first player, joins north (row 1) to south (row N).  A cell's
  six neighbours are left and right in its row, the two touching cells of
  the row above (same column and the next) and of the row below (same column
  and the previous).
* A position string is refused when play cannot reach it: the counts of
  stones must give the player to move (Black first: as many stones each with
  Black to move, one more Black stone with White to move; with ``swap`` also
  White one stone ahead, as a swap leaves it), and a chain must be the last
  move's (play stops at the first chain): its owner placed the last stone,
  and taking one of its stones away breaks all its chains.  On a board with a
  chain the turn token is free (the game is over whoever it names).  The
  check is exact: stones are never taken away, so the boards before the
  last stone, which has no chain, had none either.
* Boards up to 4x4 are solvable here (declared ``solvable``); 4x4 has millions of
  positions and takes the fast solver's bitboard hooks (below).
* ``evaluate`` compares shortest paths: for each player, the fewest empty
  cells that would complete a chain (own stones are free, the opponent's
  block); the difference, squashed into [-1, 1], is the estimate for the
  player to move.

Position: ``(x ----- ----- ----- ----- -----)``: whose turn (``x`` for Black
or ``o`` for White), then the rows, row 1 first, one character per cell
(``x``, ``o`` or ``-``).
Moves: the cell, a column letter and a row number (``a1`` to ``k11`` on the
default board), or ``swap`` (``swap-pieces``, as GTP Hex programs call it, is
read too).

On the web the rhombus is drawn with GamesmanUni's hexagons, Black's stones red
and White's blue, each rim edged with small hexagons of the colour that joins
it and an empty cell as a dot; a move is a button on its cell (a swap a button
beside the board).
"""
from __future__ import annotations

import math
from collections import deque
from functools import cached_property, lru_cache
from typing import Any

from gamesman.boards import text as boards
from gamesman.boards.autogui import BUTTON, BUTTON_IMAGE, EMPTY, EMPTY_DOT, image_data, place
from gamesman.boards.codes import DigitCode, GridShifts, set_bits
from gamesman.boards.planes import BoardPlanes
from gamesman.contract.capabilities import (ActionIndex, BatchExpansion, Capabilities, CompactForm, CompactPlayouts, End,
                                           PositionCodes, UwapiBoard)
from gamesman.contract.game import Game, Option, two_player_result
from gamesman.contract.strategy import StrategyEntry
from gamesman.players.search import budget_usage

# Position: (turn, cells row 1 first, the player who has joined their rims or None).
# The last field follows from the cells; it is kept so that ``outcome`` is quick.
Position = tuple[int, str, int | None]
Move = int | str

STONES = ("x", "o")
SWAP = "swap"
#: The web board's images: the stones (and rims) of each player, an empty cell's dot.
HEX_IMAGES = {"x": ("y/B.svg", 1.0), "o": ("y/W.svg", 1.0), "X": ("y/B.svg", 0.5), "O": ("y/W.svg", 0.5),
              EMPTY: EMPTY_DOT, BUTTON: (BUTTON_IMAGE, 0.6)}
#: The height of a row of hexagons (their width is 1).
ROW_HEIGHT = math.sqrt(3) / 2
SWAP_NAMES = (SWAP, "swap-pieces")
MAX_SOLVABLE_SIZE = 4
MAX_CODED_SIZE = 5  # codes (base 3, and the turn) fit in 64 bits up to 5x5
# (row, column) steps to the six neighbours of a cell.
HEX_STEPS = ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, -1), (1, 0))


@lru_cache(maxsize=None)
def adjacency(size: int) -> tuple[tuple[int, ...], ...]:
    """The neighbours of every cell (flat indices) on a board of side ``size``."""
    return tuple(tuple(boards.neighbours(size, size, index, HEX_STEPS)) for index in range(size * size))


class Hex(PositionCodes[Position], BatchExpansion, CompactForm[Position, Move], ActionIndex[Position, Move],
          BoardPlanes, UwapiBoard[Position, Move], Game[Position, Move]):
    name = "hex"
    title = "Hex"
    player_names = STONES
    board_size_options = ("size",)
    size = Option(int, 11, "side N of the board", low=1, high=19)
    swap = Option(bool, False, "pie rule: White's first move may be swap")
    rules = "Place a stone on an empty cell; Black joins top and bottom, White left and right."
    showcase = ({"size": 2}, {"size": 3}, {"size": 3, "swap": True}, {"size": 4})
    search_strategy = "rave"
    strategies = {"rave": StrategyEntry(
        lambda game, rng, args: _hex_search().make_rave(game, rng, args),
        "Monte-Carlo tree search with RAVE and bridge-saving playouts, compiled: "
        + budget_usage("rave", "iterations"))}

    def setup(self) -> None:
        self.cells_count = self.size * self.size
        self.neighbours = adjacency(self.size)
        last = self.size - 1
        # rims[player] = (cells on the first rim, cells on the second rim), as sets of flat indices
        self.rims = (
            (set(range(self.size)), set(range(last * self.size, self.cells_count))),
            (set(range(0, self.cells_count, self.size)), set(range(last, self.cells_count, self.size))),
        )

    def declare(self) -> Capabilities:
        """Layered without swaps: every move adds a stone, but a swap only recolours one."""
        coded = self.size <= MAX_CODED_SIZE
        return Capabilities(players=2, layered=not self.swap, position_codes=coded, batch_expansion=coded,
                            compact_playouts=True, solvable=self.size <= MAX_SOLVABLE_SIZE, action_index=True,
                            observation_tensor=True, uwapi_board=True)

    # -- the web board ----------------------------------------------------------------------
    def autogui_position(self, position: Position) -> str:
        """The cells row by row (``e`` empty), then the rims: top, bottom, left, right.

        >>> Hex(size=2).autogui_position((1, "x---", None))
        '2_xeeeXXXXOOOO'
        """
        rims = "X" * 2 * self.size + "O" * 2 * self.size
        return f"{self.autogui_turn(position)}_{position[1].replace(boards.EMPTY, EMPTY)}{rims}"

    def autogui_move(self, position: Position, move: Move, after: Position) -> str:
        return SWAP if move == SWAP else place(BUTTON, int(move))

    def image_autogui_data(self) -> dict[str, Any]:
        def center(row: float, col: float) -> list[float]:
            return [col + row / 2 + 1.5, row * ROW_HEIGHT + 1]

        cells = [center(row, col) for row in range(self.size) for col in range(self.size)]
        edge = [-0.75, self.size - 0.25]
        rims = ([center(row, col) for row in edge for col in range(self.size)]
                + [center(row, col) for col in edge for row in range(self.size)])
        return image_data([1.5 * self.size + 2.5, (self.size - 1) * ROW_HEIGHT + 2], cells + rims, HEX_IMAGES)

    def action_moves(self) -> list[Move]:
        """The cells, then the swap where the pie rule allows it."""
        return [*range(self.size * self.size), *([SWAP] if self.swap else [])]

    def longest_game(self) -> int:
        """Every move but the one swap fills a cell."""
        return self.size * self.size + (1 if self.swap else 0)

    def board_shape(self) -> tuple[int, int]:
        return (self.size, self.size)

    def start(self) -> Position:
        return (0, boards.EMPTY * self.cells_count, None)

    def to_move(self, position: Position) -> int:
        return position[0]

    def outcome(self, position: Position) -> tuple[float, float] | None:
        joined = position[2]
        return None if joined is None else two_player_result(joined)

    # -- chains -----------------------------------------------------------------
    def joins_rims(self, cells: str, player: int, start: int) -> bool:
        """True when the chain of ``player``'s stones through ``start`` touches both rims."""
        stone = STONES[player]
        seen = {start}
        waiting = [start]
        while waiting:
            index = waiting.pop()
            for other in self.neighbours[index]:
                if other not in seen and cells[other] == stone:
                    seen.add(other)
                    waiting.append(other)
        first, second = self.rims[player]
        return not first.isdisjoint(seen) and not second.isdisjoint(seen)

    def joined(self, cells: str, player: int) -> bool:
        """True when ``player`` has a chain between their rims anywhere on the board."""
        return any(cells[index] == STONES[player] and self.joins_rims(cells, player, index)
                   for index in self.rims[player][0])

    def chain_owner(self, cells: str) -> int | None:
        """The player with a chain, if any (Black's would cut White's rims apart, so at most one).

        >>> Hex(size=2).chain_owner("-x-x"), Hex(size=2).chain_owner("oo--"), Hex(size=2).chain_owner("x--o")
        (0, 1, None)
        """
        return 0 if self.joined(cells, 0) else 1 if self.joined(cells, 1) else None

    # -- moves ------------------------------------------------------------------
    def can_swap(self, position: Position) -> bool:
        """The pie rule: White's first move, with one Black stone on the board."""
        turn, cells, _ = position
        return (self.swap and turn == 1 and cells.count(STONES[0]) == 1
                and cells.count(boards.EMPTY) == self.cells_count - 1)

    def moves(self, position: Position) -> list[Move]:
        turn, cells, joined = position
        if joined is not None:
            return []
        found: list[Move] = [i for i, cell in enumerate(cells) if cell == boards.EMPTY]
        if self.can_swap(position):
            found.append(SWAP)
        return found

    def play(self, position: Position, move: Move) -> Position:
        turn, cells, joined = position
        if move == SWAP and self.can_swap(position):
            row, col = divmod(cells.index(STONES[0]), self.size)
            mirrored = boards.place(boards.EMPTY * self.cells_count, col * self.size + row, STONES[1])
            return (0, mirrored, None)
        if joined is not None or not isinstance(move, int) or not (
                0 <= move < self.cells_count and cells[move] == boards.EMPTY):
            raise self.illegal(f"{self.format_move(position, move)} is not an empty cell of a game in progress")
        cells = boards.place(cells, move, STONES[turn])
        return (1 - turn, cells, turn if self.joins_rims(cells, turn, move) else None)

    # -- heuristic ----------------------------------------------------------------
    def distance(self, cells: str, player: int) -> int:
        """The fewest empty cells ``player`` must fill to join their rims (a big number if blocked)."""
        stone, blocker = STONES[player], STONES[1 - player]
        best = [self.cells_count + 1] * self.cells_count
        waiting: deque[int] = deque()
        first, second = self.rims[player]
        for index in sorted(first):
            if cells[index] != blocker:
                best[index] = 0 if cells[index] == stone else 1
                (waiting.appendleft if cells[index] == stone else waiting.append)(index)
        while waiting:
            index = waiting.popleft()
            if index in second:
                return best[index]
            for other in self.neighbours[index]:
                if cells[other] == blocker:
                    continue
                step = 0 if cells[other] == stone else 1
                if best[index] + step < best[other]:
                    best[other] = best[index] + step
                    (waiting.appendleft if step == 0 else waiting.append)(other)
        return self.cells_count + 1

    def evaluate(self, position: Position) -> float | None:
        turn, cells, _ = position
        return math.tanh((self.distance(cells, 1 - turn) - self.distance(cells, turn)) / 3)

    # -- text -------------------------------------------------------------------
    def parse_position(self, text: str) -> Position:
        fields = boards.split_fields(self.name, text)
        if len(fields) != 1 + self.size:
            raise self.error(f"{len(fields)} fields, expected a turn and {self.size} rows", text)
        turn = boards.parse_turn(self.name, fields[0], self.player_names, text)
        cells = boards.parse_rows(self.name, fields[1:], self.size, self.size, "xo-", text)
        joined = self.chain_owner(cells)
        # A swap leaves White one stone ahead, as if White had moved first (on 1x1 Black wins at once).
        firsts = (0, 1) if self.swap and self.size > 1 else (0,)
        boards.check_placements(self.name, self.player_names, cells, turn, joined,
                                lambda board, stone: self.joined(board, STONES.index(stone)), text,
                                what="stones", firsts=firsts)
        return (turn, cells, joined)

    def format_position(self, position: Position) -> str:
        return f"({self.player_names[position[0]]} {boards.format_rows(position[1], self.size)})"

    def format_move(self, position: Position, move: Move) -> str:
        if isinstance(move, int) and 0 <= move < self.cells_count:
            return boards.cell_name(*divmod(move, self.size))
        return str(move)

    def parse_move(self, position: Position, text: str) -> Move:
        if text.strip().lower() in SWAP_NAMES:
            if not self.can_swap(position):
                raise self.illegal("swap is legal only as White's first move, with the swap option on")
            return SWAP
        row, col = boards.parse_cell(self.name, text, self.size, self.size)
        move = row * self.size + col
        if position[2] is not None or position[1][move] != boards.EMPTY:
            raise self.illegal("the game is over" if position[2] is not None else
                               f"{text.strip()} is not an empty cell: {position[1][move]} took it")
        return move

    def render(self, position: Position) -> str:
        cells = position[1]
        width = len(str(self.size))
        lines = [" " * (width + 1) + " ".join(boards.column_name(c) for c in range(self.size))]
        for row in range(self.size):
            stones = " ".join(cells[row * self.size:(row + 1) * self.size])
            lines.append(" " * row + f"{row + 1:>{width}} {stones} {row + 1}")
        lines.append(" " * (self.size + width) + " ".join(boards.column_name(c) for c in range(self.size)))
        lines.append(f"x (black) joins rows 1 and {self.size}; "
                     f"o (white) joins columns a and {boards.column_name(self.size - 1)}")
        return "\n".join(lines)

    # -- fast play (search.py beside this file) ------------------------------------------------
    def compact_playouts(self) -> CompactPlayouts[Position, Move]:
        return _hex_search().HexPlayouts(self, SWAP)

    # -- hooks for the fast solver (gamesman.solver.levelled) ---------------------------
    @cached_property
    def cell_code(self) -> DigitCode:
        """Boards as base-3 numbers: cell i is digit i (0 empty, 1 x, 2 o)."""
        return DigitCode("-xo", self.cells_count)

    def encode(self, position: Position) -> int:
        """The board's number, plus 3**cells when the turn is not the usual one (Black
        when the stones are even); so without swaps every code is below 3**cells."""
        turn, cells, _ = position
        unusual = turn != (self.cells_count - cells.count(boards.EMPTY)) % 2
        return self.cell_code.encode(cells) + unusual * self.cell_code.span

    def decode(self, code: int) -> Position:
        unusual, board = divmod(code, self.cell_code.span)
        cells = self.cell_code.decode(board)
        turn = (self.cells_count - cells.count(boards.EMPTY)) % 2 ^ unusual
        return (turn, cells, self.chain_owner(cells))

    def index_size(self) -> int | None:
        if self.size > MAX_CODED_SIZE:
            return None
        return self.cell_code.span * (2 if self.swap else 1)  # a swap makes the turn unusual

    def batch_expand(self, codes):
        """Every empty cell (and the swap) of many positions at once, on bit masks."""
        import numpy as np

        span = self.cell_code.span
        crosses, noughts = self.cell_code.masks(codes)
        unusual = codes // span
        turn = (np.bitwise_count(crosses | noughts).astype(np.int64) % 2) ^ unusual
        joined = np.where(self.mask_joined(crosses, 0), 0, np.where(self.mask_joined(noughts, 1), 1, -1))
        ends = np.where(joined < 0, End.PLAYING, np.where(joined == turn, End.WON, End.LOST))
        full = (1 << self.cells_count) - 1
        rows, cells = set_bits(np.where(ends < 0, full & ~(crosses | noughts), 0))
        powers = 3 ** np.arange(self.cells_count, dtype=np.int64)
        children = codes[rows] + (turn[rows] + 1) * powers[cells]
        if self.swap:
            swapping = np.flatnonzero((ends < 0) & (turn == 1) & (noughts == 0) & (np.bitwise_count(crosses) == 1))
            if len(swapping):
                stone = np.bitwise_count(crosses[swapping] - 1).astype(np.int64)
                row, col = np.divmod(stone, self.size)
                rows = np.concatenate((rows, swapping))
                children = np.concatenate((children, 2 * powers[col * self.size + row] + span))
                order = np.argsort(rows, kind="stable")
                rows, children = rows[order], children[order]
        return turn, ends, rows, children

    @cached_property
    def rim_masks(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """For each player, the bit masks of their two rims."""
        masks = [(sum(1 << i for i in first), sum(1 << i for i in second)) for first, second in self.rims]
        return masks[0], masks[1]

    def mask_joined(self, stones, player: int):
        """Whether each mask of ``player``'s stones joins their two rims (flood fill)."""
        grid = GridShifts(self.size, self.size)
        first, second = self.rim_masks[player]
        reached = stones & first
        while True:
            grown = reached
            for step in HEX_STEPS:
                grown = grown | grid.shift(reached, step)
            grown &= stones
            if (grown == reached).all():
                return (reached & second) != 0
            reached = grown


def _hex_search():
    """The compiled search and playouts (imported when first used: they load numba)."""
    from gamesman.games.hex import search as hex_search

    return hex_search
