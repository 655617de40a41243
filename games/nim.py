"""Nim (GBG playground, seeds 000).

N heaps of S items each.  Players X and O take turns removing 1 to M items
from one heap; X starts.  Whoever takes the last item wins; under misère
rules, whoever takes the last item loses.  Nim cannot end in a tie.

Position: ``(x 5 5 5)``: whose turn, then the heap sizes.  A turn that no
game reaches with these heaps is refused: each move takes 1 to M items, so
the moves made lie between the items taken divided by M (per heap, rounded
up) and the items taken, and X is to move after an even number of them.
Moves: ``HEAP-COUNT``, heaps numbered from 1: ``2-3`` takes 3 from heap 2.

On the web each heap is a column of sticks with its count below; a move is a
button on the lowest stick it takes (heaps of up to 20 items).
"""
from __future__ import annotations

import re
from functools import cached_property
from typing import Any

from gamesman.boards import text as boards
from gamesman.boards.codes import TurnNumbersCode
from gamesman.contract.errors import OptionError
from gamesman.boards.autogui import BUTTON, BUTTON_IMAGE, image_data, place, text_entities
from gamesman.contract.capabilities import (ActionIndex, Capabilities, CompactForm, CompactPlayouts, ObservationTensor,
                                           PositionCodes, UwapiBoard)
from gamesman.contract.game import Game, Option, two_player_result

MOVE_TEXT = re.compile("([0-9]+)-([0-9]+)")  # ASCII digits only: int() reads other scripts' digits too
# The largest variants solved here, in a minute or so and a few gigabytes: the
# solver's time goes into positions (about 6 microseconds each) and into moves
# (about 2 each); 6 heaps of 9, taking up to 3, is 2 million and 29 million.
MAX_SOLVABLE_POSITIONS = 2_000_000
MAX_SOLVABLE_MOVES = 30_000_000
#: The most items a heap may start with for the web board to draw them as sticks.
MAX_DRAWN_ITEMS = 20
#: The height of one stick on the web board (a heap's column is one unit wide).
STICK = 0.5


class Nim(PositionCodes[tuple[int, tuple[int, ...]]], CompactForm[tuple[int, tuple[int, ...]], tuple[int, int]],
          ActionIndex[tuple[int, tuple[int, ...]], tuple[int, int]], ObservationTensor[tuple[int, tuple[int, ...]]],
          UwapiBoard[tuple[int, tuple[int, ...]], tuple[int, int]], Game[tuple[int, tuple[int, ...]], tuple[int, int]]):
    name = "nim"
    title = "Nim"
    player_names: tuple[str, ...] = ("x", "o")  # Nim3P has three
    heaps = Option(int, 3, "number of heaps N", low=1, high=20)
    size = Option(int, 5, "items in each heap at the start S", low=1, high=1000)
    take = Option(int, 3, "most items taken in one move M (1..S)", low=1, high=1000)
    misere = Option(bool, False, "whoever takes the last item loses")
    rules = "Take 1 to M items from one heap; whoever takes the last item wins (loses under misere)."

    def setup(self) -> None:
        if self.take > self.size:
            raise OptionError(f"nim: take must be from 1 to size ({self.size}), not {self.take}")

    def declare(self) -> Capabilities:
        return Capabilities(players=self.players, impartial=True, position_codes=self.position_code.fits,
                            compact_playouts=True, solvable=self.fits_solver(), action_index=True,
                            observation_tensor=True, uwapi_board=self.size <= MAX_DRAWN_ITEMS)

    def action_moves(self) -> list[tuple[int, int]]:
        """Every heap with every count one may take from it."""
        return [(heap, count) for heap in range(self.heaps) for count in range(1, self.take + 1)]

    def longest_game(self) -> int:
        """Every move takes at least one item."""
        return self.heaps * self.size

    def observation_shape(self) -> tuple[int, ...]:
        """The heaps, then whose turn it is, counted from the observer (one-hot)."""
        return (self.heaps + self.players,)

    def observation_bounds(self) -> tuple[float, float]:
        return (0.0, float(self.size))

    def observation(self, position: tuple[int, tuple[int, ...]], player: int) -> Any:
        """The heaps' items, then 1 at the turn's distance from ``player`` in the order of play.

        >>> game = Nim(heaps=2, size=3)
        >>> game.observation(game.play(game.start(), (1, 2)), 0).tolist()
        [3.0, 1.0, 0.0, 1.0]
        """
        import numpy as np

        turn, heaps = position
        seen = np.zeros(self.observation_shape(), np.float32)
        seen[:self.heaps] = heaps
        seen[self.heaps + (turn - player) % self.players] = 1
        return seen

    def fits_solver(self) -> bool:
        """Variants of at most 2 million positions and 30 million moves (a minute or so).

        Counted over every position with heaps of 0 to S items and any player to
        move, a bound on those reachable from the start.
        """
        positions = self.players * (self.size + 1) ** self.heaps
        moves_per_heap = sum(min(items, self.take) for items in range(self.size + 1))
        moves = self.players * self.heaps * (self.size + 1) ** (self.heaps - 1) * moves_per_heap
        return positions <= MAX_SOLVABLE_POSITIONS and moves <= MAX_SOLVABLE_MOVES

    def start(self) -> tuple[int, tuple[int, ...]]:
        return (0, (self.size,) * self.heaps)

    @cached_property
    def position_code(self) -> TurnNumbersCode:
        return TurnNumbersCode(self.players, self.size + 1, self.heaps)

    def encode(self, position: tuple[int, tuple[int, ...]]) -> int:
        return self.position_code.encode(*position) 

    def decode(self, code: int) -> tuple[int, tuple[int, ...]]:
        return self.position_code.decode(code)

    def to_move(self, position: tuple[int, tuple[int, ...]]) -> int:
        return position[0]

    def outcome(self, position: tuple[int, tuple[int, ...]]) -> tuple[float, ...] | None:
        turn, heaps = position
        if any(heaps):
            return None
        last_mover = 1 - turn
        return two_player_result(turn if self.misere else last_mover)

    def moves(self, position: tuple[int, tuple[int, ...]]) -> list[tuple[int, int]]:
        return [(heap, count) for heap, items in enumerate(position[1])
                for count in range(1, min(items, self.take) + 1)]

    def play(self, position: tuple[int, tuple[int, ...]], move: tuple[int, int]) -> tuple[int, tuple[int, ...]]:
        turn, heaps = position
        heap, count = move
        if not (0 <= heap < len(heaps) and 1 <= count <= min(heaps[heap], self.take)):
            raise self.illegal(f"cannot take {count} from heap {heap + 1}")
        return (1 - turn, heaps[:heap] + (heaps[heap] - count,) + heaps[heap + 1:])

    #: Whether a position string's turn must follow from its heaps (see the module's docstring).
    turn_follows_from_heaps = True

    def parse_position(self, text: str) -> tuple[int, tuple[int, ...]]:
        fields = boards.split_fields(self.name, text)
        turn = boards.parse_turn(self.name, fields[0], self.player_names, text)
        if len(fields) - 1 != self.heaps:
            raise self.error(f"{len(fields) - 1} heaps, expected {self.heaps}", text)
        heaps = tuple(boards.parse_int(self.name, token, f"heap {i}", 0, self.size, text)
                      for i, token in enumerate(fields[1:], start=1))
        taken = [self.size - items for items in heaps]  # every heap starts with size items
        if self.turn_follows_from_heaps:
                boards.check_moves_taken(self.name, self.player_names, sum(-(-items // self.take) for items in taken),
                                     sum(taken), turn, text)
        return (turn, heaps)

    # -- the web board: heaps of sticks --------------------------------------------------------
    def uwapi_variant_options(self, variant: str) -> dict[str, Any] | None:
        """GamesCrafters' name of a Nim of equal heaps without a limit on taking: the heaps'
        sizes joined by ``_``.

        >>> Nim().uwapi_variant_options("3_3_3"), Nim().uwapi_variant_options("2_3_5_7")
        ({'heaps': 3, 'size': 3, 'take': 3}, None)
        """
        sizes = variant.split("_")
        if len(set(sizes)) != 1 or not sizes[0].isdigit() or not sizes[0].isascii():
            return None
        return {"heaps": len(sizes), "size": int(sizes[0]), "take": int(sizes[0])}

    def uwapi_variant(self) -> str | None:
        """The heaps' sizes where GamesCrafters' server has such a Nim.

        >>> Nim(heaps=3, size=3, take=3).uwapi_variant(), Nim().uwapi_variant()
        ('3_3_3', None)
        """
        return "_".join([str(self.size)] * self.heaps) if self.take == self.size and not self.misere else None

    def stick_center(self, heap: int, item: int) -> int:
        """The centre of a heap's item, counted from the bottom; the counts' centres follow
        every stick's."""
        return heap * self.size + item

    def autogui_position(self, position: tuple[int, tuple[int, ...]]) -> str:
        """Each heap's sticks from the bottom (``x``, ``-`` where taken), then each heap's count.

        >>> game = Nim(heaps=2, size=3)
        >>> game.autogui_position((1, (2, 0)))
        '2_xx----..~2~0'
        """
        sticks = "".join("x" * count + "-" * (self.size - count) for count in position[1])
        return f"{self.autogui_turn(position)}_" + text_entities(sticks + "." * self.heaps, [str(count) for count in position[1]])

    def autogui_move(self, position: tuple[int, tuple[int, ...]], move: tuple[int, int],
                     after: tuple[int, tuple[int, ...]]) -> str:
        """A button on the lowest stick the move takes."""
        heap, count = move
        return place(BUTTON, self.stick_center(heap, position[1][heap] - count))

    def image_autogui_data(self) -> dict[str, Any]:
        side = max(2 * self.heaps + 1, STICK * self.size + 2)
        left = (side - 2 * self.heaps + 1) / 2
        bottom = side - 1.5
        sticks = [[left + 2 * heap, bottom - STICK * item] for heap in range(self.heaps) for item in range(self.size)]
        counts = [[left + 2 * heap, side - 0.5] for heap in range(self.heaps)]
        return image_data([side, side], sticks + counts, {"x": ("nim/x.svg", 1.0), BUTTON: (BUTTON_IMAGE, STICK)},
                          background="nim/grid.svg", textEntityFontSize=0.6)

    def format_position(self, position: tuple[int, tuple[int, ...]]) -> str:
        return "(" + " ".join([self.player_names[position[0]], *map(str, position[1])]) + ")"

    def format_move(self, position: tuple[int, tuple[int, ...]], move: tuple[int, int]) -> str:
        return f"{move[0] + 1}-{move[1]}"

    def parse_move(self, position: tuple[int, tuple[int, ...]], text: str) -> tuple[int, int]:
        match = MOVE_TEXT.fullmatch(text.strip())
        heap, count = (None, None) if not match else (boards.digits_value(match[1]), boards.digits_value(match[2]))
        if heap is None or count is None:
            raise self.illegal(f"{boards.shown(text)!r} is not a move (write HEAP-COUNT, e.g. 2-3)")
        move = (heap - 1, count)
        if not 0 <= move[0] < len(position[1]):
            raise self.illegal(f"cannot take {count} from heap {heap}: there is no heap {heap} "
                               f"(heaps 1 to {len(position[1])})")
        self.play(position, move)
        return move

    def render(self, position: tuple[int, tuple[int, ...]]) -> str:
        width = len(str(len(position[1])))
        return "\n".join(f"heap {i:>{width}}: {'|' * items} ({items})"
                         for i, items in enumerate(position[1], start=1))

    # -- fast play (gamesman.players.playouts) -------------------------------------------
    def compact_playouts(self) -> CompactPlayouts[tuple[int, tuple[int, ...]], tuple[int, int]]:
        return HeapPlayouts(self)


class HeapPlayouts(CompactPlayouts[tuple[int, tuple[int, ...]], tuple[int, int]]):
    """Random games of Nim (any number of players: Nim3P too) on an array of heaps, compiled."""

    def __init__(self, game: Nim) -> None:
        self.rules = game

    def run(self, position: tuple[int, tuple[int, ...]], seed: int):
        """The utilities and the moves (rows of heap and count) of one random game."""
        import numpy as np

        from gamesman.players.compiled import seeded
        from gamesman.players.playouts import heap_game

        turn, heaps = position
        moves = np.empty((sum(heaps), 2), np.int64)
        last, played = heap_game(np.array(heaps, np.int64), self.rules.take, turn, self.rules.players,
                                 seeded(seed), moves)
        ended = self.rules.outcome((last, (0,) * len(heaps)))
        assert ended is not None  # every heap is empty
        return ended, moves[:played]

    def named(self, moves) -> list[tuple[int, int]]:
        """Rows of heap and count as Nim's moves."""
        return [(heap, count) for heap, count in moves.tolist()]
