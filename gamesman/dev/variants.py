"""Variants made for comparisons: a game with its symmetries off, as a solve of every position
(the benchmarks set it beside the solve up to symmetry; the tests check one against the other).

>>> from gamesman.contract.registry import make_game
>>> game = make_game("tictactoe")
>>> game.capabilities.symmetries, unreduced(game).capabilities.symmetries, unreduced(game).spec == game.spec
(True, False, True)
"""
from __future__ import annotations

from dataclasses import replace

from gamesman.contract.game import Game


def unreduced(game: Game, codes_version: int | None = None) -> Game:
    """The variant of ``game`` with its symmetries off: the solver then explores and stores
    every position, not one of each set alike (for a solve in one process: tier workers make
    the game again from its spec); with the ``codes_version`` given, as a version before
    numbered its databases."""
    class Unreduced(type(game)):  # type: ignore[misc, valid-type]
        def declare(self):
            return replace(super().declare(), symmetries=False)

    if codes_version is not None:
        Unreduced.codes_version = codes_version

    return Unreduced(**game.settings)
