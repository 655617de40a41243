"""Chopsticks with n hands of m fingers (CS3 GAMESMAN assignment, seeds 004).

Two players, Left and Right, each have n hands; every hand starts with one
finger up, and Left moves first.  A move taps one of your live hands (one
with at least one finger up) on one of the opponent's live hands, adding
your hand's fingers to it.  A hand that goes over m fingers is knocked out
(it shows 0 and never plays again); exactly m fingers stays alive.  A player
whose hands are all knocked out loses.  Options:

* ``hands`` (n, 1 to 100, default 3) and ``fingers`` (m, 2 or more, default 5).
  Hands stop at 100 only so that a mistyped option cannot build a position of
  millions of numbers (a turn offers up to n*n taps); fingers have no limit.
* ``misere``: the player whose hands are all knocked out wins.
* ``wrap_around``: a hand that reaches exactly m fingers is knocked out; over
  m it wraps around to the excess (4 + 2 on a 5-finger hand gives 1).

Choices where the sheet is silent (the readings of the seeds README):

* Only a live hand may tap, and only a live opposing hand may be tapped;
  tapping leaves the tapping hand as it was.
* Under the standard rule fingers only go up, so every game ends.  Under
  wrap-around they can go down again and positions repeat: play that never
  ends is a draw.
* While both players have a live hand there is always a move, so there are
  no passes.
* Variants with more than two million conceivable positions (two turns
  times (m + 1) to the power 2n) count as too large to solve here.
* The parser refuses hands outside 0..m (0..m-1 with wrap-around, where a
  hand reaching m is knocked out and written 0) and positions where both
  players have no live hand.  It also refuses what the counts of taps rule
  out: L taps first and the players alternate, and each side's hands bound
  the taps they took (a tap adds 1 to m fingers; a hand over one finger took
  one or more, a knocked-out hand 1 to m).  Not checked, as it would take a
  search: whether taps of the sizes the tapping hands had at the time make
  the hands; with wrap-around, where fingers come round again, only the
  fewest taps are bounded.
* ``render`` draws a hand as one ``|`` per finger up to 20 fingers, and as
  the number of fingers on larger hands.

Position: ``(L 1 1 1 1 1 1)``: whose turn (``L`` or ``R``), then the fingers
on Left's hands 1..n, then on Right's hands 1..n (0 for a knocked-out hand).
Moves: ``MINE-THEIRS``, hands numbered from 1: ``1-2`` taps my hand 1 on the
opponent's hand 2.

On the web each hand is a disc in its player's colour (Left's row above,
Right's below) showing its fingers; a knocked-out hand shows 0 and no disc.
A move is an arrow from the tapping hand to the tapped one.
"""
from __future__ import annotations

import math
import re
from functools import cached_property
from typing import Any

from gamesman.boards import text as boards
from gamesman.boards.codes import TurnNumbersCode
from gamesman.boards.autogui import DISCS, arrow, image_data, text_entities
from gamesman.contract.capabilities import ActionIndex, Capabilities, ObservationTensor, PositionCodes, UwapiBoard
from gamesman.contract.game import Game, Option, two_player_result

MAX_SOLVABLE_POSITIONS = 2_000_000
MAX_HANDS = 100
MAX_DRAWN_FINGERS = 20  # larger hands are drawn as numbers
MOVE_TEXT = re.compile(r"^(\d+)-(\d+)$", re.ASCII)

Hands = tuple[int, ...]
Position = tuple[int, Hands, Hands]
Move = tuple[int, int]


def hands_of(position: Position, player: int) -> Hands:
    """The hands of ``player`` (0: L, 1: R)."""
    return position[1] if player == 0 else position[2]


def is_tap(move: object) -> bool:
    """True when ``move`` has the shape of a move: (my hand, their hand), zero-based."""
    return isinstance(move, tuple) and len(move) == 2 and all(type(k) is int for k in move)


class Chopsticks(PositionCodes[Position], ActionIndex[Position, Move], ObservationTensor[Position],
                 UwapiBoard[Position, Move], Game[Position, Move]):
    name = "chopsticks"
    title = "Chopsticks"
    player_names = ("L", "R")
    hands = Option(int, 3, "hands per player n", low=1, high=MAX_HANDS)
    fingers = Option(int, 5, "fingers per hand m", low=2)
    misere = Option(bool, False, "the player whose hands are all knocked out wins")
    wrap_around = Option(bool, False, "exactly m fingers knocks a hand out; over m wraps to the excess")
    rules = ("Tap one of your live hands on one of the opponent's, adding your fingers to it; "
             "over m fingers knocks it out.  Lose all your hands and you lose (win under misere).")

    def declare(self) -> Capabilities:
        """Solvable with at most two million positions (two turns times every hand's finger count)."""
        return Capabilities(players=2, loops=self.wrap_around, position_codes=self.position_code.fits,
                            solvable=2 * (self.fingers + 1) ** (2 * self.hands) <= MAX_SOLVABLE_POSITIONS,
                            action_index=True, observation_tensor=True, uwapi_board=True)

    def action_moves(self) -> list[Move]:
        """Every hand of mine tapping every hand of theirs."""
        return [(mine, theirs) for mine in range(self.hands) for theirs in range(self.hands)]

    def observation_shape(self) -> tuple[int, ...]:
        return (2, self.hands)

    def observation(self, position: Position, player: int) -> Any:
        """The fingers of every hand, as a share of ``fingers``: the observer's hands, then the other's."""
        import numpy as np

        return np.array([hands_of(position, player), hands_of(position, 1 - player)], np.float32) / self.fingers

    def start(self) -> Position:
        ones = (1,) * self.hands
        return (0, ones, ones)

    @cached_property
    def position_code(self) -> TurnNumbersCode:
        """Codes of the turn and the fingers on every hand, the first player's hands first."""
        return TurnNumbersCode(2, self.fingers + 1, 2 * self.hands)

    def encode(self, position: Position) -> int:
        turn, left, right = position
        return self.position_code.encode(turn, left + right) 

    def decode(self, code: int) -> Position:
        turn, fingers = self.position_code.decode(code)
        return (turn, fingers[:self.hands], fingers[self.hands:])

    def to_move(self, position: Position) -> int:
        return position[0]

    def tapped(self, target: int, added: int) -> int:
        """The fingers on a hand with ``target`` fingers after a tap of ``added`` (0: out)."""
        total = target + added
        if self.wrap_around:
            return 0 if total == self.fingers else total % self.fingers
        return 0 if total > self.fingers else total

    def outcome(self, position: Position) -> tuple[float, float] | None:
        for knocked_out in (0, 1):
            if not any(hands_of(position, knocked_out)):
                return two_player_result(knocked_out if self.misere else 1 - knocked_out)
        return None

    def moves(self, position: Position) -> list[Move]:
        if self.outcome(position) is not None:
            return []
        turn = position[0]
        mine, theirs = hands_of(position, turn), hands_of(position, 1 - turn)
        return [(a, b) for a, fingers in enumerate(mine) if fingers
                for b, target in enumerate(theirs) if target]

    def is_legal(self, position: Position, move: Move) -> bool:
        """True when ``move`` taps a live hand of the mover on a live opposing hand."""
        if not is_tap(move):
            return False
        turn = position[0]
        mine, theirs = hands_of(position, turn), hands_of(position, 1 - turn)
        hand, target = move
        return 0 <= hand < self.hands and 0 <= target < self.hands and mine[hand] > 0 and theirs[target] > 0

    def play(self, position: Position, move: Move) -> Position:
        if not self.is_legal(position, move):
            raise self.illegal(f"{self.format_move(position, move)} is not a tap of a live hand on a live hand")
        turn = position[0]
        mine, theirs = hands_of(position, turn), hands_of(position, 1 - turn)
        hand, target = move
        theirs = theirs[:target] + (self.tapped(theirs[target], mine[hand]),) + theirs[target + 1:]
        left, right = (mine, theirs) if turn == 0 else (theirs, mine)
        return (1 - turn, left, right)

    # -- the web board: hands as discs with their fingers -----------------------------------
    def arrow_center(self, player: int, hand: int) -> int:
        """Where arrows from and to a player's hand end, on the side of its disc that faces
        the opponent (after the discs' and the counts' centres, Left's hands first)."""
        return (4 + player) * self.hands + hand

    def autogui_position(self, position: Position) -> str:
        """A disc for each live hand (``L``, ``R``), then each hand's count.

        >>> game = Chopsticks(hands=2)
        >>> game.autogui_position((1, (0, 3), (1, 1)))
        '2_-LRR....----~0~3~1~1'
        """
        discs = "".join(name if fingers else "-" for name, hands in zip(self.player_names, position[1:])
                        for fingers in hands)
        counts = [str(fingers) for hands in position[1:] for fingers in hands]
        board = discs + "." * len(counts) + "-" * len(counts)
        return f"{self.autogui_turn(position)}_" + text_entities(board, counts)

    def autogui_move(self, position: Position, move: Move, after: Position) -> str:
        turn = position[0]
        return arrow(self.arrow_center(turn, move[0]), self.arrow_center(1 - turn, move[1]))

    def image_autogui_data(self) -> dict[str, Any]:
        hands = [[2.0 * hand + 1, 1.2 + 3.6 * player] for player in range(2) for hand in range(self.hands)]
        counts = [[x, y + 0.25] for x, y in hands]  # a text stands on its centre
        ends = [[x, y + (0.75 if y < 3 else -0.75)] for x, y in hands]
        return image_data([2 * self.hands, 6], hands + counts + ends,
                          {"L": (DISCS["blue"], 1.2), "R": (DISCS["red"], 1.2)},
                          textEntityFontSize=0.7, arrowWidth=0.08)

    # -- text -------------------------------------------------------------------
    def parse_position(self, text: str) -> Position:
        fields = boards.split_fields(self.name, text)
        if len(fields) != 1 + 2 * self.hands:
            raise self.error(f"{len(fields) - 1} hands, expected {2 * self.hands} "
                             f"({self.hands} for each player)", text)
        turn = boards.parse_turn(self.name, fields[0], self.player_names, text)
        values = [self.parse_fingers(token, number, text) for number, token in enumerate(fields[1:])]
        left, right = tuple(values[:self.hands]), tuple(values[self.hands:])
        if not any(left) and not any(right):
            raise self.error("both players have no live hand", text)
        self.check_taps(turn, (left, right), text)
        return (turn, left, right)

    def taps_received(self, hands: Hands) -> tuple[int, float]:
        """The fewest and most taps that can have left ``hands`` as they are, from one finger
        each: a tap adds 1 to m fingers, and a hand is out at the tap that puts it over m (at m
        with wrap-around, where fingers can come round again: no most, but for m = 2).

        >>> Chopsticks().taps_received((1, 3, 0))   # b: 1 to 2 taps, c: 1 to 5
        (2, 7)
        """
        fewest = sum(1 for fingers in hands if fingers != 1)
        if self.wrap_around:
            return fewest, math.inf if self.fingers > 2 else hands.count(0)
        return fewest, sum(fingers - 1 for fingers in hands if fingers) + self.fingers * hands.count(0)

    def check_taps(self, turn: int, sides: tuple[Hands, Hands], text: str) -> None:
        """Refuse hands whose taps cannot give the player to move: L taps first and the players
        alternate, so L has tapped as often as R with L to move and once more with R to move."""
        (left_fewest, left_most), (right_fewest, right_most) = map(self.taps_received, sides)
        # R tapped t times (onto L's hands) and L t + turn times (onto R's)
        if max(left_fewest, right_fewest - turn) > min(left_most, right_most - turn):
            def span(fewest: int, most: float) -> str:
                return f"{fewest} or more" if most == math.inf else f"{fewest} to {most:g}"
            raise self.error(f"L's hands took {span(left_fewest, left_most)} taps and R's"
                             f" {span(right_fewest, right_most)}, but L taps first and the players alternate,"
                             f" so {self.player_names[turn]} cannot be to move", text)

    def parse_fingers(self, token: str, number: int, text: str) -> int:
        """The fingers on hand ``number`` of the position string (Left's hands first)."""
        player, hand = divmod(number, self.hands)
        what = f"{self.player_names[player]} hand {hand + 1}"
        fingers = boards.digits_value(token, signed=True)  # ASCII digits only: int() reads "+1" and "\u0661" too
        if fingers is None:
            raise self.error(f"{what}: {boards.shown(token)!r} is not a number of fingers", text)
        most = self.fingers - 1 if self.wrap_around else self.fingers
        if not 0 <= fingers <= most:
            why = f" (with wrap-around {self.fingers} fingers knocks a hand out: write 0)" if self.wrap_around else ""
            raise self.error(f"{what}: {fingers} fingers is not in 0..{most}{why}", text)
        return fingers

    def format_position(self, position: Position) -> str:
        turn, left, right = position
        return "(" + " ".join([self.player_names[turn], *map(str, left + right)]) + ")"

    def format_move(self, position: Position, move: Move) -> str:
        if is_tap(move):
            return f"{move[0] + 1}-{move[1] + 1}"
        return str(move)

    def parse_move(self, position: Position, text: str) -> Move:
        match = MOVE_TEXT.match(text.strip())
        hand = boards.digits_value(match[1]) if match else None
        target = boards.digits_value(match[2]) if match else None
        if hand is None or target is None:
            raise self.illegal(f"{boards.shown(text.strip())!r} is not a move (write MINE-THEIRS, e.g. 1-2: "
                               f"my hand 1 taps the opponent's hand 2)")
        move = (hand - 1, target - 1)
        missing = [number + 1 for number in move if not 0 <= number < self.hands]
        if missing:
            raise self.illegal(f"there is no hand {missing[0]} (hands 1 to {self.hands})")
        if not self.is_legal(position, move):
            legal = " ".join(self.format_move(position, m) for m in self.moves(position)) or "none: the game is over"
            raise self.illegal(f"{boards.shown(text.strip())} is not a tap of a live hand on a live hand (legal: {legal})")
        return move

    def render(self, position: Position) -> str:
        turn, left, right = position
        drawn = self.fingers <= MAX_DRAWN_FINGERS
        width = max(self.fingers if drawn else len(str(self.fingers)), 3)

        def hand(fingers: int) -> str:
            if fingers == 0:
                return "out".center(width)
            return ("|" * fingers).ljust(width, ".") if drawn else str(fingers).rjust(width)

        header = ("   " + " ".join(str(n).center(width) for n in range(1, self.hands + 1))).rstrip()
        rows = [f"{self.player_names[p]}  " + " ".join(hand(f) for f in hands)
                for p, hands in enumerate((left, right))]
        result = self.outcome(position)
        if result is None:
            status = f"{self.player_names[turn]} to move"
        else:
            status = f"{self.player_names[0 if result[0] > result[1] else 1]} wins"
        return "\n".join([header, *rows, status])
