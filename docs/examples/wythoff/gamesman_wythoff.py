"""Wythoff's game: take any number of counters from one pile, or the same number from both;
whoever takes the last counter wins.  Position ``(x 3 5)``: whose turn, then the piles.
Moves: ``a2`` (two from pile a), ``b1``, ``c3`` (three from each pile)."""
from __future__ import annotations

from gamesman.boards import text as boards
from gamesman.contract.capabilities import Capabilities
from gamesman.contract.game import Game, Option, two_player_result

Position = tuple[int, int, int]  # turn, pile a, pile b


class Wythoff(Game):
    name = "wythoff"
    title = "Wythoff's game"
    player_names = ("x", "o")
    size = Option(int, 7, "counters in each pile at the start", low=0, high=100)  # self.size: an int
    rules = "Take from one pile, or the same number from both; whoever takes the last counter wins."

    def declare(self) -> Capabilities:
        return Capabilities(players=2, impartial=True, solvable=True)

    def start(self) -> Position:
        return (0, self.size, self.size)

    def to_move(self, position: Position) -> int:
        return position[0]

    def outcome(self, position: Position) -> tuple[float, float] | None:
        turn, a, b = position
        return two_player_result(1 - turn) if a == b == 0 else None

    def moves(self, position: Position) -> list[str]:
        _, a, b = position
        return ([f"a{n}" for n in range(1, a + 1)] + [f"b{n}" for n in range(1, b + 1)]
                + [f"c{n}" for n in range(1, min(a, b) + 1)])

    def play(self, position: Position, move: str) -> Position:
        if move not in self.moves(position):
            raise self.illegal(f"{move!r} is not a move here")
        turn, a, b = position
        pile, count = move[0], int(move[1:])
        return (1 - turn, a - count * (pile in "ac"), b - count * (pile in "bc"))

    def parse_position(self, text: str) -> Position:
        fields = boards.split_fields(self.name, text)
        if len(fields) != 3:
            raise self.error(f"expected a turn and two piles, got {len(fields)} fields", text)
        turn = boards.parse_turn(self.name, fields[0], self.player_names, text)
        a, b = (boards.parse_int(self.name, f, "pile", 0, self.size, text) for f in fields[1:])
        return (turn, a, b)

    def format_position(self, position: Position) -> str:
        turn, a, b = position
        return f"({self.player_names[turn]} {a} {b})"
