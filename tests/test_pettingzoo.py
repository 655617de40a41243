"""The PettingZoo door: PettingZoo's own API test on every variant that declares the
learning capabilities, rewards at the end, illegal actions refused, and the solver's
values of moves."""
import re
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from gamesman.adapters.pettingzoo import env  # noqa: E402
from gamesman.contract.errors import GameError  # noqa: E402
from gamesman.contract.registry import make_game  # noqa: E402
from playout_checks import IDS, VARIANTS  # noqa: E402
from test_learning_contract import Undeclared  # noqa: E402

LEARNABLE = [pytest.param(name, options, id=ident) for (name, options), ident in zip(VARIANTS, IDS)
             if (record := make_game(name, **options).capabilities).players > 1
             and record.action_index and record.observation_tensor]


@pytest.mark.parametrize("name, options", [*LEARNABLE, pytest.param("othello", {"rows": 8, "cols": 8}, id="othello-8x8"),
                                           pytest.param("sim", {"players": 3}, id="sim-3-players")])
def test_pettingzoos_api_test_passes(name, options):
    api_test(env(name, **options), num_cycles=200)


def test_every_game_of_two_or_more_players_is_learnable():
    assert {name for name, options in VARIANTS if make_game(name, **options).players > 1} == \
        {param.values[0] for param in LEARNABLE}


def test_chance_follows_the_seed():
    seed_test(lambda: env("beverbende"), num_cycles=100)

    def deal(seed):
        table = env("beverbende")
        table.reset(seed=seed)
        return table.observe("p1")["observation"].tobytes()

    assert deal(3) == deal(3)
    assert len({deal(seed) for seed in range(10)}) > 1  # p1 peeked at different cards


def test_the_winner_is_rewarded_at_the_end():
    table = env("tictactoe")
    table.reset(seed=0)
    for cell in (0, 3, 1, 4):  # x a1, o a2, x b1, o b2
        table.step(cell)
        assert not any(table.terminations.values())
    table.step(2)  # x c1: three in a row
    assert all(table.terminations.values())
    assert table.rewards == {"x": 1.0, "o": -1.0}


def test_an_illegal_action_is_refused_and_changes_nothing():
    table = env("connectfour", rows=4, cols=4)
    table.reset(seed=0)
    for _ in range(4):
        table.step(0)  # column a is full
    before = table.observe("x")["observation"].copy()
    with pytest.raises(GameError, match="^connectfour: "):
        table.step(0)
    with pytest.raises(GameError, match="^connectfour: the action 7 is not from 0 to 3$"):
        table.step(7)
    assert table.agent_selection == "x" and (table.observe("x")["observation"] == before).all()
    assert table.observe("x")["action_mask"].tolist() == [0, 1, 1, 1]


def test_only_the_agent_to_move_has_legal_actions():
    table = env("nim3p")
    table.reset(seed=0)
    masks = {agent: table.observe(agent)["action_mask"].any() for agent in table.agents}
    assert masks == {"P0": True, "P1": False, "P2": False}


def test_the_solver_tells_the_value_of_each_move():
    table = env("tictactoe", values=True)
    table.reset(seed=0)
    table.step(4)  # x takes the centre: every opening move of tic-tac-toe ties
    assert table.infos["x"]["value"] == "tie" and table.infos["x"]["perfect"]
    table.step(1)  # o answers the centre on an edge, which loses (only a corner holds)
    assert table.infos["o"]["value"] == "lose" and not table.infos["o"]["perfect"]
    assert isinstance(table.infos["o"]["remoteness"], int)


def test_values_need_a_solved_variant():
    with pytest.raises(GameError, match="values=True needs a variant that is solved or answered exactly"):
        env("othello", rows=8, cols=8, values=True)


@pytest.mark.parametrize("game, message", [("2048", "^2048: one player"),
                                           (Undeclared(), "^tictactoe: this variant does not declare action_index")])
def test_games_it_cannot_serve_are_refused(game, message):
    with pytest.raises(GameError, match=message):
        env(game)


def test_ansi_rendering_draws_the_board_and_the_turn():
    table = env("tictactoe", render_mode="ansi")
    table.reset()
    table.step(4)
    game = make_game("tictactoe")
    drawing = table.render()
    assert drawing == game.render(game.play(game.start(), 4)) + "\no to move"


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_human_rendering_prints_the_board_as_the_game_goes(capsys):
    from pettingzoo.test import render_test

    table = env("tictactoe", render_mode="human")
    table.reset()
    table.step(4)
    game = make_game("tictactoe")
    assert table.render() is None
    shown = capsys.readouterr().out
    start, after = game.render(game.start()) + "\nx to move", game.render(game.play(game.start(), 4)) + "\no to move"
    assert shown == f"{start}\n{after}\n{after}\n"  # after the reset, after the move, and asked
    render_test(lambda render_mode: env("tictactoe", render_mode=render_mode))


def test_gamesman_itself_imports_no_learning_library():
    program = ("import sys, gamesman.doors.cli, gamesman.contract.registry as r; r.make_game('tictactoe'); "
               "print(sorted({'pettingzoo', 'gymnasium', 'pyspiel'} & set(sys.modules)))")
    found = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "[]"


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_the_learning_pages_examples_run():
    """docs/learning.md's Python blocks, in order, in one namespace (its asserts included)."""
    page = Path(__file__).resolve().parent.parent / "docs" / "learning.md"
    blocks = re.findall(r"```python\n(.*?)```", page.read_text(), re.S)
    assert len(blocks) >= 4 and len(blocks[0].strip().splitlines()) == 3
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(block, namespace)


def test_the_training_example_reports_how_often_its_moves_are_perfect(capsys):
    script = Path(__file__).resolve().parent.parent / "docs" / "examples" / "learning" / "connectfour_4x4.py"
    example = runpy.run_path(str(script))
    example["main"](50)
    report = re.fullmatch(r"random moves: (\d+)% perfect; after 50 games of self-play: (\d+)% perfect\n",
                          capsys.readouterr().out)
    assert report and all(0 <= int(share) <= 100 for share in report.groups())


def test_a_game_that_may_go_on_for_ever_is_truncated():
    table = env("abalone", max_moves=3)
    table.reset(seed=0)
    for _ in range(3):
        assert not any(table.truncations.values())
        table.step(int(table.observe(table.agent_selection)["action_mask"].argmax()))
    assert all(table.truncations.values()) and not any(table.terminations.values())
    assert table.rewards == {"b": 0.0, "w": 0.0}
    with pytest.raises(GameError, match="^abalone: max_moves must be at least 1, not 0$"):
        env("abalone", max_moves=0)
