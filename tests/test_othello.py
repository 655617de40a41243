"""Othello: the sheet's strings and example game, every option, and the solver."""
from __future__ import annotations

import itertools
import random
import re

import pytest
from hypothesis import given, settings, strategies as st

from gamesman.boards import text as boards
from gamesman.contract.errors import IllegalMove, OptionError, PositionError
from gamesman.players.strategies import make_strategy
from gamesman.contract.registry import make_game
from gamesman.solver.strong import Solver, Value
from playout_checks import check_random_playouts, random_positions
from solver_checks import check_solver_consistency

# The sheet's example game from the default board: who, where, and the pieces it flips.
SHEET_GAME = [
    ("Black", "B1", {"B2"}),
    ("White", "A1", {"B2"}),
    ("Black", "C4", {"C3"}),
    ("White", "D4", {"C3"}),
    ("Black", "D3", {"C3"}),
    ("White", "B4", {"B3", "C4"}),
    ("Black", "A4", {"B3"}),
    ("White", "C1", {"B1", "C2", "C3"}),
    ("Black", "D1", {"C2"}),
    ("White", "D2", {"C2", "D3"}),
    ("Black", "pass", set()),
    ("White", "A3", {"B3"}),
    ("Black", "A2", {"A3"}),
]


def game(**options):
    return make_game("othello", **options)


def cell(g, name):
    row, col = boards.parse_cell("othello", name, g.rows, g.cols)
    return row * g.cols + col


def test_default_start_and_sheet_position_1():
    g = game()
    assert g.format_position(g.start()) == "(b ---- -wb- -bw- ----)"
    position_1 = "(w -b-- -bb- -bw- ----)"
    assert g.format_position(g.parse_position(position_1)) == position_1
    assert g.format_position(g.parse_position(" ( W -B--  -bb- -bw- ---- )")) == position_1
    assert g.play(g.start(), g.parse_move(g.start(), "b1")) == g.parse_position(position_1)


def test_sheet_example_game_white_wins_12_to_4():
    g = game()
    position = g.start()
    for player, where, stated_flips in SHEET_GAME:
        turn, cells = position
        assert g.player_name(turn) == player[0].lower()
        move = g.parse_move(position, where)
        assert move in g.moves(position)
        position = g.play(position, move)
        changed = {boards.cell_name(*divmod(i, g.cols)).upper()
                   for i, (old, new) in enumerate(zip(cells, position[1])) if old != new}
        if where == "pass":
            assert g.moves((turn, cells)) == ["pass"] and not changed
        else:
            assert changed == stated_flips | {where}
            assert all(position[1][cell(g, name)] == player[0].lower() for name in changed)
    assert g.is_over(position) and g.moves(position) == []
    assert g.score(position[1]) == (4, 12)
    assert g.outcome(position) == (-1.0, 1.0)
    assert game(misere=True).outcome(position) == (1.0, -1.0)


def test_pass_is_the_only_move_when_you_cannot_place():
    g = game()
    stuck = g.parse_position("(b wwwb -www -bww bwww)")
    assert g.moves(stuck) == ["pass"]
    assert g.format_position(g.play(stuck, g.parse_move(stuck, "PASS"))) == "(w wwwb -www -bww bwww)"
    with pytest.raises(IllegalMove):
        g.parse_move(g.start(), "pass")
    with pytest.raises(IllegalMove):
        g.play(g.start(), "pass")


def set_up(g, text):
    """The position ``text`` shows, set up by hand: play need not reach it (the parser refuses
    what it cannot), for the rules that hold on any board."""
    turn, *rows = text.strip("()").split()
    return (g.player_names.index(turn), "".join(rows))


def test_game_ends_when_neither_player_can_place():
    g = game()
    blocked = g.parse_position("(w -bbb bbbb bbbb bbb-)")
    assert g.moves(blocked) == [] and g.outcome(blocked) == (1.0, -1.0)
    assert g.outcome(g.parse_position("(b bbbb bbbb wwww wwww)")) == (0.0, 0.0)


def test_moves_must_flip_and_cells_must_be_empty():
    g = game()
    assert sorted(g.format_move(g.start(), m) for m in g.moves(g.start())) == ["a2", "b1", "c4", "d3"]
    for text in ("a1", "b2", "e1", "a5", "zz", "", "b 1", "pas"):
        with pytest.raises(IllegalMove):
            g.parse_move(g.start(), text)
    with pytest.raises(IllegalMove):
        g.play(g.start(), cell(g, "a1"))


def test_place_anywhere():
    g = game(place_anywhere=True)
    start = g.start()
    assert len(g.moves(start)) == 12 and "pass" not in g.moves(start)
    assert g.format_position(g.play(start, g.parse_move(start, "a1"))) == "(w b--- -wb- -bw- ----)"
    assert g.format_position(g.play(start, g.parse_move(start, "b1"))) == "(w -b-- -bb- -bw- ----)"
    blocked = g.parse_position("(w bbbb -bb- -bb- ---b)")
    assert g.outcome(blocked) is None and len(g.moves(blocked)) == 7
    stuck = g.parse_position("(b wwwb -www -bww bwww)")
    assert sorted(g.format_move(stuck, m) for m in g.moves(stuck)) == ["a2", "a3"]
    full = g.parse_position("(b wwwb bwww bwww bwww)")
    assert g.moves(full) == [] and g.outcome(full) == (-1.0, 1.0)
    assert game(place_anywhere=True, misere=True).outcome(full) == (1.0, -1.0)
    with pytest.raises(IllegalMove):
        g.parse_move(stuck, "pass")


def test_starting_cluster_on_other_sizes():
    assert game(rows=3, cols=3).format_position(game(rows=3, cols=3).start()) == "(b wb- bw- ---)"
    assert game(rows=3, cols=4).format_position(game(rows=3, cols=4).start()) == "(b -wb- -bw- ----)"
    assert game(rows=5, cols=5).format_position(game(rows=5, cols=5).start()) == "(b ----- -wb-- -bw-- ----- -----)"
    g = game(rows=8, cols=8)
    cells = g.start()[1]
    assert [cells[cell(g, name)] for name in ("d4", "e4", "d5", "e5")] == ["w", "b", "b", "w"]
    assert cells.count("-") == 60
    for bad in (dict(rows=2), dict(cols=27), dict(rows=101), dict(rows="four")):
        with pytest.raises(OptionError):
            game(**bad)


def test_rows_past_nine_have_two_digit_names():
    g = game(rows=12, cols=3)
    position = set_up(g, "(b " + " ".join(["---"] * 10 + ["wb-", "bw-"]) + ")")
    assert sorted(g.format_move(position, m) for m in g.moves(position)) == ["a10", "c12"]
    assert g.format_position(g.play(position, g.parse_move(position, "A10"))) == \
        "(w " + " ".join(["---"] * 9 + ["b--", "bb-", "bw-"]) + ")"


def test_eight_by_eight_plays_but_is_not_solvable():
    g = game(rows=8, cols=8)
    assert not g.capabilities.solvable and game().capabilities.solvable
    assert not game(rows=4, cols=5).capabilities.solvable
    rng = random.Random(5)
    for _ in range(5):
        position = g.start()
        while not g.is_over(position):
            position = g.play(position, rng.choice(g.moves(position)))
        assert g.parse_position(g.format_position(position)) == position
        assert sum(g.score(position[1])) <= 64


def test_render_has_coordinates_and_score():
    g = game()
    lines = g.render(g.start()).splitlines()
    assert lines[0].split() == ["a", "b", "c", "d"]
    assert lines[2].split() == ["2", "-", "w", "b", "-"]
    assert "black 2, white 2" in lines[-1] and "b to move" in lines[-1]
    assert "game over" in g.render(g.parse_position("(b wwwb bwww bwww bwww)"))


@pytest.mark.parametrize("text, problem", [
    ("(b ---- -wb- -bw-- ----)", "row 3 has 5 cells, expected 4"),
    ("(b ---- -wb- -bw-)", "3 rows, expected 4"),
    ("(x ---- -wb- -bw- ----)", "turn 'x' is not b or w"),
    ("(b ---- -wo- -bw- ----)", "cell c2 is 'o'"),
    ("b ---- -wb- -bw- ----", "parentheses"),
    ("(w ---- -wb- -bw- ----)", "no move was made: the position can only be the start, (b ---- -wb- -bw- ----)"),
    ("(b ---- -bb- -bw- ----)", "only the starting four are on the board"),
])
def test_parse_errors_name_the_problem(text, problem):
    with pytest.raises(PositionError, match=re.escape(problem)) as caught:
        game().parse_position(text)
    assert str(caught.value).startswith("othello:")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="()bwBW- \tpas1", max_size=24) | st.text(max_size=24))
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


@pytest.mark.parametrize("misere, place_anywhere", list(itertools.product([False, True], repeat=2)))
@pytest.mark.parametrize("rows, cols", [(3, 3), (3, 4), (4, 3)])
def test_solver_consistency_small_boards(rows, cols, misere, place_anywhere):
    g = game(rows=rows, cols=cols, misere=misere, place_anywhere=place_anywhere)
    assert check_solver_consistency(g, 20_000) > 10


@pytest.mark.slow
def test_solver_consistency_default_board():
    assert check_solver_consistency(game(), 100_000) > 50_000


def test_four_by_four_is_a_win_for_white():
    """A published result: 4x4 Othello is won by the second player (White) under perfect play."""
    g = game()
    result = Solver(g, database=None).result(g.start())
    assert result.value is Value.LOSE  # for Black, who moves first


@pytest.mark.parametrize("misere, place_anywhere", list(itertools.product([False, True], repeat=2)))
@pytest.mark.parametrize("rows, cols", [(4, 4), (10, 5)])
def test_random_playouts_round_trip(rows, cols, misere, place_anywhere):
    g = game(rows=rows, cols=cols, misere=misere, place_anywhere=place_anywhere)
    # every move fills a cell or passes, and two passes in a row end the game
    assert check_random_playouts(g, seed=rows, playouts=3, cap=2 * rows * cols + 2) == 3


# Black may take the corner h8 (flipping one piece) or, among others, play f4 (flipping three).
CORNER_CHOICE = "(b ---wwww- --wbbbb- ---bwb-- bbbbb-wb ---bwwww ----bbw- ---b--w- ------w-)"


def test_alphabeta_takes_the_corner_with_the_heuristic_and_is_blind_without(monkeypatch):
    g = game(rows=8, cols=8)
    position = g.parse_position(CORNER_CHOICE)
    assert not g.capabilities.solvable

    def choices():
        return {g.format_move(position, make_strategy(g, ["alphabeta", "2"], random.Random(seed)).choose(position).move)
                for seed in range(6)}

    assert choices() == {"h8"}
    monkeypatch.setattr(g, "evaluate", lambda position: None)
    assert len(choices()) > 1  # every horizon scores 0: the shuffled move order decides


@pytest.mark.parametrize("place_anywhere", [False, True])
def test_evaluate_is_bounded_for_the_mover_and_negated_under_misere(place_anywhere):
    normal, misere = game(rows=6, cols=6, place_anywhere=place_anywhere), \
        game(rows=6, cols=6, place_anywhere=place_anywhere, misere=True)
    for position in random_positions(normal, seed=4, count=60, longest=40):
        estimate = normal.evaluate(position)
        assert -1 <= estimate <= 1
        assert misere.evaluate(position) == -estimate
        if normal.outcome(position) is not None:
            mover = normal.to_move(position)
            utilities = normal.outcome(position)
            assert estimate == (utilities[mover] > utilities[1 - mover]) - (utilities[mover] < utilities[1 - mover])


def test_evaluate_prefers_holding_corners_and_more_pieces_late():
    g = game(rows=8, cols=8)
    mine = set_up(g, "(b b------- -------- -------- ---wb--- ---bw--- -------- -------- --------)")
    theirs = set_up(g, "(b w------- -------- -------- ---wb--- ---bw--- -------- -------- --------)")
    assert g.evaluate(mine) > 0 > g.evaluate(theirs)
    nearly_full = g.parse_position("(w " + " ".join(["bbbbbbbb"] * 6 + ["wwwwwwww", "wwwwww--"]) + ")")
    assert g.evaluate(nearly_full) < 0  # white to move, with fewer pieces on an almost full board
