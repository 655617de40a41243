"""The published opening book of standard Connect Four: every 6x7 position of 12 pieces, solved.

The package ``bitbully-databases`` (MIT licence, by Markus Thill, the author of the
BitBully solver) carries ``book_12ply_distances.dat``: some 4.2 million positions of
12 pieces on the standard board (6 rows, 7 columns, four in a row; the first player,
``x``, to move), one of each mirror pair, each with its exact value and the distance to
the end under perfect play.  :class:`OpeningBook` reads the file into one sorted numpy
array, which the exact search (:mod:`gamesman.games.connectfour.kernels`) looks a
position of 12 pieces up in instead of searching it; its own code, not the package's
demonstration reader (pure Python, a list of tuples).

The file's format: 5 bytes an entry, sorted by key.  The key is a signed 32-bit
big-endian integer, the position's bits read as a binary number: column ``a`` to ``g``,
in each column its pieces from the bottom up, ``10`` for the first player's and ``11``
for the second's, then a ``0`` (a column's end), and one ``0`` more at the end
(12 pieces: 24 + 7 + 1 = 32 bits).  The byte after it is a signed score for the first
player: ``100 - d`` for a win in ``d`` moves (both players' moves: GAMESMAN's
remoteness), ``d - 100`` for a loss in ``d``, 0 for a tie (the board fills, 30 moves
on).  Positions the first player wins with its next piece are left out (the search
never asks about them).  The book keeps the key in the high bits of an ``int64`` and
the search's own score (see :mod:`gamesman.games.connectfour.exact`) in its low byte,
behind an index of where the keys of each beginning lie (``kernels.book_starts``):

>>> book = OpeningBook.load()
>>> book.plies, len(book.entries) > 4_000_000
(12, True)
>>> rows = ("-o-x-o-", "-x-o-x-", "-o-x-o-", "-x-o---", "---x---", "-------")   # row 1 first
>>> book.score_of("".join(rows))   # the first player wins with its 21st piece (in 29 moves)
1
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    import numpy as np

#: The variant the book answers: rows, columns, pieces in a line (the standard rules, not misère).
BOOK_BOARD = (6, 7, 4)
#: The package that carries it, and the file inside it.
PACKAGE, FILE = "bitbully_databases", "assets/book_12ply_distances.dat"
#: The pieces on the board of every position in the file.
PLIES = 12
#: A book score ``s`` is a win in ``DISTANCE_BASE - s`` moves, or a loss in ``DISTANCE_BASE + s``.
DISTANCE_BASE = 100
#: The layout of the parsed book in the user's cache (a new one: a new file name) ...
CACHE_FORMAT = "v2"
#: ... the layouts of earlier versions (their files are removed once the current one is written) ...
EARLIER_CACHE_FORMATS = ("v1",)
#: ... and the file's name, by the package's version and the layout.
CACHE_NAME = "connectfour-openings-{version}-{layout}.npy"
#: ``madvise``'s MADV_POPULATE_READ (Linux 5.14 on; Python names it from 3.13): map a file's
#: pages in now, as a read would, without copying them.
POPULATE_READ = 22


def search_scores(book_scores: "np.ndarray", empty: int) -> "np.ndarray":
    """The search's scores (for the player to move, ``empty`` cells left) of the book's
    scores: a win in ``d`` moves is the search's ``(empty + 1) // 2 - (d - 1) // 2``,
    a loss in ``d`` its ``(d - 2) // 2 - empty // 2``, a tie 0.

    >>> import numpy as np
    >>> search_scores(np.array([71, 97, -70, -98, 0]), 30).tolist()   # win in 29, 3; loss in 30, 2; tie
    [1, 14, -1, -15, 0]
    """
    import numpy as np

    book_scores = book_scores.astype(np.int64)
    distance = DISTANCE_BASE - np.abs(book_scores)
    return np.where(book_scores > 0, (empty + 1) // 2 - (distance - 1) // 2,
                    np.where(book_scores < 0, (distance - 2) // 2 - empty // 2, 0))


@dataclass(frozen=True)
class OpeningBook:
    """The book as the search reads it (``indexed``: ``kernels.BOOK_INDEX_SIZE`` starts, then the
    entries, sorted ``int64``: the key above ``kernels.BOOK_SCORE_BITS``, the search's score in the
    low byte) and the pieces of its positions (see the module docstring)."""

    indexed: "np.ndarray"
    plies: int

    @property
    def entries(self) -> "np.ndarray":
        """The book's entries, sorted (without the index)."""
        import gamesman.games.connectfour.kernels as kernels

        return self.indexed[kernels.BOOK_INDEX_SIZE:]

    @staticmethod
    @cache
    def load() -> "OpeningBook":
        """The book of the installed package, once a process: parsed and indexed the first
        time (about 0.5 s) into an ``.npy`` file in the user's cache, mapped into memory from
        then on, every page at once where the system can (see ``map_in``)."""
        import numpy as np

        import gamesman.games.connectfour.kernels as kernels

        cached = OpeningBook.cache_path()
        try:
            mapped = np.load(cached, mmap_mode="c")
            OpeningBook.map_in(mapped)
            indexed = np.asarray(mapped)
        except (OSError, ValueError):
            entries = OpeningBook.parse()
            indexed = np.concatenate([kernels.book_starts(entries), entries])
            OpeningBook.save(indexed, cached)
        return OpeningBook(indexed, PLIES)

    @staticmethod
    def map_in(mapped: "np.memmap") -> bool:
        """Map every page of the book's file in now (some 15 ms; the pages stay the system's
        file cache's, shared, not copied), so that no look-up stops for a page fault: a quick
        answer's two look-ups would fault twice, some 15 microseconds of its 40.  Whether the
        system could (Linux 5.14 on; else the pages are mapped as look-ups reach them)."""
        import mmap
        import sys

        mapping = mapped.base
        if sys.platform != "linux" or not isinstance(mapping, mmap.mmap):
            return False
        try:
            mapping.madvise(POPULATE_READ)
        except OSError:  # a kernel before Linux 5.14
            return False
        return True

    @staticmethod
    def cache_path() -> "Path":
        """The parsed book's file in the user's cache (named by the package's version)."""
        from importlib.metadata import version

        from gamesman.solver.database import cache_directory

        return cache_directory() / CACHE_NAME.format(version=version("bitbully-databases"), layout=CACHE_FORMAT)

    @staticmethod
    def parse() -> "np.ndarray":
        """The entries of the package's file (see the module docstring)."""
        from importlib.resources import as_file, files

        import numpy as np

        import gamesman.games.connectfour.kernels as kernels

        with as_file(files(PACKAGE).joinpath(FILE)) as path:
            raw = np.fromfile(path, dtype=[("key", ">i4"), ("score", "i1")])
        scores = search_scores(raw["score"], BOOK_BOARD[0] * BOOK_BOARD[1] - PLIES)
        return (raw["key"].astype(np.int64) << kernels.BOOK_SCORE_BITS) | (scores & 0xFF)

    @staticmethod
    def save(indexed: "np.ndarray", path: "Path") -> None:
        """Write the parsed book (whole or not at all; a failure to write is no failure:
        the book is parsed again next time), then remove the files of its earlier layouts
        beside it (see ``remove_earlier``)."""
        import os

        import numpy as np

        partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with partial.open("wb") as out:
                np.save(out, indexed)
            os.replace(partial, path)
        except OSError:
            partial.unlink(missing_ok=True)
            return
        OpeningBook.remove_earlier(path.parent)

    @staticmethod
    def remove_earlier(folder: "Path") -> None:
        """Remove from ``folder`` the parsed books of EARLIER_CACHE_FORMATS, of any version of
        the package, which nothing reads any more: only regular files of their exact names
        (CACHE_NAME), nothing else; a file that cannot be removed is left."""
        for layout in EARLIER_CACHE_FORMATS:
            for earlier in folder.glob(CACHE_NAME.format(version="*", layout=layout)):
                if earlier.is_file() and not earlier.is_symlink():
                    try:
                        earlier.unlink()
                    except OSError:
                        pass

    @staticmethod
    def answers(rows: int, cols: int, in_a_row: int, misere: bool = False) -> bool:
        """Whether the book is of this variant (the standard 6x7 game only).

        >>> OpeningBook.answers(6, 7, 4), OpeningBook.answers(7, 6, 4), OpeningBook.answers(6, 7, 4, misere=True)
        (True, False, False)
        """
        return (rows, cols, in_a_row) == BOOK_BOARD and not misere

    def score_of(self, cells: str) -> int | None:
        """The search's score of a board of PLIES pieces (``cells`` row 1 first, ``x`` the first
        player, ``-`` empty), the first player to move; None when the book leaves it out."""
        import numpy as np

        from gamesman.boards.codes import GravityBoard
        import gamesman.games.connectfour.kernels as kernels

        rows, cols, _ = BOOK_BOARD
        first, second = GravityBoard(rows, cols).masks_of(cells, "-xo", "x", "o")
        score = kernels.book_score(self.indexed, np.uint64(first), np.uint64(first | second), rows, cols)
        return None if score == kernels.NOT_IN_BOOK else int(score)

    def position(self, at: int) -> tuple[str, int]:
        """The board of entry ``at`` (cells row 1 first, ``x`` the first player, ``-`` empty;
        the first player to move) and the search's score the book gives it.

        >>> book = OpeningBook.load()
        >>> cells, score = book.position(0)
        >>> book.score_of(cells) == score and cells.count("x") == cells.count("o") == 6
        True
        """
        import gamesman.games.connectfour.kernels as kernels

        rows, cols, _ = BOOK_BOARD
        entry = self.entries[at]
        code, score = int(entry >> kernels.BOOK_SCORE_BITS), int(kernels.entry_score(entry))
        bits = format(code % (1 << 32), "032b")
        cells = [["-"] * cols for _ in range(rows)]
        read = 0
        for col in range(cols):
            row = 0
            while bits[read] == "1":
                cells[row][col] = "o" if bits[read + 1] == "1" else "x"
                read, row = read + 2, row + 1
            read += 1  # the column's end
        return "".join("".join(row) for row in cells), score
