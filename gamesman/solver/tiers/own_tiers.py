"""Tiers of the game's own (``TierCut.tier_numbers``), with loops inside a tier: Quixo's tiers
are the counts of each symbol, which a push never lowers, while a push that turns no cube
keeps the tier and may repeat a position.

Each tier is one task: a tier's positions and moves are held in memory at once, the
variant's never.  A tier is explored once every tier that moves into it is (a move never
leads to a lower one): one after the other in the order of their numbers, or, when the game
gives each tier's children (``TierCut.child_tiers``), in waves of tiers explored side by
side (``TierWaves``).  They are numbered in the order explored, as the tiers of distance
are, so that a tier's files and the database's assembly
are the tier solver's own (:mod:`gamesman.solver.tiers.formats`, :mod:`gamesman.solver.parts`):
each tier's task writes its part of the database.

**Exploring** a tier gathers the codes the tiers before address to it (the root for the first),
adds every position its own moves reach, and writes its positions and the moves that leave it,
by the tier they lead to: its ``c-`` file's first section lists those tiers' numbers, and the
section after it the codes for each.  It also writes every move it made (its ``e-`` file),
each child by its least code already: making children canonical is the larger part of
expanding them.  **Solving**, from the last tier back, takes those moves (or expands the tier
again when the file is gone), looks up the results of the moves that leave the tier (their
tiers are solved) and works out the tier's own positions by retrograde analysis, loops and
all (:func:`gamesman.solver.levelled.retrograde`): what stays open is a draw.
"""
from __future__ import annotations

import time
from functools import cache
from itertools import chain
from pathlib import Path

import numpy as np

from gamesman.contract.capabilities import position_codes, tier_cut, tier_places
from gamesman.contract.game import ProgressFn
from gamesman.contract.progress import rate
from gamesman.solver.levelled import DENSE_LIMIT, Graph, Level, retrograde, sorted_unique
from gamesman.solver.marks import CodeMarks
from gamesman.solver.parts import part_cut, part_label, part_name
from gamesman.solver.results import SolverError, TooLarge
from gamesman.solver.store import MISSING, SCRATCH, Store, read_store, write_store
from gamesman.solver.tiers.formats import (_expansion_path, _moves_path, _positions_path, _read_codes, _read_explored,
                                           _results_path, _results_store, _write_codes, _write_explored, _write_results,
                                           _write_surely)
from gamesman.solver.tiers.shards import MOVERS, TierResults, _deepest, _shard_positions
from gamesman.solver.tiers.variant import _cut, _expansion, _game, _shard_label
from gamesman.solver.workers import Runner


def tier_numbers(spec: str, codes: np.ndarray) -> np.ndarray:
    """The game's tier of each code."""
    numbers = tier_cut(_game(spec)).tier_numbers(codes)
    if numbers is None:
        raise SolverError(f"{spec}: the game has no tiers of its own")
    return np.asarray(numbers, np.int64)


def _label(spec: str, index: int) -> dict:
    """What the files of the ``index``-th tier say they hold."""
    return _shard_label(spec, tier=index, shard=0, shards=1)


def _leaving(spec: str, directory: Path, index: int) -> dict[int, int]:
    """The tiers the ``index``-th tier's moves lead to: each one's section in its ``c-`` file."""
    found = _read_codes(_moves_path(directory, index, 0), _label(spec, index), [0])
    if found is None:
        raise SolverError(f"{spec}: the moves of tier {index} are missing or damaged in {directory}; "
                          f"remove the directory and solve again")
    return {int(number): section for section, number in enumerate(found[0].tolist(), start=1)}


def explore_tier(spec: str, directory: str, index: int, number: int, root_code: int,
                 sources: list[int]) -> tuple[int, int, int, list[int]]:
    """Explore tier ``number``, the ``index``-th, from the moves the tiers ``sources`` (indices)
    address to it: (``number``, positions, lowest code, the tiers its moves lead to).  Files
    already written, sound and of this tier are used as they are."""
    where = Path(directory)
    label = _label(spec, index)
    found = _read_codes(_positions_path(where, index, 0), label)
    leads = _read_codes(_moves_path(where, index, 0), label, [0]) if found is not None else None
    if found is not None and leads is not None and tier_numbers(spec, found[0][:1]).tolist() == [number]:
        codes = found[0]
        return number, len(codes), int(codes[0]), leads[0].tolist()
    parts = [np.array([root_code], np.int64)] if tier_numbers(spec, np.array([root_code]))[0] == number else []
    for source in sources:
        sections = _leaving(spec, where, source)
        if number in sections:
            part = _read_codes(_moves_path(where, source, 0), _label(spec, source), [sections[number]])
            if part is None:
                raise SolverError(f"{spec}: the moves of tier {source} are damaged in {directory}; "
                                  f"remove the directory and solve again")
            parts.append(part[0])
    frontier = sorted_unique(np.concatenate([np.empty(0, np.int64)] + parts))
    seen = frontier
    leaving = []
    expanded: list[tuple[np.ndarray, ...]] = []
    while len(frontier):
        expansion = _expansion(spec, frontier)
        expanded.append((frontier, *expansion))
        children = expansion[3]
        inside = tier_numbers(spec, children) == number
        leaving.append(children[~inside])
        staying = sorted_unique(children[inside])
        frontier = staying[~_within(staying, seen)]
        seen = np.sort(np.concatenate((seen, frontier)), kind="stable")  # two sorted runs: merged
    codes = seen
    out = sorted_unique(np.concatenate([np.empty(0, np.int64)] + leaving))
    out_numbers = tier_numbers(spec, out)
    order = np.argsort(out_numbers, kind="stable")
    targets, starts = np.unique(out_numbers[order], return_index=True)
    by_target = [out[order[start:end]] for start, end in zip(starts, np.append(starts[1:], len(out)))]
    _write_codes(_expansion_path(where, index, 0), _expansion_sections(spec, expanded), label)
    del expanded
    _write_codes(_positions_path(where, index, 0), [codes], label)  # last: the tier is explored
    _write_codes(_moves_path(where, index, 0), [targets, *by_target], label)
    return number, len(codes), int(codes[0]) if len(codes) else -1, targets.tolist()


def _expansion_sections(spec: str, expanded: list[tuple[np.ndarray, ...]]) -> list[np.ndarray]:
    """A tier's moves as exploring made them, a section each (``explored_moves`` reads them):
    the positions in the order expanded, their movers, ends and numbers of moves, and the
    children by parent (in four bytes each when the game's index allows)."""
    def joined(at: int, dtype: type) -> np.ndarray:
        return np.concatenate([np.empty(0, dtype)] + [wave[at] for wave in expanded])

    counts, children = [], []
    for codes, _, _, parents, wave_children in expanded:
        if len(parents) and (parents[1:] < parents[:-1]).any():  # the game gave them out of order
            wave_children = wave_children[np.argsort(parents, kind="stable")]
        counts.append(np.bincount(parents, minlength=len(codes)))
        children.append(wave_children)
    size = position_codes(_game(spec)).index_size()
    narrow = np.uint32 if size is not None and size <= 1 << 32 else np.int64
    return [joined(0, np.int64), joined(1, np.int8), joined(2, np.int8),
            np.concatenate([np.empty(0, np.int64)] + counts),
            np.concatenate([np.empty(0, narrow)] + [wave.astype(narrow) for wave in children])]


def explored_moves(spec: str, directory: Path, index: int, codes: np.ndarray) -> tuple[np.ndarray, ...] | None:
    """The moves of the ``index``-th tier, whose positions are ``codes`` (sorted), as exploring
    wrote them: its positions in the order expanded, the order that sorts them, and their
    movers, ends, parents and children as ``Expander.expand`` gives them; None when the file
    is gone or is not of these positions."""
    found = _read_codes(_expansion_path(directory, index, 0), _label(spec, index))
    if found is None:
        return None
    expanded, movers, ends, counts, children = found
    order = np.argsort(expanded, kind="stable")  # sorted runs, one a wave: merged
    if len(expanded) != len(codes) or not np.array_equal(expanded[order], codes) or counts.sum() != len(children):
        return None
    parents = np.repeat(np.arange(len(expanded), dtype=np.int32), counts)
    return expanded, order, movers, ends, parents, children


@cache
def _code_marks(spec: str) -> CodeMarks | None:
    """The marks over the variant's whole index in which a task numbers a tier's moves, made
    once per process; None when the index is too large for them."""
    size = position_codes(_game(spec)).index_size()
    return CodeMarks(size) if size is not None and size <= DENSE_LIMIT else None


def _within(codes: np.ndarray, sorted_codes: np.ndarray) -> np.ndarray:
    """Whether each of ``codes`` (sorted) is among ``sorted_codes``: a bisection of each, in
    order, so that the look-ups run through ``sorted_codes`` once (quicker than ``np.isin``).

    >>> _within(np.array([1, 4, 9]), np.array([2, 4, 8])).tolist()
    [False, True, False]
    """
    if not len(sorted_codes):
        return np.zeros(len(codes), bool)
    at = np.minimum(np.searchsorted(sorted_codes, codes), len(sorted_codes) - 1)
    return sorted_codes[at] == codes


def solve_tier(spec: str, directory: str, index: int, low: int, later: dict[int, tuple[int, int]]) -> tuple[int, int]:
    """Solve the ``index``-th tier from the results of the tiers its moves lead to (``later``:
    tier number -> (index, lowest code)) and write its results: (positions, their largest
    remoteness).  Results already written and sound are used as they are."""
    where = Path(directory)
    label = dict(_label(spec, index), low=low)
    done = [_results_store(_results_path(where, index, 0, mover), spec, dict(label, mover=mover)) for mover in MOVERS]
    written = [store for store in done if store is not None]
    if len(written) == len(done) and read_store(where / part_name(index, 0), spec, _part_label(spec, index)):
        return sum(store.count for store in written), max(_deepest(store.values16()) for store in written)
    sorted_codes = _shard_positions(spec, where, index, 0, 1)
    explored = explored_moves(spec, where, index, sorted_codes)
    order = None
    if explored is None:
        codes = sorted_codes
        movers, ends, parents, children = _expansion(spec, codes)
    else:
        codes, order, movers, ends, parents, children = explored
    del explored  # (its moves are let go of as the graph numbers them: most of a tier's memory)
    marks = _code_marks(spec)
    try:
        # each move's node: the tier's own, in the order of ``codes``, then those it leads to
        if marks is not None:
            nodes = marks.ranks(sorted_codes, children, renumber=order)
            out = sorted_unique(children[nodes < 0]).astype(np.int64)
            children = marks.ranks(out, children, nodes, offset=len(codes))
            del nodes
        else:
            out = sorted_unique(children[~np.isin(children, codes)]).astype(np.int64)
    except BaseException:  # (Ctrl-C too) the marks may hold codes still: made afresh
        _code_marks.cache_clear()
        raise
    known, out_movers = _look_up(spec, where, out, later)
    tier = Level(codes, movers, ends, parents, children)
    del parents, children  # the graph lets go of the tier's moves once it has numbered them
    beyond = Level(out, out_movers, np.full(len(out), -1, np.int8), np.empty(0, np.int64),
                   np.empty(0, np.int64), known=known)
    graph = Graph([tier, beyond], None, numbered=marks is not None)
    results = retrograde(graph, 2, None)[:len(codes)]
    if order is not None:  # in the order explored
        codes, movers, results = sorted_codes, movers[order], results[order]
    numbers = _cut(spec, codes, 1, low)[1]
    for mover in MOVERS:
        chosen = movers == mover
        store = Store.build(numbers[chosen], results[chosen], packing=SCRATCH)
        _write_results(_results_path(where, index, 0, mover), spec, store, dict(label, mover=mover))
    part = where / part_name(index, 0)  # the tier's part of the database, compressed here
    _write_surely(part, lambda: write_store(part, spec, _part(spec, codes, results), _part_label(spec, index)))
    _expansion_path(where, index, 0).unlink(missing_ok=True)
    return len(codes), _deepest(results)


def _part_label(spec: str, index: int) -> dict:
    """What the ``index``-th tier's part of the database says it holds."""
    return part_label(index, 0, part_cut(_game(spec)).places_version)


def _part(spec: str, codes: np.ndarray, results: np.ndarray) -> Store:
    """A tier's part of the database: its results by place when the game gives places in its
    tiers (``TierPlaces``), else by code (``codes`` sorted)."""
    game = _game(spec)
    if not game.capabilities.tier_places:
        return Store.saved(codes, results, part=True)
    places = tier_places(game)
    by_place = np.full(0, MISSING, np.uint16)
    if len(codes):
        number = int(tier_numbers(spec, codes[:1])[0])
        by_place = np.full(places.places_in_tier(number), MISSING, np.uint16)
        by_place[places.places(codes)] = results
        if np.count_nonzero(by_place != MISSING) != len(codes):
            raise SolverError(f"{spec}: positions of tier {number} that are not alike share a place")
    return Store.placed(by_place)


def _look_up(spec: str, directory: Path, codes: np.ndarray, later: dict[int, tuple[int, int]]
             ) -> tuple[np.ndarray, np.ndarray]:
    """Packed results and movers of ``codes`` (sorted) from their tiers' results, each code
    looked up in its own tier only."""
    numbers = tier_numbers(spec, codes)
    packed = np.full(len(codes), MISSING, np.uint16)
    movers = np.full(len(codes), -1, np.int8)
    for number in np.unique(numbers).tolist():
        if number not in later:
            raise SolverError(f"{spec}: a move leads to tier {number}, which was not explored")
        at = np.flatnonzero(numbers == number)
        packed[at], movers[at] = TierResults(spec, directory, [later[number]], 1).look_up(codes[at])
    if (packed == MISSING).any():
        raise SolverError(f"{spec}: position code {int(codes[np.argmax(packed == MISSING)])} has no result in its tier")
    return packed, movers


def explore_own_tiers(spec: str, run: Runner, directory: Path, root_code: int, limit: int | None,
                      progress: ProgressFn | None) -> list[tuple[int, int, int]]:
    """Explore every tier reachable from the root: (number, lowest code, positions) of each, in
    the order explored (those a solve before recorded are taken as they are).  Each wave of
    tiers (see ``TierWaves``) is handed to ``run`` at once, numbered in the order of their tier
    numbers, so that the files are the same whatever order the workers finish in; a tier's
    task reads the moves the tiers explored before address to it."""
    label = _shard_label(spec, shards=1, root=root_code, own=True)
    recorded = _read_explored(directory, label)
    root = int(tier_numbers(spec, np.array([root_code]))[0])
    waves = TierWaves(spec, root, _child_tiers(spec, root))
    explored: list[tuple[int, int, int]] = []
    leads: list[list[int]] = []
    total = 0
    started = time.perf_counter()
    while wave := waves.next_wave():
        first = len(explored)
        before: list[tuple[int, int, int, list[int]]] = []
        tasks = []
        for index, number in enumerate(wave, start=first):
            if index < len(recorded) and recorded[index][0] == number:
                before.append((number, recorded[index][2], recorded[index][1], list(_leaving(spec, directory, index))))
            else:
                sources = [source for source, targets in enumerate(leads) if number in targets]
                tasks.append((spec, str(directory), index, number, root_code, sources))
        found: dict[int, tuple[int, int, list[int]]] = {}
        for number, count, low, targets in chain(before, run(explore_tier, tasks)):
            waves.explored(number, targets)
            found[number] = (count, low, targets)
            total += count
            if progress:
                progress(f"exploring tier {first + wave.index(number) + 1} (tier {number}), "
                         f"{rate(total, time.perf_counter() - started)}", total, None)
            if limit is not None and total > limit:
                raise TooLarge(f"{spec}: more than {limit:,} positions; too large to solve here")
        explored += [(number, max(found[number][1], 0), found[number][0]) for number in wave]
        leads += [found[number][2] for number in wave]
        if tasks:
            _write_explored(directory, label, explored)
    return explored


class TierWaves:
    """The order in which a game's tiers of its own are explored: in waves, each a list of
    tiers that may be explored side by side, in the order of their numbers.

    When the game gives its tiers' children (``TierCut.child_tiers``), a wave is every tier
    reached whose parents are all explored or never reached (a tier none of whose parents'
    moves lead to it is never reached).  Otherwise a wave is the lowest tier reached and not
    explored, alone: a move never lowers the tier, so every tier that moves into it is
    explored by then.

    >>> waves = TierWaves("game", 0, {0: [1, 2], 1: [3], 2: [3], 3: []})
    >>> waves.next_wave()
    [0]
    >>> waves.explored(0, [1, 2]); waves.next_wave()
    [1, 2]
    >>> waves.explored(2, [3]); waves.explored(1, []); waves.next_wave()  # 3 waited for 1 and 2
    [3]
    >>> waves.explored(3, [4])
    Traceback (most recent call last):
    ...
    gamesman.solver.results.SolverError: game: a move leads from tier 3 to tier 4, which the game's child_tiers of tier 3 does not list
    >>> waves = TierWaves("game", 0, None)  # children not known: the lowest tier reached, alone
    >>> waves.explored(0, [2, 1]); waves.next_wave()
    [1]
    """

    def __init__(self, spec: str, root: int, children: dict[int, list[int]] | None) -> None:
        self.spec = spec
        self.reached = {root}
        self.done: set[int] = set()  # explored, or never reached
        self.children = children
        self.parents: dict[int, list[int]] = {tier: [] for tier in children or ()}
        for tier, below in (children or {}).items():
            for child in below:
                self.parents[child].append(tier)

    def next_wave(self) -> list[int]:
        """The tiers to explore next, side by side (none when all are explored)."""
        if self.children is None:
            return [min(self.reached - self.done)] if self.reached - self.done else []
        wave = []
        for tier in sorted(self.parents):  # parents first: a child's number is larger
            if tier not in self.done and self.done.issuperset(self.parents[tier]):
                if tier in self.reached:
                    wave.append(tier)
                else:
                    self.done.add(tier)
        return wave

    def explored(self, tier: int, targets: list[int]) -> None:
        """Tier ``tier`` is explored, and its moves lead to the tiers ``targets``."""
        for target in targets:
            if target <= tier:
                raise SolverError(f"{self.spec}: a move leads from tier {tier} to tier {target}; "
                                  f"moves must never lower the tier")
            if self.children is not None and target not in self.children[tier]:
                raise SolverError(f"{self.spec}: a move leads from tier {tier} to tier {target}, which the "
                                  f"game's child_tiers of tier {tier} does not list")
        self.done.add(tier)
        self.reached.update(targets)


def _child_tiers(spec: str, root: int) -> dict[int, list[int]] | None:
    """Every tier the game's ``child_tiers`` leads to from ``root``, and the children of each;
    None when the game does not give them (for any of those tiers)."""
    cut = tier_cut(_game(spec))
    children: dict[int, list[int]] = {}
    waiting = [root]
    while waiting:
        tier = waiting.pop()
        given = cut.child_tiers(tier)
        if given is None:
            return None
        children[tier] = [int(child) for child in given]
        for child in children[tier]:
            if child <= tier:
                raise SolverError(f"{spec}: the game's child_tiers of tier {tier} lists tier {child}; "
                                  f"moves must never lower the tier")
            if child not in children and child not in waiting:
                waiting.append(child)
    return children


def solve_own_tiers(spec: str, run: Runner, directory: Path, explored: list[tuple[int, int, int]],
                    progress: ProgressFn | None) -> tuple[int, int]:
    """Solve the tiers explored, the last first: how many positions, and their largest remoteness.
    Every tier whose moves all lead to tiers solved is handed to ``run`` with the others ready
    then (Quixo's tiers of as many cubes: no move leads from one to another), so that a runner
    with workers solves them side by side."""
    where = {number: (index, low) for index, (number, low, _) in enumerate(explored)}
    leads = {index: list(_leaving(spec, directory, index)) for index in range(len(explored))}
    solved_numbers: set[int] = set()
    waiting = list(range(len(explored) - 1, -1, -1))
    count = deepest = done = 0
    started = time.perf_counter()
    while waiting:
        ready = [index for index in waiting if solved_numbers.issuperset(leads[index])]
        if not ready:
            raise SolverError(f"{spec}: the tiers left lead to tiers that are never solved")
        tasks = [(spec, str(directory), index, explored[index][1], {target: where[target] for target in leads[index]})
                 for index in ready]
        for solved, tier_deepest in run(solve_tier, tasks):
            count, deepest, done = count + solved, max(deepest, tier_deepest), done + 1
            if progress:
                progress(f"solving tiers ({done}/{len(explored)}), {rate(count, time.perf_counter() - started)}",
                         count, None)
        solved_numbers.update(explored[index][0] for index in ready)
        waiting = [index for index in waiting if index not in ready]
    _code_marks.cache_clear()  # (made here when the tasks ran in this process) let them go
    return count, deepest
