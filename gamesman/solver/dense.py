"""Retrograde analysis over a dense block of codes, walked back along the game's parents.

For two-player games that declare ``parents`` (:class:`gamesman.contract.capabilities.Parents`)
and whose moves pass the turn.  The solve covers the block of codes that holds the root
(``code_block``), every code of it, in two arrays indexed by a code's place in the block and
no list of moves at all:

* the results as the store packs them (uint16: two bits of value over fourteen of
  remoteness), UNDECIDED until a wave decides them;
* a move counter (uint8): the moves of a position not yet known to lose.

1. **Counting.**  ``batch_expand``, a chunk of codes at a time, gives every position's moves.
   An ended position is decided with remoteness 0.  A move out of the block must reach a
   position that has ended: when its mover lost there, the position is a win in 1; else the
   move loses and is not counted.  The other moves count once for each child.  A position
   left with no move to count is lost in 1.
2. **Waves of remoteness.**  Wave r is every position decided with remoteness r (a scan of
   the results finds them); ``batch_parents`` gives their parents.  A lost child makes each
   undecided parent a win in r + 1; a won child takes one from the parent's counter, and a
   parent left with none is lost in r + 1.
3. What stays undecided is a draw.

With ``turn_symmetry`` the block holds the positions of the first player to move only, and a
child or parent with the other player to move is taken by its turned code (half the work
and memory).  With ``symmetries`` a code stands for its set alike by its least code: the
other codes of the block are skipped (MISSING), and each parent counts each child once.

The expansions run on worker threads (the game's compiled hooks release the GIL); the
counters are changed by one thread only, in the order of the chunks.

Stones (take one or two stones, or put one back on a pile of 4, 9, 14...; who takes the
last stone wins) looks the same from both sides: its block holds the codes of ``a`` to move.

>>> from gamesman.solver.results import unpack
>>> from gamesman.testing.stones import TurnedStones
>>> game = TurnedStones()
>>> solved = solve_block(game, game.encode(game.start()), workers=1)
>>> solved.stats["block"]  # a to move with 0 to 31 stones
32
>>> [str(unpack(solved.store.packed(solved.store.slot(game.encode((stones, 0)))))) for stones in range(4)]
['lose 0', 'win 1', 'win 1', 'lose 2']
"""
from __future__ import annotations

import os
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

import numpy as np

from gamesman.boards.kernels import compiled
from gamesman.contract.capabilities import End, batch_expansion, parents, symmetries, turn_symmetry
from gamesman.contract.game import Game, ProgressFn
from gamesman.solver.levelled import DRAW, LOSE, MAX_REMOTENESS, REMOTENESS_BITS, REMOTENESS_MASK, TIE, Solved
from gamesman.solver.results import SolverError
from gamesman.solver.store import MISSING, Store
from gamesman.solver.waves import OPEN, settle

#: A result not decided yet (above every packed result but MISSING).
UNDECIDED = 0xFFFE
#: Codes expanded at once when counting moves.
COUNT_CHUNK = 1 << 14
#: Codes of the block a wave's task scans ...
SCAN_CHUNK = 1 << 18
#: ... and the decided ones among them, walked back to their parents this many at a time.
PARENT_CHUNK = 1 << 13
#: Codes of the block tallied and stored at once, once it is solved.
SLAB = SCAN_CHUNK * 16
#: Tasks handed to the threads ahead of the one being taken in.
AHEAD = 4
#: The most moves a position may have (its counter is one byte).
MOST_MOVES = 255
#: What a move of the counting pass leads to, besides a code of the block: a position out of
#: the block that its mover won (a move that loses), or lost (a move that wins at once).
OUT_WON, OUT_LOST = -1, -2
LOSE_BITS = LOSE << REMOTENESS_BITS
#: Packed results below this are wins and losses (ties, draws, UNDECIDED and MISSING above).
DECISIVE = TIE << REMOTENESS_BITS


@compiled
def _places(codes: np.ndarray, low: int, step: int, size: int) -> np.ndarray:
    """Each code's place in the block ``range(low, low + step * size, step)``, or -1."""
    out = np.empty(len(codes), np.int64)
    for i in range(len(codes)):
        offset = codes[i] - low
        out[i] = offset // step if offset >= 0 and offset % step == 0 and offset // step < size else -1
    return out


@compiled
def _distinct(items: np.ndarray, count: int) -> int:
    """Sort ``items[:count]`` in place and move the distinct ones to the front; how many.

    >>> items = np.array([5, 3, 5, 1])
    >>> _distinct(items, 4), items[:3].tolist()
    (3, [1, 3, 5])
    """
    for i in range(1, count):  # insertion sort: a position's moves are few
        item = items[i]
        j = i - 1
        while j >= 0 and items[j] > item:
            items[j + 1] = items[j]
            j -= 1
        items[j + 1] = item
    kept = 0
    for i in range(count):
        if kept == 0 or items[i] != items[kept - 1]:
            items[kept] = items[i]
            kept += 1
    return kept


@compiled
def _count_moves(results: np.ndarray, counter: np.ndarray, places: np.ndarray, ends: np.ndarray,
                 rows: np.ndarray, leads: np.ndarray) -> int:
    """The counting pass on one chunk: the positions at ``places`` (in the block) ended as
    ``ends`` says, or moved as ``rows`` (the index of each move's position, non-decreasing)
    and ``leads`` (where each move leads: a place in the block, OUT_WON or OUT_LOST) say.
    Fills ``results`` and ``counter``; -1 when a position has too many moves, else 0."""
    children = np.empty(MOST_MOVES, np.int64)
    move = 0
    for row in range(len(places)):
        place = places[row]
        if ends[row] >= 0:
            results[place] = ends[row] << REMOTENESS_BITS
            while move < len(rows) and rows[move] == row:
                move += 1
            continue
        count = 0
        wins = False
        while move < len(rows) and rows[move] == row:
            lead = leads[move]
            if lead == OUT_LOST:
                wins = True
            elif lead >= 0:
                if count == MOST_MOVES:
                    return -1
                children[count] = lead
                count += 1
            move += 1
        if wins:
            results[place] = 1  # a win in 1
        else:
            count = _distinct(children, count)
            if count == 0:
                results[place] = LOSE_BITS | 1
            else:
                counter[place] = count
    return 0


@compiled
def _at_level(results: np.ndarray, level: int, start: int, stop: int) -> np.ndarray:
    """The places from ``start`` to ``stop`` decided (won or lost) with remoteness ``level``."""
    found = np.empty(stop - start, np.int64)
    count = 0
    for place in range(start, stop):
        result = results[place]
        if result < DECISIVE and (result & REMOTENESS_MASK) == level:
            found[count] = place
            count += 1
    return found[:count]


@compiled
def _settle(results: np.ndarray, counter: np.ndarray, children: np.ndarray, counts: np.ndarray,
            parent_places: np.ndarray, level: int, alike: bool) -> int:
    """One batch of a wave: the children at ``children`` (decided with remoteness ``level``)
    settle their parents (``counts[i]`` of ``parent_places`` for child i; ``alike``: a parent
    may be listed twice, by symmetry).  How many parents were decided, or -1 when a parent
    is outside the block."""
    decided = 0
    at = 0
    listed = np.empty(0, np.int64)
    for i in range(len(children)):
        lost = results[children[i]] >> REMOTENESS_BITS == 1
        count = counts[i]
        if alike:
            listed = parent_places[at:at + count].copy()
            count = _distinct(listed, count)
        for j in range(count):
            parent = listed[j] if alike else parent_places[at + j]
            if parent < 0:
                return -1
            if results[parent] != UNDECIDED:
                continue
            settled = settle(parent, lost, counter)
            if settled != OPEN:
                results[parent] = (settled << REMOTENESS_BITS) | (level + 1)
                decided += 1
        at += counts[i]
    return decided


Item = TypeVar("Item")
Answer = TypeVar("Answer")


def _pipelined(pool: ThreadPoolExecutor, work: Callable[[Item], Answer], items: Iterable[Item]) -> Iterator[Answer]:
    """``work`` of each item, in order, with at most AHEAD items handed to the threads ahead
    of the one taken (so that a long solve holds few answers at once); what is still queued
    is cancelled when the caller stops early (Ctrl-C)."""
    queue: deque[Future[Answer]] = deque()
    try:
        for item in items:
            queue.append(pool.submit(work, item))
            if len(queue) > AHEAD:
                yield queue.popleft().result()
        while queue:
            yield queue.popleft().result()
    finally:
        for future in queue:
            future.cancel()


class Block:
    """One solve's block of codes, with the game's hooks that map codes into it."""

    def __init__(self, game: Game, codes: range) -> None:
        self.game = game
        self.codes = codes
        self.low, self.step, self.size = codes.start, codes.step, len(codes)
        declared = game.capabilities
        self.alike = declared.symmetries
        self.canonical = symmetries(game).canonical_codes
        self.turned = turn_symmetry(game).least_turned_codes if declared.turn_symmetry else None

    def codes_at(self, places: np.ndarray) -> np.ndarray:
        return self.low + self.step * places

    def places(self, codes: np.ndarray) -> np.ndarray:
        """Each code's place in the block, taken by its turned code when it is of the other
        player to move and by its least code alike; -1 when it is not in the block."""
        found = _places(codes, self.low, self.step, self.size)
        inside = found >= 0
        if self.alike and inside.any():
            found[inside] = self._places_of(self.canonical(codes[inside]))
        if self.turned is not None and not inside.all():
            found[~inside] = self._places_of(self.turned(codes[~inside]))  # turned, then least alike
        return found

    def _places_of(self, codes: Any) -> np.ndarray:
        return _places(np.asarray(codes, np.int64), self.low, self.step, self.size)


def solve_block(game: Game, root_code: int, progress: ProgressFn | None = None, workers: int | None = None) -> Solved:
    """Solve the block of codes that holds ``root_code`` (the first player's, least alike, code
    of the root); the Solved holds its results in a blocked store, and ``stats`` the counts
    of wins, losses and draws, the longest win and the time each step took."""
    if game.players != 2:
        raise SolverError(f"{game.name}: the dense retrograde solver takes two-player games")
    block = Block(game, parents(game).code_block(root_code))
    if _places(np.array([root_code], np.int64), block.low, block.step, block.size)[0] < 0:
        raise SolverError(f"{game.name}: position code {root_code} is not in its own block")
    workers = workers or os.cpu_count() or 1
    results = np.full(block.size, UNDECIDED, np.uint16)
    counter = np.zeros(block.size, np.uint8)
    started = time.perf_counter()
    with ThreadPoolExecutor(workers, thread_name_prefix="gamesman-dense") as pool:
        _count_all(game, block, results, counter, pool, progress)
        counted = time.perf_counter()
        levels = _waves(game, block, results, counter, pool, progress)
    del counter
    stats = _tally(results, levels)
    stats.update(block=block.size, count_seconds=counted - started, wave_seconds=time.perf_counter() - counted)
    store = Store.blocked_from_slabs(_slabs(block, results), block.codes[-1] + 1,
                                     wide=stats["longest"] >= 63)
    stats.update(new=store.count, positions=store.count, store_bytes=store.nbytes,
                 store_seconds=time.perf_counter() - started - stats["count_seconds"] - stats["wave_seconds"])
    return Solved(None, np.empty(0, np.uint16), None, stats, store)


def _count_all(game: Game, block: Block, results: np.ndarray, counter: np.ndarray, pool: ThreadPoolExecutor,
               progress: ProgressFn | None) -> None:
    """The counting pass over the whole block (see the module docstring)."""
    expand = batch_expansion(game).batch_expand

    def count(start: int) -> None:
        places = np.arange(start, min(start + COUNT_CHUNK, block.size), dtype=np.int64)
        codes = block.codes_at(places)
        if block.alike:
            least = np.asarray(block.canonical(codes), np.int64) == codes
            results[places[~least]] = MISSING
            places, codes = places[least], codes[least]
        _, ends, rows, children = expand(codes)
        ends = np.asarray(ends, np.int64)
        if (ends == End.TIE).any():
            raise SolverError(f"{game.name}: a position ends in a tie; the dense solver takes wins and losses")
        children = np.asarray(children, np.int64)
        leads = block.places(children)
        out = leads < 0
        if out.any():
            out_ends = np.asarray(expand(children[out])[1], np.int64)
            unended = np.flatnonzero((out_ends != End.WON) & (out_ends != End.LOST))
            if len(unended):
                raise SolverError(f"{game.name}: a move leads out of the block to position code "
                                  f"{int(children[out][unended[0]])}, which has not ended in a win or a loss")
            leads[out] = np.where(out_ends == End.LOST, OUT_LOST, OUT_WON)
        if _count_moves(results, counter, places, ends, np.asarray(rows, np.int64), leads) < 0:
            raise SolverError(f"{game.name}: a position has more than {MOST_MOVES} moves")

    done = 0
    for _ in _pipelined(pool, count, range(0, block.size, COUNT_CHUNK)):
        done = min(done + COUNT_CHUNK, block.size)
        if progress:
            progress("counting moves", done, block.size)


def _waves(game: Game, block: Block, results: np.ndarray, counter: np.ndarray, pool: ThreadPoolExecutor,
           progress: ProgressFn | None) -> list[int]:
    """The waves of remoteness (see the module docstring); how many positions each decided."""
    walk_back = parents(game).batch_parents
    decided_by_level: list[int] = []

    def back(task: tuple[int, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        start, level = task
        children = _at_level(results, level, start, min(start + SCAN_CHUNK, block.size))
        counts, places = [], []
        for at in range(0, len(children), PARENT_CHUNK):
            found, parent_codes = walk_back(block.codes_at(children[at:at + PARENT_CHUNK]))
            counts.append(np.asarray(found, np.int64))
            places.append(block.places(np.asarray(parent_codes, np.int64)))
        return children, _joined(counts), _joined(places)

    level = 0
    while True:
        found = 0
        tasks = ((start, level) for start in range(0, block.size, SCAN_CHUNK))
        for children, counts, places in _pipelined(pool, back, tasks):
            decided = _settle(results, counter, children, counts, places, level, block.alike)
            if decided < 0:
                raise SolverError(f"{game.name}: a parent is outside the block of its child")
            found += decided
        if progress:
            progress(f"wave {level + 1}", level + 1, None)
        decided_by_level.append(found)
        if found == 0 and level >= 1:  # (the counting pass decided some in 1: wave 1 comes anyway)
            return decided_by_level
        if level >= MAX_REMOTENESS:
            raise SolverError("remoteness beyond what the database holds")
        level += 1


def _joined(arrays: list[np.ndarray]) -> np.ndarray:
    return np.concatenate(arrays) if arrays else np.zeros(0, np.int64)


def _tally(results: np.ndarray, levels: list[int]) -> dict[str, Any]:
    """Counts of the block's results: wins, losses, draws, the positions left out (MISSING),
    and the longest win and loss; a slab at a time, so that a large block's tally takes
    little memory beside its results (UNDECIDED is made a draw on the way)."""
    tally = {"wins": 0, "losses": 0, "draws": 0, "left_out": 0, "longest_win": 0, "longest": 0}
    for start in range(0, len(results), SLAB):
        slab = results[start:start + SLAB]
        slab[slab == UNDECIDED] = DRAW << REMOTENESS_BITS
        kinds, remote = slab >> REMOTENESS_BITS, slab & REMOTENESS_MASK
        wins, losses = kinds == 0, kinds == 1
        tally["wins"] += int(wins.sum())
        tally["losses"] += int(losses.sum())
        tally["draws"] += int((slab == DRAW << REMOTENESS_BITS).sum())
        tally["left_out"] += int((slab == MISSING).sum())
        tally["longest_win"] = max(tally["longest_win"], int(remote[wins].max(initial=0)))
        tally["longest"] = max(tally["longest"], int(remote[wins | losses].max(initial=0)))
    return {**tally, "waves": len(levels)}


def _slabs(block: Block, results: np.ndarray) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """The block's codes and results a slab at a time, those left out (MISSING) skipped."""
    for start in range(0, block.size, SLAB):
        values = results[start:start + SLAB]
        places = np.arange(start, start + len(values), dtype=np.int64)
        present = values != MISSING
        yield block.codes_at(places[present]), values[present]


#: Places of the block a task of the reachable sweep takes its frontier from ...
SWEEP_CHUNK = 1 << 20
#: ... expanded this many at a time.
SWEEP_EXPAND = 1 << 16
#: What the reachable sweep marks a place: reached and expanded, or reached and not yet.
REACHED, FRONTIER = 1, 2
#: Codes outside the block kept unsorted (beside the sorted distinct ones) before they are merged.
OUTSIDE_PENDING = 1 << 22


@compiled
def _mark(seen: np.ndarray, dirty: np.ndarray, leads: np.ndarray, shift: int) -> int:
    """Mark the places ``leads`` not reached before FRONTIER, and their chunks (place >> ``shift``)
    ``dirty``; how many were new."""
    new = 0
    for place in leads:
        if seen[place] == 0:
            seen[place] = FRONTIER
            dirty[place >> shift] = True
            new += 1
    return new


def reachable(game: Game, root_code: int, chunk: int = SWEEP_CHUNK, progress: ProgressFn | None = None,
              workers: int | None = None, end_at_wins: bool = False) -> tuple[np.ndarray, int]:
    """The places of ``root_code``'s block that play from it reaches (a byte a place, 1 where
    reached), and the number of distinct codes reached that lie outside the block (positions
    just after the game ended there, e.g. a piece taken that the block has no place for),
    each taken by its least code alike.

    A sweep over the block, ``chunk`` places (a power of two) at a time, again and again:
    a chunk's places marked but not expanded yet are expanded by ``batch_expand`` (on
    ``workers`` threads), and the places their moves lead to are marked in the same byte
    array, their chunks to be swept (later in this sweep, or in the next); it ends when a
    sweep finds nothing to expand.  The codes outside the block are kept sorted and
    distinct, those of the last chunks merged in now and then.  Memory: a byte a place and
    the distinct codes outside.

    ``end_at_wins``: a position with a move that wins at once (out of the block, to a
    position its mover won) is reached but its moves are not followed, as though the
    player always took the win; its codes outside the block are counted still.

    >>> from gamesman.contract.registry import make_game
    >>> game = make_game("dobutsu")
    >>> seen, outside = reachable(game, game.encode(game.parse_position("(b -l- --- --- -L- E -)")))
    >>> int(seen.sum()) > 0 and outside > 0
    True
    """
    if chunk <= 0 or chunk & (chunk - 1):
        raise ValueError(f"the sweep's chunk must be a power of two, not {chunk}")
    expand = batch_expansion(game).batch_expand
    block = Block(game, parents(game).code_block(root_code))
    shift = chunk.bit_length() - 1
    seen = np.zeros(block.size, np.uint8)
    dirty = np.zeros((block.size + chunk - 1) // chunk, np.bool_)
    reached = _mark(seen, dirty, block.places(np.array([root_code], np.int64)), shift)
    outside, pending = np.empty(0, np.int64), []
    pending_count = 0

    def frontiers() -> Iterator[np.ndarray]:
        """Each dirty chunk's places to expand, marked REACHED as they are handed out."""
        for number in range(len(dirty)):  # dirty is read as the sweep goes: chunks marked ahead are swept now
            if dirty[number]:
                dirty[number] = False
                start = number * chunk
                places = start + np.flatnonzero(seen[start:start + chunk] == FRONTIER)
                seen[places] = REACHED
                yield places

    def moves(places: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The places the moves of ``places`` lead to, and the distinct least codes outside."""
        leads, out = [], []
        for at in range(0, len(places), SWEEP_EXPAND):
            _, _, rows, children = expand(block.codes_at(places[at:at + SWEEP_EXPAND]))
            children = np.asarray(children, np.int64)
            found = block.places(children)
            away = children[found < 0]
            if end_at_wins and len(away):
                rows = np.asarray(rows, np.int64)
                won = np.zeros(len(places), np.bool_)
                won[rows[found < 0][np.asarray(expand(away)[1], np.int64) == End.LOST]] = True
                found[won[rows]] = -1
            leads.append(found[found >= 0])
            out.append(np.asarray(block.canonical(away), np.int64) if block.alike and len(away) else away)
        return _joined(leads), _distinct_sorted(_joined(out))

    sweeps = 0
    with ThreadPoolExecutor(workers or os.cpu_count() or 1, thread_name_prefix="gamesman-reach") as pool:
        while dirty.any():
            sweeps += 1
            for leads, out in _pipelined(pool, moves, frontiers()):
                reached += _mark(seen, dirty, leads, shift)
                pending.append(out)
                pending_count += len(out)
                if pending_count > max(OUTSIDE_PENDING, len(outside)):  # merged as often as it doubles
                    outside, pending, pending_count = _distinct_sorted(np.concatenate([outside, *pending])), [], 0
                if progress:
                    progress(f"sweep {sweeps}, places reached", reached, None)
    return seen, len(_distinct_sorted(np.concatenate([outside, *pending])))


def _distinct_sorted(codes: np.ndarray) -> np.ndarray:
    """The distinct ``codes``, sorted in place first (numpy's ``unique`` hashes a large array,
    in several times its memory).

    >>> _distinct_sorted(np.array([5, 3, 5, 1])).tolist()
    [1, 3, 5]
    """
    codes.sort()
    first = np.ones(len(codes), np.bool_)
    first[1:] = codes[1:] != codes[:-1]
    return codes[first]
