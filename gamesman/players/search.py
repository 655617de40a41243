"""Search players for games too large to solve: Monte-Carlo tree search and alpha-beta.

Both register in :data:`gamesman.players.strategies.STRATEGIES`:

``mcts [ITERATIONS] [--iterations N] [--time SECONDS]``
    Monte-Carlo tree search with UCT, for every game of the contract: any
    number of players, chance nodes, hidden information.  Each node keeps
    the sum of the utility vectors of the playouts through it; the player to
    move picks the child best for their own component (mean plus an
    exploration bonus, on utilities scaled to [0, 1] by the smallest and
    largest utility seen).  Chance nodes draw their outcome with its
    probability; a playout plays uniformly random moves to the end (one that
    has not ended after 1,000 moves counts 0 for every player).  In a game
    with hidden information the search sees only the mover's view: it
    searches SAMPLES full positions drawn from the view (the game's
    ``sample_position``), each with a share of the budget, and adds up what
    they found for each move (determinized search).
    The move played is the most visited child; the reason gives its win
    rate (playouts in which the mover's utility was the highest, ties
    shared), its mean utility for the mover, and the iterations and tree
    nodes spent, and the seconds it took.  The budget is ITERATIONS and/or
    a time; with both, whichever ends first; with neither, DEFAULT_SECONDS.

``alphabeta [DEPTH] [--iterations DEPTH] [--time SECONDS]``
    Negamax alpha-beta for two-player games, with iterative deepening, a
    transposition table and the previous iteration's best move searched
    first.  At the horizon it uses the game's ``evaluate`` (0 when the game
    has none); ends are worth +2 (won), 0 (tied) or -2 (lost), beyond any
    estimate.  It stops deepening at DEPTH, when the time is up (the last
    complete depth counts), or as soon as the result is proved.  Without
    arguments the budget is DEFAULT_SECONDS.  A proved loss plays the move
    that held out longest.  Chance nodes are worth the
    expectation of their outcomes.  In a game with hidden information it
    searches one full position drawn from the mover's view.  The reason reads
    ``best c4, score +0.31 at depth 6, 48,211 nodes`` (``forced win`` or
    ``forced loss`` once proved, ``(exact)`` when the whole tree was seen).

Every search player takes its budget the same way (``parse_budget``): a count
as a word or as ``--iterations N`` (playouts; for a search that deepens, its
iterations of deepening: the depth), and/or ``--time SECONDS``; named alone it
searches for DEFAULT_SECONDS, so the shell's ``hint`` and a ``computer`` answer
in about a second on any board.  Given the same rng and a budget without a time
limit (``mcts 500``, ``alphabeta 4``), both play the same moves, told in the same
words; a time limit makes the amount of search depend on the machine.  Every
estimate (``gamesman.players.strategies.estimate``) says how much search stands
behind it: the iterations or the depth, and the seconds.
"""
from __future__ import annotations

import re

import math
import random
import time
from dataclasses import dataclass, field
from collections.abc import Mapping, Sequence
from typing import Any, Callable, ClassVar, Hashable, Protocol

from gamesman.contract.capabilities import CompactPlayouts, compact_form, hidden_information
from gamesman.contract.errors import GameError, OutOfTime
from gamesman.contract.game import CHANCE, Game
from gamesman.contract.strategy import Choice, Strategy, StrategyEntry, no_moves
from gamesman.players.play import random_outcome

#: The time budget of a search player named without a budget (``mcts``, ``alphabeta``,
#: ``expectimax``, Hex's ``rave``, Othello's ``bitalphabeta``): what the shell's hint, value,
#: values and computer and the protocol's genmove spend.
DEFAULT_SECONDS = 1.0
MAX_DEPTH = 200
#: What a compiled search player adds to its reason when its Python version chose the move
#: (``gamesman.players.compiled.ready_or_python``).
RUN_AS_PYTHON = " (run as Python while numba compiles the search, once after install)"
#: The most iterations a Monte-Carlo search may be given.
MAX_ITERATIONS = 10 ** 9
EXPLORATION = 1.0
PLAYOUT_LIMIT = 1_000
#: Positions drawn from the mover's view that share the budget in a game with hidden information.
SAMPLES = 8
WIN = 2.0


def drawn_from_view(game: Game, position: Hashable, rng: random.Random) -> Hashable:
    """``position`` itself, or in a game with hidden information a full position drawn
    at random from what the player to move sees of it (so a search never peeks)."""
    mover = game.to_move(position)
    if not game.capabilities.hidden_information or mover == CHANCE:
        return position
    return hidden_information(game).sample_position(game.parse_view(game.view(position, mover)), rng)


def _parse_seconds(strategy: str, word: str) -> float:
    """A time budget: ``2``, ``2s`` or ``500ms``."""
    text = word.lower()
    try:
        seconds = float(text[:-2]) / 1000 if text.endswith("ms") else float(text.rstrip("s"))
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= 3600:
        raise GameError(f"{strategy}: --time takes seconds from 0 to 3600 (2, 2s or 500ms), not {word!r}")
    return seconds


def deepen(search_root: Callable[[Any, int, Any, Any], None], order: Any, limit: int, deadline: float | None,
           won: float) -> tuple[Any, float, int, bool, int]:
    """Iterative deepening over a compiled root search, to ``limit`` plies or until ``deadline``.

    ``search_root(moves, depth, counters, values)`` rates each root move of the array ``moves``
    at ``depth`` (into ``values``: exact for the best, bounds for the others) and keeps in
    ``counters`` the nodes searched, its node budget, whether it ran out, and whether it met a
    horizon (a value that is not exact).  Each depth searches the last one's best moves first,
    on a node budget of the rate so far times the time left; a depth that runs out does not
    count, and none starts that would not finish in time.  Stops at an exact value or one of
    ``won`` or more.  Returns the best move (an item of ``order``), its value, the deepest
    complete depth, whether the value is exact, and the nodes searched.
    """
    import numpy as np

    best, value, reached, exact, nodes, rate = order[0], 0.0, 0, False, 0, 0.0
    for depth in range(1, limit + 1):
        budget = 2 ** 62
        if deadline is not None and depth > 1:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            budget = max(1000, int(rate * left))
        counters = np.array([0, budget, 0, 0], dtype=np.int64)
        values = np.full(len(order), -np.inf)
        began = time.monotonic()
        search_root(order, depth, counters, values)
        nodes += int(counters[0])
        spent = time.monotonic() - began
        rate = 0.9 * counters[0] / max(spent, 1e-6)  # nodes a second at this depth, with a margin
        if counters[2]:
            break  # out of time: the last complete depth counts
        ranked = np.argsort(-values, kind="stable")
        order, values = order[ranked], values[ranked]
        best, value, reached, exact = order[0], float(values[0]), depth, bool(counters[3] == 0)
        if exact or abs(value) >= won:
            break
        if deadline is not None and time.monotonic() + 2 * spent > deadline:
            break  # the next depth (several times this one) would not finish in time
    return best, value, reached, exact, nodes


def parse_budget(strategy: str, args: list[str], what: str, low: int, high: int,
                 default: bool = True) -> tuple[int | None, float | None]:
    """``[COUNT] [--iterations COUNT] [--time SECONDS]`` from strategy arguments, checked
    (``what`` names the count: iterations, or the depth of a search that deepens one
    iteration at a time).  With neither, the time budget DEFAULT_SECONDS (unless not
    ``default``: then (None, None)).

    >>> parse_budget("mcts", ["--iterations", "500"], "iterations", 1, 10 ** 9)
    (500, None)
    >>> parse_budget("alphabeta", ["--iterations=4", "--time", "2"], "depth", 1, 200)
    (4, 2.0)
    >>> parse_budget("alphabeta", [], "depth", 1, 200)
    (None, 1.0)
    """
    count: int | None = None
    seconds: float | None = None
    usage = f"{strategy} takes [{what.upper()}] [--iterations {what.upper()}] [--time SECONDS]"
    words = list(args)
    while words:
        word = words.pop(0)
        flag, sep, inline = word.partition("=")
        if flag.lower() in ("--time", "--iterations"):
            if not sep and not words:
                raise GameError(f"{usage}: {flag.lower()} needs a value")
            value = inline if sep else words.pop(0)
            if flag.lower() == "--time":
                seconds = _parse_seconds(strategy, value)
                continue
            if not re.fullmatch("[0-9]+", value) or count is not None:
                raise GameError(f"{usage}, not {(value if count is None else ' '.join(args))!r}")
            word = value
        elif not re.fullmatch("[0-9]+", word) or count is not None:
            raise GameError(f"{usage}, not {word!r}")
        count = int(word) if len(word) <= len(str(high)) else high + 1  # no int() of thousands of digits
        if not low <= count <= high:
            raise GameError(f"{strategy}: {what} must be from {low} to {high}, not {word}")
    if count is None and seconds is None and default:
        seconds = DEFAULT_SECONDS
    return count, seconds


def counted(number: int, noun: str) -> str:
    """``1 node``, ``48,211 nodes``."""
    return f"{number:,} {noun}" + ("" if number == 1 else "s")


def budget_usage(label: str, what: str) -> str:
    """A search player's arguments as its line of help gives them.

    >>> budget_usage("mcts", "iterations")
    'mcts [ITERATIONS] [--time SECONDS] (default --time 1)'
    """
    return f"{label} [{what.upper()}] [--time SECONDS] (default --time {DEFAULT_SECONDS:g})"


def count_words(count: int | None, seconds: float | None) -> list[str]:
    """A budget as a strategy's arguments: ``["500", "--time", "2"]``."""
    return ([] if count is None else [str(count)]) + ([] if seconds is None else ["--time", f"{seconds:g}"])


# -- Monte-Carlo tree search -------------------------------------------------------------


class _Node:
    """One position in the search tree, with the playout totals through it."""

    __slots__ = ("position", "mover", "ended", "untried", "children", "visits", "totals", "shares")

    def __init__(self, game: Game, position: Hashable, rng: random.Random) -> None:
        self.position = position
        self.ended = game.outcome(position)
        self.mover = game.to_move(position)
        self.children: dict[Hashable, _Node] = {}
        self.untried: list[Hashable] = []
        if self.ended is None and self.mover != CHANCE:
            self.untried = list(game.moves(position))
            if not self.untried:
                raise no_moves(game, position)
            rng.shuffle(self.untried)
        self.visits = 0
        self.totals = [0.0] * game.players
        self.shares = [0.0] * game.players


class Tally:
    """The statistics of one root move added up over several searched samples."""

    __slots__ = ("visits", "totals", "shares")

    def __init__(self, players: int) -> None:
        self.visits = 0
        self.totals = [0.0] * players
        self.shares = [0.0] * players

    def add(self, node: _Node) -> None:
        self.visits += node.visits
        self.totals = [mine + theirs for mine, theirs in zip(self.totals, node.totals)]
        self.shares = [mine + theirs for mine, theirs in zip(self.shares, node.shares)]


class MoveStats(Protocol):
    """The playouts through one root move: a tree's node or a Tally."""

    @property
    def visits(self) -> int: ...
    @property
    def totals(self) -> Sequence[float]: ...  # summed utility per player
    @property
    def shares(self) -> Sequence[float]: ...  # summed share of the win per player


class SearchRoot(Protocol):
    """What a search found at the root: a tree's root node, or a Root."""

    @property
    def mover(self) -> int: ...
    @property
    def visits(self) -> int: ...
    @property
    def children(self) -> Mapping[Hashable, MoveStats]: ...


@dataclass
class Root:
    """A root made of statistics only: per move a Tally."""

    mover: int
    visits: int
    children: dict[Hashable, Tally]


@dataclass
class MCTSPlayer(Strategy):
    """Monte-Carlo tree search (UCT) over utility vectors; see the module docstring."""

    iterations: int | None = None
    seconds: float | None = None  # with neither budget given, DEFAULT_SECONDS
    exploration: float = EXPLORATION
    name = "mcts"
    searches_positions = True
    low: float = field(default=math.inf, init=False, repr=False)
    high: float = field(default=-math.inf, init=False, repr=False)
    nodes: int = field(default=0, init=False, repr=False)
    compact: CompactPlayouts | None = field(default=None, init=False, repr=False)
    #: Whether playouts move uniformly at random (then they may run on the game's compact form).
    random_playouts: ClassVar[bool] = True
    #: Seconds the last search took (said beside a time budget).
    seconds_spent: float = field(default=0.0, init=False, repr=False)
    #: Whether the last search ran as the Python version of a compiled one (said after its time).
    uncompiled: bool = field(default=False, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            self.seconds = DEFAULT_SECONDS

    def describe(self) -> str:
        return " ".join([self.name, *count_words(self.iterations, self.seconds)])

    def choose(self, position: Hashable) -> Choice:
        game = self.game
        moves = self.moves_to_choose(position)
        if len(moves) == 1:
            return self.only_move(position, moves[0])
        root = self.search(position)
        best = max(root.children.items(), key=lambda item: (item[1].visits, item[1].totals[root.mover]))
        move, child = best
        mean = child.totals[root.mover] / child.visits
        said = f"best {game.format_move(position, move)}"
        if game.players > 1:
            said += f", win rate {child.shares[root.mover] / child.visits:.0%}"
        said += (f", mean utility {mean + 0.0:+.2f} over {child.visits:,} of "
                 f"{counted(root.visits, 'iteration')}, {counted(self.nodes, 'node')}{self.time_spent()}")
        return Choice(move, said)

    def time_spent(self) -> str:
        """`` in 1.00 s`` after a search with a time budget (a count budget says it all, and
        keeps a seeded choice the same text every time)."""
        spent = "" if self.seconds is None else f" in {self.seconds_spent:.2f} s"
        return spent + RUN_AS_PYTHON if self.uncompiled else spent

    def search(self, position: Any) -> SearchRoot:
        """The search tree from ``position`` after the budget is spent.

        With hidden information the mover's view is all it may use: the budget is
        shared among SAMPLES positions drawn from that view, each searched on its
        own, and the root returned adds up their root moves' statistics."""
        game = self.game
        started = time.monotonic()  # the budget counts from here: loading the compiled playouts too
        # asked when a search first needs it: compiled forms load numba, and compile or read their code (once)
        if self.compact is None and self.random_playouts and game.capabilities.compact_playouts:
            self.compact = compact_form(game).compact_playouts()
            if game.outcome(position) is None:
                self.compact.utilities(position, 0)
        deadline = None if self.seconds is None else started + self.seconds
        mover = game.to_move(position)
        if not game.capabilities.hidden_information or mover == CHANCE:
            root = self.grow(position, self.iterations, deadline)
            self.seconds_spent = time.monotonic() - started
            return root
        view = game.parse_view(game.view(position, mover))
        legal = set(_Node(game, position, self.rng).untried)  # shuffled by the node: the draws stay the same
        merged = Root(mover, 0, {})
        nodes = 0
        for sample in range(SAMPLES):
            if sample and deadline is not None and time.monotonic() >= deadline:
                break
            share = None if self.iterations is None else max(1, self.iterations // SAMPLES)
            ends = None if deadline is None else time.monotonic() + (deadline - time.monotonic()) / (SAMPLES - sample)
            root = self.grow(hidden_information(game).sample_position(view, self.rng), share, ends)
            nodes += self.nodes
            merged.visits += root.visits
            for move, child in root.children.items():
                if move in legal:
                    into = merged.children.get(move) or merged.children.setdefault(move, Tally(game.players))
                    into.add(child)
        self.nodes = nodes
        self.seconds_spent = time.monotonic() - started
        return merged

    def grow(self, position: Hashable, iterations: int | None, deadline: float | None) -> _Node:
        """A search tree from ``position``, grown until ``iterations`` or ``deadline``."""
        game, rng = self.game, self.rng
        self.low, self.high, self.nodes = math.inf, -math.inf, 1
        root = _Node(game, position, rng)
        while iterations is None or root.visits < iterations:
            if deadline is not None and time.monotonic() >= deadline and root.visits > 0:
                break
            path = self.descend(root)
            leaf = path[-1]
            utilities = leaf.ended if leaf.ended is not None else self.playout(leaf.position)
            self.backup(path, utilities)
        return root

    def descend(self, root: _Node) -> list[_Node]:
        """Selection and expansion: the path from the root to a new (or ended) node."""
        game, rng = self.game, self.rng
        node = root
        path = [node]
        while node.ended is None:
            if node.mover == CHANCE:
                outcome = random_outcome(game, node.position, rng)
                child = node.children.get(outcome)
                if child is None:
                    child = node.children[outcome] = _Node(game, game.play(node.position, outcome), rng)
                    self.nodes += 1
                    path.append(child)
                    return path
            elif node.untried:
                move = node.untried.pop()
                child = node.children[move] = _Node(game, game.play(node.position, move), rng)
                self.nodes += 1
                path.append(child)
                return path
            else:
                child = self.select(node)
            node = child
            path.append(node)
        return path

    def select(self, node: _Node) -> _Node:
        """The child with the best UCT score for the player to move."""
        mover = node.mover
        spread = self.high - self.low
        log_visits = math.log(node.visits)
        best, best_score = None, -math.inf
        for child in node.children.values():
            mean = child.totals[mover] / child.visits
            scaled = (mean - self.low) / spread if spread > 0 else 0.5
            score = scaled + self.exploration * math.sqrt(log_visits / child.visits)
            if score > best_score:
                best, best_score = child, score
        assert best is not None  # a node is selected from once it has children
        return best

    def playout(self, position: Hashable) -> tuple[float, ...]:
        """Play to the end by ``playout_move`` (chance by its probabilities; uniformly random
        play on the game's compact form when it has one); a game not over after PLAYOUT_LIMIT
        moves counts 0 for each player."""
        game, rng = self.game, self.rng
        if self.compact is not None:
            return self.compact.utilities(position, rng.getrandbits(63))
        for _ in range(PLAYOUT_LIMIT):
            ended = game.outcome(position)
            if ended is not None:
                return ended
            if game.to_move(position) == CHANCE:
                position = game.play(position, random_outcome(game, position, rng))
            else:
                moves = game.moves(position)
                if not moves:
                    raise no_moves(game, position)
                position = game.play(position, self.playout_move(position, moves))
        return (0.0,) * game.players

    def playout_move(self, position: Hashable, moves: Sequence) -> Hashable:
        """The move a playout makes among ``moves``: uniformly random."""
        return self.rng.choice(moves)

    def backup(self, path: list[_Node], utilities: tuple[float, ...]) -> None:
        """Add one playout's utilities (and each player's share of the win) along the path."""
        self.low = min(self.low, *utilities)
        self.high = max(self.high, *utilities)
        best = max(utilities)
        winners = [player for player, u in enumerate(utilities) if u == best]
        for node in path:
            node.visits += 1
            for player, u in enumerate(utilities):
                node.totals[player] += u
            for player in winners:
                node.shares[player] += 1 / len(winners)


# -- alpha-beta ---------------------------------------------------------------------------

EXACT, LOWER, UPPER = 0, 1, 2
PROVED = 10 ** 6  # the depth of a table entry whose subtree was searched to the end


@dataclass
class AlphaBetaPlayer(Strategy):
    """Negamax alpha-beta with iterative deepening; see the module docstring."""

    depth: int | None = None
    seconds: float | None = None  # with neither budget given, DEFAULT_SECONDS
    name = "alphabeta"
    searches_positions = True
    nodes: int = field(default=0, init=False, repr=False)
    horizons: int = field(default=0, init=False, repr=False)
    deadline: float | None = field(default=None, init=False, repr=False)
    table: dict = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.depth is None and self.seconds is None:
            self.seconds = DEFAULT_SECONDS
        if self.game.players != 2:
            raise GameError(f"alphabeta: {self.game.name} has {self.game.players} players; "
                            f"alpha-beta plays two-player games (use mcts)")

    def describe(self) -> str:
        return " ".join(["alphabeta", *count_words(self.depth, self.seconds)])

    def choose(self, position: Hashable) -> Choice:
        game = self.game
        moves = self.moves_to_choose(position)
        self.rng.shuffle(moves)
        position = drawn_from_view(game, position, self.rng)
        started = time.monotonic()
        self.table = {}  # position: (depth searched or PROVED, EXACT/LOWER/UPPER, value, best move)
        self.nodes = self.horizons = 0
        self.deadline = None  # depth 1 always completes
        best_move, value, reached, proved = moves[0], 0.0, 0, False
        for depth in range(1, (self.depth or MAX_DEPTH) + 1):
            if depth == 2 and self.seconds is not None:
                self.deadline = started + self.seconds
            horizons_before = self.horizons
            try:
                found, move = self.search_root(position, moves, depth)
            except OutOfTime:
                break
            proved = self.horizons == horizons_before or abs(found) >= WIN
            if found <= -WIN and reached:
                found = -WIN  # every move loses: keep the one that held out longest
            else:
                best_move = move
            value, reached = found, depth
            moves.remove(best_move)
            moves.insert(0, best_move)
            if proved or len(moves) == 1:
                break
        return Choice(best_move, self.reason(position, best_move, value, reached, proved))

    def reason(self, position: Hashable, move: Hashable, value: float, depth: int, proved: bool) -> str:
        said = f"best {self.game.format_move(position, move)}, "
        if value >= WIN:
            said += "forced win"
        elif value <= -WIN:
            said += "forced loss"
        else:
            said += f"score {value + 0.0:+.2f}" + (" (exact)" if proved else "")  # + 0.0: no "-0.00"
        return said + f" at depth {depth}, {counted(self.nodes, 'node')}"

    def search_root(self, position: Hashable, moves: list, depth: int) -> tuple[float, Hashable]:
        """The best value and move at ``position``, searching ``depth`` plies."""
        game = self.game
        me = game.to_move(position)
        alpha = -math.inf
        best_move = moves[0]
        for move in moves:
            value = self.child_value(game.play(position, move), me, depth - 1, alpha, math.inf)
            if value > alpha:
                alpha, best_move = value, move
        return alpha, best_move

    def child_value(self, child: Hashable, me: int, depth: int, alpha: float, beta: float) -> float:
        """The value of ``child`` for player ``me`` (whoever moves there)."""
        game = self.game
        mover = game.to_move(child)
        if mover == CHANCE and game.outcome(child) is None:
            return sum(float(probability) * self.child_value(game.play(child, outcome), me, depth,
                                                             -math.inf, math.inf)
                       for outcome, probability in game.chances(child))
        if mover == me:
            return self.negamax(child, depth, alpha, beta)
        return -self.negamax(child, depth, -beta, -alpha)

    def negamax(self, position: Hashable, depth: int, alpha: float, beta: float) -> float:
        """The value of ``position`` for the player to move, searching ``depth`` plies."""
        game = self.game
        self.nodes += 1
        if self.deadline is not None and self.nodes % 512 == 0 and time.monotonic() > self.deadline:
            raise OutOfTime
        ended = game.outcome(position)
        mover = game.to_move(position)
        if ended is not None:
            margin = ended[mover] - max(u for player, u in enumerate(ended) if player != mover)
            return WIN if margin > 0 else -WIN if margin < 0 else 0.0
        if depth <= 0:
            self.horizons += 1
            return self.estimate(position)
        first = None
        entry = self.table.get(position)
        if entry is not None:
            searched, kind, value, first = entry
            if searched >= depth:
                if searched < PROVED:
                    self.horizons += 1
                if kind == EXACT:
                    return value
                if kind == LOWER:
                    alpha = max(alpha, value)
                else:
                    beta = min(beta, value)
                if alpha >= beta:
                    return value
        start_alpha, horizons_before = alpha, self.horizons
        moves = list(game.moves(position))
        if first is not None and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        best, best_move = -math.inf, moves[0]
        for move in moves:
            value = self.child_value(game.play(position, move), mover, depth - 1, alpha, beta)
            if value > best:
                best, best_move = value, move
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        kind = UPPER if best <= start_alpha else LOWER if best >= beta else EXACT
        self.table[position] = (PROVED if self.horizons == horizons_before else depth, kind, best, best_move)
        return best

    def estimate(self, position: Hashable) -> float:
        """The game's heuristic for the player to move, clipped to [-1, 1]; 0 without one."""
        estimate = self.game.evaluate(position)
        if estimate is None:
            return 0.0
        if not isinstance(estimate, (int, float)):
            # Per-player estimates: the mover's lead over the other player.
            mover = self.game.to_move(position)
            estimate = estimate[mover] - estimate[1 - mover]
        return max(-1.0, min(1.0, float(estimate)))


# -- registration ---------------------------------------------------------------------------


def _mcts(game: Game, rng: random.Random, args: list[str]) -> MCTSPlayer:
    iterations, seconds = parse_budget("mcts", args, "iterations", 1, MAX_ITERATIONS)
    return MCTSPlayer(game, rng, iterations=iterations, seconds=seconds)


def _alphabeta(game: Game, rng: random.Random, args: list[str]) -> AlphaBetaPlayer:
    depth, seconds = parse_budget("alphabeta", args, "depth", 1, MAX_DEPTH)
    return AlphaBetaPlayer(game, rng, depth=depth, seconds=seconds)


STRATEGIES = {
    "mcts": StrategyEntry(_mcts, "Monte-Carlo tree search (UCT), any game: " + budget_usage("mcts", "iterations")),
    "alphabeta": StrategyEntry(_alphabeta, "alpha-beta with iterative deepening, two players: "
                                           + budget_usage("alphabeta", "depth")),
}
