"""Every registered game keeps the contract: playouts end, strings round-trip, bad text is refused."""
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamesman.errors import GameError
from gamesman.game import CHANCE
from gamesman.players import random_outcome
from gamesman.registry import game_names, make_game

NAMES = game_names()


def playout(game, rng, limit=5000):
    """Positions of one random game from the start (chance by its probabilities)."""
    position = game.start()
    seen = [position]
    for _ in range(limit):
        if game.outcome(position) is not None:
            return seen
        if game.to_move(position) == CHANCE:
            move = random_outcome(game, position, rng)
        else:
            move = rng.choice(list(game.moves(position)))
        position = game.play(position, move)
        seen.append(position)
    return seen


@pytest.mark.parametrize("name", NAMES)
def test_random_playouts_round_trip(name):
    game = make_game(name)
    rng = random.Random(7)
    for _ in range(5):
        for position in playout(game, rng):
            text = game.format_position(position)
            assert game.parse_position(text) == position
            assert game.format_position(game.parse_position(text)) == text
            for player in range(game.players):
                view = game.view(position, player)
                assert game.format_view(game.parse_view(view)) == view if hasattr(game, "format_view") \
                    else game.parse_view(view) is not None
            if game.to_move(position) != CHANCE and game.outcome(position) is None:
                for move in game.moves(position):
                    move_text = game.format_move(position, move)
                    assert " " not in move_text
                    assert game.parse_move(position, move_text) == move
                    assert game.parse_move(position, move_text.upper()) == move


@pytest.mark.parametrize("name", NAMES)
def test_random_playouts_end(name):
    game = make_game(name)
    rng = random.Random(11)
    for _ in range(10):
        positions = playout(game, rng)
        assert game.outcome(positions[-1]) is not None, f"{name}: a random game did not end"
        utilities = game.outcome(positions[-1])
        assert len(utilities) == game.players


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=60)
       | st.builds(lambda parts: "(" + " ".join(parts) + ")",
                   st.lists(st.text(alphabet="xowbLR-0123456789@*.,", max_size=8), max_size=8)))
def test_parse_only_raises_game_errors(name, text):
    game = make_game(name)
    try:
        position = game.parse_position(text)
    except GameError as problem:
        assert "\n" not in str(problem)
        assert str(problem).startswith(game.name)
    else:
        assert game.parse_position(game.format_position(position)) == position


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=12))
def test_parse_move_only_raises_game_errors(name, text):
    game = make_game(name)
    position = game.start()
    while game.to_move(position) == CHANCE:
        position = game.play(position, game.chances(position)[0][0])
    try:
        move = game.parse_move(position, text)
    except GameError as problem:
        assert "\n" not in str(problem)
    else:
        game.play(position, move)
