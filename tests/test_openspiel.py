"""The OpenSpiel door: OpenSpiel's own algorithms, bots and random simulation test on the
games, their GameType and GameInfo, parameters, the cut-off, and hidden cards kept hidden."""
import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import get_all_states, mcts, minimax  # noqa: E402

from gamesman.adapters.openspiel import ENDLESS_MAX_MOVES, load_game  # noqa: E402
from gamesman.contract.capabilities import action_index, observation_tensor  # noqa: E402
from gamesman.contract.errors import GameError, IllegalMove, OptionError  # noqa: E402
from gamesman.contract.registry import game_class, game_names, make_game  # noqa: E402
from test_learning_contract import Undeclared  # noqa: E402

Kind = pyspiel.GameType


@pytest.mark.slow
def test_tictactoe_has_5478_states():
    """The number OpenSpiel's own tic-tac-toe has, by its own enumeration of distinct states."""
    states = get_all_states.get_all_states(load_game("tictactoe"), depth_limit=-1, include_terminals=True,
                                           include_chance_states=False, to_string=str)
    assert len(states) == 5478


@pytest.mark.slow
def test_tictactoe_is_a_tie_by_openspiels_alpha_beta_search():
    value, action = minimax.alpha_beta_search(load_game("tictactoe"))
    assert value == 0 and 0 <= action < 9


def test_connect_four_plays_openspiels_mcts_bot_to_the_end():
    game = load_game("connectfour", rows=6, cols=7)
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=10,
                       evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng), random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert state.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
    assert 7 <= len(state.history()) <= game.max_game_length() == 42


@pytest.mark.parametrize("name, options, serialize", [
    ("tictactoe", {}, True),
    ("connectfour", {"rows": 4, "cols": 5}, True),
    ("othello", {}, True),
    ("hex", {"size": 4, "swap": True}, True),
    ("kaboom", {}, True),
    ("nim3p", {"extra": True}, True),  # three players, a constant sum of 1.2
    ("sim", {"players": 3}, True),
    ("poker", {"players": 3, "max_moves": 200}, True),  # chance and hidden cards
    ("2048", {"rows": 2, "cols": 2}, True),  # chance and rewards at every move
    ("2048", {"rows": 2, "cols": 3, "target": 32}, True),
    # a text option whose value reads as a number (peek=14) does not survive OpenSpiel's game
    # string, which reads it back as a number: no serialization
    ("beverbende", {}, False),
    ("abalone", {"max_moves": 60}, True),  # cut off
    ("chopsticks", {}, True),
    ("cube", {"size": 2, "scramble": 4, "max_moves": 30}, True),
])
def test_openspiels_random_simulation_test_passes(name, options, serialize):
    pyspiel.random_sim_test(load_game(name, **options), num_sims=3, serialize=serialize, verbose=False)


@pytest.mark.parametrize("name", game_names())
def test_every_registered_game_loads_by_its_openspiel_name(name):
    game = pyspiel.load_game(f"gamesman_{name}")
    variant = game_class(name)()
    assert game.get_type().short_name == f"gamesman_{name}"
    assert game.num_players() == variant.players
    assert game.num_distinct_actions() == action_index(variant).action_count()
    assert game.max_chance_outcomes() == len(action_index(variant).chance_moves())
    assert (game.min_utility(), game.max_utility()) == variant.utility_bounds()
    assert game.max_game_length() == (variant.longest_game() or ENDLESS_MAX_MOVES)
    assert str(game.new_initial_state()).startswith(variant.format_position(variant.start()))


@pytest.mark.parametrize("name, options, chance, information, utility, rewards", [
    ("tictactoe", {}, Kind.ChanceMode.DETERMINISTIC, Kind.Information.PERFECT_INFORMATION,
     Kind.Utility.ZERO_SUM, Kind.RewardModel.TERMINAL),
    ("nim3p", {}, Kind.ChanceMode.DETERMINISTIC, Kind.Information.PERFECT_INFORMATION,
     Kind.Utility.CONSTANT_SUM, Kind.RewardModel.TERMINAL),
    ("poker", {}, Kind.ChanceMode.EXPLICIT_STOCHASTIC, Kind.Information.IMPERFECT_INFORMATION,
     Kind.Utility.CONSTANT_SUM, Kind.RewardModel.TERMINAL),
    ("2048", {}, Kind.ChanceMode.EXPLICIT_STOCHASTIC, Kind.Information.PERFECT_INFORMATION,
     Kind.Utility.GENERAL_SUM, Kind.RewardModel.REWARDS),
])
def test_each_variant_gets_its_game_type(name, options, chance, information, utility, rewards):
    kind = load_game(name, **options).get_type()
    assert (kind.dynamics, kind.chance_mode, kind.information, kind.utility, kind.reward_model) == \
        (Kind.Dynamics.SEQUENTIAL, chance, information, utility, rewards)
    assert kind.provides_observation_tensor and kind.provides_information_state_string


def test_the_number_of_players_is_the_variants_within_the_games_range():
    game = load_game("poker", players=4)
    kind = game.get_type()
    assert game.num_players() == 4 and (kind.min_num_players, kind.max_num_players) == (2, 10)
    assert load_game("nim3p", extra=True).utility_sum() == pytest.approx(1.2)


def test_options_are_the_games_parameters():
    by_name = pyspiel.load_game("gamesman_connectfour(rows=4,cols=5)")
    by_options = load_game("connectfour", rows=4, cols=5)
    assert str(by_name) == str(by_options)
    assert by_name.num_distinct_actions() == 5 and by_name.max_game_length() == 20
    assert load_game(make_game("connectfour", rows=4, cols=5)).max_game_length() == 20


def test_a_bad_option_is_a_one_line_error_naming_it():
    with pytest.raises(OptionError, match="^connectfour: rows must be int from 1 to 20, not 0$"):
        load_game("connectfour", rows=0)
    with pytest.raises(GameError, match="^abalone: max_moves must be 0 \\(no cut-off\\) or more, not -1$"):
        load_game("abalone", max_moves=-1)


def test_an_illegal_action_is_a_one_line_error_and_changes_nothing():
    state = load_game("tictactoe").new_initial_state()
    state.apply_action(4)
    with pytest.raises(IllegalMove, match="^tictactoe: b2 is not an empty cell"):
        state.apply_action(4)
    with pytest.raises(GameError, match="^tictactoe: the action 9 is not from 0 to 8$"):
        state.apply_action(9)
    assert state.history() == [4] and state.current_player() == 1


def test_a_game_that_may_go_on_for_ever_is_cut_off_as_a_tie():
    game = load_game("chopsticks", max_moves=3)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert game.max_game_length() == 3 and len(state.history()) == 3 and state.returns() == [0.0, 0.0]


def test_a_cut_off_game_of_rewards_keeps_what_was_earned():
    state = load_game("2048", rows=2, cols=2, max_moves=2).new_initial_state()
    earned = 0.0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
            earned += state.rewards()[0]
    assert state.returns() == [earned]


def test_poker_shows_no_seat_the_others_hole_cards():
    """Every string and tensor of a seat is made from that seat's view alone."""
    game = load_game("poker", players=3)
    variant = make_game("poker", players=3)
    tensor = observation_tensor(variant)
    state = game.new_initial_state()
    rng = np.random.RandomState(5)
    while state.is_chance_node() or len(state.history()) < 12:
        if state.is_chance_node():
            actions, chances = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=chances)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert not state.is_terminal()
    position = state.positions[-1]
    for seat in range(3):
        hidden = [card for other, hole in enumerate(position.holes) if other != seat
                  for card in (hole[:2], hole[2:]) if card]
        assert hidden
        for text in (state.observation_string(seat), state.information_state_string(seat)):
            assert not any(card in text for card in hidden), text
        assert state.observation_string(seat) == variant.view(position, seat)
        assert np.array_equal(state.observation_tensor(seat), tensor.observation(position, seat).ravel())


def test_a_variant_without_action_numbers_is_refused():
    with pytest.raises(GameError, match="^tictactoe: this variant does not declare action_index$"):
        load_game(Undeclared())
