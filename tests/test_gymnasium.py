"""The Gymnasium door: Gymnasium's own checker on every one-player variant that declares the
learning capabilities, the registered ids, seeded chance, illegal actions and the reward."""
import warnings

import pytest

pytest.importorskip("gymnasium")

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

from gamesman.adapters.gymnasium import GameEnv, make  # noqa: E402
from gamesman.contract.errors import GameError, OptionError  # noqa: E402
from gamesman.contract.registry import make_game  # noqa: E402
from playout_checks import IDS, VARIANTS  # noqa: E402

PUZZLES = [pytest.param(name, options, id=ident) for (name, options), ident in zip(VARIANTS, IDS)
           if (record := (game := make_game(name, **options)).capabilities).players == 1
           and record.action_index and record.observation_tensor and game.outcome(game.start()) is None]


@pytest.mark.parametrize("name, options", PUZZLES)
@pytest.mark.filterwarnings("ignore::UserWarning")
def test_gymnasiums_checker_passes(name, options):
    check_env(make(name, **options))


def test_2048_is_served():
    assert "2048" in {param.values[0] for param in PUZZLES}


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_the_games_are_registered_gymnasium_ids():
    made = gymnasium.make("gamesman/2048-v0", rows=2, cols=3)
    assert isinstance(made.unwrapped, GameEnv) and made.unwrapped.game == make_game("2048", rows=2, cols=3)
    check_env(made.unwrapped)


def test_chance_follows_the_seed():
    def starts(seed):
        return make("2048", rows=2, cols=2).reset(seed=seed)[0].tobytes()

    assert starts(4) == starts(4)
    assert len({starts(seed) for seed in range(10)}) > 1


def test_an_illegal_move_changes_nothing():
    puzzle = make("2048", rows=2, cols=2)
    seed = 0
    while (info := puzzle.reset(seed=seed)[1])["action_mask"].all():
        seed += 1  # a start where some direction moves no tile
    before = puzzle.episode.position
    action = int(np.flatnonzero(info["action_mask"] == 0)[0])
    observation, reward, terminated, truncated, info = puzzle.step(action)
    assert info["illegal_action"] and reward == 0 and not terminated and puzzle.episode.position == before
    with pytest.raises(GameError, match="^2048: the action 4 is not from 0 to 3$"):
        puzzle.step(4)


def test_the_reward_at_the_end_is_the_score():
    puzzle = make("2048", rows=2, cols=2)
    info = puzzle.reset(seed=1)[1]
    rewards = []
    terminated = False
    while not terminated:
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, reward, terminated, _, info = puzzle.step(action)
        rewards.append(reward)
    _, score, _ = puzzle.episode.position  # (turn, score, cells)
    assert rewards[-1] == score > 0 and not any(rewards[:-1])


def test_games_of_more_players_are_refused():
    with pytest.raises(GameError, match="^tictactoe: 2 players; a Gymnasium environment needs one"):
        make("tictactoe")


def test_ansi_rendering_draws_the_board():
    puzzle = make("2048", rows=2, cols=2, render_mode="ansi")
    puzzle.reset(seed=2)
    game = make_game("2048", rows=2, cols=2)
    assert puzzle.render() == game.render(puzzle.episode.position) + "\nplayer to move"


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_a_scrambled_cube_is_served_and_a_solved_one_refused():
    check_env(make("cube", size=2, scramble=6))
    with pytest.raises(GameError, match=r"^cube: the game is over at its start with the options "
                                        r"cube\(size=3,metric=htm,scramble=0,seed=1\); choose options that start"):
        make("cube")


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_each_reset_of_a_cube_draws_a_fresh_scramble():
    puzzle = gymnasium.make("gamesman/cube-v0", size=2, scramble=8)
    starts = [puzzle.reset(seed=seed)[0].tobytes() for seed in range(6)]
    assert len(set(starts)) == 6
    assert puzzle.reset(seed=3)[0].tobytes() == starts[3]
    following = [puzzle.reset()[0].tobytes() for _ in range(3)]  # the generator goes on
    assert len(set(following)) == 3 and starts[3] not in following


def test_a_bad_option_is_a_one_line_error_that_names_it():
    with pytest.raises(OptionError, match="^cube: scramble must be int from 0 to 10000, not -1$"):
        gymnasium.make("gamesman/cube-v0", scramble=-1)
    with pytest.raises(OptionError, match="^cube: unknown option 'scrambel'"):
        make("cube", scrambel=4)


def test_human_rendering_prints_the_board_as_the_game_goes(capsys):
    puzzle = make("2048", rows=2, cols=2, render_mode="human")
    puzzle.reset(seed=3)
    started = puzzle.episode.drawing()
    puzzle.step(int(np.flatnonzero(puzzle.info()["action_mask"])[0]))
    assert puzzle.render() is None
    assert capsys.readouterr().out == f"{started}\n{puzzle.episode.drawing()}\n{puzzle.episode.drawing()}\n"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(make("2048", rows=3, cols=3, render_mode="human"))  # its render check included
    assert not [warning for warning in caught if "fps" in str(warning.message)]  # a pace is declared
