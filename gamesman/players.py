"""Computer players (strategies) that every door can use: shell, protocol, match, simulate.

A strategy chooses a move for the player to move and can say why.  Built from
text such as ``perfect``, ``random``, ``imperfect 0.8`` or ``misere``; search
players register themselves in :data:`STRATEGIES` the same way.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Hashable

from gamesman.errors import GameError
from gamesman.game import CHANCE, Game


@dataclass
class Choice:
    """A chosen move and a one-line reason (what the strategy found)."""

    move: Hashable
    reason: str = ""


@dataclass
class Strategy:
    """Base class: ``choose`` returns a legal move of the player to move."""

    game: Game
    rng: random.Random = field(default_factory=random.Random)

    name = "strategy"

    def choose(self, position: Hashable) -> Choice:
        raise NotImplementedError

    def describe(self) -> str:
        return self.name


class RandomPlayer(Strategy):
    """Uniformly random legal moves."""

    name = "random"

    def choose(self, position: Hashable) -> Choice:
        moves = list(self.game.moves(position))
        if not moves:
            raise GameError(f"{self.game.name}: no moves to choose from")
        return Choice(self.rng.choice(moves), f"random among {len(moves)} moves")


@dataclass
class PerfectPlayer(Strategy):
    """Plays a best move by the solver (a random one among equals)."""

    solver: object = None
    name = "perfect"

    def __post_init__(self) -> None:
        if self.solver is None:
            from gamesman.solver import Solver

            self.solver = Solver(self.game)

    def choose(self, position: Hashable) -> Choice:
        rows = self.solver.move_results(position)
        best = self.solver.best_moves(position)
        move = self.rng.choice(best)
        result = dict(rows)[move]
        return Choice(move, f"{self.game.format_move(position, move)}: {result}")


@dataclass
class ImperfectPlayer(PerfectPlayer):
    """Perfect with probability ``skill``, random otherwise."""

    skill: float = 0.8
    name = "imperfect"

    def choose(self, position: Hashable) -> Choice:
        if self.rng.random() < self.skill:
            return PerfectPlayer.choose(self, position)
        return RandomPlayer.choose(self, position)  # type: ignore[arg-type]

    def describe(self) -> str:
        return f"imperfect {self.skill:g}"


@dataclass
class MiserePlayer(PerfectPlayer):
    """Plays the worst move by the solver: tries to lose."""

    name = "misere"

    def choose(self, position: Hashable) -> Choice:
        rows = self.solver.move_results(position)
        if not rows:
            raise GameError(f"{self.game.name}: no moves to choose from")
        worst_key = _key(rows[-1][1], self.game.to_move(position))
        worst = [m for m, r in rows if _key(r, self.game.to_move(position)) == worst_key]
        move = self.rng.choice(worst)
        return Choice(move, f"{self.game.format_move(position, move)}: {dict(rows)[move]} (worst)")


def _key(result, mover: int) -> tuple:
    return result.sort_key() if result.value is not None else (-(result.utilities[mover]),)


StrategyFactory = Callable[[Game, random.Random, list[str]], Strategy]


def _with_skill(game: Game, rng: random.Random, args: list[str]) -> Strategy:
    try:
        skill = float(args[0]) if args else 0.8
    except ValueError:
        raise GameError(f"imperfect: skill must be a number from 0 to 1, not {args[0]!r}") from None
    if not 0 <= skill <= 1:
        raise GameError(f"imperfect: skill must be a number from 0 to 1, not {args[0]!r}")
    return ImperfectPlayer(game, rng, skill=skill)


STRATEGIES: dict[str, tuple[StrategyFactory, str]] = {
    "random": (lambda game, rng, args: RandomPlayer(game, rng), "uniformly random legal moves"),
    "perfect": (lambda game, rng, args: PerfectPlayer(game, rng), "a best move by the solver"),
    "imperfect": (_with_skill, "perfect with probability P (default 0.8), else random: imperfect P"),
    "misere": (lambda game, rng, args: MiserePlayer(game, rng), "the worst move by the solver (tries to lose)"),
}


def require_game(game: Game, name: str, strategy: str, args: list[str] | None = None) -> None:
    """Refuse a game-specific strategy on another game (and arguments it does not take)."""
    if game.name != name:
        raise GameError(f"{strategy}: a strategy for {name}, not for {game.name}")
    if args:
        raise GameError(f"{strategy}: takes no arguments, not {' '.join(args)!r}")


def lazy_strategy(target: str) -> StrategyFactory:
    """A factory for a strategy kept in its game's module (``module:factory``), imported when made."""
    def make(game: Game, rng: random.Random, args: list[str]) -> Strategy:
        import importlib

        module, _, factory = target.partition(":")
        return getattr(importlib.import_module(module), factory)(game, rng, args)
    return make


STRATEGIES["call"] = (lazy_strategy("games.poker:call_player"), "poker: always check or call")
STRATEGIES["equity"] = (lazy_strategy("games.poker:equity_player"),
                        "poker: bets by its equity, Monte-Carlo over the cards it has not seen: equity [SAMPLES]")


def make_strategy(game: Game, words: list[str] | str, rng: random.Random | None = None) -> Strategy:
    """A strategy from its name and arguments, e.g. ``["imperfect", "0.8"]``."""
    if isinstance(words, str):
        words = words.split()
    if not words:
        raise GameError(f"name a strategy ({', '.join(STRATEGIES)})")
    name, args = words[0].lower(), words[1:]
    if name not in STRATEGIES:
        raise GameError(f"unknown strategy {words[0]!r} (strategies: {', '.join(STRATEGIES)})")
    strategy = STRATEGIES[name][0](game, rng or random.Random(), args)
    if isinstance(strategy, PerfectPlayer) and not game.solvable():
        raise GameError(f"{game.name}: this variant is too large to solve; use a search player")
    return strategy


def random_outcome(game: Game, position: Hashable, rng: random.Random) -> Hashable:
    """A chance outcome drawn with its exact probability."""
    outcomes = list(game.chances(position))
    pick = rng.random()
    running = 0.0
    for outcome, probability in outcomes:
        running += float(probability)
        if pick < running:
            return outcome
    return outcomes[-1][0]


def next_random(game: Game, position: Hashable, rng: random.Random) -> Hashable:
    """One step of uniformly random play (chance by its probabilities)."""
    if game.to_move(position) == CHANCE:
        return game.play(position, random_outcome(game, position, rng))
    return game.play(position, rng.choice(list(game.moves(position))))


from gamesman import expectimax as _expectimax  # noqa: E402,F401  (registers greedy and expectimax)
from games import cube as _cube  # noqa: E402,F401  (registers optimal and twophase)
from games import beverbende as _beverbende  # noqa: E402,F401  (registers humanlike and expected)
from gamesman import search  # noqa: E402,F401  (registers the search players)
