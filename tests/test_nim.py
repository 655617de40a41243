"""Nim: position and move strings, bad input, misère, options and the solvable bound."""
import pytest

from gamesman.players import analysis
from gamesman.contract.errors import IllegalMove, OptionError, PositionError
from gamesman.contract.registry import make_game


def test_start_and_strings():
    game = make_game("nim", heaps=4, size=7, take=2)
    assert game.format_position(game.start()) == "(x 7 7 7 7)"
    position = game.parse_position("  ( O 0 7 3 1 ) ")
    assert position == (1, (0, 7, 3, 1))
    assert game.format_position(position) == "(o 0 7 3 1)"


@pytest.mark.parametrize("text, fragment", [
    ("x 5 5 5", "with parentheses"),
    ("(x 5 5)", "2 heaps, expected 3"),
    ("(x 5 5 5 5)", "4 heaps, expected 3"),
    ("(z 5 5 5)", "turn 'z' is not x or o"),
    ("(x 5 6 5)", "heap 2 6 is not in 0..5"),
    ("(x 5 five 5)", "heap 2 'five' is not a number"),
    ("()", "empty position"),
])
def test_bad_positions_name_the_problem(text, fragment):
    with pytest.raises(PositionError) as caught:
        make_game("nim").parse_position(text)
    assert fragment in str(caught.value)


def test_moves_take_from_one_heap():
    game = make_game("nim", heaps=2, size=5, take=3)
    position = game.parse_position("(x 5 2)")
    texts = [game.format_move(position, move) for move in game.moves(position)]
    assert texts == ["1-1", "1-2", "1-3", "2-1", "2-2"]
    assert game.format_position(game.play(position, game.parse_move(position, " 1-3 "))) == "(o 2 2)"


@pytest.mark.parametrize("text, fragment", [
    ("1-4", "cannot take 4 from heap 1"),  # more than take
    ("2-3", "cannot take 3 from heap 2"),  # more than the heap holds
    ("1-0", "cannot take 0 from heap 1"),
    ("0-1", "cannot take 1 from heap 0"),
    ("3-1", "cannot take 1 from heap 3"),
    ("13", "is not a move (write HEAP-COUNT"),
    ("1 - 3", "is not a move"),
    ("1-\u00b2", "is not a move"),  # a superscript two: int() cannot read it
    ("\u0661-1", "is not a move"),  # an Arabic-Indic one: int() would read it
])
def test_bad_moves_name_the_problem(text, fragment):
    game = make_game("nim", heaps=2, size=5, take=3)
    with pytest.raises(IllegalMove) as caught:
        game.parse_move(game.parse_position("(x 5 2)"), text)
    assert fragment in str(caught.value)
    assert "\n" not in str(caught.value)


def test_whoever_takes_the_last_item_wins_or_under_misere_loses():
    normal, misere = make_game("nim"), make_game("nim", misere=True)
    # x took the last item, so o is to move at the empty heaps
    end = normal.parse_position("(o 0 0 0)")
    assert normal.outcome(end) == (1.0, -1.0)
    assert misere.outcome(end) == (-1.0, 1.0)
    assert normal.outcome(normal.parse_position("(o 0 1 0)")) is None
    assert normal.moves(end) == []


def test_options():
    assert make_game("nim", heaps=2, size=9, take=9).spec == "nim(heaps=2,size=9,take=9,misere=false)"
    with pytest.raises(OptionError, match="take must be from 1 to size \\(4\\), not 5"):
        make_game("nim", size=4, take=5)
    with pytest.raises(OptionError, match="heaps must be int from 1 to 20, not 21"):
        make_game("nim", heaps=21)


@pytest.mark.parametrize("heaps, size, take", [(1, 9, 4), (2, 6, 6), (3, 4, 1), (3, 5, 3)])
def test_the_solvable_bound_counts_every_reachable_position(heaps, size, take):
    """The bound behind the declared solvable covers what the solver meets from the start."""
    game = make_game("nim", heaps=heaps, size=size, take=take)
    reachable = analysis.count(game).positions
    assert reachable <= game.players * (size + 1) ** heaps


def test_solvable_refuses_what_would_take_too_long():
    assert make_game("nim").capabilities.solvable
    assert make_game("nim", heaps=4, size=20, take=20).capabilities.solvable
    assert not make_game("nim", heaps=20, size=1000, take=1000).capabilities.solvable
    assert not make_game("nim", heaps=3, size=1000, take=1).capabilities.solvable  # a billion positions
    assert not make_game("nim3p", heaps=20, size=1000).capabilities.solvable


@pytest.mark.parametrize("heap", ["١", "5_0", "+5", "²"])
def test_heaps_are_written_in_ascii_digits_only(heap):
    with pytest.raises(PositionError, match="is not a number"):
        make_game("nim").parse_position(f"(x {heap} 5 5)")
