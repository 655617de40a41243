"""Random play: chance outcomes by their probabilities, uniformly random moves."""
from __future__ import annotations

import random
from typing import Any

from gamesman.contract.game import CHANCE, Game


def random_outcome(game: Game, position: Any, rng: random.Random) -> Any:
    """A chance outcome drawn with its exact probability."""
    outcomes = list(game.chances(position))
    pick = rng.random()
    running = 0.0
    for outcome, probability in outcomes:
        running += float(probability)
        if pick < running:
            return outcome
    return outcomes[-1][0]


def next_random(game: Game, position: Any, rng: random.Random) -> Any:
    """One step of uniformly random play (chance by its probabilities).

    >>> from gamesman.testing.stones import Stones
    >>> game = Stones()
    >>> game.format_position(next_random(game, game.parse_position("(a 1)"), random.Random(0)))  # one move
    '(b 0)'
    """
    if game.to_move(position) == CHANCE:
        return game.play(position, random_outcome(game, position, rng))
    return game.play(position, rng.choice(list(game.moves(position))))
