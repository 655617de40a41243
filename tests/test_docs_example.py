"""The example game of the docs' "Add a game" page keeps the contract and solves as it says.

The page walks a newcomer through ``docs/examples/subtraction``; these checks run it as
gamesman's own games are checked, so the page cannot drift from the engine.  Its known
theory is the independent fact the solver is compared with: the player to move loses exactly
when the pile is a multiple of ``most + 1`` (one more than a multiple under misère)."""
from __future__ import annotations

import doctest
import importlib.util
import random
import re
import sys
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Iterator

import pytest

from gamesman.contract.errors import GameError
from gamesman.players.strategies import make_strategy
from gamesman.solver.strong import Solver, Value
from playout_checks import check_random_playouts
from solver_checks import check_engines_agree, check_solver_consistency, reachable

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "subtraction"

@pytest.fixture(scope="module")
def example() -> Iterator[ModuleType]:
    """The example's module, imported from its file under the name its entry point gives it
    (and in ``sys.modules``, as an installed plugin's module is)."""
    spec = importlib.util.spec_from_file_location("gamesman_subtraction", EXAMPLE / "gamesman_subtraction.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    yield module
    del sys.modules[spec.name]


def losing_pile(pile: int, most: int, misere: bool) -> bool:
    """The theory of the game: where the player to move loses."""
    return pile % (most + 1) == (1 if misere else 0)


def test_the_entry_point_names_the_game(example):
    project = tomllib.loads((EXAMPLE / "pyproject.toml").read_text())
    target = project["project"]["entry-points"]["gamesman.games"]["subtraction"]
    module_name, class_name = target.split(":")
    assert module_name == example.__name__
    assert getattr(example, class_name).name == "subtraction"


def test_the_declared_capabilities_hold(example):
    game = example.Subtraction(counters=9)
    capabilities = game.capabilities
    assert (capabilities.players, capabilities.impartial, capabilities.position_codes) == (2, True, True)
    assert not (capabilities.chance or capabilities.hidden_information or capabilities.tiers)
    codes = set()
    for turn in (0, 1):
        for pile in range(game.counters + 1):
            code = game.encode((turn, pile))
            assert 0 <= code < game.index_size()
            assert game.decode(code) == (turn, pile)
            codes.add(code)
    assert len(codes) == 2 * (game.counters + 1)


def test_options_are_typed_and_checked(example):
    game = example.Subtraction(counters=30, most=4, misere=True)
    assert (game.counters, game.most, game.misere) == (30, 4, True)
    assert game.start() == (0, 30)
    with pytest.raises(GameError):
        example.Subtraction(most=0)


def test_text_round_trips_and_bad_text_is_refused(example):
    game = example.Subtraction()
    assert check_random_playouts(game, seed=3, playouts=20, cap=100) == 20
    for bad in ("(x 22)", "(z 5)", "(x 5 5)", "x 5"):
        with pytest.raises(GameError) as refused:
            game.parse_position(bad)
        assert "\n" not in str(refused.value) and str(refused.value).startswith("subtraction")
    with pytest.raises(GameError):
        game.play((0, 2), 3)
    assert game.instructions().startswith("# The subtraction game")


@pytest.mark.parametrize("misere", [False, True])
def test_the_solver_agrees_with_the_theory(example, misere):
    game = example.Subtraction(counters=25, most=3, misere=misere)
    assert check_solver_consistency(game, max_positions=1000) > 0
    assert check_engines_agree(game) == len(reachable(game, game.start(), 1000))
    solver = Solver(game, database=None)
    solver.solve()
    for pile in range(game.counters + 1):
        value = solver.result((0, pile)).value
        assert (value is Value.LOSE) == losing_pile(pile, game.most, misere), f"pile {pile}: {value}"


@pytest.mark.parametrize("misere", [False, True])
def test_its_own_strategy_wins_wherever_the_solver_says_it_can(example, misere):
    game = example.Subtraction(counters=25, most=4, misere=misere)
    solver = Solver(game, database=None)
    solver.solve()
    strategy = make_strategy(game, "multiples", random.Random(0))
    for pile in range(1, game.counters + 1):
        position = (0, pile)
        move = strategy.choose(position).move
        assert move in game.moves(position)
        if solver.result(position).value is Value.WIN:
            after = solver.result(game.play(position, move)).value
            assert after is Value.LOSE, f"pile {pile}: took {move}, leaving a {after} for the opponent"
    with pytest.raises(GameError):
        make_strategy(game, "multiples 3")


def test_the_page_shows_the_solvers_value(example):
    """The value the page prints for the start is the solver's."""
    page = (EXAMPLE.parent.parent / "add-a-game.md").read_text()
    shown = re.search(r"\$ gamesman solve subtraction '\((x \d+)\)'\n(.+)\n", page)
    assert shown, "the page shows no solve of the subtraction game"
    game = example.Subtraction()
    assert str(Solver(game, database=None).result(game.parse_position(f"({shown[1]})"))) == shown[2]


def test_the_docstring_examples_run(example):
    assert doctest.testmod(example, raise_on_error=False, report=True).failed == 0

