"""Variant options: declared once as typed attributes, one validation path for flags,
key=value pairs and spec strings."""
from typing import assert_type

import pytest

from gamesman.contract.errors import OptionError
from gamesman.contract.game import Game
from gamesman.contract.options import Option, describe
from gamesman.contract.registry import game_class, game_from_flags, game_from_pairs, game_from_spec, game_names, make_game


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
    (["--heaps="], "heaps must be int from 1 to 20, not ''"),
    (["--misere= "], "misere must be true or false, not ''"),
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
    bounded = Option(float, 0.5, "a ratio", low=0, high=1, name="ratio")
    with pytest.raises(OptionError, match=f"ratio must be float from 0 to 1, not {text.lower()}"):
        bounded.convert("toy", text)
    with pytest.raises(OptionError, match="ratio must be float from 0 to 1, not nan"):
        bounded.convert("toy", float("nan"))
    if text != "2.5":
        with pytest.raises(OptionError, match="must be finite float"):
            Option(float, 0.5, "a ratio", name="ratio").convert("toy", text)
    assert bounded.convert("toy", "0.25") == 0.25


def test_a_flag_given_twice_is_refused():
    with pytest.raises(OptionError, match="--heaps is given twice"):
        game_from_flags("nim", ["--heaps", "2", "--heaps", "3"])
    with pytest.raises(OptionError, match="--misere is given twice"):
        game_from_flags("nim", ["--misere", "--no-misere"])


class Square(Game):
    name = "square"
    side = Option(int, 3, "side of the board", low=1, high=9)
    misere = Option(bool, False, "a line loses")


class Box(Square):
    name = "box"
    side = Option(int, 2, "edge of the cube", low=1, high=4)  # redeclared: keeps its place
    depth = Option(int, 1, "layers", low=1, high=4)


class Flat(Square):
    name = "flat"
    misere = False  # fixed: no option of this class


def test_an_option_reads_as_its_attribute_typed() -> None:
    square = Square(side="5")  # as the doors give it: text
    assert assert_type(square.side, int) == 5 and type(square.side) is int  # mypy checks the types
    assert assert_type(square.misere, bool) is False
    assert assert_type(Square.side, Option[int]) is Square.options[0]  # on the class: the option
    assert (Square.side.name, Square.side.high) == ("side", 9)


def test_a_game_reads_its_options_as_attributes():
    game = game_from_flags("connectfour", ["--rows", "5", "--misere"])
    assert (game.rows, game.cols, game.in_a_row, game.misere) == (5, 7, 4, True)


def test_a_subclass_inherits_redeclares_adds_and_fixes_options():
    assert [option.name for option in Square.options] == ["side", "misere"]
    assert [option.name for option in Box.options] == ["side", "misere", "depth"]
    assert Box(depth=3).spec == "box(side=2,misere=false,depth=3)"
    assert (Box(depth=3).depth, Square(side=9).side) == (3, 9)
    assert Flat(side=4).spec == "flat(side=4)" and Flat().misere is False
    with pytest.raises(OptionError, match="flat: unknown option 'misere' \\(options: side\\)"):
        Flat(misere=True)
    nim3p = make_game("nim3p", size=6)  # Nim's take and misere are fixed in Nim3P
    assert [option.name for option in game_class("nim3p").options] == ["heaps", "size", "extra"]
    assert (nim3p.take, nim3p.spec) == (6, "nim3p(heaps=3,size=6,extra=false)")


def test_an_option_named_like_the_contract_takes_another_attribute():
    poker = game_from_pairs("poker", ["players=4"])
    assert (poker.player_count, poker.players, poker.settings["players"]) == (4, 4, 4)
    assert poker.spec.startswith("poker(players=4,")
    assert [option.flag for option in game_class("sim").options][:2] == ["--nodes", "--players"]
    assert game_from_flags("sim", ["--players", "3"]).player_names == ("x", "o", "z")
    with pytest.raises(TypeError, match="may not hide the attribute players .* name='players'"):
        type("Crowd", (Square,), {"players": Option(int, 2, "players")})
    with pytest.raises(TypeError, match="two options are named 'side'"):
        type("Twice", (Square,), {"edge": Option(int, 2, "edge", name="side")})


@pytest.mark.parametrize("game, words, message", [
    ("connectfour", ["--rows", "21"], "connectfour: rows must be int from 1 to 20, not 21"),
    ("poker", ["--players", "11"], "poker: players must be int from 2 to 10, not 11"),
    ("cube", ["--metric", "stm"], "cube: metric must be one of htm, qtm, not stm"),
])
def test_an_out_of_range_value_is_refused_in_one_line(game, words, message):
    with pytest.raises(OptionError) as caught:
        game_from_flags(game, words)
    assert str(caught.value) == message


@pytest.mark.parametrize("name", game_names())
def test_each_option_line_names_its_default_once(name):
    """``gamesman games`` adds the default to each option's help: the help itself says what the
    other setting does, not the default again."""
    for option in game_class(name).options:
        line = describe(option)
        assert line.count("default") == 1, line
