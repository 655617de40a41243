"""Large games solved tier by tier, each tier in shards, by worker processes or a Dask cluster.

A **tier** is the positions at one distance from the root: for a ``layered`` game
(every move adds a piece: Connect Four) the positions with the same number of
pieces.  A game where some moves add nothing (a pass in Othello) may reach a
position at several distances; it belongs to the tier of the longest, so every
move still leads to a later tier.  A tier is cut into ``shards`` as the game says
(``TierCut.tier_shards``): by default by code (shard ``k`` holds the codes equal to ``k``
modulo the number of shards); Connect Four cuts by column heights, so that a shard's
moves lead into few shards of the next tier and its task reads only those.

One task works on one shard, and finds and leaves everything in a directory that
every worker reads (a network or parallel file system on a cluster, a local
directory on one machine), one sub-directory per variant:

* ``p-T-K.tier``: the positions of shard K of tier T (sorted codes);
* ``c-T-K.tier``: the positions that shard K of tier T moves to, in one section for each
  shard of tier T+1 (each with its own checksum, so that a task reads only its own);
* ``r-T-K-M.db``: the results of shard K of tier T whose player to move is M, a
  :class:`gamesman.solver.store.Store` keyed by each code's number within the shard;
* ``explored.tier``: the lowest code, positions and moves of each tier explored.

**Exploring**, from the root's tier on: a task gathers its positions from the
tier before (the ``c-`` files addressed to it), expands them and writes where they
move to; once a tier is explored, the moves into it are removed.  **Solving**, from
the last tier back: a task expands its positions again and gives each the best of
its children's results (read from the later tiers' ``r-`` files) with the fast
solver's own steps (``ended_results``, ``take_best``, ``check_all_solved``).
**The database** is then built from the ``r-`` files.

Every file is written to a temporary name and renamed, with a checksum in its
header; a task whose files are there and pass their checks returns at once, so a
task that a dead worker left is simply run again, an interrupted solve resumes from
the shards written, and a shard whose file fails its check is done again.

The tasks run through a :data:`gamesman.solver.workers.Runner`: forked worker
processes on this machine (:func:`local_runner`; a variant too large for the fast
solver's arrays in memory is solved so, see :func:`solve_beyond_memory`), or a Dask
cluster (:func:`dask_cluster`, optional: ``pip install 'gamesman[cluster]'``).
"""
from __future__ import annotations

import ctypes
import json
import os
import shutil
import zlib
import time
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Hashable, Iterator

import numpy as np

from gamesman.contract.capabilities import codes_version, position_codes, tier_cut
from gamesman.contract.game import CHANCE, Game
from gamesman.contract.progress import rate
from gamesman.solver.database import HEADER_LIMIT, Database, cache_directory
from gamesman.solver.files import DamagedFile, read_regular, remove_stale_temporaries, write_atomically
from gamesman.solver.levelled import (CHUNK, MAX_REMOTENESS, MISSING, REMOTENESS_MASK, Expander, ProgressFn,
                                      Solved, check_all_solved, ended_results, expander_for, score_tables,
                                      sorted_unique, take_best)
from gamesman.solver.results import SolverError, TooLarge
from gamesman.solver.store import Store, read_store, write_store

if TYPE_CHECKING:  # Dask is an optional extra, imported when a cluster is asked for
    from distributed import Client
from gamesman.solver.workers import Runner, fork_pool, pool_runner

#: The first line of a file of codes (positions of a shard, or where they move to).
CODES_MAGIC = b"GAMESMAN-TIER 1\n"
#: Positions a task expands at a time.
STEP = CHUNK * 16
#: Shards per tier for each worker (more than one, so a fast worker takes more of them).
SHARDS_PER_WORKER = 4
#: At least one shard per this many codes of the game's index (so that a shard of the largest
#: tier stays some tens of millions of positions: Connect Four 6x5 takes 5, 7x6 65,872).
INDEX_PER_SHARD = 1 << 30
#: Databases of more positions than this are built a tier at a time (see ``assemble``).
ASSEMBLE_IN_MEMORY = 1 << 27
#: Codes of the index laid out at a time when a database is built a tier at a time (a multiple of 512).
SLAB = 1 << 27
#: Players to move a tier's results are kept by (two players, no chance).
MOVERS = (0, 1)
#: The largest index of a variant solved in tiers on one machine (its database is laid over
#: the whole index, a bit a code, and built a slab at a time).
INDEX_LIMIT = 1 << 36
#: Bytes a position takes while the fast solver solves it in memory (its code and its result).
BYTES_IN_MEMORY = 10


class TiersUnsuitable(SolverError):
    """The variant is not one the tier solver takes."""


def suitable(game: Game) -> bool:
    """Whether the tier solver takes ``game``: two players, no Grundy numbers, positions with codes."""
    return game.players == 2 and not game.capabilities.impartial and game.capabilities.position_codes


def check_suitable(game: Game) -> None:
    """TiersUnsuitable unless the tier solver takes ``game`` (see ``suitable``)."""
    if not suitable(game):
        raise TiersUnsuitable(f"{game.name}: the tier solver takes two-player games (not impartial) "
                              f"whose positions have codes")


def beyond_one_machine(game: Game) -> str | None:
    """Why solving the whole variant (``gamesman solve --large``) cannot finish on one machine,
    or None when it may: its size is bounded by its position codes' index, which must fit the
    database of a layered variant solved in tiers (INDEX_LIMIT) or, for the fast solver's
    arrays in memory, this machine's memory.

    >>> from gamesman.contract.registry import make_game
    >>> beyond_one_machine(make_game("connectfour", rows=5, cols=6)) is None
    True
    >>> beyond_one_machine(make_game("hex"))
    'it numbers no positions, so nothing bounds what solving it takes'
    """
    size = position_codes(game).index_size() if game.capabilities.position_codes else None
    if size is None:
        return "it numbers no positions, so nothing bounds what solving it takes"
    if game.capabilities.layered and suitable(game):
        if size <= INDEX_LIMIT:
            return None
        return f"its index of {size:,} positions is over the {INDEX_LIMIT:,} that a database in tiers can take"
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    if size * BYTES_IN_MEMORY > memory:
        return (f"its index of {size:,} positions would take about {size * BYTES_IN_MEMORY / 1e9:,.0f} GB "
                f"in memory, more than this machine's {memory / 1e9:,.0f} GB")
    return None


def solve_beyond_memory(game: Game, root: Hashable, limit: int | None, progress: ProgressFn | None) -> Solved | None:
    """The fast solver's method for a variant whose index is too large for its arrays in memory
    (``levelled.solve``'s ``beyond_memory``): a layered variant of at most INDEX_LIMIT codes is
    solved in tiers on forked workers of this machine, one per core, in the cache's directory of
    tiers (so that an interrupted solve resumes); None for any other."""
    if not (game.capabilities.layered and suitable(game) and (position_codes(game).index_size() or 0) <= INDEX_LIMIT):
        return None
    with tier_run() as run:
        return run.solve(game, root, limit, progress)


# -- files --------------------------------------------------------------------------------
def work_directory(store: Path, spec: str) -> Path:
    """The variant's own directory in the shared store (named as its database would be)."""
    return Database(store).path(spec, "")


def _positions_path(directory: Path, tier: int, shard: int) -> Path:
    return directory / f"p-{tier}-{shard}.tier"


def _moves_path(directory: Path, tier: int, shard: int) -> Path:
    return directory / f"c-{tier}-{shard}.tier"


def _results_path(directory: Path, tier: int, shard: int, mover: int) -> Path:
    return directory / f"r-{tier}-{shard}-{mover}.db"


def _write_codes(path: Path, sections: list[np.ndarray], label: dict) -> None:
    """Sections of codes in one file, atomically: a magic line, a JSON line (the label, and
    each section's offset, count and CRC-32), then the codes."""
    arrays = [np.ascontiguousarray(section, "<i8") for section in sections]
    table, offset = [], 0
    for array in arrays:
        table.append([offset, len(array), zlib.crc32(array.data.cast("B"))])
        offset += array.nbytes
    header = CODES_MAGIC + json.dumps(dict(label, sections=table)).encode() + b"\n"
    _write_surely(path, lambda: write_atomically(path, [header, *(array.data.cast("B") for array in arrays)]))


def _read_codes(path: Path, label: dict, sections: list[int] | None = None) -> list[np.ndarray] | None:
    """Those sections (all by default) of a file written by ``_write_codes`` with this label, each
    read alone and checked; None when there is no file, or it fails a check (reported on stderr
    and removed: then the caller writes it again)."""
    def read(handle: int, size: int) -> list[np.ndarray]:
        start = os.pread(handle, min(size, len(CODES_MAGIC) + HEADER_LIMIT), 0)
        header_end = start.find(b"\n", len(CODES_MAGIC)) + 1
        if not start.startswith(CODES_MAGIC) or not header_end:
            raise DamagedFile("not a file of codes")
        header = json.loads(start[len(CODES_MAGIC):header_end])
        if any(header.get(key) != value for key, value in label.items()):
            raise DamagedFile("it belongs to another shard or variant")
        table = header["sections"]
        found = []
        for index in range(len(table)) if sections is None else sections:
            offset, count, crc = table[index]
            data = os.pread(handle, count * 8, header_end + offset)
            if len(data) != count * 8 or zlib.crc32(data) != crc:
                raise DamagedFile("checksum mismatch")
            found.append(np.frombuffer(data, "<i8").astype(np.int64))
        return found

    return read_regular(path, read)


def _explored_path(directory: Path) -> Path:
    return directory / "explored.tier"


def _read_explored(directory: Path, label: dict) -> list[tuple[int, int, int]]:
    """The tiers a solve before explored (for this variant, root and shards): the lowest code,
    positions and moves written of each."""
    found = _read_codes(_explored_path(directory), label)
    return [] if found is None else [tuple(row) for row in found[0].reshape(-1, 3).tolist()]


def _write_explored(directory: Path, label: dict, tiers: list[tuple[int, int, int]]) -> None:
    """Record the tiers explored, so that a solve that stops resumes after them."""
    _write_codes(_explored_path(directory), [np.array(tiers, np.int64).ravel()], label)


def _write_results(path: Path, spec: str, store: Store, label: dict) -> None:
    _write_surely(path, lambda: write_store(path, spec, store, label))


def _write_surely(path: Path, write: Callable[[], None]) -> None:
    """``write()`` a shard's file, raising OSError when it is not there afterwards (the database
    files' writers only report a failure; a shard's file must exist for the solve to go on)."""
    path.unlink(missing_ok=True)
    write()
    if not path.exists():
        raise OSError(f"could not write {path}")


# -- in the workers ---------------------------------------------------------------------------
def _shard_label(spec: str, **fields: int) -> dict:
    """What a tier file says it holds: the variant, the version of its codes (which also names
    the game's cut into shards: see ``PositionCodes.codes_version``) and the file's own ``fields``;
    a file whose label differs is done again, never read."""
    return {"spec": spec, "codes": codes_version(_game(spec)), **fields}


@cache
def _game(spec: str) -> Game:
    from gamesman.contract.registry import game_from_spec

    _keep_freed_memory()
    return game_from_spec(spec)


def _keep_freed_memory() -> None:
    """Let glibc keep freed memory for the next large array, as it does by default.  Dask's nanny
    starts its workers with MALLOC_TRIM_THRESHOLD_ set, which also stops glibc from raising its
    mmap threshold: every array over 128 kB is then mapped and faulted in afresh, and the
    numpy work of a task takes twice as long or more."""
    if not os.environ.get("MALLOC_TRIM_THRESHOLD_"):
        return
    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:  # not glibc
        return
    trim_threshold, mmap_threshold = -1, -3  # mallopt's parameter numbers (malloc.h)
    libc.mallopt(mmap_threshold, 32 << 20)  # glibc's own ceiling for the threshold it raises
    libc.mallopt(trim_threshold, 64 << 20)


@cache
def _expander(spec: str) -> Expander:
    return expander_for(_game(spec), workers=1)


def _expansions(spec: str, codes: np.ndarray) -> Iterator[tuple[np.ndarray, tuple]]:
    """``codes`` expanded STEP positions at a time: (those codes, (movers, ends, parents, children))."""
    expander = _expander(spec)
    for at in range(0, len(codes), STEP):
        piece = codes[at:at + STEP]
        expansion = expander.expand(piece)
        if (expansion[0] == CHANCE).any():
            raise TiersUnsuitable(f"{spec}: chance moves; the tier solver takes games without chance")
        yield piece, expansion


def _cut(spec: str, codes: np.ndarray, shards: int, low: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """The game's cut of ``codes`` into shards (``TierCut.tier_shards``): each one's shard and its
    number there (numbers relative to the tier whose lowest code is ``low``)."""
    shard_of, numbers = tier_cut(_game(spec)).tier_shards(codes, shards, low)
    return np.asarray(shard_of, np.int64), np.asarray(numbers, np.int64)


def explore_shard(spec: str, directory: str, tier: int, shard: int, shards: int,
                  root_code: int) -> tuple[int, int, int]:
    """Gather the positions of one shard and write where they move to: (positions, children
    written, lowest code or -1).  Files already written and sound are used as they are."""
    where = Path(directory)
    label = _shard_label(spec, tier=tier, shard=shard, shards=shards)
    found = _read_codes(_positions_path(where, tier, shard), label)
    moved = _read_codes(_moves_path(where, tier, shard), label) if found is not None else None
    if found is not None:
        codes = found[0]
    elif tier == 0:
        root = np.array([root_code], np.int64)
        codes = root if _cut(spec, root, shards, root_code)[0][0] == shard else root[:0]
    else:
        parts = []
        for source in range(shards):
            part = _read_codes(_moves_path(where, tier - 1, source), dict(label, tier=tier - 1, shard=source),
                               [shard])
            if part is None:
                raise SolverError(f"{spec}: the moves of tier {tier - 1} shard {source} are missing or "
                                  f"damaged in {directory}; remove the directory and solve again")
            parts.append(part[0])
        codes = sorted_unique(np.concatenate(parts))
    if found is None:
        _write_codes(_positions_path(where, tier, shard), [codes], label)
    if moved is None:
        children = sorted_unique(np.concatenate(
            [np.empty(0, np.int64)] + [sorted_unique(expansion[3]) for _, expansion in _expansions(spec, codes)]))
        order, bounds = by_shard(_cut(spec, children, shards)[0], shards)
        moved = [children[order[bounds[to]:bounds[to + 1]]] for to in range(shards)]
        _write_codes(_moves_path(where, tier, shard), moved, label)
    return len(codes), sum(len(part) for part in moved), int(codes[0]) if len(codes) else -1


def by_shard(shard_of: np.ndarray, shards: int) -> tuple[np.ndarray, np.ndarray]:
    """An order of codes by their shards ``shard_of`` (keeping their order within one) and
    where each shard's run starts in it (``shards + 1`` bounds)."""
    shard_of = shard_of.astype(np.uint16 if shards <= 1 << 16 else np.int64)
    order = np.argsort(shard_of, kind="stable")  # a radix sort on 16 bits
    bounds = np.zeros(shards + 1, np.int64)
    np.cumsum(np.bincount(shard_of, minlength=shards), out=bounds[1:])
    return order, bounds


_open_results: dict[Path, tuple[tuple, Store]] = {}


def _results_store(path: Path, spec: str, label: dict) -> Store | None:
    """A results file read (and checked) once per process while it stays the same."""
    try:
        stat = path.stat()
    except OSError:
        return None
    key = (stat.st_mtime_ns, stat.st_size, tuple(sorted(label.items())))
    found = _open_results.get(path)
    if found is not None and found[0] == key:
        return found[1]
    store = read_store(path, spec, label)
    if store is not None:
        _open_results[path] = (key, store)
    return store


def _forget_results(directory: Path, keep: set[Path] | frozenset[Path] = frozenset()) -> None:
    """Let go of the results files of ``directory`` read in this process, but those in ``keep``."""
    for path in [path for path in _open_results if path.parent == directory and path not in keep]:
        del _open_results[path]


class TierResults:
    """The results of some tiers, looked up by code: (packed result, player to move).  A
    shard's files are read when a code looked up falls in it."""

    def __init__(self, spec: str, directory: Path, tiers: list[tuple[int, int]], shards: int) -> None:
        self.spec, self.directory, self.tiers, self.shards = spec, directory, tiers, shards
        self.stores: dict[tuple[int, int, int], Store] = {}  # by (tier, shard, mover)
        wanted = {_results_path(directory, tier, shard, mover)
                  for tier, _ in tiers for shard in range(shards) for mover in MOVERS}
        _forget_results(directory, wanted)  # other tiers': let them go

    def store(self, tier: int, low: int, shard: int, mover: int) -> Store:
        """The results of one shard of a tier whose player to move is ``mover``."""
        found = self.stores.get((tier, shard, mover))
        if found is None:
            label = _shard_label(self.spec, tier=tier, shard=shard, shards=self.shards, mover=mover, low=low)
            found = _results_store(_results_path(self.directory, tier, shard, mover), self.spec, label)
            if found is None:
                raise SolverError(f"{self.spec}: the results of tier {tier} shard {shard} are missing or "
                                  f"damaged in {self.directory}; solve again to redo them")
            self.stores[tier, shard, mover] = found
        return found

    def look_up(self, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Packed results (MISSING where none) and movers (-1 where none) of ``codes``."""
        packed = np.full(len(codes), MISSING, np.uint16)
        movers = np.full(len(codes), -1, np.int8)
        for tier, low in self.tiers:
            shard_of, numbers = _cut(self.spec, codes, self.shards, low)
            order, bounds = by_shard(shard_of, self.shards)
            for shard in np.flatnonzero(np.diff(bounds)).tolist():
                at = order[bounds[shard]:bounds[shard + 1]]
                for mover in MOVERS:
                    store = self.store(tier, low, shard, mover)
                    if store.count:
                        found = store.get_many(numbers[at])
                        hit = found != MISSING
                        packed[at[hit]], movers[at[hit]] = found[hit], mover
        return packed, movers


def solve_shard(spec: str, directory: str, tier: int, shard: int, shards: int, low: int,
                later: list[tuple[int, int]]) -> tuple[int, int]:
    """Solve one shard from the results of the ``later`` tiers (tier, lowest code) and write
    its results: (positions, their largest remoteness).  A position found in a later tier
    belongs there and is left out.  Results already written and sound are used as they are."""
    where = Path(directory)
    label = _shard_label(spec, tier=tier, shard=shard, shards=shards, low=low)
    done = [_results_store(_results_path(where, tier, shard, mover), spec, dict(label, mover=mover))
            for mover in MOVERS]
    written = [store for store in done if store is not None]
    if len(written) == len(done):
        return sum(store.count for store in written), max(_deepest(store.values16()) for store in written)
    codes = _shard_positions(spec, where, tier, shard, shards)
    children_results = TierResults(spec, where, later, shards)
    if not _game(spec).capabilities.layered and len(codes):
        codes = codes[children_results.look_up(codes)[0] == MISSING]
    flip_table, same_table = score_tables()
    results = np.empty(len(codes), np.uint16)
    movers = np.empty(len(codes), np.int8)
    at = 0
    for piece, (piece_movers, ends, parents, children) in _expansions(spec, codes):
        mine = ended_results(ends)
        packed, child_movers = children_results.look_up(children)
        if (packed == MISSING).any():
            raise SolverError(f"{spec}: position code {int(children[np.argmax(packed == MISSING)])} is in no "
                              f"later tier (a move that does not lead to a later tier?)")
        scores = np.where(child_movers == piece_movers[parents], same_table[packed], flip_table[packed])
        take_best(mine, parents, scores)
        check_all_solved(piece, mine)
        results[at:at + len(piece)], movers[at:at + len(piece)] = mine, piece_movers
        at += len(piece)
    numbers = _cut(spec, codes, shards, low)[1]
    if (np.diff(numbers) <= 0).any():
        raise SolverError(f"{spec}: the game's tier_shards numbers a shard's codes out of order")
    for mover in MOVERS:
        chosen = movers == mover
        store = Store.build(numbers[chosen], results[chosen])
        _write_results(_results_path(where, tier, shard, mover), spec, store, dict(label, mover=mover))
    return len(codes), _deepest(results)


def _shard_positions(spec: str, directory: Path, tier: int, shard: int, shards: int) -> np.ndarray:
    """The codes of one shard's positions (sorted), as exploring wrote them."""
    found = _read_codes(_positions_path(directory, tier, shard),
                        _shard_label(spec, tier=tier, shard=shard, shards=shards))
    if found is None:
        raise SolverError(f"{spec}: the positions of tier {tier} shard {shard} are missing or damaged in "
                          f"{directory}; remove the directory and solve again")
    return found[0]


def _deepest(results: np.ndarray) -> int:
    """The largest remoteness among packed results (0 when none)."""
    return int((results & REMOTENESS_MASK).max(initial=0))


# -- the driver --------------------------------------------------------------------------------
@dataclass
class TierRun:
    """Where and how a tier solve runs: the shared directory, the Runner of its tasks and
    the number of shards per tier.  ``keep``: leave the shards' files after the database is
    built (else they are removed)."""

    store: Path
    run: Runner
    shards: int
    keep: bool = False

    def solve(self, game: Game, root: Hashable, limit: int | None = None,
              progress: ProgressFn | None = None) -> Solved:
        """Every position reachable from ``root`` solved tier by tier (see the module docstring),
        in at least ``shards`` shards a tier, more for a large index (INDEX_PER_SHARD)."""
        check_suitable(game)
        wanted = max(self.shards, -(-(position_codes(game).index_size() or 0) // INDEX_PER_SHARD))
        if wanted != self.shards:
            return replace(self, shards=wanted).solve(game, root, limit, progress)
        started = time.perf_counter()
        directory = work_directory(self.store, game.spec)
        directory.mkdir(parents=True, exist_ok=True)
        remove_stale_temporaries(directory)  # what killed writers left (never a result), not live writers' files
        lows = self._explore(game, directory, position_codes(game).encode(root), limit, progress)
        explored = time.perf_counter()
        count, deepest = self._solve_tiers(game, directory, lows, progress)
        store = assemble(game.spec, directory, lows, self.shards, count, deepest, position_codes(game).index_size(),
                         progress)
        _forget_results(directory)
        if not self.keep:
            shutil.rmtree(directory, ignore_errors=True)
        solved = Solved(None, np.empty(0, np.uint16), None, store=store)
        solved.stats = {"positions": count, "new": count, "layered": True, "tiers": len(lows),
                        "shards": self.shards, "deepest": deepest, "explore_seconds": explored - started,
                        "solve_seconds": time.perf_counter() - explored}
        return solved

    def _explore(self, game: Game, directory: Path, root_code: int, limit: int | None,
                 progress: ProgressFn | None) -> list[int]:
        """Explore tier after tier (those a solve before recorded are taken as they are); the
        lowest code of each tier.  Once a tier is explored, the moves that led to it go."""
        label = _shard_label(game.spec, shards=self.shards, root=root_code)
        recorded = _read_explored(directory, label)
        lows: list[int] = []
        total = 0
        started = time.perf_counter()
        while True:
            tier = len(lows)
            if tier > MAX_REMOTENESS:
                raise SolverError(f"{game.name}: more than {MAX_REMOTENESS} tiers; a game with loops "
                                  f"cannot be solved in tiers")
            if tier < len(recorded):
                low, count, moved = recorded[tier]
                total += count
            else:
                tasks = [(game.spec, str(directory), tier, shard, self.shards, root_code)
                         for shard in range(self.shards)]
                low, count, moved = -1, 0, 0
                for done, (found, written, least) in enumerate(self.run(explore_shard, tasks), start=1):
                    total += found
                    count += found
                    moved += written
                    low = least if low < 0 or 0 <= least < low else low
                    if progress:
                        progress(f"exploring tier {tier}, {done}/{self.shards} shards, "
                                 f"{rate(total, time.perf_counter() - started)}", total, None)
                    if limit is not None and total > limit:
                        raise TooLarge(f"{game.name}: more than {limit:,} positions; too large to solve here")
                low = max(low, 0)
                recorded.append((low, count, moved))
                _write_explored(directory, label, recorded)
                for spent in (tier - 1, tier) if not moved else (tier - 1,):  # the last tier moves nowhere
                    for path in directory.glob(f"c-{spent}-*.tier"):
                        path.unlink()
            lows.append(low)
            if not moved:
                return lows

    def _solve_tiers(self, game: Game, directory: Path, lows: list[int],
                     progress: ProgressFn | None) -> tuple[int, int]:
        """Solve the tiers, the last first: how many positions, and their largest remoteness."""
        count = deepest = 0
        started = time.perf_counter()
        for tier in range(len(lows) - 1, -1, -1):
            after = range(tier + 1, min(tier + 2, len(lows)) if game.capabilities.layered else len(lows))
            later = [(t, lows[t]) for t in after]
            tasks = [(game.spec, str(directory), tier, shard, self.shards, lows[tier], later)
                     for shard in range(self.shards)]
            for done, (solved, shard_deepest) in enumerate(self.run(solve_shard, tasks), start=1):
                count += solved
                deepest = max(deepest, shard_deepest)
                if progress:
                    progress(f"solving tier {tier} ({len(lows) - tier}/{len(lows)} tiers), "
                             f"{done}/{self.shards} shards, {rate(count, time.perf_counter() - started)}", count, None)
        return count, deepest


def assemble(spec: str, directory: Path, lows: list[int], shards: int, count: int, deepest: int,
             index_size: int | None, progress: ProgressFn | None = None) -> Store:
    """The variant's database from the results of every shard of every tier: built in memory,
    or, for more than ASSEMBLE_IN_MEMORY positions of a game whose tiers take ranges of codes one
    above the other (Connect Four's), a tier at a time into a store over the whole index."""
    def tiers() -> Iterator[list[tuple[np.ndarray, np.ndarray]]]:
        built = 0
        started = time.perf_counter()
        for tier, low in enumerate(lows):
            runs = _tier_results(spec, directory, tier, low, shards)
            built += sum(len(codes) for codes, _ in runs)
            if progress:
                progress(f"building the database, tier {tier} ({tier + 1}/{len(lows)} tiers), "
                         f"{rate(built, time.perf_counter() - started)}", built, count)
            yield runs
            del runs  # while the next tier is read

    if count > ASSEMBLE_IN_MEMORY and index_size is not None:
        return Store.from_dense_slabs(_slabs(tiers(), index_size), index_size, count, wide=deepest >= 63)
    runs = [run for tier in tiers() for run in tier]
    codes_all = np.concatenate([np.empty(0, np.int64)] + [codes for codes, _ in runs])
    if len(codes_all) != count:
        raise SolverError(f"{spec}: the shards hold {len(codes_all):,} results, not the {count:,} solved")
    order = np.argsort(codes_all)
    return Store.build(codes_all[order], np.concatenate([np.empty(0, np.uint16)] + [values for _, values in runs])[order])


def _tier_results(spec: str, directory: Path, tier: int, low: int, shards: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """One tier's results, shard by shard: the shard's codes (sorted) and packed results, less
    the positions solved in a later tier."""
    runs = []
    results = TierResults(spec, directory, [(tier, low)], shards)
    for shard in range(shards):
        positions = _shard_positions(spec, directory, tier, shard, shards)
        packed = results.look_up(positions)[0]
        kept = packed != MISSING
        runs.append((positions, packed) if kept.all() else (positions[kept], packed[kept]))
    return runs


def _slabs(tiers: Iterator[list[tuple[np.ndarray, np.ndarray]]], span: int) -> Iterator[np.ndarray]:
    """Results over every code below ``span`` (MISSING: none), SLAB codes at a time, from
    tiers given in the order of their codes, each as runs of sorted codes with their results
    (its shards: their codes interleave, but no code of a tier is below one of the tier before)."""
    slab = np.full(min(SLAB, span), MISSING, np.uint16)
    start = 0
    for runs in tiers:
        runs = [(codes, values) for codes, values in runs if len(codes)]
        if not runs:
            continue
        if min(int(codes[0]) for codes, _ in runs) < start or max(int(codes[-1]) for codes, _ in runs) >= span:
            raise SolverError("the tiers' codes are not ranges one above the other within the index; "
                              "too many positions to build the database in memory")
        at = [0] * len(runs)   # where each run's codes not yet laid out begin
        while not _lay_out(runs, at, slab, start):
            yield slab
            start += len(slab)
            slab = np.full(min(SLAB, span - start), MISSING, np.uint16)
        del runs  # before the next tier is read: one tier in memory at a time
    while start < span:
        yield slab
        start += len(slab)
        slab = np.full(min(SLAB, span - start), MISSING, np.uint16)


def _lay_out(runs: list[tuple[np.ndarray, np.ndarray]], at: list[int], slab: np.ndarray, start: int) -> bool:
    """Put into ``slab`` (codes from ``start``) the results of the runs' codes that fall in it,
    from where each run's codes not yet laid out begin (``at``, moved on): whether all are."""
    end = start + len(slab)
    for number, (codes, values) in enumerate(runs):
        stop = at[number] + int(np.searchsorted(codes[at[number]:], end))
        slab[codes[at[number]:stop] - start] = values[at[number]:stop]
        at[number] = stop
    return all(stop == len(codes) for stop, (codes, _) in zip(at, runs))


# -- where the tasks run ------------------------------------------------------------------------
@contextmanager
def local_runner(workers: int | None = None) -> Iterator[tuple[Runner, int]]:
    """Forked worker processes on this machine (one per core by default): the Runner, and how
    many workers it has."""
    workers = workers or os.cpu_count() or 1
    pool = fork_pool(workers)
    try:
        yield pool_runner(pool), workers if pool is not None else 1
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)


def dask_runner(client: Client) -> Runner:
    """A Runner on a Dask cluster (through its ``distributed.Client``).  A task whose worker
    dies is run again elsewhere by Dask; one that fails is tried twice more."""
    from distributed import as_completed

    def run(task, arguments: list[tuple]) -> Iterator[tuple]:
        futures = [client.submit(task, *one, pure=False, retries=2) for one in arguments]
        try:
            for future in as_completed(futures):
                yield future.result()
        finally:
            client.cancel(futures)
    return run


def import_distributed():
    """The ``distributed`` module, or a one-line SolverError saying how to install it."""
    try:
        import distributed
    except ImportError:
        raise SolverError("solving on a cluster needs Dask: pip install 'gamesman[cluster]'") from None
    return distributed


@contextmanager
def dask_cluster(workers: int | None = None, scheduler: str | None = None) -> Iterator[tuple[Client, int]]:
    """A ``distributed.Client``: of a local cluster of ``workers`` processes (one thread each,
    on 127.0.0.1), or of the scheduler at ``scheduler``; with the number of its workers."""
    distributed = import_distributed()
    import logging

    logging.getLogger("distributed").setLevel(logging.ERROR)
    if scheduler is not None:
        try:
            client = distributed.Client(scheduler, timeout="10s")
        except (OSError, TimeoutError, ValueError) as problem:
            raise SolverError(f"cannot reach the Dask scheduler at {scheduler} ({problem})") from None
        cluster = None
    else:
        cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                           host="127.0.0.1", dashboard_address="127.0.0.1:0")
        client = distributed.Client(cluster)
    try:
        count = len(client.scheduler_info().get("workers", {})) or workers or 1
        yield client, count
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


@contextmanager
def tier_run(workers: int | None = None, scheduler: str | None = None, store: str | Path | None = None,
             announce: Callable[[str], None] | None = None) -> Iterator[TierRun]:
    """A TierRun on a local Dask cluster of ``workers`` processes, on the cluster of
    ``scheduler``, or (neither given) on forked workers, one per core; in the directory
    ``store`` (by default in the cache, so that an interrupted solve resumes).
    ``announce`` is told the number of Dask workers and the dashboard's address."""
    directory = Path(store) if store else default_store()
    if workers is None and scheduler is None:
        with local_runner() as (run, count):
            yield TierRun(directory, run, shards_for(count))
        return
    with dask_cluster(workers, scheduler) as (client, count):
        if announce:
            dashboard = client.scheduler_info().get("services", {}).get("dashboard")
            announce(f"{count} Dask workers" + (f", dashboard {client.dashboard_link}" if dashboard else ""))
        yield TierRun(directory, dask_runner(client), shards_for(count))


def shards_for(workers: int) -> int:
    """Shards per tier for a number of workers."""
    return max(1, SHARDS_PER_WORKER * workers)


def default_store() -> Path:
    """The shared directory when none is named: in the cache, so an interrupted solve resumes."""
    return cache_directory() / "tiers"


__all__ = ["TierRun", "TierResults", "TiersUnsuitable", "assemble", "check_suitable", "dask_cluster",
           "dask_runner", "default_store", "explore_shard", "local_runner", "shards_for", "solve_shard",
           "tier_run", "work_directory"]
