"""Solved results on disk: one file per variant, keyed by its spec string.

Three kinds of file, each a magic line, a header line (a checksum of
everything after it, then a JSON header that says how long the body is) and a
body, written to a temporary name and renamed, so a crash never leaves half a
file (see :mod:`gamesman.solver.files`); a file that fails any check on load,
or is no regular file, is reported, removed and rebuilt by the next solve (a
directory in its place is said once a run, and kept).

* ``NAME.db`` (the fast solver): results by position code as numpy arrays,
  memory-mapped on load, so a solved game answers at once whatever its size.
  A result is one or two bytes (value and remoteness, see :class:`Store`);
  saved in the ``blocked`` layout: blocks of codes and results, each compressed
  with zstd on its own under a directory of their first codes, with a CRC-32
  each (a quarter of a plain layout's bytes on Connect Four); or, for a
  variant solved in tiers, as the parts its tasks wrote, under an index of
  them (see :mod:`gamesman.solver.parts`).  See :mod:`gamesman.solver.store`.
* ``NAME.maxn.db`` (the reference solver's max^n and chance tables, of a game
  with position codes): the same memory-mapped store, keyed by position code;
  a result is the index of its utility vector in a palette of the distinct
  vectors (most common first), and the Grundy column holds the remoteness
  (see :class:`StoredUtilities`).
* ``NAME.ref.db`` (the reference solver's other tables): a zlib-compressed
  table of positions.

The directory is ``$GAMESMAN_CACHE`` if set, else ``$XDG_CACHE_HOME/gamesman``,
else ``~/.cache/gamesman``.
"""
from __future__ import annotations

import hashlib
import json
import os
import pickle
import re
import zlib
from collections import Counter
from collections.abc import Hashable, Iterator, Mapping, MutableMapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import numpy as np

from gamesman.contract.capabilities import position_codes, symmetries, turn_symmetry
from gamesman.solver.files import HEADER_LIMIT, DamagedFile, read_exactly, read_regular, write_atomically

if TYPE_CHECKING:
    from gamesman.contract.game import Game
    from gamesman.solver.parts import PartCut, PartedStore
    from gamesman.solver.store import Store

MAGIC = b"GAMESMAN-DB 2\n"
REFERENCE_SUFFIX = ".ref.db"
UTILITIES_SUFFIX = ".maxn.db"
#: Distinct utility vectors a max^n table kept by position code may hold (its results are
#: indexes into them, below the 14-bit remoteness field they borrow).
MAX_VECTORS = 0x3FFF


def cache_directory() -> Path:
    """Where solved databases live."""
    if os.environ.get("GAMESMAN_CACHE"):
        return Path(os.environ["GAMESMAN_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "gamesman"


def write_checked(path: Path, magic: bytes, header: dict, body: bytes) -> None:
    """Write magic, a header line and the body, atomically: the line is the SHA-256 (in hex)
    of everything after it, then a JSON header (with the body's size in bytes).

    A failure to write is reported on stderr, never fatal.
    """
    line = json.dumps(dict(header, bytes=len(body))).encode() + b"\n"
    digest = hashlib.sha256(line)
    digest.update(body)
    write_atomically(path, [magic, digest.hexdigest().encode(), b" ", line, body])


def read_checked(path: Path, magic: bytes, check: Callable[[dict, bytes], Any]) -> Any:
    """``check(header, body)`` of the file written by ``write_checked``, or None.

    None when there is no file; a file that fails any check (``check`` raising included),
    or that is no regular file, is reported on stderr and removed, so the caller rebuilds it.
    """
    def read(handle: int, size: int) -> Any:
        start = read_exactly(handle, min(size, len(magic) + DIGEST_DIGITS + 1 + HEADER_LIMIT))
        if not start.startswith(magic):
            raise DamagedFile("not a gamesman file of this kind")
        header_end = start.find(b"\n", len(magic)) + 1
        stated = start[len(magic):len(magic) + DIGEST_DIGITS + 1]
        if not header_end or not re.fullmatch(rb"[0-9a-f]{64} ", stated):
            raise DamagedFile("its header is unreadable")
        line = start[len(magic) + DIGEST_DIGITS + 1:header_end]
        header = json.loads(line)
        if not isinstance(header, dict) or not isinstance(header.get("bytes"), int):
            raise DamagedFile("its header is unreadable")
        if size - header_end != header["bytes"]:
            raise DamagedFile(f"it holds {size - header_end} bytes where its header says {header['bytes']}")
        body = start[header_end:] + read_exactly(handle, size - len(start))
        digest = hashlib.sha256(line)
        digest.update(body)
        if digest.hexdigest() != stated[:-1].decode():
            raise DamagedFile("checksum mismatch")
        return check(header, body)

    return read_regular(path, read)


DIGEST_DIGITS = 64


class Database:
    """A directory of solved variants."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)

    @classmethod
    def default(cls) -> "Database":
        return cls(cache_directory())

    def path(self, spec: str, suffix: str = ".db") -> Path:
        """The file of ``spec`` (the fast solver's; the reference's has suffix ``.ref.db``)."""
        safe = re.sub(r"[^A-Za-z0-9_.,=()+-]", "_", spec)
        return self.directory / f"{safe}{suffix}"

    def has_store(self, spec: str) -> bool:
        """Whether the fast solver has saved results of ``spec`` (solved before, perhaps at length)."""
        return self.path(spec).exists()

    def load(self, spec: str) -> dict | None:
        """The reference solver's table of ``spec``, or None when there is none or it is damaged."""

        def check(header: dict, body: bytes) -> dict:
            if header.get("spec") != spec:
                raise ValueError(f"it holds {header.get('spec')!r}")
            table = pickle.loads(zlib.decompress(body))
            if not isinstance(table, dict) or len(table) != header.get("entries"):
                raise ValueError("entry count mismatch")
            return table

        return read_checked(self.path(spec, REFERENCE_SUFFIX), MAGIC, check)

    def save(self, spec: str, table: dict) -> None:
        """Write the reference solver's ``table`` atomically."""
        body = zlib.compress(pickle.dumps(table, protocol=pickle.HIGHEST_PROTOCOL), 6)
        write_checked(self.path(spec, REFERENCE_SUFFIX), MAGIC, {"spec": spec, "entries": len(table)}, body)

    def load_store(self, spec: str, stamp: dict | None = None, cut: PartCut | None = None) -> Any:
        """The fast solver's results of ``spec``: a memory-mapped Store, or None when
        there is none or it is damaged.
        ``stamp`` (e.g. the start's code) must match what was saved with it; ``cut``, the
        game's cut into shards, reads a database saved in parts (see :mod:`gamesman.solver.parts`)."""
        from gamesman.solver.parts import parts_reader
        from gamesman.solver.store import read_store

        return read_store(self.path(spec), spec, stamp, None if cut is None else parts_reader(spec, cut))

    def save_store(self, spec: str, results: Any, stamp: dict | None = None) -> None:
        """Write the fast solver's results (a Store, or the parts of a solve in tiers) atomically;
        a whole Store written where parts were, their files are removed."""
        from gamesman.solver.parts import PartedStore, remove_parts, save_parts
        from gamesman.solver.store import write_store

        if isinstance(results, PartedStore):
            save_parts(self.path(spec), spec, results, stamp)
        elif write_store(self.path(spec), spec, results, stamp):
            remove_parts(self.path(spec))

    def load_table(self, game: Game) -> MutableMapping | None:
        """The reference solver's table of ``game``: a memory-mapped max^n table when one was
        saved (see ``save_table``), else the pickled one, else None."""
        from gamesman.solver.store import read_store

        if game.capabilities.position_codes:
            store = read_store(self.path(game.spec, UTILITIES_SUFFIX), game.spec)
            if store is not None:
                return StoredUtilities(game, store)
        return self.load(game.spec)

    def save_table(self, game: Game, table: Mapping) -> None:
        """Write the reference solver's table: a max^n table of a game with position codes as
        a store keyed by code (when its codes and distinct vectors fit), any other pickled."""
        import numpy as np

        from gamesman.solver.store import NO_GRUNDY, Store, write_store

        entries = list(table.items())
        if game.capabilities.position_codes and entries and len(entries[0][1]) == 2:
            encode = position_codes(game).encode
            codes = [encode(position) for position, _ in entries]
            counts = Counter(utilities for _, (utilities, _) in entries)
            if len(counts) <= MAX_VECTORS and max(codes) < 1 << 63:
                vectors = [utilities for utilities, _ in counts.most_common()]
                index = {utilities: at for at, utilities in enumerate(vectors)}
                order = sorted(range(len(entries)), key=codes.__getitem__)
                results = [entries[at][1] for at in order]
                store = Store.build(np.array([codes[at] for at in order], np.int64),
                                    np.array([index[utilities] for utilities, _ in results], np.uint16),
                                    np.array([NO_GRUNDY if remoteness is None else remoteness
                                              for _, remoteness in results], np.uint16)).compact()
                store.arrays["utilities"] = np.array(vectors, np.float64).ravel()
                write_store(self.path(game.spec, UTILITIES_SUFFIX), game.spec, store)
                return
        self.save(game.spec, dict(entries))


class PositionTable(Mapping):
    """Mapping methods for a solver's table kept by position code in a Store: a subclass
    gives ``game``, ``store`` (None when empty) and ``get``, the one look-up."""

    game: Game
    store: Store | PartedStore | None

    def get(self, position: Hashable, default: Any = None) -> Any:
        raise NotImplementedError

    def __getitem__(self, position: Hashable) -> Any:
        entry = self.get(position)
        if entry is None:
            raise KeyError(position)
        return entry

    def __contains__(self, position: object) -> bool:
        return self.get(position) is not None

    def __iter__(self) -> Iterator[Hashable]:
        if self.store is not None:
            decode = position_codes(self.game).decode
            for code in self.store.codes().tolist():
                yield decode(code)

    def __len__(self) -> int:
        return 0 if self.store is None else self.store.count


def canonical_code(game: Game, position: Hashable) -> int:
    """The code by which the solver explores, solves, stores and looks up ``position``: the
    least code of the positions alike under the game's symmetries (without them, its own),
    of the first player to move when the game looks the same from both sides (``turn_symmetry``:
    such games are solved by :mod:`gamesman.solver.dense`).

    >>> from gamesman.testing.stones import TurnedStones
    >>> game = TurnedStones()  # a pile seen by either player is the same: the first player's
    >>> canonical_code(game, (5, 1)), canonical_code(game, (5, 0)), game.encode((5, 1))
    (10, 10, 11)
    """
    code = position_codes(game).encode(position)
    if game.capabilities.turn_symmetry and game.to_move(position) != 0:
        code = int(turn_symmetry(game).turned_codes(np.array([code], np.int64))[0])
    if not game.capabilities.symmetries:
        return code
    return int(symmetries(game).canonical_codes(np.array([code], np.int64))[0])


def answers_exactly(game: Game, position: Hashable | None = None, own_search: bool = True) -> bool:
    """The one policy for exact answers, used by every door and player: the solver answers
    for ``game`` (else a search player estimates) when it is small enough to solve on demand,
    the game answers each position exactly on demand (``exact_search``, unless ``own_search``
    is False: a solver that keeps the game's database instead), or its database saved
    before (``gamesman solve --large``) answers ``position`` (by default the start).

    A database of an endgame study holds that study's positions only: it does not answer
    the start, so asking for the start's value never sets off a whole-game solve.
    """
    declared = game.capabilities
    if declared.solvable or (declared.exact_search and own_search):
        return True
    database = Database.default()
    if not database.has_store(game.spec):
        return False
    from gamesman.solver.parts import part_cut

    store = database.load_store(game.spec, cut=part_cut(game))
    return store is not None and store.slot(canonical_code(game, game.start() if position is None else position)) >= 0


class StoredUtilities(PositionTable, MutableMapping):
    """A max^n table (position -> (utilities, remoteness)) read from a store keyed by
    position code, with the entries solved since on top of it (new positions only)."""

    store: Store

    def __init__(self, game: Game, store: Store) -> None:
        self.game = game
        self.store = store
        rows = store.arrays["utilities"].reshape(-1, game.players)
        self.vectors = [tuple(float(u) for u in row) for row in rows]
        self.added: dict[Hashable, tuple] = {}
        self.encode = position_codes(game).encode  # found once: every lookup encodes

    def get(self, position: Hashable, default: Any = None) -> Any:
        at = self.store.slot(self.encode(position))
        if at < 0:
            return self.added.get(position, default)
        _, vector, remoteness = self.store.packed(at)  # the index sits where a remoteness would
        assert vector is not None  # an index is below MAX_VECTORS: never read as a draw's
        return (self.vectors[vector], remoteness)

    def __setitem__(self, position: Hashable, entry: tuple) -> None:
        self.added[position] = entry

    def __delitem__(self, position: Hashable) -> None:
        del self.added[position]

    def __iter__(self) -> Iterator[Hashable]:
        yield from super().__iter__()
        yield from self.added

    def __len__(self) -> int:
        return super().__len__() + len(self.added)
