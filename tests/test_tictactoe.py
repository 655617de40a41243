"""Tic-Tac-Toe: position and move strings, impossible boards, misère."""
import pytest

from gamesman.contract.errors import IllegalMove, PositionError
from gamesman.contract.registry import make_game
from gamesman.solver.strong import Solver


def test_start_and_strings():
    game = make_game("tictactoe")
    assert game.format_position(game.start()) == "(x --- --- ---)"
    position = game.parse_position("(O XO- --- --X)")
    assert position == (1, "xo------x")
    assert game.format_position(position) == "(o xo- --- --x)"


@pytest.mark.parametrize("text, fragment", [
    ("(x --- ---)", "2 rows, expected 3"),
    ("(x --- --- -q-)", "cell b3 is 'q'"),
    ("(x ---- --- ---)", "row 1 has 4 cells, expected 3"),
    ("(y --- --- ---)", "turn 'y' is not x or o"),
    ("(x xxx ooo ---)", "both x and o have three in a row"),
    ("(o xox xox xox)", "both x and o have three in a row"),
])
def test_bad_positions_name_the_problem(text, fragment):
    with pytest.raises(PositionError) as caught:
        make_game("tictactoe").parse_position(text)
    assert fragment in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_line_holder_may_be_the_one_to_move():
    """Only both players' lines are refused; the turn token says who moves, and the game is over."""
    game = make_game("tictactoe")
    for text in ("(o xxx oo- ---)", "(x xxx oo- ---)"):
        position = game.parse_position(text)
        assert game.outcome(position) == (1.0, -1.0)
        assert game.moves(position) == []
    assert str(Solver(game, database=None).result(game.parse_position("(x xxx oo- ---)"))) == "win 0"


def test_moves_name_empty_cells():
    game = make_game("tictactoe")
    position = game.parse_position("(x xo- --- ---)")
    assert [game.format_move(position, m) for m in game.moves(position)] == \
        ["c1", "a2", "b2", "c2", "a3", "b3", "c3"]
    assert game.format_position(game.play(position, game.parse_move(position, "B2"))) == "(o xo- -x- ---)"


@pytest.mark.parametrize("text, fragment", [
    ("a1", "a1 is not an empty cell"),
    ("d1", "off the board"),
    ("a4", "off the board"),
    ("11", "is not a cell"),
    ("a\u00b2", "is not a cell"),
])
def test_bad_moves_name_the_problem(text, fragment):
    game = make_game("tictactoe")
    with pytest.raises(IllegalMove) as caught:
        game.parse_move(game.parse_position("(x xo- --- ---)"), text)
    assert fragment in str(caught.value)


def test_three_in_a_row_wins_or_under_misere_loses_and_a_full_board_ties():
    line = "(o xx- oo- --x)", "(o xxx oo- ---)"
    normal, misere = make_game("tictactoe"), make_game("tictactoe", misere=True)
    assert normal.outcome(normal.parse_position(line[0])) is None
    assert normal.outcome(normal.parse_position(line[1])) == (1.0, -1.0)
    assert misere.outcome(misere.parse_position(line[1])) == (-1.0, 1.0)
    assert normal.outcome(normal.parse_position("(o xox xoo oxx)")) == (0.0, 0.0)
    assert make_game("tictactoe", misere=True).spec == "tictactoe(misere=true)"
