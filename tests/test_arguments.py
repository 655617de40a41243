"""One splitter of ``GAME [options]`` for every door: flags and key=value pairs alike."""
import subprocess
import sys

import pytest

from gamesman.contract.errors import GameError
from gamesman.doors.arguments import split_arguments
from gamesman.protocol.engine import Engine


@pytest.mark.parametrize("words", [
    ["hex", "--size", "3", "--swap"],
    ["hex", "--size=3", "--swap"],
    ["hex", "size=3", "swap=true"],
    ["hex", "size=3", "--swap"],
])
def test_flags_and_pairs_give_the_same_variant(words):
    assert split_arguments(words, {}).game.spec == "hex(size=3,swap=true)"


def test_own_flags_repeat_and_positionals_stay_whole():
    split = split_arguments(["tictactoe", "--player", "a b", "(x", "---", "---", "---)", "--player", "c"],
                            {"--player": True})
    assert split.flags == {"--player": ["a b", "c"]}
    assert split.position() == "(x --- --- ---)"


@pytest.mark.parametrize("words, message", [
    (["hex", "colour=red"], "hex: unknown option 'colour' (options: size, swap)"),
    (["hex", "--colour", "red"], "hex: unknown option '--colour'"),
    (["hex", "--size"], "needs a value"),
    (["hex", "size=" + "9" * 5000], "hex: size must be int from 1 to 19"),
    ([], "name a game"),
    (["size=3"], "name a game"),
    (["hex(size=3)"], "unknown game 'hex(size=3)'"),
])
def test_bad_words_get_one_line(words, message):
    with pytest.raises(GameError, match=message.replace("(", r"\(").replace(")", r"\)")) as caught:
        split_arguments(words, {})
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("line", ["game hex --size 3", "game hex size=3", "game hex --size=3 --no-swap"])
def test_the_protocol_game_command_takes_flags_like_the_cli_and_shell(line):
    engine = Engine(split_arguments(["tictactoe"], {}).game)
    assert engine.handle_line(line.encode() + b"\n").decode() == "= hex(size=3,swap=false)\n\n"


def test_the_cli_takes_pairs_too():
    run = subprocess.run([sys.executable, "-m", "gamesman", "start", "nim", "heaps=2", "--size", "4"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and run.stdout.strip() == "(x 4 4)"


def game_flags(cls):
    """Each flag a user may write for the game's options, with a value the option takes."""
    from gamesman.contract.options import format_value

    for option in cls.options:
        yield option.flag, option, format_value(option.default)
        if option.type is bool:
            yield "--no-" + option.flag[2:], option, format_value(option.default)


def test_no_game_option_shares_a_name_with_a_command_flag_silently():
    """Every registered game against every command: a flag after the game's name that is
    both is refused, naming both; the game's is said as a pair, the command's before the game."""
    from gamesman.contract.registry import game_class, game_names
    from gamesman.doors.cli import own_flags

    clashes = 0
    for command, own in own_flags().items():
        for name in game_names():
            for flag, option, value in game_flags(game_class(name)):
                if flag not in own:
                    continue
                clashes += 1
                words = [flag, value] if own[flag] else [flag]
                with pytest.raises(GameError) as caught:
                    split_arguments([name, *words], own)
                message = str(caught.value)
                assert f"{option.name}=" in message and f"before {name}" in message, (command, name, message)
                split = split_arguments([*words, name, f"{option.name}={value}"], own)
                assert split.flags == {flag: [value if own[flag] else True]} and not split.positionals
    assert clashes  # the cube's --seed meets best's, random's, simulate's, protocol's and match's
