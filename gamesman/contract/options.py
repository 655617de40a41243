"""Variant options: declared once per game, validated in one place, used by every door.

A game declares each option once, as a class attribute, and reads it as that
attribute, typed (``self.rows`` is an ``int``)::

    >>> from gamesman.contract.game import Game
    >>> class Board(Game):
    ...     name = "board"
    ...     rows = Option(int, 4, "rows of the board", low=3)
    ...     misere = Option(bool, False, "three in a row loses")
    >>> board = Board(rows=5)
    >>> board.rows, board.misere
    (5, False)
    >>> [option.flag for option in Board.options]
    ['--rows', '--misere']
    >>> board.spec
    'board(rows=5,misere=false)'
    >>> Board(rows=2)
    Traceback (most recent call last):
    ...
    gamesman.contract.errors.OptionError: board: rows must be int >= 3, not 2

The class's ``options`` lists them in declaration order (a subclass inherits its
bases' options and may add its own, or replace one by a fixed value).  An option
whose public name is one the contract uses (``players``) takes another attribute
and gives the name: ``player_count = Option(int, 2, "players", name="players")``.

The shell and the CLI take options as ``--rows 5`` / ``--misere`` / ``--no-misere``,
the protocol as ``rows=5 misere=true``, and a variant has one canonical spec
string, ``othello(rows=5,cols=4,misere=true,...)``, listing every option in
declaration order.
"""
from __future__ import annotations

import builtins
import math
import re
from dataclasses import dataclass, field
from typing import Any, Generic, Iterable, Mapping, Protocol, Sequence, TypeVar, overload

from gamesman.contract.errors import OptionError, shown

#: An option's type of value: bool, int, float or str.
OptionValue = TypeVar("OptionValue")


class Configured(Protocol):
    """What an option is read from: a variant's validated settings, by option name."""

    @property
    def settings(self) -> Mapping[str, Any]: ...


@dataclass(frozen=True)
class Option(Generic[OptionValue]):
    """One variant option: its type (bool, int, float or str), default, help and range.

    Declared as a class attribute of a game, it takes the attribute's name (unless
    ``name`` gives the public one) and reads as the variant's value.
    A float option takes finite numbers only (not nan or inf).
    """

    type: builtins.type[OptionValue]
    default: OptionValue
    help: str
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] | None = None
    #: The public name (flags, key=value pairs, the spec); the attribute's name by default.
    name: str = ""
    #: The class attribute that declares it (set when the class is made).
    attribute: str = field(default="", init=False, compare=False)

    def __set_name__(self, owner: builtins.type, attribute: str) -> None:
        object.__setattr__(self, "attribute", attribute)
        if not self.name:
            object.__setattr__(self, "name", attribute)

    @overload
    def __get__(self, game: None, owner: builtins.type | None = None) -> Option[OptionValue]: ...

    @overload
    def __get__(self, game: Configured, owner: builtins.type | None = None) -> OptionValue: ...

    def __get__(self, game: Configured | None,
                owner: builtins.type | None = None) -> Option[OptionValue] | OptionValue:
        """The option itself on the class; the variant's value on a game, read from its
        settings once and then kept on the game, where later reads find it at once."""
        if game is None:
            return self
        value: OptionValue = game.settings[self.name]
        vars(game)[self.attribute] = value
        return value

    @property
    def flag(self) -> str:
        """The command-line spelling: ``--place-anywhere`` for ``place_anywhere``."""
        return "--" + self.name.replace("_", "-")

    def allowed(self) -> str:
        """The allowed values, in words."""
        if self.type is bool:
            return "true or false"
        if self.choices:
            return "one of " + ", ".join(self.choices)
        if self.low is not None and self.high is not None:
            return f"{self.type.__name__} from {fmt(self.low)} to {fmt(self.high)}"
        if self.low is not None:
            return f"{self.type.__name__} >= {fmt(self.low)}"
        if self.high is not None:
            return f"{self.type.__name__} <= {fmt(self.high)}"
        return "finite float" if self.type is float else self.type.__name__

    def convert(self, game: str, value: Any) -> Any:
        """The value as this option's type, checked against its range."""
        if isinstance(value, str):
            value = self._from_text(game, value)
        elif self.type is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if self.type is bool and not isinstance(value, bool):
            raise self._bad(game, value)
        if self.type in (int, float) and (isinstance(value, bool) or not isinstance(value, self.type)):
            raise self._bad(game, value)
        if self.type is float and not math.isfinite(value):
            raise self._bad(game, value)
        if self.type is str and not isinstance(value, str):
            raise self._bad(game, value)
        if self.choices and value not in self.choices:
            raise self._bad(game, value)
        if self.low is not None and value < self.low:
            raise self._bad(game, value)
        if self.high is not None and value > self.high:
            raise self._bad(game, value)
        return value

    def _from_text(self, game: str, text: str) -> Any:
        raw = text.strip()
        try:
            if self.type is bool:
                lowered = raw.lower()
                if lowered in ("true", "yes", "on", "1"):
                    return True
                if lowered in ("false", "no", "off", "0"):
                    return False
                raise ValueError(raw)
            if self.type is int:
                return whole_number(raw)
            if self.type is float:
                if not raw.isascii() or len(raw) > MAX_NUMBER_TEXT:
                    raise ValueError(raw)
                return float(raw)
        except ValueError:
            raise self._bad(game, shown(raw)) from None
        return raw.lower() if self.choices else raw

    def _bad(self, game: str, value: Any) -> OptionError:
        written = format_value(value)
        if not written.strip():  # an empty value would leave the message ending in "not "
            written = repr(written)
        return OptionError(f"{game}: {self.name} must be {self.allowed()}, not {written}")


def declared_options(cls: type) -> tuple[Option[Any], ...]:
    """The options of a game class in declaration order: its bases' first, then its own.

    A subclass may redeclare an inherited option (it keeps its place) or replace
    it by a fixed value (then it is no option of the subclass).  TypeError when
    two options share a public name or an option would hide a base's attribute
    (give the option another attribute and ``name=``).
    """
    attributes = dict.fromkeys(attribute for klass in reversed(cls.__mro__)
                               for attribute, value in vars(klass).items() if isinstance(value, Option))
    options: dict[str, Option[Any]] = {}
    for attribute in attributes:
        found, *hidden = [vars(klass)[attribute] for klass in cls.__mro__ if attribute in vars(klass)]
        if not isinstance(found, Option):
            continue
        if not all(isinstance(value, Option) for value in hidden):
            raise TypeError(f"{cls.__name__}.{attribute}: an option may not hide the attribute {attribute} "
                            f"of a base class; give it another attribute and name={attribute!r}")
        if found.name in options:
            raise TypeError(f"{cls.__name__}: two options are named {found.name!r}")
        options[found.name] = found
    return tuple(options.values())


#: The longest number text read (a bound far above any option's range, far below
#: Python's own limit on converting digits).
MAX_NUMBER_TEXT = 1000


def whole_number(text: str) -> int:
    """An optionally signed whole number in ASCII digits; ValueError otherwise.

    >>> whole_number("-12")
    -12
    >>> whole_number("\u0667")
    Traceback (most recent call last):
    ...
    ValueError: '\u0667' is not a whole number
    >>> whole_number("9" * 5000)
    Traceback (most recent call last):
    ...
    ValueError: a number of 5000 digits is too long
    """
    digits = text[1:] if text[:1] in "+-" and len(text) > 1 else text
    if not (digits.isascii() and digits.isdigit()):
        raise ValueError(f"{shown(text)!r} is not a whole number")
    if len(digits) > MAX_NUMBER_TEXT:
        raise ValueError(f"a number of {len(digits)} digits is too long")
    return int(text)


def fmt(number: float) -> str:
    return str(int(number)) if float(number).is_integer() else str(number)


def format_value(value: Any) -> str:
    """An option value as the spec string writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return fmt(value)
    return str(value)


def validate_options(game: str, options: Sequence[Option[Any]], values: Mapping[str, Any]) -> dict[str, Any]:
    """Every option's value (defaults filled in), checked; OptionError names the bad one."""
    by_name = {option.name: option for option in options}
    for key in values:
        if key not in by_name:
            known = ", ".join(o.name for o in options) or "none"
            raise OptionError(f"{game}: unknown option {key!r} (options: {known})")
    return {o.name: o.convert(game, values[o.name]) if o.name in values else o.default for o in options}


def format_spec(game: str, options: Sequence[Option[Any]], settings: Mapping[str, Any]) -> str:
    """The canonical spec string: ``name(key=value,...)`` in declaration order."""
    inside = ",".join(f"{o.name}={format_value(settings[o.name])}" for o in options)
    return f"{game}({inside})"


_SPEC = re.compile(r"^\s*([A-Za-z0-9_]+)\s*(?:\((.*)\))?\s*$")


def parse_spec(text: str) -> tuple[str, dict[str, str]]:
    """Split ``othello(rows=6,cols=6)`` into the name and raw option texts."""
    match = _SPEC.match(text)
    if not match:
        raise OptionError(f"bad variant spec {text!r}: expected name(key=value,...)")
    name, inside = match.group(1).lower(), match.group(2)
    values: dict[str, str] = {}
    for part in (inside or "").split(","):
        if not part.strip():
            continue
        key, sep, value = part.partition("=")
        if not sep:
            raise OptionError(f"bad variant spec {text!r}: {part.strip()!r} is not key=value")
        values[key.strip().replace("-", "_")] = value.strip()
    return name, values


def parse_flags(game: str, options: Sequence[Option[Any]], words: Iterable[str]) -> dict[str, str | bool]:
    """Read ``--rows 5 --misere --no-diagonals`` into raw option values.

    Bool options are flags (``--misere``, ``--no-misere``, or ``--misere=false``);
    others take a value (``--rows 5`` or ``--rows=5``).
    """
    by_flag = {o.flag: o for o in options}
    values: dict[str, str | bool] = {}
    words = list(words)
    index = 0
    while index < len(words):
        word = words[index]
        index += 1
        flag, sep, inline = word.partition("=")
        negated = flag.startswith("--no-") and flag not in by_flag and "--" + flag[5:] in by_flag
        option = by_flag.get("--" + flag[5:] if negated else flag)
        if option is None:
            known = " ".join(o.flag for o in options) or "none"
            raise OptionError(f"{game}: unknown option {word!r} (options: {known})")
        if option.name in values:
            raise OptionError(f"{game}: {option.flag} is given twice")
        if option.type is bool:
            if negated:
                if sep:
                    raise OptionError(f"{game}: {flag} takes no value")
                values[option.name] = False
            else:
                values[option.name] = inline if sep else True
            continue
        if negated:
            raise OptionError(f"{game}: {option.flag} is not a flag; give it a value ({option.allowed()})")
        if sep:
            values[option.name] = inline
        elif index < len(words):
            values[option.name] = words[index]
            index += 1
        else:
            raise OptionError(f"{game}: {option.flag} needs a value ({option.allowed()})")
    return values


def describe(option: Option[Any]) -> str:
    """One help line: flag, allowed values, default and what it does."""
    if option.type is bool:
        return f"{option.flag}  {option.help} (default: {'on' if option.default else 'off'})"
    return f"{option.flag} {option.name.upper()}  {option.help} ({option.allowed()}; default {format_value(option.default)})"
