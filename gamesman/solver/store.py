"""Solved results by position code, compact in memory and on disk (memory-mapped).

A result is packed into 16 bits: the value (win 0, lose 1, tie 2, draw 3) in
the top two bits and the remoteness in the other fourteen; ``0xFFFF`` means
"no such position".  When every remoteness is below 63 a result is stored in
one byte instead (two bits of value, six of remoteness, ``0xFF`` for none).
Grundy numbers, for impartial games, sit in a parallel array (``0xFF``/``0xFFFF``
for none).

Which codes are present is held in one of four layouts.  The three plain ones
answer a look-up straight from the arrays, and the smallest of them is taken
when its file stays within MAX_BYTES_PER_POSITION (HEADER_ROOM bytes are
allowed for the file's header); otherwise the blocked layout is, when smaller:

* ``dense``: results for every code from 0 to the largest;
* ``ranked``: a bitmap of the codes present, a rank directory (the number of
  codes before every 512 bits), and results for the present codes only;
* ``sorted``: the present codes in order, and their results;
* ``blocked``: the codes in order, cut into blocks of a fixed number of codes
  (``Packing.size``), each block compressed on its own (``Packing.codec``):
  the gaps between its codes (one byte plane after another, so the high
  bytes, mostly zero, pack well), then its results and Grundy numbers, with
  a CRC-32 of each compressed block.  A look-up bisects the blocks' first
  codes and decompresses one block, adding up only the gaps it needs the
  first time (``InflatedBlock``); the blocks used last are kept
  decompressed (CACHED_CODES codes in all, shared by every store open in the
  process: ``BlockCache``).  For codes too sparse for any
  index to take less than a byte (Othello's, Kaboom's), and for every
  database saved (``compact``: a quarter of a plain layout's bytes on
  Connect Four).  Its ``values`` (and ``grundy``) arrays are empty: they
  only give the width of the results held in the blocks.

A fifth, ``placed``, keeps a result for every place from 0 to ``span`` (the
codes are places a game gives, see :class:`gamesman.contract.capabilities.TierPlaces`),
missing ones too, in blocks of ``Packing.size`` places, each compressed on its own
(``PLACES``) with its CRC-32: a look-up of place p decompresses block p // size and
reads one result.  No code is stored, so a game whose positions fill runs of its
places pays almost nothing for which ones are held (Quixo 4x4: see ``PLACES``).

A sixth, ``huffman``, is saved instead of the blocked one for a database of HUFFMAN_LEAST
positions or more and for the parts of a database in parts, unless FORMAT_VARIABLE says
otherwise: the codes' gaps and their results coded with canonical Huffman codes in blocks of
64 positions (128 in files written before, read as they are), a look-up decoding half a block
and decompressing none (see :mod:`gamesman.solver.huffman`): some twenty times as many look-ups
a second as the blocked layout's where its block is not decompressed yet, in about twice its
bytes.

>>> import numpy as np
>>> store = Store.build(np.array([2, 5, 9]), np.array([0x4001, 0x0002, 0xC000], np.uint16))
>>> store.get(5), store.get(9), store.get(4) == MISSING
(2, 49152, True)
"""
from __future__ import annotations

import bisect
import itertools
import json
import lzma
import mmap
import os
import re
import threading
import zlib
from collections import OrderedDict
from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Callable, Literal, Protocol, get_args

import numpy as np
import zstandard

from gamesman.solver.files import (HEADER_LIMIT, DamagedFile, file_identity, identity_of, read_regular, remove_quietly,
                                   write_atomically)
from gamesman.solver.results import SolverError

MAGIC = b"GAMESMAN-DB 5\n"
#: The files of the version before, still read: their blocks are deflated, 512 codes each, and
#: one checksum covers the whole file (it is read whole when opened).
OLD_MAGIC = b"GAMESMAN-DB 4\n"
#: A packed result that says "no such position" (the fast solver's and every store's).
MISSING = 0xFFFF
#: A Grundy number that says "none" (a loop, or no position).
NO_GRUNDY = 0xFFFF
BLOCK_WORDS = 8  # the rank directory has one count per 8 words of 64 bits
UNPACKED_WORDS = 1 << 20  # words of the bitmap unpacked at a time when every code is listed (64 MB)
ALIGN = 8  # every array starts at a multiple of this in the file (the widest item)
CACHED_CODES = 1 << 24  # codes of the blocks kept decompressed, of every store together (up to 160 MB)
RUN = 256  # gaps a block's first look-up adds up (see InflatedBlock)
MAX_BYTES_PER_POSITION = 2  # what a file should take at most, header included
HEADER_ROOM = 512  # bytes allowed for a file's header (a JSON line of a few hundred bytes)
NONE_HELD = np.zeros(0, np.uint64)  # a layout's array that this store's layout does not have

#: How a store holds which codes are present (see the module docstring).
Layout = Literal["dense", "ranked", "sorted", "blocked", "placed", "huffman", "parted"]
#: The layouts kept in compressed blocks, each with its CRC-32.
BLOCK_LAYOUTS = ("blocked", "placed")
#: The layouts whose results are read a block at a time, never as one array: their
#: ``payload`` is left out of a file's checksum (its blocks or pages have their own).
CODED_LAYOUTS = BLOCK_LAYOUTS + ("huffman",)

IntegerFormat = Literal["B", "H", "I", "L", "Q", "b", "h", "i", "l", "q"]
INTEGER_FORMATS: dict[str, IntegerFormat] = {char: char for char in get_args(IntegerFormat)}  # memoryview's


def span_of(codes: np.ndarray) -> int:
    """The span of sorted ``codes``: one past the largest (0 for none).

    >>> span_of(np.array([2, 9])), span_of(np.array([], np.int64))
    (10, 0)
    """
    return int(codes[-1]) + 1 if len(codes) else 0


def narrow(values: np.ndarray) -> np.ndarray:
    """16-bit packed results as bytes (every remoteness must be below 63)."""
    out = ((values >> 14) << 6 | (values & 0x3FFF)).astype(np.uint8)
    out[values == MISSING] = 0xFF
    return out


def widen(values: np.ndarray) -> np.ndarray:
    """Byte-packed results as 16-bit ones."""
    wide = values.astype(np.uint16)
    out = ((wide >> 6) << 14) | (wide & 0x3F)
    out[wide == 0xFF] = MISSING
    return out


def byte_planes(numbers: np.ndarray) -> bytes:
    """The little-endian bytes of ``numbers``, all lowest bytes first, then the next ones..."""
    return numbers.astype(numbers.dtype.newbyteorder("<")).view(np.uint8).reshape(-1, numbers.itemsize).T.tobytes()


def from_byte_planes(data: bytes, start: int, count: int, width: int) -> tuple[np.ndarray, int]:
    """``count`` unsigned numbers of ``width`` bytes written by ``byte_planes`` at ``start``,
    and where they end.  Numbers of up to four bytes are put together by shifting each plane
    in (a block's gaps: 3 to 8 times quicker than copying the planes transposed, most of a
    cold look-up's time); numbers of eight bytes by that copy (quicker for them).

    >>> numbers = np.array([1, 515, 70000], np.uint32)
    >>> [from_byte_planes(b"." + byte_planes(numbers.astype(f"<u{w}")), 1, 3, w)[0].tolist() for w in (4, 8)]
    [[1, 515, 70000], [1, 515, 70000]]
    """
    if width == 1:  # nothing to interleave
        return np.frombuffer(data, np.uint8, count, start), start + count
    planes = np.frombuffer(data, np.uint8, count * width, start).reshape(width, count)
    if width == 8:
        return np.ascontiguousarray(planes.T).view("<u8").ravel(), start + count * width
    numbers = planes[width - 1].astype(f"<u{width}")
    for plane in planes[width - 2::-1]:
        numbers <<= 8
        numbers |= plane
    return numbers, start + count * width


class _Contexts(threading.local):
    """zstd's compression contexts (one a level) and decompression context of this thread,
    made once and reused: making one costs about as much as decompressing a small block, and
    one context must not be used by two threads at once."""

    def __init__(self) -> None:
        self.compressors: dict[int, zstandard.ZstdCompressor] = {}
        self.decompressor = zstandard.ZstdDecompressor()

    def compressor(self, level: int) -> zstandard.ZstdCompressor:
        found = self.compressors.get(level)
        if found is None:
            found = self.compressors[level] = zstandard.ZstdCompressor(level=level)
        return found


_CONTEXTS = _Contexts()


#: zstd's level for a database's blocks unless LEVEL_VARIABLE says another.  On Quixo 4x4's
#: and Connect Four 4x5's blocks, levels 3, 9, 15 and 19 take 0.50, 0.42, 0.39 and 0.385 bytes
#: a position and 0.37, 0.32, 0.29 and 0.28, in 1, 4, 25 and 90 times level 3's time (see the
#: benchmarks' page): 15 keeps the database as small as its goal asks, for a few seconds a solve.
DEFAULT_LEVEL = 15
#: The environment variable that sets zstd's level (1 to 22; higher: smaller and slower to write).
LEVEL_VARIABLE = "GAMESMAN_ZSTD_LEVEL"


def zstd_level() -> int:
    """zstd's level for a database's blocks: LEVEL_VARIABLE's, else DEFAULT_LEVEL.  A file is
    read the same whatever level wrote it.

    >>> os.environ[LEVEL_VARIABLE] = "9"
    >>> zstd_level()
    9
    >>> os.environ[LEVEL_VARIABLE] = "fast"
    >>> zstd_level()
    Traceback (most recent call last):
    gamesman.solver.results.SolverError: GAMESMAN_ZSTD_LEVEL='fast': zstd's levels are whole numbers from 1 to 22
    >>> del os.environ[LEVEL_VARIABLE]
    >>> zstd_level() == DEFAULT_LEVEL
    True
    """
    text = os.environ.get(LEVEL_VARIABLE, "").strip()
    if not text:
        return DEFAULT_LEVEL
    highest = zstandard.MAX_COMPRESSION_LEVEL
    if not text.isdigit() or not 1 <= int(text) <= highest:
        raise SolverError(f"{LEVEL_VARIABLE}={text!r}: zstd's levels are whole numbers from 1 to {highest}")
    return int(text)


#: The environment variable that sets the positions a database's zstd block holds (a power of
#: two from 256 to 2**20; larger: smaller files, slower first look-ups in a block).
BLOCK_VARIABLE = "GAMESMAN_BLOCK_CODES"


def block_codes() -> int:
    """The positions a block of a database's zstd blocks holds: BLOCK_VARIABLE's, else
    ZSTD's.  A file is read alike whatever size wrote it (its header says the size).

    >>> os.environ[BLOCK_VARIABLE] = "65536"
    >>> block_codes(), database_packing()
    (65536, Packing(codec='zstd', size=65536, level=None))
    >>> os.environ[BLOCK_VARIABLE] = "50000"
    >>> block_codes()
    Traceback (most recent call last):
    gamesman.solver.results.SolverError: GAMESMAN_BLOCK_CODES='50000': a block holds a power of two of positions from 256 to 1048576
    >>> del os.environ[BLOCK_VARIABLE]
    >>> block_codes() == ZSTD.size
    True
    """
    text = os.environ.get(BLOCK_VARIABLE, "").strip()
    if not text:
        return ZSTD.size
    if not text.isdigit() or int(text) not in ZSTD_BLOCK_SIZES:
        raise SolverError(f"{BLOCK_VARIABLE}={text!r}: a block holds a power of two of positions from "
                          f"{min(ZSTD_BLOCK_SIZES)} to {max(ZSTD_BLOCK_SIZES)}")
    return int(text)


#: The environment variable that chooses a database's format: ``auto`` (the default: the
#: Huffman layout for HUFFMAN_LEAST positions or more and for a database in parts, else the
#: blocked one), ``zstd`` (the blocked layout, the smallest) or ``huffman`` (the Huffman layout:
#: look-ups decompress nothing).
FORMAT_VARIABLE = "GAMESMAN_DB_FORMAT"
#: The formats FORMAT_VARIABLE names.
DATABASE_FORMATS = ("auto", "zstd", "huffman")
#: The positions from which ``auto`` saves a database in the Huffman layout (and every part
#: of a database in parts, which is large whatever a part's size).  A smaller one in zstd
#: blocks is soon held decompressed whole by the cache of blocks (it has CACHED_CODES codes),
#: and its look-ups need no compiled code (compiled once after install, some 4 s).
HUFFMAN_LEAST = 1 << 20


def database_format() -> str:
    """The format a database is saved in: FORMAT_VARIABLE's, else ``auto``.  A file is read
    whatever format it was saved in.

    >>> os.environ[FORMAT_VARIABLE] = "huffman"
    >>> database_format()
    'huffman'
    >>> os.environ[FORMAT_VARIABLE] = "xz"
    >>> database_format()
    Traceback (most recent call last):
    gamesman.solver.results.SolverError: GAMESMAN_DB_FORMAT='xz': a database's format is auto, zstd or huffman
    >>> del os.environ[FORMAT_VARIABLE]
    >>> database_format()
    'auto'
    """
    text = os.environ.get(FORMAT_VARIABLE, "").strip() or DATABASE_FORMATS[0]
    if text not in DATABASE_FORMATS:
        raise SolverError(f"{FORMAT_VARIABLE}={text!r}: a database's format is "
                          f"{', '.join(DATABASE_FORMATS[:-1])} or {DATABASE_FORMATS[-1]}")
    return text


def saves_huffman(count: int, part: bool = False) -> bool:
    """Whether a database of ``count`` positions (``part``: a part of that many of a database
    in parts) is saved in the Huffman layout (where its results allow), in the format
    ``database_format()`` names.

    >>> saves_huffman(HUFFMAN_LEAST), saves_huffman(HUFFMAN_LEAST - 1), saves_huffman(5, part=True)
    (True, False, True)
    """
    chosen = database_format()
    return chosen == "huffman" or chosen == "auto" and (part or count >= HUFFMAN_LEAST)


def database_packing() -> Packing:
    """How a database's blocks by code are packed when it is written: zstd at ``zstd_level()``
    (the level is read as each block is compressed), ``block_codes()`` positions a block."""
    size = block_codes()
    return ZSTD if size == ZSTD.size else Packing(ZSTD.codec, size, ZSTD.level)


@dataclass(frozen=True)
class Packing:
    """How the blocked layout packs its blocks: ``size`` codes a block, compressed with
    ``codec`` (``zstd`` at ``level``, None: ``zstd_level()``, or raw ``deflate``, the version
    before's).  The level is the writer's only: two packings that differ in it read alike.

    >>> raw = bytes(range(64)) * 100
    >>> ZSTD.decompress(ZSTD.compress(raw)) == raw, len(ZSTD.compress(raw)) < 200
    (True, True)
    >>> ZSTD.reads_as(SCRATCH), ZSTD.reads_as(DEFLATE)
    (True, False)
    """

    codec: str
    size: int
    level: int | None

    def reads_as(self, other: "Packing") -> bool:
        """Whether blocks packed so are read as ``other``'s are (the same codec and size)."""
        return (self.codec, self.size) == (other.codec, other.size)

    def compress(self, raw: bytes) -> bytes:
        if self.codec == "zstd":
            return _CONTEXTS.compressor(zstd_level() if self.level is None else self.level).compress(raw)
        if self.codec == "xz":
            chosen = dict(XZ_FILTER, preset=self.level or lzma.PRESET_DEFAULT, **XZ_ENCODING)
            return lzma.compress(raw, lzma.FORMAT_RAW, filters=[chosen])
        packer = zlib.compressobj(self.level or zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -15)
        return packer.compress(raw) + packer.flush()

    def decompress(self, packed: bytes | memoryview) -> bytes:
        if self.codec == "zstd":
            return _CONTEXTS.decompressor.decompress(packed)
        if self.codec == "xz":
            return lzma.decompress(packed, lzma.FORMAT_RAW, filters=[XZ_FILTER])
        return zlib.decompress(packed, -15)


#: Blocks of 16,384 codes, zstd at level 15: a look-up of a block not yet decompressed
#: decompresses about 40 kB (tens of microseconds); on Connect Four 4x5 and 5x5, 0.29 and 0.30
#: bytes a position (blocks of 65,536 take 0.26 and 0.25 and four times as long to
#: decompress; blocks of 2,048, 0.37: over a quarter of the plain layout).  Level 19 saves 2%
#: in three times the time; a dictionary trained on the database's blocks saves 1 to 4% and takes
#: seconds to train for each database and each part of one; xz (LZMA2) is as small but ten
#: times as long to decompress (see the solver's page of the documentation).
ZSTD = Packing("zstd", 1 << 14, None)
#: ZSTD's blocks at zstd's quickest level, for the files of a solve's own that are not its
#: database (the results of a tier that later tiers look up): they are written once and read
#: back a few times, and compressing them at ZSTD's level took Quixo 4x4 five seconds.
SCRATCH = Packing("zstd", ZSTD.size, 1)
#: Blocks of zstd of any of these sizes are read (a database saved before took 65,536 codes a
#: block: its header says so); a database is written in ZSTD's.
ZSTD_BLOCK_SIZES = frozenset(1 << bits for bits in range(8, 21))
#: The version before's blocks (OLD_MAGIC), read only.
DEFLATE = Packing("deflate", 512, 9)
#: xz's blocks: LZMA2 without the xz container (its headers would take some 60 bytes a
#: block), a dictionary as large as the largest block (two bytes a place, 2**20 places), which
#: is all a block needs and all a reader allocates.
XZ_FILTER: dict[str, Any] = {"id": lzma.FILTER_LZMA2, "dict_size": 1 << 21}
#: How xz's blocks are written (each block says it, so a reader needs only XZ_FILTER): no
#: literal context bits, no position bits, which fit a byte a result (on Quixo 4x4's tiers,
#: 0.4% fewer bytes than xz's defaults).
XZ_ENCODING = {"lc": 0, "pb": 0}
#: The placed layout's blocks: 262,144 places, xz at preset 6.  On Quixo 4x4's 110 tiers,
#: 1,758,715 bytes of blocks (the database, headers and index too, 0.99 of GamesmanOne's), and
#: about 0.5 ms to decompress a block; zstd 19 and 22 take 1,841,782 and 1,836,317 (70 µs a
#: block), 1,821,629 and 1,815,550 in blocks of 2**20 places (160 µs): over GamesmanOne's bytes
#: once the files' headers and indexes are added; xz in blocks of 2**19 places, 1,723,728, and
#: 0.86 ms (see the benchmarks' page).
PLACES = Packing("xz", 1 << 18, 6)
#: The codecs the placed layout's blocks are read in.
PLACED_CODECS = frozenset({"zstd", "xz"})


class DamagedDatabase(SolverError):
    """A database found damaged while it is used: never answered from; its file is removed,
    and the solver that used it solves the variant again (see ``Solver.stored``)."""


class DamagedBlock(DamagedDatabase):
    """A block of a database whose checksum does not match."""


#: The widths, in bytes, a block's gaps are written in (the block's first byte says which).
GAP_WIDTHS = (1, 2, 4, 8)


def pack_block(codes: np.ndarray, values: np.ndarray, grundy: np.ndarray | None, packing: Packing) -> bytes:
    """One block of the blocked layout: the width of its gaps, the gaps, the results."""
    gaps = np.diff(codes)
    width = next(size for size in GAP_WIDTHS if int(gaps.max(initial=0)) < 1 << (8 * size))
    raw = bytes([width]) + byte_planes(gaps.astype(f"<u{width}")) + byte_planes(values)
    if grundy is not None:
        raw += byte_planes(grundy)
    return packing.compress(raw)



def packed_blocks(codes: np.ndarray, stored: np.ndarray, grundy: np.ndarray | None, packing: Packing) -> list[bytes]:
    """Sorted ``codes`` with their stored results (and Grundy numbers) as blocks of the
    blocked layout, ``packing.size`` codes a block (the last one may hold fewer).

    >>> len(packed_blocks(np.arange(5), np.ones(5, np.uint8), None, Packing("zstd", 2, 3)))
    3
    """
    size = packing.size
    return [pack_block(codes[at:at + size], stored[at:at + size], None if grundy is None else grundy[at:at + size],
                       packing) for at in range(0, len(codes), size)]


class Store:
    """Packed results (and Grundy numbers) of a set of position codes."""

    def __init__(self, layout: Layout, arrays: dict[str, np.ndarray], count: int, span: int,
                 packing: Packing = ZSTD, path: str | None = None) -> None:
        self.layout = layout
        self.packing = packing
        self.path = path  # the file it was read from, named when a block is damaged
        self.identity: tuple[int, int] | None = None  # that file's, when read (``file_identity``)
        # what a damaged block removes besides its file: the index it is a part of, if still that
        self.removed_with: Callable[[], Path | None] | None = None
        self.arrays = arrays
        self.count = count
        self.span = span  # every code is below this
        self.values = arrays["values"]
        self.grundy_array = arrays.get("grundy")
        self.wide = self.values.dtype == np.uint16
        self.missing = MISSING if self.wide else 0xFF
        # the arrays of the other layouts are NONE_HELD
        self.bitmap = arrays.get("bitmap", NONE_HELD)
        self.bitmap_bytes = np.ascontiguousarray(self.bitmap).data.cast("B")
        self.blocks = arrays.get("blocks", NONE_HELD)
        self.code_array = arrays.get("codes", NONE_HELD)
        if layout in BLOCK_LAYOUTS:  # memoryviews: bisect on them is quicker than numpy for one code
            self.block_firsts = flat_view(arrays.get("block_firsts", NONE_HELD))
            self.block_ends = flat_view(arrays["block_ends"])
            self.block_crcs = arrays.get("block_crcs")
            self.payload = flat_view(arrays["payload"])
            self.token = next(_STORE_TOKENS)  # its blocks' key in BLOCKS
        self.no_grundy = None if self.grundy_array is None else int(np.iinfo(self.grundy_array.dtype).max)
        # memoryviews again: one element of one is read several times quicker than of numpy's arrays
        self.value_view = flat_view(self.values)
        self.grundy_view = None if self.grundy_array is None else flat_view(self.grundy_array)
        self.block_counts = flat_view(self.blocks)
        if layout == "huffman":
            from gamesman.solver.huffman import HuffmanIndex  # compiled: numba is imported when first needed
            self.huffman_index = HuffmanIndex(arrays, count)
            self.found = (-1, MISSING)  # the last code found, for ``stored_at`` right after ``slot``

    # -- building ---------------------------------------------------------------------
    @classmethod
    def build(cls, codes: np.ndarray, values: np.ndarray, grundy: np.ndarray | None = None,
              packing: Packing = ZSTD) -> "Store":
        """The chosen layout of sorted, distinct ``codes`` with their 16-bit ``values``
        (blocks, if that layout is chosen, packed by ``packing``)."""
        codes = np.asarray(codes, np.int64)
        span = span_of(codes)
        return cls._laid_out(codes, None, span, values, grundy, packing)

    @classmethod
    def from_dense(cls, values: np.ndarray) -> "Store":
        """The chosen layout of 16-bit results given over every code (MISSING: none),
        without listing the codes unless that layout needs them."""
        present = values != MISSING
        span = int(len(values) - np.argmax(present[::-1])) if present.any() else 0
        return cls._laid_out(None, present[:span], span, values[:span][present[:span]])

    @classmethod
    def _laid_out(cls, codes: np.ndarray | None, present: np.ndarray | None, span: int, values: np.ndarray,
                  grundy: np.ndarray | None = None, packing: Packing = ZSTD) -> "Store":
        """The store in the smallest plain layout, or the blocked one when no plain layout
        fits in MAX_BYTES_PER_POSITION and it is smaller; the codes are given sorted, or as a
        flag per code."""
        count = len(values)
        stored, grundy = _as_stored(values, grundy)
        per_result = stored.itemsize + (grundy.itemsize if grundy is not None else 0)
        words = (span + 63) // 64
        sizes: dict[Layout, int] = {"dense": span * per_result,
                                    "ranked": words * 8 + ((words + BLOCK_WORDS - 1) // BLOCK_WORDS) * 4
                                    + count * per_result,
                                    "sorted": count * ((4 if span <= 1 << 32 else 8) + per_result)}
        layout = min(sizes, key=lambda name: (sizes[name], name != "dense"))
        too_big = sizes[layout] + HEADER_ROOM > MAX_BYTES_PER_POSITION * count
        if layout == "ranked" and not too_big and present is not None:
            return cls._ranked(present, span, count, stored, grundy)
        if codes is None:
            if present is None:
                raise ValueError("neither the codes nor their flags are given")
            codes = np.flatnonzero(present)
        if too_big:
            blocked = cls._blocked(codes, span, stored, grundy, packing)
            if blocked.nbytes < sizes[layout]:
                return blocked
        arrays: dict[str, np.ndarray] = {}
        if layout == "dense":
            arrays["values"] = np.full(span, 0xFFFF if stored.dtype == np.uint16 else 0xFF, stored.dtype)
            arrays["values"][codes] = stored
            if grundy is not None:
                arrays["grundy"] = np.full(span, np.iinfo(grundy.dtype).max, grundy.dtype)
                arrays["grundy"][codes] = grundy
            return cls(layout, arrays, count, span)
        if layout == "sorted":
            arrays["values"] = stored
            if grundy is not None:
                arrays["grundy"] = grundy
            arrays["codes"] = codes.astype(np.uint32) if span <= 1 << 32 else codes
            return cls(layout, arrays, count, span)
        if present is None:
            present = np.zeros(span, bool)
            present[codes] = True
        return cls._ranked(present, span, count, stored, grundy)

    @classmethod
    def _ranked(cls, present: np.ndarray, span: int, count: int, stored: np.ndarray,
                grundy: np.ndarray | None) -> "Store":
        """The ranked layout of the codes flagged in ``present`` with their stored results."""
        arrays = {"values": stored, **({} if grundy is None else {"grundy": grundy})}
        words = (span + 63) // 64
        padded = np.zeros(words * 64, bool)
        padded[:span] = present
        arrays["bitmap"] = np.packbits(padded, bitorder="little").view(np.uint64)
        arrays["blocks"] = rank_directory(arrays["bitmap"], count)
        return cls("ranked", arrays, count, span)

    @classmethod
    def _blocked(cls, codes: np.ndarray, span: int, stored: np.ndarray, grundy: np.ndarray | None,
                 packing: Packing | None = None) -> "Store":
        """The blocked layout of sorted ``codes`` with their stored results (the payload last:
        a file's checksum covers everything before it, and each block has its own), packed as
        ``packing`` says (None: a database's, ``database_packing()``)."""
        packing = packing or database_packing()
        return cls._from_blocks(packed_blocks(codes, stored, grundy, packing), codes[::packing.size], len(codes),
                                span, stored[:0], None if grundy is None else grundy[:0], packing)

    @classmethod
    def _from_blocks(cls, pieces: list[bytes], firsts: np.ndarray | None, count: int, span: int, values: np.ndarray,
                     grundy: np.ndarray | None, packing: Packing) -> "Store":
        """The blocked layout of compressed blocks with their first codes (the placed layout
        when there are none: a block's first place is its number times its size); ``values``
        and ``grundy`` are empty arrays of the stored widths."""
        arrays = {"values": values, **({} if grundy is None else {"grundy": grundy}),
                  **({} if firsts is None else {"block_firsts": firsts.astype(np.uint32 if span <= 1 << 32 else np.int64)}),
                  "block_ends": np.cumsum([len(piece) for piece in pieces], dtype=np.uint64),
                  # the version before's blocks had none: its file's one checksum covered them
                  **({} if packing == DEFLATE else {"block_crcs": np.array([zlib.crc32(p) for p in pieces], np.uint32)}),
                  "payload": np.frombuffer(b"".join(pieces), np.uint8)}
        return cls("blocked" if firsts is not None else "placed", arrays, count, span, packing)

    @classmethod
    def placed(cls, results: np.ndarray, packing: Packing = PLACES) -> "Store":
        """The placed layout of 16-bit ``results`` over every place (MISSING: none), a byte a
        result when every remoteness fits.

        >>> store = Store.placed(np.array([MISSING, 0x4003, MISSING, 2], np.uint16), Packing("xz", 256, 6))
        >>> store.layout, store.count, store.get(1), store.get(0) == MISSING, store.codes().tolist()
        ('placed', 2, 16387, True, [1, 3])
        """
        stored = _as_stored(np.asarray(results, np.uint16), None)[0]
        size = packing.size
        pieces = [packing.compress(byte_planes(stored[at:at + size])) for at in range(0, len(stored), size)]
        count = int(np.count_nonzero(results != MISSING))
        return cls._from_blocks(pieces, None, count, len(stored), stored[:0], None, packing)

    @classmethod
    def blocked_from_slabs(cls, slabs: Iterable[tuple[np.ndarray, np.ndarray]], span: int, wide: bool,
                           packing: Packing | None = None) -> "Store":
        """The blocked layout of 16-bit results given a slab at a time (sorted codes and their
        results, each slab's codes above the last one's), never holding every code at once
        (a dense solve's billions).  ``wide``: whether a remoteness reaches 63 (else a byte
        a result).

        >>> slabs = [(np.array([0, 2]), np.array([1, 2], np.uint16)), (np.array([4]), np.array([3], np.uint16))]
        >>> store = Store.blocked_from_slabs(slabs, 5, wide=False)
        >>> store.count, store.get(4), store.get(1) == MISSING
        (3, 3, True)
        """
        packing = packing or database_packing()
        size = packing.size
        pieces: list[bytes] = []
        firsts: list[int] = []
        held_codes, held_values = np.zeros(0, np.int64), np.zeros(0, np.uint16)
        count = 0
        for codes, values in itertools.chain(slabs, [(None, None)]):
            if codes is not None:
                held_codes = np.concatenate((held_codes, np.asarray(codes, np.int64)))
                held_values = np.concatenate((held_values, np.asarray(values, np.uint16)))
            whole = len(held_codes) if codes is None else len(held_codes) // size * size
            stored = held_values[:whole]
            pieces += packed_blocks(held_codes[:whole], stored if wide else narrow(stored), None, packing)
            firsts += held_codes[:whole:size].tolist()
            count += whole
            held_codes, held_values = held_codes[whole:], held_values[whole:]
        empty = np.zeros(0, np.uint16 if wide else np.uint8)
        return cls._from_blocks(pieces, np.array(firsts, np.int64), count, span, empty, None, packing)

    @classmethod
    def saved(cls, codes: np.ndarray, values: np.ndarray, grundy: np.ndarray | None = None,
              span: int | None = None, part: bool = False) -> "Store":
        """Sorted, distinct ``codes`` with their 16-bit ``values`` (and Grundy numbers) laid out
        as a database (``part``: a part of a database in parts) is saved: in the Huffman layout
        where ``saves_huffman`` says so, else (and for results the Huffman layout cannot hold:
        Grundy numbers, more than 255 distinct results) in the blocked layout."""
        codes = np.asarray(codes, np.int64)
        span = span_of(codes) if span is None else span
        coded = cls.huffman(codes, values, span) if saves_huffman(len(codes), part) and grundy is None else None
        if coded is not None:
            return coded
        stored, grundy = _as_stored(np.asarray(values, np.uint16), grundy)
        return cls._blocked(codes, span, stored, grundy)

    @classmethod
    def huffman(cls, codes: np.ndarray, values: np.ndarray, span: int | None = None) -> "Store | None":
        """The Huffman layout of sorted, distinct ``codes`` and their 16-bit ``values``; None
        when they have more distinct results than it holds.

        >>> store = Store.huffman(np.array([4, 9, 10]), np.array([0x4001, 2, 2], np.uint16))
        >>> store.layout, store.get(9), store.get(5) == MISSING, store.codes().tolist()
        ('huffman', 2, True, [4, 9, 10])
        """
        from gamesman.solver.huffman import huffman_arrays
        codes = np.asarray(codes, np.int64)
        arrays = huffman_arrays(codes, np.asarray(values, np.uint16))
        span = span_of(codes) if span is None else span
        return None if arrays is None else cls("huffman", arrays, len(codes), span)

    @classmethod
    def blocked(cls, codes: np.ndarray, values: np.ndarray, packing: Packing | None = None) -> "Store":
        """The blocked layout of sorted, distinct ``codes`` with their 16-bit ``values``, built
        straight from them (never over the span of the codes, which may be huge), packed as a
        database is unless ``packing`` says otherwise."""
        codes = np.asarray(codes, np.int64)
        return cls._blocked(codes, span_of(codes), _as_stored(values, None)[0], None, packing)

    def compact(self) -> "Store":
        """This store laid out as a database is saved (``saved``: the blocked layout, smallest
        on disk, a look-up decompressing a block kept for the next ones; or the Huffman one)."""
        huffman = saves_huffman(self.count) and self.grundy_array is None
        if (self.layout == "blocked" and self.packing.reads_as(database_packing()) and not huffman
                or self.layout == "placed" or self.layout == "huffman" and huffman):
            return self
        return Store.saved(self.codes(), self.values16(), self.grundy16(), self.span)

    @classmethod
    def from_dense_slabs(cls, slabs: Iterable[np.ndarray], span: int, count: int, wide: bool) -> "Store":
        """The ranked layout of 16-bit results over every code below ``span`` (MISSING:
        none) given a slab at a time, for indexes too large to flag every code in
        memory at once: every slab but the last a multiple of 512 codes long.
        ``count`` is the number of results; ``wide``, whether a remoteness reaches 63."""
        words = (span + 63) // 64
        bitmap = np.zeros(words, np.uint64)
        values = np.empty(count, np.uint16 if wide else np.uint8)
        at = filled = 0
        for slab in slabs:
            present = slab != MISSING
            found = int(np.count_nonzero(present))
            if filled + found > count:
                raise ValueError("more results than counted")
            values[filled:filled + found] = slab[present] if wide else narrow(slab[present])
            packed = np.packbits(present, bitorder="little")
            packed = np.concatenate((packed, np.zeros(-len(packed) % 8, np.uint8)))
            bitmap[at // 64:at // 64 + len(packed) // 8] = packed.view(np.uint64)
            at += len(slab)
            filled += found
        if filled != count or at != span:
            raise ValueError("the slabs do not hold the results counted")
        return cls("ranked", {"values": values, "bitmap": bitmap, "blocks": rank_directory(bitmap, count)}, count, span)

    def merged(self, codes: np.ndarray, values: np.ndarray, grundy: np.ndarray | None) -> "Store":
        """A new store with these sorted codes added (their results win over the stored ones)."""
        old = self.codes()
        keep = ~np.isin(old, codes)
        all_codes = np.concatenate((old[keep], codes))
        order = np.argsort(all_codes, kind="stable")
        all_values = np.concatenate((self.values16()[keep], values))[order]
        all_grundy = None
        if grundy is not None or self.grundy_array is not None:
            mine = self.grundy16()
            mine = np.full(len(old), NO_GRUNDY, np.uint16) if mine is None else mine
            theirs = np.full(len(codes), NO_GRUNDY, np.uint16) if grundy is None else grundy
            all_grundy = np.concatenate((mine[keep], theirs))[order]
        return Store.build(all_codes[order], all_values, all_grundy)

    # -- the blocked layout's blocks -------------------------------------------------------
    def unpacked(self, block: int) -> bytes:
        """One block's bytes decompressed (DamagedBlock, after the file is reported and removed,
        when its checksum does not match)."""
        packed = self.payload[self.block_ends[block - 1] if block else 0:self.block_ends[block]]
        if self.block_crcs is not None and zlib.crc32(packed) != int(self.block_crcs[block]):
            raise self.damaged(block, "checksum mismatch")
        return self.packing.decompress(packed)

    def damaged(self, block: int | None, problem: str) -> DamagedBlock:
        """The error of a block found damaged, after its file is removed (so it is rebuilt)."""
        if self.removed_with is not None:
            remove_quietly(self.removed_with())
        if self.path is not None and self.identity is not None and file_identity(Path(self.path)) != self.identity:
            outcome = "it was saved again since: read it again"  # by another process, which found it first
        else:
            outcome = remove_quietly(self.path)
        where = "a block" if block is None else f"block {block}"
        return DamagedBlock(f"{Path(self.path or 'the database').name} is damaged ({where} of "
                            f"{self.count:,} positions: {problem}); {outcome}")

    def inflated(self, block: int) -> "InflatedBlock":
        """One block of the blocked layout decompressed, through the shared cache of blocks."""
        return BLOCKS.held((self.token, block), self.inflate, block, self.packing.size)

    def inflated_places(self, block: int) -> np.ndarray:
        """One block of the placed layout decompressed, through the shared cache of blocks."""
        return BLOCKS.held((self.token, ~block), self.inflate_places, block, self.packing.size)

    def inflate_places(self, block: int) -> np.ndarray:
        """One block of the placed layout decompressed: the stored result of each place."""
        raw = self.unpacked(block)
        size = min(self.packing.size, self.span - block * self.packing.size)
        if len(raw) != size * self.values.itemsize:
            raise self.damaged(block, "it does not hold the places its header says")
        return from_byte_planes(raw, 0, size, self.values.itemsize)[0]

    def block_values(self, block: int) -> np.ndarray:
        """The stored results of one decompressed block (through the cache), by slot in it."""
        return self.inflated_places(block) if self.layout == "placed" else self.inflated(block).values

    def inflate(self, block: int) -> "InflatedBlock":
        """One block of the blocked layout decompressed (see ``unpacked``)."""
        raw = self.unpacked(block)
        size = min(self.packing.size, self.count - block * self.packing.size)
        widths = self.values.itemsize + (0 if self.grundy_array is None else self.grundy_array.itemsize)
        if not raw or raw[0] not in GAP_WIDTHS or len(raw) != 1 + (size - 1) * raw[0] + size * widths:
            raise self.damaged(block, "it does not hold the positions its header says")
        gaps, at = from_byte_planes(raw, 1, size - 1, raw[0])
        values, at = from_byte_planes(raw, at, size, self.values.itemsize)
        grundy = None
        if self.grundy_array is not None:
            grundy, at = from_byte_planes(raw, at, size, self.grundy_array.itemsize)
        return InflatedBlock(int(self.block_firsts[block]), gaps, values, grundy)

    @cached_property
    def inflated_all(self) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
        """Every block inflated at once, kept (for look-ups of many codes at once): the codes
        (places, for the placed layout), their stored results and Grundy numbers."""
        if self.layout == "huffman":
            return (*self._huffman_decoded(0, self.huffman_index.blocks), None)
        if self.layout == "placed":
            every = np.concatenate([self.values] + [self.inflate_places(block) for block in range(len(self.block_ends))])
            places = np.flatnonzero(every != self.missing)
            return places, every[places], None
        blocks = [self.inflate(block) for block in range(len(self.block_ends))]
        grundy = None
        if self.grundy_array is not None:
            grundy = np.concatenate([b.grundy for b in blocks if b.grundy is not None] or [self.grundy_array])
        return (np.concatenate([b.code_array for b in blocks] or [np.zeros(0, np.int64)]),
                np.concatenate([b.values for b in blocks] or [self.values]), grundy)

    def _huffman_decoded(self, first_block: int, last_block: int) -> tuple[np.ndarray, np.ndarray]:
        """The Huffman layout's codes and results of blocks ``first_block`` to ``last_block``."""
        found = self.huffman_index.decoded(first_block, last_block)
        if found is None:
            raise self.damaged(first_block, "checksum mismatch")
        return found

    # -- looking up ---------------------------------------------------------------------
    def packed(self, at: int) -> tuple[int, int | None, int | None]:
        """The result in slot ``at`` as the solver's table holds it: (value code,
        remoteness or None for a draw, Grundy number or None)."""
        return self.packed_result(*self.stored_at(at))

    def packed_result(self, value: int, number: int | None = None) -> tuple[int, int | None, int | None]:
        """A stored result (and Grundy number) as ``packed`` gives it."""
        if self.wide:
            kind, remoteness = value >> 14, value & 0x3FFF
        else:
            kind, remoteness = value >> 6, value & 0x3F
        grundy = None if number == self.no_grundy else number
        return _PACKED.get((kind, remoteness, grundy)) or _intern(kind, remoteness, grundy)

    def stored_at(self, at: int) -> tuple[int, int | None]:
        """The stored result and Grundy number (None when not kept) in slot ``at``."""
        if self.layout == "placed":
            return int(self.inflated_places(at // self.packing.size)[at % self.packing.size]), None
        if self.layout == "huffman":
            last = self.found  # read once: another thread may find another code meanwhile
            if last[0] != at:
                answer = self.huffman_index.at(at)
                if answer is None:
                    raise self.damaged(self.huffman_index.block_of(at), "checksum mismatch")
                last = self.found = (at, answer[1])
            return last[1], None
        if self.layout == "blocked":
            block, within = divmod(at, self.packing.size)
            found = self.inflated(block)
            return found.value_view[within], None if found.grundy_view is None else found.grundy_view[within]
        return self.value_view[at], None if self.grundy_view is None else self.grundy_view[at]

    def slot(self, code: int) -> int:
        """Where ``code``'s result is (an index into ``values``, or into the blocks'
        results taken in order), or -1 when it is not stored."""
        if not 0 <= code < self.span:
            return -1
        if self.layout == "huffman":
            found = self.huffman_index.find(code)
            if found is None:
                raise self.damaged(None, "checksum mismatch")
            self.found = found
            return found[0]
        if self.layout == "dense":
            return code if self.value_view[code] != self.missing else -1
        if self.layout == "placed":
            return code if self.stored_at(code)[0] != self.missing else -1
        if self.layout == "sorted":
            at = int(self.code_array.searchsorted(self.code_array.dtype.type(code)))  # no array cast
            return at if at < self.count and int(self.code_array[at]) == code else -1
        if self.layout == "blocked":
            block = bisect.bisect_right(self.block_firsts, code) - 1
            if block < 0:
                return -1
            at = self.inflated(block).slot(code)
            return block * self.packing.size + at if at >= 0 else -1
        word, bit = code >> 6, code & 63
        first = word - word % BLOCK_WORDS
        # the block's words up to this one as one integer: one bit count for all of them
        bits = int.from_bytes(self.bitmap_bytes[first * 8:(word + 1) * 8], "little")
        at = (word - first) * 64 + bit
        if not (bits >> at) & 1:
            return -1
        return self.block_counts[word // BLOCK_WORDS] + (bits & ((1 << at) - 1)).bit_count()

    def get(self, code: int) -> int:
        """The 16-bit packed result of ``code`` (MISSING when it is not stored)."""
        at = self.slot(code)
        return MISSING if at < 0 else self.value_at(at)

    def value_at(self, at: int) -> int:
        """The 16-bit packed result in slot ``at``."""
        return self.widened(self.stored_at(at)[0])

    def widened(self, value: int) -> int:
        """A stored result as a 16-bit packed one (a narrow layout's byte widened)."""
        return value if self.wide else ((value >> 6) << 14) | (value & 0x3F)

    def get_grundy(self, code: int) -> int:
        """The Grundy number of ``code`` (NO_GRUNDY when none)."""
        at = self.slot(code)
        if at < 0 or self.grundy_array is None:
            return NO_GRUNDY
        _, number = self.stored_at(at)
        return NO_GRUNDY if number is None or number == self.no_grundy else number

    def slots(self, codes: np.ndarray) -> np.ndarray:
        """``slot`` of many codes at once."""
        codes = np.asarray(codes, np.int64)
        inside = (codes >= 0) & (codes < self.span)
        safe = np.where(inside, codes, 0)
        if self.layout == "dense":
            found = inside & (self.values[safe] != self.missing) if self.span else inside
            return np.where(found, safe, -1)
        if self.layout == "blocked":
            return self._blocked_slots(safe, inside)
        if self.layout == "huffman":
            return np.where(inside, self._huffman_many(safe)[0], -1)
        if self.layout == "placed":
            found = inside & (self._blocked_stored(np.where(inside, safe, -1), grundy=False) != self.missing)
            return np.where(found, safe, -1)
        if self.layout == "sorted":
            stored = self.code_array
            at = np.searchsorted(stored, safe.astype(stored.dtype)).clip(0, max(self.count - 1, 0))
            found = inside & (stored[at] == safe) if self.count else inside & False
            return np.where(found, at, -1)
        word, bit = safe >> 6, (safe & 63).astype(np.uint64)
        bits = self.bitmap[word]
        found = inside & (((bits >> bit) & np.uint64(1)) == 1)
        rank = self.blocks[word // BLOCK_WORDS].astype(np.int64)
        rank += np.bitwise_count(bits & ((np.uint64(1) << bit) - np.uint64(1))).astype(np.int64)
        if len(codes) * BLOCK_WORDS >= len(self.bitmap):  # enough codes to pay for the whole table
            rank += self.ranks_in_block[word]
        else:
            first = word - word % BLOCK_WORDS
            for step in range(BLOCK_WORDS - 1):
                earlier = first + step
                rank += np.where(earlier < word, np.bitwise_count(self.bitmap[np.minimum(earlier, len(self.bitmap) - 1)]), 0)
        return np.where(found, rank, -1)

    def _huffman_many(self, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The Huffman layout's slots and results of ``codes`` (-1 and MISSING where not stored)."""
        found = self.huffman_index.find_many(codes)
        if found is None:
            raise self.damaged(None, "checksum mismatch")
        return found

    def _blocked_slots(self, codes: np.ndarray, inside: np.ndarray) -> np.ndarray:
        """``slots`` of the blocked layout: the codes ``inside`` its span a block at a time, each
        block decompressed through the cache (so that memory stays bounded)."""
        block = np.searchsorted(np.asarray(self.arrays["block_firsts"]), codes, "right") - 1
        out = np.full(len(codes), -1, np.int64)
        for number, group in _groups(block, inside & (block >= 0)):
            stored = self.inflated(number).code_array
            at = np.searchsorted(stored, codes[group]).clip(0, len(stored) - 1)
            hit = stored[at] == codes[group]
            out[group[hit]] = number * self.packing.size + at[hit]
        return out

    def _blocked_stored(self, at: np.ndarray, grundy: bool) -> np.ndarray:
        """The stored results (or Grundy numbers) in the blocked layout's slots ``at`` (0 where
        ``at`` is negative), a block at a time."""
        kept = self.grundy_array if grundy and self.grundy_array is not None else self.values
        out = np.zeros(len(at), kept.dtype)
        size = self.packing.size
        for number, group in _groups(at // size, at >= 0):
            held = self.inflated(number).grundy if grundy else self.block_values(number)
            assert held is not None  # Grundy numbers are looked up only where they are kept
            out[group] = held[at[group] % size]
        return out

    @cached_property
    def ranks_in_block(self) -> np.ndarray:
        """For the ranked layout: how many codes each word's run of BLOCK_WORDS holds before it
        (a quarter of the bitmap's size; made when a look-up first needs it)."""
        runs = word_counts(self.bitmap, np.uint16)
        return (np.cumsum(runs, axis=1, dtype=np.uint16) - runs).ravel()[:len(self.bitmap)]

    @property
    def stored_values(self) -> np.ndarray:
        """The results as stored (one or two bytes), indexed by slot."""
        return self.inflated_all[1] if self.layout in CODED_LAYOUTS else self.values

    @property
    def stored_grundy(self) -> np.ndarray | None:
        """The Grundy numbers as stored, indexed by slot (None when not kept)."""
        return self.inflated_all[2] if self.layout in CODED_LAYOUTS else self.grundy_array

    def get_many(self, codes: np.ndarray) -> np.ndarray:
        """``get`` of many codes at once."""
        if self.layout == "huffman":
            codes = np.asarray(codes, np.int64)
            return np.where((codes >= 0) & (codes < self.span), self._huffman_many(codes)[1], MISSING).astype(np.uint16)
        at = self.slots(codes)
        if self.layout in BLOCK_LAYOUTS:
            values = self._blocked_stored(at, grundy=False)
        else:
            values = self.stored_values[np.maximum(at, 0)] if self.count else np.full(len(at), self.missing)
        values = values if self.wide else widen(values)
        return np.where(at >= 0, values, MISSING).astype(np.uint16)

    def grundy_many(self, codes: np.ndarray) -> np.ndarray:
        """``get_grundy`` of many codes at once."""
        if self.grundy_array is None or not self.count:
            return np.full(len(codes), NO_GRUNDY, np.uint16)
        at = self.slots(codes)
        if self.layout == "blocked":
            numbers = self._blocked_stored(at, grundy=True).astype(np.int64)
        else:
            numbers = self.grundy_array[np.maximum(at, 0)].astype(np.int64)
        numbers[numbers == self.no_grundy] = NO_GRUNDY
        return np.where(at >= 0, numbers, NO_GRUNDY).astype(np.uint16)

    # -- everything ---------------------------------------------------------------------
    def codes(self) -> np.ndarray:
        """Every stored code, in order."""
        if self.layout == "sorted":
            return np.asarray(self.code_array)
        if self.layout in CODED_LAYOUTS:
            return self.inflated_all[0]
        if self.layout == "dense":
            return np.flatnonzero(np.asarray(self.values) != self.missing)
        codes = np.empty(self.count, np.int64)
        filled = 0
        for found in self._ranked_runs():
            codes[filled:filled + len(found)] = found
            filled += len(found)
        return codes

    def _ranked_runs(self) -> Iterator[np.ndarray]:
        """The ranked layout's codes in order, UNPACKED_WORDS words of its bitmap at a time
        (a byte a code only for those words)."""
        bitmap = np.asarray(self.bitmap)
        for at in range(0, len(bitmap), UNPACKED_WORDS):
            yield np.flatnonzero(np.unpackbits(bitmap[at:at + UNPACKED_WORDS].view(np.uint8), bitorder="little")) \
                + at * 64

    def runs(self) -> Iterator[tuple[np.ndarray, np.ndarray]]:
        """Every stored code with its 16-bit packed result, in order, a run at a time: of the
        ranked layout, a run of its bitmap's words at a time, so that a table of billions of
        codes is read through without listing them all; of the others, all at once.

        >>> store = Store.build(np.arange(0, 3000, 2), np.arange(1500, dtype=np.uint16) % 7)
        >>> store.layout, [(codes[:4].tolist(), values[:4].tolist()) for codes, values in store.runs()]
        ('ranked', [([0, 2, 4, 6], [0, 1, 2, 3])])
        """
        if self.layout == "huffman":  # a group of blocks at a time
            step = self.huffman_index.group_blocks
            for first in range(0, self.huffman_index.blocks, step):
                yield self._huffman_decoded(first, first + step)
            return
        if self.layout != "ranked":
            yield self.codes(), self.values16()
            return
        done = 0
        for found in self._ranked_runs():
            values = np.asarray(self.values[done:done + len(found)])
            yield found, values.astype(np.uint16) if self.wide else widen(values)
            done += len(found)

    def codes_at(self, slots: np.ndarray) -> np.ndarray:
        """The codes in ``slots`` (places in ``codes()``, each below ``count``), without listing
        every code when the layout is blocked: only the blocks that hold them are decompressed,
        each once, through the cache.

        >>> store = Store.blocked(np.arange(0, 120_000, 3), np.zeros(40_000, np.uint16))  # three blocks
        >>> store.codes_at(np.array([39_999, 0, 16_385])).tolist()
        [119997, 0, 49155]
        """
        slots = np.asarray(slots, np.int64)
        if self.layout == "huffman":
            decoded = self.huffman_index.at_many(slots)
            if decoded is None:
                raise self.damaged(None, "checksum mismatch")
            return decoded[0]
        if self.layout != "blocked":
            return self.codes()[slots]
        found = np.empty(len(slots), np.int64)
        size = self.packing.size
        for block, group in _groups(slots // size, np.ones(len(slots), bool)):
            found[group] = self.inflated(block).code_array[slots[group] % size]
        return found

    def values16(self) -> np.ndarray:
        """The results of ``codes()``, in their order, 16-bit packed."""
        values = np.asarray(self.values)[self.codes()] if self.layout == "dense" else np.asarray(self.stored_values)
        return values.astype(np.uint16) if self.wide else widen(values)

    def grundy16(self) -> np.ndarray | None:
        """The Grundy numbers of ``codes()`` (NO_GRUNDY for none), or None when not kept."""
        if self.grundy_array is None:
            return None
        numbers = np.asarray(self.stored_grundy)
        if self.layout == "dense":
            numbers = numbers[self.codes()]
        out = numbers.astype(np.uint16)
        out[numbers == self.no_grundy] = NO_GRUNDY
        return out

    @property
    def nbytes(self) -> int:
        return sum(array.nbytes for array in self.arrays.values())

    @property
    def first_code(self) -> int:
        """The least stored code (the store must hold one), read without listing the codes.

        >>> Store.blocked(np.array([7, 9]), np.zeros(2, np.uint16)).first_code
        7
        """
        if self.layout == "blocked":
            return int(self.block_firsts[0])
        if self.layout == "huffman":
            return int(self.arrays["group_firsts"][0])
        return int(self.codes_at(np.zeros(1, np.int64))[0])


class BlockCache:
    """Blocks decompressed for look-ups of one code, shared by every store open in the process
    (a database in parts keeps hundreds open, each would otherwise keep its own): the blocks
    used last, up to ``codes`` codes in all.  A block is made outside the lock, so two threads
    may both make one; either copy serves.

    >>> cache = BlockCache(4)
    >>> [cache.held(key, str.upper, text, 3) for key, text in [(1, "a"), (2, "b"), (1, "c")]]
    ['A', 'B', 'C']
    >>> list(cache.blocks), cache.size   # 3 codes each, 4 at most: "a" made way for "b", "b" for "c"
    ([1], 3)
    """

    def __init__(self, codes: int) -> None:
        self.codes, self.size = codes, 0
        self.blocks: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self.lock = threading.Lock()

    def held(self, key: Hashable, make: Callable[[int], Any], block: int, size: int) -> Any:
        """``make(block)``, a block of ``size`` codes, kept under ``key`` (a store's token and
        the block's number) while it is among the last used."""
        found = self.blocks.get(key)
        if found is not None:
            try:
                self.blocks.move_to_end(key)
            except KeyError:  # let go meanwhile by another thread
                pass
            return found[0]
        made = make(block)
        with self.lock:
            if key not in self.blocks:
                self.blocks[key] = (made, size)
                self.size += size
            while self.size > self.codes and len(self.blocks) > 1:
                self.size -= self.blocks.popitem(last=False)[1][1]
        return made

    def clear(self) -> None:
        """Let every block go (the next look-ups are cold)."""
        with self.lock:
            self.blocks.clear()
            self.size = 0


#: Blocks decompressed for look-ups of one code, of every store open in the process.
BLOCKS = BlockCache(CACHED_CODES)
#: Each store's key among BLOCKS.
_STORE_TOKENS = itertools.count()


class InflatedBlock:
    """One decompressed block of the blocked layout: its first code, the gaps between its codes,
    its stored results and Grundy numbers (None when not kept).  A first look-up in it adds up
    the gaps of one run of RUN only (the sums of every run tell which); a second adds them all
    up, and that and the next ones bisect the codes.

    >>> block = InflatedBlock(10, np.array([1, 3, 2], np.uint8), np.arange(4, dtype=np.uint8), None)
    >>> block.slot(14), block.slot(12), block.slot(16), block.code_array.tolist()
    (2, -1, 3, [10, 11, 14, 16])
    """

    def __init__(self, first: int, gaps: np.ndarray, values: np.ndarray, grundy: np.ndarray | None) -> None:
        self.first, self.gaps, self.values, self.grundy = first, gaps, values, grundy
        self.value_view = flat_view(values)  # one item of a memoryview is read quicker than of numpy's
        self.grundy_view = None if grundy is None else flat_view(grundy)
        self.looked_up = False

    def slot(self, code: int) -> int:
        """Where ``code`` is in the block, or -1."""
        if not self.looked_up:
            self.looked_up = True
            return self._slot_in_run(code - self.first)
        codes = self.code_view
        at = bisect.bisect_left(codes, code)
        return at if at < len(codes) and codes[at] == code else -1

    @cached_property
    def code_array(self) -> np.ndarray:
        """The block's codes, in order (every gap added up: most of the time a block takes but
        decompressing it)."""
        codes = np.empty(len(self.gaps) + 1, np.int64)
        codes[0] = 0
        np.cumsum(self.gaps, out=codes[1:])
        codes += self.first
        return codes

    @cached_property
    def code_view(self) -> memoryview:
        return flat_view(self.code_array)  # bisect on it is quicker than numpy for one code

    def _slot_in_run(self, offset: int) -> int:
        """Where the code ``offset`` above the first is, adding up one run of gaps."""
        if offset <= 0 or not len(self.gaps):
            return 0 if offset == 0 else -1
        ends = np.cumsum(np.add.reduceat(self.gaps, np.arange(0, len(self.gaps), RUN), dtype=np.int64))
        run = int(np.searchsorted(ends, offset))  # the first run that reaches the offset
        if run == len(ends):
            return -1
        sums = np.cumsum(self.gaps[run * RUN:(run + 1) * RUN], dtype=np.int64)  # of the slots after the run's first
        sums += int(ends[run - 1]) if run else 0
        at = int(np.searchsorted(sums, offset))
        return run * RUN + at + 1 if at < len(sums) and sums[at] == offset else -1


_PACKED: dict[tuple, tuple] = {}


def _groups(keys: np.ndarray, chosen: np.ndarray) -> Iterator[tuple[int, np.ndarray]]:
    """The indexes of the ``chosen`` items grouped by their ``keys``: (key, indexes) for each.

    >>> [(key, group.tolist()) for key, group in _groups(np.array([2, 1, 2, 0]), np.array([1, 1, 1, 0], bool))]
    [(1, [1]), (2, [0, 2])]
    """
    where = np.flatnonzero(chosen)
    order = where[np.argsort(keys[where], kind="stable")]
    for group in np.split(order, np.flatnonzero(np.diff(keys[order])) + 1):
        if len(group):
            yield int(keys[group[0]]), group


def _as_stored(values: np.ndarray, grundy: np.ndarray | None) -> tuple[np.ndarray, np.ndarray | None]:
    """16-bit results and Grundy numbers as a store keeps them: a byte each when they fit."""
    remote = values & 0x3FFF
    if len(values) and int(np.where(values >> 14 == 3, 0, remote).max()) >= 63:
        stored = values.astype(np.uint16)
    else:
        stored = narrow(values)
    if grundy is not None:
        real = grundy[grundy != NO_GRUNDY]
        if int(real.max(initial=0)) < 0xFF:
            grundy = np.where(grundy == NO_GRUNDY, 0xFF, grundy).astype(np.uint8)
        else:
            grundy = grundy.astype(np.uint16)
    return stored, grundy


def rank_directory(bitmap: np.ndarray, count: int) -> np.ndarray:
    """For the ranked layout: how many codes the bitmap holds before each run of
    BLOCK_WORDS words (``count`` of them in all)."""
    block_sums = word_counts(bitmap, np.int64).sum(axis=1)
    return (np.cumsum(block_sums) - block_sums).astype(np.uint32 if count < 1 << 32 else np.uint64)


def word_counts(bitmap: np.ndarray, dtype: type) -> np.ndarray:
    """The codes in each word of ``bitmap``, a row for each run of BLOCK_WORDS words (the last
    one padded with zeros).

    >>> word_counts(np.array([3, 1], np.uint64), np.int64).tolist()
    [[2, 1, 0, 0, 0, 0, 0, 0]]
    """
    counts: np.ndarray = np.zeros(-(-len(bitmap) // BLOCK_WORDS) * BLOCK_WORDS, dtype)
    counts[:len(bitmap)] = np.bitwise_count(bitmap)
    return counts.reshape(-1, BLOCK_WORDS)


def flat_view(array: np.ndarray) -> memoryview:
    """A flat memoryview of a contiguous one-dimensional array, of its own item type."""
    return np.ascontiguousarray(array).data.cast("B").cast(INTEGER_FORMATS[array.dtype.char])


def _intern(kind: int, remoteness: int, grundy: int | None) -> tuple:
    """One shared tuple per distinct result (there are few), so look-ups allocate nothing."""
    packed = (kind, None if kind == 3 else remoteness, grundy)
    _PACKED[(kind, remoteness, grundy)] = packed
    return packed


# -- files ---------------------------------------------------------------------------------
def checksum(pieces: list) -> int:
    """CRC-32 of the pieces in order: it finds damage, and is quick enough (over a gigabyte a
    second) to check a database of billions of positions each time it is opened."""
    crc = 0
    for piece in pieces:
        piece = memoryview(piece).cast("B")
        for at in range(0, len(piece), 1 << 28):
            crc = zlib.crc32(piece[at:at + (1 << 28)], crc)
    return crc


class Saved(Protocol):
    """What ``write_store`` writes: a Store, or the index of a database in parts."""

    @property
    def layout(self) -> str: ...
    @property
    def count(self) -> int: ...
    @property
    def span(self) -> int: ...
    @property
    def arrays(self) -> dict[str, np.ndarray]: ...


def write_store(path: Path, spec: str, results: Saved, stamp: dict | None = None) -> bool:
    """Write a store atomically; failures are reported, never fatal (the result says whether
    it was written).

    The file is MAGIC, a header line (the CRC-32, in hex, of everything after it but the
    blocked layout's payload, then the JSON header padded to ALIGN) and the arrays, the
    payload last (each of its blocks has its own CRC-32, checked when it is read): the
    checksum covers the header too, and opening a file reads its header and indexes only."""
    if isinstance(results, Store) and results.layout == "blocked" and results.packing.codec != ZSTD.codec:
        results = results.compact()  # read from a file of the version before: its blocks have no checksums
    header: dict = {"spec": spec, **(stamp or {})}
    pieces: list[bytes | memoryview] = []
    header.update(layout=results.layout, count=results.count, span=results.span, arrays={})
    if isinstance(results, Store) and results.layout in BLOCK_LAYOUTS:
        header.update(codec=results.packing.codec, block=results.packing.size)
    offset, checked = 0, None
    for name, array in sorted(results.arrays.items(), key=lambda item: item[0] == UNCHECKED):  # the payload last
        padding = -offset % ALIGN
        pieces.append(bytes(padding))
        offset += padding
        array = np.ascontiguousarray(array)
        header["arrays"][name] = [offset, array.dtype.str, len(array)]
        if name == UNCHECKED and results.layout in CODED_LAYOUTS:
            checked = len(pieces)
        pieces.append(array.data.cast("B"))
        offset += array.nbytes
    header["bytes"] = offset
    line = json.dumps(header, separators=(",", ":")).encode()
    line += b" " * (-(len(MAGIC) + CRC_DIGITS + 1 + len(line) + 1) % ALIGN) + b"\n"
    crc = b"%08x " % checksum([line, *pieces[:checked]])
    return write_atomically(path, [MAGIC, crc, line, *pieces])


#: What reads the index of a database in parts (path, header, table of parts): see
#: :mod:`gamesman.solver.parts`.
PartsReader = Callable[[Path, dict, np.ndarray], Any]


def read_store(path: Path, spec: str, stamp: dict | None = None, parts: PartsReader | None = None) -> Store | None:
    """The store in ``path``, its arrays memory-mapped; None when there is no file.  A file
    that is damaged in any way (or is no regular file) is reported on stderr and removed,
    so it is rebuilt.  Files of the version before (OLD_MAGIC) are read as they were.  The
    index of a database in parts is read by ``parts``."""
    def read(handle: int, size: int) -> Store:
        if size <= len(MAGIC):
            raise DamagedFile("it is too short")
        found = _mapped_store(mmap.mmap(handle, 0, access=mmap.ACCESS_READ), spec, stamp, path, parts)
        if isinstance(found, Store):
            found.identity = identity_of(os.fstat(handle))
        return found

    return read_regular(path, read)


def _mapped_store(mapped: mmap.mmap, spec: str, stamp: dict | None, path: Path, parts: PartsReader | None) -> Store:
    """The store of a mapped file, every part of it checked (the blocks of its payload each
    when it is read, in a file of this version)."""
    old = mapped[:len(OLD_MAGIC)] == OLD_MAGIC
    if mapped[:len(MAGIC)] != MAGIC and not old:
        raise DamagedFile("not a gamesman database of this kind")
    checked = len(MAGIC) + CRC_DIGITS + 1
    body = mapped.find(b"\n", checked, checked + HEADER_LIMIT) + 1
    if not body or not re.fullmatch(rb"[0-9a-f]{8} ", mapped[len(MAGIC):checked]):
        raise DamagedFile("its header is unreadable")
    header = json.loads(mapped[checked:body])
    if not isinstance(header, dict) or not isinstance(header.get("bytes"), int):
        raise DamagedFile("its header is unreadable")
    if len(mapped) - body != header["bytes"]:
        raise DamagedFile(f"it holds {len(mapped) - body} bytes where its header says {header['bytes']}")
    unchecked = header["arrays"].get(UNCHECKED) if not old and header.get("layout") in CODED_LAYOUTS else None
    end = len(mapped) if unchecked is None else body + unchecked[0]
    if unchecked is not None and body + unchecked[0] + unchecked[2] != len(mapped):
        raise DamagedFile("its blocks are not where its header says")
    if checksum([memoryview(mapped)[checked:end]]) != int(mapped[len(MAGIC):checked - 1], 16):
        raise DamagedFile("checksum mismatch")
    if header.get("spec") != spec:
        raise DamagedFile(f"it holds {header.get('spec')!r}")
    for key, value in (stamp or {}).items():
        if header.get(key) != value:
            raise DamagedFile(f"it was made with other position codes ({key})")
    arrays = {name: np.frombuffer(mapped, np.dtype(dtype), length, body + offset)
              for name, (offset, dtype, length) in header["arrays"].items()}
    layout = next((known for known in LAYOUT_ARRAYS if known == header["layout"]), None)
    count, span = header["count"], header["span"]
    packing = _packing(header, old, layout == "placed")
    if (layout is None or packing is None or not LAYOUT_ARRAYS[layout] <= arrays.keys()
            or layout in BLOCK_LAYOUTS and not old and "block_crcs" not in arrays
            or not isinstance(count, int) or not isinstance(span, int) or not 0 <= count <= max(span, 0)):
        raise DamagedFile("its header does not describe a store")
    if layout == "parted":
        if parts is None:
            raise DamagedFile("a database in parts where none was expected")
        return parts(path, header, arrays["parts"])
    if layout == "huffman":  # its index is made from its arrays as the store is
        from gamesman.solver.huffman import consistent
        if "grundy" in arrays or not consistent(arrays, count):
            raise DamagedFile("array sizes do not match")
    store = Store(layout, arrays, count, span, packing, str(path))
    if not _sizes_match(store):
        raise DamagedFile("array sizes do not match")
    return store


def _packing(header: dict, old: bool, placed: bool = False) -> Packing | None:
    """How the blocks of a file with this header are packed (None when it is none read here);
    ``placed``: the placed layout's, in any of PLACED_CODECS.

    >>> _packing({"codec": "zstd", "block": 1 << 16}, False), _packing({"block": 1000}, False)
    (Packing(codec='zstd', size=65536, level=None), None)
    >>> _packing({"codec": "xz", "block": 1 << 18}, False, placed=True)
    Packing(codec='xz', size=262144, level=None)
    """
    packing = DEFLATE if old else ZSTD
    if placed and header.get("codec") in PLACED_CODECS:
        packing = Packing(header["codec"], packing.size, None)
    size = header.get("block", packing.size)
    if (header.get("codec", packing.codec) != packing.codec or not isinstance(size, int)
            or size not in (ZSTD_BLOCK_SIZES if not old else {packing.size})):
        return None
    return packing if size == packing.size else Packing(packing.codec, size, packing.level)


#: The array a file's checksum leaves out: the blocked layout's blocks, each with its own.
UNCHECKED = "payload"
#: The arrays each layout needs.
LAYOUT_ARRAYS: dict[Layout, set[str]] = {
    "dense": {"values"}, "ranked": {"values", "bitmap", "blocks"}, "sorted": {"values", "codes"},
    "blocked": {"values", "block_firsts", "block_ends", "payload"},
    "placed": {"values", "block_ends", "block_crcs", "payload"}, "parted": {"parts"},
    "huffman": {"values", "huffman_shape", "huffman_results", "group_firsts", "group_bits", "huffman_blocks",
                "huffman_lengths", "page_sums", "payload"}}
CRC_DIGITS = 8


def _sizes_match(store: Store) -> bool:
    """Whether a store's arrays have the sizes its layout, count and span call for."""
    arrays, count, span = store.arrays, store.count, store.span
    grundy = store.grundy_array
    if store.layout == "huffman":
        return True  # checked before the store was made (see ``_mapped_store``)
    if store.layout in BLOCK_LAYOUTS:
        blocks = -(-(span if store.layout == "placed" else count) // store.packing.size)
        return (len(store.values) == 0 and (grundy is None or len(grundy) == 0)
                and len(arrays.get("block_firsts", ())) == (blocks if store.layout == "blocked" else 0) and len(arrays["block_ends"]) == blocks
                and (store.block_crcs is None or len(store.block_crcs) == blocks)
                and (not blocks or int(arrays["block_ends"][-1]) == len(arrays["payload"])))
    expected = span if store.layout == "dense" else count
    if len(store.values) != expected or grundy is not None and len(grundy) != expected:
        return False
    if store.layout == "sorted":
        return len(arrays["codes"]) == count
    if store.layout == "ranked":
        words = (span + 63) // 64
        return len(arrays["bitmap"]) == words and len(arrays["blocks"]) == -(-words // BLOCK_WORDS)
    return True
