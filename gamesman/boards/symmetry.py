"""The symmetries of a board of rows x cols cells, on the codes of
:class:`~gamesman.boards.codes.TurnBoardCodes`: eight on a square board (four turns, each
also mirrored), four on any other (the identity, the half turn and the two mirror images):
the ``Symmetries`` hook of a game whose rules do not change when its board is turned or
mirrored (tic-tac-toe, Quixo, Othello); and the mirror image of a board of stacks
(:class:`~gamesman.boards.codes.ColumnStacks`, Connect Four).

A board's code is the base-3 number whose digit i is cell i; a symmetry moves the digit
of cell i to another cell.  The code of a board moved so is added up from tables, one for
each run of a few cells, of what each run's digits add where the symmetry puts them: a
few look-ups per code and symmetry, in a compiled loop (:mod:`gamesman.boards.symmetry_kernel`).

>>> import numpy as np
>>> from gamesman.boards.codes import ColumnStacks, DigitCode
>>> code = DigitCode("-xo", 9)
>>> alike = BoardCodeSymmetries(3, 3, code)
>>> boards = ["x-o------", "--x-----o", "------o-x", "o-----x--", "o-x------", "------x-o", "x-----o--"]
>>> [code.decode(least) for least in alike.canonical(np.array([code.encode(board) for board in boards])).tolist()]
['o-x------', 'o-x------', 'o-x------', 'o-x------', 'o-x------', 'o-x------', 'o-x------']

On a board of 2 x 3 cells, a board's images are its two mirror images and its half turn:

>>> code = DigitCode("-xo", 6)
>>> alike = BoardCodeSymmetries(2, 3, code)
>>> boards = ["x---o-", "-o---x", "--x-o-", "-o-x--", "x----o"]
>>> [code.decode(least) for least in alike.canonical(np.array([code.encode(board) for board in boards])).tolist()]
['-o-x--', '-o-x--', '-o-x--', '-o-x--', '--ox--']
"""
from __future__ import annotations

import sys
from functools import cached_property
from typing import TYPE_CHECKING

from gamesman.boards.codes import ColumnStacks, DigitCode
from gamesman.contract.capabilities import Symmetries

if TYPE_CHECKING:  # numpy is imported when first needed, so games load quickly
    import numpy as np

#: Up to this many codes are made canonical one at a time, in Python, while the compiled
#: loops are not loaded (a look-up need not wait for numba) ...
FEW = 8
#: ... the module of those loops, imported when first needed (by a solve).
KERNEL = "gamesman.boards.symmetry_kernel"


def in_python(codes: np.ndarray) -> bool:
    """Whether ``codes`` are made canonical in Python: a few, before the compiled loops are
    loaded; once they are, even one code is quicker there."""
    return len(codes) <= FEW and KERNEL not in sys.modules


def board_maps(rows: int, cols: int) -> list[list[int]]:
    """The symmetries of a ``rows`` x ``cols`` board (cell r*cols+c), the identity first: for
    each, the cell where each cell goes.  Every board has four: the identity, the half turn,
    and its mirror images left to right and top to bottom; a square board has four more,
    those four mirrored about the diagonal (its quarter turns and diagonal mirror images).

    >>> board_maps(2, 3)  # identity, half turn, left to right, top to bottom
    [[0, 1, 2, 3, 4, 5], [5, 4, 3, 2, 1, 0], [2, 1, 0, 5, 4, 3], [3, 4, 5, 0, 1, 2]]
    >>> board_maps(2, 2)[4:]  # the four above, each mirrored about the main diagonal
    [[0, 2, 1, 3], [3, 1, 2, 0], [2, 0, 3, 1], [1, 3, 0, 2]]
    """
    flips = [(False, False), (True, True), (False, True), (True, False)]  # (rows reversed, columns reversed)
    maps = []
    for diagonal in (False, True) if rows == cols else (False,):
        for rows_reversed, cols_reversed in flips:
            places = []
            for r in range(rows):
                for c in range(cols):
                    row, col = rows - 1 - r if rows_reversed else r, cols - 1 - c if cols_reversed else c
                    places.append(col * cols + row if diagonal else row * cols + col)
            maps.append(places)
    return maps


class BoardCodeSymmetries:
    """The symmetries (``board_maps``) of a board of ``rows`` x ``cols`` cells, on the
    boards' codes by ``cell_code`` (the turn, above its ``span``, is kept)."""

    def __init__(self, rows: int, cols: int, cell_code: DigitCode) -> None:
        self.cell_code = cell_code
        self.maps = board_maps(rows, cols)

    @cached_property
    def tables(self) -> list[list[np.ndarray]]:
        """For each symmetry but the identity, for each run of cells: what each value of the
        run's digits adds to the code of the board moved."""
        import numpy as np

        base = self.cell_code.base
        tables = []
        for places in self.maps[1:]:
            runs = []
            for start, width in self.cell_code.chunks:
                numbers = np.arange(base ** width, dtype=np.int64)
                added = np.zeros(len(numbers), np.int64)
                for place in range(width):
                    added += (numbers // base ** place) % base * base ** places[start + place]
                runs.append(added)
            tables.append(runs)
        return tables

    @cached_property
    def table_lists(self) -> list[list[list[int]]]:
        """``tables`` as lists, for codes taken one at a time."""
        return [[table.tolist() for table in runs] for runs in self.tables]

    def canonical(self, codes: np.ndarray) -> np.ndarray:
        """Each code replaced by the least code of its images (int64), in a compiled
        loop; a few codes (a look-up) one at a time in Python while it is not loaded (``in_python``)."""
        import numpy as np

        codes = np.asarray(codes, np.int64)
        if in_python(codes):
            return np.array([self.least_image(code) for code in codes.tolist()], np.int64)
        return self._least_images(codes)

    def least_image(self, code: int) -> int:
        """The least code of the images of one code."""
        span, base = self.cell_code.span, self.cell_code.base
        board = rest = code % span
        parts = []
        for _, width in self.cell_code.chunks:
            rest, part = divmod(rest, base ** width)
            parts.append(part)
        moved = [sum(table[part] for table, part in zip(runs, parts)) for runs in self.table_lists]
        return min(board, *moved) + code - board

    @cached_property
    def stacked_tables(self) -> tuple[np.ndarray, np.ndarray]:
        """``tables`` as one array [symmetry, run, digits] (short runs padded), and each run's
        number of digit values, for the compiled loop."""
        import numpy as np

        powers = np.array([len(table) for table in self.tables[0]], np.int64)
        stacked = np.zeros((len(self.tables), len(powers), int(powers.max())), np.int64)
        for symmetry, runs in enumerate(self.tables):
            for run, table in enumerate(runs):
                stacked[symmetry, run, :len(table)] = table
        return stacked, powers

    def _least_images(self, codes: np.ndarray) -> np.ndarray:
        from gamesman.boards.symmetry_kernel import least_images

        stacked, powers = self.stacked_tables
        return least_images(codes, self.cell_code.span, powers, stacked)


class BoardSymmetries(Symmetries):
    """The ``Symmetries`` hook, as a mixin, for a game with ``TurnBoardCodes`` on a board of
    ``board_shape`` whose rules the board's symmetries (``board_maps``) keep."""

    if TYPE_CHECKING:  # TurnBoardCodes' and BoardPlanes', which every game that inherits this mixin has
        @property
        def cell_code(self) -> DigitCode: ...

        def board_shape(self) -> tuple[int, int]: ...

    @cached_property
    def board_symmetries(self) -> BoardCodeSymmetries:
        return BoardCodeSymmetries(*self.board_shape(), self.cell_code)

    def canonical_codes(self, codes: np.ndarray) -> np.ndarray:
        return self.board_symmetries.canonical(codes)


def least_mirror_images(stacks: ColumnStacks, codes: np.ndarray) -> np.ndarray:
    """Each code of ``stacks`` replaced by the least of it and the code of its board
    mirrored left to right (int64), in a compiled loop; a few codes (a look-up) through the
    bitboards while the loop is not loaded (``in_python``).

    >>> import numpy as np
    >>> stacks = ColumnStacks(2, 3)
    >>> x_a1, x_c1 = (stacks.encode(1 << stacks.bit(cell), 1 << stacks.bit(cell), 1) for cell in (0, 2))
    >>> least_mirror_images(stacks, np.array([x_a1, x_c1])).tolist() == [min(x_a1, x_c1)] * 2
    True
    """
    import numpy as np

    codes = np.asarray(codes, np.int64)
    if in_python(codes):
        crosses, occupied, turn = stacks.decode(codes)
        return np.minimum(codes, stacks.encode_many(stacks.mirrored(crosses), stacks.mirrored(occupied), turn))
    from gamesman.boards.symmetry_kernel import least_mirrored_stacks

    return least_mirrored_stacks(codes, stacks.rows, stacks.cols, stacks.index_size, stacks.sorted_offsets,
                                 stacks.vector_order, stacks.offsets, stacks.binomials)


class ColumnMirrorSymmetry(Symmetries):
    """The ``Symmetries`` hook, as a mixin, for a game numbered by ``ColumnStacks`` whose rules
    the board's mirror image (left to right) keeps: Connect Four."""

    if TYPE_CHECKING:  # the game's stacks, which every game that inherits this mixin has
        def coded_stacks(self) -> ColumnStacks: ...

    def canonical_codes(self, codes: np.ndarray) -> np.ndarray:
        return least_mirror_images(self.coded_stacks(), codes)
