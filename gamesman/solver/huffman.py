"""The Huffman layout of a database: a look-up decodes a few bits and decompresses no block.

Sorted position codes and their 16-bit results are cut into blocks of BLOCK positions, and
blocks into groups of GROUP positions.  Each position after a block's first is coded by its
gap from the code before, then each position by its result, with canonical Huffman codes of
at most MAX_LENGTH bits (two tables for each group: one for gaps, one for the results' ranks
among the store's distinct results, and SAME, "the result before's": on Connect Four two
positions in three after a block's first have the result of the position before, and SAME
takes a bit where a result takes three to four).  A gap of DIRECT or more is coded by its bit
length, then its bits but the highest.  Each group keeps its first code and bit offset, each block its
first code and bit offset within its group, and each group the code lengths of its tables (a
byte a symbol): the tables are made from them when the group is first used.  A look-up finds
the block by two binary searches and decodes from the block's start, half a block on average,
with nothing decompressed whole and nothing cached but the group's tables: a cold look-up
costs about what a warm one does.  Each page of PAGE blocks of the bits has a checksum (64-bit
FNV-1a, folded to 32 bits), checked when the page is first read: a damaged page is reported,
never answered from.

Against zstd's blocks (:mod:`gamesman.solver.store`) it takes about twice the bytes (2.1 times on
Connect Four 5x5's parts; 1.7 to 1.9 in the blocks of 128 written before) and answers a look-up
some twenty times as fast when the block is not decompressed yet (see the benchmarks' page):
the format for a database looked up at random, where zstd's is the one kept for its size.

>>> codes = np.array([3, 5, 6, 900, 1 << 45])
>>> index = HuffmanIndex(huffman_arrays(codes, np.array([1, 2, 1, 0x4003, 7], np.uint16)), 5)
>>> index.find(900), index.find(4), index.at(4)
((3, 16387), (-1, 65535), (35184372088832, 7))
>>> [run.tolist() for run in index.decoded(0, 1)]
[[3, 5, 6, 900, 35184372088832], [1, 2, 1, 16387, 7]]
"""
from __future__ import annotations

import functools
import heapq

import numpy as np

from gamesman.boards.kernels import carray, compiled, compiled_holding_gil, pointer

#: Positions a block, as written: a look-up decodes from its block's start, half a block on
#: average.  On Connect Four 5x5's parts 64 answered a random look-up 0.3 to 0.5 microseconds
#: sooner than 128 (of 3.6 to 4.1), for 11.5% more bytes (the index's 8 bytes a block).
BLOCK = 64
#: The blocks' sizes read: BLOCK, and 128, as databases were saved before.
BLOCK_SIZES = (BLOCK, 128)
#: Positions a group, whose blocks share Huffman tables.
GROUP = 1 << 16
#: Blocks a page: the bits each checksum covers.
PAGE = 8
#: The longest code, in bits (a table has 2**MAX_LENGTH entries of two bytes).  A look-up at
#: random reads a group's tables from memory: 8 keeps every group's of Connect Four 5x5 (1 kB
#: each) within the processor's second-level cache, where 10 (4 kB) took 0.63 of the random
#: look-ups a second, for 5% fewer bytes.
MAX_LENGTH = 8
#: Gaps below this are their own symbol; a larger one is DIRECT plus its bit length less
#: DIRECT_BITS, followed by its bits but the highest (as DEFLATE codes its distances).
DIRECT = 128
DIRECT_BITS = DIRECT.bit_length()
#: The gaps' symbols: up to gaps of 63 bits.
GAP_SYMBOLS = DIRECT + 64 - DIRECT_BITS
assert GAP_SYMBOLS <= 1 << MAX_LENGTH  # else no code of MAX_LENGTH bits holds them all
#: Distinct results a store can hold (each a symbol of a table of 2**MAX_LENGTH entries, and
#: SAME one more).
MOST_RESULTS = (1 << MAX_LENGTH) - 1
#: The target of a walk through a block that stops at no code (every code is below it, or is
#: the last code there can be).
NO_TARGET = (1 << 63) - 1
#: What a look-up answers where a page's checksum does not match.
DAMAGED = -2
#: A result that says "no such position".
MISSING = 0xFFFF
#: The arrays of a store in this layout (``values`` is empty: it says the results' width).
ARRAYS = ("values", "huffman_shape", "huffman_results", "group_firsts", "group_bits", "huffman_blocks",
          "huffman_lengths", "page_sums", "payload")
#: What ``huffman_shape`` holds, in order.
SHAPE = ("block", "group", "page", "bits")


def code_lengths(counts: np.ndarray) -> np.ndarray:
    """Huffman code lengths of symbols seen ``counts`` times (0 for unseen), at most MAX_LENGTH
    bits: the counts are halved (rounding up) until the longest fits.

    >>> code_lengths(np.array([5, 0, 1, 1, 2])).tolist()
    [1, 0, 3, 3, 2]
    """
    counts = counts.astype(np.int64)
    while True:
        lengths = np.zeros(len(counts), np.uint8)
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
        if lengths.max(initial=0) <= MAX_LENGTH:
            return lengths
        counts = np.where(counts > 0, (counts + 1) // 2, 0)


@compiled
def canonical_codes(lengths: np.ndarray, codes: np.ndarray) -> bool:
    """Fill ``codes`` with the canonical Huffman code of each symbol of these lengths (shorter
    codes first, then by symbol); False when the lengths make no prefix code.

    >>> codes = np.zeros(5, np.int64)
    >>> bool(canonical_codes(np.array([1, 0, 3, 3, 2], np.uint8), codes)), codes.tolist()
    (True, [0, 0, 6, 7, 2])
    """
    counts = np.zeros(MAX_LENGTH + 1, np.int64)  # symbols of each length (as DEFLATE makes them)
    for symbol in range(len(lengths)):
        if lengths[symbol] > MAX_LENGTH:
            return False
        counts[lengths[symbol]] += 1
    counts[0] = 0
    following = np.zeros(MAX_LENGTH + 1, np.int64)  # the next code of each length
    code = 0
    for length in range(1, MAX_LENGTH + 1):
        code = (code + counts[length - 1]) << 1
        if code + counts[length] > 1 << length:
            return False
        following[length] = code
    for symbol in range(len(lengths)):
        if lengths[symbol]:
            codes[symbol] = following[lengths[symbol]]
            following[lengths[symbol]] += 1
    return True


@compiled
def _fill_table(lengths: np.ndarray, table: np.ndarray) -> bool:
    """Fill a decoding table, all zeros before: for each MAX_LENGTH bits, symbol << 4 | length
    of the code they start with (0 where none does); False when the lengths make no prefix
    code.  Filling it again writes what it holds, so a thread reading it meanwhile reads it
    right."""
    codes = np.zeros(len(lengths), np.int64)
    if not canonical_codes(lengths, codes):
        return False
    for symbol in range(len(lengths)):
        length = np.int64(lengths[symbol])
        if length:
            low = codes[symbol] << (MAX_LENGTH - length)
            table[low:low + (1 << (MAX_LENGTH - length))] = (symbol << 4) | length
    return True


@compiled
def page_sum(payload: np.ndarray, start_bit: int, end_bit: int) -> np.uint32:
    """The checksum of the bytes that hold bits ``start_bit`` to ``end_bit`` (excluded):
    64-bit FNV-1a, its halves xored.  (A cold look-up's check of its page, some 600 bytes,
    costs about what reading them from memory does; hashing words instead of bytes saved
    nothing measurable.)"""
    hashed = np.uint64(0xCBF29CE484222325)
    for at in range(start_bit >> 3, (end_bit + 7) >> 3):
        hashed = (hashed ^ np.uint64(payload[at])) * np.uint64(0x100000001B3)
    return np.uint32((hashed >> np.uint64(32)) ^ (hashed & np.uint64(0xFFFFFFFF)))


@compiled
def _put(payload: np.ndarray, at: int, code: int, length: int) -> int:
    """Write ``code``'s ``length`` bits at bit ``at``, the highest first; the bit after."""
    for bit in range(length - 1, -1, -1):
        if (code >> bit) & 1:
            payload[at >> 3] |= np.uint8(0x80 >> (at & 7))
        at += 1
    return at


@compiled
def _gap_symbols(gaps: np.ndarray, symbols: np.ndarray, extra: np.ndarray) -> None:
    """Each gap's symbol (itself below DIRECT, else DIRECT plus its bit length less
    DIRECT's) and the bits that follow it (the gap's bits but its highest)."""
    for position in range(len(gaps)):
        gap = gaps[position]
        if gap < DIRECT:
            symbols[position], extra[position] = gap, 0
        else:
            length = 0
            while gap >> length:
                length += 1
            symbols[position], extra[position] = DIRECT + length - DIRECT_BITS, length - 1


@compiled
def _encode(gaps: np.ndarray, gap_symbols: np.ndarray, extra: np.ndarray, ranks: np.ndarray, gap_codes: np.ndarray,
            gap_lengths: np.ndarray, result_codes: np.ndarray, result_lengths: np.ndarray, payload: np.ndarray,
            group_bits: np.ndarray, block_bits: np.ndarray, block: int) -> int:
    """Code every position (``gaps`` from the code before, as ``gap_symbols`` and ``extra``
    bits; ``ranks`` of the results) into ``payload``; fill each group's and block's bit
    offsets; the bits written."""
    at = 0
    for position in range(len(gaps)):
        group = position // GROUP
        if position % GROUP == 0:
            group_bits[group] = at
        if position % block == 0:
            block_bits[position // block] = at - group_bits[group]
        else:
            symbol = gap_symbols[position]
            at = _put(payload, at, gap_codes[group, symbol], gap_lengths[group, symbol])
            at = _put(payload, at, gaps[position], extra[position])
        symbol = ranks[position]
        at = _put(payload, at, result_codes[group, symbol], result_lengths[group, symbol])
    return at


def huffman_arrays(codes: np.ndarray, values: np.ndarray, block: int = BLOCK) -> dict[str, np.ndarray] | None:
    """The arrays of the Huffman layout of sorted, distinct ``codes`` and their 16-bit
    ``values`` in blocks of ``block`` positions (one of BLOCK_SIZES); None when they have more
    than MOST_RESULTS distinct results."""
    if block not in BLOCK_SIZES:
        raise ValueError(f"blocks of {block} positions are not read: only of {BLOCK_SIZES}")
    codes = np.asarray(codes, np.int64)
    results, ranks = np.unique(np.asarray(values, np.uint16), return_inverse=True)
    if len(results) > MOST_RESULTS:
        return None
    count, symbols = len(codes), GAP_SYMBOLS + len(results) + 1
    first = np.arange(count) % block == 0  # a block's first position: its gap is not coded, nor SAME
    ranks = np.where(~first & (ranks == np.roll(ranks, 1)), len(results), ranks)  # SAME: len(results)
    gaps = np.diff(codes, prepend=codes[:1])
    gap_symbols, extra = np.zeros(count, np.int64), np.zeros(count, np.int64)
    _gap_symbols(gaps, gap_symbols, extra)
    extra[first] = 0
    groups, blocks = -(-count // GROUP), -(-count // block)
    lengths = np.zeros((groups, symbols), np.uint8)
    canonical = np.zeros((groups, symbols), np.int64)
    for group in range(groups):
        chosen = slice(group * GROUP, (group + 1) * GROUP)
        lengths[group, :GAP_SYMBOLS] = code_lengths(np.bincount(gap_symbols[chosen][~first[chosen]],
                                                                minlength=GAP_SYMBOLS))
        lengths[group, GAP_SYMBOLS:] = code_lengths(np.bincount(ranks[chosen], minlength=len(results) + 1))
        canonical_codes(lengths[group, :GAP_SYMBOLS], canonical[group, :GAP_SYMBOLS])
        canonical_codes(lengths[group, GAP_SYMBOLS:], canonical[group, GAP_SYMBOLS:])
    of_group = np.arange(count) // GROUP
    bits = int(np.where(first, 0, lengths[of_group, gap_symbols].astype(np.int64) + extra).sum()
               + lengths[of_group, GAP_SYMBOLS + ranks].astype(np.int64).sum())
    payload = np.zeros((bits + 7) // 8 + 3, np.uint8)  # a read takes three bytes from its bit's
    group_bits, block_bits = np.zeros(groups, np.int64), np.zeros(blocks, np.int64)
    written = _encode(gaps, gap_symbols, extra, ranks.astype(np.int64), canonical[:, :GAP_SYMBOLS],
                      lengths[:, :GAP_SYMBOLS], canonical[:, GAP_SYMBOLS:], lengths[:, GAP_SYMBOLS:], payload,
                      group_bits, block_bits, block)
    assert written == bits
    group_firsts = codes[::GROUP]
    in_group = codes[::block] - np.repeat(group_firsts, GROUP // block)[:blocks]
    # each block's first code in its group and first bit in it, one after the other
    blocks_of = np.stack([in_group, block_bits], axis=1).ravel()
    arrays: dict[str, np.ndarray] = {"values": np.zeros(0, np.uint16), "huffman_shape": np.array([block, GROUP, PAGE, bits], np.int64),
              "huffman_results": results, "group_firsts": group_firsts, "group_bits": group_bits,
              "huffman_blocks": blocks_of.astype(np.uint32 if blocks_of.max(initial=0) < 1 << 32 else np.uint64),
              "huffman_lengths": lengths.ravel(), "payload": payload}
    starts = np.append(group_bits[np.arange(0, blocks, PAGE) // (GROUP // block)] + block_bits[::PAGE], bits)
    arrays["page_sums"] = np.array([page_sum(payload, int(start), int(end))
                                    for start, end in zip(starts[:-1], starts[1:])], np.uint32)
    return arrays


def consistent(arrays: dict[str, np.ndarray], count: int) -> bool:
    """Whether the Huffman layout's arrays have the sizes ``count`` positions call for."""
    if not set(ARRAYS) <= arrays.keys() or len(arrays["huffman_shape"]) != len(SHAPE) or len(arrays["values"]):
        return False
    block, group, page, bits = (int(number) for number in arrays["huffman_shape"])
    if block not in BLOCK_SIZES:
        return False
    groups, blocks, results = -(-count // GROUP), -(-count // block), len(arrays["huffman_results"])
    return ((group, page) == (GROUP, PAGE) and bits >= 0 and results <= MOST_RESULTS
            and (results > 0 or count == 0)
            and len(arrays["group_firsts"]) == len(arrays["group_bits"]) == groups
            and len(arrays["huffman_blocks"]) == 2 * blocks and len(arrays["page_sums"]) == -(-blocks // PAGE)
            and arrays["huffman_blocks"].dtype in (np.dtype(np.uint32), np.dtype(np.uint64))  # as the look-ups read it
            and len(arrays["huffman_lengths"]) == groups * (GAP_SYMBOLS + results + 1)
            and len(arrays["payload"]) == (bits + 7) // 8 + 3)


@compiled
def _refill(payload: np.ndarray, byte: int, buffer: int, held: int) -> tuple[int, int, int]:
    """Bytes from ``byte`` on shifted into ``buffer`` until it holds more than 48 bits not read
    (zeros past the payload's end): the next byte, the buffer, the bits it holds.  Bits above
    those held are left, not cleared: every read masks them off."""
    while held <= 48:
        buffer = (buffer << 8) | (int(payload[byte]) if byte < len(payload) else 0)
        byte += 1
        held += 8
    return byte, buffer, held


#: What the look-ups' array of numbers (``numbers``) starts with; then come the distinct
#: results, the groups' first codes and first bits, and the pages' checksums (from RESULTS_AT
#: on).  Each block's first code in its group and first bit are the file's own array, ``blocks``.
HEAD = ("pages", "bits", "results", "groups", "lengths_at", "block")
RESULTS_AT = len(HEAD)
#: Entries of a decoding table.
TABLE = 1 << MAX_LENGTH


@compiled
def _open_block(numbers: np.ndarray, tables: np.ndarray, payload: np.ndarray, blocks: np.ndarray,
                block: int) -> tuple[int, int, int]:
    """Ready ``block`` to be decoded: its group's tables made and its page checked, the first
    time.  Its first bit, first code and group (DAMAGED as the bit when its page or the
    group's code lengths are damaged).  See ``HuffmanIndex`` for the arrays."""
    results, groups, lengths_at, group_blocks = numbers[2], numbers[3], numbers[4], GROUP // numbers[5]
    firsts_at = RESULTS_AT + results
    bits_at = firsts_at + groups
    group = block // group_blocks
    symbols = GAP_SYMBOLS + results + 1
    made_at = lengths_at + groups * symbols
    if not tables[made_at + group]:
        row = tables[lengths_at + group * symbols:lengths_at + (group + 1) * symbols]
        if not (_fill_table(row[:GAP_SYMBOLS], tables[2 * group * TABLE:(2 * group + 1) * TABLE])
                and _fill_table(row[GAP_SYMBOLS:], tables[(2 * group + 1) * TABLE:(2 * group + 2) * TABLE])):
            return DAMAGED, 0, group
        tables[made_at + group] = 1
    page = block // PAGE
    if not tables[made_at + groups + page]:
        first = page * PAGE
        start = numbers[bits_at + first // group_blocks] + blocks[2 * first + 1]
        after = first + PAGE
        end = numbers[1] if 2 * after >= len(blocks) else \
            numbers[bits_at + after // group_blocks] + blocks[2 * after + 1]
        if page_sum(payload, start, end) != numbers[bits_at + groups + page]:
            return DAMAGED, 0, group
        tables[made_at + groups + page] = 1
    return (numbers[bits_at + group] + blocks[2 * block + 1], numbers[firsts_at + group] + blocks[2 * block], group)


@compiled
def _walk(tables: np.ndarray, payload: np.ndarray, same: int, group: int, at: int, code: int,
          positions: int, target: int, codes: np.ndarray, ranks: np.ndarray, filled: int) -> tuple[int, int, int]:
    """Decode up to ``positions`` positions of a block from its first, at bit ``at`` (``code``
    its first code), stopping after the first whose code reaches ``target``; each code and
    result's rank is put in ``codes`` and ``ranks`` from ``filled`` on when they are not empty.
    The positions decoded (DAMAGED where no code matches the bits), the last code and rank.
    The bits are read through a buffer of a machine word, refilled a byte at a time."""
    peek = (1 << MAX_LENGTH) - 1
    byte, buffer, held = at >> 3, 0, 0
    byte, buffer, held = _refill(payload, byte, buffer, held)
    held -= at & 7
    rank = 0
    for position in range(positions):
        byte, buffer, held = _refill(payload, byte, buffer, held)
        if position:
            entry = tables[2 * group * TABLE + ((buffer >> (held - MAX_LENGTH)) & peek)]
            if entry == 0:
                return DAMAGED, 0, 0
            held -= entry & 0xF
            gap = int(np.int64(entry >> 4))  # signed: numba makes a float of signed and unsigned mixed
            if gap >= DIRECT:
                extra = gap - DIRECT + DIRECT_BITS - 1
                gap = 1
                while extra:
                    take = min(extra, 32)
                    byte, buffer, held = _refill(payload, byte, buffer, held)
                    gap = (gap << take) | ((buffer >> (held - take)) & ((1 << take) - 1))
                    held -= take
                    extra -= take
                byte, buffer, held = _refill(payload, byte, buffer, held)
            code += gap
        entry = tables[(2 * group + 1) * TABLE + ((buffer >> (held - MAX_LENGTH)) & peek)]
        if entry == 0:
            return DAMAGED, 0, 0
        held -= entry & 0xF
        if entry >> 4 != same:
            rank = int(np.int64(entry >> 4))
        if len(codes):
            codes[filled + position], ranks[filled + position] = code, rank
        if code >= target:
            return position + 1, code, rank
    return positions, code, rank


@compiled
def _last_at_most(numbers: np.ndarray, number: int) -> int:
    """Where the last of sorted ``numbers`` that is at most ``number`` is (-1: none is)."""
    return int(np.searchsorted(numbers, number, side="right")) - 1


@compiled
def _find(numbers: np.ndarray, tables: np.ndarray, payload: np.ndarray, blocks: np.ndarray, count: int,
          code: int) -> tuple[int, int]:
    """The rank of ``code`` among the stored codes (-1: not stored, DAMAGED) and its result."""
    firsts_at = RESULTS_AT + numbers[2]
    group = _last_at_most(numbers[firsts_at:firsts_at + numbers[3]], code)
    if group < 0:
        return -1, MISSING
    size = numbers[5]
    first_block = group * (GROUP // size)
    last_block = min(first_block + GROUP // size, len(blocks) // 2)
    block = first_block + _last_at_most(blocks[2 * first_block:2 * last_block:2], code - numbers[firsts_at + group])
    at, first, group = _open_block(numbers, tables, payload, blocks, block)
    if at == DAMAGED:
        return DAMAGED, MISSING
    walked, found, rank = _walk(tables, payload, numbers[2], group, at, first, min(size, count - block * size),
                                code, np.empty(0, np.int64), np.empty(0, np.int64), 0)
    if walked == DAMAGED:
        return DAMAGED, MISSING
    return (block * size + walked - 1, numbers[RESULTS_AT + rank]) if found == code else (-1, MISSING)


@compiled
def _at(numbers: np.ndarray, tables: np.ndarray, payload: np.ndarray, blocks: np.ndarray, count: int,
        rank: int) -> tuple[int, int]:
    """The code and result of the ``rank``-th stored code (DAMAGED as the code)."""
    at, first, group = _open_block(numbers, tables, payload, blocks, rank // numbers[5])
    if at == DAMAGED:
        return DAMAGED, MISSING
    walked, code, found = _walk(tables, payload, numbers[2], group, at, first, rank % numbers[5] + 1, NO_TARGET,
                                np.empty(0, np.int64), np.empty(0, np.int64), 0)
    return (DAMAGED, MISSING) if walked == DAMAGED else (code, numbers[RESULTS_AT + found])


@compiled
def _many(numbers: np.ndarray, tables: np.ndarray, payload: np.ndarray, blocks: np.ndarray, count: int,
          asked: np.ndarray, by_rank: bool, found: np.ndarray, values: np.ndarray) -> bool:
    """``_at`` of each of ``asked`` (ranks) when ``by_rank``, else ``_find`` (codes), into
    ``found`` (their codes, or their ranks) and ``values``; False when damaged."""
    for number in range(len(asked)):
        if by_rank:
            found[number], values[number] = _at(numbers, tables, payload, blocks, count, asked[number])
        else:
            found[number], values[number] = _find(numbers, tables, payload, blocks, count, asked[number])
        if found[number] == DAMAGED:
            return False
    return True


@compiled
def _decode(numbers: np.ndarray, tables: np.ndarray, payload: np.ndarray, blocks: np.ndarray, count: int,
            first_block: int, codes: np.ndarray, ranks: np.ndarray) -> bool:
    """The codes and results' ranks of every position of the blocks from ``first_block`` on,
    as many as ``codes`` holds; False when damaged."""
    filled, block = 0, first_block
    while filled < len(codes):
        at, first, group = _open_block(numbers, tables, payload, blocks, block)
        if at == DAMAGED:
            return False
        walked = _walk(tables, payload, numbers[2], group, at, first, min(numbers[5], count - block * numbers[5]),
                       NO_TARGET, codes, ranks, filled)[0]
        if walked == DAMAGED:
            return False
        filled += walked
        block += 1
    return True


#: A part's row of the table ``find_in_parts`` reads: where each of its four arrays is in memory
#: and how long it is, whether its block index is 64-bit, and its count (``HuffmanIndex.row``).
PART_ROW = 10
#: What ``find_in_parts`` answers for a part not open, or not in the Huffman layout.
NOT_OPEN = -3


@compiled_holding_gil
def find_in_parts(table: np.ndarray, code: int) -> tuple[int, int, int]:
    """A code looked up in a database in parts by one compiled call: the part of its run of
    codes (negative: no part holds it, or several may), its rank there (-1: not stored;
    DAMAGED; NOT_OPEN) and its result.  ``table``: the number of stretches of runs of one
    part, their first codes and their parts, then a row of PART_ROW for each part, zeros
    while the part is not open.  The arrays are read where the rows say: the caller keeps
    them while their row is set, and clears it (under its own lock, whatever the threads)
    before it lets them go, which it cannot do meanwhile: this call holds Python's lock."""
    stretches = table[0]
    number = table[stretches + np.searchsorted(table[1:1 + stretches], code, side="right")]
    if number < 0:
        return number, -1, MISSING
    row = 1 + 2 * stretches + number * PART_ROW
    if table[row] == 0:
        return number, NOT_OPEN, MISSING
    numbers = carray(pointer(table[row]), table[row + 1], np.int64)
    tables = carray(pointer(table[row + 2]), table[row + 3], np.uint16)
    payload = carray(pointer(table[row + 4]), table[row + 5], np.uint8)
    if table[row + 8]:
        blocks = carray(pointer(table[row + 6]), table[row + 7], np.int64)
        rank, value = _find(numbers, tables, payload, blocks, table[row + 9], code)
    else:
        narrow = carray(pointer(table[row + 6]), table[row + 7], np.uint32)
        rank, value = _find(numbers, tables, payload, narrow, table[row + 9], code)
    return number, rank, value


class HuffmanIndex:
    """Look-ups in the Huffman layout's arrays of ``count`` positions.  Each answer gives the
    rank of a code among the stored codes (a store's slot), or None where a page or a group's
    code lengths are found damaged (the caller reports it).

    The compiled look-ups are given four arrays (each array given costs a call about a tenth
    of a microsecond, as much as decoding ten positions): ``numbers``, HEAD's numbers, then the
    distinct results, the groups' first codes and first bits and the pages' checksums (a few
    numbers every group and page: copied into memory); ``tables``, each group's two decoding
    tables, then its code lengths, then whether each group's tables are made and each page
    checked; ``payload``, the bits; ``blocks``, each block's first code in its group and first
    bit, read where the file is mapped, as ``payload`` is (a copy would take 16 bytes a block)."""

    def __init__(self, arrays: dict[str, np.ndarray], count: int) -> None:
        results, groups, sums = arrays["huffman_results"], len(arrays["group_firsts"]), arrays["page_sums"]
        lengths = arrays["huffman_lengths"]
        self.count = count
        shape = dict(zip(SHAPE, np.asarray(arrays["huffman_shape"]).tolist()))
        self.block = int(shape["block"])  # positions a block: BLOCK, or as saved before (one of BLOCK_SIZES)
        self.blocks = -(-count // self.block)
        self.group_blocks = GROUP // self.block
        head = dict(shape, pages=len(sums), results=len(results), groups=groups, lengths_at=2 * groups * TABLE)
        pieces = ([head[name] for name in HEAD], results, arrays["group_firsts"], arrays["group_bits"], sums)
        # each made 64-bit signed first: with 64-bit unsigned ones numpy and numba would make floats, so
        # the blocks' 64-bit numbers (all below 2**63) are read as signed ones, without a copy
        numbers = np.concatenate([np.asarray(piece).astype(np.int64) for piece in pieces])
        tables = np.zeros(2 * groups * TABLE + len(lengths) + groups + len(sums), np.uint16)  # made when first used
        tables[2 * groups * TABLE:2 * groups * TABLE + len(lengths)] = lengths
        blocks = np.asarray(arrays["huffman_blocks"])
        self.arrays = (numbers, tables, np.asarray(arrays["payload"]),
                       blocks.view(np.int64) if blocks.dtype == np.uint64 else blocks)
        #: ``_find`` of one code given as a Python integer, its arrays bound (a call through
        #: no Python function): the code's rank (-1: not stored, DAMAGED) and result.
        self.finder = functools.partial(_find, *self.arrays, count)

    def row(self) -> list[int]:
        """Its row of a table of parts (see ``find_in_parts``): its arrays' addresses."""
        numbers, tables, payload, blocks = self.arrays
        return [numbers.ctypes.data, len(numbers), tables.ctypes.data, len(tables), payload.ctypes.data, len(payload),
                blocks.ctypes.data, len(blocks), int(blocks.dtype.itemsize == 8), self.count]

    def block_of(self, rank: int) -> int:
        """The block that holds the code of rank ``rank``."""
        return rank // self.block

    def find(self, code: int) -> tuple[int, int] | None:
        """The rank of ``code`` (-1 when not stored) and its result; None when damaged."""
        found = self.finder(int(code))  # a numpy unsigned code would make floats
        return None if found[0] == DAMAGED else found

    def at(self, rank: int) -> tuple[int, int] | None:
        """The code of rank ``rank`` and its result; None when damaged (IndexError past the ranks)."""
        if not 0 <= rank < self.count:
            raise IndexError(f"rank {rank} of {self.count:,} positions")
        found = _at(*self.arrays, self.count, int(rank))
        return None if found[0] == DAMAGED else found

    def find_many(self, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
        """``find`` of many codes: their ranks and results; None when damaged."""
        codes = np.asarray(codes, np.int64)
        ranks, values = np.full(len(codes), -1, np.int64), np.full(len(codes), MISSING, np.uint16)
        done = self.count == 0 or _many(*self.arrays, self.count, codes, False, ranks, values)
        return (ranks, values) if done else None

    def at_many(self, ranks: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
        """``at`` of many ranks (each below ``count``): their codes and results; None when damaged."""
        ranks = np.asarray(ranks, np.int64)
        if len(ranks) and not (0 <= ranks.min() and ranks.max() < self.count):
            raise IndexError(f"ranks {ranks.min()} to {ranks.max()} of {self.count:,} positions")
        codes, values = np.zeros(len(ranks), np.int64), np.zeros(len(ranks), np.uint16)
        return (codes, values) if _many(*self.arrays, self.count, ranks, True, codes, values) else None

    def decoded(self, first_block: int, last_block: int) -> tuple[np.ndarray, np.ndarray] | None:
        """The codes and results of blocks ``first_block`` to ``last_block`` (excluded); None when
        damaged."""
        size = max(0, min(last_block * self.block, self.count) - first_block * self.block)
        codes, ranks = np.zeros(size, np.int64), np.zeros(size, np.int64)
        if not _decode(*self.arrays, self.count, first_block, codes, ranks):
            return None
        return codes, self.arrays[0][RESULTS_AT + ranks].astype(np.uint16)
