"""Every registered game's optional hooks agree with its rules, read from their declarations.

A new game is checked here without editing a list: each registered game, in its default
variant and the variants it lists in ``showcase``, is played at random, and whatever hooks
it declares are compared with ``play``: position codes and their index, batch expansion,
views and the positions drawn from them, its own strategies, its board-size options.
"""
import random

import numpy as np
import pytest

from gamesman.contract.errors import GameError
from gamesman.contract.game import CHANCE, Game
from gamesman.contract.registry import game_class, game_names, make_game
from gamesman.players.play import random_outcome
from gamesman.players.strategies import make_strategy


def variants() -> list[tuple[str, dict]]:
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


@pytest.mark.parametrize("name, options", VARIANTS, ids=IDS)
def test_codes_agree_with_play(name, options):
    game = make_game(name, **options)
    if not game.has_codes():
        pytest.skip("this variant does not number its positions")
    seen = positions(game)
    codes = {}
    bound = game.index_size()
    for position in seen:
        code = game.encode(position)
        assert isinstance(code, int) and code >= 0
        assert game.decode(code) == position
        assert codes.setdefault(code, position) == position, "two positions share a code"
        if bound is not None:
            assert code < bound, f"code {code} of a position reached from the start is off the index {bound}"


@pytest.mark.parametrize("name, options", VARIANTS, ids=IDS)
def test_batch_expansion_agrees_with_play(name, options):
    game = make_game(name, **options)
    if not game.expands_in_batches():
        pytest.skip("this variant has no batch expansion")
    assert game.has_codes(), "batch expansion needs position codes"
    seen = list(dict.fromkeys(positions(game)))[:300]
    codes = np.array([game.encode(p) for p in seen], np.int64)
    movers, ends, parents, children = game.batch_expand(codes)
    for at, position in enumerate(seen):
        outcome = game.outcome(position)
        assert movers[at] == game.to_move(position)
        if outcome is None:
            assert ends[at] == -1
            expected = sorted(game.encode(game.play(position, m)) for m in game.moves(position))
            assert sorted(int(c) for c in children[parents == at]) == expected
        else:
            assert ends[at] != -1
            assert not (parents == at).any()


@pytest.mark.parametrize("name, options", VARIANTS, ids=IDS)
def test_views_and_drawn_positions_agree(name, options):
    game = make_game(name, **options)
    rng = random.Random(3)
    for position in positions(game, games=2, limit=60):
        for player in range(game.players):
            view = game.view(position, player)
            assert game.format_view(game.parse_view(view)) == view
            if not game.hidden_information:
                assert view == game.format_position(position)
                continue
            if game.to_move(position) == player and game.outcome(position) is None:
                drawn = game.sample_position(game.parse_view(view), rng)
                assert game.view(drawn, player) == view, "a position drawn from a view must show that view"


@pytest.mark.parametrize("name, options", VARIANTS, ids=IDS)
def test_declared_capabilities_hold(name, options):
    game = make_game(name, **options)
    seen = positions(game, games=2)
    if not game.has_chance:
        assert all(game.to_move(p) != CHANCE for p in seen), "a chance node in a game declared without chance"
    declared = {option.name: option for option in game.options}
    for option_name in game.board_size_options:
        assert option_name in declared and declared[option_name].type is int


@pytest.mark.parametrize("name", game_names())
def test_a_games_own_strategies_play_legal_moves(name):
    game = make_game(name)
    rng = random.Random(1)
    start = next((p for p in positions(game, games=1, limit=30)
                  if game.to_move(p) != CHANCE and game.outcome(p) is None), None)
    for strategy_name in type(game).strategies:
        try:
            strategy = make_strategy(game, [strategy_name], rng)
        except GameError as problem:  # a strategy may refuse a variant, with a one-line reason
            reason = str(problem)
            assert reason.strip() and "\n" not in reason, f"{strategy_name}: {reason!r}"
            continue
        if start is not None:
            assert strategy.choose(start).move in game.moves(start)
