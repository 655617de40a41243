"""The fast solver core: whole levels of positions at a time, as integers, in numpy arrays.

It solves two-player games and puzzles without chance (the reference solver in
:mod:`gamesman.solver.strong` keeps max^n and chance) and gives exactly the reference's
answers: value, remoteness, and Grundy numbers for impartial games.

1. **Positions as integers.**  The game gives the ``encode``/``decode`` hooks of
   :class:`gamesman.contract.game.Game` (a game without them goes to the reference
   solver: its positions would have to be kept as they are anyway).
2. **Exploration, level by level.**  The positions at distance d from the root
   are expanded together: by the game's ``batch_expand`` hook (vectorised; large
   levels are shared out over the cores by forked worker processes) or by
   calling ``play``.  Duplicates are dropped with a
   bitmap over the index when ``index_size`` is small enough, else by sorting.
3. **Solving.**  When every move leads from level d to level d+1 (each move adds
   a piece: Sim, Connect Four, Tic-Tac-Toe), the levels are solved backwards,
   each parent taking the best of its children's scores in one
   ``maximum.reduceat``; no parent lists are built.  Otherwise (passes in
   Othello, loops in Chopsticks) a retrograde analysis runs in waves of
   remoteness over parent lists in CSR form: a wave's positions settle their
   undecided parents (a lost child makes a win; a parent whose children are
   all won is lost), then ties spread, and what is never decided is a draw.
   Grundy numbers come from waves of the topological order (mex of children).

Results are ``uint16``: two bits of value (win 0, lose 1, tie 2, draw 3) over
fourteen bits of remoteness; :data:`gamesman.solver.store.MISSING` marks a code that is
not a position.
"""
from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Callable, Hashable

import numpy as np

from gamesman.solver.database import PositionTable, canonical_code
from gamesman.contract.capabilities import End, batch_expansion, position_codes, symmetries
from gamesman.contract.game import CHANCE, Game, ProgressFn
from gamesman.solver.results import SolverError, TooLarge
from gamesman.solver.store import MISSING, NO_GRUNDY, Store

if TYPE_CHECKING:
    from gamesman.solver.parts import PartedStore
from gamesman.solver.workers import fork_pool

WIN, LOSE, TIE, DRAW = 0, 1, 2, 3  # value codes: the first three as End numbers them
REMOTENESS_BITS = 14
REMOTENESS_MASK = (1 << REMOTENESS_BITS) - 1
MAX_REMOTENESS = REMOTENESS_MASK - 1
#: Codes below this many use bitmaps and arrays over the whole index.
DENSE_LIMIT = 1 << 28
#: Levels are expanded in chunks of this many positions (small enough for the caches).
CHUNK = 1 << 16
#: Bytes of moves a layered game keeps from exploring to solving; beyond, it expands again.
EDGE_BUDGET = 1 << 28
#: Levels of at least this many positions are expanded by worker processes, one per core.
PARALLEL_LEVEL = 1 << 19
#: What a level's codes become once a solve holds their results elsewhere.
LET_GO = np.empty(0, np.int64)


class NeedsReference(Exception):
    """The variant is outside this core (chance nodes): the reference solver takes it."""


def pack(value: int, remoteness: int) -> int:
    return (value << REMOTENESS_BITS) | (0 if value == DRAW else remoteness)


@dataclass
class Level:
    """The positions at one distance from the root, with their moves."""

    codes: np.ndarray      # sorted int64
    movers: np.ndarray     # int8
    ends: np.ndarray       # int8: -1 goes on, else the value for the mover
    parents: np.ndarray | None   # int32 index in codes, one per move (None: let go of)
    children: np.ndarray | None  # int64 code, one per move (None: let go of)
    known: np.ndarray | None = None         # packed results already solved (MISSING: not)
    known_grundy: np.ndarray | None = None  # their Grundy numbers

    def moves(self) -> tuple[np.ndarray, np.ndarray]:
        """The parents and children of the level's moves, which must still be held."""
        if self.parents is None or self.children is None:
            raise SolverError("the moves of this level were let go of")
        return self.parents, self.children


@dataclass
class Solved:
    """Every position reachable from the root with its packed result.

    Either ``codes`` (sorted) with ``values`` and ``grundy`` in their order, or,
    from a game with a small index, ``codes`` None and ``values`` an array over
    the whole index (MISSING where there is no position).
    """

    codes: np.ndarray | None
    values: np.ndarray
    grundy: np.ndarray | None
    stats: dict = field(default_factory=dict)
    # the results already laid out (games too large for the arrays above: the parts of a solve in tiers)
    store: "Store | PartedStore | None" = None

    @property
    def count(self) -> int:
        if self.store is not None:
            return self.store.count
        return len(self.values) if self.codes is not None else int(np.count_nonzero(self.values != MISSING))


# -- expanders: codes in, moves out ---------------------------------------------------
class Expander:
    """Expands arrays of codes for one variant.  Positions alike under the game's symmetries
    are one position, by their least code (``Symmetries.canonical_codes``): the root and every
    child are given by it, so only those codes are explored, solved and stored."""

    index_size: int | None = None

    def __init__(self, game: Game) -> None:
        self.game = game
        self.canonical = symmetries(game).canonical_codes

    def root(self, position: Hashable) -> int:
        return canonical_code(self.game, position)

    def expand(self, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(movers, ends, parents, children) of ``codes`` as ``BatchExpansion.batch_expand``
        says them, each child by the least code of the positions alike."""
        movers, ends, parents, children = self.expand_codes(codes)
        return movers, ends, parents, np.asarray(self.canonical(children), np.int64)

    def expand_codes(self, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """``expand`` with the children's codes as the game gives them."""
        raise NotImplementedError

    def close(self) -> None:
        """Let go of worker threads."""


class BatchExpander(Expander):
    """The game's ``batch_expand`` hook, on chunks small enough for the caches; large
    levels are shared out over the cores by worker processes."""

    def __init__(self, game: Game, workers: int) -> None:
        super().__init__(game)
        self.codes = position_codes(game)
        self.batch = batch_expansion(game)
        self.index_size = self.codes.index_size()
        self.workers = workers
        self.pool: ProcessPoolExecutor | None = None

    def expand_codes(self, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        if len(codes) <= CHUNK:
            return checked_expansion(self.batch.batch_expand(codes))
        pieces = [codes[at:at + CHUNK] for at in range(0, len(codes), CHUNK)]
        pool = self.process_pool() if len(codes) >= PARALLEL_LEVEL else None
        if pool is not None:
            parts = list(pool.map(_expand_in_worker, pieces))
        else:
            parts = [checked_expansion(self.batch.batch_expand(piece)) for piece in pieces]
        return (np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts]),
                np.concatenate([p[2] + at for p, at in zip(parts, range(0, len(codes), CHUNK))]),
                np.concatenate([p[3] for p in parts]))

    def process_pool(self) -> ProcessPoolExecutor | None:
        """Worker processes forked from this one (which then holds the game), or None
        when there is one core, or when other threads run (forking them is unsafe)."""
        global _worker_game
        if self.pool is None:
            _worker_game = self.game  # the workers are forked: they find the game here
            self.pool = fork_pool(self.workers)
        return self.pool

    def close(self) -> None:
        if self.pool:
            self.pool.shutdown()
            self.pool = None


_worker_game: Game | None = None


def _expand_in_worker(codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    if _worker_game is None:
        raise SolverError("a worker process was started without its game")
    return checked_expansion(batch_expansion(_worker_game).batch_expand(codes))


def checked_expansion(expansion):
    movers, ends, parents, children = expansion
    return (np.asarray(movers, np.int8), np.asarray(ends, np.int8),
            np.asarray(parents, np.int32), np.asarray(children, np.int64))


class PlayExpander(Expander):
    """Calls ``moves`` and ``play`` position by position (games without a batch hook)."""

    position: Callable[[int], Hashable]  # the position of a code
    code: Callable[[Hashable], int]  # the code of a position

    def expand_codes(self, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        game = self.game
        movers = np.empty(len(codes), np.int8)
        ends = np.full(len(codes), End.PLAYING, np.int8)
        parents: list[int] = []
        children: list[int] = []
        for i, code in enumerate(codes.tolist()):
            position = self.position(code)
            mover = game.to_move(position)
            if mover == CHANCE:
                raise NeedsReference("chance")
            movers[i] = mover
            utilities = game.outcome(position)
            if utilities is not None:
                ends[i] = end_value(utilities, mover)
                continue
            moves = game.moves(position)
            if not moves:
                raise SolverError(f"{game.name}: {game.format_position(position)} has no moves but is not over")
            for move in moves:
                parents.append(i)
                children.append(self.code(game.play(position, move)))
        return movers, ends, np.array(parents, np.int32), np.array(children, np.int64)


class CodecExpander(PlayExpander):
    """Positions through the game's ``encode`` and ``decode``."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        codes = position_codes(game)
        self.index_size = codes.index_size()
        self.position = codes.decode
        self.code = codes.encode


def end_value(utilities: tuple[float, ...], mover: int) -> End:
    """How an ended game came out for the player to move (as the reference reads it).

    >>> end_value((1.0, -1.0), 1).name
    'LOST'
    """
    if len(utilities) == 1:
        return End.WON if utilities[0] > 0 else End.LOST
    mine = utilities[mover]
    theirs = max(u for player, u in enumerate(utilities) if player != mover)
    return End.WON if mine > theirs else End.LOST if mine < theirs else End.TIE


def expander_for(game: Game, workers: int | None = None) -> Expander:
    """The fastest expander the game's hooks allow."""
    if not game.capabilities.position_codes:
        raise NeedsReference("no codes")
    if game.capabilities.batch_expansion:
        return BatchExpander(game, workers or os.cpu_count() or 1)
    return CodecExpander(game)


# -- exploration ------------------------------------------------------------------------
def sorted_unique(values: np.ndarray) -> np.ndarray:
    """The distinct values, sorted (numpy's own unique is slow on some builds)."""
    if len(values) == 0:
        return values
    ordered = np.sort(values)
    keep = np.empty(len(ordered), bool)
    keep[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    return ordered[keep]


class Seen:
    """The codes met so far: a bitmap over a small index, else a few sorted runs.  For a
    ``layered`` game (every move adds a piece) no code repeats across levels, so
    only the duplicates within a level are dropped."""

    def __init__(self, index_size: int | None, layered: bool = False) -> None:
        self.layered = layered
        self.dense = index_size is not None and index_size <= DENSE_LIMIT
        if index_size is not None and self.dense:
            self.mark = np.zeros(index_size, np.bool_)
            if not layered:
                self.seen = np.zeros(index_size, np.bool_)
        else:
            self.runs: list[np.ndarray] = []  # sorted, each at least twice the next: few to search

    def add_new(self, codes: np.ndarray) -> tuple[np.ndarray, bool]:
        """The distinct codes among ``codes`` not met before (sorted), and whether none was met before."""
        if self.dense:
            if len(codes) == 0:
                return codes, True
            low, high = int(codes.min()), int(codes.max())
            if low < 0 or high >= len(self.mark):
                raise SolverError(f"a position code {low if low < 0 else high} is outside the game's index")
            self.mark[codes] = True
            found = np.flatnonzero(self.mark[low:high + 1]) + low
            self.mark[found] = False
            if self.layered:
                return found.astype(np.int64), True
            old = self.seen[found]
            fresh = not old.any()
            if not fresh:
                found = found[~old]
            self.seen[found] = True
            return found.astype(np.int64), fresh
        found = sorted_unique(codes)
        if self.layered:
            return found, True
        old = np.zeros(len(found), np.bool_)
        for run in self.runs:
            at = np.searchsorted(run, found).clip(0, len(run) - 1)
            old |= run[at] == found
        fresh = not old.any()
        if not fresh:
            found = found[~old]
        if len(found):
            self.runs.append(found)
        while len(self.runs) > 1 and len(self.runs[-2]) <= 2 * len(self.runs[-1]):
            last = self.runs.pop()
            self.runs[-1] = np.sort(np.concatenate((self.runs[-1], last)))
        return found, fresh


KnownFn = Callable[[np.ndarray], "tuple[np.ndarray, np.ndarray]"]


def explore(expander: Expander, root_code: int, limit: int | None, progress: ProgressFn | None,
            name: str, known: KnownFn | None = None, layered: bool = False) -> tuple[list[Level], bool]:
    """Every position reachable from the root, level by level; and whether every move
    goes from one level to the next (then the levels can be solved backwards).

    Positions that ``known`` has results for (codes -> packed results and Grundy
    numbers, MISSING where unknown) are leaves: their moves are dropped.  For a
    ``layered`` game (every move adds a piece) with a batch expander, a level keeps
    only its codes, movers and ends once the moves held pass EDGE_BUDGET bytes: they
    are cheaper to expand again than to hold (see ``solve_layered``)."""
    seen = Seen(expander.index_size, layered)
    lean = layered and isinstance(expander, BatchExpander)
    held = 0
    frontier, _ = seen.add_new(np.array([root_code], np.int64))
    levels: list[Level] = []
    every_move_fresh = True
    total = 1
    while len(frontier):
        movers, ends, parents, children = expander.expand(frontier)
        if (movers == CHANCE).any():
            raise NeedsReference("chance")
        level = Level(frontier, movers, ends, parents, children)
        if known is not None:
            values, grundy = known(frontier)
            solved = values != MISSING
            if solved.any():
                keep = ~solved[parents]
                parents, children = parents[keep], children[keep]
                level.parents, level.children = parents, children
                level.known, level.known_grundy = values, grundy
        levels.append(level)
        frontier, fresh = seen.add_new(children)
        every_move_fresh = every_move_fresh and fresh
        held += parents.nbytes + children.nbytes
        if lean and held > EDGE_BUDGET:
            level.parents = level.children = None
        del parents, children
        total += len(frontier)
        if limit is not None and total > limit:
            raise TooLarge(f"{name}: more than {limit:,} positions; too large to solve here")
        if progress:
            progress("exploring", total, None)
    if progress:
        progress("exploring", total, total)
    return levels, every_move_fresh


# -- solving ---------------------------------------------------------------------------
@cache
def score_tables() -> tuple[np.ndarray, np.ndarray]:
    """Packed child result -> score for the parent (higher is better), when the mover
    changes and when it stays: wins by speed, then ties by speed, draws, losses by delay
    (built once per process; not to be written to)."""
    packed = np.arange(1 << 16, dtype=np.int64)
    value, remote = packed >> REMOTENESS_BITS, packed & REMOTENESS_MASK
    tables = []
    for flip in (True, False):
        mine = np.where(value == WIN, LOSE, np.where(value == LOSE, WIN, value)) if flip else value
        score = np.select([mine == WIN, mine == TIE, mine == DRAW],
                          [(3 << REMOTENESS_BITS) | (REMOTENESS_MASK - remote),
                           (2 << REMOTENESS_BITS) | (REMOTENESS_MASK - remote), 1 << REMOTENESS_BITS],
                          remote)
        score[MISSING] = -1
        tables.append(score.astype(np.int32))
    return tables[0], tables[1]


def _from_scores(best: np.ndarray) -> np.ndarray:
    """The parent's packed result from its best child's score."""
    kind = best >> REMOTENESS_BITS
    low = best & REMOTENESS_MASK
    packed = np.where(kind == 3, pack(WIN, 0) + REMOTENESS_MASK - low + 1,
                      np.where(kind == 2, pack(TIE, 0) + REMOTENESS_MASK - low + 1,
                               np.where(kind == 1, pack(DRAW, 0), pack(LOSE, 0) + low + 1)))
    if (np.where(kind == 0, low, np.where(kind == 1, 0, REMOTENESS_MASK - low)) >= MAX_REMOTENESS).any():
        raise SolverError("remoteness beyond what the database holds")
    return packed.astype(np.uint16)


def _uniform_movers(levels: list[Level]) -> list[int] | None:
    """The one mover of each level, or None when some level has two."""
    movers = []
    for level in levels:
        first = int(level.movers[0])
        if (level.movers != first).any():
            return None
        movers.append(first)
    return movers


def solve_layered(levels: list[Level], index_size: int | None, progress: ProgressFn | None,
                  expander: Expander) -> Solved | None:
    """Backward induction level by level (two players); None when the movers do not allow it.

    A lean level (no moves kept) is expanded again, a chunk at a time."""
    movers = _uniform_movers(levels)
    if movers is None:
        return None
    flip_table, same_table = score_tables()
    # over the whole index when it is small, else by level
    values = np.full(index_size, MISSING, np.uint16) if index_size is not None and index_size <= DENSE_LIMIT else None
    level_values: list[np.ndarray] = [np.empty(0, np.uint16)] * len(levels)
    total = sum(len(level.codes) for level in levels)
    done = 0
    for depth in range(len(levels) - 1, -1, -1):
        level = levels[depth]
        if values is not None:
            lookup = values.__getitem__
        else:
            below = levels[depth + 1] if depth + 1 < len(levels) else Level(*[np.empty(0, np.int64)] * 5)
            below_values = level_values[depth + 1] if depth + 1 < len(levels) else np.empty(0, np.uint16)
            lookup = lambda children: below_values[np.searchsorted(below.codes, children)]  # noqa: E731
        table = flip_table if depth + 1 < len(levels) and movers[depth] != movers[depth + 1] else same_table
        mine = ended_results(level.ends)
        if level.known is not None:
            solved = level.known != MISSING
            mine[solved] = level.known[solved]
        if level.parents is not None and level.children is not None:
            take_best(mine, level.parents, table[lookup(level.children)])
        else:
            going = np.flatnonzero(mine == MISSING)
            for at in range(0, len(going), CHUNK * 16):
                chunk = going[at:at + CHUNK * 16]
                _, _, parents, children = expander.expand(level.codes[chunk])
                take_best(mine, chunk[parents], table[lookup(children)])
        check_all_solved(level.codes, mine)
        if values is not None:
            values[level.codes] = mine
            level.codes = LET_GO  # the dense array holds everything from here on
        else:
            level_values[depth] = mine
        done += len(mine)
        if progress:
            progress("solving", done, total)
    if values is not None:
        return Solved(None, values, None)
    codes = np.concatenate([level.codes for level in levels])
    order = np.argsort(codes)  # distinct codes
    return Solved(codes[order], np.concatenate(level_values)[order], None)


def take_best(mine: np.ndarray, parents: np.ndarray, scores: np.ndarray) -> None:
    """Give each parent (non-decreasing indices into ``mine``) its best child's result."""
    if len(parents):
        starts = np.flatnonzero(np.concatenate(([True], parents[1:] != parents[:-1])))
        mine[parents[starts]] = _from_scores(np.maximum.reduceat(scores, starts))


def ended_results(ends: np.ndarray) -> np.ndarray:
    """Packed results of positions from how their games ended (MISSING: play goes on)."""
    mine = np.full(len(ends), MISSING, np.uint16)
    ended = ends >= 0
    mine[ended] = ends[ended].astype(np.uint16) << REMOTENESS_BITS
    return mine


def check_all_solved(codes: np.ndarray, mine: np.ndarray) -> None:
    """Fail on the first of ``codes`` left without a result: it has no moves but is not over."""
    if (mine == MISSING).any():
        at = int(np.argmax(mine == MISSING))
        raise SolverError(f"position code {int(codes[at])} has no moves but is not over")


class Graph:
    """All levels as one graph of node numbers (level by level, codes sorted within)."""

    def __init__(self, levels: list[Level], index_size: int | None, numbered: bool = False) -> None:
        """``numbered``: the levels' children are node numbers already (a caller that builds
        many graphs of one index numbers them itself); else the graph numbers them, over the
        whole index when ``index_size`` is at most DENSE_LIMIT, else by bisection."""
        self.codes = np.concatenate([level.codes for level in levels])
        self.movers = np.concatenate([level.movers for level in levels])
        self.ends = np.concatenate([level.ends for level in levels])
        self.size = len(self.codes)
        self.known = np.concatenate([np.full(len(level.codes), MISSING, np.uint16) if level.known is None
                                     else level.known for level in levels])
        self.known_grundy = np.concatenate([np.full(len(level.codes), NO_GRUNDY, np.uint16)
                                            if level.known_grundy is None else level.known_grundy
                                            for level in levels])
        # Node numbers are 32-bit where they fit, and each level's moves are let go of as
        # soon as they are numbered: the moves are most of the memory a solve takes.
        node: type[np.signedinteger] = np.int32 if self.size < 1 << 31 else np.int64
        moves = sum(len(level.moves()[1]) for level in levels)
        self.parents = np.empty(moves, node)
        self.children = np.empty(moves, node)
        # each code's node number: over the whole index when it is small, else by bisection
        number = None
        if not numbered and index_size is not None and index_size <= DENSE_LIMIT:
            number = np.full(index_size, -1, node)
            number[self.codes] = np.arange(self.size, dtype=node)
        elif not numbered:
            order = np.argsort(self.codes)
            ordered = self.codes[order]
        at = offset = 0
        for level in levels:
            parents, children = level.moves()
            count = len(children)
            self.parents[at:at + count] = parents + offset
            self.children[at:at + count] = (children if numbered else number[children] if number is not None
                                            else order[np.searchsorted(ordered, children)])
            level.parents = level.children = None
            del parents, children
            at += count
            offset += len(level.codes)
        self.by_child: tuple[np.ndarray, np.ndarray] | None = None

    def parent_lists(self) -> tuple[np.ndarray, np.ndarray]:
        """CSR: the parents of node c are ``parents_by_child[start[c]:start[c+1]]``."""
        if self.by_child is None:
            from gamesman.solver.waves import parent_lists

            self.by_child = parent_lists(self.parents, self.children, self.size)
        return self.by_child


def _ranges(nodes: np.ndarray, start: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(node repeated, index) for every index in start[node]:start[node+1], for all nodes."""
    counts = start[nodes + 1] - start[nodes]
    total = int(counts.sum())
    base = np.repeat(start[nodes] - (np.cumsum(counts) - counts), counts)
    return np.repeat(nodes, counts), base + np.arange(total)


def retrograde(graph: Graph, players: int, progress: ProgressFn | None) -> np.ndarray:
    """Packed results of every node, by waves of remoteness (loops allowed): each wave's
    nodes settle their undecided parents (see :mod:`gamesman.solver.waves`)."""
    from gamesman.solver.waves import OPEN, waves

    n = graph.size
    value = np.full(n, -1, np.int8)
    remote = np.zeros(n, np.int64)
    by_child, start = graph.parent_lists()
    ended = graph.ends >= 0
    value[ended] = graph.ends[ended]
    solved = graph.known != MISSING
    value[solved] = graph.known[solved] >> REMOTENESS_BITS
    remote[solved] = graph.known[solved] & REMOTENESS_MASK
    seeded = ended | solved

    def seeds(wanted: int) -> tuple[np.ndarray, np.ndarray]:
        """The given positions of this value (or of a win or a loss: -1), by remoteness."""
        chosen = np.flatnonzero(seeded & ((value == WIN) | (value == LOSE) if wanted < 0 else value == wanted))
        chosen = chosen[np.argsort(remote[chosen], kind="stable")]
        return chosen, remote[chosen]

    if players == 2:
        pending = np.bincount(graph.parents, minlength=n).astype(np.int64)
        decided = waves(OPEN, value, remote, graph.movers, by_child, start, pending, *seeds(-1))
        if progress:
            progress("solving", int(seeded.sum()) + decided, n)
        spread = [TIE]
    else:
        spread = [WIN, LOSE]
    for wanted in spread:
        waves(wanted, value, remote, graph.movers, by_child, start, np.zeros(0, np.int64), *seeds(wanted))
    if remote.max(initial=0) > MAX_REMOTENESS:
        raise SolverError("remoteness beyond what the database holds")
    value[value == -1] = DRAW
    remote[(value == DRAW) & ~solved] = 0
    return ((value.astype(np.uint16) << REMOTENESS_BITS) | remote.astype(np.uint16)).astype(np.uint16)


def grundy_numbers(graph: Graph, packed: np.ndarray) -> np.ndarray:
    """Mex of the children's numbers, in waves of the topological order; a lost end
    is 0, any other end 1, a position solved before keeps its number; positions
    that can reach a loop (or a position without a number) get NO_GRUNDY."""
    n = graph.size
    key = sorted_unique(graph.parents.astype(np.int64) * n + graph.children)
    parents, children = key // n, key % n          # distinct edges, sorted by parent
    first = np.zeros(n + 1, np.int64)
    np.cumsum(np.bincount(parents, minlength=n), out=first[1:])
    order = np.argsort(children)  # any order within a child will do
    up, up_start = parents[order], np.zeros(n + 1, np.int64)
    np.cumsum(np.bincount(children, minlength=n), out=up_start[1:])
    pending = np.diff(first)
    grundy = np.full(n, NO_GRUNDY, np.int64)
    ready = np.flatnonzero(pending == 0)
    lost = (packed >> REMOTENESS_BITS) == LOSE
    while len(ready):
        leaves = ready[first[ready + 1] == first[ready]]
        grundy[leaves] = np.where(graph.known[leaves] != MISSING, graph.known_grundy[leaves],
                                  np.where(lost[leaves], 0, 1))
        inner = ready[first[ready + 1] > first[ready]]
        if len(inner):
            row, at = _ranges(inner, first)
            numbers = grundy[children[at]]
            mex = _mex(row, numbers, inner)
            unknown = sorted_unique(row[numbers == NO_GRUNDY])
            mex[np.searchsorted(inner, unknown)] = NO_GRUNDY
            grundy[inner] = mex
        _, at = _ranges(ready, up_start)
        above = np.sort(up[at])
        if len(above):
            firsts = np.flatnonzero(np.concatenate(([True], above[1:] != above[:-1])))
            touched = above[firsts]
            pending[touched] -= np.diff(np.append(firsts, len(above)))
            ready = touched[pending[touched] == 0]
        else:
            ready = above
    return np.minimum(grundy, NO_GRUNDY).astype(np.uint16)


def _mex(rows: np.ndarray, numbers: np.ndarray, wanted: np.ndarray) -> np.ndarray:
    """For each node in ``wanted`` (sorted), the least number not among its rows' numbers."""
    span = int(numbers.max(initial=0)) + 2
    key = sorted_unique(rows * span + numbers)
    row, number = key // span, key % span
    firsts = np.flatnonzero(np.concatenate(([True], row[1:] != row[:-1])))
    rank = np.arange(len(key)) - np.repeat(firsts, np.diff(np.append(firsts, len(key))))
    gaps = np.where(number != rank, rank, span)
    mex = np.minimum.reduceat(gaps, firsts)
    sizes = np.diff(np.append(firsts, len(key)))
    mex = np.where(mex == span, sizes, mex)
    return mex[np.searchsorted(row[firsts], wanted)]


#: A method for variants whose index is too large for arrays in memory, given the game, the
#: root, the limit and the progress: the variant solved (with its ``stats``), or None when the
#: method cannot take it (see gamesman.solver.tiers.solve_beyond_memory).
BeyondMemory = Callable[[Game, Hashable, "int | None", "ProgressFn | None"], "Solved | None"]


def solve(game: Game, root: Hashable, limit: int | None = None, progress: ProgressFn | None = None,
          known: "Callable[[Expander], KnownFn | None] | None" = None, workers: int | None = None,
          beyond_memory: BeyondMemory | None = None) -> Solved:
    """Solve every position reachable from ``root`` (two players or one, no chance).

    ``known(expander)`` may give the results solved before (see ``explore``);
    ``stats["new"]`` counts the positions it did not know; ``beyond_memory`` takes a
    variant whose index is too large for arrays in memory (it says which: None for the others)."""
    if game.players not in (1, 2):
        raise NeedsReference("players")
    started = time.perf_counter()
    expander = expander_for(game, workers)
    try:
        return _solve_with(game, expander, root, limit, progress, known, started, beyond_memory)
    finally:
        expander.close()


def _solve_with(game: Game, expander: Expander, root: Hashable, limit: int | None, progress: ProgressFn | None,
                known: "Callable[[Expander], KnownFn | None] | None", started: float,
                beyond_memory: BeyondMemory | None) -> Solved:
    root_code = expander.root(root)
    if expander.index_size is not None and root_code >= expander.index_size:
        expander.index_size = None  # a root off the index (e.g. an unusual turn): sparse arrays
    known_fn = known(expander) if known else None
    if beyond_memory is not None and known_fn is None and expander.index_size is not None:
        solved = beyond_memory(game, root, limit, progress)
        if solved is not None:
            return solved
    levels, layered = explore(expander, root_code, limit, progress, game.name, known_fn, game.capabilities.layered)
    already = sum(int((level.known != MISSING).sum()) for level in levels if level.known is not None)
    explored = time.perf_counter()
    solved = None
    if layered and game.players == 2 and not game.capabilities.impartial:
        solved = solve_layered(levels, expander.index_size, progress, expander)
    if solved is None:
        _expand_again(levels, expander)
        graph = Graph(levels, expander.index_size)
        del levels
        stuck = np.flatnonzero((graph.ends < 0) & (graph.known == MISSING)
                               & (np.bincount(graph.parents, minlength=graph.size) == 0))
        if len(stuck):
            raise SolverError(f"{game.name}: position code {int(graph.codes[stuck[0]])} has no moves but is not over")
        packed = retrograde(graph, game.players, progress)
        grundy = grundy_numbers(graph, packed) if game.capabilities.impartial else None
        order = np.argsort(graph.codes)  # distinct codes
        solved = Solved(graph.codes[order], packed[order], None if grundy is None else grundy[order])
        layered = False
    solved.stats = {"positions": solved.count, "new": solved.count - already, "layered": layered,
                    "explore_seconds": explored - started, "solve_seconds": time.perf_counter() - explored}
    return solved


def _expand_again(levels: list[Level], expander: Expander) -> None:
    """Give lean levels their moves back (for the general method)."""
    for level in levels:
        if level.children is None:
            _, _, parents, children = expander.expand(level.codes)
            if level.known is not None:
                keep = level.known[parents] == MISSING
                parents, children = parents[keep], children[keep]
            level.parents, level.children = parents, children


# -- the solver's table ----------------------------------------------------------------
class Results(PositionTable):
    """The fast engine's results as the solver's table: position -> (value code,
    remoteness, grundy), as :func:`gamesman.solver.pack` gives them, kept by code
    in a :class:`gamesman.solver.store.Store` (memory-mapped when it comes from disk)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.store: Store | PartedStore | None = None
        self.codes = position_codes(game)
        self.stamp = {"start_code": self.codes.encode(game.start()), "codes_version": self.codes.codes_version}

    def get(self, position: Hashable, default: Any = None) -> Any:
        store = self.store
        code = canonical_code(self.game, position)
        at = -1 if store is None else store.slot(code)
        if store is None or at < 0:
            return self.ended(code, default)
        return store.packed(at)

    def ended(self, code: int, default: Any) -> Any:
        """The result of a position that has ended, whether the store holds it or not (a dense
        solve keeps none outside its block, e.g. a lion taken); else ``default``."""
        if not self.game.capabilities.batch_expansion:
            return default
        end = int(batch_expansion(self.game).batch_expand(np.array([code], np.int64))[1][0])
        return default if end < 0 else (end, 0, None)

    def known(self, expander: Expander) -> KnownFn | None:
        """What ``explore`` needs to take the stored results as leaves."""
        store = self.store
        if store is None:
            return None
        return lambda codes: (store.get_many(codes), store.grundy_many(codes))

    def add(self, solved: Solved) -> None:
        """Take in the results of a solve."""
        if solved.store is not None:  # solved in tiers, or a block of a dense solve
            self.store = (solved.store if self.store is None
                          else self.store.merged(solved.store.codes(), solved.store.values16(), None))
        elif self.store is None:
            self.store = (Store.from_dense(solved.values) if solved.codes is None
                          else Store.build(solved.codes, solved.values, solved.grundy))
        else:
            if solved.codes is None:
                solved.codes = np.flatnonzero(solved.values != MISSING)
                solved.values = solved.values[solved.codes]
            self.store = self.store.merged(solved.codes, solved.values, solved.grundy)

    def load(self, database) -> None:
        """Take the stored results of this variant, if any."""
        from gamesman.solver.parts import part_cut

        self.store = database.load_store(self.game.spec, self.stamp, part_cut(self.game)) or self.store

    def save(self, database) -> None:
        """Save the results compressed in blocks (``Store.compact``); this process keeps its
        store as it is, quicker to look up."""
        if self.store is not None:
            database.save_store(self.game.spec, self.store.compact(), self.stamp)
