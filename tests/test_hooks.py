"""Every registered game's optional hooks agree with its rules, read from their declarations.

A new game is checked here without editing a list: each registered game, in its default
variant and the variants it lists in ``showcase``, is played at random, and whatever hooks
it declares are compared with ``play``: views and the positions drawn from them, its own
strategies, its board-size options.  (Position codes and batch expansion are checked
against the record in ``test_contract.py``.)
"""
import random

import pytest

from gamesman.contract.capabilities import hidden_information
from gamesman.contract.errors import GameError
from gamesman.contract.game import CHANCE
from gamesman.contract.registry import game_names, make_game
from gamesman.players.strategies import make_strategy
from playout_checks import IDS, VARIANTS, positions


@pytest.mark.parametrize("name, options", VARIANTS, ids=IDS)
def test_views_and_drawn_positions_agree(name, options):
    game = make_game(name, **options)
    rng = random.Random(3)
    for position in positions(game, games=2, limit=60):
        for player in range(game.players):
            view = game.view(position, player)
            assert game.format_view(game.parse_view(view)) == view
            if not game.capabilities.hidden_information:
                assert view == game.format_position(position)
                continue
            if game.to_move(position) == player and game.outcome(position) is None:
                drawn = hidden_information(game).sample_position(game.parse_view(view), rng)
                assert game.view(drawn, player) == view, "a position drawn from a view must show that view"


@pytest.mark.parametrize("name, options", VARIANTS, ids=IDS)
def test_declared_capabilities_hold(name, options):
    game = make_game(name, **options)
    seen = positions(game, games=2)
    if not game.capabilities.chance:
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
