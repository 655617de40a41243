"""The dense retrograde solver on Stones (a small game with loops): with and without turn
symmetry, against the solver that explores forward, and a block that is not closed under moves refused."""
from __future__ import annotations

import numpy as np
import pytest

from gamesman.solver import levelled
from gamesman.solver.dense import solve_block
from gamesman.solver.results import SolverError
from gamesman.solver.store import MISSING
from gamesman.testing.stones import NumberedStones, TurnedStones


class CutStones(NumberedStones):
    """A block that stops at 10 stones, where a stone put back on 9 leads out of it."""

    def code_block(self, code: int) -> range:
        return range(0, 20)


@pytest.mark.parametrize("game", [NumberedStones(), TurnedStones()], ids=["both sides", "turn symmetry"])
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
