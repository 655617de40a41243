"""Finding games by name and building variants from flags, key=value pairs or spec strings."""
from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any, Iterable

from gamesman.contract.errors import OptionError, shown
from gamesman.contract.game import Game
from gamesman.contract.options import parse_flags, parse_spec


#: The entry-point group through which packages add games: ``name = module:Class``.
ENTRY_POINT_GROUP = "gamesman.games"


@cache
def _entry_points() -> dict[str, EntryPoint]:
    """The registered games by name: gamesman's own first, then other packages', each
    in alphabetical order."""
    found = sorted(entry_points(group=ENTRY_POINT_GROUP),
                   key=lambda point: (point.dist is None or point.dist.name != "gamesman", point.name.lower()))
    registry: dict[str, EntryPoint] = {}
    for point in found:
        registry.setdefault(point.name.strip().lower(), point)
    return registry


def game_names() -> list[str]:
    """Every registered game name: gamesman's own, then the plugins', alphabetically.

    >>> game_names()[:3]
    ['2048', 'abalone', 'beverbende']
    """
    return list(_entry_points())


def game_class(name: str) -> type[Game[Any, Any]]:
    """The class of the game called ``name`` (case-insensitive).

    >>> game_class("TicTacToe").title
    'Tic-Tac-Toe'
    """
    registry = _entry_points()
    key = name.strip().lower()
    if key not in registry:
        raise OptionError(f"unknown game {shown(name)!r} (games: {' '.join(registry)})")
    try:
        cls = registry[key].load()
    except Exception as problem:  # a broken plugin must not take the engine down
        raise OptionError(f"game {key!r} could not be loaded: {problem}") from None
    if not (isinstance(cls, type) and issubclass(cls, Game)) or cls.name != key:
        raise OptionError(f"game {key!r}: its entry point names no Game subclass called {key!r}")
    return cls


def make_game(name: str, **values: Any) -> Game[Any, Any]:
    """One variant, from option values (typed or as text)."""
    return game_class(name)(**values)


def game_from_flags(name: str, words: Iterable[str]) -> Game[Any, Any]:
    """One variant, from command-line words: ``othello --rows 6 --misere``."""
    cls = game_class(name)
    return cls(**parse_flags(cls.name, cls.options, words))


def game_from_pairs(name: str, pairs: Iterable[str]) -> Game[Any, Any]:
    """One variant, from protocol words: ``othello rows=6 misere=true``."""
    cls = game_class(name)
    values: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise OptionError(f"{cls.name}: {pair!r} is not key=value")
        values[key.strip().lower().replace("-", "_")] = value
    return cls(**values)


def game_from_spec(spec: str) -> Game[Any, Any]:
    """One variant, from its spec string: ``othello(rows=6,cols=6,misere=true)``."""
    name, values = parse_spec(spec)
    return game_class(name)(**values)
