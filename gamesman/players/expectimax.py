"""Search players for any game with chance: ``greedy`` and ``expectimax``.

``greedy`` plays the move that gains the mover the most right now: the
game's ``gain(position, move)`` (one number per player, e.g. the points a
2048 move merges) when it declares ``rewards``, else the outcome when the move ends
the game (an immediate win), else nothing; ties are broken at random.

``expectimax [DEPTH | auto] [--iterations DEPTH] [--time SECONDS]`` looks DEPTH moves ahead (chance
steps do not count): the mover takes the child best for itself (max^n), a
chance node is worth the probability-weighted mean of its outcomes, an ended
position its outcome, and a position at the depth limit the game's estimate
``evaluate(position)``: best one number per player on the scale of the
utilities; a single number is the mover's (in a two-player game the other
player gets its negative, otherwise 0); None is 0 for every player.
``auto`` searches DEFAULT_DEPTH moves (on a game's own fast path, a depth that
follows the board); a time (``--time 0.05``, or ``50ms`` as one word) deepens one
move at a time while the next depth should fit; without a budget it is
DEFAULT_SECONDS.  The reason says the depth reached (and the seconds it took,
under a time budget).
A game may offer a faster search of its own as a strategy of the same name
(``Game.strategies``), e.g. a subclass of :class:`ExpectimaxPlayer`.
"""
from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass, field
from typing import Hashable

from gamesman.contract.capabilities import rewards
from gamesman.contract.errors import GameError, OutOfTime
from gamesman.contract.game import CHANCE, Game
from gamesman.contract.strategy import Choice, Strategy, StrategyEntry, no_arguments
from gamesman.players.search import DEFAULT_SECONDS, count_words, parse_budget

DEFAULT_DEPTH = 2
MAX_DEPTH = 50


def immediate_gain(game: Game, position: Hashable, move: Hashable) -> tuple[float, ...]:
    """What each player gains by ``move`` right now: the game's gain, else the outcome, else nothing."""
    if game.capabilities.rewards:
        return tuple(rewards(game).gain(position, move))
    return tuple(game.outcome(game.play(position, move)) or (0.0,) * game.players)


def estimated_utilities(game: Game, position: Hashable) -> tuple[float, ...]:
    """The game's ``evaluate`` as one number per player (see the module's description)."""
    estimate = game.evaluate(position)
    if estimate is None:
        return (0.0,) * game.players
    if isinstance(estimate, (int, float)):
        mover = game.to_move(position)
        other = -float(estimate) if game.players == 2 else 0.0
        return tuple(float(estimate) if player == mover else other for player in range(game.players))
    return tuple(float(u) for u in estimate)


class GreedyPlayer(Strategy):
    """The move with the best immediate gain for the mover."""

    name = "greedy"

    def choose(self, position: Hashable) -> Choice:
        game = self.game
        mover = game.to_move(position)
        gains = {move: immediate_gain(game, position, move)[mover] for move in self.moves_to_choose(position)}
        best = max(gains.values())
        move = self.rng.choice([m for m, gain in gains.items() if gain == best])
        return Choice(move, f"{game.format_move(position, move)}: {best:g} now")


@dataclass
class ExpectimaxPlayer(Strategy):
    """Depth-limited expectimax (max^n with expectations at chance nodes)."""

    depth: int | None = None
    seconds: float | None = None
    name = "expectimax"
    #: When a deeper search under a time budget gives up (the last complete depth counts).
    deadline: float | None = field(default=None, init=False, repr=False)
    #: Positions the last complete search rated by ``evaluate`` at its depth limit (0: its
    #: values are expected utilities, every end in reach); ``evaluated`` counts the current one.
    horizons: int = field(default=0, init=False, repr=False)
    evaluated: int = field(default=0, init=False, repr=False)

    def describe(self) -> str:
        if self.depth is None and self.seconds is None:
            return "expectimax auto"
        return " ".join(["expectimax", *count_words(self.depth, self.seconds)])

    def choose(self, position: Hashable) -> Choice:
        game = self.game
        moves = self.moves_to_choose(position)
        mover = game.to_move(position)
        values, depth, seconds = self.searched(position, moves)
        best = max(values[m][mover] for m in moves)
        move = self.rng.choice([m for m in moves if values[m][mover] == best])
        took = "" if self.seconds is None else f" in {seconds:.2f} s"  # a depth says it all, the same each time
        return Choice(move, f"{game.format_move(position, move)}: expected {best:g} (depth {depth}{took})")

    def searched(self, position: Hashable, moves: list) -> tuple[dict, int, float]:
        """Each move's expected utilities within the budget: (values, depth reached, seconds)."""
        began = time.perf_counter()
        if self.seconds is None:
            depth = self.depth or DEFAULT_DEPTH
            return self.move_values(position, moves, depth), depth, time.perf_counter() - began
        self.deadline = None  # depth 1 always completes
        depth, values = 1, self.move_values(position, moves, 1)
        steps = [time.perf_counter() - began]  # the time each depth took
        self.deadline = began + self.seconds
        while depth < (self.depth or MAX_DEPTH):
            growth = steps[-1] / steps[-2] if len(steps) > 1 and steps[-2] > 0 else 4.0
            if time.perf_counter() - began + steps[-1] * max(growth, 2.0) > self.seconds:
                break
            started = time.perf_counter()
            try:
                values = self.move_values(position, moves, depth + 1)
            except OutOfTime:
                break
            depth += 1
            steps.append(time.perf_counter() - started)
        return values, depth, time.perf_counter() - began

    def move_values(self, position: Hashable, moves: list, depth: int) -> dict:
        """Each move's expected utilities, searching ``depth`` moves (this one included)."""
        memo: dict = {}
        self.evaluated = 0
        values = {move: self.value(self.game.play(position, move), depth - 1, memo) for move in moves}
        self.horizons = self.evaluated
        return values

    def value(self, position: Hashable, depth: int, memo: dict) -> tuple[float, ...]:
        """The expectimax utilities of ``position`` with ``depth`` moves left to search."""
        key = (position, depth)
        if key in memo:
            return memo[key]
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime
        game = self.game
        ended = game.outcome(position)
        if ended is not None:
            result = tuple(ended)
        elif game.to_move(position) == CHANCE:
            total = [0.0] * game.players
            for outcome, probability in game.chances(position):
                for player, u in enumerate(self.value(game.play(position, outcome), depth, memo)):
                    total[player] += float(probability) * u
            result = tuple(total)
        elif depth == 0:
            self.evaluated += 1
            result = estimated_utilities(game, position)
        else:
            mover = game.to_move(position)
            result = max((self.value(game.play(position, move), depth - 1, memo) for move in game.moves(position)),
                         key=lambda utilities: utilities[mover])
        memo[key] = result
        return result


def _expectimax(game: Game, rng: random.Random, args: list[str]) -> ExpectimaxPlayer:
    """``expectimax [DEPTH | auto] [--iterations DEPTH] [--time SECONDS]``; a time may also be one
    word (``50ms``, ``0.5s``); without a budget, DEFAULT_SECONDS."""
    auto = [word for word in args if word.lower() == "auto"]
    words = [word for word in args if word.lower() != "auto"]
    words = [part for word in words
             for part in (["--time", word] if re.fullmatch(r"[0-9.]+m?s", word.lower()) else [word])]
    depth, seconds = parse_budget("expectimax", words, "depth", 1, MAX_DEPTH, default=not auto)
    if auto and (len(auto) > 1 or depth is not None or seconds is not None):
        raise GameError(f"expectimax: auto is a budget of its own, not with {' '.join(args)!r}")
    return ExpectimaxPlayer(game, rng, depth=depth, seconds=seconds)


def _greedy(game: Game, rng: random.Random, args: list[str]) -> GreedyPlayer:
    no_arguments("greedy", args)
    return GreedyPlayer(game, rng)


STRATEGIES = {
    "greedy": StrategyEntry(_greedy, "the move that gains the most now (points, or an immediate win)"),
    "expectimax": StrategyEntry(_expectimax, "expectimax search: expectimax [DEPTH | auto] [--time SECONDS] "
                                             f"(default --time {DEFAULT_SECONDS:g})"),
}
