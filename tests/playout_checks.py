"""Shared test helpers: random playouts that check the text forms on the way, and the
fast solver's batch hook against ``play`` on the positions met.

``check_random_playouts(game, seed, playouts, cap)`` plays random games from the
start, at most ``cap`` moves each.  At every position reached it checks that the
position string parses back to the same position (and prints the same), that a
game that is over has no moves and one that goes on has some, and that every
legal move's string parses back to that move.  It returns how many games ended
(the others hit the cap: loopy games may).

``check_batch_expand(game, positions)`` compares the game's ``batch_expand`` with
``to_move``, ``outcome``, ``moves`` and ``play`` on each position, and checks that
``decode`` inverts ``encode``.

``VARIANTS`` (with their test ids ``IDS``) are every registered game's default and
showcase variants; ``positions(game)`` the positions of a few random games of one.
"""
from __future__ import annotations

import random
from typing import Hashable

from gamesman.contract.capabilities import End
from gamesman.contract.game import CHANCE, Game
from gamesman.contract.registry import game_class, game_names
from gamesman.players.play import random_outcome
from gamesman.solver.levelled import end_value


def check_random_playouts(game: Game, seed: int, playouts: int, cap: int) -> int:
    rng = random.Random(seed)
    ended = 0
    for _ in range(playouts):
        position = game.start()
        for _ in range(cap):
            text = game.format_position(position)
            assert game.parse_position(text) == position, text
            assert game.format_position(game.parse_position(text)) == text
            moves = list(game.moves(position))
            if game.outcome(position) is not None:
                assert not moves, f"{text}: over, but has moves"
                ended += 1
                break
            assert moves, f"{text}: goes on, but has no moves"
            for move in moves:
                written = game.format_move(position, move)
                assert written and " " not in written, f"{text}: move {written!r}"
                assert game.parse_move(position, written) == move, f"{text}: move {written!r}"
            position = game.play(position, rng.choice(moves))
    return ended


def random_positions(game: Game, seed: int, count: int, longest: int) -> list[Hashable]:
    """Positions after up to ``longest`` random moves from the start (ends included)."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        position = game.start()
        for _ in range(rng.randrange(longest + 1)):
            if game.outcome(position) is not None:
                break
            position = game.play(position, rng.choice(list(game.moves(position))))
        found.append(position)
    return found


def check_batch_expand(game: Game, positions: list[Hashable]) -> None:
    import numpy as np

    codes = np.array([game.encode(position) for position in positions], np.int64)
    movers, ends, parents, children = game.batch_expand(codes)
    assert (np.diff(parents) >= 0).all(), "parents must be non-decreasing"
    for at, position in enumerate(positions):
        text = game.format_position(position)
        assert game.decode(int(codes[at])) == position, text
        mover = game.to_move(position)
        utilities = game.outcome(position)
        assert movers[at] == mover, text
        assert ends[at] == (End.PLAYING if utilities is None else end_value(utilities, mover)), text
        expected = sorted(game.encode(game.play(position, move)) for move in game.moves(position))
        assert sorted(children[parents == at].tolist()) == expected, text


def variants() -> list[tuple[str, dict]]:
    """Every registered game's default variant and the variants its ``showcase`` lists."""
    found = []
    for name in game_names():
        cls = game_class(name)
        found.append((name, {}))
        for options in cls.showcase or ():
            if options:
                found.append((name, options))
    return found


VARIANTS = variants()
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items()) or 'default'}" for name, options in VARIANTS]


def positions(game: Game, games: int = 4, seed: int = 5, limit: int = 200) -> list:
    """Positions of a few random games from the start (chance by its probabilities)."""
    rng = random.Random(seed)
    seen = []
    for _ in range(games):
        position = game.start()
        for _ in range(limit):
            seen.append(position)
            if game.outcome(position) is not None:
                break
            if game.to_move(position) == CHANCE:
                position = game.play(position, random_outcome(game, position, rng))
            else:
                position = game.play(position, rng.choice(list(game.moves(position))))
    return seen
