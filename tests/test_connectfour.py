"""Connect Four: gravity, lines, strings, the heuristic, and solved small boards."""
import random

import pytest
from solver_checks import check_solver_consistency

from gamesman.contract.errors import IllegalMove, OptionError, PositionError
from gamesman.contract.game import two_player_result
from gamesman.contract.registry import make_game
from gamesman.dev.variants import unreduced
from gamesman.solver.strong import Solver, Value


def play(game, *moves, position=None):
    position = game.start() if position is None else position
    for text in moves:
        position = game.play(position, game.parse_move(position, text))
    return position


def test_start_is_an_empty_six_by_seven_board_with_x_to_move():
    game = make_game("connectfour")
    assert game.spec == "connectfour(rows=6,cols=7,in_a_row=4,misere=false)"
    assert game.format_position(game.start()) == "(x ------- ------- ------- ------- ------- -------)"
    assert [game.format_move(game.start(), m) for m in game.moves(game.start())] == list("abcdefg")


def test_pieces_fall_to_row_one_the_first_row_of_the_string():
    game = make_game("connectfour")
    position = play(game, "d", "d", "c")
    assert game.format_position(position) == "(o --xx--- ---o--- ------- ------- ------- -------)"
    lines = game.render(position).splitlines()
    assert lines[-1].split() == list("abcdefg")
    assert lines[-2].split() == ["1", "-", "-", "x", "x", "-", "-", "-"]
    assert lines[0].split()[0] == "6"


def test_parse_is_lenient_about_spacing_and_case():
    game = make_game("connectfour", rows=4, cols=4)
    assert game.parse_position("  ( X  xo--  ----   ---- ----) ") == game.parse_position("(x xo-- ---- ---- ----)")
    assert game.format_position(game.parse_position("(X XO-- ---- ---- ----)")) == "(x xo-- ---- ---- ----)"


@pytest.mark.parametrize("text, words", [
    ("(x ---- -x-- ---- ----)", "empty under a piece"),
    ("(x xxxx oooo ---- ----)", "both players"),
    ("(x ---- ---- ----)", "expected a turn and 4 rows"),
    ("(x ---- ---- ---- ---q)", "cell d4"),
    ("(y ---- ---- ---- ----)", "turn"),
    ("x ---- ---- ---- ----", "parentheses"),
])
def test_bad_positions_are_named(text, words):
    game = make_game("connectfour", rows=4, cols=4)
    with pytest.raises(PositionError, match=words) as problem:
        game.parse_position(text)
    assert str(problem.value).startswith("connectfour: ")


def test_moves_are_column_letters_in_any_case():
    game = make_game("connectfour", rows=2, cols=3, in_a_row=2)
    position = game.start()
    assert game.parse_move(position, " B ") == 1
    full = play(game, "b", "b")
    assert game.moves(full) == [0, 2]
    for text in ("b", "d", "a1", "", "-"):
        with pytest.raises(IllegalMove):
            game.parse_move(full, text)
    with pytest.raises(IllegalMove):
        game.play(full, 1)
    assert game.format_position(full) == "(x -x- -o-)"


@pytest.mark.parametrize("moves, winner", [
    ("a a b b c c d", 0),          # across in row 1
    ("a b a b a b c b", 1),        # o, up column b
    ("a b b c c d c d d g d", 0),  # diagonal a1 b2 c3 d4
    ("g f f e e d e d d a d", 0),  # the other diagonal g1 f2 e3 d4
])
def test_four_in_a_row_ends_the_game(moves, winner):
    game = make_game("connectfour")
    moves = moves.split()
    before = play(game, *moves[:-1])
    assert game.outcome(before) is None
    position = play(game, moves[-1], position=before)
    assert game.outcome(position) == two_player_result(winner)
    assert game.moves(position) == []
    assert game.parse_position(game.format_position(position)) == position


def test_misere_turns_the_line_into_a_loss():
    normal, misere = make_game("connectfour"), make_game("connectfour", misere=True)
    moves = "a b a b a b a".split()
    assert normal.outcome(play(normal, *moves)) == (1.0, -1.0)
    assert misere.outcome(play(misere, *moves)) == (-1.0, 1.0)


def test_a_full_board_without_a_line_is_a_tie():
    game = make_game("connectfour", rows=2, cols=2, in_a_row=2)
    assert game.outcome(play(game, "a", "b")) is None
    tie = make_game("connectfour", rows=2, cols=3, in_a_row=3)
    assert tie.outcome(play(tie, "a", "b", "c", "a", "b", "c")) == (0.0, 0.0)


def test_options_are_checked():
    with pytest.raises(OptionError):
        make_game("connectfour", in_a_row=8)
    with pytest.raises(OptionError):
        make_game("connectfour", cols=27)


@pytest.mark.parametrize("rows, cols, solvable", [(6, 7, False), (6, 5, False), (5, 6, False), (5, 5, True),
                                                  (4, 4, True), (4, 5, True), (5, 4, True)])
def test_only_boards_up_to_twenty_five_cells_are_solvable(rows, cols, solvable):
    assert make_game("connectfour", rows=rows, cols=cols).capabilities.solvable is solvable


def test_evaluate_counts_open_lines_for_the_player_to_move():
    game = make_game("connectfour")
    assert game.evaluate(game.start()) == 0
    three = play(game, "a", "g", "b", "g", "c")  # x has an open three in row 1; o to move
    assert -1 <= game.evaluate(three) < -0.2
    as_x = (0, three[1], three[2])
    assert game.evaluate(as_x) == pytest.approx(-game.evaluate(three))
    assert make_game("connectfour", misere=True).evaluate(three) == pytest.approx(-game.evaluate(three))


def test_every_reached_position_has_the_line_its_board_shows():
    game = make_game("connectfour", rows=5, cols=5)
    rng = random.Random(3)
    for _ in range(30):
        position = game.start()
        while game.outcome(position) is None:
            position = game.play(position, rng.choice(game.moves(position)))
            assert game.parse_position(game.format_position(position)) == position


def test_four_by_four_has_tromps_position_count_and_is_a_tie():
    # John Tromp counted 161,029 positions reachable on the 4x4 board; with
    # perfect play the game is a draw (his table of small boards).  (Solved up to
    # the mirror image, fewer positions are kept: see test_symmetry.)
    game = make_game("connectfour", rows=4, cols=4)
    assert Solver(unreduced(game), database=None).solve() == 161_029
    solver = Solver(game, database=None)
    assert 161_029 / 2 < solver.solve() < 161_029
    assert solver.result(game.start()).value is Value.TIE
    assert solver.result(game.start()).remoteness == 16


def test_four_by_four_values_are_consistent_from_the_middle_game():
    game = make_game("connectfour", rows=4, cols=4)
    for moves in ("b c b c", "a d d a"):
        check_solver_consistency(game, 20_000, root=play(game, *moves.split()))


def test_small_misere_boards_are_consistent():
    check_solver_consistency(make_game("connectfour", rows=3, cols=4, in_a_row=3, misere=True), 50_000)


def test_connect_two_is_a_first_player_win_in_three_moves():
    # By hand: x plays anywhere in row 1; o cannot cover both cells that would
    # join it (above, beside), so x's second piece makes two in a row.
    game = make_game("connectfour", rows=3, cols=3, in_a_row=2)
    assert str(Solver(game, database=None).result(game.start())) == "win 3"
