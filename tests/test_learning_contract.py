"""The learning capabilities of the contract, on every registered variant that declares them:
the action index numbers the moves one to one, the legal actions are the legal moves, and
observations have one fixed shape and tell the player to move what it may do."""
import random

import numpy as np
import pytest

from gamesman.contract.capabilities import Capabilities, action_index, hidden_information, observation_tensor
from gamesman.contract.errors import GameError
from gamesman.contract.game import CHANCE
from gamesman.contract.registry import make_game
from gamesman.games.dobutsu import KINDS
from gamesman.games.tictactoe import TicTacToe
from playout_checks import IDS, VARIANTS, positions


def declaring(capability: str) -> list:
    """The variants of VARIANTS whose record claims ``capability``, with their ids."""
    return [pytest.param(name, options, id=ident) for (name, options), ident in zip(VARIANTS, IDS)
            if getattr(make_game(name, **options).capabilities, capability)]


def test_the_games_asked_for_declare_both():
    declared = {name for name, options in VARIANTS
                if make_game(name, **options).capabilities.action_index
                and make_game(name, **options).capabilities.observation_tensor}
    players = {name for name, options in VARIANTS if make_game(name, **options).players > 1}
    assert players <= declared and "2048" in declared  # every game of two or more players


@pytest.mark.parametrize("name, options", declaring("action_index"))
def test_actions_and_moves_round_trip(name, options):
    game = make_game(name, **options)
    index = action_index(game)
    start = game.start()
    count = index.action_count()
    assert count > 0
    assert [index.action_of(start, index.move_of(start, action)) for action in range(count)] == list(range(count))
    for position in positions(game):
        for move in game.moves(position):
            assert index.move_of(position, index.action_of(position, move)) == move


@pytest.mark.parametrize("name, options", declaring("action_index"))
def test_the_legal_actions_are_the_legal_moves(name, options):
    game = make_game(name, **options)
    index = action_index(game)
    for position in positions(game):
        actions = index.legal_actions(position)
        assert actions == sorted(set(actions)), game.format_position(position)
        assert all(0 <= action < index.action_count() for action in actions)
        assert sorted(map(repr, (index.move_of(position, a) for a in actions))) == \
            sorted(map(repr, game.moves(position))), game.format_position(position)


@pytest.mark.parametrize("name, options", declaring("observation_tensor"))
def test_observations_have_one_shape_and_show_the_legal_moves(name, options):
    """Two positions that look the same to the player to move have the same moves: what an
    agent sees tells it what it may do."""
    game = make_game(name, **options)
    tensor = observation_tensor(game)
    shape = tensor.observation_shape()
    low, high = tensor.observation_bounds()
    seen: dict[tuple[int, bytes], list[str]] = {}
    for position in positions(game):
        for player in range(game.players):
            observed = tensor.observation(position, player)
            assert observed.shape == shape and observed.dtype == np.float32
            assert low <= observed.min() and observed.max() <= high
        mover = game.to_move(position)
        key = (mover, tensor.observation(position, mover).tobytes())
        moves = sorted(map(repr, game.moves(position)))
        assert seen.setdefault(key, moves) == moves, f"{game.format_position(position)} looks like another"


@pytest.mark.parametrize("name, options", [param for param in declaring("observation_tensor")
                                           if make_game(param.values[0], **param.values[1]).capabilities
                                           .hidden_information])
def test_an_observation_shows_nothing_hidden(name, options):
    """A position drawn again from what a player knows (its hidden parts dealt anew) looks
    the same to that player: the observation holds only the player's view."""
    game = make_game(name, **options)
    tensor, hidden = observation_tensor(game), hidden_information(game)
    rng = random.Random(11)
    redealt = 0
    for position in positions(game):
        for player in range(game.players):
            view = game.view(position, player)
            other = hidden.sample_position(hidden.parse_view(view), rng)
            assert game.view(other, player) == view
            redealt += other != position
            assert (tensor.observation(other, player) == tensor.observation(position, player)).all(), view
    assert redealt, "no position was dealt differently: the test showed nothing"


def test_the_hidden_information_games_are_checked():
    hidden = {name for name, options in VARIANTS if (record := make_game(name, **options).capabilities)
              .hidden_information and record.observation_tensor}
    assert {"beverbende", "poker"} <= hidden


class Undeclared(TicTacToe):
    """Tic-tac-toe that claims no learning capability."""

    def declare(self) -> Capabilities:
        return Capabilities(players=2)


def test_a_variant_that_does_not_declare_them_is_refused():
    game = Undeclared()
    with pytest.raises(GameError, match="tictactoe: this variant does not declare action_index"):
        action_index(game)
    with pytest.raises(GameError, match="tictactoe: this variant does not declare observation_tensor"):
        observation_tensor(game)


@pytest.mark.parametrize("action, message", [(9, "the action 9 is not from 0 to 8"),
                                             (-1, "the action -1 is not from 0 to 8"),
                                             ("a1", "the action 'a1' is not a whole number")])
def test_an_action_outside_the_index_is_a_one_line_error(action, message):
    game = make_game("tictactoe")
    with pytest.raises(GameError, match=f"^tictactoe: {message}$"):
        action_index(game).move_of(game.start(), action)


def test_a_move_outside_the_index_is_a_one_line_error():
    game = make_game("connectfour", rows=4, cols=4)
    with pytest.raises(GameError, match="^connectfour: the move 4 has no action number$"):
        action_index(game).action_of(game.start(), 4)


def test_numpy_integers_are_actions():
    game = make_game("nim")
    assert action_index(game).move_of(game.start(), np.int64(4)) == (1, 2)  # heap 2 (from 0: 1), take 2


@pytest.mark.parametrize("name, options", [pytest.param(*variant, id=ident) for variant, ident in zip(VARIANTS, IDS)])
def test_random_games_keep_to_the_declared_bounds(name, options):
    """What a variant tells of its games (as OpenSpiel's GameInfo asks it) holds in random
    games: no game is longer than ``longest_game``, every end's utilities are within
    ``utility_bounds`` and add up to ``utility_sum``, and every chance outcome is numbered."""
    game = make_game(name, **options)
    longest, (low, high), total = game.longest_game(), game.utility_bounds(), game.utility_sum()
    numbered = game.capabilities.action_index and game.capabilities.chance
    ends = moves_made = 0
    for position in positions(game, games=6, limit=2 * longest + 2 if longest else 200):
        if position == game.start():
            moves_made = 0
        utilities = game.outcome(position)
        if utilities is not None:
            ends += 1
            assert all(low <= utility <= high for utility in utilities), utilities
            assert total is None or sum(utilities) == pytest.approx(total), utilities
        elif game.to_move(position) == CHANCE and numbered:
            assert {outcome for outcome, _ in game.chances(position)} <= set(action_index(game).chance_moves())
        elif game.to_move(position) != CHANCE:
            moves_made += 1
        assert longest is None or moves_made <= longest, game.format_position(position)
    assert ends or longest is None, "no random game ended: the test showed nothing"


def test_dobutsu_shows_each_seat_its_own_side_at_the_bottom():
    # the start is the same for both seats once the board is turned and the colours swapped,
    # so each seat sees it alike; after b's chick steps to b2, w (its board turned) sees it on b3
    game = make_game("dobutsu")
    seen = observation_tensor(game).observation
    start = game.start()
    assert np.array_equal(seen(start, 0), seen(start, 1))
    after = game.play(start, game.parse_move(start, "b3-b2"))
    chick = KINDS.index("C")
    assert seen(after, 0)[1, 1, chick] == 1.0  # b's own chick on row 2
    assert seen(after, 1)[2, 1, len(KINDS) + chick] == 1.0  # the other's chick, row 3 from w's side
