"""Tomorrow's Tic-Tac-Toe: the sheet's strings, every option, and the solver."""
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

SHEET_START = "(x ---- x--- --o-)"
SHEET_MID_GAME = "(o -xx- xxoo --o-)"


def game(**options):
    return make_game("tomorrowstictactoe", **options)


def after(g, text, *moves):
    position = g.parse_position(text)
    for move in moves:
        position = g.play(position, g.parse_move(position, move))
    return position


def test_sheet_strings():
    g = game()
    assert g.format_position(g.start()) == SHEET_START
    for text in (SHEET_START, SHEET_MID_GAME):
        assert g.format_position(g.parse_position(text)) == text
    assert g.format_position(g.parse_position(" ( X ----  x--- --O- ) ")) == SHEET_START


def test_the_sheets_spaced_strings_are_the_same_positions():
    """The sheet writes its strings one cell a word; the rows are then its cells in order."""
    g = game()
    assert g.parse_position("(x - - - - x - - - - - o -)") == g.parse_position(SHEET_START)
    assert g.format_position(g.parse_position("(o -xx- xxoo - - o -)")) == SHEET_MID_GAME


def test_sheet_mid_game_is_reached_and_x_wins():
    g = game()
    position = after(g, SHEET_START, "b1", "c2", "c1", "d2", "b2")
    assert g.format_position(position) == SHEET_MID_GAME
    assert g.outcome(position) is None
    # X threatens a1, d1 and b3 at once: whatever O does, X completes a row ("X-player wins").
    for reply in g.moves(position):
        answer = g.play(position, reply)
        assert any(g.outcome(g.play(answer, m)) == (1.0, -1.0) for m in g.moves(answer))
    assert str(Solver(g, database=None).result(position)) == "lose 2"


def test_cells_are_column_letter_then_row_number():
    g = game()
    assert g.format_position(after(g, SHEET_START, "a1")) == "(o x--- x--- --o-)"
    assert g.format_position(after(g, SHEET_START, "D3")) == "(o ---- x--- --ox)"
    assert g.format_move(g.start(), g.parse_move(g.start(), "d1")) == "d1"
    for text in ("a2", "c3", "e1", "a4", "a0", "1a", "", "pass", "a 1"):
        with pytest.raises(IllegalMove):
            g.parse_move(g.start(), text)


def test_horizontal_and_vertical_lines_win_diagonals_only_with_the_option():
    g = game(empty_start=True)
    assert g.outcome(g.parse_position("(o xxx- oo-- ----)")) == (1.0, -1.0)
    assert g.outcome(g.parse_position("(x xx-o ---o x--o)")) == (-1.0, 1.0)
    diagonal = "(o x--- ox-- o-x-)"
    assert g.outcome(g.parse_position(diagonal)) is None
    with_diagonals = game(empty_start=True, diagonals=True)
    assert with_diagonals.outcome(with_diagonals.parse_position(diagonal)) == (1.0, -1.0)
    anti_diagonal = "(x x-o- -o-- ox-x)"
    assert with_diagonals.outcome(with_diagonals.parse_position(anti_diagonal)) == (-1.0, 1.0)


def test_misere_three_in_a_row_loses():
    g = game(misere=True, empty_start=True)
    assert g.outcome(g.parse_position("(o xxx- oo-- ----)")) == (-1.0, 1.0)
    g = game(misere=True, diagonals=True, empty_start=True)
    assert g.outcome(g.parse_position("(o x--- ox-- o-x-)")) == (-1.0, 1.0)


def test_full_board_without_a_line_is_a_tie_and_the_game_stops_at_a_line():
    g = game()
    full = g.parse_position("(x oxxo xoox xxoo)")
    assert g.outcome(full) == (0.0, 0.0) and g.moves(full) == []
    won = g.parse_position("(o xxx- xo-- -oo-)")
    assert g.moves(won) == []
    with pytest.raises(IllegalMove):
        g.parse_move(won, "d1")


def test_other_sizes_start_empty():
    assert game(empty_start=True).format_position(game(empty_start=True).start()) == "(x ---- ---- ----)"
    g = game(rows=4, cols=5)
    assert g.format_position(g.start()) == "(x ----- ----- ----- -----)"
    assert g.format_position(after(g, "(x ----- ----- ----- -----)", "e4")) == "(o ----- ----- ----- ----x)"
    g = game(rows=1, cols=5)
    assert g.outcome(g.parse_position("(o oxxxo)")) == (1.0, -1.0)
    for bad in (dict(rows=0), dict(rows=101), dict(cols=27), dict(diagonals="maybe")):
        with pytest.raises(OptionError):
            game(**bad)


def test_rows_past_nine_have_two_digit_names():
    g = game(rows=100, cols=1)
    position = g.play(g.start(), g.parse_move(g.start(), "a100"))
    assert g.format_move(position, 98) == "a99"
    assert g.format_position(position).endswith(" - x)")
    assert g.parse_position(g.format_position(position)) == position


@pytest.mark.parametrize("text, problem", [
    ("(x ---- x--- --o- ----)", "4 rows, expected 3 (one word a row, or the 12 cells in order, spaced as you like)"),
    ("(x - - - - x - - - - o -)", "11 rows, expected 3 (one word a row, or the 12 cells in order, spaced as you like)"),
    ("(x ---- x-- --o-)", "row 2 has 3 cells, expected 4"),
    ("(x ---- x--- --q-)", "cell c3 is 'q'"),
    ("(z ---- x--- --o-)", "turn 'z' is not x or o"),
    ("(x xxx- ooo- ----)", "both x and o have three in a row"),
    ("x ---- x--- --o-", "parentheses"),
    ("()", "empty position"),
])
def test_parse_errors_name_the_problem(text, problem):
    with pytest.raises(PositionError, match=re.escape(problem)) as caught:
        game().parse_position(text)
    assert str(caught.value).startswith("tomorrowstictactoe:")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="()xoXO- \t", max_size=20) | st.text(max_size=20))
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


def test_render_has_coordinates():
    drawing = game().render(game().start())
    assert drawing.splitlines()[0].split() == ["a", "b", "c", "d"]
    assert drawing.splitlines()[2].split() == ["2", "x", "-", "-", "-"]
    assert "x to move" in drawing


@pytest.mark.parametrize("misere, diagonals, empty_start", list(itertools.product([False, True], repeat=3)))
@pytest.mark.parametrize("rows, cols", [(3, 4), (11, 5)])
def test_random_playouts_round_trip(rows, cols, misere, diagonals, empty_start):
    g = game(rows=rows, cols=cols, misere=misere, diagonals=diagonals, empty_start=empty_start)
    # every move fills a cell
    assert check_random_playouts(g, seed=rows, playouts=3, cap=rows * cols + 1) == 3


def test_three_by_three_with_diagonals_is_tic_tac_toe():
    """The well-known facts: 5,478 reachable positions, and perfect play ties in 9 moves.

    Every position also gets the same value as in the Tic-Tac-Toe module.
    """
    g = game(rows=3, cols=3, diagonals=True)
    solver = Solver(g, database=None)
    assert str(solver.result(g.start())) == "tie 9"
    assert len(solver.table) == 5478
    ttt = make_game("tictactoe")
    reference = Solver(ttt, database=None)
    for position in solver.table:
        text = g.format_position(position)
        assert str(solver.result(position)) == str(reference.result(ttt.parse_position(text))), text


@pytest.mark.slow
@pytest.mark.parametrize("misere, diagonals", list(itertools.product([False, True], repeat=2)))
def test_solver_consistency_sheet_board(misere, diagonals):
    assert check_solver_consistency(game(misere=misere, diagonals=diagonals), 20_000) > 10_000


@pytest.mark.parametrize("misere, diagonals", list(itertools.product([False, True], repeat=2)))
@pytest.mark.parametrize("rows, cols", [(2, 4), (1, 7), (4, 2)])
def test_solver_consistency_small_empty_boards(rows, cols, misere, diagonals):
    assert check_solver_consistency(game(rows=rows, cols=cols, misere=misere, diagonals=diagonals), 50_000) > 1


@pytest.mark.parametrize("misere", [False, True])
def test_solve_default_game(misere):
    g = game(misere=misere)
    solver = Solver(g, database=None)
    result = solver.result(g.start())
    assert result.value in (Value.WIN, Value.LOSE, Value.TIE)
    assert result.remoteness <= 10  # ten empty cells
    position = g.start()
    while not g.is_over(position):  # perfect play keeps the value to the end
        position = g.play(position, solver.best_moves(position)[0])
    ended = Solver(g, database=None).result(position)
    assert ended.remoteness == 0
    expected = result.value if (result.remoteness % 2 == 0) else result.value.flipped()
    assert ended.value is expected


def test_solvable_sizes():
    assert game().capabilities.solvable and game(empty_start=True).capabilities.solvable
    assert not game(rows=4, cols=4).capabilities.solvable
