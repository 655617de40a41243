"""Exact values of Connect Four positions on demand, for boards too large to solve strongly.

:class:`ExactSearch` answers one position at a time with GAMESMAN's value and
remoteness, by the search in :mod:`gamesman.games.connectfour.kernels` (Pascal
Pons' alpha-beta solver, compiled by numba).  Its score says when the game ends
under perfect play, so the remoteness is exact too: with ``e`` empty cells, a
win by the player to move with its next piece scores ``(e + 1) // 2`` and each
piece more of its own one less, so a score ``s > 0`` is a win in
``1 + 2 * ((e + 1) // 2 - s)`` moves; a loss scores minus the opponent's score
one move later, so ``s < 0`` is a loss in ``2 + 2 * (e // 2 + s)``; 0 is a tie,
and a tie fills the board, in ``e`` moves.  The winner's best score is its
earliest win, the loser's best its latest loss: GAMESMAN's winners hurry and
losers stall.

The transposition table is kept between positions (it only holds bounds that are
true of the positions they belong to), so the values of a position's moves cost
little more than the position's own value.  Positions of the first few moves take
long (the empty 6x7 board, a win for the first player on the 41st move, searches
about half a billion positions: minutes), unless the search has the published
opening book of 6x7 (``openings``: :mod:`gamesman.games.connectfour.openings`),
whose positions of 12 pieces it reads instead of searching (the empty board: some
43,000 positions); the book of long searches (``book``) keeps the scores that took
long once found.

>>> search = ExactSearch(4, 4, 4)
>>> str(search.result("----" * 4, "x", "o"))   # the 4x4 board is a tie
'tie 16'
"""
from __future__ import annotations

import time
from functools import partial
from typing import TYPE_CHECKING

from gamesman.boards.codes import GravityBoard
from gamesman.contract.errors import OutOfTime
from gamesman.contract.game import ProgressFn
from gamesman.games.connectfour.kernels import NOT_IN_BOOK, STOPPED
from gamesman.players.compiled import machine_code
from gamesman.solver.results import Result, Value

if TYPE_CHECKING:
    import numpy as np

    from typing import Callable

    from gamesman.games.connectfour.book import Book
    from gamesman.games.connectfour.openings import OpeningBook

    #: The four arrays the kernels' searches take first (``ExactSearch.arrays``).
    SearchArrays = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]

#: The name of the search's kernels for the background warm-up (``gamesman.players.compiled.WARMUP``).
EXACT_KERNELS = "connectfour exact"
#: The largest board: a column takes rows + 1 bits, and a position's key as many bits as the board.
BOARD_BITS = 56
#: Nodes searched between two returns to Python (for progress and Ctrl-C): well under a second;
#: with a deadline, a few milliseconds.
SLICE = 1 << 21
DEADLINE_SLICE = 1 << 15
#: A search of at least this many nodes (a second or so) is worth a line in the opening book.
WORTH_KEEPING = 1 << 21
#: The transposition table starts with about 2**TABLE_BITS slots (8 bytes each: 2 MB, in the
#: processor's caches: enough for a search of a few hundred thousand nodes, such as one that
#: reaches the opening book's positions within a few moves) ...
TABLE_BITS = 18
#: ... and grows fourfold, up to about 2**LARGEST_TABLE_BITS slots (134 MB), whenever a search
#: has searched more than GROW_AFTER nodes per slot (the empty 6x7 board without the opening
#: book grows it to the largest within a few seconds, and is solved in it as quickly as in a
#: table four times as large, with 5% more nodes: see the benchmarks page).
LARGEST_TABLE_BITS = 24
GROW_AFTER = 4
#: The search tries an enhanced cutoff (see ``kernels.negamax``) at a position of at least this
#: many empty cells only: nearer the end its look-ups (one a move) cost more than the nodes they
#: save (random positions after 12 and 16 moves: 15 to 25% more nodes, 15 to 30% less time).
CUTOFF_EMPTY = 18


def fits(rows: int, cols: int) -> bool:
    """Whether the board fits the search's bitboards (7x7, 6x8 and 8x6 are the largest)."""
    return (rows + 1) * cols <= BOARD_BITS


def prime_at_least(number: int) -> int:
    """The smallest prime >= ``number`` (table sizes: keys spread over every slot)."""
    candidate = max(number, 2)
    while any(candidate % d == 0 for d in range(2, int(candidate ** 0.5) + 1)):
        candidate += 1
    return candidate


def links(table: "np.ndarray", book: "np.ndarray", words: "np.ndarray", numbers: "np.ndarray",
          grow_at: int | None) -> list[int]:
    """The links of a search's int64 block (``kernels.TABLE_AT`` ... ``GROW_AT``): where its
    ``table``, ``book`` and ``words`` lie and their lengths, the length of ``numbers`` (the
    block), and the nodes after which the table grows (-1: never)."""
    return [address_of(table), len(table), address_of(book), len(book), address_of(words), len(words), len(numbers),
            -1 if grow_at is None else grow_at]


def address_of(array: "np.ndarray") -> int:
    """Where an array's first item lies in memory (what ``kernels.search_at`` reaches it by)."""
    return array.__array_interface__["data"][0]


def result_of_score(score: int, empty: int) -> Result:
    """GAMESMAN's result of a search score, for the player to move with ``empty`` cells left."""
    if score > 0:
        return Result(value=Value.WIN, remoteness=1 + 2 * ((empty + 1) // 2 - score))
    if score < 0:
        return Result(value=Value.LOSE, remoteness=2 + 2 * (empty // 2 + score))
    return Result(value=Value.TIE, remoteness=empty)


class ExactSearch:
    """The exact search of one board size and line length, with its transposition table,
    the book where scores that took long are kept (none: every score is searched), and
    the published opening book whose positions are not searched (``openings``: standard 6x7 only)."""

    def __init__(self, rows: int, cols: int, in_a_row: int, book: "Book | None" = None,
                 openings: "OpeningBook | None" = None) -> None:
        import numpy as np

        import gamesman.games.connectfour.kernels as kernels

        if not fits(rows, cols):
            raise ValueError(f"a {rows}x{cols} board takes more than {BOARD_BITS} bits")
        if (in_a_row - 1) * (rows + 2) >= 64:  # the farthest shift of a line's cells
            raise ValueError(f"lines of {in_a_row} on {rows} rows are too long for the search's bitboards")
        self.kernels = kernels
        self.book = book
        self.openings = openings
        if openings is not None and not openings.answers(rows, cols, in_a_row):
            raise ValueError(f"the opening book is of the 6x7 board, not of {rows}x{cols} with lines of {in_a_row}")
        self.board = GravityBoard(rows, cols)
        self.cells = rows * cols
        lowest, highest = -(self.cells // 2) - 1, (self.cells + 1) // 2 + 1
        # the search's arrays (see ``kernels.layout``): views of two blocks, which the compiled search takes
        self.numbers, self.words = (np.zeros(size, dtype) for size, dtype in
                                    zip(kernels.block_sizes(rows, cols), (np.int64, np.uint64)))
        self.numbers[[kernels.ROWS, kernels.COLS]] = rows, cols
        (self.geometry, self.state, self.windows, self.ranks, self.counts, self.masks, self.frames,
         self.moves) = getattr(kernels.layout, "py_func", kernels.layout)(self.numbers, self.words)
        self.geometry[:] = (rows, cols, in_a_row, lowest, highest - lowest + 1,
                            -1 if openings is None else openings.plies, CUTOFF_EMPTY)
        self.masks[:] = ([self.board.bottom, self.board.board]
                         + [self.board.column_masks[col] for col in self.board.centre_first()])
        self.opening_entries = np.zeros(0, np.int64) if openings is None else openings.indexed
        self.table = self.empty_table(1 << min(TABLE_BITS, self.cells + 2))
        self.grow_at = self.growth_point()
        self.link()
        #: ``kernels.search_at``'s and ``kernels.quick_score_at``'s machine code bound to this search's
        #: arrays, once ready (see ``ready``).
        self.search_code: "Callable[[int, int, bool, bool, int], int] | None" = None
        self.quick_code: "Callable[[int, int], int] | None" = None

    def link(self) -> None:
        """Write where the search's arrays lie into its int64 block, which ``kernels.search_at``
        reaches them through (again whenever the table is replaced: the search keeps the arrays)."""
        self.numbers[self.kernels.TABLE_AT:self.kernels.LINKS_END] = links(
            self.table, self.opening_entries, self.words, self.numbers, self.grow_at)

    @property
    def nodes(self) -> int:
        """The nodes searched so far, over every position."""
        return int(self.state[self.kernels.TOTAL])

    @staticmethod
    def empty_table(slots: int) -> "np.ndarray":
        """A table of about ``slots`` slots, in buckets of two; the number of buckets is a
        prime (keys spread over every bucket) above 2**16 (a slot keeps a key's low bits only)."""
        import numpy as np

        return np.zeros(2 * prime_at_least(max(slots // 2, 1 << 16)), np.uint64)

    def grow(self) -> None:
        """Move the table's bounds to a table four times as large (at most the largest)."""
        import numpy as np

        old = self.table
        self.table = self.empty_table(min(4 * len(old), 1 << LARGEST_TABLE_BITS))
        inverse = pow(1 << int(self.kernels.KEY_BITS), -1, len(old) // 2)
        self.kernels.regrow(old, self.table, np.uint64(inverse))
        self.grow_at = self.growth_point()
        self.link()

    def growth_point(self) -> int | None:
        """The nodes of a search after which the table grows (see GROW_AFTER), None once it is
        the largest (kept as ``grow_at``, and in the int64 block for the compiled search)."""
        return GROW_AFTER * len(self.table) if len(self.table) < 1 << LARGEST_TABLE_BITS else None

    @property
    def nbytes(self) -> int:
        """The memory the search holds (the table, mostly)."""
        return self.table.nbytes + self.numbers.nbytes + self.words.nbytes

    def ready(self, deadline: float | None) -> bool:
        """Whether the search's kernels are ready to run (see ``make_ready``; once they are, this
        asks nothing more: it comes before every search).  Once ready, the search calls the
        machine code of ``kernels.search_at`` and ``kernels.quick_score_at`` (``search_code``,
        ``quick_code``), bound to the address of its int64 block: not numba's dispatcher, which
        would type each argument again at every call, and no array to unbox."""
        if self.search_code is None:
            if not self.make_ready(deadline):
                return False
            address = address_of(self.numbers)
            self.quick_code = partial(machine_code(self.kernels.quick_score_at, 0, 0, 0), address)
            self.search_code = partial(machine_code(self.kernels.search_at, 0, 0, 0, False, True, 0), address)
        return True

    def make_ready(self, deadline: float | None) -> bool:
        """Whether the search's kernels are ready to run: compiled in this process, else loaded
        now from numba's cache, else (seconds of compiling, once after install) compiled here
        when there is no ``deadline``; with one, numba compiles them in the background and this
        waits for them until ``deadline`` (a ``time.monotonic()`` value) at most."""
        from gamesman.players.compiled import made_ready

        seconds = None if deadline is None else max(0.0, deadline - time.monotonic())
        return made_ready(EXACT_KERNELS, self.kernels.search_at, self.warm, seconds)

    def warm(self) -> None:
        """Compile (or load) the kernels a search calls, on arrays of their own (so that it may
        run in another thread while this search goes on)."""
        import numpy as np

        table, numbers, words = self.empty_table(2), self.numbers.copy(), self.words.copy()
        numbers[self.kernels.TABLE_AT:self.kernels.LINKS_END] = links(table, self.opening_entries, words, numbers, None)
        self.kernels.search_at(address_of(numbers), 0, 0, False, True, 0)
        self.kernels.quick_score_at(address_of(numbers), 0, 0)
        self.kernels.table_key(np.uint64(0), np.uint64(0), self.board.rows, self.board.cols)

    def score(self, mine: int, mask: int, progress: ProgressFn | None = None, deadline: float | None = None) -> int:
        """The exact score of a position where no line is complete and a cell is empty:
        ``mine`` the pieces of the player to move, ``mask`` all pieces (bitboards).  With
        a ``deadline`` (a ``time.monotonic()`` value) it raises OutOfTime when the search has
        not ended by then (what the table learnt stays).  Once the search is ready, a position
        of the opening book or one its player wins with the next piece is answered by one small
        compiled call and nothing else; without progress or a deadline, any other that takes
        less than SLICE nodes by one more call, without the loop of ``_search`` (a first call
        of it in a process, with its reads of the nodes, costs microseconds too)."""
        quick, search = self.quick_code, self.search_code
        if quick is None or search is None or progress is not None or deadline is not None:
            return self._search(mine, mask, progress, deadline, sign_only=False)
        known = quick(mine, mask)
        if known != NOT_IN_BOOK:
            return known
        low = search(mine, mask, False, True, SLICE)
        return low if low != STOPPED else self._search(mine, mask, None, None, sign_only=False, begun=True)

    def outcome(self, mine: int, mask: int, deadline: float) -> int | None:
        """1, 0 or -1 as the player to move wins, ties or loses (the sign of ``score``, found
        by at most two null windows, around 0 and -1), or None when the search has not ended
        by ``deadline`` (a ``time.monotonic()`` value)."""
        try:
            low = self._search(mine, mask, None, deadline, sign_only=True)
        except OutOfTime:
            return None
        return (low > 0) - (low < 0)

    def _search(self, mine: int, mask: int, progress: ProgressFn | None, deadline: float | None,
                sign_only: bool, begun: bool = False) -> int:
        """The search behind ``score`` and ``outcome`` (with ``sign_only``, its windows kept
        within [-1, 1]): the lower bound it ends with, the score itself unless ``sign_only``;
        ``begun``: the compiled search has begun the position already (without progress or
        a deadline), and stopped.  It returns to Python every SLICE nodes (DEADLINE_SLICE with
        a deadline), and when the table is due to grow (the search goes on in the larger
        table); a position quicker than that is answered by one call of the compiled search."""
        search = self.search_code
        if search is None:
            if not self.ready(deadline):
                raise OutOfTime("the exact search is being compiled (once after install)")
            search = self.search_code
            assert search is not None
        budget = SLICE if deadline is None else DEADLINE_SLICE
        low = STOPPED
        before = self.nodes - (int(self.state[self.kernels.NODES]) if begun else 0)
        while low == STOPPED:
            if begun and self.grow_at is not None and self.state[self.kernels.NODES] > self.grow_at:
                self.grow()
            if deadline is not None and time.monotonic() > deadline:
                raise OutOfTime(f"the exact search has not ended after {self.nodes - before:,} nodes")
            low, begun = search(mine, mask, sign_only, not begun, budget), True
            if progress:
                progress("exact search (can take minutes; Ctrl-C stops)" if deadline is None else "exact search",
                         self.nodes - before, None)
        return low

    def arrays(self) -> SearchArrays:
        """The arrays ``kernels.search_many`` takes, the table as it is now."""
        return self.table, self.opening_entries, self.numbers, self.words

    def scores(self, mines: "np.ndarray", masks: "np.ndarray") -> "np.ndarray":
        """``score`` of many positions at once (arrays of bitboards), without progress."""
        import numpy as np

        mines, masks = np.asarray(mines, np.uint64), np.asarray(masks, np.uint64)
        scores = np.zeros(len(mines), np.int64)
        self.kernels.search_many(*self.arrays(), mines, masks, scores)
        return scores

    def result(self, cells: str, mover: str, other: str, progress: ProgressFn | None = None,
               keep: bool = False, deadline: float | None = None) -> Result:
        """GAMESMAN's result of a board in play (no line yet, a cell empty), ``cells`` row
        1 first in ``mover``'s and ``other``'s letters (``-`` empty), ``mover`` to move;
        ``keep``: into the book even if the search was quick (the book command's positions);
        ``deadline``: see ``score``; the time the search takes to get ready (loading its compiled
        code from numba's cache, or waiting for it to compile, once a process) is not counted."""
        import numpy as np

        began = time.monotonic()
        if not self.ready(deadline):  # (the book's keys are the kernels' too)
            raise OutOfTime("the exact search is being compiled (once after install)")
        if deadline is not None:
            deadline += time.monotonic() - began
        mine, theirs = self.board.masks_of(cells, "-" + mover + other, mover, other)
        mask = mine | theirs
        empty = self.cells - mask.bit_count()
        key = int(self.kernels.table_key(np.uint64(mine), np.uint64(mask), self.board.rows, self.board.cols))
        score = None if self.book is None else self.book.get(key)
        if score is None:
            before = self.nodes
            score = self.score(mine, mask, progress, deadline)
            if self.book is not None and (keep or self.nodes - before >= WORTH_KEEPING):
                self.book.add(key, score)
        return result_of_score(score, empty)
