"""Computer players (strategies) that every door can use: shell, protocol, match, simulate.

A strategy chooses a move for the player to move and can say why.  Built from
text such as ``perfect``, ``random``, ``imperfect 0.8`` or ``misere``; search
players register themselves in :data:`STRATEGIES` the same way.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Hashable

from gamesman.contract.capabilities import rewards
from gamesman.contract.errors import GameError
from gamesman.contract.game import Game
from gamesman.contract.strategy import Choice, Strategy, StrategyEntry, StrategyFactory, no_arguments, no_moves
from gamesman.players import expectimax, search
from gamesman.solver.database import answers_exactly

if TYPE_CHECKING:
    from gamesman.solver.strong import Solver


class RandomPlayer(Strategy):
    """Uniformly random legal moves."""

    name = "random"

    def choose(self, position: Hashable) -> Choice:
        return random_choice(self, position)


def random_choice(strategy: Strategy, position: Hashable) -> Choice:
    """A uniformly random legal move, drawn from ``strategy``'s rng."""
    moves = strategy.moves_to_choose(position)
    return Choice(strategy.rng.choice(moves), f"random among {len(moves)} moves")


@dataclass
class PerfectPlayer(Strategy):
    """Plays a best move by the solver (a random one among equals)."""

    solver: "Solver | None" = None
    name = "perfect"

    def solved(self) -> "Solver":
        """The solver this player asks (its own, made on first use, unless one was given)."""
        if self.solver is None:
            from gamesman.solver.strong import Solver

            self.solver = Solver(self.game)
        return self.solver

    def choose(self, position: Hashable) -> Choice:
        rows = self.solved().move_results(position)
        best = self.solved().best_moves(position)
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
        return random_choice(self, position)

    def describe(self) -> str:
        return f"imperfect {self.skill:g}"


@dataclass
class MiserePlayer(PerfectPlayer):
    """Plays the worst move by the solver: tries to lose."""

    name = "misere"

    def choose(self, position: Hashable) -> Choice:
        rows = self.solved().move_results(position)
        if not rows:
            raise no_moves(self.game, position)
        worst_key = _key(rows[-1][1], self.game.to_move(position))
        worst = [m for m, r in rows if _key(r, self.game.to_move(position)) == worst_key]
        move = self.rng.choice(worst)
        return Choice(move, f"{self.game.format_move(position, move)}: {dict(rows)[move]} (worst)")


def _key(result, mover: int) -> tuple:
    return result.sort_key() if result.value is not None else (-(result.utilities[mover]),)


def _with_skill(game: Game, rng: random.Random, args: list[str]) -> Strategy:
    if len(args) > 1:
        raise GameError(f"imperfect takes one skill from 0 to 1, not {' '.join(args)!r}")
    try:
        skill = float(args[0]) if args else 0.8
    except ValueError:
        raise GameError(f"imperfect: skill must be a number from 0 to 1, not {args[0]!r}") from None
    if not 0 <= skill <= 1:
        raise GameError(f"imperfect: skill must be a number from 0 to 1, not {args[0]!r}")
    return ImperfectPlayer(game, rng, skill=skill)


def _without_arguments(name: str, make: Callable[[Game, random.Random], Strategy]) -> StrategyFactory:
    """A factory for a strategy that takes no arguments (and refuses any)."""
    def factory(game: Game, rng: random.Random, args: list[str]) -> Strategy:
        no_arguments(name, args)
        return make(game, rng)
    return factory


#: The engine's strategies, for every game; a game adds its own (``Game.strategies``).
STRATEGIES: dict[str, StrategyEntry] = {
    "random": StrategyEntry(_without_arguments("random", RandomPlayer), "uniformly random legal moves"),
    "perfect": StrategyEntry(_without_arguments("perfect", PerfectPlayer), "a best move by the solver"),
    "imperfect": StrategyEntry(_with_skill, "perfect with probability P (default 0.8), else random: imperfect P"),
    "misere": StrategyEntry(_without_arguments("misere", MiserePlayer),
                            "the worst move by the solver (tries to lose)"),
    **search.STRATEGIES,
    **expectimax.STRATEGIES,
}


def strategies_for(game: Game) -> dict[str, StrategyEntry]:
    """The strategies a game can be played by: the engine's and the game's own."""
    own = {name: StrategyEntry(entry.make, entry.help) for name, entry in type(game).strategies.items()}
    return {**STRATEGIES, **own}


def make_strategy(game: Game, words: list[str] | str, rng: random.Random | None = None) -> Strategy:
    """A strategy from its name and arguments, e.g. ``["imperfect", "0.8"]``."""
    if isinstance(words, str):
        words = words.split()
    table = strategies_for(game)
    if not words:
        raise GameError(f"name a strategy ({', '.join(table)})")
    name, args = words[0].lower(), words[1:]
    if name not in table:
        owner = _game_with_strategy(name)
        if owner is not None:
            raise GameError(f"{name}: a strategy for {owner}, not for {game.name}")
        raise GameError(f"unknown strategy {words[0]!r} (strategies: {', '.join(table)})")
    make, _ = table[name]
    strategy = make(game, rng or random.Random(), args)
    if isinstance(strategy, PerfectPlayer) and not answers_exactly(game):
        raise GameError(f"{game.name}: this variant is too large to solve; use a search player")
    return strategy


def _game_with_strategy(name: str) -> str | None:
    """The game that declares a strategy of this name, if one does (for the error message)."""
    from gamesman.contract.registry import game_class, game_names

    for game_name in game_names():
        try:
            if name in game_class(game_name).strategies:
                return game_name
        except GameError:
            continue
    return None


def applicable_strategies(game: Game) -> list[str]:
    """The strategies that can play ``game`` as it is (a game's own strategies only for it,
    perfect play only where the variant is solvable, two-player searches for two players)."""
    found = []
    for name, (factory, _) in strategies_for(game).items():
        try:
            strategy = factory(game, random.Random(0), [])
        except GameError:
            continue
        if not (isinstance(strategy, PerfectPlayer) and not answers_exactly(game)):
            found.append(name)
    return found


# -- estimates: what a search player thinks of every move ------------------------------------


#: Strategies that search; where the solver cannot reach, estimates come from one of
#: them (the one chosen, else the game's own ``search_strategy``).
SEARCH_PLAYERS = ("mcts", "alphabeta", "expectimax")


@dataclass
class Estimate:
    """What one search found at a position: how it rated each move, best first (the
    first is the move it chooses), the moves it did not rate, and the effort spent."""

    rows: list[tuple[Hashable, str]]
    unrated: list[Hashable] = field(default_factory=list)
    spent: str = ""  # e.g. "1,000 iterations, 1,001 nodes in 0.84 s"


def estimate(strategy: Strategy, position: Hashable) -> Estimate:
    """Search once from ``position`` and rate its moves.

    Monte-Carlo tree search rates every move it tried (win rate, mean utility,
    visits), alpha-beta every move (its score at the deepest complete depth),
    expectimax every move (expected utilities); any
    other strategy rates only the move it chooses.
    """
    from gamesman.players.expectimax import ExpectimaxPlayer
    from gamesman.players.search import AlphaBetaPlayer, MCTSPlayer

    game = strategy.game
    moves = list(game.moves(position))
    if not moves:
        raise GameError(f"{game.name}: no moves to rate here")
    if len(moves) == 1:
        return Estimate([(moves[0], "the only legal move")])
    if isinstance(strategy, MCTSPlayer):
        return _mcts_estimate(strategy, position)
    if isinstance(strategy, AlphaBetaPlayer):
        return _alphabeta_estimate(strategy, position, moves)
    if isinstance(strategy, ExpectimaxPlayer):
        return _expectimax_estimate(strategy, position, moves)
    choice = strategy.choose(position)
    reason = choice.reason
    said = game.format_move(position, choice.move)
    if reason.startswith(said + ": "):
        reason = reason[len(said) + 2:]
    return Estimate([(choice.move, reason)], [m for m in moves if m != choice.move])


def _mcts_estimate(player, position: Hashable) -> Estimate:
    from gamesman.players.search import RUN_AS_PYTHON, counted

    game = player.game
    root = player.search(position)
    mover = root.mover
    # Most visited first, as MCTSPlayer.choose picks (sorting keeps equals in tree order).
    ranked = sorted(root.children.items(), key=lambda item: (item[1].visits, item[1].totals[mover]),
                    reverse=True)
    rows = []
    for move, child in ranked:
        text = f"win rate {child.shares[mover] / child.visits:.0%}, " if game.players > 1 else ""
        text += f"mean utility {child.totals[mover] / child.visits + 0.0:+.2f}, {counted(child.visits, 'visit')}"
        rows.append((move, text))
    return Estimate(rows, [m for m in game.moves(position) if m not in root.children],
                    f"{counted(root.visits, 'iteration')}, {counted(player.nodes, 'node')} in {player.seconds_spent:.2f} s"
                    + (RUN_AS_PYTHON if player.uncompiled else ""))


def _alphabeta_estimate(player, position: Hashable, moves: list) -> Estimate:
    """Iterative deepening with a full window for every move at the root, so each gets its score."""
    import math
    import time

    from gamesman.contract.errors import OutOfTime
    from gamesman.players.search import MAX_DEPTH, WIN, counted, drawn_from_view

    game = player.game
    me = game.to_move(position)
    player.rng.shuffle(moves)
    position = drawn_from_view(game, position, player.rng)
    player.table, player.nodes, player.horizons, player.deadline = {}, 0, 0, None
    started = time.monotonic()
    scores: dict = {}
    reached, proved = 0, False
    for depth in range(1, (player.depth or MAX_DEPTH) + 1):
        if depth == 2 and player.seconds is not None:
            player.deadline = started + player.seconds
        horizons = player.horizons
        try:
            found = {move: player.child_value(game.play(position, move), me, depth - 1, -math.inf, math.inf)
                     for move in moves}
        except OutOfTime:
            break
        scores, reached = found, depth
        proved = player.horizons == horizons
        moves.sort(key=lambda move: -scores[move])
        if proved or all(abs(score) >= WIN for score in scores.values()):
            break

    def said(score: float) -> str:
        if score >= WIN:
            return "forced win"
        if score <= -WIN:
            return "forced loss"
        return f"score {score + 0.0:+.2f}" + (" (exact)" if proved else "")

    rows = [(move, said(scores[move])) for move in moves]
    seconds = time.monotonic() - started
    return Estimate(rows, spent=f"depth {reached}, {counted(player.nodes, 'node')} in {seconds:.2f} s")


def _expectimax_estimate(player, position: Hashable, moves: list) -> Estimate:
    game = player.game
    mover = game.to_move(position)
    values, depth, seconds = player.searched(position, moves)
    player.rng.shuffle(moves)  # equals in a random order, as ExpectimaxPlayer.choose breaks ties
    moves.sort(key=lambda move: -values[move][mover])

    def said(utilities: tuple[float, ...]) -> str:
        if player.horizons:  # the game's evaluate at the depth limit: not an expectation of the outcome
            if game.players == 1:
                return f"rating {utilities[0]:,.6g}"
            return "ratings " + ", ".join(f"{game.player_name(p)} {u:,.6g}" for p, u in enumerate(utilities))
        if game.players == 1:
            if game.capabilities.rewards:
                return rewards(game).describe_utility(utilities[0], True)
            return f"expected utility {utilities[0]:,.6g}"
        return "expected utilities " + ", ".join(f"{game.player_name(p)} {u:,.6g}" for p, u in enumerate(utilities))

    rows = [(move, said(values[move])) for move in moves]
    spent = f"depth {depth} in {seconds:.2f} s"
    if player.horizons:
        spent += "; ratings are the game's evaluation at the search's horizon, in expectation, not expected outcomes"
    return Estimate(rows, spent=spent)
