"""Positions as integers, for the fast solver's hooks (``encode``, ``decode``, ``batch_expand``).

A row of cells, each holding one of k symbols (``-xo``: empty first), is the
base-k number whose digit i is cell i.  :class:`DigitCode` turns cell strings
into such numbers and back one at a time (for ``encode``/``decode``), and whole
numpy arrays of numbers into one bit mask per non-empty symbol and back (for
``batch_expand``, where boards are worked on as bit masks).

>>> code = DigitCode("-xo", 9)
>>> code.encode("x-o------")
19
>>> code.decode(19)
'x-o------'
>>> import numpy as np
>>> [mask.tolist() for mask in code.masks(np.array([19]))]
[[1], [4]]
>>> code.from_masks([np.array([1]), np.array([4])]).tolist()
[19]
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # numpy is imported when first needed, so games load quickly
    import numpy as np

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
CHUNK_BITS = 8  # cells converted per table look-up


class DigitCode:
    """Cell strings of ``cells`` symbols from ``symbols`` as base-len(symbols) numbers."""

    def __init__(self, symbols: str, cells: int) -> None:
        self.symbols = symbols
        self.base = len(symbols)
        self.cells = cells
        self.span = self.base ** cells  # every code is below this
        self.to_digits = str.maketrans(symbols, DIGITS[:self.base])
        self.chunks = [(start, min(CHUNK_BITS, cells - start)) for start in range(0, cells, CHUNK_BITS)]

    def encode(self, cells: str) -> int:
        """The number of a cell string (cell 0 is the lowest digit)."""
        return int(cells[::-1].translate(self.to_digits), self.base) if cells else 0

    def decode(self, code: int) -> str:
        """The cell string of a number below ``span``."""
        out = []
        for _ in range(self.cells):
            code, digit = divmod(code, self.base)
            out.append(self.symbols[digit])
        return "".join(out)

    def masks(self, codes: np.ndarray) -> list[np.ndarray]:
        """For each non-empty symbol, the int64 bit mask of the cells that hold it."""
        import numpy as np

        found = [np.zeros(len(codes), np.int64) for _ in range(self.base - 1)]
        rest = np.asarray(codes, np.int64) % self.span
        for start, width in self.chunks:
            rest, part = np.divmod(rest, self.base ** width)
            for symbol, table in enumerate(_digit_tables(self.base, width)):
                found[symbol] |= table[part] << start
        return found

    def from_masks(self, masks: list[np.ndarray]) -> np.ndarray:
        """The codes of boards given as one bit mask per non-empty symbol (disjoint)."""
        import numpy as np

        codes = np.zeros(len(masks[0]), np.int64)
        table = _value_table(self.base)
        for start, width in self.chunks:
            chunk = np.zeros(len(codes), np.int64)
            for symbol, mask in enumerate(masks, start=1):
                chunk += symbol * table[(mask >> start) & ((1 << width) - 1)]
            codes += chunk * (self.base ** start)
        return codes


@lru_cache(maxsize=None)
def _digit_tables(base: int, width: int) -> tuple[np.ndarray, ...]:
    """For every number of ``width`` digits: per non-empty digit value, the mask of where it is."""
    import numpy as np

    numbers = np.arange(base ** width, dtype=np.int64)
    tables = [np.zeros(base ** width, np.int64) for _ in range(base - 1)]
    for place in range(width):
        digit = (numbers // base ** place) % base
        for symbol in range(1, base):
            tables[symbol - 1] |= (digit == symbol).astype(np.int64) << place
    return tuple(tables)


@lru_cache(maxsize=None)
def _value_table(base: int) -> np.ndarray:
    """For every mask of CHUNK_BITS cells: the base-``base`` number with a 1 in each set cell."""
    import numpy as np

    masks = np.arange(1 << CHUNK_BITS, dtype=np.int64)
    values = np.zeros(1 << CHUNK_BITS, np.int64)
    for place in range(CHUNK_BITS):
        values += ((masks >> place) & 1) * base ** place
    return values


def popcount(masks: np.ndarray) -> np.ndarray:
    """The number of set bits of each mask."""
    import numpy as np

    return np.bitwise_count(masks).astype(np.int64)


def set_bits(masks: "np.ndarray") -> "tuple[np.ndarray, np.ndarray]":
    """Every (row, bit) with that bit set in ``masks[row]``, rows in order, bits ascending.

    >>> [a.tolist() for a in set_bits(__import__("numpy").array([0b101, 0, 0b10]))]
    [[0, 0, 2], [0, 2, 1]]
    """
    import numpy as np

    counts = popcount(masks)
    active = np.flatnonzero(counts)
    rest = masks[active]
    counts = counts[active]
    rows = np.repeat(active, counts)
    bits = np.empty(len(rows), np.int64)
    if len(active) and (counts == counts[0]).all():  # the same number of bits in every row
        table = bits.reshape(len(active), int(counts[0]))
        for column in range(table.shape[1]):
            lowest = rest & -rest
            table[:, column] = popcount(lowest - 1)
            rest ^= lowest
        return rows, bits
    at = np.cumsum(counts) - counts
    while len(rest):
        lowest = rest & -rest
        bits[at] = popcount(lowest - 1)
        rest ^= lowest
        at += 1
        going = rest != 0
        rest, at = rest[going], at[going]
    return rows, bits


class GridShifts:
    """Bit masks of a ``rows`` x ``cols`` board (cell r*cols+c is bit r*cols+c) moved one
    step in a direction (drow, dcol); pieces that would leave the board are dropped.

    >>> GridShifts(2, 2).shift(0b0001, (1, 1))  # from a1 to b2
    8
    """

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.full = (1 << rows * cols) - 1
        self.steps: dict[tuple[int, int], tuple[int, int]] = {}
        for drow in (-1, 0, 1):
            for dcol in (-1, 0, 1):
                sources = 0
                for row in range(rows):
                    for col in range(cols):
                        if 0 <= row + drow < rows and 0 <= col + dcol < cols:
                            sources |= 1 << (row * cols + col)
                self.steps[(drow, dcol)] = (sources, drow * cols + dcol)

    def shift(self, masks, direction: tuple[int, int]):
        """``masks`` (an int or an int64 array) moved one step in ``direction``."""
        sources, offset = self.steps[direction]
        kept = masks & sources
        return kept << offset if offset >= 0 else kept >> -offset
