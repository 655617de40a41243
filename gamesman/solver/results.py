"""What the solver answers: a position's value and remoteness (or utilities), and its errors."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Literal, get_args

from gamesman.contract.errors import GameError


class Value(str, Enum):
    """A position's value for the player to move."""

    WIN = "win"
    LOSE = "lose"
    TIE = "tie"
    DRAW = "draw"

    def flipped(self) -> "Value":
        """The same outcome seen by the other player."""
        return {Value.WIN: Value.LOSE, Value.LOSE: Value.WIN}.get(self, self)


VALUES = (Value.WIN, Value.LOSE, Value.TIE, Value.DRAW)
VALUE_CODES = {value: code for code, value in enumerate(VALUES)}


#: Tables of fewer positions than this are solved again rather than read from disk.
SMALLEST_SAVED = 256

#: The solver's engines: ``fast`` (the default) and ``reference`` (the plain one).
Engine = Literal["fast", "reference"]
ENGINES: tuple[Engine, ...] = get_args(Engine)


def engine_named(name: str) -> Engine:
    """The engine called ``name``; a ValueError naming the engines for any other name.

    >>> engine_named("reference")
    'reference'
    >>> engine_named("quick")
    Traceback (most recent call last):
    ...
    ValueError: engine must be one of fast, reference, not 'quick'
    """
    for engine in ENGINES:
        if engine == name:
            return engine
    raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {name!r}")


class SolverError(GameError):
    """The game cannot be solved this way (too large, or loopy for max^n)."""


class TooLarge(SolverError):
    """The variant has more positions than the limit it was explored with."""


@dataclass(frozen=True)
class Result:
    """What the solver knows of one position.

    ``value``/``remoteness`` for two-player games and puzzles, ``utilities``
    (one per player, expected where chance plays) for the others, ``grundy``
    for impartial games that are loop-free.
    """

    value: Value | None = None
    remoteness: int | None = None
    utilities: tuple[float, ...] | None = None
    grundy: int | None = None

    def __str__(self) -> str:
        if self.value is not None:
            if self.value is Value.DRAW or self.remoteness is None:
                return self.value.value
            return f"{self.value.value} {self.remoteness}"
        numbers = " ".join(_number(u) for u in self.utilities or ())
        tail = f" in {self.remoteness}" if self.remoteness is not None else ""
        return f"utilities {numbers}{tail}"

    def utility(self, player: int) -> float:
        """The utility of ``player``, of a result given as utilities."""
        if self.utilities is None:
            raise SolverError(f"{self} is not given as utilities")
        return self.utilities[player]

    def sort_key(self) -> tuple:
        """Best first for the player who gets this result."""
        if self.value is None:
            return (0, 0)
        remoteness = self.remoteness or 0
        rank = {Value.WIN: 0, Value.TIE: 1, Value.DRAW: 2, Value.LOSE: 3}[self.value]
        return (rank, -remoteness if self.value is Value.LOSE else remoteness)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.6g}"


# Results are stored compactly: (value code, remoteness, grundy) or (utilities, remoteness).
Packed = tuple


def pack(result: Result) -> Packed:
    if result.value is not None:
        return (VALUE_CODES[result.value], result.remoteness, result.grundy)
    return (result.utilities, result.remoteness)


@lru_cache(maxsize=65536)
def unpack(packed: Packed) -> Result:
    """The Result of a packed table entry (results are immutable, so entries that
    are equal share one)."""
    if len(packed) == 3:
        code, remoteness, grundy = packed
        return Result(value=VALUES[code], remoteness=remoteness, grundy=grundy)
    utilities, remoteness = packed
    return Result(utilities=utilities, remoteness=remoteness)
