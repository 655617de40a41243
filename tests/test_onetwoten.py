"""1, 2, ..., 10: position and move strings, bad input, misère and the target/step options."""
import pytest

from gamesman.contract.errors import IllegalMove, OptionError, PositionError
from gamesman.contract.registry import make_game


def test_start_and_strings():
    game = make_game("onetwoten")
    assert game.format_position(game.start()) == "(L 0)"
    assert game.parse_position(" ( r 7 ) ") == (1, 7)
    assert game.format_position((1, 7)) == "(R 7)"


@pytest.mark.parametrize("text, fragment", [
    ("(L 11)", "sum 11 is not in 0..10"),
    ("(L -1)", "sum -1 is not in 0..10"),
    ("(L ten)", "sum 'ten' is not a number"),
    ("(X 3)", "turn 'X' is not L or R"),
    ("(L 3 4)", "expected a turn and a sum, got 3 fields"),
    ("L 3", "with parentheses"),
])
def test_bad_positions_name_the_problem(text, fragment):
    with pytest.raises(PositionError) as caught:
        make_game("onetwoten").parse_position(text)
    assert fragment in str(caught.value)


def test_moves_add_one_to_step_but_never_pass_the_target():
    game = make_game("onetwoten", target=10, step=3)
    assert [game.format_move((0, 5), m) for m in game.moves((0, 5))] == ["1", "2", "3"]
    assert game.moves((0, 9)) == [1]
    assert game.play((0, 9), game.parse_move((0, 9), " 1 ")) == (1, 10)
    assert game.moves((1, 10)) == []


@pytest.mark.parametrize("position, text", [((0, 5), "4"), ((0, 9), "2"), ((0, 5), "0"), ((0, 5), "two"),
                                            ((0, 5), "\u0662"), ((1, 10), "1")])
def test_bad_moves_are_refused(position, text):
    game = make_game("onetwoten", target=10, step=3)
    with pytest.raises(IllegalMove) as caught:
        game.parse_move(position, text)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("position, move", [((0, 5), 4), ((0, 9), 2), ((0, 5), 0), ((0, 5), "1"), ((0, 5), 1.5)])
def test_play_refuses_what_is_not_a_move(position, move):
    with pytest.raises(IllegalMove, match="cannot add"):
        make_game("onetwoten", target=10, step=3).play(position, move)


def test_reaching_the_target_wins_or_under_misere_loses():
    # L brought the sum to 10, so R is to move
    assert make_game("onetwoten").outcome((1, 10)) == (1.0, -1.0)
    assert make_game("onetwoten", misere=True).outcome((1, 10)) == (-1.0, 1.0)
    assert make_game("onetwoten").outcome((1, 9)) is None


def test_options():
    game = make_game("onetwoten", target=21, step=3, misere=True)
    assert game.spec == "onetwoten(target=21,step=3,misere=true)"
    assert game.render((0, 2)).startswith("[oo-------------------]  sum 2 of 21")
    with pytest.raises(OptionError, match="step must be int from 1 to 100, not 0"):
        make_game("onetwoten", step=0)
    with pytest.raises(OptionError, match="target must be int from 1 to 10000"):
        make_game("onetwoten", target=10_001)
