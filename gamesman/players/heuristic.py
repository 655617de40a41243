"""Search players built on a game's own evaluation, on a time budget: a game names one.

A game too large to solve declares its search player in ``Game.strategies`` with
:func:`heuristic_entry`: a name, knowledge of its own and one of three searches.

* :class:`HeuristicAlphaBeta` (two players): the engine's alpha-beta
  (:class:`gamesman.players.search.AlphaBetaPlayer`: iterative deepening, a
  transposition table, ends beyond any estimate) with the game's evaluation at
  the horizon instead of ``Game.evaluate``.
* :class:`MaxNPlayer` (any number of players): max^n with iterative deepening.
  Every position is worth a vector of utilities; the player to move takes the
  child best for their own component, and among equals the one that leaves the
  best-placed opponent the least (paranoid ties).  At the horizon the game's
  evaluation estimates the vector; a table keyed by the game's canonical key
  (positions that are the same game, e.g. Nim's heaps in any order) keeps what
  each position was found worth and how deep.
* :class:`GuidedMCTS` (any number of players): the engine's Monte-Carlo tree
  search (:class:`gamesman.players.search.MCTSPlayer`: UCT over utility vectors)
  whose playouts follow the game's own policy instead of uniformly random moves
  (e.g. in Sim, never closing a triangle of one's own colour while another edge
  is free).

The searches take ``NAME [DEPTH] [--time SECONDS]`` (``[ITERATIONS]`` for
:class:`GuidedMCTS`); without arguments the budget is
:data:`gamesman.players.search.DEFAULT_SECONDS` a move.  For the tree searches
the last complete depth counts, and a search that saw every end stops early.
Each says what stands behind its move: the depth or iterations, the positions
searched and the seconds.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Hashable, Sequence

from gamesman.contract.errors import GameError, OutOfTime
from gamesman.contract.game import Game
from gamesman.contract.strategy import Choice, Strategy, StrategyEntry
from gamesman.players.search import (MAX_DEPTH, MAX_ITERATIONS, AlphaBetaPlayer, MCTSPlayer,
                                     budget_usage, count_words, counted, parse_budget)

#: A two-player evaluation: a number in [-1, 1] for the player to move.
Evaluation = Callable[[Any], float]
#: A many-player evaluation: an estimated utility per player, on the scale of ``outcome``.
VectorEvaluation = Callable[[Any], tuple[float, ...]]
#: A playout policy: a move among the legal ones (given) of a position, drawn with the rng.
Policy = Callable[[Any, Sequence[Any], random.Random], Any]


@dataclass
class HeuristicAlphaBeta(AlphaBetaPlayer):
    """The engine's alpha-beta under a game's own name, with the game's own evaluation."""

    label: str = "heuristic"
    evaluation: Evaluation | None = None

    def describe(self) -> str:
        return " ".join([self.label, *count_words(self.depth, self.seconds)])

    def choose(self, position: Hashable) -> Choice:
        started = time.monotonic()
        choice = super().choose(position)
        return Choice(choice.move, f"{choice.reason} in {time.monotonic() - started:.2f} s")

    def estimate(self, position: Hashable) -> float:
        assert self.evaluation is not None
        return max(-1.0, min(1.0, self.evaluation(position)))


@dataclass
class MaxNPlayer(Strategy):
    """Max^n with iterative deepening and a table; see the module docstring."""

    depth: int | None = None
    seconds: float | None = None
    label: str = "maxn"
    evaluation: VectorEvaluation | None = None
    key: Callable[[Any], Hashable] = lambda position: position
    searches_positions = True
    nodes: int = field(default=0, init=False, repr=False)
    horizons: int = field(default=0, init=False, repr=False)
    deadline: float | None = field(default=None, init=False, repr=False)
    table: dict = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.game.capabilities.chance or self.game.capabilities.hidden_information:
            raise GameError(f"{self.label}: max^n plays games without chance or hidden information")

    def describe(self) -> str:
        return " ".join([self.label, *count_words(self.depth, self.seconds)])

    def choose(self, position: Any) -> Choice:
        game = self.game
        moves = self.moves_to_choose(position)
        if len(moves) == 1:
            return self.only_move(position, moves[0])
        self.rng.shuffle(moves)  # equals in a random order
        started = time.monotonic()
        self.table, self.nodes, self.deadline = {}, 0, None  # depth 1 always completes
        mover = game.to_move(position)
        best, values, reached, proved = moves[0], None, 0, False
        for depth in range(1, (self.depth or MAX_DEPTH) + 1):
            if depth == 2 and self.seconds is not None:
                self.deadline = started + self.seconds
            horizons = self.horizons
            try:
                found = {move: self.value(game.play(position, move), depth - 1) for move in moves}
            except OutOfTime:
                break
            moves.sort(key=lambda move: self.rank(found[move], mover), reverse=True)
            best, values, reached, proved = moves[0], found[moves[0]], depth, self.horizons == horizons
            if proved:
                break
        assert values is not None
        said = ", ".join(f"{game.player_name(p)} {u:.2f}" for p, u in enumerate(values))
        kind = "exact" if proved else "estimated"
        return Choice(best, f"best {game.format_move(position, best)}, {kind} utilities {said} at depth {reached}, "
                            f"{counted(self.nodes, 'node')} in {time.monotonic() - started:.2f} s")

    @staticmethod
    def rank(values: tuple[float, ...], mover: int) -> tuple[float, float]:
        """The mover's utility first, then the least left to the best-placed opponent."""
        return values[mover], -max((u for p, u in enumerate(values) if p != mover), default=0.0)

    def value(self, position: Any, depth: int) -> tuple[float, ...]:
        """The utilities of ``position`` under max^n, ``depth`` plies deep."""
        game = self.game
        self.nodes += 1
        if self.deadline is not None and self.nodes % 256 == 0 and time.monotonic() > self.deadline:
            raise OutOfTime
        ended = game.outcome(position)
        if ended is not None:
            return tuple(ended)
        if depth <= 0:
            self.horizons += 1
            assert self.evaluation is not None
            return self.evaluation(position)
        key = self.key(position)
        entry = self.table.get(key)
        if entry is not None and entry[0] >= depth:
            if entry[0] < MAX_DEPTH:
                self.horizons += 1  # an estimate stands behind it
            return entry[1]
        horizons = self.horizons
        mover = game.to_move(position)
        best: tuple[float, ...] | None = None
        for move in game.moves(position):
            found = self.value(game.play(position, move), depth - 1)
            if best is None or self.rank(found, mover) > self.rank(best, mover):
                best = found
        assert best is not None  # a position that has not ended has moves
        self.table[key] = (MAX_DEPTH if self.horizons == horizons else depth, best)
        return best


@dataclass
class GuidedMCTS(MCTSPlayer):
    """The engine's Monte-Carlo tree search with the game's own playout policy."""

    label: str = "guided"
    policy: Policy | None = None
    random_playouts: ClassVar[bool] = False

    def describe(self) -> str:
        return " ".join([self.label, *count_words(self.iterations, self.seconds)])

    def playout_move(self, position: Any, moves: Sequence) -> Any:
        """The policy's move."""
        assert self.policy is not None
        return self.policy(position, moves, self.rng)


def open_lines(mine: int, theirs: int, line_masks: Sequence[int], weight: int = 4) -> int:
    """The lines (bit masks) that hold pieces of one player only, from the side of ``mine``:
    ``weight ** (pieces - 1)`` for each of its own, the same negated for each of the other's.

    >>> open_lines(0b0011, 0b0100, (0b0011, 0b0110, 0b1100, 0b1000))
    3
    """
    score = 0
    for line in line_masks:
        if not line & theirs:
            if line & mine:
                score += weight ** ((line & mine).bit_count() - 1)
        elif not line & mine:
            score -= weight ** ((line & theirs).bit_count() - 1)
    return score


def heuristic_entry(label: str, help_text: str, make: Callable[..., Strategy], what: str = "depth") -> StrategyEntry:
    """A game's search player as ``Game.strategies`` lists it: ``LABEL [COUNT] [--time SECONDS]``,
    built by ``make(game, rng, seconds=..., **{what: COUNT})`` (``what``: ``depth`` or
    ``iterations``); without arguments the budget is one time, DEFAULT_SECONDS."""
    high = MAX_DEPTH if what == "depth" else MAX_ITERATIONS

    def factory(game: Game, rng: random.Random, args: list[str]) -> Strategy:
        count, seconds = parse_budget(label, args, what, 1, high)
        return make(game, rng, seconds=seconds, **{what: count})
    return StrategyEntry(factory, f"{help_text}: {budget_usage(label, what)}")
