"""Dōbutsu shōgi ("Let's Catch the Lion!"), the animal shogi of Madoka Kitao (2008).

Two players, ``b`` (sente, who moves first, upper-case pieces, at the bottom) and ``w``
(gote, lower-case, at the top), play on a board of 3 columns (a to c) and 4 rows (1 at
the top to 4 at the bottom).  Each has a lion (``L``), a giraffe (``G``), an elephant
(``E``) and a chick (``C``):

```
  a b c
1 g l e
2 - c -
3 - C -
4 E L G
```

* A move takes one piece one step onto an empty square or onto an opposing piece,
  which is captured.  The lion steps any way; the giraffe across or down; the
  elephant diagonally; the chick straight ahead; the hen (a promoted chick, ``H``)
  any way but diagonally backwards.
* A chick that moves onto the far rank (row 1 for ``b``, row 4 for ``w``) becomes a
  hen at once.
* A captured piece goes to the captor's hand (a hen goes back as a chick).  Instead
  of moving, a player may drop a piece from their hand on any empty square; a chick
  dropped on the far rank stays a chick (and cannot move there).
* Capturing the lion wins.  A lion that reaches the far rank decides the game at
  once (the try): if the opponent can capture it there, the opponent wins (taking
  it would be their next move, which is not played out); otherwise the lion's side
  wins.  The official rules say the same (the try wins unless the lion is captured
  on the next move), but play the capture out: a win or loss by a failed try counts
  one ply fewer here.  A player with no legal move loses at once.  That happens only
  where a player's seven pieces wall each other in (``(b GEl LGE CC- --- - -)``, the
  lion at c3 instead, and their mirror images), which play never reaches and no
  position leads to; GamesmanOne's ``Primitive`` leaves them undecided, with no move,
  and its value iteration calls them lost in 1.
* Repetition: positions carry no history.  Play that goes on forever is a draw, so
  a position from which neither side can force a win is a draw.  This is the rule
  GamesmanOne's ``dshogi`` implements (its loopy solver calls what it cannot
  decide a draw) and the one Tanaka's solution (2009) assumes.  The win and try
  conventions are GamesmanOne's too, so remoteness counts the same moves.  The
  official rules make the game a draw when the players repeat the same moves three
  times; a position's value is the same under both (a forced win never repeats a
  position, and a side that can hold a draw holds it either way), and only a
  position reached with a history of repeats could differ.

Choices where the rule sheets are silent:

* Positions with fewer pieces than the start (a giraffe, elephant or chick missing
  from both the board and the hands) are accepted as endgame studies: pieces never
  leave play, so such a position plays out with the pieces it has.  Play from the
  start never reaches one.
* The parser refuses what play cannot reach: more than one lion a side or more than
  two giraffes, elephants or chicks (hens counted) in all; a lion or a hen in a hand;
  both lions gone; the lion of the player *not* to move gone (a capture ends the game
  at once); the lion of the player to move on its far rank (the try decided the game
  a move before).
* The full game is too large to solve on demand here (its codes number 4.2 billion
  positions, see below); ``gamesman solve dobutsu --large`` solves it once, walking back
  along the positions' parents.  The search player (``search_strategy``) is ``alphabeta``, the
  engine's alpha-beta with iterative deepening, at whose horizon ``evaluate`` counts
  material (chick 1, hen 2, giraffe and elephant 3, in hand or on the board) and how far
  each lion has come, for the player to move.  It finds the captures and tries that random
  playouts miss: at depth 3 it won 17 of 20 games against ``mcts 300``, 9 of 10 as ``b``
  and 8 of 10 as ``w`` (``gamesman simulate dobutsu --games 10 --seed 1 --strategy
  "alphabeta 3" --strategy "mcts 300"``, and the seats swapped with ``--seed 2``).

Position codes rank the pieces' placement: the lions, then the giraffes, elephants and
chicks on the squares left, with their owners (and whether each chick is a hen), inside
one block of codes for each way the pieces stand in the hands (the tiers by pieces in
hand), times two for the turn.  The blocks of the full set of pieces come first: their
1,567,925,964 placements with both lions on the board are Tanaka's count of all
arrangements (his Table 1).  Captures and drops both move between these tiers (a
capture adds a piece to a hand, a drop takes one away), so the tiers are not ordered:
the game is solved by one retrograde analysis over all its positions (Tanaka found
246,803,167 reachable, the start lost for ``b`` in 78 plies), over the block of codes of the
pieces in play with both lions on the board (``code_block``) and the parents of each position
(``batch_parents``: a step undone, with or without a piece given back from the mover's hand, or
a drop undone).  The game is the same seen from the other side (``turned_codes``: the board
turned half round, the colours and hands swapped), so only ``b``'s positions are solved, and
the same mirrored left to right (``canonical_codes``), so only one of each pair.

Position: ``(b gle -c- -C- ELG - -)``: whose turn (``b`` or ``w``), the four rows from
row 1 (``-`` for an empty square), then ``b``'s hand in upper case and ``w``'s in lower
case, giraffes then elephants then chicks (``GC``, ``ecc``), ``-`` when empty.
Moves: ``b3-b2`` (from, to; promotion is automatic), drops ``C*b2`` (the piece's letter
in upper case, for either side).
"""
from __future__ import annotations

import bisect
import re
from functools import cached_property
from math import comb
from typing import Any, NamedTuple

from gamesman.boards import text as boards
from gamesman.boards.autogui import arrow, image_data, place
from gamesman.contract.capabilities import (ActionIndex, BatchExpansion, Capabilities, ObservationTensor, Parents,
                                            PositionCodes, Symmetries, TurnSymmetry, UwapiBoard)
from gamesman.contract.game import Game, two_player_result

ROWS, COLS = 4, 3
CELLS = ROWS * COLS
HAND_KINDS = "GEC"          # the pieces a hand holds, in the order the strings write them
PIECES = "LGECHlgech"
EMPTY = boards.EMPTY
DROP = CELLS                # a drop of HAND_KINDS[k] is the move (DROP + k, square)
MOVE_TEXT = re.compile(r"^([a-c][1-4])-([a-c][1-4])$|^([gec])\*([a-c][1-4])$", re.ASCII | re.IGNORECASE)

#: One step of each piece of ``b`` as (rows, columns); ``b`` moves up the board (row 4 to row 1).
STEPS = {
    "L": ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)),
    "G": ((-1, 0), (0, -1), (0, 1), (1, 0)),
    "E": ((-1, -1), (-1, 1), (1, -1), (1, 1)),
    "C": ((-1, 0),),
    "H": ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0)),
}
#: The squares of each player's far rank, where its chicks promote and its lion tries.
FAR_RANK = (range(0, COLS), range(CELLS - COLS, CELLS))
#: What each piece is worth to ``evaluate``.
MATERIAL = {"G": 3, "E": 3, "C": 1, "H": 2}
#: The kinds of pieces, in the order of the observation's planes.
KINDS = "".join(STEPS)
#: The web board's letters for a hand's giraffes, elephants and chicks (``b``'s, then
#: ``w``'s), by how many it holds: none, one, two (GamesmanOne's).
HELD_LETTERS = ("-GB", "-EA", "-CD", "-gb", "-ea", "-cd")
#: The web board's sounds: a step, a drop.
SLIDE, PLACE = "x", "y"


def owner(piece: str) -> int:
    """0 for ``b``'s (upper-case) pieces, 1 for ``w``'s.

    >>> owner("H"), owner("e")
    (0, 1)
    """
    return 0 if piece.isupper() else 1


def _targets() -> dict[str, tuple[tuple[int, ...], ...]]:
    """For each piece (both sides') and square, the squares it steps to."""
    table = {}
    for kind, steps in STEPS.items():
        for piece, forward in ((kind, 1), (kind.lower(), -1)):
            table[piece] = tuple(
                tuple((row + forward * dr) * COLS + col + dc for dr, dc in steps
                      if 0 <= row + forward * dr < ROWS and 0 <= col + dc < COLS)
                for row, col in (divmod(square, COLS) for square in range(CELLS)))
    return table


TARGETS = _targets()


class Position(NamedTuple):
    """Whose turn, the twelve squares (row 1 first) and the hands: how many giraffes,
    elephants and chicks ``b`` holds, then ``w``."""

    turn: int
    board: str
    hands: tuple[int, ...]


Move = tuple[int, int]  # (square from, or DROP + kind in hand; square to)


class Block(NamedTuple):
    """One block of position codes: the placements of one set of pieces with one content
    of the hands.  ``lions``: both on the board (0), or only ``w``'s (1) or ``b``'s (2)."""

    lions: int
    totals: tuple[int, ...]   # giraffes, elephants, chicks in play
    hands: tuple[int, ...]

    def on_board(self) -> tuple[int, ...]:
        """How many giraffes, elephants and chicks stand on the board."""
        return tuple(self.totals[k] - self.hands[k] - self.hands[3 + k] for k in range(3))

    def radices(self) -> tuple[int, ...]:
        """How many ways the lions, then the giraffes, elephants and chicks on the board may
        stand, each on the squares the ones before left (a chick: 4 states, its owner and
        whether it is a hen; a giraffe or an elephant: 2, its owner)."""
        free = CELLS - (2 if self.lions == 0 else 1)
        ways = [CELLS * (CELLS - 1) if self.lions == 0 else CELLS]
        for count, states in zip(self.on_board(), (2, 2, 4)):
            ways.append(comb(free, count) * states ** count)
            free -= count
        return tuple(ways)

    def size(self) -> int:
        """How many placements the block numbers."""
        total = 1
        for ways in self.radices():
            total *= ways
        return total


def _hand_splits(total: int) -> list[tuple[int, int]]:
    """How ``total`` pieces of one kind may stand in ``b``'s and ``w``'s hands."""
    return [(mine, theirs) for mine in range(total + 1) for theirs in range(total + 1 - mine)]


def code_blocks() -> list[Block]:
    """Every block, in the order of their codes: the full set of pieces first (both lions on
    the board, by pieces in hand, fewest first; then a lion gone), then the smaller sets.

    >>> blocks = code_blocks()
    >>> blocks[0], len(blocks)
    (Block(lions=0, totals=(2, 2, 2), hands=(0, 0, 0, 0, 0, 0)), 3000)
    >>> blocks[0].size() == 12 * 11 * 180 * 112 * 240  # Tanaka's count with nothing in hand
    True
    """
    all_totals = sorted(((g, e, c) for g in range(3) for e in range(3) for c in range(3)), key=lambda t: -sum(t))
    found: list[Block] = []
    for totals in all_totals:
        for lions in range(3):
            hands = [(g[0], e[0], c[0], g[1], e[1], c[1]) for g in _hand_splits(totals[0])
                     for e in _hand_splits(totals[1]) for c in _hand_splits(totals[2])]
            found.extend(Block(lions, totals, hand) for hand in sorted(hands, key=lambda h: (sum(h), h)))
    return found


def _set_rank(places: list[int]) -> int:
    """The rank of a set of at most two places among the free squares (combinatorial numbers).

    >>> [_set_rank(p) for p in ([], [3], [0, 1], [0, 2], [1, 2])]
    [0, 3, 0, 1, 2]
    """
    return sum(comb(place, count) for count, place in enumerate(places, start=1))


def _set_unrank(rank: int, count: int) -> list[int]:
    """The set of ``count`` places whose ``_set_rank`` is ``rank``.

    >>> _set_unrank(2, 2)
    [1, 2]
    """
    places = []
    for size in range(count, 0, -1):
        place = size - 1
        while comb(place + 1, size) <= rank:
            place += 1
        rank -= comb(place, size)
        places.append(place)
    return places[::-1]


class Dobutsu(PositionCodes[Position], BatchExpansion, Parents, TurnSymmetry, Symmetries, ActionIndex[Position, Move],
              ObservationTensor[Position], UwapiBoard[Position, Move], Game[Position, Move]):
    name = "dobutsu"
    codes_version = 2  # solved up to the mirror since version 2
    title = "Dōbutsu shōgi"
    player_names = ("b", "w")
    search_strategy = "alphabeta"
    rules = ("Move a piece one step or drop one from your hand; captured pieces join your hand. "
             "Capture the lion, or bring yours to the far rank where it cannot be taken.")

    def declare(self) -> Capabilities:
        """Codes for every position, expanded and walked back in batches by compiled code, alike
        from both sides and mirrored; too large to solve on demand (see the module docstring)."""
        return Capabilities(players=2, loops=True, position_codes=True, batch_expansion=True, parents=True,
                            turn_symmetry=True, symmetries=True, action_index=True, observation_tensor=True,
                            uwapi_board=True)

    def start(self) -> Position:
        return Position(0, "gle-c--C-ELG", (0, 0, 0, 0, 0, 0))

    def to_move(self, position: Position) -> int:
        return position.turn

    # -- the rules --------------------------------------------------------------
    def attacks(self, board: str, player: int, square: int) -> bool:
        """True when a piece of ``player`` steps to ``square``."""
        return any(piece != EMPTY and owner(piece) == player and square in TARGETS[piece][at]
                   for at, piece in enumerate(board))

    def decided(self, position: Position) -> int | None:
        """The winner when a lion was captured or reached its far rank, else None."""
        turn, board, _ = position
        mine, theirs = ("L", "l") if turn == 0 else ("l", "L")
        if mine not in board:
            return 1 - turn
        at = board.find(theirs)
        if at < 0 or (at in FAR_RANK[1 - turn] and self.attacks(board, turn, at)):
            return turn
        return 1 - turn if at in FAR_RANK[1 - turn] else None

    def outcome(self, position: Position) -> tuple[float, float] | None:
        winner = self.decided(position)
        if winner is None and not self.moves(position):
            winner = 1 - position.turn
        return None if winner is None else two_player_result(winner)

    def moves(self, position: Position) -> list[Move]:
        if self.decided(position) is not None:
            return []
        turn, board, hands = position
        found = [(at, to) for at, piece in enumerate(board) if piece != EMPTY and owner(piece) == turn
                 for to in TARGETS[piece][at] if board[to] == EMPTY or owner(board[to]) != turn]
        empty = [at for at, piece in enumerate(board) if piece == EMPTY]
        found.extend((DROP + kind, to) for kind in range(3) if hands[3 * turn + kind] for to in empty)
        return found

    def play(self, position: Position, move: Move) -> Position:
        turn, board, hands = position
        if not (isinstance(move, tuple) and len(move) == 2 and all(type(part) is int for part in move)
                and 0 <= move[0] < DROP + 3 and 0 <= move[1] < CELLS):
            raise self.illegal(f"{move!r} is not a move (a square to a square, or a drop)")
        start, to = move
        target = board[to]
        if self.decided(position) is not None:
            raise self.illegal("the game is over")
        if start >= DROP:
            kind = start - DROP
            if not hands[3 * turn + kind] or target != EMPTY:
                raise self.illegal(f"{self.format_move(position, move)}: no {HAND_KINDS[kind]} in hand, or "
                                   f"the square is taken")
            piece = HAND_KINDS[kind] if turn == 0 else HAND_KINDS[kind].lower()
            new_hands = list(hands)
            new_hands[3 * turn + kind] -= 1
        else:
            piece = board[start]
            if piece == EMPTY or owner(piece) != turn or to not in TARGETS[piece][start] or (
                    target != EMPTY and owner(target) == turn):
                raise self.illegal(f"{self.format_move(position, move)} is not a move of {self.player_names[turn]}")
            if piece in "Cc" and to in FAR_RANK[turn]:
                piece = "H" if turn == 0 else "h"
            new_hands = list(hands)
            if target != EMPTY and target not in "Ll":
                new_hands[3 * turn + HAND_KINDS.index(target.upper().replace("H", "C"))] += 1
            board = boards.place(board, start, EMPTY)
        return Position(1 - turn, boards.place(board, to, piece), tuple(new_hands))

    # -- text -------------------------------------------------------------------
    def parse_position(self, text: str) -> Position:
        fields = boards.split_fields(self.name, text)
        if len(fields) != 1 + ROWS + 2:
            raise self.error(f"{len(fields)} fields, expected {1 + ROWS + 2}: the turn, {ROWS} rows, "
                             f"b's hand and w's hand", text)
        turn = boards.parse_turn(self.name, fields[0], self.player_names, text)
        board = boards.parse_rows(self.name, fields[1:1 + ROWS], ROWS, COLS, PIECES + EMPTY, text, fold_case=False)
        hands = (*self.parse_hand(fields[-2], 0, text), *self.parse_hand(fields[-1], 1, text))
        self.check_pieces(board, hands, text)
        self.check_lions(turn, board, text)
        return Position(turn, board, hands)

    def parse_hand(self, field: str, player: int, text: str) -> tuple[int, ...]:
        """How many giraffes, elephants and chicks a hand field holds."""
        if field == EMPTY:
            return (0, 0, 0)
        letters = HAND_KINDS if player == 0 else HAND_KINDS.lower()
        for letter in field:
            if letter not in letters:
                raise self.error(f"{self.player_names[player]}'s hand holds {letter!r}; a hand holds "
                                 f"{' '.join(letters)} ({'upper' if player == 0 else 'lower'} case), or is -", text)
        return tuple(field.count(letter) for letter in letters)

    def check_pieces(self, board: str, hands: tuple[int, ...], text: str) -> None:
        """Refuse more pieces of a kind than the game has."""
        for kind, letters in enumerate(("G", "E", "CH")):
            count = sum(board.upper().count(letter) for letter in letters) + hands[kind] + hands[3 + kind]
            if count > 2:
                name = ("giraffes", "elephants", "chicks and hens")[kind]
                raise self.error(f"{count} {name} in play, the game has 2", text)
        for lion in "Ll":
            if board.count(lion) > 1:
                raise self.error(f"{board.count(lion)} lions of {self.player_names[owner(lion)]}, the game has 1", text)

    def check_lions(self, turn: int, board: str, text: str) -> None:
        """Refuse lions that play cannot leave so (see the module docstring)."""
        names = self.player_names
        gone = [player for player, lion in enumerate("Ll") if lion not in board]
        if len(gone) == 2:
            raise self.error("both lions are gone (capturing one ends the game)", text)
        if gone and gone[0] != turn:
            raise self.error(f"{names[gone[0]]}'s lion is gone but {names[turn]} is to move "
                             f"(capturing a lion ends the game)", text)
        at = board.find("L" if turn == 0 else "l")
        if at in FAR_RANK[turn]:
            raise self.error(f"{names[turn]}'s lion stands on its far rank at {self.square_name(at)} with "
                             f"{names[turn]} to move (the try decided the game a move before)", text)

    def format_position(self, position: Position) -> str:
        turn, board, hands = position
        held = ["".join(letter * count for letter, count in zip(letters, hands[3 * player:3 * player + 3])) or EMPTY
                for player, letters in enumerate((HAND_KINDS, HAND_KINDS.lower()))]
        return f"({self.player_names[turn]} {boards.format_rows(board, COLS)} {held[0]} {held[1]})"

    @staticmethod
    def square_name(square: int) -> str:
        """``a1`` for the top-left square."""
        return boards.cell_name(*divmod(square, COLS))

    def format_move(self, position: Position, move: Move) -> str:
        start, to = move
        if start >= DROP:
            return f"{HAND_KINDS[start - DROP]}*{self.square_name(to)}"
        return f"{self.square_name(start)}-{self.square_name(to)}"

    def parse_move(self, position: Position, text: str) -> Move:
        match = MOVE_TEXT.match(text.strip())
        if match is None:
            raise self.illegal(f"{text.strip()!r} is not a move (write a step as b3-b2, a drop as C*b2)")
        if match[1]:
            square = [boards.parse_cell(self.name, cell, ROWS, COLS) for cell in (match[1], match[2])]
            move = (square[0][0] * COLS + square[0][1], square[1][0] * COLS + square[1][1])
        else:
            row, col = boards.parse_cell(self.name, match[4], ROWS, COLS)
            move = (DROP + HAND_KINDS.index(match[3].upper()), row * COLS + col)
        legal = self.moves(position)
        if move not in legal:
            listed = " ".join(self.format_move(position, m) for m in legal) or "none: the game is over"
            raise self.illegal(f"{text.strip()!r} is not a legal move here (legal: {listed})")
        return move

    def render(self, position: Position) -> str:
        turn, board, _ = position
        held = self.format_position(position)[1:-1].split()[-2:]
        winner = self.decided(position)
        if winner is None and not self.moves(position):
            winner = 1 - turn
        status = f"{self.player_names[turn]} to move" if winner is None else f"{self.player_names[winner]} wins"
        grid = boards.render_grid(board, ROWS, COLS)
        return f"w's hand: {held[1]}\n{grid}\nb's hand: {held[0]}\n{status}"

    def evaluate(self, position: Position) -> float:
        """Material and the lions' advance, for the player to move, in [-1, 1]."""
        turn, board, hands = position
        worth = [0.0, 0.0]
        for at, piece in enumerate(board):
            if piece in "Ll":
                row = at // COLS
                worth[owner(piece)] += 0.5 * ((ROWS - 1 - row) if piece == "L" else row)
            elif piece != EMPTY:
                worth[owner(piece)] += MATERIAL[piece.upper()]
        for player in (0, 1):
            worth[player] += sum(MATERIAL[k] * n for k, n in zip(HAND_KINDS, hands[3 * player:3 * player + 3]))
        return (worth[turn] - worth[1 - turn]) / (sum(worth) + 1)

    # -- learning: the moves numbered, the pieces as planes ---------------------------------
    def action_moves(self) -> list[Move]:
        """Every step to a neighbouring square, then every drop of each kind on each square.

        >>> game = Dobutsu()
        >>> len(game.action_moves()), game.format_move(game.start(), game.action_moves()[-1])
        (94, 'C*c4')
        """
        steps = [(at, to) for at in range(CELLS) for to in TARGETS["L"][at]]
        return steps + [(DROP + kind, to) for kind in range(len(HAND_KINDS)) for to in range(CELLS)]

    def observation_shape(self) -> tuple[int, ...]:
        return (ROWS, COLS, 2 * len(KINDS) + 2 * len(HAND_KINDS))

    def observation(self, position: Position, player: int) -> Any:
        """One plane per kind of the observer's pieces, then the other's, with the board
        turned so that the observer plays up it; then the hands (the observer's first),
        each kind a plane of its count over two.

        >>> game = Dobutsu()
        >>> planes = game.observation(game.start(), 1)
        >>> planes.shape, planes[3, 1].tolist()[:len(KINDS)], planes[0, 1].tolist()[len(KINDS):2 * len(KINDS)]
        ((4, 3, 16), [1.0, 0.0, 0.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0, 0.0])
        """
        import numpy as np

        board = position.board if player == 0 else position.board[::-1]
        planes = np.zeros(self.observation_shape(), np.float32)
        for at, piece in enumerate(board):
            if piece != EMPTY:
                side = 0 if owner(piece) == player else 1
                planes[at // COLS, at % COLS, side * len(KINDS) + KINDS.index(piece.upper())] = 1.0
        for side, seat in enumerate((player, 1 - player)):
            for kind in range(len(HAND_KINDS)):
                planes[:, :, 2 * len(KINDS) + side * len(HAND_KINDS) + kind] = position.hands[3 * seat + kind] / 2
        return planes

    # -- the web board: GamesCrafters' Dōbutsu shōgi (GamesmanOne's strings, UWAPI's theme) --
    uwapi_id = "dshogi"

    def autogui_position(self, position: Position) -> str:
        """The squares row by row from row 1, then each hand's giraffes, elephants and chicks
        (one letter for one piece, another for two), then the drops' centres.

        >>> game = Dobutsu()
        >>> game.autogui_position(game.parse_position("(w gl- -e- -E- -LG CC -)"))[:20]  # b holds two chicks
        '2_gl--e--E--LG--D---'
        """
        held = "".join(HELD_LETTERS[player * 3 + kind][count] for player in range(2)
                       for kind, count in enumerate(position.hands[3 * player:3 * player + 3]))
        return f"{self.autogui_turn(position)}_{position.board}{held}{'-' * len(HAND_KINDS) * CELLS}"

    def autogui_move(self, position: Position, move: Move, after: Position) -> str:
        """An arrow for a step; a drop a button of the piece's kind on the square, placed
        on the square's corner for that kind.

        >>> game = Dobutsu()
        >>> game.autogui_move(game.start(), (7, 4), game.play(game.start(), (7, 4)))
        'M_7_4_x'
        """
        start, to = move
        if start < DROP:
            return arrow(start, to, SLIDE)
        kind = start - DROP
        return place(str(kind), CELLS + 2 * len(HAND_KINDS) + kind * CELLS + to, PLACE)

    def image_autogui_data(self) -> dict[str, Any]:
        squares = [[100 + 100 * col, 100 + 100 * row] for row in range(ROWS) for col in range(COLS)]
        hands = [[425, 450], [550, 450], [485, 325], [550, 51], [425, 51], [485, 175]]
        drops = [[x + dx, y + dy] for dx, dy in ((0, -25), (-25, 25), (25, 25)) for x, y in squares]
        images: dict[str, tuple[str, float]] = {
            letter: (f"dshogi/{'forest' if letter.isupper() else 'sky'}_{name}.svg", 100)
            for letter, name in zip("LGECHlgech", 2 * ("lion", "giraffe", "elephant", "chick", "hen"))}
        images.update({letter: (f"dshogi/{'forest' if letter.isupper() else 'sky'}_{name}_2.svg", 100)
                       for letter, name in zip("BADbad", 2 * ("giraffe", "elephant", "chick"))})
        images.update({str(kind): (f"dshogi/{name}_move_token.svg", 50)
                       for kind, name in enumerate(("giraffe", "elephant", "chick"))})
        return image_data([601, 501], squares + hands + drops, images, background="dshogi/background.svg",
                          arrowWidth=2, sounds={SLIDE: "general/slide.mp3", PLACE: "general/place.mp3"},
                          animationType="simpleSlides")

    # -- position codes (see the module docstring) --------------------------------
    @cached_property
    def blocks(self) -> list[Block]:
        return code_blocks()

    @cached_property
    def block_starts(self) -> list[int]:
        """The first placement number of each block, and one past the last."""
        starts = [0]
        for block in self.blocks:
            starts.append(starts[-1] + block.size())
        return starts

    @cached_property
    def block_numbers(self) -> dict[Block, int]:
        return {block: number for number, block in enumerate(self.blocks)}

    def index_size(self) -> int:
        """The codes of the full set of pieces (those play from the start reaches)."""
        full = sum(1 for block in self.blocks if block.totals == (2, 2, 2))
        return 2 * self.block_starts[full]

    def block_of(self, position: Position) -> Block:
        """The block of ``position``'s codes."""
        _, board, hands = position
        upper = board.upper()
        totals = tuple(sum(upper.count(letter) for letter in letters) + hands[kind] + hands[3 + kind]
                       for kind, letters in enumerate(("G", "E", "CH")))
        lions = 0 if "L" in board and "l" in board else (1 if "l" in board else 2)
        return Block(lions, totals, hands)

    def encode(self, position: Position) -> int:
        """A position's code: its block's first code, plus the rank of its placement, times two,
        plus the turn.

        >>> game = Dobutsu()
        >>> game.decode(game.encode(game.start())) == game.start()
        True
        """
        block = self.block_of(position)
        board = position.board
        free = list(range(CELLS))
        if block.lions == 0:
            lion, other = board.index("L"), board.index("l")
            rank = lion * (CELLS - 1) + other - (other > lion)
        else:
            lion = board.index("l" if block.lions == 1 else "L")
            rank = lion
        for at in sorted(at for at, piece in enumerate(board) if piece in "Ll"):
            free.remove(at)
        for ways, letters, states in zip(block.radices()[1:], ("Gg", "Ee", "CcHh"), (2, 2, 4)):
            squares = [at for at in free if board[at] in letters]
            digit = _set_rank([free.index(at) for at in squares])
            for at in squares:
                digit = digit * states + letters.index(board[at])
            rank = rank * ways + digit
            free = [at for at in free if at not in squares]
        return 2 * (self.block_starts[self.block_numbers[block]] + rank) + position.turn

    def decode(self, code: int) -> Position:
        turn, placement = code % 2, code // 2
        number = bisect.bisect_right(self.block_starts, placement) - 1
        block = self.blocks[number]
        rank = placement - self.block_starts[number]
        radices = block.radices()
        digits = []
        for ways in reversed(radices[1:]):
            rank, digit = divmod(rank, ways)
            digits.append(digit)
        cells = [EMPTY] * CELLS
        if block.lions == 0:
            lion, other = divmod(rank, CELLS - 1)
            cells[lion] = "L"
            cells[other + (other >= lion)] = "l"
        else:
            cells[rank] = "l" if block.lions == 1 else "L"
        free = [at for at in range(CELLS) if cells[at] == EMPTY]
        for digit, count, letters, states in zip(reversed(digits), block.on_board(), ("Gg", "Ee", "CcHh"), (2, 2, 4)):
            digit, kinds = divmod(digit, states ** count)
            squares = [free[place] for place in _set_unrank(digit, count)]
            for at in reversed(squares):
                kinds, state = divmod(kinds, states)
                cells[at] = letters[state]
            free = [at for at in free if at not in squares]
        return Position(turn, "".join(cells), block.hands)

    # -- many codes expanded at once (kernels.py beside this file) ----------------------------
    @cached_property
    def code_tables(self) -> tuple:
        """The blocks as arrays, for the compiled code."""
        import numpy as np

        blocks = self.blocks
        block_number = np.full(3 * 27 * 729, -1, np.int64)
        for number, block in enumerate(blocks):
            totals = (block.totals[0] * 3 + block.totals[1]) * 3 + block.totals[2]
            hands = 0
            for count in block.hands:
                hands = hands * 3 + count
            block_number[(block.lions * 27 + totals) * 729 + hands] = number
        return (np.array(self.block_starts, np.int64), np.array([b.lions for b in blocks], np.int64),
                np.array([b.on_board() for b in blocks], np.int64), np.array([b.radices() for b in blocks], np.int64),
                np.array([b.hands for b in blocks], np.int64), block_number)

    def step_tables(self, reverse: bool) -> tuple:
        """For each piece number and square, the squares it steps to (or, ``reverse``, from)
        and how many, as arrays for the compiled code."""
        import numpy as np

        squares = np.zeros((len(PIECES), CELLS, 8), np.int64)
        counts = np.zeros((len(PIECES), CELLS), np.int64)
        for number, piece in enumerate(PIECES):
            for square in range(CELLS):
                found = ([start for start in range(CELLS) if square in TARGETS[piece][start]] if reverse
                         else TARGETS[piece][square])
                squares[number, square, :len(found)] = found
                counts[number, square] = len(found)
        return squares, counts

    @cached_property
    def target_tables(self) -> tuple:
        return self.step_tables(reverse=False)

    @cached_property
    def source_tables(self) -> tuple:
        return self.step_tables(reverse=True)

    def batch_expand(self, codes):
        """Every move of many positions at once, by compiled code on the codes themselves."""
        from gamesman.games.dobutsu import kernels

        return kernels.expand(codes, *self.code_tables, *self.target_tables)

    def batch_parents(self, codes):
        """The parents of many positions at once, by compiled code: a step undone (a hen on the
        far rank may have been a chick a square behind), with or without a piece of the
        player to move given back from the mover's hand (a chick, or a hen), or a drop undone.
        A position just after a lion is taken lists none: it lies in no block (``code_block``),
        and a solve decides the moves to it as it counts them.

        >>> game = Dobutsu()
        >>> import numpy as np
        >>> after = game.play(game.start(), (7, 4))  # b3-b2 takes w's chick
        >>> counts, parents = game.batch_parents(np.array([game.encode(after)]))
        >>> game.encode(game.start()) in parents.tolist(), int(counts[0]) == len(parents)
        (True, True)
        """
        from gamesman.games.dobutsu import kernels

        return kernels.unexpand(codes, *self.code_tables, *self.source_tables)

    def turned_codes(self, codes):
        """The board turned half round, the colours and hands swapped, the other side to move.

        >>> game = Dobutsu()
        >>> import numpy as np
        >>> game.decode(int(game.turned_codes(np.array([game.encode(game.start())]))[0]))
        Position(turn=1, board='gle-c--C-ELG', hands=(0, 0, 0, 0, 0, 0))
        """
        from gamesman.games.dobutsu import kernels

        return kernels.turned(codes, *self.code_tables)

    def least_turned_codes(self, codes):
        """``canonical_codes`` of ``turned_codes``, each code decoded once.

        >>> game = Dobutsu()
        >>> import numpy as np
        >>> codes = np.array([game.encode(game.parse_position(text)) for text in ("(w l-- --- --- L-- - -)",
        ...                                                                      "(w gle -c- -C- ELG - -)")])
        >>> game.least_turned_codes(codes).tolist() == game.canonical_codes(game.turned_codes(codes)).tolist()
        True
        """
        from gamesman.games.dobutsu import kernels

        return kernels.least_turned(codes, *self.code_tables)

    def canonical_codes(self, codes):
        """Each code, or its board's mirror image's (left and right swapped) when that is less.

        >>> game = Dobutsu()
        >>> import numpy as np
        >>> left, right = (game.encode(game.parse_position(text)) for text in ("(b l-- --- --- L-- - -)",
        ...                                                                  "(b --l --- --- --L - -)"))
        >>> game.canonical_codes(np.array([left, right])).tolist() == [min(left, right)] * 2
        True
        """
        from gamesman.games.dobutsu import kernels

        return kernels.least_mirrored(codes, *self.code_tables)

    def code_block(self, code: int) -> range:
        """The codes of ``b`` to move with the same pieces in play and both lions on the board:
        a move keeps the pieces in play (or takes a lion, which ends the game).

        >>> game = Dobutsu()
        >>> game.code_block(game.encode(game.start()))
        range(0, 3135851928, 2)
        """
        number = bisect.bisect_right(self.block_starts, code // 2) - 1
        if not 0 <= number < len(self.blocks) or self.blocks[number].lions != 0:
            raise self.error(f"position code {code}: a lion is gone, so the game is over")
        same = [at for at, block in enumerate(self.blocks)
                if block.lions == 0 and block.totals == self.blocks[number].totals]
        return range(2 * self.block_starts[same[0]], 2 * self.block_starts[same[-1] + 1], 2)
