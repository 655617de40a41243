"""The files of a solve in tiers, in a directory that every worker reads (one sub-directory
per variant):

* ``p-T-K.tier``: the positions of shard K of tier T (sorted codes);
* ``c-T-K.tier``: the positions that shard K of tier T moves to, in one section for each
  shard of tier T+1 (each with its own checksum, so that a task reads only its own);
* ``r-T-K-M.db``: the results of shard K of tier T whose player to move is M, a
  :class:`gamesman.solver.store.Store` keyed by each code's number within the shard;
* ``d-T-K.db``: the part of the database of shard K of tier T, compressed (both players
  to move, keyed by code: see :mod:`gamesman.solver.parts`);
* ``explored.tier``: the lowest code, positions and moves of each tier explored;
* ``e-T-K.tier``: (tiers of the game's own) the moves of tier T as exploring found them, which
  solving takes instead of expanding the tier again, and removes once the tier is solved.

Every file is written to a temporary name and renamed, with a checksum in its header and a
label (what it holds); one that fails a check is reported and removed, to be written again.
"""
from __future__ import annotations

import json
import os
import re
import zlib
from pathlib import Path
from typing import Callable

import numpy as np

from gamesman.solver.database import Database
from gamesman.solver.files import HEADER_LIMIT, DamagedFile, read_regular, write_atomically
from gamesman.solver.store import Store, read_store, write_store

#: The first line of a file of codes (positions of a shard, or where they move to).
CODES_MAGIC = b"GAMESMAN-TIER 1\n"


def work_directory(store: Path, spec: str) -> Path:
    """The variant's own directory in the shared store (named as its database would be)."""
    return Database(store).path(spec, "")


def _positions_path(directory: Path, tier: int, shard: int) -> Path:
    return directory / f"p-{tier}-{shard}.tier"


def _moves_path(directory: Path, tier: int, shard: int) -> Path:
    return directory / f"c-{tier}-{shard}.tier"


def _results_path(directory: Path, tier: int, shard: int, mover: int) -> Path:
    return directory / f"r-{tier}-{shard}-{mover}.db"


def _expansion_path(directory: Path, tier: int, shard: int) -> Path:
    return directory / f"e-{tier}-{shard}.tier"


def _write_codes(path: Path, sections: list[np.ndarray], label: dict) -> None:
    """Sections of codes in one file, atomically: a magic line, a JSON line (the label, and
    each section's offset, count and CRC-32, and its type unless int64), then the codes
    (int64 unless a section is given as another integer type, kept as it is)."""
    arrays = [np.ascontiguousarray(section, section.dtype.newbyteorder("<")
                                   if section.dtype.kind in "iu" else "<i8") for section in sections]
    table, offset = [], 0
    for array in arrays:
        kind = [] if array.dtype == np.dtype("<i8") else [array.dtype.str]
        table.append([offset, len(array), zlib.crc32(array.data.cast("B")), *kind])
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
        differ = [key for key, value in label.items() if header.get(key) != value]
        if differ:  # e.g. a solve from another position: "written for another root"
            raise DamagedFile(f"written for another {' and '.join(differ)}")
        table = header["sections"]
        found = []
        for index in range(len(table)) if sections is None else sections:
            offset, count, crc, *kind = table[index]
            dtype = np.dtype(kind[0] if kind else "<i8")
            if dtype.kind not in "iu":
                raise DamagedFile("a section of codes that are not integers")
            data = os.pread(handle, count * dtype.itemsize, header_end + offset)
            if len(data) != count * dtype.itemsize or zlib.crc32(data) != crc:
                raise DamagedFile("checksum mismatch")
            found.append(np.frombuffer(data, dtype).astype(dtype.newbyteorder("=")))
        return found

    return read_regular(path, read)


#: The names of the files a solve writes in its directory (``_read_explored`` removes those of
#: another solve, and nothing else a user may have put there).
TIER_FILE = re.compile(r"[pce]-\d+-\d+\.tier|r-\d+-\d+-\d+\.db|d-\d+-\d+\.db|explored\.tier")


def _explored_path(directory: Path) -> Path:
    return directory / "explored.tier"


def _read_explored(directory: Path, label: dict) -> list[tuple[int, int, int]]:
    """The tiers a solve before explored (for this variant, root and shards): the lowest code,
    positions and moves written of each.  With no such record (none, or one of a solve from
    another position, whose files are named alike), the tiers' files in ``directory`` are no
    part of this solve: they go, so that none of them is taken for this solve's."""
    found = _read_codes(_explored_path(directory), label)
    if found is None:
        for entry in os.scandir(directory):
            if entry.is_file(follow_symlinks=False) and TIER_FILE.fullmatch(entry.name):
                os.unlink(entry.path)
        return []
    return [tuple(row) for row in found[0].reshape(-1, 3).tolist()]


def _write_explored(directory: Path, label: dict, tiers: list[tuple[int, int, int]]) -> None:
    """Record the tiers explored, so that a solve that stops resumes after them."""
    _write_codes(_explored_path(directory), [np.array(tiers, np.int64).ravel()], label)


def _write_results(path: Path, spec: str, store: Store, label: dict) -> None:
    _write_surely(path, lambda: write_store(path, spec, store, label))


def _write_surely(path: Path, write: Callable[[], object]) -> None:
    """``write()`` a shard's file, raising OSError when it is not there afterwards (the database
    files' writers only report a failure; a shard's file must exist for the solve to go on)."""
    path.unlink(missing_ok=True)
    write()
    if not path.exists():
        raise OSError(f"could not write {path}")


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
