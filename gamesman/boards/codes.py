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

from functools import cached_property, lru_cache
from operator import itemgetter
from typing import TYPE_CHECKING, Callable, Iterable

from gamesman.contract.capabilities import PositionCodes

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

    def encode_turn(self, turn: int, cells: str) -> int:
        """A position of a board and whose turn it is: the board's number plus turn * span."""
        return self.encode(cells) + turn * self.span

    def decode_turn(self, code: int) -> tuple[int, str]:
        """The (turn, cells) of an ``encode_turn`` number."""
        turn, board = divmod(code, self.span)
        return turn, self.decode(board)

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


MAX_TURN_CODED_CELLS = 39  # a base-3 board and the turn fit in 64 bits


class TurnBoardCodes(PositionCodes[tuple[int, str]]):
    """The ``PositionCodes`` hooks, as a mixin, for a game whose positions are (turn, cells)
    with ``cell_letters`` (empty, first player's, second player's) on ``size`` cells: the
    board as a base-3 number (cell i is digit i), plus 3**size when the second player is to
    move.  Boards of over MAX_TURN_CODED_CELLS cells have no codes (``codes_fit``: what the
    game declares as ``position_codes``)."""

    cell_letters = "-bw"
    size: int

    @cached_property
    def cell_code(self) -> DigitCode:
        return DigitCode(self.cell_letters, self.size)

    @property
    def codes_fit(self) -> bool:
        """Whether this board's positions have codes (at most MAX_TURN_CODED_CELLS cells)."""
        return self.size <= MAX_TURN_CODED_CELLS

    def encode(self, position: tuple[int, str]) -> int:
        return self.cell_code.encode_turn(*position)

    def decode(self, code: int) -> tuple[int, str]:
        return self.cell_code.decode_turn(code)


class TurnNumbersCode:
    """Positions made of whose turn it is (of ``players``) and ``length`` numbers from 0 to
    ``base - 1`` (heap sizes, fingers on hands, a sum) as one integer: the numbers as a
    base-``base`` number (number i is digit i) times ``players``, plus the turn.  ``fits``
    says whether every such code is below 2**63 (the fast solver's codes are int64).

    >>> code = TurnNumbersCode(2, 6, 3)
    >>> code.encode(1, (5, 0, 2)), code.decode(code.encode(1, (5, 0, 2)))
    (155, (1, (5, 0, 2)))
    """

    def __init__(self, players: int, base: int, length: int) -> None:
        self.players = players
        self.base = base
        self.length = length
        self.span = players * base ** length  # every code is below this
        self.fits = self.span <= 1 << 63

    def encode(self, turn: int, numbers: tuple[int, ...]) -> int:
        code = 0
        for number in reversed(numbers):
            code = code * self.base + number
        return code * self.players + turn

    def decode(self, code: int) -> tuple[int, tuple[int, ...]]:
        code, turn = divmod(code, self.players)
        numbers = []
        for _ in range(self.length):
            code, number = divmod(code, self.base)
            numbers.append(number)
        return turn, tuple(numbers)


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


@lru_cache(maxsize=None)
def _flag_table(alphabet: str, letters: str) -> dict[int, str]:
    """A str.translate table turning the letters of ``letters`` into "1", the rest of ``alphabet`` into "0"."""
    return str.maketrans({letter: "1" if letter in letters else "0" for letter in alphabet})


MAX_STACK_BITS = 60        # column bitboards and their codes fit in int64
MAX_HEIGHT_VECTORS = 1 << 22
MAX_STACK_ROWS = 10        # columns of at most 2**11 states, for the rank tables


class GravityBoard:
    """Bit masks of a ``rows`` x ``cols`` board whose pieces fall toward row 1, in John
    Tromp's layout (as :class:`ColumnStacks`): column c takes bits c*(rows+1) up, row 1
    lowest, and the spare bit on top of each column stays clear, so that lines and
    neighbours never run from one column into the next.  The methods work on int64
    numpy arrays of masks, many boards at once.

    >>> board = GravityBoard(3, 2)
    >>> board.bit(3)   # row 2, column b
    5
    >>> import numpy as np
    >>> occupied, [marked] = board.fall(np.array([0b0110_0101]), [np.array([0b0100_0100])])
    >>> bin(int(occupied[0])), bin(int(marked[0]))   # a: rows 1 and 3 -> 1, 2; b: rows 2, 3 -> 1, 2
    ('0b110011', '0b100010')
    """

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols, self.height = rows, cols, rows + 1
        self.cells = rows * cols
        self.bottom = sum(1 << c * self.height for c in range(cols))
        self.board = self.bottom * ((1 << rows) - 1)
        self.column = (1 << rows) - 1
        self.row_masks = [self.bottom << row for row in range(rows)]
        self.column_masks = [self.column << col * self.height for col in range(cols)]

    def bit(self, cell: int) -> int:
        """The bit of a cell numbered row by row (row 1 first), as board strings are."""
        row, col = divmod(cell, self.cols)
        return col * self.height + row

    def centre_first(self, columns: Iterable[int] | None = None) -> list[int]:
        """``columns`` (all by default), the centre first, then outwards, left before right:
        the order searches try moves in (central pieces make the most lines).

        >>> GravityBoard(6, 7).centre_first()
        [3, 2, 4, 1, 5, 0, 6]
        """
        chosen = range(self.cols) if columns is None else columns
        return sorted(chosen, key=lambda col: (abs(2 * col - (self.cols - 1)), col))

    @cached_property
    def in_bit_order(self) -> Callable[[str], tuple[str, ...]]:
        """Picks the letters of a board string (plus one spare letter at its end) in the
        order of their bits, highest first, the spare letter standing for unused bits."""
        cell_at = {self.bit(cell): cell for cell in range(self.cells)}
        return itemgetter(*[cell_at.get(bit, self.cells) for bit in reversed(range(self.cols * self.height))])

    def masks_of(self, cells: str, alphabet: str, *letter_sets: str) -> list[int]:
        """For each set of letters, the mask of the cells (a board string, row 1 first,
        written in ``alphabet``) that hold one of them; done by str methods, for speed."""
        ordered = "".join(self.in_bit_order(cells + alphabet[0]))
        return [int(ordered.translate(_flag_table(alphabet, letters)), 2) for letters in letter_sets]

    def mirrored(self, masks: "np.ndarray") -> "np.ndarray":
        """Masks (int64 arrays) of boards mirrored left to right: column c moved to the last but c.

        >>> import numpy as np
        >>> board = GravityBoard(2, 3)   # a1, a2 and c1 -> c1, c2 and a1
        >>> bin(int(board.mirrored(np.array([0b001_000_011]))[0]))
        '0b11000001'
        """
        column = (1 << self.height) - 1
        moved = masks & 0
        for col in range(self.cols):
            moved |= ((masks >> col * self.height) & column) << (self.cols - 1 - col) * self.height
        return moved

    def drops(self, occupied: "np.ndarray") -> "tuple[np.ndarray, np.ndarray]":
        """Every (row, bit) where a piece can drop: the lowest free cell of each column."""
        import numpy as np

        return set_bits((np.asarray(occupied, np.int64) + self.bottom) & self.board)

    def has_line(self, pieces: "np.ndarray", length: int) -> "np.ndarray":
        """Whether each mask holds ``length`` pieces in a line (across, up or diagonal)."""
        found = pieces < 0
        for step in (1, self.height, self.height - 1, self.height + 1):
            run = pieces
            for k in range(1, length):
                run = run & (pieces >> (k * step))
            found |= run != 0
        return found

    def neighbours(self, masks: "np.ndarray") -> "np.ndarray":
        """The cells left of, right of, above and below the cells of ``masks``."""
        return ((masks << 1) | (masks >> 1) | (masks << self.height) | (masks >> self.height)) & self.board

    def lines_through(self, masks: "np.ndarray") -> "np.ndarray":
        """The whole rows and whole columns of the cells of ``masks``."""
        found = masks & 0
        for line in self.row_masks + self.column_masks:
            found |= ((masks & line) != 0) * line
        return found

    def fall(self, occupied: "np.ndarray", planes: "list[np.ndarray]") -> "tuple[np.ndarray, list[np.ndarray]]":
        """Every column's pieces dropped to the bottom, in their order: the new occupied
        mask and the new masks of ``planes`` (subsets of it that go along)."""
        for _ in range(self.rows - 1):
            moving = occupied & ((self.board & ~occupied) << 1)  # pieces over an empty cell
            if not moving.any():
                break
            occupied = (occupied & ~moving) | (moving >> 1)
            planes = [(plane & ~moving) | ((plane & moving) >> 1) for plane in planes]
        return occupied, planes


class ColumnStacks(GravityBoard):
    """Boards where pieces of two kinds (X, O) stack up from the bottom of each column,
    X moving first (Connect Four): bitboards and a perfect index.

    Bitboards are a :class:`GravityBoard`'s (John Tromp's layout).  A board where X has played ceil(n/2) of the
    n pieces and the turn follows is numbered by the heights of its columns (a
    block for each vector of heights, fewer pieces first, so that the boards of n
    pieces take one range of codes) and the rank of X's pieces among the n pieces
    (combinatorial number system), so the ``index_size`` numbers are used by
    exactly such boards.  Any other board gets ``index_size`` plus its
    bitboard code (X's pieces and a mark above each column) times two plus the turn.

    >>> stacks = ColumnStacks(2, 2)
    >>> stacks.index_size   # by pieces: 1 + 2 + 3*2 + 2*3 + 1*6
    21
    >>> import numpy as np
    >>> x, full = 1 << stacks.bit(0), 1 << stacks.bit(0) | 1 << stacks.bit(1)   # X on a1, O on b1
    >>> codes = stacks.encode_many(np.array([x]), np.array([full]), np.array([0]))
    >>> [a.tolist() for a in stacks.decode(codes)] == [[x], [full], [0]]
    True
    """

    def __init__(self, rows: int, cols: int) -> None:
        from math import comb

        import numpy as np

        super().__init__(rows, cols)
        self.column_states: dict[str, dict[str, int]] = {}  # by letters (empty, X's, O's)
        self.binomials = np.array([[comb(n, k) for k in range(self.cells + 2)] for n in range(self.cells + 1)],
                                  np.int64)
        vectors = np.arange(self.height ** cols, dtype=np.int64)
        self.radix = self.height ** np.arange(cols, dtype=np.int64)
        pieces = sum((vectors // self.radix[c]) % self.height for c in range(cols))
        sizes = self.binomials[pieces, (pieces + 1) // 2]
        # Vectors of fewer pieces first: the boards of n pieces take one range of codes
        # (a level of the solver's search is one range, see gamesman.solver.levelled).
        self.vector_order = np.argsort(pieces, kind="stable")
        self.sorted_offsets = np.cumsum(sizes[self.vector_order]) - sizes[self.vector_order]
        self.offsets = np.empty_like(self.sorted_offsets)
        self.offsets[self.vector_order] = self.sorted_offsets
        self.index_size = int(sizes.sum())
        #: ``shards_by_heights``'s tables by number of shards: each vector's shard and first number there.
        self.shard_tables: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    @classmethod
    def fitting(cls, rows: int, cols: int) -> "ColumnStacks | None":
        """The stacks of a board whose codes fit in 64 bits, else None."""
        return cls(rows, cols) if cls.fits(rows, cols) else None

    @staticmethod
    def fits(rows: int, cols: int) -> bool:
        """Whether a board's codes fit in 64 bits (without building its tables).

        >>> ColumnStacks.fits(6, 7), ColumnStacks.fits(9, 8)
        (True, False)
        """
        return not ((rows + 1) * cols > MAX_STACK_BITS or (rows + 1) ** cols > MAX_HEIGHT_VECTORS
                    or rows > MAX_STACK_ROWS)

    @cached_property
    def vectors_by_code(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The heights vectors in the order of their blocks of codes: their heights (a row
        each), pieces and boards (codes in the block)."""
        heights = (self.vector_order[:, None] // self.radix) % self.height
        pieces = heights.sum(axis=1)
        return heights, pieces, self.binomials[pieces, (pieces + 1) // 2]

    def shard_weights(self, shards: int) -> np.ndarray:
        """The weight of each column in the tier solver's cut by heights into ``shards``
        (``shards_by_heights``): of a few simple choices (each column's number, the radix
        of the heights vector's number, powers of small numbers), the one whose largest
        shard of each number of pieces, summed over them, holds the fewest codes, since a
        tier waits for its largest shard.

        >>> stacks = ColumnStacks(5, 6)   # the radix, 6 ** c, is 1, 6, 6, ... modulo 10:
        >>> stacks.shard_weights(10).tolist()   # each tier would fall into two shards
        [0, 1, 2, 3, 4, 5]
        """
        import numpy as np

        heights, pieces, sizes = self.vectors_by_code
        choices = [np.arange(self.cols, dtype=np.int64), self.radix % shards] + [
            np.array([pow(base, col, shards) for col in range(self.cols)], np.int64) for base in range(2, 17)]

        def largest_shards(weights: np.ndarray) -> float:
            load = np.bincount(pieces * shards + (heights @ weights) % shards, weights=sizes,
                               minlength=(self.cells + 1) * shards)
            return float(load.reshape(-1, shards).max(axis=1).sum())

        return min(choices, key=largest_shards) % shards

    def shards_by_heights(self, codes: np.ndarray, shards: int) -> tuple[np.ndarray, np.ndarray]:
        """The tier solver's cut of boards of the index by the heights of their columns
        (see ``TierCut.tier_shards``): a board's shard is ``sum(height[c] * weight[c])``
        modulo ``shards``, with the weights of ``shard_weights``, so that a move (one
        column one higher) leads from shard ``k`` only into the shards ``k + weight[c]``;
        its number within the shard counts the boards of as many pieces there before it.

        >>> import numpy as np
        >>> stacks = ColumnStacks(2, 2)
        >>> stacks.shard_weights(3).tolist()   # the shard is the height of the second column
        [0, 1]
        >>> # 2 pieces: heights (2, 0), (1, 1), (0, 2), 2 boards each; 3 pieces: (2, 1), (1, 2), 3 each
        >>> shard, number = stacks.shards_by_heights(np.arange(3, 15), 3)
        >>> shard.tolist()
        [0, 0, 1, 1, 2, 2, 1, 1, 1, 2, 2, 2]
        >>> number.tolist()
        [0, 1, 0, 1, 0, 1, 0, 1, 2, 0, 1, 2]
        """
        import numpy as np

        at = np.searchsorted(self.sorted_offsets, codes, side="right") - 1
        shard_of, first = self.shard_table(shards)
        return shard_of[at], first[at] + codes - self.sorted_offsets[at]

    def shard_of(self, code: int, shards: int) -> int:
        """The shard ``shards_by_heights`` gives one board of the index, without arrays of one.

        >>> ColumnStacks(2, 2).shard_of(9, 3)
        1
        """
        firsts, shard = self.shard_runs(shards)
        return int(shard[int(firsts.searchsorted(code, "right")) - 1])

    def shard_runs(self, shards: int) -> tuple[np.ndarray, np.ndarray]:
        """The boards of the index in runs of one heights vector each (a run a vector, in
        the order of their blocks of codes): each run's first code, and the shard
        ``shards_by_heights`` gives every board of it.

        >>> firsts, shard = ColumnStacks(2, 2).shard_runs(3)
        >>> firsts.tolist()[3:8], shard.tolist()[3:8]   # 2 pieces: (2, 0), (1, 1), (0, 2); then (2, 1), (1, 2)
        ([3, 5, 7, 9, 12], [0, 1, 2, 1, 2])
        """
        return self.sorted_offsets, self.shard_table(shards)[0]

    def shard_table(self, shards: int) -> tuple[np.ndarray, np.ndarray]:
        """For ``shards_by_heights``, each heights vector's shard, and the number within its
        shard of its first board (vectors in the order of their blocks of codes)."""
        import numpy as np

        found = self.shard_tables.get(shards)
        if found is None:
            heights, pieces, sizes = self.vectors_by_code
            shard_of_vector = (heights @ self.shard_weights(shards)) % shards
            group = pieces * shards + shard_of_vector
            by_group = np.argsort(group, kind="stable")
            grouped = group[by_group]
            starts = np.flatnonzero(np.concatenate(([True], grouped[1:] != grouped[:-1])))
            before = np.empty(len(group), np.int64)
            before[by_group] = np.arange(len(group)) - np.repeat(starts, np.diff(np.append(starts, len(group))))
            found = self.shard_tables[shards] = (shard_of_vector, before * sizes)
        return found

    def cells_of(self, crosses: int, occupied: int, pieces: tuple[str, str], empty: str) -> str:
        """The board as a string of cells, row 1 first."""
        out = []
        for cell in range(self.cells):
            bit = 1 << self.bit(cell)
            out.append(empty if not occupied & bit else pieces[0] if crosses & bit else pieces[1])
        return "".join(out)

    def encode(self, crosses: int, occupied: int, turn: int) -> int:
        """The code of one board (as ``encode_many``, without arrays: quick for look-ups)."""
        column_mask = (1 << self.rows) - 1
        return self.code_of_states([((crosses >> shift) & column_mask) | (((occupied >> shift) & column_mask) + 1)
                                    for shift in range(0, self.cols * self.height, self.height)], turn)

    def encode_cells(self, cells: str, letters: str, turn: int) -> int:
        """``encode`` of a board string (row 1 first) written in ``letters`` (empty, X's,
        O's), read a column at a time: the quickest way for one look-up."""
        states = self.column_states.get(letters) or self._column_states(letters)
        found = [states.get(cells[column], -1) for column in self.column_slices]
        if -1 in found:  # a piece over an empty cell: the long way
            crosses, occupied = self.masks_of(cells, letters, letters[1], letters[1:])
            return self.encode(crosses, occupied, turn)
        return self.code_of_states(found, turn)

    def _column_states(self, letters: str) -> dict[str, int]:
        """The state (X's pieces below a mark at the height) of every column text, bottom
        first, in ``letters`` (empty, X's, O's)."""
        states = self.column_states[letters] = {}
        for height in range(self.rows + 1):
            for crosses in range(1 << height):
                text = "".join(letters[1] if crosses >> row & 1 else letters[2] for row in range(height))
                states[text + letters[0] * (self.rows - height)] = crosses | 1 << height
        return states

    def code_of_states(self, states: list[int], turn: int) -> int:
        """The code of a board given by the state of each column."""
        ranks, steps, vector_parts, offsets = self.state_lists
        kinds, width = 1 << self.height, self.cells + 1
        step = rank = vectors = 0  # step: (pieces before, X's pieces before) as an index into ranks
        for state, parts in zip(states, vector_parts):
            rank += ranks[step + state]
            step += steps[state]
            vectors += parts[state]
        before, found = divmod(step // kinds, width)
        if found == (before + 1) // 2 and turn == before % 2:
            return offsets[vectors] + rank
        marks = sum(state << col * self.height for col, state in enumerate(states))
        return self.index_size + (marks << 1) + turn

    @cached_property
    def column_slices(self) -> list[slice]:
        """Each column's cells in a board string (row 1 first): bottom to top."""
        return [slice(col, None, self.cols) for col in range(self.cols)]

    @cached_property
    def state_lists(self) -> tuple[list[int], list[int], list[list[int]], memoryview]:
        """For ``code_of_states``, per column state: what it adds to the rank (by the
        step), to the step and to the heights vector (a list per column), and the
        offsets of the heights vectors."""
        heights, crosses_in, ranks = self.column_tables
        kinds, width = 1 << self.height, self.cells + 1
        steps = ((heights * width + crosses_in) * kinds).tolist()
        vector_parts = [(heights * int(radix)).tolist() for radix in self.radix]
        return ranks.tolist(), steps, vector_parts, memoryview(self.offsets)

    def encode_many(self, crosses: np.ndarray, occupied: np.ndarray, turn: np.ndarray) -> np.ndarray:
        """The codes of boards given as bitboards of X's pieces and of all pieces."""
        import numpy as np

        crosses, occupied = np.asarray(crosses, np.int64), np.asarray(occupied, np.int64)
        before = np.zeros(len(crosses), np.int64)   # pieces in the columns so far
        found = np.zeros(len(crosses), np.int64)    # X's pieces among them
        rank = np.zeros(len(crosses), np.int64)
        vectors = np.zeros(len(crosses), np.int64)
        column_mask = (1 << self.rows) - 1
        heights, crosses_in, ranks = self.column_tables
        states = 1 << self.height
        for col in range(self.cols):
            shift = col * self.height
            state = ((crosses >> shift) & column_mask) | (((occupied >> shift) & column_mask) + 1)
            rank += ranks[(before * (self.cells + 1) + found) * states + state]
            height = heights[state]
            before += height
            found += crosses_in[state]
            vectors += height * self.radix[col]
        usual = (found == (before + 1) // 2) & (turn == before % 2)
        codes = self.offsets[vectors] + rank
        if not usual.all():
            odd = ~usual
            marks = crosses[odd] | (occupied[odd] + self.bottom)
            codes[odd] = self.index_size + (marks << 1) + turn[odd]
        return codes

    @cached_property
    def column_tables(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """For each column state (X's pieces below a mark at the height): its height, its
        number of X's pieces, and (flattened over the pieces and X's pieces before the
        column, then the state) what its X's pieces add to the rank."""
        import numpy as np

        states = 1 << self.height
        heights = np.zeros(states, np.int64)
        crosses_in = np.zeros(states, np.int64)
        ranks = np.zeros((self.cells + 1, self.cells + 1, states), np.int64)
        size = self.cells + 1
        padded = np.zeros((2 * size + self.height, 2 * size + self.height), np.int64)
        padded[:size, :size + 1] = self.binomials
        for state in range(1, states):
            height = state.bit_length() - 1
            rows = [row for row in range(height) if state >> row & 1]
            heights[state], crosses_in[state] = height, len(rows)
            for k, row in enumerate(rows, start=1):
                ranks[:, :, state] += padded[row:row + size, k:k + size]
        return heights, crosses_in, ranks.ravel()

    def decode(self, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Bitboards of X's pieces and of all pieces, and the turn, of many codes."""
        import numpy as np

        codes = np.asarray(codes, np.int64)
        crosses = np.zeros(len(codes), np.int64)
        occupied = np.zeros(len(codes), np.int64)
        usual = codes < self.index_size
        vectors = self.vector_order[np.searchsorted(self.sorted_offsets, np.where(usual, codes, 0), side="right") - 1]
        rank = np.where(usual, codes - self.offsets[vectors], 0)
        heights = [(vectors // self.radix[col]) % self.height for col in range(self.cols)]
        pieces = sum(heights)
        left = (pieces + 1) // 2
        before = [sum(heights[:col], np.zeros(len(codes), np.int64)) for col in range(self.cols)]
        width = self.binomials.shape[1]
        flat = self.binomials.ravel()
        for col in reversed(range(self.cols)):
            for row in reversed(range(self.rows)):
                here = heights[col] > row
                size = flat[(before[col] + row) * width + left]
                cross = here & (left > 0) & (rank >= size)
                rank -= np.where(cross, size, 0)
                left -= cross
                bit = col * self.height + row
                crosses |= cross.astype(np.int64) << bit
                occupied |= here.astype(np.int64) << bit
        turn = pieces % 2
        if not usual.all():
            odd = np.flatnonzero(~usual)
            rest = codes[odd] - self.index_size
            turn[odd] = rest & 1
            marks = rest >> 1
            filled = np.zeros(len(odd), np.int64)
            for col in range(self.cols):
                column = (marks >> (col * self.height)) & ((1 << self.height) - 1)
                below = column
                for shift in (1, 2, 4, 8, 16):
                    below |= below >> shift
                filled |= (below >> 1) << (col * self.height)
            occupied[odd] = filled
            crosses[odd] = marks & filled
        return crosses, occupied, turn
