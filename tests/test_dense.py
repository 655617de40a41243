"""The dense retrograde solver on a game of its own: with and without turn symmetry, against
the solver that explores forward, and a block that is not closed under moves refused."""
from __future__ import annotations

import numpy as np
import pytest

from gamesman.contract.capabilities import BatchExpansion, Capabilities, End, Parents, PositionCodes, TurnSymmetry
from gamesman.contract.game import Game, two_player_result
from gamesman.solver import levelled
from gamesman.solver.dense import solve_block
from gamesman.solver.results import SolverError
from gamesman.solver.store import MISSING

Pile = tuple[int, int]  # (stones, player to move)


class Stones(PositionCodes[Pile], BatchExpansion, Parents, Game[Pile, int]):
    """Take one or two stones, or put one back on a pile of 4, 9, 14...; who takes the last
    stone wins.  Putting back makes loops, so some positions are draws.  Code: 2 * stones + turn."""

    name = "stones"
    title = "Stones"
    player_names = ("a", "b")
    most = 30

    def declare(self) -> Capabilities:
        return Capabilities(players=2, position_codes=True, batch_expansion=True, parents=True)

    def start(self) -> Pile:
        return (self.most, 0)

    def to_move(self, position: Pile) -> int:
        return position[1]

    def moves(self, position: Pile) -> list[int]:
        stones = position[0]
        if stones == 0:
            return []
        return [-take for take in (1, 2) if take <= stones] + ([1] if stones % 5 == 4 else [])

    def play(self, position: Pile, move: int) -> Pile:
        return (position[0] + move, 1 - position[1])

    def outcome(self, position: Pile) -> tuple[float, float] | None:
        return two_player_result(1 - position[1]) if position[0] == 0 else None

    def parse_position(self, text: str) -> Pile:
        turn, stones = text.strip("()").split()
        return (int(stones), self.player_names.index(turn))

    def format_position(self, position: Pile) -> str:
        return f"({self.player_names[position[1]]} {position[0]})"

    def encode(self, position: Pile) -> int:
        return 2 * position[0] + position[1]

    def decode(self, code: int) -> Pile:
        return (code // 2, code % 2)

    def index_size(self) -> int:
        return 2 * (self.most + 2)

    def batch_expand(self, codes):
        movers, ends, rows, children = [], [], [], []
        for row, code in enumerate(codes.tolist()):
            position = self.decode(code)
            movers.append(position[1])
            ends.append(End.LOST if position[0] == 0 else End.PLAYING)
            for move in self.moves(position):
                rows.append(row)
                children.append(self.encode(self.play(position, move)))
        return (np.array(movers, np.int8), np.array(ends, np.int8), np.array(rows, np.int64),
                np.array(children, np.int64))

    def batch_parents(self, codes):
        counts: list[int] = []
        found: list[int] = []
        for code in codes.tolist():
            stones, turn = self.decode(code)
            before = [parent for parent in (stones + 1, stones + 2, stones - 1)
                      if 0 < parent <= self.most + 1 and stones - parent in self.moves((parent, 1 - turn))]
            counts.append(len(before))
            found.extend(self.encode((parent, 1 - turn)) for parent in before)
        return np.array(counts, np.int64), np.array(found, np.int64)


class TurnedStones(TurnSymmetry, Stones):
    """The same game, declared alike from both sides: only ``a``'s positions are solved."""

    def declare(self) -> Capabilities:
        return Capabilities(players=2, position_codes=True, batch_expansion=True, parents=True, turn_symmetry=True)

    def turned_codes(self, codes):
        return codes ^ 1

    def code_block(self, code: int) -> range:
        return range(0, self.index_size(), 2)


class CutStones(Stones):
    """A block that stops at 10 stones, where a stone put back on 9 leads out of it."""

    def code_block(self, code: int) -> range:
        return range(0, 20)


@pytest.mark.parametrize("game", [Stones(), TurnedStones()], ids=["both sides", "turn symmetry"])
def test_the_dense_solver_answers_as_the_solver_that_explores(game):
    explored = levelled.solve(game, game.start())
    codes = np.flatnonzero(explored.values != MISSING) if explored.codes is None else explored.codes
    values = explored.values[codes] if explored.codes is None else explored.values
    root = game.encode(game.start())
    solved = solve_block(game, root, workers=2)
    assert solved.store is not None
    # with turn symmetry, b's positions are looked up by a's, their turned codes
    looked_up = np.where(codes % 2 == 0, codes, codes ^ 1) if game.capabilities.turn_symmetry else codes
    assert (solved.store.get_many(looked_up) == values).all()
    kinds = set((values >> 14).tolist())
    assert kinds == {levelled.WIN, levelled.LOSE, levelled.DRAW}
    assert solved.stats["block"] == len(game.code_block(root))


def test_a_move_out_of_the_block_to_a_game_not_over_is_refused():
    with pytest.raises(SolverError, match="leads out of the block to position code 21, which has not ended"):
        solve_block(CutStones(), 2)
