"""A database a look-up reads without decompressing a block: a prototype measured beside the
plain layout (today's format before the compressed one) and the zstd blocks saved now, on the
same solved variant, in one run.

Run by hand:  python3 benchmarks/bench_random_access.py [--variant SPEC] [--block 128] [--lookups 200000]

The compressed database decompresses a block of 16,384 positions for a look-up that finds it
cold (some 40 microseconds of zstd, then numpy), where the plain layout reads one result (1.5
to 2 microseconds from Python); blocks small enough to decompress quickly compress too little.
This prototype codes each position of a block of BLOCK positions (the gap from the code before,
and the result) with canonical Huffman codes, the tables made for each group of GROUP positions
(of code lengths at most MAX_LENGTH bits, decoded by a table of 2**MAX_LENGTH entries of two bytes).  A
look-up is one compiled call: it finds the block by two binary searches (the groups' first codes,
then the blocks' within the group) and decodes from the block's start to the code, half a block
on average: no block is decompressed whole, and nothing is cached, so a cold look-up is a warm
one.  Its bytes are the bits, each block's first code and bit offset within its group (four
bytes each), each group's first code and bit offset (eight bytes each), and the tables' code
lengths (a byte a symbol of each group).  Not counted: a checksum (a CRC-32 of each group, four
bytes, 0.0001 bytes a position).

Figures, for the positions the variant keeps (solved up to its symmetries) and for every position
of the whole game (the plain layout holds every position; the others one of each set alike):

* ``B/kept``, ``B/whole``: bytes a position kept, and a position of the whole game;
* ``cold/s``, ``warm/s``: look-ups a second, ``packed(slot(code))`` as the solver's table does
  it, of positions kept (each by its own code), the quickest of three passes: ``cold``, one
  random position in each zstd block, on a freshly read database (each look-up decompresses a
  zstd block: rounds of them, a tenth of ``--lookups`` in all), and ``warm``, ``--lookups``
  random positions after the same look-ups once, a second of this process's processor time
  (steadier than the wall clock on a machine other work shares).  The plain layout and the
  prototype cache nothing: each of their look-ups is alike.

Every position kept answers alike in the three formats (checked).
"""
from __future__ import annotations

import argparse
import heapq
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from gamesman.boards.kernels import compiled
from gamesman.contract.registry import game_from_spec
from gamesman.dev.variants import unreduced
from gamesman.solver.levelled import Results, solve
from gamesman.solver.store import MISSING, Store, read_store, write_store

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script, it imports its neighbour
from benchmarks.bench_storage import calls_a_second, plain_format  # noqa: E402

#: Positions a block (a look-up decodes from the block's start).
BLOCK = 128
#: Positions a group of blocks, which shares Huffman tables.
GROUP = 1 << 16
#: The longest code, in bits.
MAX_LENGTH = 10
#: Gaps from the code before of at least this are an escape, then RAW_BITS bits.
GAP_ESCAPE = 255
RAW_BITS = 40
#: Passes of each measure of look-ups; the quickest is reported.
PASSES = 3


def code_lengths(counts: np.ndarray) -> np.ndarray:
    """Huffman code lengths of symbols seen ``counts`` times (0 for unseen), at most MAX_LENGTH
    bits: the counts are halved (rounding up) until the longest fits.

    >>> code_lengths(np.array([5, 0, 1, 1, 2])).tolist()
    [1, 0, 3, 3, 2]
    """
    counts = counts.astype(np.int64)
    while True:
        lengths = np.zeros(len(counts), np.int64)
        seen = np.flatnonzero(counts)
        if len(seen) == 1:
            lengths[seen] = 1
            return lengths
        heap = [(int(counts[symbol]), int(symbol), [int(symbol)]) for symbol in seen]
        heapq.heapify(heap)
        while len(heap) > 1:
            first, tie, one = heapq.heappop(heap)
            second, _, other = heapq.heappop(heap)
            for symbol in one + other:
                lengths[symbol] += 1
            heapq.heappush(heap, (first + second, tie, one + other))
        if lengths.max() <= MAX_LENGTH:
            return lengths
        counts = np.where(counts > 0, (counts + 1) // 2, 0)


def canonical_codes(lengths: np.ndarray) -> np.ndarray:
    """The canonical Huffman code of each symbol of these lengths (shorter codes first, then by
    symbol).

    >>> canonical_codes(np.array([1, 0, 3, 3, 2])).tolist()
    [0, 0, 6, 7, 2]
    """
    codes = np.zeros(len(lengths), np.int64)
    code, previous = 0, 0
    for symbol in sorted(np.flatnonzero(lengths).tolist(), key=lambda s: (lengths[s], s)):
        code <<= int(lengths[symbol]) - previous
        previous = int(lengths[symbol])
        codes[symbol] = code
        code += 1
    return codes


def decoding_table(lengths: np.ndarray) -> np.ndarray:
    """For each MAX_LENGTH bits, the symbol their first code is and its length: symbol << 4 | length
    (two bytes an entry, so that a group's two tables stay in the processor's cache)."""
    assert len(lengths) <= 1 << 12 and MAX_LENGTH < 16
    table = np.zeros(1 << MAX_LENGTH, np.uint16)
    for symbol, (length, code) in enumerate(zip(lengths.tolist(), canonical_codes(lengths).tolist())):
        if length:
            low = code << (MAX_LENGTH - length)
            table[low:low + (1 << (MAX_LENGTH - length))] = symbol << 4 | length
    return table


@compiled
def _put(payload: np.ndarray, at: int, code: int, length: int) -> int:
    """Write ``code``'s ``length`` bits at bit ``at``, the highest first; the bit after."""
    for bit in range(length - 1, -1, -1):
        if (code >> bit) & 1:
            payload[at >> 3] |= np.uint8(0x80 >> (at & 7))
        at += 1
    return at


@compiled
def _encode(gap_symbols: np.ndarray, gaps: np.ndarray, result_symbols: np.ndarray, group_bits: np.ndarray, block_bits: np.ndarray, gap_codes: np.ndarray, gap_lengths: np.ndarray,
            result_codes: np.ndarray, result_lengths: np.ndarray, payload: np.ndarray, block: int,
            group: int) -> int:
    at = 0
    for position in range(len(gaps)):
        number = position // group
        if position % group == 0:
            group_bits[number] = at
        if position % block == 0:
            block_bits[position // block] = at - group_bits[number]
        else:
            symbol = gap_symbols[position]
            at = _put(payload, at, gap_codes[number, symbol], gap_lengths[number, symbol])
            if symbol == GAP_ESCAPE:
                at = _put(payload, at, gaps[position], RAW_BITS)
        symbol = result_symbols[position]
        at = _put(payload, at, result_codes[number, symbol], result_lengths[number, symbol])
    return at


@compiled
def _peek(payload: np.ndarray, at: int) -> int:
    """The MAX_LENGTH bits from bit ``at``."""
    byte = at >> 3
    window = (np.int64(payload[byte]) << 16) | (np.int64(payload[byte + 1]) << 8) | np.int64(payload[byte + 2])
    return (window >> (24 - MAX_LENGTH - (at & 7))) & ((1 << MAX_LENGTH) - 1)


@compiled
def _raw(payload: np.ndarray, at: int, length: int) -> int:
    number = 0
    for bit in range(length):
        number = (number << 1) | ((payload[(at + bit) >> 3] >> (7 - ((at + bit) & 7))) & 1)
    return number


@compiled
def _look_up(code: int, groups: np.ndarray, blocks: np.ndarray, tables: np.ndarray, payload: np.ndarray,
             results: np.ndarray, count: int, block: int, group: int) -> int:
    """The 16-bit result of ``code``, or MISSING."""
    number = np.searchsorted(groups[:, 0], code, side="right") - 1
    if number < 0:
        return MISSING
    first_block = number * (group // block)
    last_block = min(first_block + group // block, len(blocks))
    offset = code - groups[number, 0]
    at_block = first_block + np.searchsorted(blocks[first_block:last_block, 0], offset, side="right") - 1
    at = groups[number, 1] + blocks[at_block, 1]
    current = groups[number, 0] + blocks[at_block, 0]
    positions = min(block, count - at_block * block)
    for position in range(positions):
        if position:
            entry = tables[number, 0, _peek(payload, at)]
            at += entry & 0xF
            gap = entry >> 4
            if gap == GAP_ESCAPE:
                gap = _raw(payload, at, RAW_BITS)
                at += RAW_BITS
            current += gap
            if current > code:
                return MISSING
        entry = tables[number, 1, _peek(payload, at)]
        at += entry & 0xF
        if current == code:
            return results[entry >> 4]
    return MISSING


class Coded:
    """The prototype's database of sorted ``codes`` and their 16-bit ``values``."""

    def __init__(self, codes: np.ndarray, values: np.ndarray, block: int = BLOCK, group: int = GROUP) -> None:
        assert group % block == 0
        self.block, self.group, self.count = block, group, len(codes)
        self.results, result_symbols = np.unique(values, return_inverse=True)
        gaps = np.diff(codes, prepend=codes[:1])
        gap_symbols = np.minimum(gaps, GAP_ESCAPE)
        groups = -(-len(codes) // group)
        gap_lengths = np.zeros((groups, GAP_ESCAPE + 1), np.int64)
        result_lengths = np.zeros((groups, len(self.results)), np.int64)
        self.tables = np.zeros((groups, 2, 1 << MAX_LENGTH), np.uint16)
        for number in range(groups):
            chosen = slice(number * group, (number + 1) * group)
            inside = np.arange(len(codes))[chosen] % block != 0  # a block's first gap is not coded
            gap_lengths[number] = code_lengths(np.bincount(gap_symbols[chosen][inside], minlength=GAP_ESCAPE + 1))
            result_lengths[number] = code_lengths(np.bincount(result_symbols[chosen], minlength=len(self.results)))
            self.tables[number, 0] = decoding_table(gap_lengths[number])
            self.tables[number, 1] = decoding_table(result_lengths[number])
        gap_codes = np.array([canonical_codes(lengths) for lengths in gap_lengths]).reshape(groups, -1)
        result_codes = np.array([canonical_codes(lengths) for lengths in result_lengths]).reshape(groups, -1)
        most = int((gap_lengths.max(initial=0) + RAW_BITS + result_lengths.max(initial=0)) * len(codes))
        payload = np.zeros(most // 8 + 16, np.uint8)
        group_bits = np.zeros(groups, np.int64)
        block_bits = np.zeros(-(-len(codes) // block), np.int64)
        bits = _encode(gap_symbols, gaps, result_symbols.astype(np.int64), group_bits,
                       block_bits, gap_codes, gap_lengths, result_codes, result_lengths, payload, block, group)
        self.payload = payload[:bits // 8 + 8].copy()  # read three bytes past any bit
        firsts = codes[::block]
        group_firsts = codes[::group]
        self.groups = np.stack([group_firsts, group_bits]).T.copy()
        within = firsts - np.repeat(group_firsts, group // block)[:len(firsts)]
        assert within.max(initial=0) < 1 << 32 and block_bits.max(initial=0) < 1 << 32
        self.blocks = np.stack([within, block_bits]).T.astype(np.uint32)
        self.result_values = self.results.astype(np.uint16)
        # the bytes saved: bits, four bytes each of a block's first code and bit offset, eight
        # each of a group's, a byte for each symbol's code length of each group
        self.nbytes = bits // 8 + 1 + 8 * len(self.blocks) + 16 * groups + gap_lengths.size + result_lengths.size

    def get(self, code: int) -> int:
        return _look_up(code, self.groups, self.blocks, self.tables, self.payload, self.result_values, self.count,
                        self.block, self.group)


def packed_of(value: int) -> tuple[int, int, None]:
    """What ``Store.packed`` gives for a 16-bit result (a two-player game's, no Grundy number)."""
    return value >> 14, value & 0x3FFF, None


def look_ups_a_second(look_up, codes: np.ndarray) -> float:
    """How many look-ups of ``codes`` a second of this process's processor time (steadier than
    the wall clock's on a machine other work shares)."""
    return calls_a_second(look_up, codes, time.process_time)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="connectfour(rows=4,cols=5)")
    parser.add_argument("--block", type=int, default=BLOCK, help="positions a block of the prototype")
    parser.add_argument("--lookups", type=int, default=200_000)
    options = parser.parse_args()
    game = game_from_spec(options.variant)
    rng = np.random.default_rng(1)
    solved = {}
    for way, variant in [("every", unreduced(game)), ("kept", game)]:
        results = Results(variant)
        results.add(solve(variant, variant.start()))
        solved[way] = results.store.codes(), results.store.values16()
    whole = len(solved["every"][0])
    codes, values = solved["kept"]
    print(f"{game.spec}: {whole:,} positions, {len(codes):,} kept")
    scratch = Path(tempfile.mkdtemp(prefix="bench-random-access-"))
    plain = plain_format(*solved["every"])
    blocked = Store.blocked(codes, values)
    write_store(scratch / "blocked.db", game.spec, blocked)
    started = time.perf_counter()
    coded = Coded(codes, values, options.block)
    built = time.perf_counter() - started
    coded.get(int(codes[0]))  # compiled (or loaded) before it is timed
    size = blocked.packing.size
    kept_cold = codes[np.minimum(np.arange(0, len(codes), size) + rng.integers(0, size, -(-len(codes) // size)),
                                   len(codes) - 1)]  # one in each zstd block
    kept_warm = rng.choice(codes, min(options.lookups, len(codes)), replace=False)
    every = solved["every"][0]  # the plain layout's own codes (a least code alike may be no position of play)
    probes_of_every = (rng.choice(every, len(kept_cold), replace=False), rng.choice(every, len(kept_warm)))

    def fresh_blocked() -> Store:
        store = read_store(scratch / "blocked.db", game.spec)
        assert store is not None
        return store

    def by_slot(store: Store):
        return lambda code: store.packed(store.slot(code))

    formats = {
        f"plain ({plain.layout}), every position": (
            (lambda: plain_format(*solved["every"])) if plain.layout == "blocked" else (lambda: plain), plain.nbytes,
            by_slot),
        f"zstd blocks of {size:,}": (fresh_blocked, blocked.nbytes, by_slot),
        f"coded blocks of {options.block}": (lambda: coded, coded.nbytes, lambda store: lambda code: packed_of(store.get(code))),
    }
    print(f"{'format':34} {'B/kept':>7} {'B/whole':>8} {'cold/s':>11} {'warm/s':>11}")
    rounds = max(1, options.lookups // 10 // len(kept_cold))  # of the cold probes, each on a fresh database
    for label, (fresh, nbytes, looker) in formats.items():
        cold_probes, warm_probes = probes_of_every if "every" in label else (kept_cold, kept_warm)
        cold = warm = 0.0
        for _ in range(PASSES):
            seconds = 0.0
            for _ in range(rounds):
                look_up = looker(fresh())
                seconds += len(cold_probes) / look_ups_a_second(look_up, cold_probes)
            cold = max(cold, rounds * len(cold_probes) / seconds)
            look_ups_a_second(look_up, warm_probes)
            warm = max(warm, look_ups_a_second(look_up, warm_probes))
        kept = len(codes) if "every" not in label else whole
        print(f"{label:34} {nbytes / kept:7.3f} {nbytes / whole:8.3f} {cold:11,.0f} {warm:11,.0f}")
    same = all(coded.get(int(code)) == int(value) for code, value in zip(codes.tolist(), values.tolist()))
    candidates = np.concatenate([codes - 1, codes + 1, rng.integers(0, int(codes[-1]) + 2, 100_000)])
    absent = rng.permutation(np.setdiff1d(candidates, codes))[:100_000]  # neighbours and random codes not kept
    same = same and all(coded.get(int(code)) == MISSING for code in absent.tolist())
    print(f"prototype built in {built:.1f} s; every position kept answers alike, and 100,000 codes not kept "
          f"answer none: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
