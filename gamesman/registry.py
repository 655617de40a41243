"""Finding games by name and building variants from flags, key=value pairs or spec strings."""
from __future__ import annotations

import importlib
from typing import Any, Iterable

from gamesman.errors import OptionError
from gamesman.game import Game
from gamesman.options import parse_flags, parse_spec


def game_names() -> list[str]:
    """Every registered game name, in registry order."""
    from games import REGISTRY

    return list(REGISTRY)


def game_class(name: str) -> type[Game]:
    """The class of the game called ``name`` (case-insensitive)."""
    from games import REGISTRY

    key = name.strip().lower()
    if key not in REGISTRY:
        raise OptionError(f"unknown game {name!r} (games: {' '.join(REGISTRY)})")
    module_name, _, class_name = REGISTRY[key].partition(":")
    return getattr(importlib.import_module(module_name), class_name)


def make_game(name: str, **values: Any) -> Game:
    """One variant, from option values (typed or as text)."""
    return game_class(name)(**values)


def game_from_flags(name: str, words: Iterable[str]) -> Game:
    """One variant, from command-line words: ``othello --rows 6 --misere``."""
    cls = game_class(name)
    return cls(**parse_flags(cls.name, cls.options, words))


def game_from_pairs(name: str, pairs: Iterable[str]) -> Game:
    """One variant, from protocol words: ``othello rows=6 misere=true``."""
    cls = game_class(name)
    values: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise OptionError(f"{cls.name}: {pair!r} is not key=value")
        values[key.strip().lower().replace("-", "_")] = value
    return cls(**values)


def game_from_spec(spec: str) -> Game:
    """One variant, from its spec string: ``othello(rows=6,cols=6,misere=true)``."""
    name, values = parse_spec(spec)
    return game_class(name)(**values)
