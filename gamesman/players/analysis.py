"""Game-tree figures: counting games, exact random-play odds, and simulations.

``count`` walks the graph of reachable positions once and counts the distinct
games (paths from the start to an end) by outcome and length, the way seeds/003
counts Tic-Tac-Toe's 255,168 games.  ``exact_odds`` gives the exact outcome
probabilities of uniformly random play; ``simulate`` plays seeded games.

Counting and exact odds hold every reachable position in memory, and their
numbers grow long in long games, so they refuse (with GameError) a variant of
more than ``MAX_EXACT_POSITIONS`` positions, or one that needs more steps of
exact arithmetic than ``MAX_COUNT_STEPS`` or ``MAX_ODDS_STEPS`` (a step adds
one 64-bit word of a number).  The limits are what fits in about a minute and
two gigabytes; ``simulate`` has none.
"""
from __future__ import annotations

import random
import statistics
from collections import Counter
from fractions import Fraction
from typing import Callable, Hashable

from gamesman.contract.errors import GameError
from gamesman.contract.game import CHANCE, Game
from gamesman.contract.strategy import Strategy
from gamesman.players.play import random_outcome
from gamesman.solver.strong import Graph, ProgressFn, TooLarge

#: Reachable positions that counting and exact odds explore at most.
MAX_EXACT_POSITIONS = 2_000_000
#: Steps of whole-number arithmetic that counting does at most.
MAX_COUNT_STEPS = 200_000_000
#: Steps of fraction arithmetic (about ten times dearer) that exact odds do at most.
MAX_ODDS_STEPS = 20_000_000


def outcome_label(game: Game, utilities: tuple[float, ...] | None) -> str:
    """``x wins``, ``tie``, ``tie between x and o``; for one player ``solved``,
    ``not solved``, or ``game over`` when the utility is a score."""
    if utilities is None:
        raise GameError(f"{game.name}: the game is not over")
    if game.players == 1:
        return {1.0: "solved", 0.0: "not solved"}.get(float(utilities[0]), "game over")
    best = max(utilities)
    winners = [game.player_names[p] for p, u in enumerate(utilities) if u == best]
    if len(winners) == 1:
        return f"{winners[0]} wins"
    if len(winners) == len(utilities):
        return "tie"
    return "tie between " + " and ".join(winners)


def label_order(game: Game, labels) -> list[str]:
    """Labels in a stable order: each player's wins first, then ties."""
    wins = [f"{name} wins" for name in game.player_names]
    return sorted(labels, key=lambda label: (wins.index(label) if label in wins else len(wins), label))


class TreeCount:
    """Distinct games from the start, by (outcome label, length)."""

    def __init__(self, positions: int, ends: int, games: Counter | None) -> None:
        self.positions = positions
        self.ends = ends
        self.games = games  # None when the game has cycles (infinitely many games)

    def total(self) -> int:
        return sum(self.games.values()) if self.games is not None else 0

    def by_label(self) -> Counter:
        counts: Counter = Counter()
        for (label, _), n in (self.games or {}).items():
            counts[label] += n
        return counts


def too_large(game: Game, task: str, reason: str = "") -> GameError:
    """The refusal of a variant too large ``task`` (``to count exactly``, ``for exact odds``)."""
    detail = f" ({reason})" if reason else ""
    return GameError(f"{game.name}: {game.spec} is too large {task}{detail}; simulate it instead")


def explore(game: Game, task: str, progress: ProgressFn | None) -> Graph:
    """Every position reachable from the start, unless there are too many for ``task``."""
    try:
        return Graph(game, game.start(), {}, progress, MAX_EXACT_POSITIONS)
    except TooLarge:
        raise too_large(game, task, f"more than {MAX_EXACT_POSITIONS:,} positions") from None


def words(number: int) -> int:
    """The 64-bit words of a whole number: the steps one addition of it takes."""
    return 1 + number.bit_length() // 64


def moves_into(graph: Graph) -> list[int]:
    """For each position, the moves that lead to it (so its figures can be dropped once all are used)."""
    uses = [0] * len(graph)
    for kids in graph.children:
        for child in kids:
            uses[child] += 1
    return uses


def count(game: Game, progress: ProgressFn | None = None) -> TreeCount:
    """Reachable positions, end positions and distinct games by outcome and length."""
    task = "to count exactly"
    graph = explore(game, task, progress)
    ends = sum(1 for kids in graph.children if not kids)
    order, complete = graph.reverse_topological()
    if not complete:
        return TreeCount(len(graph), ends, None)
    uses = moves_into(graph)
    tallies: list[Counter] = [Counter()] * len(graph)  # a tally is dropped once its parents have read it
    steps = 0
    for done, i in enumerate(order, start=1):
        kids = graph.children[i]
        if not kids:
            label = outcome_label(game, game.outcome(graph.positions[i]))
            tallies[i] = Counter({(label, 0): 1})
        else:
            tally: Counter = Counter()
            for child in kids:
                below = tallies[child]
                steps += len(below) * words(max(below.values()))
                for (label, length), n in below.items():
                    tally[(label, length + 1)] += n
                uses[child] -= 1
                if not uses[child]:
                    tallies[child] = Counter()
            tallies[i] = tally
            if steps > MAX_COUNT_STEPS:
                raise too_large(game, task, f"more than {MAX_COUNT_STEPS:,} steps of arithmetic")
        if progress and done % 256 == 0:
            progress("counting", done, len(graph))
    if progress:
        progress("counting", len(graph), len(graph))
    return TreeCount(len(graph), ends, tallies[0])


def format_count(game: Game, tree: TreeCount) -> str:
    """The figures as a readable table."""
    lines = [game.spec, f"reachable positions: {tree.positions:,}", f"end positions: {tree.ends:,}"]
    if tree.games is None:
        lines.append("games: infinitely many (positions repeat)")
        return "\n".join(lines)
    lines.append(f"games: {tree.total():,}")
    by_label = tree.by_label()
    labels = label_order(game, by_label)
    for label in labels:
        lines.append(f"  {label}: {by_label[label]:,}")
    lengths = sorted({length for _, length in tree.games})
    header = ["moves"] + labels + ["total"]
    rows = []
    for length in lengths:
        counts = [tree.games.get((label, length), 0) for label in labels]
        rows.append([str(length)] + [f"{n:,}" for n in counts] + [f"{sum(counts):,}"])
    widths = [max(len(h), *(len(r[k]) for r in rows)) for k, h in enumerate(header)]
    lines.append("by length:")
    lines.append("  " + "  ".join(h.rjust(w) for h, w in zip(header, widths)))
    for row in rows:
        lines.append("  " + "  ".join(c.rjust(w) for c, w in zip(row, widths)))
    return "\n".join(lines)


def exact_odds(game: Game, progress: ProgressFn | None = None) -> dict[str, Fraction]:
    """Exact outcome probabilities when every player moves uniformly at random."""
    task = "for exact odds"
    graph = explore(game, task, progress)
    order, complete = graph.reverse_topological()
    if not complete:
        raise GameError(f"{game.name}: exact odds need a loop-free game (positions here repeat)")
    uses = moves_into(graph)
    odds: list[dict[str, Fraction]] = [{}] * len(graph)  # dropped once its parents have read it
    steps = 0
    for done, i in enumerate(order, start=1):
        if progress and done % 256 == 0:
            progress("weighing", done, len(graph))
        kids = graph.children[i]
        if not kids:
            odds[i] = {outcome_label(game, game.outcome(graph.positions[i])): Fraction(1)}
            continue
        if graph.probabilities[i] is not None:
            weights = [Fraction(p) for _, p in game.chances(graph.positions[i])]
        else:
            weights = [Fraction(1, len(kids))] * len(kids)
        mixed: dict[str, Fraction] = {}
        for child, weight in zip(kids, weights):
            below = odds[child]
            steps += len(below) * words(max(p.denominator for p in below.values()))
            for label, p in below.items():
                mixed[label] = mixed.get(label, Fraction(0)) + weight * p
            uses[child] -= 1
            if not uses[child]:
                odds[child] = {}
        odds[i] = mixed
        if steps > MAX_ODDS_STEPS:
            raise too_large(game, task, f"more than {MAX_ODDS_STEPS:,} steps of arithmetic")
    if progress:
        progress("weighing", len(graph), len(graph))
    return odds[0]


class Simulation:
    """Results of seeded games: outcome labels, lengths and final positions."""

    def __init__(self) -> None:
        self.labels: Counter = Counter()
        self.lengths: list[int] = []
        self.finals: list[Hashable] = []


def play_out(game: Game, strategies: list[Strategy] | None, rng: random.Random,
             max_moves: int = 100_000) -> tuple[Hashable, int]:
    """One game from the start: the final position and the number of moves."""
    position = game.start()
    moves = 0
    while game.outcome(position) is None:
        mover = game.to_move(position)
        if mover == CHANCE:
            position = game.play(position, random_outcome(game, position, rng))
            continue
        if strategies:
            move = strategies[mover % len(strategies)].choose(position).move
        else:
            move = rng.choice(list(game.moves(position)))
        position = game.play(position, move)
        moves += 1
        if moves >= max_moves:
            raise GameError(f"{game.name}: a game went past {max_moves:,} moves; stopped")
    return position, moves


def simulate(game: Game, games: int, seed: int, strategies: list[Strategy] | None = None,
             progress: Callable[[str, int, int], None] | None = None) -> Simulation:
    """Play ``games`` games (uniformly random unless strategies are given)."""
    rng = random.Random(seed)
    for strategy in strategies or ():
        strategy.rng = rng
    result = Simulation()
    if progress:
        progress("playing", 0, games)  # the bar shows (and its clock runs) while the first game is played
    for number in range(1, games + 1):
        final, moves = play_out(game, strategies, rng)
        result.labels[outcome_label(game, game.outcome(final))] += 1
        result.lengths.append(moves)
        result.finals.append(final)
        if progress:
            progress("playing", number, games)
    return result


def format_simulation(game: Game, sim: Simulation, games: int, seats: list[str] | None = None) -> str:
    """The outcomes, game lengths and, when given, the strategy of each seat."""
    lines = [f"{game.spec}: {games:,} games"]
    if seats:
        lines.append("  strategies: " + ", ".join(f"{name} {seat}" for name, seat in zip(game.player_names, seats)))
    for label in label_order(game, sim.labels):
        lines.append(f"  {label}: {sim.labels[label]:,} ({sim.labels[label] / games:.4f})")
    if sim.lengths:
        lines.append(f"  moves per game: mean {statistics.fmean(sim.lengths):.2f}, "
                     f"min {min(sim.lengths)}, max {max(sim.lengths)}")
    return "\n".join(lines)


def format_odds(game: Game, odds: dict[str, Fraction]) -> str:
    lines = [f"{game.spec}: exact odds of uniformly random play"]
    for label in label_order(game, odds):
        p = odds[label]
        lines.append(f"  {label}: {p.numerator}/{p.denominator} ({float(p):.6f})")
    return "\n".join(lines)
