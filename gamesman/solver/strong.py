"""The strong solver: the value of every position reachable from a root.

One entry point, :class:`Solver`, picks the method from what the game is:

* two players, no chance: GAMESMAN's value for the player to move (win, lose,
  tie, or draw when play never ends) and remoteness (moves to the end under
  perfect play: winners hurry, losers stall, ties hurry).  Retrograde analysis
  from the primitive positions works for loop-free and loopy games alike;
  what is never decided is a draw.  Impartial games also get Grundy numbers.
* one player, no chance (puzzles): win with the distance to the nearest solved
  position; lose when only unsolved ends are reachable; draw when no end is.
* three or more players, or chance nodes: max^n over utility vectors, with
  exact expectations at chance nodes (loop-free games only).

Two engines give the same answers.  The default, ``engine="fast"``, takes
two-player games and puzzles without chance whose positions have integer codes
(the ``encode`` hook): it works on whole levels of
positions as integers in numpy arrays, through the optional hooks of the game
contract (``encode``/``decode``/``index_size``/``batch_expand``), and keeps
results in compact arrays (see :mod:`gamesman.solver.levelled` for the method and
:mod:`gamesman.solver.store` for the layout).  ``engine="reference"`` is the plain
one below: positions in Python lists and dicts, retrograde analysis in Python;
it is kept for tests, as the benchmarks' baseline, and for max^n, chance and
games without codes (the fast engine hands such games to it).

Everything is iterative (no recursion limit), and results are kept in a
database on disk keyed by the variant's spec (see :mod:`gamesman.solver.database`).
"""
from __future__ import annotations

import sys
from collections.abc import Mapping, MutableMapping
from typing import TYPE_CHECKING, Any, Hashable, Literal, Sequence

from gamesman.contract.capabilities import known_results
from gamesman.contract.errors import OutOfTime
from gamesman.contract.game import CHANCE, Game, ProgressFn
from gamesman.solver.results import (ENGINES, SMALLEST_SAVED, VALUE_CODES, VALUES, Engine, Packed, Result, SolverError,
                                     TooLarge, Value, engine_named, unpack)

if TYPE_CHECKING:
    from gamesman.solver.database import Database
    from gamesman.solver.levelled import Results
    from gamesman.solver.tiers import TierRun

__all__ = ["ENGINES", "SMALLEST_SAVED", "Engine", "Graph", "ProgressFn", "Result", "Solver", "SolverError", "TooLarge", "Value"]

class Graph:
    """The positions reachable from a root, with edges as index lists.

    Positions already in ``known`` are not expanded: they are leaves whose
    results are given.
    """

    def __init__(self, game: Game, root: Hashable, known: Mapping[Hashable, Packed], progress: ProgressFn | None,
                 limit: int | None) -> None:
        self.positions: list[Hashable] = [root]
        self.index: dict[Hashable, int] = {root: 0}
        self.children: list[list[int]] = []
        self.probabilities: list[list[float] | None] = []
        self.mover: list[int] = []
        self.chance = False
        queue_at = 0
        while queue_at < len(self.positions):
            position = self.positions[queue_at]
            queue_at += 1
            mover = game.to_move(position)
            self.mover.append(mover)
            kids: list[int] = []
            probs: list[float] | None = None
            if position not in known and game.outcome(position) is None:
                if mover == CHANCE:
                    self.chance = True
                    outcomes = game.chances(position)
                    probs = [float(p) for _, p in outcomes]
                    nexts = [game.play(position, o) for o, _ in outcomes]
                else:
                    nexts = [game.play(position, m) for m in game.moves(position)]
                    if not nexts:
                        raise SolverError(
                            f"{game.name}: {game.format_position(position)} has no moves but is not over")
                for child in nexts:
                    at = self.index.get(child)
                    if at is None:
                        at = len(self.positions)
                        self.index[child] = at
                        self.positions.append(child)
                    kids.append(at)
            self.children.append(kids)
            self.probabilities.append(probs)
            if progress and queue_at % 20000 == 0:
                progress("exploring", queue_at, None)
            if limit is not None and len(self.positions) > limit:
                raise TooLarge(f"{game.name}: more than {limit:,} positions; too large to solve here")
        if progress:
            progress("exploring", len(self.positions), len(self.positions))

    def __len__(self) -> int:
        return len(self.positions)

    def parents(self) -> list[list[int]]:
        parents: list[list[int]] = [[] for _ in self.positions]
        for parent, kids in enumerate(self.children):
            for child in kids:
                parents[child].append(parent)
        return parents

    def reverse_topological(self) -> tuple[list[int], bool]:
        """Indices with every child before its parents, and whether all fit (no cycle)."""
        pending = [len(set(kids)) for kids in self.children]
        parents: list[set[int]] = [set() for _ in self.positions]
        for parent, kids in enumerate(self.children):
            for child in kids:
                parents[child].add(parent)
        order = [i for i, count in enumerate(pending) if count == 0]
        at = 0
        while at < len(order):
            for parent in parents[order[at]]:
                pending[parent] -= 1
                if pending[parent] == 0:
                    order.append(parent)
            at += 1
        return order, len(order) == len(self.positions)


def max_n_preference(utilities: Sequence[float], remoteness: int | None, mover: int, players: int) -> tuple:
    """How much ``mover`` likes a result under max^n (the larger the better): its own utility,
    then that of the player who moves after it, and so on round the table; then the quickest.

    >>> sorted([((0, 0, 1), 2), ((0, 1, 0), 3), ((0, 1, 0), 1)],
    ...        key=lambda entry: max_n_preference(*entry, 0, 3), reverse=True)
    [((0, 1, 0), 1), ((0, 1, 0), 3), ((0, 0, 1), 2)]
    """
    return (*(utilities[(mover + k) % players] if utilities else 0.0 for k in range(players)), -(remoteness or 0))


class Solver:
    """Solves a game variant and answers for its positions.

    ``tiers`` (a :class:`gamesman.solver.tiers.TierRun`) solves in tiers, on worker processes
    or a Dask cluster, instead of in this process; without it, a variant too large for the
    fast engine's arrays in memory is solved in tiers on forked workers of this machine.
    ``own_answers=False`` leaves out the game's own answers (``exact_search``,
    ``known_results``): the variant is solved and its database kept and read, as ``gamesman
    solve --large`` asks, even for a game that could answer each position itself.

    >>> from gamesman.testing.stones import Stones
    >>> solver = Solver(Stones(), database=None)
    >>> [str(solver.result((stones, 0))) for stones in range(4)]  # who takes the last stone wins
    ['lose 0', 'win 1', 'win 1', 'lose 2']
    """

    def __init__(self, game: Game, database: Database | None | Literal[True] = True,
                 progress: ProgressFn | None = None, limit: int | None = None,
                 engine: Engine = "fast", tiers: "TierRun | None" = None, own_answers: bool = True) -> None:
        from gamesman.solver.database import Database

        engine = engine_named(engine)  # a clear error for a caller that passes any text
        self.game = game
        self.progress = progress
        self.limit = limit
        self.tiers = tiers
        self.own_answers = own_answers
        self.stats: dict[str, Any] = {}  # what the last fast solve counted (``Solved.stats``)
        if database is True:
            database = Database.default()
        self.database = database
        # A game that answers every position itself (``exact_search``) never fills a table,
        # so the fast engine's coded table is not built for it; nor for a game with chance,
        # which the reference engine answers with utilities (even below its last chance node).
        declared = game.capabilities
        coded = (game.players in (1, 2) and not declared.chance and not (declared.exact_search and own_answers)
                 and declared.position_codes)
        self.engine: Engine = engine if coded else "reference"
        # the reference engine's table, or the fast engine's Results
        self.table: MutableMapping[Hashable, Packed] | Results = self._empty_table()
        self._loaded = False
        self.rebuilding = False  # solving again a database found damaged (see ``solve_again``)
        #: Whether a look-up that finds the database damaged solves it again at once, in the
        #: caller's thread; else DamagedDatabase is raised, for a door whose requests must not
        #: wait for a solve (the web's) to call ``solve_again`` in a thread of its own.
        self.solves_damage_at_once = True

    # -- answers --------------------------------------------------------------
    def result(self, position: Hashable, deadline: float | None = None) -> Result:
        """The result of ``position``, solving what is needed first.  ``deadline``: see
        ``KnownResults.known_result`` (a game that answers on demand may run out of time)."""
        known = self.known(position, deadline)
        if known is not None:
            return known
        packed = self.stored(position)
        if packed is None:
            self.solve(position)
            packed = self.stored(position)
        return unpack(packed)

    def stored(self, position: Hashable) -> Packed | None:
        """The result of ``position`` that the table holds (the database read first), else
        None.  A database found damaged here is solved again first (see ``solve_again``).

        >>> from gamesman.testing.stones import Stones
        >>> solver = Solver(Stones(), database=None)
        >>> solver.stored((3, 0)), solver.solve((3, 0)), solver.stored((3, 0))
        (None, 6, (1, 2, None))
        """
        from gamesman.solver.store import DamagedDatabase

        self._load()
        try:
            return self.table.get(position)
        except DamagedDatabase as damage:
            if not self.solves_damage_at_once:
                raise
            self.solve_again(damage, self.game.start())
            return self.table.get(position)

    def solve_again(self, damage: SolverError, root: Hashable) -> int:
        """Drop the database found damaged while it is used (its file is removed already, or
        was saved again since by another process: that one is read) and solve again from
        ``root`` unless what is read holds it, saying so in one line, so that a door that runs
        on answers every later question; ``rebuilding`` is True meanwhile.  A variant too
        large to solve on demand is refused instead (``damage`` is raised), as it is when a
        door starts without its database: ``gamesman solve --large`` solves it again."""
        from gamesman.solver.store import DamagedDatabase

        self.table, self._loaded = self._empty_table(), False
        try:
            self._load()
            if root in self.table:
                print(f"gamesman: {damage}", file=sys.stderr)
                return 0
        except DamagedDatabase:  # what was saved since is damaged too: solved again below
            self.table = self._empty_table()
        if not self.game.capabilities.solvable:
            raise damage
        print(f"gamesman: {damage} (solving it again now)", file=sys.stderr)
        self.rebuilding = True
        try:
            return self._solve(root)
        finally:
            self.rebuilding = False

    def move_results(self, position: Hashable, deadline: float | None = None) -> list[tuple[Hashable, Result]]:
        """Every legal move with its result for the player making it, best first (OutOfTime
        when the game's search on demand has not answered every move by ``deadline``)."""
        rows, late = self.rated_moves(position, deadline)
        if late:
            raise OutOfTime(f"{len(late)} of {len(rows) + len(late)} moves were not answered in time")
        return rows

    def rated_moves(self, position: Hashable,
                    deadline: float | None = None) -> tuple[list[tuple[Hashable, Result]], list[Hashable]]:
        """The legal moves answered by ``deadline`` (a game that answers on demand may run out
        of time: see ``KnownResults.known_result``), each with its result for the player
        making it, best first; and the moves left unanswered."""
        game = self.game
        mover = game.to_move(position)
        rows, late = [], []
        for move in game.moves(position):
            child = game.play(position, move)
            try:
                rows.append((move, self.move_result(mover, child, deadline)))
            except OutOfTime:
                late.append(move)
        if rows and rows[0][1].value is None:
            rows.sort(key=lambda row: max_n_preference(row[1].utilities or (), row[1].remoteness, mover, game.players),
                      reverse=True)
        else:
            rows.sort(key=lambda row: row[1].sort_key())
        return rows, late

    def move_result(self, mover: int, child: Hashable, deadline: float | None = None) -> Result:
        """The result of moving to ``child``, from the mover's point of view."""
        result = self.result(child, deadline)
        if result.value is None:
            remoteness = None if result.remoteness is None else result.remoteness + 1
            return Result(utilities=result.utilities, remoteness=remoteness)
        value = result.value if self.game.to_move(child) == mover else result.value.flipped()
        remoteness = None if result.remoteness is None else result.remoteness + 1
        return Result(value=value, remoteness=remoteness, grundy=result.grundy)

    def best_moves(self, position: Hashable, deadline: float | None = None) -> list[Hashable]:
        """The moves a perfect player may choose (all equally good; under max^n, equal in
        ``max_n_preference``, so that play follows the values the solver gives)."""
        rows = self.move_results(position, deadline)
        if not rows:
            return []
        best = rows[0][1]
        if best.value is None:  # max^n: equal for every player in turn and as quick
            return [m for m, r in rows if r.utilities == best.utilities and r.remoteness == best.remoteness]
        return [m for m, r in rows if r.sort_key() == best.sort_key()]

    # -- solving --------------------------------------------------------------
    def solve(self, root: Hashable | None = None) -> int:
        """Solve every position reachable from ``root`` (the start by default).

        Returns the number of positions newly solved.
        """
        from gamesman.solver.store import DamagedDatabase

        self._load()
        root = self.game.start() if root is None else root
        try:
            return 0 if root in self.table else self._solve(root)
        except DamagedDatabase as damage:  # at the root, or at a stored result below it
            return self.solve_again(damage, root)

    def _solve(self, root: Hashable) -> int:
        """Solve from ``root``, which the table does not hold (see ``solve``)."""
        game = self.game
        if self.engine == "fast":
            return self._solve_fast(root)
        table = self._reference_table()
        graph = Graph(game, root, self.table, self.progress, self.limit)
        # The method follows the game, not the part of it this graph saw (a finished
        # board of a game with chance has no chance node below it): one position, one
        # answer, whatever was solved before.
        utilities = game.capabilities.chance or graph.chance or game.players > 2
        if not utilities and game.players == 2:
            results = self._two_player(graph)
        elif not utilities and game.players == 1:
            results = self._puzzle(graph)
        else:
            results = self._max_n(graph)
        new = 0
        for position, packed in zip(graph.positions, results):
            if position not in table:
                table[position] = packed
                new += 1
        if self.database is not None and self.worth_saving() and new:
            self.database.save_table(game, table)
        return new

    def _solve_fast(self, root: Hashable) -> int:
        from gamesman.solver.levelled import NeedsReference, solve
        from gamesman.solver.tiers import solve_beyond_memory

        table = self._fast_table()
        try:
            if self.tiers is not None:
                solved = self.tiers.solve(self.game, root, self.limit, self.progress)
            elif self.game.capabilities.parents:
                from gamesman.solver.dense import solve_block
                from gamesman.solver.database import canonical_code

                solved = solve_block(self.game, canonical_code(self.game, root), self.progress)
            else:
                solved = solve(self.game, root, self.limit, self.progress, known=table.known,
                               beyond_memory=solve_beyond_memory)
        except NeedsReference:  # chance nodes: the reference engine takes the variant
            self.engine, self.table, self._loaded = "reference", {}, False
            return self.solve(root)
        table.add(solved)
        self.stats = solved.stats
        if self.database is not None and self.worth_saving():
            table.save(self.database)
        return solved.stats["new"]

    def known(self, position: Hashable, deadline: float | None = None) -> Result | None:
        """The result the game knows itself (where it declares ``known_results``, and the solver
        takes the game's own answers), else None."""
        if not self.game.capabilities.known_results or not self.own_answers:
            return None
        known: Result | None = known_results(self.game).known_result(position, deadline)
        return known

    def worth_saving(self) -> bool:
        """Whether to keep the table on disk: there is a database, the table is not so small
        that solving it again is quicker than reading a file (the header of which would
        outweigh the results), and it would be read: a game that answers every position
        itself (``exact_search``) or knows the result of its start (``known_result``,
        e.g. from a table of its own) never has the table looked at.  (An exact search
        is not asked about the start: that may be its longest search.)"""
        game = self.game
        return (self.database is not None and len(self.table) >= SMALLEST_SAVED
                and not (game.capabilities.exact_search and self.own_answers) and self.known(game.start()) is None)

    def _load(self) -> None:
        if not self._loaded:
            self._loaded = True
            if self.database is None:
                return
            if self.engine == "fast":
                self._fast_table().load(self.database)
            else:
                stored = self.database.load_table(self.game)
                if isinstance(stored, dict):
                    self._reference_table().update(stored)
                elif stored is not None:
                    self.table = stored  # memory-mapped; what is solved later goes on top

    def _empty_table(self) -> MutableMapping[Hashable, Packed] | Results:
        """A table with nothing solved: the fast engine's Results (a read-only mapping over
        compact arrays), else the reference engine's dictionary."""
        if self.engine == "fast":
            from gamesman.solver.levelled import Results

            return Results(self.game)
        return {}

    def _report(self, stage: str, done: int, total: int) -> None:
        if self.progress and (done % 20000 == 0 or done == total):
            self.progress(stage, done, total)

    def _fast_table(self) -> Results:
        """The fast engine's table (the engine is the fast one)."""
        from gamesman.solver.levelled import Results

        if not isinstance(self.table, Results):
            raise SolverError("the fast engine's table is not in use")
        return self.table

    def _reference_table(self) -> MutableMapping[Hashable, Packed]:
        """The reference engine's table, which takes entries one by one."""
        if not isinstance(self.table, MutableMapping):
            raise SolverError("the reference engine's table is not in use")
        return self.table

    def _seed_value(self, graph: Graph, i: int) -> tuple[Value | None, int | None]:
        """The value of a leaf: from the table, or from the game's outcome."""
        position = graph.positions[i]
        if position in self.table:
            packed = self.table[position]
            return VALUES[packed[0]], packed[1]
        utilities = self.game.outcome(position)
        if utilities is None:
            return None, None
        if len(utilities) == 1:
            return (Value.WIN if utilities[0] > 0 else Value.LOSE), 0
        mover = graph.mover[i]
        mine = utilities[mover]
        theirs = max(u for player, u in enumerate(utilities) if player != mover)
        if mine > theirs:
            return Value.WIN, 0
        if mine < theirs:
            return Value.LOSE, 0
        return Value.TIE, 0

    def _two_player(self, graph: Graph) -> list[Packed]:
        """Retrograde analysis: win/lose waves by remoteness, then ties; the rest draw."""
        n = len(graph)
        parents = graph.parents()
        value: list[Value | None] = [None] * n
        remote: list[int | None] = [None] * n
        pending = [len(kids) for kids in graph.children]
        buckets: dict[int, list[int]] = {}
        ties: dict[int, list[int]] = {}
        for i in range(n):
            v, r = self._seed_value(graph, i)
            if v is None:
                continue
            value[i], remote[i] = v, r
            if r is None:  # a draw: no wave starts from it
                continue
            if v in (Value.WIN, Value.LOSE):
                buckets.setdefault(r, []).append(i)
            elif v is Value.TIE:
                ties.setdefault(r, []).append(i)
        done = 0
        level = 0
        while buckets:
            for i in buckets.pop(level, ()):
                done += 1
                self._report("solving", done, n)
                for p in parents[i]:
                    if value[p] is not None:
                        continue
                    good = (value[i] is Value.LOSE) != (graph.mover[p] == graph.mover[i])
                    if good:
                        value[p], remote[p] = Value.WIN, level + 1
                        buckets.setdefault(level + 1, []).append(p)
                    else:
                        pending[p] -= 1
                        if pending[p] == 0:
                            value[p], remote[p] = Value.LOSE, level + 1
                            buckets.setdefault(level + 1, []).append(p)
            level += 1
        level = 0
        while ties:
            for i in ties.pop(level, ()):
                for p in parents[i]:
                    if value[p] is None:
                        value[p], remote[p] = Value.TIE, level + 1
                        ties.setdefault(level + 1, []).append(p)
            level += 1
        grundy = self._grundy(graph, value) if self.game.capabilities.impartial else [None] * n
        return [(VALUE_CODES[v] if v is not None else VALUE_CODES[Value.DRAW], r, g)
                for v, r, g in zip(value, remote, grundy)]

    def _grundy(self, graph: Graph, value: list[Value | None]) -> list[int | None]:
        """Grundy numbers (mex of the children); a lost end is 0, a won end (misère) is 1."""
        order, _ = graph.reverse_topological()
        grundy: list[int | None] = [None] * len(graph)
        for i in order:
            position = graph.positions[i]
            if position in self.table:
                grundy[i] = self.table[position][2]
            elif not graph.children[i]:
                grundy[i] = 0 if value[i] is Value.LOSE else 1
            else:
                seen = {grundy[c] for c in graph.children[i]}
                if None in seen:
                    continue
                g = 0
                while g in seen:
                    g += 1
                grundy[i] = g
        return grundy

    def _puzzle(self, graph: Graph) -> list[Packed]:
        """Distance to the nearest solved position, by waves over the reversed edges."""
        n = len(graph)
        parents = graph.parents()
        value: list[Value | None] = [None] * n
        remote: list[int | None] = [None] * n
        buckets: dict[int, list[int]] = {}
        losing_ends: dict[int, list[int]] = {}
        for i in range(n):
            v, r = self._seed_value(graph, i)
            if v is Value.WIN and r is not None:
                buckets.setdefault(r, []).append(i)
            elif v is Value.LOSE and r is not None:
                losing_ends.setdefault(r, []).append(i)
            if v is not None:
                value[i], remote[i] = v, r
        for waves, wanted in ((buckets, Value.WIN), (losing_ends, Value.LOSE)):
            level = 0
            while waves:
                for i in waves.pop(level, ()):
                    for p in parents[i]:
                        if value[p] is None:
                            value[p], remote[p] = wanted, level + 1
                            waves.setdefault(level + 1, []).append(p)
                level += 1
        return [(VALUE_CODES[v] if v is not None else VALUE_CODES[Value.DRAW], r, None) for v, r in zip(value, remote)]

    def _max_n(self, graph: Graph) -> list[Packed]:
        """max^n over utility vectors, with expectations at chance nodes.

        Ties are broken by the position, never by the order of the moves: among the
        children best for the mover, the one best for the player who moves next, then the
        one after, and so on round the table; then the quickest.  So moves that mirror each
        other get the same value."""
        order, complete = graph.reverse_topological()
        if not complete:
            raise SolverError(f"{self.game.name}: the game has cycles; max^n needs a loop-free game")
        n = len(graph)
        out: dict[int, Packed] = {}  # node -> result; every child is solved before its parents
        for done, i in enumerate(order, start=1):
            self._report("solving", done, n)
            position = graph.positions[i]
            if position in self.table:
                out[i] = self.table[position]
                continue
            kids = graph.children[i]
            if not kids:
                ended = self.game.outcome(position)
                if ended is None:
                    raise SolverError(f"{self.game.name}: {self.game.format_position(position)} "
                                      "has no moves but is not over")
                out[i] = (tuple(float(u) for u in ended), 0)
                continue
            probs = graph.probabilities[i]
            if probs is not None:
                total = [0.0] * self.game.players
                longest = 0
                for child, p in zip(kids, probs):
                    utilities, remoteness = out[child]
                    for k, u in enumerate(utilities):
                        total[k] += p * u
                    longest = max(longest, (remoteness or 0) + 1)
                out[i] = (tuple(total), longest)
                continue
            mover, players = graph.mover[i], self.game.players
            utilities, remoteness = max((out[child] for child in kids),
                                        key=lambda entry: max_n_preference(entry[0], entry[1], mover, players))
            out[i] = (utilities, (remoteness or 0) + 1)
        return [out[i] for i in range(n)]
