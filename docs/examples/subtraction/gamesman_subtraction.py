"""# The subtraction game

Two players, `x` and `o`, take turns taking counters from one pile: at least 1 and at most
`--most` (3 unless chosen), never more than the pile holds. Whoever takes the last counter
wins; with `--misere`, whoever takes the last counter loses. The pile starts with
`--counters` counters (21 unless chosen); `x` moves first.

- Position: `(x 21)`: whose turn, then the counters left.
- Moves: the number of counters taken (`1`, `2`, `3`).
"""
from __future__ import annotations

import random

from gamesman.boards import text as boards
from gamesman.contract.capabilities import Capabilities, PositionCodes
from gamesman.contract.game import Game, two_player_result
from gamesman.contract.options import Option
from gamesman.contract.strategy import Choice, Strategy, StrategyEntry, no_arguments

#: Whose turn (0 for x, 1 for o), then the counters left in the pile.
Position = tuple[int, int]


class LeaveMultiples(Strategy):
    """The classic way to win: leave the opponent a multiple of ``most + 1`` counters
    (under misère, one more than a multiple). Where no move does, take one counter and
    wait for a mistake.

    >>> LeaveMultiples(Subtraction()).choose((0, 21))
    Choice(move=1, reason='take 1, leaving 20: a losing pile for the opponent')
    """

    name = "multiples"

    def choose(self, position: Position) -> Choice:
        game = self.game
        assert isinstance(game, Subtraction)
        moves = self.moves_to_choose(position)
        target = 1 if game.misere else 0
        for move in moves:
            if (position[1] - move) % (game.most + 1) == target:
                return Choice(move, f"take {move}, leaving {position[1] - move}: a losing pile for the opponent")
        return Choice(moves[0], "no move leaves a losing pile: take 1 and wait")


def multiples_player(game: Game, rng: random.Random, args: list[str]) -> Strategy:
    """Builds ``multiples``, which takes no arguments (``multiples 3`` is refused)."""
    no_arguments("multiples", args)
    return LeaveMultiples(game, rng)


class Subtraction(PositionCodes, Game[Position, int]):
    """The subtraction game: take 1 to ``most`` counters; the last to take wins.

    >>> game = Subtraction(counters=5)
    >>> game.format_position(game.play(game.start(), 2))
    '(o 3)'
    >>> game.moves(game.parse_position("(o 2)"))
    [1, 2]
    """

    name = "subtraction"
    title = "Subtraction game"
    player_names = ("x", "o")

    # The variant's options: typed, with their defaults, help and ranges. Each door offers them
    # (`--counters 30`, `counters=30` in the protocol), and `self.counters` is the variant's int.
    counters = Option(int, 21, "counters in the pile at the start", low=1, high=10_000)
    most = Option(int, 3, "the most counters one move takes", low=1, high=100)
    misere = Option(bool, False, "whoever takes the last counter loses")

    # The game's own strategies, offered beside the engine's (`perfect`, `random`, `mcts`, ...).
    strategies = {"multiples": StrategyEntry(multiples_player, "leaves a multiple of most + 1 when it can")}

    def declare(self) -> Capabilities:
        """What this game can do: two players, no chance, the same moves for both, and
        position codes (the fast solver numbers the positions)."""
        return Capabilities(players=2, impartial=True, position_codes=True, solvable=True)

    # -- the rules ------------------------------------------------------------------------------

    def start(self) -> Position:
        return (0, self.counters)

    def to_move(self, position: Position) -> int:
        return position[0]

    def moves(self, position: Position) -> list[int]:
        return list(range(1, min(self.most, position[1]) + 1))

    def play(self, position: Position, move: int) -> Position:
        turn, pile = position
        if move not in self.moves(position):
            raise self.illegal(f"cannot take {move} from {pile} (take 1 to {min(self.most, pile)})")
        return (1 - turn, pile - move)

    def outcome(self, position: Position) -> tuple[float, float] | None:
        turn, pile = position
        if pile > 0:
            return None
        took_last = 1 - turn
        return two_player_result(turn if self.misere else took_last)

    # -- positions as text ----------------------------------------------------------------------

    def parse_position(self, text: str) -> Position:
        fields = boards.split_fields(self.name, text)
        if len(fields) != 2:
            raise self.error(f"expected a turn and a pile, got {len(fields)} fields", text)
        turn = boards.parse_turn(self.name, fields[0], self.player_names, text)
        pile = boards.parse_int(self.name, fields[1], "pile", 0, self.counters, text)
        return (turn, pile)

    def format_position(self, position: Position) -> str:
        turn, pile = position
        return f"({self.player_names[turn]} {pile})"

    def render(self, position: Position) -> str:
        turn, pile = position
        return f"pile: {'o' * pile} ({pile}), {self.player_names[turn]} to move"

    # -- position codes (the PositionCodes capability) ------------------------------------------

    def encode(self, position: Position) -> int:
        """Two codes a pile size: ``pile * 2 + turn``.

        >>> Subtraction().encode((1, 4))
        9
        """
        turn, pile = position
        return pile * 2 + turn

    def decode(self, code: int) -> Position:
        """The position whose code is ``code``.

        >>> Subtraction().decode(9)
        (1, 4)
        """
        pile, turn = divmod(code, 2)
        return (turn, pile)

    def index_size(self) -> int:
        """Every code is below this: both turns for every pile size from 0 to ``counters``."""
        return 2 * (self.counters + 1)
