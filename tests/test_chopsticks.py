"""Chopsticks: the sheet's strings and example game, every option, and the solver."""
from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given, settings, strategies as st

from gamesman.contract.errors import IllegalMove, OptionError, PositionError
from gamesman.contract.registry import make_game
from gamesman.solver.strong import Solver, Value
from playout_checks import check_random_playouts
from solver_checks import check_solver_consistency

# The sheet's example game, step by step, as printed under each figure.
SHEET_GAME = [
    "Left's hand 1 to Right's hand 1",
    "Right's hand 1 to Left's hand 2",
    "Left's hand 2 to Right's hand 1",
    "Right's hand 1 to Left's hand 1",
    "Left's hand 3 to Right's hand 1",
    "Right's hand 3 to Left's hand 2",
    "Left's hand 3 to Right's hand 2",
    "Right's hand 2 to Left's hand 2",
    "Left's hand 3 to Right's hand 2",
    "Right's hand 2 to Left's hand 3",
    "Left's hand 3 to Right's hand 3",
    "Right's hand 3 to Left's hand 3",
]
STEP = re.compile(r"^(Left|Right)'s hand (\d) to (Left|Right)'s hand (\d)$")


def game(**options):
    return make_game("chopsticks", **options)


def test_start_and_sheet_strings():
    g = game()
    assert g.format_position(g.start()) == "(L 1 1 1 1 1 1)"
    for text in ("(L 1 1 1 1 1 1)", "(L 0 4 1 0 1 1)", "(R 0 0 4 0 3 5)"):
        assert g.format_position(g.parse_position(text)) == text
    assert g.format_position(g.parse_position("  ( l 0 4  1 0 1 1 ) ")) == "(L 0 4 1 0 1 1)"


def test_sheet_example_game():
    g = game()
    position = g.start()
    seen = [position]
    for step in SHEET_GAME:
        player, mine, _, theirs = STEP.match(step).groups()
        assert g.player_name(g.to_move(position)) == player[0]
        move = g.parse_move(position, f"{mine}-{theirs}")
        assert move in g.moves(position)
        position = g.play(position, move)
        seen.append(position)
    assert g.format_position(seen[6]) == "(L 0 4 1 0 1 1)"  # the sheet's position #7
    assert g.format_position(position) == "(L 0 0 0 0 3 5)"  # "Left has no hands."
    assert g.moves(position) == []
    assert g.outcome(position) == (-1.0, 1.0)  # "Right wins"


def test_exactly_m_fingers_stays_alive_and_over_m_is_out():
    g = game()
    position = g.parse_position("(L 1 3 3 4 1 1)")  # after 1-1 1-2 1-1 2-3 1-1 3-3
    assert g.format_position(g.play(position, g.parse_move(position, "1-1"))) == "(R 1 3 3 5 1 1)"
    position = g.parse_position("(R 3 1 1 5 1 1)")
    assert g.format_position(g.play(position, g.parse_move(position, "1-1"))) == "(L 0 1 1 5 1 1)"


def test_wrap_around_rule():
    g = game(wrap_around=True)
    position = g.parse_position("(R 4 1 1 1 2 1)")
    # The sheet: 4 fingers plus 1 is out; 4 plus 2 wraps around to 6 - 5 = 1.
    assert g.format_position(g.play(position, g.parse_move(position, "1-1"))) == "(L 0 1 1 1 2 1)"
    assert g.format_position(g.play(position, g.parse_move(position, "2-1"))) == "(L 1 1 1 1 2 1)"
    with pytest.raises(PositionError, match=re.escape("L hand 1: 5 fingers is not in 0..4 (with wrap-around 5 "
                                                      "fingers knocks a hand out: write 0)")):
        g.parse_position("(L 5 1 1 1 1 1)")


def test_wrap_around_positions_repeat():
    g = game(hands=2, wrap_around=True)
    position = g.parse_position("(L 3 1 2 1)")
    line = []
    for text in ("1-2", "2-1", "1-2", "2-1"):
        position = g.play(position, g.parse_move(position, text))
        line.append(g.format_position(position))
    assert line == ["(R 3 1 2 4)", "(L 2 1 2 4)", "(R 2 1 2 1)", "(L 3 1 2 1)"]


def test_dead_hands_neither_tap_nor_are_tapped():
    g = game()
    position = g.parse_position("(L 0 4 1 0 1 1)")
    assert sorted(g.format_move(position, m) for m in g.moves(position)) == ["2-2", "2-3", "3-2", "3-3"]
    for text in ("1-2", "2-1", "4-1", "0-1", "1", "a-b", "1 - 2", "", "１-２"):
        with pytest.raises(IllegalMove):
            g.parse_move(position, text)
    with pytest.raises(IllegalMove):
        g.play(position, (0, 1))


def test_misere_and_normal_outcomes():
    ended = "(L 0 0 0 0 3 5)"
    assert game().outcome(game().parse_position(ended)) == (-1.0, 1.0)
    assert game(misere=True).outcome(game(misere=True).parse_position(ended)) == (1.0, -1.0)
    assert game(misere=True).moves(game(misere=True).parse_position(ended)) == []


@pytest.mark.parametrize("text, problem", [
    ("(L 1 1 1 1 1)", "5 hands, expected 6"),
    ("(X 1 1 1 1 1 1)", "turn 'X' is not L or R"),
    ("(L 1 1 1 1 1 6)", "R hand 3: 6 fingers is not in 0..5"),
    ("(L 1 1 1 1 1 -1)", "R hand 3: -1 fingers is not in 0..5"),
    ("(L 1 1 1 1 1 one)", "R hand 3: 'one' is not a number of fingers"),
    ("(L 0 0 0 0 0 0)", "both players have no live hand"),
    ("L 1 1 1 1 1 1", "parentheses"),
])
def test_parse_errors_name_the_problem(text, problem):
    with pytest.raises(PositionError, match=re.escape(problem)) as caught:
        game().parse_position(text)
    assert str(caught.value).startswith("chopsticks:")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="()LR0123456789 -x\t", max_size=24) | st.text(max_size=24))
def test_parsing_any_text_only_raises_game_errors(text):
    g = game()
    try:
        position = g.parse_position(text)
    except PositionError:
        return
    assert g.parse_position(g.format_position(position)) == position
    try:
        g.parse_move(position, text)
    except IllegalMove:
        pass


def test_options_sizes_and_ranges():
    g = game(hands=1, fingers=2)
    assert g.format_position(g.start()) == "(L 1 1)"
    assert [g.format_move(g.start(), m) for m in g.moves(g.start())] == ["1-1"]
    g = game(hands=4, fingers=7)
    assert g.format_position(g.start()) == "(L 1 1 1 1 1 1 1 1)"
    for bad in (dict(hands=0), dict(fingers=1), dict(hands=101), dict(fingers="many")):
        with pytest.raises(OptionError):
            game(**bad)
    assert game().capabilities.solvable and not game(hands=8, fingers=20).capabilities.solvable


def test_many_hands_and_fingers_take_several_digits():
    g = game(hands=12, fingers=150)
    text = "(R " + " ".join(["1"] * 11 + ["149"] + ["0"] * 11 + ["75"]) + ")"
    position = g.parse_position(text)
    assert g.format_position(position) == text
    assert [g.format_move(position, m) for m in g.moves(position)] == [f"12-{hand}" for hand in range(1, 13)]
    assert g.format_position(g.play(position, g.parse_move(position, "12-12"))) == \
        "(L " + " ".join(["1"] * 11 + ["0"] * 12 + ["75"]) + ")"  # 149 + 75 is over 150: out
    drawing = g.render(position)
    assert "149" in drawing and "|" not in drawing and "out" in drawing
    assert "|" + "." * 19 in game(fingers=20).render(game(fingers=20).start())  # up to 20 fingers: drawn


def test_render_shows_both_players_hands():
    g = game()
    drawing = g.render(g.parse_position("(L 0 4 1 0 1 1)"))
    assert "out" in drawing and "||||." in drawing and "L to move" in drawing
    assert g.render(g.parse_position("(L 0 0 0 0 3 5)")).endswith("R wins")
    assert game(misere=True).render(g.parse_position("(L 0 0 0 0 3 5)")).endswith("L wins")
    assert len(drawing.splitlines()) == 4


@pytest.mark.parametrize("misere, wrap_around", list(itertools.product([False, True], repeat=2)))
@pytest.mark.parametrize("hands, fingers", [(3, 5), (10, 12)])
def test_random_playouts_round_trip(hands, fingers, misere, wrap_around):
    g = game(hands=hands, fingers=fingers, misere=misere, wrap_around=wrap_around)
    # Under the standard rule every tap raises a hand or knocks it out: at most 2n(m+1) moves.
    ended = check_random_playouts(g, seed=hands, playouts=3, cap=2 * hands * (fingers + 1))
    assert ended == 3 or wrap_around


@pytest.mark.parametrize("misere, wrap_around", list(itertools.product([False, True], repeat=2)))
@pytest.mark.parametrize("hands, fingers", [(2, 4), (2, 5), (3, 3)])
def test_solver_consistency_small(hands, fingers, misere, wrap_around):
    g = game(hands=hands, fingers=fingers, misere=misere, wrap_around=wrap_around)
    assert check_solver_consistency(g, 20_000) > 1


@pytest.mark.parametrize("misere", [False, True])
def test_solve_default_game(misere):
    g = game(misere=misere)
    solver = Solver(g, database=None)
    result = solver.result(g.start())
    # Under the standard rule fingers only go up, so every game ends: nothing is a draw.
    assert result.value in (Value.WIN, Value.LOSE)
    assert all(solver.result(position).value is not Value.DRAW for position in solver.table)
    best = solver.best_moves(g.start())
    assert best and all(solver.move_result(0, g.play(g.start(), m)).value is result.value for m in best)


def test_wrap_around_gives_draws():
    g = game(wrap_around=True)
    solver = Solver(g, database=None)
    solver.solve()
    values = {solver.result(p).value for p in solver.table}
    assert Value.DRAW in values
