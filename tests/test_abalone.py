"""Abalone: the sheet's board, the start for any size, runs and pushes, captures, trapping, freeze, the solver."""
import itertools

import pytest

from gamesman.contract.errors import IllegalMove, OptionError, PositionError
from gamesman.contract.registry import make_game
from gamesman.solver.strong import Solver, Value
from playout_checks import check_batch_expand, check_random_playouts, random_positions
from solver_checks import check_engines_agree, check_solver_consistency, reachable

SHEET_START = "(b bbb- b--w b--w -www)"
BLACK_WINS, WHITE_WINS = (1.0, -1.0), (-1.0, 1.0)


def abalone(**options):
    return make_game("abalone", **options)


def after(game, text, *moves):
    """The position string after playing ``moves`` (as text) from ``text``."""
    position = game.parse_position(text)
    for move in moves:
        position = game.play(position, game.parse_move(position, move))
    return game.format_position(position)


def move_names(game, text):
    position = game.parse_position(text)
    return {game.format_move(position, move) for move in game.moves(position)}


def refused(game, text, move):
    """The reason ``move`` is refused in ``text`` (and the position is left as it was)."""
    position = game.parse_position(text)
    with pytest.raises(IllegalMove) as caught:
        game.parse_move(position, move)
    assert game.format_position(position) == text
    return str(caught.value)


def test_the_default_start_is_the_sheet_board():
    game = abalone()
    assert game.spec == "abalone(rows=4,cols=4,captures=2,misere=false,freeze=false)"
    assert game.format_position(game.start()) == SHEET_START
    assert game.format_position(game.parse_position(SHEET_START)) == SHEET_START


@pytest.mark.parametrize("rows, cols, start", [
    (3, 3, "(b bb- b-w -ww)"),
    (3, 5, "(b bbbb- b---w -wwww)"),
    (5, 3, "(b bb- b-w b-w b-w -ww)"),
])
def test_other_sizes_start_along_the_same_edges(rows, cols, start):
    game = abalone(rows=rows, cols=cols)
    assert game.format_position(game.start()) == start
    position = game.start()
    assert position[1].count("b") == position[1].count("w") == rows + cols - 3


def test_parsing_is_lenient_about_spacing_and_case():
    game = abalone()
    assert game.format_position(game.parse_position(" ( B BBB- b--w  b--W -www ) ")) == SHEET_START


def test_moves_of_the_start():
    assert move_names(abalone(), SHEET_START) == {
        "a1-n", "a1-ne", "a1-e", "b1-n", "b1-ne", "b1-e", "c1-n", "c1-e", "c1-nw",
        "a2-n", "a2-ne", "a2-e", "a3-n", "a3-e", "a3-se"}


def test_a_piece_takes_the_run_in_front_of_it_along():
    game = abalone(captures=5)
    assert after(game, "(b bbb- ---- ---- ---w)", "a1-e") == "(w -bbb ---- ---- ---w)"
    assert after(game, "(b bbb- ---- ---- ---w)", "b1-e") == "(w b-bb ---- ---- ---w)"
    assert after(game, "(b bbb- ---- ---- ---w)", "c1-n") == "(w bb-- --b- ---- ---w)"


def test_two_push_one_along_a_row():
    game = abalone(captures=5)
    assert after(game, "(b bbw- ---- ---- ----)", "a1-e") == "(w -bbw ---- ---- ----)"


def test_two_push_one_along_a_diagonal():
    game = abalone(captures=5)
    assert after(game, "(b b--- -b-- --w- ----)", "a1-ne") == "(w ---- -b-- --b- ---w)"


def test_three_push_two():
    game = abalone(rows=3, cols=6, captures=6)
    assert after(game, "(b bbbww- ------ ------)", "a1-e") == "(w -bbbww ------ ------)"


def test_three_push_two_off_the_board_captures_one():
    game = abalone(rows=3, cols=6, captures=6)
    text = after(game, "(b -bbbww ------ ------)", "b1-e")
    assert text == "(w --bbbw ------ ------)"
    assert game.captured_by(game.parse_position(text)[1]) == (5, 3)
    assert game.outcome(game.parse_position(text)) is None


@pytest.mark.parametrize("text, move, reason", [
    ("(b bw-- ---- ---- ----)", "a1-e", "1 of your pieces cannot push 1"),
    ("(b bbww ---- ---- ----)", "a1-e", "2 of your pieces cannot push 2"),
    ("(b bbwb ---- ---- ----)", "a1-e", "backed"),
    ("(b --bb ---- ---- ---w)", "c1-e", "leave the board"),
    ("(b b--- ---- ---- ---w)", "a1-s", "leave the board"),
    ("(b b--- ---- ---- ---w)", "d4-s", "not a piece of b"),
    ("(b b--- ---- ---- ---w)", "b2-n", "not a piece of b"),
])
def test_blocked_moves(text, move, reason):
    assert reason in refused(abalone(captures=5), text, move)


def test_a_capture_counts_and_c_captures_win():
    game = abalone()
    text = after(game, "(b bbbw b--- ---- -www)", "b1-e")
    assert text == "(w b-bb b--- ---- -www)"
    position = game.parse_position(text)
    assert game.captured_by(position[1]) == (2, 1)
    assert game.outcome(position) == BLACK_WINS
    assert game.moves(position) == []
    assert abalone(misere=True).outcome(position) == WHITE_WINS


def test_one_capture_short_of_c_plays_on():
    game = abalone(captures=3)
    position = game.parse_position("(w b-bb b--- ---- -www)")
    assert game.outcome(position) is None


def test_a_trapped_player_loses_and_under_misere_wins():
    text = "(b bw- ww- ---)"
    game = abalone(rows=3, cols=3, captures=3)
    position = game.parse_position(text)
    assert game.moves(position) == []
    assert game.outcome(position) == WHITE_WINS
    assert abalone(rows=3, cols=3, captures=3, misere=True).outcome(position) == BLACK_WINS


FROZEN = "(b --b- wwb- ---- ----)"  # white a2-e could push c2: c2 is frozen


def test_freeze_a_pushable_piece_may_not_move():
    game = abalone(captures=5, freeze=True)
    position = game.parse_position(FROZEN)
    assert game.frozen(position[1], 0) == {6}  # c2, row 2 column c
    assert "frozen piece c2" in refused(game, FROZEN, "c2-n")
    assert not any(name.startswith("c2") for name in move_names(game, FROZEN))


def test_freeze_a_frozen_piece_may_not_move_inside_a_run():
    game = abalone(captures=5, freeze=True)
    assert "frozen piece c2" in refused(game, FROZEN, "c1-n")
    assert {"c1-e", "c1-ne", "c1-w"} <= move_names(game, FROZEN)


def test_without_freeze_the_same_moves_are_legal():
    game = abalone(captures=5)
    assert {"c2-n", "c1-n"} <= move_names(game, FROZEN)
    assert after(game, FROZEN, "c1-n") == "(w ---- wwb- --b- ----)"


def test_freeze_can_trap():
    # black's only piece is pushable by white (a1-e pushes it off): black cannot move
    game = abalone(rows=3, cols=3, captures=3, freeze=True)
    text = "(b wwb --- ---)"
    position = game.parse_position(text)
    assert abalone(rows=3, cols=3, captures=3).moves(position)
    assert game.moves(position) == []
    assert game.outcome(position) == WHITE_WINS


def test_move_syntax():
    game = abalone()
    position = game.start()
    assert game.parse_move(position, "A1-NE") == game.parse_move(position, " a1-ne ") == (0, 1)
    for bad in ("a1", "a1:ne", "a1-up", "a1ne", "e1-n", "a9-n", "-n", ""):
        with pytest.raises(IllegalMove):
            game.parse_move(position, bad)


@pytest.mark.parametrize("text, problem", [
    ("(b bbb- b--w b--w)", "3 rows"),
    ("(x bbb- b--w b--w -www)", "turn"),
    ("(b bbb- b--w b--w -ww)", "row 4"),
    ("(b bbb- b--w b--w -wwx)", "cell d4"),
    ("(b bbbb b--w b--w -www)", "6 b pieces"),
    ("(b b--- ---- ---- ---w)", "both players"),
    ("b bbb- b--w b--w -www", "parentheses"),
])
def test_bad_positions_are_refused_with_a_reason(text, problem):
    with pytest.raises(PositionError, match=problem) as caught:
        abalone().parse_position(text)
    assert str(caught.value).startswith("abalone:")


def test_option_ranges():
    with pytest.raises(OptionError):
        abalone(rows=3, cols=3, captures=4)
    with pytest.raises(OptionError):
        abalone(rows=2)
    with pytest.raises(OptionError):
        abalone(cols=27)
    with pytest.raises(OptionError):
        abalone(rows=101)
    assert abalone(rows=3, cols=3, captures=3).pieces == 3
    assert abalone(rows=100, cols=26, captures=123).pieces == 123


def test_rows_past_nine_have_two_digit_names():
    game = abalone(rows=12, cols=3, captures=12)
    assert move_names(game, "(w b-- " + " ".join(["---"] * 9 + ["w--", "---"]) + ")") == {
        "a11-n", "a11-ne", "a11-e", "a11-se", "a11-s"}
    assert after(game, "(b b-- " + " ".join(["---"] * 10) + " w--)", "A1-N") == \
        "(w --- b-- " + " ".join(["---"] * 9) + " w--)"


def test_evaluate_is_the_capture_lead_of_the_player_to_move():
    position = abalone(captures=3).parse_position("(w b-bb b--- ---- -www)")
    assert abalone(captures=3).evaluate(position) == pytest.approx(-1 / 5)
    assert abalone(captures=3, misere=True).evaluate(position) == pytest.approx(1 / 5)
    assert abalone().evaluate(abalone().start()) == 0


def test_solvable_up_to_sixteen_cells():
    assert abalone(rows=3, cols=3).capabilities.solvable
    assert abalone().capabilities.solvable and abalone(misere=True, freeze=True).capabilities.solvable
    assert abalone(rows=3, cols=5).capabilities.solvable
    assert not abalone(rows=4, cols=5).capabilities.solvable


@pytest.mark.parametrize("misere, freeze", list(itertools.product([False, True], repeat=2)))
@pytest.mark.parametrize("captures", [1, 2])
def test_fast_engine_agrees_with_the_reference_on_every_position(captures, misere, freeze):
    """The batch hooks (line tables over codes) against plain play, through both solvers."""
    check_engines_agree(abalone(rows=3, cols=3, captures=captures, misere=misere, freeze=freeze), at_least=1000)


@pytest.mark.parametrize("misere, freeze", list(itertools.product([False, True], repeat=2)))
@pytest.mark.parametrize("rows, cols, captures", [(4, 4, 2), (5, 3, 4)])
def test_batch_expand_agrees_with_play_on_random_positions(rows, cols, captures, misere, freeze):
    game = abalone(rows=rows, cols=cols, captures=captures, misere=misere, freeze=freeze)
    positions = random_positions(game, seed=rows, count=300, longest=60)
    assert any(game.outcome(position) is not None for position in positions)
    check_batch_expand(game, positions)


@pytest.mark.parametrize("misere, freeze", list(itertools.product([False, True], repeat=2)))
@pytest.mark.parametrize("rows, cols, captures", [(4, 4, 2), (11, 3, 3)])
def test_random_playouts_round_trip(rows, cols, captures, misere, freeze):
    game = abalone(rows=rows, cols=cols, captures=captures, misere=misere, freeze=freeze)
    check_random_playouts(game, seed=rows, playouts=3, cap=120)  # play may loop: capped


@pytest.mark.slow
@pytest.mark.parametrize("options", [
    dict(rows=3, cols=3),
    dict(rows=3, cols=3, captures=1),
    dict(rows=3, cols=3, misere=True),
    dict(rows=3, cols=3, freeze=True),
    dict(rows=3, cols=3, captures=3, misere=True, freeze=True),
])
def test_solver_consistency_on_3x3(options):
    check_solver_consistency(abalone(**options), 20_000)


def test_repetition_gives_draws():
    game = abalone(rows=3, cols=3, captures=1)
    solver = Solver(game, database=None)
    solver.solve()
    positions = reachable(game, game.start(), 10_000)
    values = {solver.result(position).value for position in positions}
    assert Value.DRAW in values
