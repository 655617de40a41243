"""1, 2, ..., 10 (CS3 GAMESMAN assignment, seeds 004).

Two players, Left and Right, take turns adding 1 or 2 to a running sum that
starts at 0; Left starts.  Whoever brings the sum to 10 wins; under misère
rules, whoever reaches 10 loses.  The options generalise the game to
"1, 2, ..., N": the target and the largest step.  A step may not pass the
target.

Position: ``(L 0)``: whose turn, then the sum so far.  A turn that no game
reaches with this sum is refused: the moves made lie between the sum divided
by the step (rounded up) and the sum, and Left is to move after an even
number of them (``(R 0)`` and, with steps of 1, ``(L 1)`` are refused).
Moves: the number added (``1``, ``2``).

On the web it is GamesmanUni's ``0to10by1or2``, drawn with GamesCrafters' balloon
rising through the sky: the balloon sits on the sum, counted from the bottom, and
each move is an arrow to the sum it makes (targets up to 30).
"""
from __future__ import annotations

from functools import cached_property
from typing import Any

from gamesman.boards import text as boards
from gamesman.boards.codes import TurnNumbersCode
from gamesman.boards.autogui import arrow, image_data
from gamesman.contract.capabilities import ActionIndex, Capabilities, ObservationTensor, PositionCodes, UwapiBoard
from gamesman.contract.game import Game, Option, two_player_result

#: The largest target the web board draws (one row of the sky for each sum).
MAX_DRAWN_TARGET = 30


class OneTwoTen(PositionCodes[tuple[int, int]], ActionIndex[tuple[int, int], int], ObservationTensor[tuple[int, int]],
                UwapiBoard[tuple[int, int], int], Game[tuple[int, int], int]):
    name = "onetwoten"
    title = "1, 2, ..., 10"
    player_names = ("L", "R")
    target = Option(int, 10, "the sum that ends the game", low=1, high=10_000)
    step = Option(int, 2, "the largest number added in one move", low=1, high=100)
    misere = Option(bool, False, "whoever reaches the target loses")
    rules = "Add 1 or 2 to the sum; whoever reaches the target wins (loses under misere)."

    def variant_title(self) -> str:
        """``1, 2, ..., 20`` for a target of 20.

        >>> OneTwoTen(target=20).variant_title()
        '1, 2, ..., 20'
        """
        return f"1, 2, ..., {self.target}"

    def declare(self) -> Capabilities:
        """Every variant solves: at most 2 x 10,001 positions of at most 100 moves each (seconds)."""
        return Capabilities(players=2, impartial=True, position_codes=True, solvable=True, action_index=True,
                            observation_tensor=True, uwapi_board=self.target <= MAX_DRAWN_TARGET)

    def action_moves(self) -> range:
        """The numbers one may add."""
        return range(1, self.step + 1)

    def longest_game(self) -> int:
        """Every move adds at least one."""
        return self.target

    def observation_shape(self) -> tuple[int, ...]:
        return (1,)

    def observation(self, position: tuple[int, int], player: int) -> Any:
        """The sum so far, as a share of the target (both players see the same)."""
        import numpy as np

        return np.array([position[1] / self.target], np.float32)

    def start(self) -> tuple[int, int]:
        return (0, 0)

    @cached_property
    def position_code(self) -> TurnNumbersCode:
        return TurnNumbersCode(2, self.target + 1, 1)

    def encode(self, position: tuple[int, int]) -> int:
        return self.position_code.encode(position[0], (position[1],))

    def decode(self, code: int) -> tuple[int, int]:
        turn, (total,) = self.position_code.decode(code)
        return (turn, total)

    def to_move(self, position: tuple[int, int]) -> int:
        return position[0]

    def outcome(self, position: tuple[int, int]) -> tuple[float, float] | None:
        turn, total = position
        if total < self.target:
            return None
        last_mover = 1 - turn
        return two_player_result(turn if self.misere else last_mover)

    def moves(self, position: tuple[int, int]) -> list[int]:
        return list(range(1, min(self.step, self.target - position[1]) + 1))

    def play(self, position: tuple[int, int], move: int) -> tuple[int, int]:
        if not (isinstance(move, int) and 1 <= move <= min(self.step, self.target - position[1])):
            raise self.illegal(f"cannot add {move} to {position[1]} (add 1 to {self.step}, up to {self.target})")
        return (1 - position[0], position[1] + move)

    def parse_position(self, text: str) -> tuple[int, int]:
        fields = boards.split_fields(self.name, text)
        if len(fields) != 2:
            raise self.error(f"expected a turn and a sum, got {len(fields)} fields", text)
        turn = boards.parse_turn(self.name, fields[0], self.player_names, text)
        total = boards.parse_int(self.name, fields[1], "sum", 0, self.target, text)
        boards.check_moves_taken(self.name, self.player_names, -(-total // self.step), total, turn, text)
        return (turn, total)

    def format_position(self, position: tuple[int, int]) -> str:
        return f"({self.player_names[position[0]]} {position[1]})"

    # -- the web board: GamesCrafters' balloon --------------------------------------------
    uwapi_id = "0to10by1or2"

    def autogui_position(self, position: tuple[int, int]) -> str:
        """The balloon (``x``) on the sum, the sums counted from the bottom.

        >>> OneTwoTen().autogui_position((1, 3))
        '2_---x-------'
        """
        return f"{self.autogui_turn(position)}_" + "".join(
            "x" if total == position[1] else "-" for total in range(self.target + 1))

    def autogui_move(self, position: tuple[int, int], move: int, after: tuple[int, int]) -> str:
        return arrow(position[1], after[1])

    def image_autogui_data(self) -> dict[str, Any]:
        sky = {"background": "0to10by1or2/grid.svg"} if self.target == 10 else {}
        centers = [[4.5, self.target + 0.5 - total] for total in range(self.target + 1)]
        return image_data([9, self.target + 1], centers, {"x": ("0to10by1or2/x.svg", 1.0)},
                          arrowWidth=0.1, entitiesOverArrows=True, **sky)

    def render(self, position: tuple[int, int]) -> str:
        turn, total = position
        squares = "".join("o" if i < total else "-" for i in range(self.target))
        return f"[{squares}]  sum {total} of {self.target}, {self.player_names[turn]} to move"
