"""Quixo's database laid out densely by rank within each tier, as GamesmanOne lays out its
own, beside the parts the solver saves: how many bytes each layout and codec takes.

Run by hand, once the variant is solved in tiers (``gamesman solve quixo --size 4``):

    python3 benchmarks/bench_dense_tiers.py [--size 4] [--only ROW ...] [--saved]

Each tier of the solve (the counts of x's and of o's cubes) is read from its part, and its
results are put in an array with one place for every board of those counts and either player
to move, at the board's rank within the tier (``order``):

* ``hash``: GamesmanOne's Quixo hash, the combinatorial rank of the o's cells times the ways
  to place the x's, plus the rank of the x's cells among the cells left;
* ``code``: the order of the solver's codes (a board in base 3), so that the position kept of
  each set alike, the one of least code, comes first among its images;
* ``hash*``: GamesmanOne's hash, each position kept moved to the image of least hash (the one
  GamesmanOne keeps): what the layout would take if the solver kept that image instead.

The turn is the lowest bit of the place (``turn low``, as GamesmanOne's) or its upper half
(``turn high``).  A place whose position is not kept (not the one kept of its set alike, or
never reached) holds "none"; a tier with no part holds nothing and takes no bytes.  Each
tier's array is cut into blocks of a number of places, each block compressed on its own:

* ``byte``: a byte a place, as the solver's blocks keep a result (value in the top two bits,
  remoteness in the other six, 0xFF none);
* ``value, remoteness``: the value (0 to 3, 4 none) and the remoteness (0 for none) as two
  streams, one after the other in the block;
* ``record``: GamesmanOne's 16-bit record (value in the top four bits, 0 none), for its
  codec and block (1 MiB of records), which checks the method against its files' bytes.

``xz N`` is LZMA2 at preset N (``e``: extreme) without the xz container; ``zstd N`` is
zstandard at level N.  ``bytes`` are the compressed blocks added up; ``index`` adds twelve
bytes a block (where it ends and its CRC-32).  Each row also gives the processor seconds of
compressing every block and the mean microseconds of decompressing one (a cold look-up's
least cost); the header lines, how many runs of places the kept positions make.

``--lookups N`` measures the saved database's look-ups instead (whichever way its parts are
laid out): the mean processor time of one, cold and warm, over N positions drawn at random.

``--saved`` measures the parts as the solver saves them instead (the gaps between codes and
the results, zstd 15 in blocks of 16,384 codes: the arrays' bytes, without headers), of the
positions kept and of their images of least hash in their stead.
"""
from __future__ import annotations

import argparse
import lzma
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from math import comb, factorial, isqrt

import numpy as np
import zstandard

from gamesman.contract.capabilities import tier_places
from gamesman.contract.registry import game_from_spec
from gamesman.games.quixo.places import binomials, digit_patterns, hashed_boards, least_places, symmetry_tables
from gamesman.solver.database import Database
from gamesman.solver.parts import PartedStore, part_cut
from gamesman.solver.store import BLOCKS, MISSING, PLACES, Store, narrow

#: GamesmanOne's database of Quixo 4x4 (its 153 tiers' files added up).
GAMESMANONE_BYTES = {4: 1_825_420}
#: Bytes of index a block: where it ends (8) and its CRC-32 (4).
INDEX_BYTES = 12


def hash_ranks(codes: np.ndarray, cells: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For Quixo's codes (a board in base 3, x 1 and o 2, cell 0 lowest, plus 3**cells when
    o is to move): the x's, the o's and each board's rank among the boards of its counts by
    GamesmanOne's hash (the game's own: :mod:`games.quixo.places`, under the identity alone).

    >>> x, o, rank = hash_ranks(3 ** np.arange(9), 9)  # one x, in each cell (the last cell is bit 0)
    >>> x.tolist(), o.tolist(), rank.tolist()
    ([1, 1, 1, 1, 1, 1, 1, 1, 1], [0, 0, 0, 0, 0, 0, 0, 0, 0], [8, 7, 6, 5, 4, 3, 2, 1, 0])
    """
    codes = np.asarray(codes, np.int64)
    board = codes % 3 ** cells
    digits = [board // 3 ** cell % 3 for cell in range(cells)]
    x, o = (sum((digit == symbol).astype(np.int64) for digit in digits) for symbol in (1, 2))
    rank = least_places(codes, 3 ** cells, symmetry_tables(isqrt(cells))[:1], binomials(cells), digit_patterns()) // 2
    return x, o, rank


def code_ranks(codes: np.ndarray, cells: int) -> np.ndarray:
    """Each board's rank among the boards of its counts of x's and o's in the order of their
    codes (the rank of a permutation of a multiset, the last cell first): the least code of
    a tier has rank 0, and ranks grow with codes.

    >>> code_ranks(np.array([5, 7, 11, 15, 19, 21, 27 + 5]), 3).tolist()  # an x, an o and a blank
    [0, 1, 2, 3, 4, 5, 0]
    """
    board = np.asarray(codes, np.int64) % 3 ** cells
    digits = [board // 3 ** cell % 3 for cell in range(cells)]
    left = [sum((digit == symbol).astype(np.int64) for digit in digits) for symbol in range(3)]
    ways = np.zeros((cells + 1,) * 3, np.int64)  # boards of a, b and c cells of each symbol
    for a, b, c in np.ndindex(ways.shape):
        if a + b + c <= cells:
            ways[a, b, c] = factorial(a + b + c) // (factorial(a) * factorial(b) * factorial(c))
    rank = np.zeros(len(board), np.int64)
    for digit in reversed(digits):
        for smaller in (0, 1):  # boards with a smaller symbol here come first
            fewer = [np.maximum(count - (symbol == smaller), 0) for symbol, count in enumerate(left)]
            rank += np.where((digit > smaller) & (left[smaller] > 0), ways[fewer[0], fewer[1], fewer[2]], 0)
        left = [count - (digit == symbol) for symbol, count in enumerate(left)]
    return rank


def least_hash_images(codes: np.ndarray, side: int) -> np.ndarray:
    """The code of the image of least ``hash_ranks`` of each code under the square's eight
    symmetries (its turn kept): the image GamesmanOne keeps of a set alike, where the solver
    keeps the image of least code (the game's place of the code, its hash undone).

    >>> least_hash_images(np.array([1, 3 ** 8, 27 ** 3 + 3 ** 6]), 3).tolist()  # x at a1, c3; o to move, x at a3
    [6561, 6561, 26244]
    """
    cells = side * side
    codes = np.asarray(codes, np.int64)
    x, o, _ = hash_ranks(codes, cells)
    places = least_places(codes, 3 ** cells, symmetry_tables(side), binomials(cells), digit_patterns())
    found = np.empty_like(codes)
    for crosses, noughts in set(zip(x.tolist(), o.tolist())):
        at = (x == crosses) & (o == noughts)
        found[at] = hashed_boards(places[at], 3 ** cells, cells, crosses, noughts, binomials(cells))
    return found


def saved_database(spec: str) -> PartedStore:
    """The saved database of ``spec``, in parts (keyed by code or laid out by place)."""
    store = Database.default().load_store(spec, cut=part_cut(game_from_spec(spec)))
    if not isinstance(store, PartedStore):
        raise SystemExit(f"{spec}: no database in parts; solve it in tiers first")
    return store


def saved_parts(spec: str) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """Each part of the saved database of ``spec``: its codes and their 16-bit results."""
    store = saved_database(spec)
    for number in range(len(store.table)):
        yield store.part_codes(number), store.part(number).values16()


def look_ups(spec: str, count: int, seed: int) -> tuple[float, float]:
    """The mean processor seconds of a look-up of one position of the saved database (the
    solver's ``packed(slot(code))``), cold (its block not yet decompressed: every part's
    block cache emptied before each) and warm (the same positions again twice, their blocks
    kept after the first time: the second time is measured),
    of ``count`` positions drawn at random among those kept."""
    store = saved_database(spec)
    codes = np.random.default_rng(seed).choice(store.codes(), count, replace=False).tolist()
    times = []
    for cold in (True, False, False):  # warm: the second pass over the blocks the first left
        spent = 0.0
        for code in codes:
            if cold:
                BLOCKS.clear()
            started = time.process_time()
            store.packed(store.slot(code))
            spent += time.process_time() - started
        times.append(spent / count)
    return times[0], times[2]


def dense_tiers(spec: str, cells: int, order: str, turn: str) -> list[np.ndarray]:
    """Each tier's 16-bit results by rank (MISSING where no position is kept), read from the
    parts of the saved database of ``spec``: ranks in ``order`` (``hash``, ``code``, or
    ``hash*``: each position's set alike at the least hash of its images, as GamesmanOne keeps
    it), the turn as the ``low`` bit or the ``high`` half."""
    tiers = []
    places = tier_places(game_from_spec(spec))
    for number, (codes, values) in enumerate(saved_parts(spec)):
        x, o, rank = hash_ranks(codes, cells)
        if order == "code":
            rank = code_ranks(codes, cells)
        elif order == "hash*":  # the game's place: the least hash of the images, and the turn
            rank = np.asarray(places.places(codes)) // 2
        if len(codes) and (len(np.unique(x)) > 1 or len(np.unique(o)) > 1):
            raise SystemExit(f"{spec}: part {number} holds more than one tier's counts of cubes")
        boards = comb(cells, int(o[0])) * comb(cells - int(o[0]), int(x[0])) if len(codes) else 0
        movers = codes // 3 ** cells
        dense = np.full(2 * boards, MISSING, np.uint16)
        dense[2 * rank + movers if turn == "low" else rank + movers * boards] = values
        tiers.append(dense)
    return tiers


def blocked_bytes(spec: str, cells: int, least_hash: bool) -> int:
    """The bytes of the arrays of every part as the solver saves it (gaps between codes and
    results, in blocks of 16,384 codes), of the positions kept, or of the images of least hash
    in their stead (``least_hash``)."""
    total = 0
    for codes, values in saved_parts(spec):
        if least_hash:
            codes = least_hash_images(codes, isqrt(cells))
            order = np.argsort(codes)
            codes, values = codes[order], values[order]
        total += Store.blocked(codes, values).nbytes
    return total


def as_bytes(dense: np.ndarray, stream: str) -> np.ndarray:
    """One tier's results as the bytes of ``stream`` (see the module docstring), a row a place
    when the stream is one byte a place, else the places' bytes of each stream as rows."""
    if stream == "byte":
        return narrow(dense)[None, :]
    if stream == "record":  # GamesmanOne's: value 1 lose, 2 draw, 3 tie, 4 win in the top four bits
        kept = dense != MISSING
        theirs = np.array([4, 1, 3, 2], np.uint16)[dense >> 14]
        return np.where(kept, theirs << 12 | (dense & 0x3FFF), 0).astype("<u2").view(np.uint8)[None, :]
    kept = dense != MISSING
    return np.stack([np.where(kept, dense >> 14, 4).astype(np.uint8),
                     np.where(kept, dense & 0x3FFF, 0).astype(np.uint8)])


def codec_pair(codec: str) -> tuple[Callable[[bytes], bytes], Callable[[bytes], bytes]]:
    """``codec`` (``zstd 15``, ``xz 6``, ``xz 9e``, ``xz 6 lc0 pb0``: xz's literal context and
    position bits set, or ``placed``: the store's placed layout's, ``PLACES``) as its functions
    (compress, decompress).

    >>> pack, unpack = codec_pair("xz 6 lc0 pb0")
    >>> unpack(pack(b"gamesman" * 9)) == b"gamesman" * 9
    True
    """
    if codec == "placed":
        return PLACES.compress, PLACES.decompress
    name, level, *tuning = codec.split()
    if name == "zstd":
        return zstandard.ZstdCompressor(level=int(level)).compress, zstandard.ZstdDecompressor().decompress
    preset = int(level.rstrip("e")) | (lzma.PRESET_EXTREME if level.endswith("e") else 0)
    filters = [{"id": lzma.FILTER_LZMA2, "preset": preset, **{word[:2]: int(word[2:]) for word in tuning}}]
    return (lambda raw: lzma.compress(raw, format=lzma.FORMAT_RAW, filters=filters),
            lambda packed: lzma.decompress(packed, format=lzma.FORMAT_RAW, filters=filters))


@dataclass
class Packed:
    """One layout's blocks measured: their compressed bytes, how many, the processor seconds
    of compressing them all and of decompressing one (the mean)."""

    bytes: int
    blocks: int
    compress_seconds: float
    decompress_seconds: float


def packed(tiers: list[np.ndarray], stream: str, codec: str, block: int) -> Packed:
    """Every tier's blocks of ``block`` places compressed, then decompressed."""
    compress, decompress = codec_pair(codec)
    started = time.process_time()
    blocks = []
    for dense in tiers:
        rows = as_bytes(dense, stream)
        width = rows.shape[1] // len(dense) if len(dense) else 1
        blocks += [compress(rows[:, at * width:(at + block) * width].tobytes()) for at in range(0, len(dense), block)]
    compressing = time.process_time() - started
    started = time.process_time()
    for piece in blocks:
        decompress(piece)
    return Packed(sum(map(len, blocks)), len(blocks), compressing, (time.process_time() - started) / len(blocks))


def kept_runs(tiers: list[np.ndarray]) -> int:
    """How many runs of places one after the other hold a position kept.

    >>> kept_runs([np.array([MISSING, 1, 2, MISSING, 3], np.uint16)])
    2
    """
    return sum(int(np.count_nonzero(np.diff(np.concatenate(([0], dense != MISSING)).astype(np.int8)) == 1))
               for dense in tiers)


#: The layouts measured: (rank order, turn, stream, codec, places a block).
ROWS = [("hash", "low", "byte", "zstd 15", 1 << 16), ("hash", "low", "byte", "xz 6", 1 << 20),
        ("code", "low", "byte", "zstd 15", 1 << 14), ("code", "low", "byte", "zstd 15", 1 << 16),
        ("code", "low", "byte", "zstd 19", 1 << 18), ("code", "low", "byte", "xz 6", 1 << 18),
        ("code", "low", "byte", "xz 6", 1 << 20), ("code", "low", "byte", "xz 9e", 1 << 20),
        ("code", "low", "value, remoteness", "xz 6", 1 << 18), ("code", "high", "byte", "xz 6", 1 << 18),
        ("hash*", "low", "byte", "zstd 15", 1 << 14), ("hash*", "low", "byte", "zstd 15", 1 << 16),
        ("hash*", "low", "byte", "zstd 19", 1 << 16), ("hash*", "low", "byte", "zstd 19", 1 << 18),
        ("hash*", "low", "byte", "xz 6", 1 << 16), ("hash*", "low", "byte", "xz 6", 1 << 18),
        ("hash*", "low", "byte", "xz 6", 1 << 20), ("hash*", "low", "value, remoteness", "zstd 15", 1 << 16),
        ("hash*", "high", "byte", "zstd 15", 1 << 16), ("hash*", "low", "record", "xz 6", 1 << 19),
        # for the store's placed layout (rows 20 on)
        ("hash*", "low", "byte", "zstd 19", 1 << 19), ("hash*", "low", "byte", "zstd 19", 1 << 20),
        ("hash*", "low", "byte", "zstd 22", 1 << 18), ("hash*", "low", "byte", "zstd 22", 1 << 19),
        ("hash*", "low", "byte", "zstd 22", 1 << 20), ("hash*", "low", "byte", "xz 6 lc0 pb0", 1 << 17),
        ("hash*", "low", "byte", "xz 6 lc0 pb0", 1 << 18), ("hash*", "low", "byte", "xz 6 lc0 pb0", 1 << 19),
        ("hash*", "low", "byte", "placed", PLACES.size)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=4, help="side of the board (solved in tiers before)")
    parser.add_argument("--only", type=int, action="append", help="measure only these rows of ROWS (from 0)")
    parser.add_argument("--saved", action="store_true",
                        help="only the parts as the solver saves them, of the images kept and of least hash")
    parser.add_argument("--lookups", type=int, metavar="N",
                        help="only the saved database's look-ups of N positions, cold and warm")
    options = parser.parse_args()
    game = game_from_spec(f"quixo(size={options.size})")
    cells = options.size ** 2
    if options.lookups:
        cold, warm = look_ups(game.spec, options.lookups, 7)
        layout = "by place" if saved_database(game.spec).placed else "by code"
        print(f"{game.spec}, laid out {layout}: a look-up takes {cold * 1e6:,.1f} µs cold, {warm * 1e6:,.1f} µs warm "
              f"(processor time, the mean of {options.lookups:,})")
        return
    if options.saved:
        for least_hash in (False, True):
            print(f"{game.spec}, saved as now, {'the images of least hash' if least_hash else 'the positions kept'}: "
                  f"{blocked_bytes(game.spec, cells, least_hash):,} bytes of arrays", flush=True)
        return
    chosen = [row for number, row in enumerate(ROWS) if not options.only or number in options.only]
    laid_out = {(order, turn): dense_tiers(game.spec, cells, order, turn) for order, turn, *_ in chosen}
    first = next(iter(laid_out.values()))
    kept = sum(int(np.count_nonzero(dense != MISSING)) for dense in first)
    places = sum(len(dense) for dense in first)
    theirs = GAMESMANONE_BYTES.get(options.size)
    print(f"{game.spec}: {kept:,} positions kept in {len(first)} tiers of {places:,} places"
          + (f"; GamesmanOne's database {theirs:,} bytes" if theirs else ""))
    for (order, turn), tiers in laid_out.items():
        print(f"ranks by {order}, turn {turn}: the kept positions are {kept_runs(tiers):,} runs of places")
    print(f"{'order':5} {'turn':5} {'stream':18} {'codec':12} {'block':>9} {'bytes':>11} {'index':>9} {'B/kept':>7} "
          f"{'of G1':>6} {'pack s':>6} {'unpack us':>9}")
    for order, turn, stream, codec, block in chosen:
        found = packed(laid_out[order, turn], stream, codec, block)
        whole = found.bytes + INDEX_BYTES * found.blocks
        print(f"{order:5} {turn:5} {stream:18} {codec:12} {block:>9,} {found.bytes:>11,} {whole:>9,} "
              f"{whole / kept:7.3f} {whole / theirs if theirs else float('nan'):6.2f} "
              f"{found.compress_seconds:6.1f} {found.decompress_seconds * 1e6:9,.0f}", flush=True)


if __name__ == "__main__":
    main()
