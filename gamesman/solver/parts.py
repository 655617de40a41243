"""A database in parts, as the tasks of a solve in tiers write it: each task compresses the
results of its own shard (both players to move) into a part keyed by position code, in the
blocked layout of :class:`gamesman.solver.store.Store`, and the last step of the solve only
lists the parts (tier, shard, first and last code, count) in a small index file.  Nothing
is copied: the parts are renamed into a directory beside the index, ``NAME.parts``.

A look-up asks the game's cut into shards (``TierCut.tier_shard``: the shard ``tier_shards``
gives, from the code alone) for the shard, then the parts of that shard whose range of
codes holds the code (one, when tiers take ranges of codes one above the other, as
Connect Four's do), and decompresses one block of that part.  Where the cut takes runs of
codes a shard each (``TierCut.tier_shard_runs``), a look-up finds the part of the code's run
by one search instead (``PartedStore.run_parts``), and looks in that part in the same
compiled call where the part is open and in the Huffman layout (``PartedStore.look_up``).
A game with tiers of its own (``TierCut.tier_numbers``, Quixo's counts of cubes) spreads
every tier over the whole range of codes: the index lists the game's number of each tier,
and a look-up asks the game for the code's tier, so that it opens that tier's part only.  Parts are opened (their
header and block index checked) when first used; PART_CACHE of them are kept open.

A game with places in its tiers (``TierPlaces``, Quixo) has each tier's part laid out by
place (the store's ``placed`` layout): a look-up asks the game for the code's place and
reads that place of the tier's part.  The index says so (``places_version``, the game's
numbering of places when the parts were written); an index of another numbering is
removed, so that the database is rebuilt, and one without it (parts keyed by code, as
saved before) is read as it was.
"""
from __future__ import annotations

import bisect
import contextlib
import functools
import os
import shutil
import threading
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Callable

import numpy as np

from gamesman.contract.capabilities import TierPlaces, position_codes, tier_cut, tier_places
from gamesman.contract.game import Game
from gamesman.solver.files import DamagedFile, UnreadableFile, directory_in_the_way, file_identity, remove_quietly
from gamesman.solver.results import SolverError
from gamesman.solver.store import (MISSING, NO_GRUNDY, DamagedDatabase, PartsReader, Store, read_store,
                                   write_store)

#: The directory of a database's parts: its file's name with this suffix for ``.db``.
PARTS_SUFFIX = ".parts"


#: Files a process that reads databases in parts asks to open at a time, where the system's
#: hard limit allows: four times the parts a database keeps open.
FILES_WANTED = 4096


def parts_kept_open() -> int:
    """How many parts a database keeps open (mapped) at a time: 1,024, or a quarter of the
    files a process may open where that is fewer (an open part holds one), at least 16.
    Opening a part again checks its header and index again, far more than a look-up costs, so
    random look-ups in a database of more parts than are kept open slow down many times.

    The process's soft limit of open files is first raised to FILES_WANTED, as far as its hard
    limit lets (as systemd advises a program that needs many files; most systems set 1,024
    soft, which would keep 256 parts of Connect Four 6x5's 268 open, and far more hard).  The
    processes it starts after (a solve's workers) inherit the raised limit.

    >>> 16 <= parts_kept_open() <= 1024
    True
    """
    try:
        import resource
    except ImportError:  # no such limits to read (Windows)
        return 256
    infinite = resource.RLIM_INFINITY
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != infinite and soft < FILES_WANTED and (hard == infinite or hard > soft):
        raised = FILES_WANTED if hard == infinite else min(hard, FILES_WANTED)
        with contextlib.suppress(ValueError, OSError):  # (a system may refuse what its hard limit says)
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
    return 1024 if soft == infinite else max(16, min(1024, soft // 4))


#: Parts kept open (mapped) at a time.
PART_CACHE = parts_kept_open()
#: A slot of a database in parts: the part's number above these bits, the slot in it below.
SLOT_BITS = 40
#: The columns of the index's table of parts.
TIER, SHARD, FIRST, LAST, COUNT = range(5)
#: The tier of parts looked up by code range alone (a code's tier not known).
ANY_TIER = -1
#: A run of codes (see ``PartedStore.run_parts``) of which no part holds any; one of which
#: several parts may hold some (looked up by its shard's parts).
NO_PART, SOME_PARTS = -1, -2


def part_name(tier: int, shard: int) -> str:
    """The file of one shard's part of the database.

    >>> part_name(3, 7)
    'd-3-7.db'
    """
    return f"d-{tier}-{shard}.db"


#: The names of every part's file (see ``part_name``).
PART_FILES = "d-*-*.db"


def part_label(tier: int, shard: int, places_version: int | None = None) -> dict:
    """What a part's header says it holds (checked when it is opened): with
    ``places_version``, results laid out by the game's places of that numbering.

    >>> part_label(3, 0), part_label(3, 0, 1)
    ({'part': [3, 0]}, {'part': [3, 0], 'places': 1})
    """
    return {"part": [tier, shard], **({} if places_version is None else {"places": places_version})}


def parts_directory(path: Path) -> Path:
    """The directory of the parts of the database whose index is ``path`` (``NAME.db``).

    >>> parts_directory(Path("cache") / "connectfour(rows=5,cols=6).db").name
    'connectfour(rows=5,cols=6).parts'
    """
    return path.with_name(path.name.removesuffix(".db") + PARTS_SUFFIX)


@dataclass(frozen=True)
class PartCut:
    """Where a game puts a code among a database's parts: its shard among ``shards``
    (``shards_of(codes, shards)``, numpy int64; ``shard_of(code, shards)`` of one code), and,
    for a game with tiers of its own, its tier's number (``tier_numbers(codes)``; None when
    the tiers are distances from the root)."""

    shards_of: Callable[[np.ndarray, int], np.ndarray]
    shard_of: Callable[[int, int], int]
    tier_numbers: Callable[[np.ndarray], Any]
    #: The game's places in its tiers, when its tiers' parts are laid out by place; then
    #: ``codes_span``, its index's size, is every placed part's range of codes.
    places: TierPlaces | None = None
    codes_span: int = 0
    #: ``TierCut.tier_shard_runs``: the codes in runs of one shard, when the game cuts so.
    shard_runs: Callable[[int], tuple[Any, Any] | None] | None = None

    @property
    def places_version(self) -> int | None:
        """The numbering of the places the tiers' parts are laid out by (None: by code)."""
        return None if self.places is None else self.places.places_version


class PartedStore:
    """The results of a variant solved in tiers, read from its parts: what the solver's table
    asks of a :class:`gamesman.solver.store.Store` (``slot`` and ``packed``, and look-ups of
    many codes).  ``tier_numbers``: the game's number of each tier of the table, for a game
    with tiers of its own; None for tiers of distance, and for an index saved without them (a
    look-up then tries the parts of every tier whose range of codes holds the code).
    ``placed``: the parts are laid out by the game's places (``cut.places``); a code then
    answers as every code alike does (they share a place), as the solver asks for them."""

    layout = "parted"

    def __init__(self, directory: Path, spec: str, table: np.ndarray, shards: int, cut: PartCut,
                 index: Path | None = None, tier_numbers: list[int] | None = None, placed: bool = False) -> None:
        self.directory, self.spec, self.shards, self.cut, self.index = directory, spec, shards, cut, index
        self.places = cut.places if placed else None
        if placed and (self.places is None or tier_numbers is None):
            raise SolverError(f"{spec}: a database laid out by places needs the game's places and tiers")
        self.index_identity = file_identity(index)
        self.table = np.asarray(table, np.int64).reshape(-1, 5)
        self.arrays = {"parts": self.table.ravel()}
        self.count = int(self.table[:, COUNT].sum())
        self.span = int(self.table[:, LAST].max(initial=-1)) + 1
        self.tier_numbers = tier_numbers
        # the game's tier numbers in order, and the table's tier of each
        numbers = np.asarray(tier_numbers or [], np.int64)
        self.tiers_by_number = np.argsort(numbers, kind="stable")
        self.sorted_numbers = numbers[self.tiers_by_number]
        self.opened: OrderedDict[int, Store] = OrderedDict()  # the parts open, used longest ago first
        #: Held while parts are opened or let go of, and the look-up table's rows set or cleared.
        self.lock = threading.RLock()
        #: The table the compiled look-up reads, and that look-up (see ``make_look_up``): None
        #: until a part in the Huffman layout is opened, or for good without runs or numba.
        self.look_up_table: np.ndarray | None = None
        self.look_up: Callable[[int], tuple[int, int, int]] | None = None
        #: The slot ``slot`` last found by the compiled look-up, its stored result and part.
        self.found = (-1, MISSING, -1)
        # the parts of each (tier, shard), by first code, with the largest last code of each and
        # those before, and each one's last code (Python's integers: a look-up compares them);
        # every tier's parts under ANY_TIER when a code's tier is not known
        self.by_shard: dict[tuple[int, int], tuple[list[int], list[int], list[int], list[int]]] = {}
        for number in np.lexsort((self.table[:, FIRST], self.table[:, SHARD])).tolist():
            tier = ANY_TIER if tier_numbers is None else int(self.table[number, TIER])
            firsts, reach, parts, lasts = self.by_shard.setdefault((tier, int(self.table[number, SHARD])),
                                                                   ([], [], [], []))
            firsts.append(int(self.table[number, FIRST]))
            lasts.append(int(self.table[number, LAST]))
            reach.append(max(reach[-1] if reach else -1, lasts[-1]))
            parts.append(number)

    def part(self, number: int) -> Store:
        """Part ``number`` of the table, opened (and checked) when first used."""
        with self.lock:
            found = self.opened.get(number)
            if found is not None:
                self.opened.move_to_end(number)
                return found
            tier, shard = (int(n) for n in self.table[number, :2])
            path = self.directory / part_name(tier, shard)
            try:
                found = read_store(path, self.spec, part_label(tier, shard, self.places_version))
            except UnreadableFile as problem:  # too many files open or mapped: its own parts let go, once
                if not problem.short_of_resources or not self.opened:
                    raise
                self.let_go(len(self.opened))
                found = read_store(path, self.spec, part_label(tier, shard, self.places_version))
            if found is None or found.count != self.table[number, COUNT] or (found.layout == "placed") != self.placed:
                raise DamagedDatabase(f"{self.spec}: the database is damaged (its part {path.name} is missing or "
                                      f"damaged); {remove_quietly(self.current_index())}")
            found.removed_with = self.current_index  # a damaged block of it removes the index too
            self.opened[number] = found
            if found.layout == "huffman" and self.look_up_table is None:
                self.make_look_up()
            self.set_row(number, found)
            self.let_go(len(self.opened) - PART_CACHE)
            return found

    def let_go(self, parts: int) -> None:
        """The ``parts`` open parts used longest ago closed (none when ``parts`` is not above 0),
        each row of the look-up table cleared first: the only way a part is let go of."""
        with self.lock:
            for _ in range(parts):
                number = next(iter(self.opened))
                self.set_row(number, None)
                del self.opened[number]

    def current_index(self) -> Path | None:
        """The index, unless it was saved again since it was read (a database saved whole
        removes the parts of the one before): it goes when a part is found damaged, so that
        the database is rebuilt."""
        return self.index if file_identity(self.index) == self.index_identity else None

    @property
    def placed(self) -> bool:
        """Whether the parts are laid out by place."""
        return self.places is not None

    @property
    def places_version(self) -> int | None:
        """The numbering of the places the parts are laid out by (None: by code)."""
        return self.cut.places_version if self.placed else None

    def keys(self, codes: np.ndarray) -> np.ndarray:
        """What the parts key ``codes`` by: their places, or the codes themselves."""
        return codes if self.places is None else np.asarray(self.places.places(codes), np.int64)

    def tiers(self, codes: np.ndarray) -> np.ndarray | None:
        """The tier of the table (-1: none of them) of each code, when the game tells a code's
        tier (None otherwise)."""
        if self.tier_numbers is None:
            return None
        if not self.tier_numbers:
            return np.full(len(codes), -1, np.int64)
        numbers = np.asarray(self.cut.tier_numbers(codes), np.int64)
        at = np.searchsorted(self.sorted_numbers, numbers).clip(0, len(self.sorted_numbers) - 1)
        return np.where(self.sorted_numbers[at] == numbers, self.tiers_by_number[at], -1)

    def candidates(self, code: int, shard: int, tier: int = ANY_TIER) -> list[int]:
        """The parts of ``shard`` (of ``tier``, when the table's tiers are known from a code)
        whose range of codes holds ``code``."""
        firsts, reach, parts, lasts = self.by_shard.get((tier, shard), ([], [], [], []))
        found = []
        at = bisect.bisect_right(firsts, code) - 1
        while at >= 0 and reach[at] >= code:
            if lasts[at] >= code:
                found.append(parts[at])
            at -= 1
        return found

    @cached_property
    def run_parts(self) -> tuple[np.ndarray, np.ndarray] | None:
        """Where the game cuts codes into runs of one shard (``PartCut.shard_runs``) and the
        tiers are distances from the root, the part of each run, found by one search: the
        first code of each stretch of runs of one part and that part's number (NO_PART, or
        SOME_PARTS: looked up by ``candidates``).  None: every code is looked up so."""
        runs = None if self.tier_numbers is not None or self.cut.shard_runs is None else self.cut.shard_runs(self.shards)
        if runs is None:
            return None
        firsts, shard = (np.asarray(array, np.int64) for array in runs)
        if not len(firsts) or firsts[0] != 0:
            return None
        ends = np.append(firsts[1:], max(self.span, int(firsts[-1]) + 1)) - 1  # each run's last code
        firsts, shard, ends = firsts[ends >= firsts], shard[ends >= firsts], ends[ends >= firsts]  # none empty
        # every shard's runs and parts searched at once: each code compared is keyed by its shard, then its
        # rank among them all, one number that sorts by shard, then by code
        table, order = self.table, np.lexsort((self.table[:, FIRST], self.table[:, SHARD]))
        ranked, rank = np.unique(np.concatenate((firsts, ends, table[:, FIRST], table[:, LAST])), return_inverse=True)
        run_firsts, run_ends, part_firsts, part_lasts = np.split(rank, np.cumsum([len(firsts)] * 2 + [len(table)]))
        width = len(ranked)
        part_firsts = table[order, SHARD] * width + part_firsts[order]  # sorted, as ``order`` sorts the parts
        part_lasts = np.sort(table[:, SHARD] * width + part_lasts)
        shard_starts = shard * width
        # the parts of a run's shard that meet it: those begun by its end, less those ended before it
        begun = np.searchsorted(part_firsts, shard_starts + run_ends, "right")
        meeting = (begun - np.searchsorted(part_firsts, shard_starts)
                   - (np.searchsorted(part_lasts, shard_starts + run_firsts) - np.searchsorted(part_lasts, shard_starts)))
        part = np.where(shard < 0, SOME_PARTS, np.where(meeting == 0, NO_PART, SOME_PARTS))
        if len(order):  # a run one part meets takes it: the last begun by its end, if that one reaches it
            latest = order[np.maximum(begun - 1, 0)]
            part = np.where((shard >= 0) & (meeting == 1) & (table[latest, LAST] >= firsts), latest, part)
        stretch = np.flatnonzero(np.append(True, part[1:] != part[:-1]))
        return firsts[stretch], part[stretch].astype(np.int64)

    def make_look_up(self) -> None:
        """Make the table the compiled look-up in the parts (``find_in_parts``) reads, and that
        look-up, where the game cuts codes into runs and numba runs: the stretches of
        ``run_parts``, then a row for each part in the Huffman layout, set while it is open (and
        cleared before it is let go).  Made once a part in the Huffman layout is open, so that a
        database of other layouts never compiles it."""
        from gamesman.boards.kernels import COMPILED  # compiled: numba is imported when first needed
        from gamesman.solver.huffman import PART_ROW, find_in_parts
        runs = self.run_parts
        if runs is None or not COMPILED:
            return
        with self.lock:
            self.look_up_table = np.concatenate(([len(runs[0])], *runs,
                                                 np.zeros(len(self.table) * PART_ROW, np.int64)))
            for number, part in self.opened.items():
                self.set_row(number, part)
            self.look_up = functools.partial(find_in_parts, self.look_up_table)

    def set_row(self, number: int, part: Store | None) -> None:
        """Part ``number``'s row of the look-up table set (``part`` open, in the Huffman layout),
        or cleared (None), where there is a table."""
        table = self.look_up_table
        if table is not None:
            from gamesman.solver.huffman import PART_ROW
            at = 1 + 2 * int(table[0]) + number * PART_ROW
            table[at:at + PART_ROW] = 0 if part is None or part.layout != "huffman" else part.huffman_index.row()

    # -- looking up ---------------------------------------------------------------------
    def slot(self, code: int) -> int:
        """Where ``code``'s result is (its part above SLOT_BITS, the slot in it below), or -1."""
        if not 0 <= code < self.span:
            return -1
        look_up = self.look_up
        if look_up is not None:  # the run's part found, and looked in, by one compiled call
            number, at, value = look_up(int(code))
            if at < -1 and number >= 0 and number not in self.opened:  # opened, its row set if it is in Huffman
                self.part(number)
                number, at, value = look_up(int(code))
            if at >= 0:
                at |= number << SLOT_BITS
                self.found = (at, value, number)
                return at
            if number >= 0:
                if at != -1:  # a part in another layout (or let go of meanwhile), or damaged: looked in by itself
                    at = self.part(number).slot(code)
                return -1 if at < 0 else number << SLOT_BITS | at
            if number == NO_PART:
                return -1
        # an array of one code only for a game with tiers of its own (and places, when placed)
        one = None if self.tier_numbers is None else np.array([code], np.int64)
        tiers = None if one is None else self.tiers(one)
        candidates = self.candidates(code, self.cut.shard_of(code, self.shards),
                                     ANY_TIER if tiers is None else int(tiers[0]))
        key = int(self.keys(one)[0]) if candidates and one is not None and self.places is not None else code
        for number in candidates:
            at = self.part(number).slot(key)
            if at >= 0:
                return number << SLOT_BITS | at
        return -1

    def packed(self, at: int) -> tuple[int, int | None, int | None]:
        """The result in slot ``at`` as the solver's table holds it (see ``Store.packed``)."""
        found, value, number = self.found  # read once: another thread may look another code up meanwhile
        part = self.opened.get(number) if found == at else None
        if part is not None:
            return part.packed_result(value)
        return self.part(at >> SLOT_BITS).packed(at & ((1 << SLOT_BITS) - 1))

    def get(self, code: int) -> int:
        """The 16-bit packed result of ``code`` (MISSING when it is not stored)."""
        at = self.slot(code)
        if at < 0:
            return MISSING
        found, value, number = self.found  # as ``packed`` reads it
        part = self.opened.get(number) if found == at else None
        if part is not None:
            return part.widened(value)
        return self.part(at >> SLOT_BITS).value_at(at & ((1 << SLOT_BITS) - 1))

    def get_grundy(self, code: int) -> int:
        return NO_GRUNDY  # a solve in tiers keeps no Grundy numbers

    def get_many(self, codes: np.ndarray) -> np.ndarray:
        """``get`` of many codes at once."""
        codes = np.asarray(codes, np.int64)
        out = np.full(len(codes), MISSING, np.uint16)
        tier_of = self.tiers(codes)
        for tier in np.unique(self.table[:, TIER]).tolist():
            parts = np.flatnonzero(self.table[:, TIER] == tier)
            first, last = self.table[parts, FIRST].min(), self.table[parts, LAST].max()
            chosen = (codes >= first) & (codes <= last)
            within = np.flatnonzero(chosen if tier_of is None else chosen & (tier_of == tier))
            if not len(within):
                continue
            shard_of = self.cut.shards_of(codes[within], self.shards)  # a tier's codes at a time, as it was cut
            for number in parts.tolist():
                at = within[shard_of == self.table[number, SHARD]]
                if len(at):
                    found = self.part(number).get_many(self.keys(codes[at]))
                    hit = found != MISSING
                    out[at[hit]] = found[hit]
        return out

    def grundy_many(self, codes: np.ndarray) -> np.ndarray:
        return np.full(len(codes), NO_GRUNDY, np.uint16)

    # -- everything ---------------------------------------------------------------------
    @cached_property
    def _every(self) -> tuple[np.ndarray, np.ndarray]:
        """Every stored code in order, with its 16-bit packed result (kept, as a store's
        ``inflated_all``: ``codes()`` and ``values16()`` are mostly asked together)."""
        runs = list(self.runs())
        codes = np.concatenate([np.empty(0, np.int64)] + [codes for codes, _ in runs])
        values = np.concatenate([np.empty(0, np.uint16)] + [values for _, values in runs])
        order = np.argsort(codes, kind="stable")
        return codes[order], values[order]

    def runs(self) -> Iterator[tuple[np.ndarray, np.ndarray]]:
        """Every stored code with its 16-bit packed result, a part at a time (see
        ``Store.runs``; the parts in the index's order, which need not be the codes')."""
        for number in range(len(self.table)):
            yield self.part_codes(number), self.part(number).values16()

    def part_codes(self, number: int) -> np.ndarray:
        """The codes part ``number`` holds, in the order of its results."""
        part = self.part(number)
        if self.places is None or self.tier_numbers is None:
            return part.codes()
        tier = self.tier_numbers[int(self.table[number, TIER])]
        return np.asarray(self.places.place_codes(tier, part.codes()), np.int64)

    def codes(self) -> np.ndarray:
        return self._every[0]

    def values16(self) -> np.ndarray:
        return self._every[1]

    def grundy16(self) -> None:
        return None

    def merged(self, codes: np.ndarray, values: np.ndarray, grundy: np.ndarray | None) -> Store:
        """A store in memory with these sorted codes added (see ``Store.merged``)."""
        return Store.build(*self._every).merged(codes, values, grundy)

    def compact(self) -> "PartedStore":
        return self

    @property
    def nbytes(self) -> int:
        """Bytes of the parts' files."""
        return sum((self.directory / part_name(int(tier), int(shard))).stat().st_size
                   for tier, shard in self.table[:, :2].tolist())


def join_parts(spec: str, work: Path, tiers: int, shards: int, destination: Path, cut: PartCut,
               tier_numbers: list[int] | None = None) -> PartedStore:
    """The database of a solve in tiers from the parts its tasks wrote in ``work``: each part's
    header and block index checked, the parts renamed into ``destination`` (what was there
    before removed), and their table made.  ``tier_numbers``: the game's number of each tier,
    for tiers of its own."""
    rows = []
    placed = cut.places is not None and tier_numbers is not None  # a tier a part, laid out by place
    for tier in range(tiers):
        for shard in range(shards):
            path = work / part_name(tier, shard)
            part = read_store(path, spec, part_label(tier, shard, cut.places_version if placed else None))
            if part is None:
                raise SolverError(f"{spec}: the database part of tier {tier} shard {shard} is missing or "
                                  f"damaged in {work}; solve again to redo it")
            if part.count:
                first, last = (0, cut.codes_span - 1) if placed else (part.first_code, part.span - 1)
                rows.append((tier, shard, first, last, part.count))
    move_parts(work, destination, [part_name(tier, shard) for tier, shard, *_ in rows])
    return PartedStore(destination, spec, np.array(rows, np.int64).reshape(-1, 5), shards, cut,
                       tier_numbers=tier_numbers, placed=placed)


def part_cut(game: Game) -> PartCut:
    """The game's cut as a database in parts asks it: the shard of each code, and its tier
    for a game with tiers of its own."""
    cut = tier_cut(game)
    shards_of = lambda codes, shards: cut.tier_shards(codes, shards, 0)[0]  # noqa: E731
    if not game.capabilities.tier_places:
        return PartCut(shards_of, cut.tier_shard, cut.tier_numbers, shard_runs=cut.tier_shard_runs)
    return PartCut(shards_of, cut.tier_shard, cut.tier_numbers, tier_places(game),
                   position_codes(game).index_size() or 0)


def parts_reader(spec: str, cut: PartCut) -> PartsReader:
    """What ``read_store`` reads the index of a database in parts of ``spec`` with."""
    def read(path: Path, header: dict, table: np.ndarray) -> PartedStore:
        numbers = header.get("tier_numbers")
        placed = "places_version" in header
        if placed and header["places_version"] != cut.places_version:
            raise DamagedFile(f"its parts are laid out by places numbered otherwise (version "
                              f"{header['places_version']}, not {cut.places_version})")
        if (not isinstance(header.get("shards"), int) or len(table) % 5 or table.dtype != np.int64
                or numbers is not None and (not isinstance(numbers, list)
                                            or not all(type(number) is int for number in numbers)
                                            or len(table) and int(table.reshape(-1, 5)[:, TIER].max()) >= len(numbers)
                                            or cut.tier_numbers(np.empty(0, np.int64)) is None)):
            raise DamagedFile("its header does not describe a database in parts")
        if placed and numbers is None:
            raise DamagedFile("its parts are laid out by places but its tiers are not listed")
        store = PartedStore(parts_directory(path), spec, table.reshape(-1, 5), header["shards"], cut, path, numbers,
                            placed)
        if store.count != header["count"] or store.span != header["span"]:
            raise DamagedFile("its parts do not hold the positions its header says")
        return store

    return read


def save_parts(path: Path, spec: str, store: PartedStore, stamp: dict | None) -> None:
    """Save a database in parts: its parts renamed into the directory beside ``path`` (unless
    they are there), then its index written atomically at ``path``.  Where a directory stands
    at ``path`` (said once a run) nothing is moved: the parts stay where the solve left them."""
    if directory_in_the_way(path):
        return
    destination = parts_directory(path)
    if store.directory != destination:
        move_parts(store.directory, destination, [part_name(tier, shard) for tier, shard in store.table[:, :2].tolist()])
        shutil.rmtree(store.directory, ignore_errors=True)  # the parts' directory in the tiers' store, now empty
        store.directory = destination
    store.index = path
    store.index_identity = None  # set once written
    listed: dict[str, Any] = {} if store.tier_numbers is None else {"tier_numbers": store.tier_numbers}
    if store.places_version is not None:
        listed["places_version"] = store.places_version
    if write_store(path, spec, store, dict(stamp or {}, shards=store.shards, **listed)):
        store.index_identity = file_identity(path)


def remove_parts(path: Path) -> None:
    """Remove the parts of a database that ``path`` held before it was saved whole (its index,
    which named them, is replaced): only the parts' files, and their directory when that
    leaves it empty (a directory named as a part, which no solve writes, is left)."""
    directory = parts_directory(path)
    for part in directory.glob(PART_FILES) if directory.is_dir() else ():
        if not part.is_dir() or part.is_symlink():
            part.unlink(missing_ok=True)
    with contextlib.suppress(OSError):
        directory.rmdir()


def move_parts(source: Path, destination: Path, names: list[str]) -> None:
    """Rename the files ``names`` of ``source`` into a fresh ``destination`` (copied only
    when the two are on different file systems)."""
    if source == destination:
        return
    if destination.exists():
        shutil.rmtree(destination)
    destination.mkdir(parents=True)
    for name in names:
        try:
            os.replace(source / name, destination / name)
        except OSError:
            shutil.move(str(source / name), str(destination / name))
