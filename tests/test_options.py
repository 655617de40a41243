"""Variant options: one validation path for flags, key=value pairs and spec strings."""
import pytest

from gamesman.contract.errors import OptionError
from gamesman.contract.options import Option
from gamesman.contract.registry import game_from_flags, game_from_pairs, game_from_spec, make_game


def test_defaults_and_spec():
    game = make_game("nim")
    assert game.spec == "nim(heaps=3,size=5,take=3,misere=false)"
    assert game_from_spec(game.spec) == game


def test_flags_pairs_and_spec_agree():
    by_flags = game_from_flags("nim", ["--heaps", "2", "--size=4", "--misere"])
    by_pairs = game_from_pairs("nim", ["heaps=2", "size=4", "misere=true"])
    by_spec = game_from_spec("nim(heaps=2,size=4,misere=true)")
    assert by_flags == by_pairs == by_spec
    assert by_flags.spec == "nim(heaps=2,size=4,take=3,misere=true)"
    assert game_from_flags("tictactoe", ["--no-misere"]).misere is False


@pytest.mark.parametrize("words, fragment", [
    (["--heaps", "0"], "heaps must be int from 1 to 20, not 0"),
    (["--heaps", "many"], "heaps must be int from 1 to 20, not many"),
    (["--rows", "3"], "unknown option '--rows'"),
    (["--heaps"], "--heaps needs a value"),
    (["--no-heaps"], "--heaps is not a flag"),
    (["--misere=maybe"], "misere must be true or false, not maybe"),
    (["--take", "9"], "take must be from 1 to size (5), not 9"),
])
def test_bad_options_name_the_problem(words, fragment):
    with pytest.raises(OptionError) as caught:
        game_from_flags("nim", words)
    assert fragment in str(caught.value)
    assert "\n" not in str(caught.value)


def test_unknown_game_lists_the_games():
    with pytest.raises(OptionError, match="unknown game 'chess'.*tictactoe"):
        make_game("chess")


def test_bad_spec():
    with pytest.raises(OptionError, match="not key=value"):
        game_from_spec("nim(heaps)")


@pytest.mark.parametrize("text", ["nan", "NaN", "inf", "-inf", "2.5"])
def test_float_options_take_finite_numbers_in_range(text):
    bounded = Option("ratio", float, 0.5, "a ratio", low=0, high=1)
    with pytest.raises(OptionError, match=f"ratio must be float from 0 to 1, not {text.lower()}"):
        bounded.convert("toy", text)
    with pytest.raises(OptionError, match="ratio must be float from 0 to 1, not nan"):
        bounded.convert("toy", float("nan"))
    if text != "2.5":
        with pytest.raises(OptionError, match="must be finite float"):
            Option("ratio", float, 0.5, "a ratio").convert("toy", text)
    assert bounded.convert("toy", "0.25") == 0.25


def test_a_flag_given_twice_is_refused():
    with pytest.raises(OptionError, match="--heaps is given twice"):
        game_from_flags("nim", ["--heaps", "2", "--heaps", "3"])
    with pytest.raises(OptionError, match="--misere is given twice"):
        game_from_flags("nim", ["--misere", "--no-misere"])
