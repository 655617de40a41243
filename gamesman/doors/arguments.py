"""``GAME [options]`` plus a command's own flags: one splitter for the CLI, the shell and the protocol.

A game's options may be written as flags (``--rows 5``, ``--rows=5``, ``--misere``,
``--no-misere``) or as pairs (``rows=5``, ``misere=true``), in any door.  Words that are
neither the command's own flags nor the game's options are positionals (a position, moves);
a position split into words by a shell (``(x o-- --- ---)``) stays whole.

The command's own flags may also come before the game's name.  After it, a flag that
is both the game's option and the command's own (the cube's ``--seed`` and ``random``'s)
is refused, naming both spellings: the game's as a pair, the command's before the name.

>>> split = split_arguments(["nim", "--heaps", "4", "size=6", "--seed", "3", "(x 6 6 6 6)"], {"--seed": True})
>>> split.game.spec
'nim(heaps=4,size=6,take=3,misere=false)'
>>> split.number("--seed", 0)
3
>>> split.positionals
['(x 6 6 6 6)']
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Mapping

from gamesman.contract.errors import GameError, OptionError, shown
from gamesman.contract.game import Game
from gamesman.contract.options import Option, parse_flags, whole_number
from gamesman.contract.registry import game_class


#: The left side of an option written as a pair (``rows=5``).
OPTION_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")


@dataclass
class Split:
    """A command line taken apart: the variant, the command's own flags (each with every
    value it was given, in order; ``True`` for a flag without a value) and the positionals."""

    game: Game
    flags: dict[str, list[str | bool]] = field(default_factory=dict)
    positionals: list[str] = field(default_factory=list)

    def last(self, flag: str) -> str | bool | None:
        """The flag's last value, or None when it was not given."""
        values = self.flags.get(flag)
        return values[-1] if values else None

    def once(self, flag: str) -> str | bool | None:
        """The flag's value, refusing a flag given more than once."""
        values = self.flags.get(flag, [])
        if len(values) > 1:
            raise GameError(f"{flag} given more than once")
        return values[0] if values else None

    def number(self, flag: str, default: int, low: int | None = None, high: int | None = None) -> int:
        """The flag's whole-number value (its last), checked against its range.

        >>> split_arguments(["nim", "--games", "0"], {"--games": True}).number("--games", 5, low=1)
        Traceback (most recent call last):
        ...
        gamesman.contract.errors.GameError: --games must be at least 1, not 0
        """
        raw = self.last(flag)
        if raw is None:
            return default
        try:
            value = whole_number(str(raw))
        except ValueError:
            raise GameError(f"{flag} must be a whole number, not {shown(str(raw))!r}") from None
        if low is not None and value < low:
            raise GameError(f"{flag} must be at least {low}, not {value}")
        if high is not None and value > high:
            raise GameError(f"{flag} must be at most {high}, not {value}")
        return value

    def position(self) -> str | None:
        """The position text, if one was given; GameError when words follow it."""
        text, rest = self.position_and_rest()
        if rest:
            raise GameError(f"unexpected words after the position: {' '.join(rest)}")
        return text

    def position_and_rest(self) -> tuple[str | None, list[str]]:
        """The position text (rejoined if a shell split it) and the words after it."""
        words = self.positionals
        if not words:
            return None, []
        if words[0].startswith("(") and not words[0].rstrip().endswith(")"):
            for end in range(1, len(words)):
                if words[end].endswith(")"):
                    return " ".join(words[:end + 1]), words[end + 1:]
            return " ".join(words), []
        return words[0], words[1:]

    def refuse_positionals(self, usage: str) -> None:
        """GameError naming the words that no option took, for commands that take none."""
        if self.positionals:
            raise GameError(f"unexpected {shown(' '.join(self.positionals))!r} (usage: gamesman {usage})")


def split_arguments(words: list[str], own: Mapping[str, bool], default_game: str | None = None) -> Split:
    """Split ``[own flags] GAME [options] [own flags] [positionals]``.

    ``own`` maps each of the command's flags to whether it takes a value; own flags may
    repeat.  Without a game name after the leading own flags, ``default_game`` is used
    (else GameError).

    >>> split_arguments(["--seed", "4", "cube", "seed=2"], {"--seed": True}).flags
    {'--seed': ['4']}
    >>> split_arguments(["cube", "--seed", "4"], {"--seed": True})
    Traceback (most recent call last):
    ...
    gamesman.contract.errors.GameError: --seed is both an option of cube and a flag of this command: \
write seed=4 for cube's, or put --seed 4 before cube for the command's
    """
    split_flags: dict[str, list[str | bool]] = {}
    index = 0
    while index < len(words) and words[index].partition("=")[0] in own:
        index = take_own_flag(words, index, own, split_flags)
    words = words[index:]
    first = words[0] if words else ""
    key, equals, _ = first.partition("=")  # a key=value pair is an option, not a game
    if first and not first.startswith("-") and not (equals and key.isidentifier()):
        name, rest = words[0], words[1:]
    elif default_game is not None:
        name, rest = default_game, words
    else:
        raise GameError("name a game (see: gamesman games)")
    cls = game_class(name)
    by_flag = {option.flag: option for option in cls.options}
    by_name = {option.name: option for option in cls.options}
    positionals: list[str] = []
    game_words: list[str] = []
    index = 0
    in_position = False  # inside a position that a shell split into words
    while index < len(rest):
        word = rest[index]
        index += 1
        flag, sep, inline = word.partition("=")
        if in_position or (word.startswith("(") and not word.rstrip().endswith(")")):
            positionals.append(word)
            in_position = not word.rstrip().endswith(")")
        elif flag in own:
            negated = flag.startswith("--no-") and "--" + flag[5:] in by_flag
            option = by_flag.get("--" + flag[5:] if negated else flag)
            if option is not None:
                raise clash(cls.name, option, negated, rest, index - 1, own)
            index = take_own_flag(rest, index - 1, own, split_flags)
        elif word.startswith("--"):
            negated = flag.startswith("--no-") and "--" + flag[5:] in by_flag
            option = by_flag.get(flag)
            if option is None and not negated:
                known = " ".join(o.flag for o in cls.options) or "none"
                raise OptionError(f"{cls.name}: unknown option {shown(word)!r} (options: {known})")
            game_words.append(word)
            if option is not None and option.type is not bool and not sep and index < len(rest):
                game_words.append(rest[index])
                index += 1
        elif sep and OPTION_NAME.fullmatch(flag):
            option = by_name.get(flag.lower().replace("-", "_"))
            if option is None:
                known = ", ".join(o.name for o in cls.options) or "none"
                raise OptionError(f"{cls.name}: unknown option {shown(flag)!r} (options: {known})")
            game_words.append(f"{option.flag}={inline}")
        else:
            positionals.append(word)
    game = cls(**parse_flags(cls.name, cls.options, game_words))
    return Split(game, split_flags, positionals)


def take_own_flag(words: list[str], index: int, own: Mapping[str, bool], flags: dict[str, list[str | bool]]) -> int:
    """Add the own flag at ``words[index]`` (and its value) to ``flags``; the index after it."""
    flag, sep, inline = words[index].partition("=")
    if not own[flag]:
        if sep:
            raise GameError(f"{flag} takes no value, not {shown(words[index])!r}")
        flags.setdefault(flag, []).append(True)
        return index + 1
    if sep:
        flags.setdefault(flag, []).append(inline)
        return index + 1
    if index + 1 < len(words):
        flags.setdefault(flag, []).append(words[index + 1])
        return index + 2
    raise GameError(f"{flag} needs a value")


def clash(game: str, option: Option, negated: bool, words: list[str], index: int, own: Mapping[str, bool]) -> GameError:
    """The refusal of ``words[index]``, a flag both of the game's ``option`` and of the command:
    how to write each."""
    flag, sep, inline = words[index].partition("=")
    value = inline if sep else words[index + 1] if own[flag] and index + 1 < len(words) else None
    if option.type is bool and not own[flag]:
        pair = f"{option.name}={'false' if negated else 'true'}"
    else:
        pair = f"{option.name}={value or option.name.upper()}"
    said = flag if not own[flag] else f"{flag} {value or 'VALUE'}"
    return GameError(f"{flag} is both an option of {game} and a flag of this command: "
                     f"write {pair} for {game}'s, or put {said} before {game} for the command's")
