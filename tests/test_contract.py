"""Every registered game keeps the contract: playouts end, strings round-trip, bad text is refused."""
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamesman.contract.errors import GameError
from gamesman.contract.game import CHANCE
from gamesman.players.play import random_outcome
from gamesman.contract.registry import game_names, make_game

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
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_playouts_round_trip(name, seed):
    game = make_game(name)
    for position in playout(game, random.Random(seed)):
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


# Characters for move texts near the real ones: ASCII digits and separators, letters
# the games use, and digits of other scripts (superscripts, Arabic-Indic, Devanagari,
# Thai, full-width), which str.isdigit() accepts and int() reads or rejects.
OTHER_DIGITS = "²³¹١٢٣٤०१२๑๒０１２"
MOVE_ALPHABET = "0123456789-+_.:/ abcdefghijklmnopqrstuvwxyzXOLRP" + OTHER_DIGITS
EDITS = st.lists(st.tuples(st.sampled_from(["replace", "insert", "delete"]), st.integers(0, 12),
                           st.sampled_from(MOVE_ALPHABET)), max_size=3)


def digit_swapped(text, which, digit):
    """``text`` with its ``which``-th ASCII digit (wrapped) replaced by ``digit``."""
    places = [at for at, char in enumerate(text) if char in "0123456789"]
    if not places:
        return text
    at = places[which % len(places)]
    return text[:at] + digit + text[at + 1:]


def edited(text, edits):
    """``text`` after replacing, inserting or deleting a character at each (wrapped) place."""
    for kind, at, char in edits:
        at %= len(text) + 1
        if kind == "insert":
            text = text[:at] + char + text[at:]
        elif at < len(text):
            text = text[:at] + (char if kind == "replace" else "") + text[at + 1:]
    return text


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), seed=st.integers(0, 2**32 - 1), depth=st.integers(0, 12))
def test_parse_move_only_raises_game_errors(name, data, seed, depth):
    """Arbitrary text, and legal moves' texts with a few characters changed, parse to a legal
    move (that reads back from its own text) or raise the engine's one-line error."""
    game = make_game(name)
    positions = [p for p in playout(game, random.Random(seed), limit=depth)
                 if game.to_move(p) != CHANCE and game.outcome(p) is None]
    if not positions:
        return
    position = positions[-1]
    legal = [game.format_move(position, move) for move in game.moves(position)]
    base = data.draw(st.sampled_from(legal) | st.text(alphabet=MOVE_ALPHABET, max_size=8) | st.text(max_size=12))
    text = edited(base, data.draw(EDITS))
    text = digit_swapped(text, data.draw(st.integers(0, 3)), data.draw(st.sampled_from("0" + OTHER_DIGITS)))
    try:
        move = game.parse_move(position, text)
    except GameError as problem:
        assert "\n" not in str(problem)
        assert str(problem).startswith(game.name)
    else:
        assert move in game.moves(position)
        assert game.parse_move(position, game.format_move(position, move)) == move
