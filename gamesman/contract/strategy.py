"""Computer players as the contract sees them: a strategy chooses a move and says why.

The engine's own strategies (perfect, random, search players) live in
:mod:`gamesman.players`; a game declares its own in ``Game.strategies``, each a
:class:`StrategyEntry`: how to build it from its arguments and a line of help.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Generic, Hashable, NamedTuple

from gamesman.contract.errors import GameError
from gamesman.contract.game import Game, Position


@dataclass
class Choice:
    """A chosen move and a one-line reason (what the strategy found).

    >>> Choice("a1", "the only legal move").reason
    'the only legal move'
    """

    move: Hashable
    reason: str = ""


@dataclass
class Strategy(Generic[Position]):
    """Base class: ``choose`` returns a legal move of the player to move.

    Generic in the game's type of positions: ``Strategy[tuple[int, str]]``."""

    game: Game[Position, Any]
    rng: random.Random = field(default_factory=random.Random)

    name: ClassVar[str] = "strategy"
    #: Searches full positions; with hidden information it draws them from the mover's
    #: view itself, so it can also play from a view (a position drawn from it).
    searches_positions: ClassVar[bool] = False
    #: Chooses from a player's view (``decide``) as well as from a full position.
    decides_from_views: ClassVar[bool] = False
    #: Positions searched so far by the current search (0 for strategies that do not search).
    nodes: int = field(default=0, init=False)

    def choose(self, position: Position) -> Choice:
        """A legal move of the player to move in ``position``, with a reason."""
        raise NotImplementedError

    def moves_to_choose(self, position: Position) -> list[Any]:
        """The legal moves of the player to move, refused with one line when there are none."""
        moves = list(self.game.moves(position))
        if not moves:
            raise no_moves(self.game, position)
        return moves

    def only_move(self, position: Position, move: Any) -> Choice:
        """The choice of the one legal move, without a search."""
        return Choice(move, f"{self.game.format_move(position, move)}, the only legal move")

    def decide(self, view: Any) -> Choice:
        """A legal move from the mover's view (``decides_from_views`` strategies only)."""
        raise NotImplementedError

    def describe(self) -> str:
        """The strategy as ``computer`` and ``strategy`` name it, arguments included."""
        return self.name


class ViewStrategy(Strategy[Position]):
    """A strategy that decides from the mover's view alone, never the full position."""

    decides_from_views = True

    def choose(self, position: Position) -> Choice:
        player = self.game.to_move(position)
        return self.decide(self.game.parse_view(self.game.view(position, player)))


#: Builds a strategy for a game from its arguments (the words after its name).
StrategyFactory = Callable[[Game[Any, Any], random.Random, list[str]], Strategy[Any]]


class StrategyEntry(NamedTuple):
    """A named strategy: how to build it, and one line of help."""

    make: StrategyFactory
    help: str


def no_moves(game: Game[Any, Any], position: Any) -> GameError:
    """The error of a strategy asked to move where there is no move."""
    return GameError(f"{game.name}: no moves to choose from in {game.format_position(position)}")


def no_arguments(name: str, args: list[str]) -> None:
    """Refuse arguments given to a strategy that takes none.

    >>> no_arguments("random", [])
    >>> no_arguments("random", ["3"])
    Traceback (most recent call last):
    ...
    gamesman.contract.errors.GameError: random takes no arguments, not '3'
    """
    if args:
        raise GameError(f"{name} takes no arguments, not {' '.join(args)!r}")
