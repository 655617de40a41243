"""A database in parts, as the tasks of a solve in tiers write it: each task compresses the
results of its own shard (both players to move) into a part keyed by position code, in the
blocked layout of :class:`gamesman.solver.store.Store`, and the last step of the solve only
lists the parts (tier, shard, first and last code, count) in a small index file.  Nothing
is copied: the parts are renamed into a directory beside the index, ``NAME.parts``.

A look-up asks the game's cut into shards (``TierCut.tier_shards``, which gives a code's
shard from the code alone) for the shard, then the parts of that shard whose range of
codes holds the code (one, when tiers take ranges of codes one above the other, as
Connect Four's do), and decompresses one block of that part.  Parts are opened (their
header and block index checked) when first used; PART_CACHE of them are kept open.
"""
from __future__ import annotations

import bisect
import os
import shutil
from collections import OrderedDict
from pathlib import Path
from typing import Callable

import numpy as np

from gamesman.contract.capabilities import tier_cut
from gamesman.contract.game import Game
from gamesman.solver.files import DamagedFile, remove_quietly
from gamesman.solver.results import SolverError
from gamesman.solver.store import MISSING, NO_GRUNDY, PartsReader, Store, read_store, write_store

#: The directory of a database's parts: its file's name with this suffix for ``.db``.
PARTS_SUFFIX = ".parts"
#: Parts kept open (mapped) at a time.
PART_CACHE = 256
#: A slot of a database in parts: the part's number above these bits, the slot in it below.
SLOT_BITS = 40
#: The game's cut: the shard of each code (numpy int64) among ``shards``.
ShardCut = Callable[[np.ndarray, int], np.ndarray]
#: The columns of the index's table of parts.
TIER, SHARD, FIRST, LAST, COUNT = range(5)


def part_name(tier: int, shard: int) -> str:
    """The file of one shard's part of the database.

    >>> part_name(3, 7)
    'd-3-7.db'
    """
    return f"d-{tier}-{shard}.db"


def part_label(tier: int, shard: int) -> dict:
    """What a part's header says it holds (checked when it is opened)."""
    return {"part": [tier, shard]}


def parts_directory(path: Path) -> Path:
    """The directory of the parts of the database whose index is ``path`` (``NAME.db``).

    >>> parts_directory(Path("cache") / "connectfour(rows=5,cols=6).db").name
    'connectfour(rows=5,cols=6).parts'
    """
    return path.with_name(path.name.removesuffix(".db") + PARTS_SUFFIX)


class PartedStore:
    """The results of a variant solved in tiers, read from its parts: what the solver's table
    asks of a :class:`gamesman.solver.store.Store` (``slot`` and ``packed``, and look-ups of
    many codes)."""

    layout = "parted"

    def __init__(self, directory: Path, spec: str, table: np.ndarray, shards: int, cut: ShardCut,
                 index: Path | None = None) -> None:
        self.directory, self.spec, self.shards, self.cut, self.index = directory, spec, shards, cut, index
        self.table = np.asarray(table, np.int64).reshape(-1, 5)
        self.arrays = {"parts": self.table.ravel()}
        self.count = int(self.table[:, COUNT].sum())
        self.span = int(self.table[:, LAST].max(initial=-1)) + 1
        self.opened: OrderedDict[int, Store] = OrderedDict()
        # each shard's parts by first code, and the largest last code of each and those before
        self.by_shard: dict[int, tuple[list[int], list[int], list[int]]] = {}
        for number in np.lexsort((self.table[:, FIRST], self.table[:, SHARD])).tolist():
            firsts, reach, numbers = self.by_shard.setdefault(int(self.table[number, SHARD]), ([], [], []))
            firsts.append(int(self.table[number, FIRST]))
            reach.append(max(reach[-1] if reach else -1, int(self.table[number, LAST])))
            numbers.append(number)

    def part(self, number: int) -> Store:
        """Part ``number`` of the table, opened (and checked) when first used."""
        found = self.opened.get(number)
        if found is not None:
            self.opened.move_to_end(number)
            return found
        tier, shard = (int(n) for n in self.table[number, :2])
        path = self.directory / part_name(tier, shard)
        found = read_store(path, self.spec, part_label(tier, shard))
        if found is None or found.count != self.table[number, COUNT]:
            raise SolverError(f"{self.spec}: the database is damaged (its part {path.name} is missing or "
                              f"damaged); {remove_quietly(self.index)}")
        self.opened[number] = found
        if len(self.opened) > PART_CACHE:
            self.opened.popitem(last=False)
        return found

    def candidates(self, code: int, shard: int) -> list[int]:
        """The parts of ``shard`` whose range of codes holds ``code``."""
        firsts, reach, numbers = self.by_shard.get(shard, ([], [], []))
        found = []
        at = bisect.bisect_right(firsts, code) - 1
        while at >= 0 and reach[at] >= code:
            if self.table[numbers[at], LAST] >= code:
                found.append(numbers[at])
            at -= 1
        return found

    # -- looking up ---------------------------------------------------------------------
    def slot(self, code: int) -> int:
        """Where ``code``'s result is (its part above SLOT_BITS, the slot in it below), or -1."""
        if not 0 <= code < self.span:
            return -1
        shard = int(self.cut(np.array([code], np.int64), self.shards)[0])
        for number in self.candidates(code, shard):
            at = self.part(number).slot(code)
            if at >= 0:
                return number << SLOT_BITS | at
        return -1

    def packed(self, at: int) -> tuple[int, int | None, int | None]:
        """The result in slot ``at`` as the solver's table holds it (see ``Store.packed``)."""
        return self.part(at >> SLOT_BITS).packed(at & ((1 << SLOT_BITS) - 1))

    def get(self, code: int) -> int:
        """The 16-bit packed result of ``code`` (MISSING when it is not stored)."""
        at = self.slot(code)
        return MISSING if at < 0 else self.part(at >> SLOT_BITS).get(code)

    def get_grundy(self, code: int) -> int:
        return NO_GRUNDY  # a solve in tiers keeps no Grundy numbers

    def get_many(self, codes: np.ndarray) -> np.ndarray:
        """``get`` of many codes at once."""
        codes = np.asarray(codes, np.int64)
        out = np.full(len(codes), MISSING, np.uint16)
        for tier in np.unique(self.table[:, TIER]).tolist():
            parts = np.flatnonzero(self.table[:, TIER] == tier)
            first, last = self.table[parts, FIRST].min(), self.table[parts, LAST].max()
            within = np.flatnonzero((codes >= first) & (codes <= last))
            if not len(within):
                continue
            shard_of = self.cut(codes[within], self.shards)  # a tier's codes at a time, as it was cut
            for number in parts.tolist():
                at = within[shard_of == self.table[number, SHARD]]
                if len(at):
                    found = self.part(number).get_many(codes[at])
                    hit = found != MISSING
                    out[at[hit]] = found[hit]
        return out

    def grundy_many(self, codes: np.ndarray) -> np.ndarray:
        return np.full(len(codes), NO_GRUNDY, np.uint16)

    # -- everything ---------------------------------------------------------------------
    def _every(self) -> tuple[np.ndarray, np.ndarray]:
        """Every stored code in order, with its 16-bit packed result."""
        parts = [self.part(number) for number in range(len(self.table))]
        codes = np.concatenate([np.empty(0, np.int64)] + [part.codes() for part in parts])
        values = np.concatenate([np.empty(0, np.uint16)] + [part.values16() for part in parts])
        order = np.argsort(codes, kind="stable")
        return codes[order], values[order]

    def codes(self) -> np.ndarray:
        return self._every()[0]

    def values16(self) -> np.ndarray:
        return self._every()[1]

    def grundy16(self) -> None:
        return None

    def merged(self, codes: np.ndarray, values: np.ndarray, grundy: np.ndarray | None) -> Store:
        """A store in memory with these sorted codes added (see ``Store.merged``)."""
        return Store.build(*self._every()).merged(codes, values, grundy)

    def compact(self) -> "PartedStore":
        return self

    @property
    def nbytes(self) -> int:
        """Bytes of the parts' files."""
        return sum((self.directory / part_name(int(tier), int(shard))).stat().st_size
                   for tier, shard in self.table[:, :2].tolist())


def join_parts(spec: str, work: Path, tiers: int, shards: int, destination: Path, cut: ShardCut) -> PartedStore:
    """The database of a solve in tiers from the parts its tasks wrote in ``work``: each part's
    header and block index checked, the parts renamed into ``destination`` (what was there
    before removed), and their table made."""
    rows = []
    for tier in range(tiers):
        for shard in range(shards):
            path = work / part_name(tier, shard)
            part = read_store(path, spec, part_label(tier, shard))
            if part is None:
                raise SolverError(f"{spec}: the database part of tier {tier} shard {shard} is missing or "
                                  f"damaged in {work}; solve again to redo it")
            if part.count:
                rows.append((tier, shard, int(part.block_firsts[0]), part.span - 1, part.count))
    move_parts(work, destination, [part_name(tier, shard) for tier, shard, *_ in rows])
    return PartedStore(destination, spec, np.array(rows, np.int64).reshape(-1, 5), shards, cut)


def shard_cut(game: Game) -> ShardCut:
    """The game's cut as a database in parts asks it: the shard of each code."""
    cut = tier_cut(game)
    return lambda codes, shards: cut.tier_shards(codes, shards, 0)[0]


def parts_reader(spec: str, cut: ShardCut) -> PartsReader:
    """What ``read_store`` reads the index of a database in parts of ``spec`` with."""
    def read(path: Path, header: dict, table: np.ndarray) -> PartedStore:
        if not isinstance(header.get("shards"), int) or len(table) % 5 or table.dtype != np.int64:
            raise DamagedFile("its header does not describe a database in parts")
        store = PartedStore(parts_directory(path), spec, table.reshape(-1, 5), header["shards"], cut, path)
        if store.count != header["count"] or store.span != header["span"]:
            raise DamagedFile("its parts do not hold the positions its header says")
        return store

    return read


def save_parts(path: Path, spec: str, store: PartedStore, stamp: dict | None) -> None:
    """Save a database in parts: its parts renamed into the directory beside ``path`` (unless
    they are there), then its index written atomically at ``path``."""
    destination = parts_directory(path)
    if store.directory != destination:
        move_parts(store.directory, destination, [part_name(tier, shard) for tier, shard in store.table[:, :2].tolist()])
        shutil.rmtree(store.directory, ignore_errors=True)  # the parts' directory in the tiers' store, now empty
        store.directory = destination
    store.index = path
    write_store(path, spec, store, dict(stamp or {}, shards=store.shards))


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
