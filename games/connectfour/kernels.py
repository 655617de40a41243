"""The inner loops of Connect Four's exact search, compiled by numba when it is installed.

Bitboards in John Tromp's layout (the one :class:`gamesman.boards.codes.ColumnStacks`
uses): column c takes bits c*(rows+1) up, row 1 lowest, with a spare bit on top of
each column that stays clear.  A position is two words: ``mine``, the pieces of the
player to move, and ``mask``, all pieces.

The search is Pascal Pons' (http://blog.gamesolver.org): negamax with alpha-beta
over scores, a transposition table of bounds, moves ordered by the winning cells
they create (centre columns first among equals), moves that hand the opponent a
win left out, and null-window searches that narrow the score to its exact value.
Beyond it: the table keeps two slots a bucket, one for the bound that took the most
work and one for the newest, and grows when a
search runs long; the null windows start at 0 and then step away from the bound
found, by 1, 2, 4 ... (the empty board: a win, then not above 1: two searches); and
before searching its moves a position looks up the positions they make, in case the
table already refutes the window through one of them (an enhanced transposition cutoff;
only where many cells are empty: ``geometry[CUTOFF_EMPTY]``).
With an opening book (:mod:`gamesman.games.connectfour.openings`), a position of the
book's pieces is looked up in it (and its mirror image) instead of searched: the
positions of fewer pieces search down to it.
A score counts how early the game ends: with ``e`` empty cells, winning with the
next piece scores ``(e + 1) // 2``, each later piece of one's own one less; a loss
is the opponent's score negated; a tie is 0.

The negamax keeps its own stack of frames in arrays instead of recursing, so that
a search can stop after a budget of nodes and go on later where it stopped: the
caller gets control back often (for progress and Ctrl-C) and the search loses
nothing.  Python calls it through whole numbers only (``search_at``, ``quick_score_at``:
the address of the search's int64 block, which holds where its other arrays lie), and a
position of the book, or one won with the next piece, is answered by the small
``quick_score_at`` alone.  This module imports numba at its top; it is imported only when a search
runs, so that starting the program stays quick.  Without numba the same functions
run as plain Python (correct, but hundreds of times slower).
"""
from __future__ import annotations

import numpy as np

from gamesman.boards.kernels import COMPILED, bit_count, compiled  # noqa: F401  (COMPILED: whether these kernels run as machine code)
from gamesman.players.compiled import array_at

ZERO = np.uint64(0)
ONE = np.uint64(1)
FULL = np.uint64(0xFFFF_FFFF_FFFF_FFFF)
BYTE = np.uint64(0xFF)
#: The low bits of a position's key that a slot keeps: with the slot's bucket (the key modulo
#: a prime over 2**16) they tell apart every key of 56 bits, the largest board's.
KEY_BITS = np.uint64(40)
KEY_MASK = (ONE << KEY_BITS) - ONE
#: Above the key, a slot keeps the bound (a byte: 0 for none, upper bounds first, then
#: lower ones) and the work it took (a byte: the bit length of the nodes searched for it).
WORK_SHIFT = np.uint64(48)
#: Positions of fewer pieces than this share their key with their mirror image (deeper,
#: mirror images rarely meet, and the mirror costs time at every node).
MIRRORED_BELOW = 16
#: The line length whose kernels are compiled for it apart (the standard rules: the loops
#: over the line unroll), though from the same code.
STANDARD_IN_A_ROW = 4

# The slots of a search's state (an int64 array): where the stack is, whether a value is
# on its way back to the frame on top, that value, the bounds of the score found so far,
# the null window's middle, the phase (0: nothing begun; WINDOW: a null-window search
# runs; DONE: the score is LOW), the step to the next window (see ``next_window``), the
# nodes searched since the search began (see ``start``) and those of every search so far.
SP, RETURNING, VALUE, LOW, HIGH, MIDDLE, PHASE, STEP, NODES, TOTAL = range(10)
STATE_SIZE = 10
WINDOW, DONE = 1, 2
#: ``state[STEP]`` once both bounds have moved: the windows halve what is left.
HALVING = 1 << 40

# The slots of the geometry (an int64 array): rows, columns, pieces in a line, the
# lowest score the table holds, the span of scores (see ``store``), the pieces of the
# opening book's positions (-1: no book), and the fewest empty cells of a position where
# the search tries an enhanced cutoff (see ``negamax``).
ROWS, COLS, IN_A_ROW, LOWEST, SPAN, BOOK_PLIES, CUTOFF_EMPTY = range(7)
GEOMETRY_SIZE = 7
# After the geometry, the links (see ``search_at``): where the table, the book and the
# uint64 block lie in memory and their lengths, the int64 block's own length, and the
# nodes of a search after which it returns so that the table can grow (-1: never).
TABLE_AT, TABLE_SLOTS, BOOK_AT, BOOK_LENGTH, WORDS_AT, WORDS_LENGTH, NUMBERS_LENGTH, GROW_AT = range(
    GEOMETRY_SIZE, GEOMETRY_SIZE + 8)
LINKS_END = GEOMETRY_SIZE + 8
#: What ``search`` returns when it stops before the score is found.
STOPPED = -(1 << 62)
#: ``book_score`` of a position the book leaves out, and ``quick_score`` of one it must search
#: (scores are far smaller).
NOT_IN_BOOK = -(1 << 40)
#: The low bits of a book's entry that hold the score (the key above them: see ``book_codes``).
BOOK_SCORE_BITS = np.int64(8)
#: The top bits of a book's code that its index goes by (see ``book_starts``), and its length.
BOOK_INDEX_BITS = 20
BOOK_INDEX_SIZE = (1 << BOOK_INDEX_BITS) + 1
# The masks (a uint64 array): the bottom cell of each column, the whole board, then
# each column's cells in the order moves are tried.
BOTTOM, BOARD, FIRST_COLUMN = range(3)
# The columns of a frame (a uint64 array): the position (mine, mask), its table key, the
# nodes searched (``state[NODES]``) when the frame was entered, and the empty cells that
# would complete a line of the opponent (known from the move that made the position).
MINE, MASK, KEY, ENTERED, THREATS = range(5)
FRAME_SIZE = 5
# A move of a frame (a uint64 pair): its cell, and the empty cells that would then complete
# a line of its player (their number ranks the move).
CELL, MADE = range(2)


@compiled
def bit_length(bits):
    """The number of bits up to the highest set one (0 for none)."""
    for by in (1, 2, 4, 8, 16, 32):
        bits |= bits >> np.uint64(by)
    return bit_count(bits)


@compiled
def winning_cells(mine, mask, rows, in_a_row, board):
    """The empty cells (playable or not) that would complete a line of ``mine``."""
    if in_a_row == STANDARD_IN_A_ROW:  # the same code, with its loops unrolled
        return cells_completing(mine, mask, rows, STANDARD_IN_A_ROW, board)
    return cells_completing(mine, mask, rows, in_a_row, board)


@compiled
def cells_completing(mine, mask, rows, in_a_row, board):
    """``winning_cells`` for any line length (every shift stays under 64: see ``ExactSearch``)."""
    found = FULL
    for j in range(1, in_a_row):  # up the column
        found &= mine << np.uint64(j)
    for step in (np.uint64(rows + 1), np.uint64(rows), np.uint64(rows + 2)):  # across, and the two diagonals
        low = FULL  # the cell's ``before`` nearest neighbours on the low side are ``mine``
        for before in range(in_a_row):
            high = FULL  # and the rest of the line on the high side
            for j in range(1, in_a_row - before):
                high &= mine >> (np.uint64(j) * step)
            found |= low & high
            low &= mine << (np.uint64(before + 1) * step)
    return found & (board ^ mask)


@compiled
def can_win_next(mine, mask, masks, geometry):
    playable = (mask + masks[BOTTOM]) & masks[BOARD]
    return winning_cells(mine, mask, geometry[ROWS], geometry[IN_A_ROW], masks[BOARD]) & playable != ZERO


@compiled
def table_key(mine, mask, rows, cols):
    """A position's key in the table: ``mine + mask`` (a column's pieces, with a mark above
    them, and the player's pieces among them), or its mirror image's key if smaller, so that
    a position and its mirror image share what is found."""
    key = mine + mask
    height = rows + 1
    column = (ONE << np.uint64(height)) - ONE
    mirrored = ZERO
    for col in range(cols):
        mirrored |= ((key >> np.uint64(col * height)) & column) << np.uint64((cols - 1 - col) * height)
    return min(key, mirrored)


@compiled
def search_key(mine, mask, rows, cols, pieces):
    """The key the search files a position of ``pieces`` pieces under (see MIRRORED_BELOW)."""
    return table_key(mine, mask, rows, cols) if pieces < MIRRORED_BELOW else mine + mask


def column_codes(rows):
    """The opening book's code of each column of up to ``rows`` pieces (see ``book_codes``), by
    its pieces ``p`` and the second player's among them (``s``, bit i the cell of row i + 1):
    ``codes[p, s]``.

    >>> int(column_codes(6)[2, 0b10])   # the first player's piece, the second's above it: 10 11 0
    22
    """
    codes = np.zeros((rows + 1, 1 << rows), np.int64)
    for pieces in range(rows + 1):
        for second in range(1 << pieces):
            code = 0
            for row in range(pieces):
                code = (code << 2) | (3 if second >> row & 1 else 2)
            codes[pieces, second] = code << 1
    return codes


#: The rows of the tallest board whose positions have a book code (the published book's has 6).
BOOK_CODE_ROWS = 8
COLUMN_CODES = column_codes(BOOK_CODE_ROWS)


@compiled
def book_codes(first, mask, rows, cols):
    """A position's key in the opening book, and its mirror image's (``first``: the first player's
    pieces; at most BOOK_CODE_ROWS rows): columns left to right (right to left for the mirror
    image), each its pieces from the bottom, ``10`` the first player's and ``11`` the other's,
    then ``0``; one ``0`` more at the end; each read as a signed 32-bit number (the book's
    positions take 32 bits)."""
    code, mirrored, shift = np.int64(0), np.int64(0), np.int64(1)
    height = np.uint64(rows + 1)
    column = (ONE << np.uint64(rows)) - ONE
    second = mask ^ first
    for col in range(cols):
        at = np.uint64(col) * height
        pieces = bit_count((mask >> at) & column)
        column_code = COLUMN_CODES[pieces, (second >> at) & column]
        code = (code << (2 * pieces + 1)) | column_code
        mirrored |= column_code << shift
        shift += 2 * pieces + 1
    code <<= 1
    return signed_32(code), signed_32(mirrored)


@compiled
def signed_32(code):
    """A code of 32 bits read as a signed number."""
    return code - (1 << 32) if code >= 1 << 31 else code


@compiled
def book_score(book, first, mask, rows, cols):
    """The score a book gives a position or its mirror image, the first player to move; else
    NOT_IN_BOOK.  The ``book``: BOOK_INDEX_SIZE starts (see ``book_starts``), then the entries
    (sorted: ``book_codes`` above BOOK_SCORE_BITS, the score in the low byte)."""
    for code in book_codes(first, mask, rows, cols):
        top = (code + (1 << 31)) >> (32 - BOOK_INDEX_BITS)
        low, high = book[top], book[top + 1]  # where the entries whose codes begin so lie
        while low < high:  # the first of them whose code is not below ``code``
            middle = (low + high) >> 1
            if book[middle] >> BOOK_SCORE_BITS < code:
                low = middle + 1
            else:
                high = middle
        if low < book[top + 1] and book[low] >> BOOK_SCORE_BITS == code:
            return entry_score(book[low])
    return NOT_IN_BOOK


def book_starts(entries):
    """The index ``book_score`` reads before a book's sorted ``entries``: for each value of a
    code's top BOOK_INDEX_BITS (the code read as unsigned), the first entry whose code begins so,
    counted from the index's start; one more, past the last entry.  With it a look-up searches
    a hundred entries at most, not millions.

    >>> entries = np.array([-(1 << 31), -1, 0, (1 << 31) - 1]) << BOOK_SCORE_BITS
    >>> starts = book_starts(entries)
    >>> len(starts) == BOOK_INDEX_SIZE, (starts[:2] - BOOK_INDEX_SIZE).tolist(), int(starts[-1] - BOOK_INDEX_SIZE)
    (True, [0, 1], 4)
    """
    bounds = (np.arange(BOOK_INDEX_SIZE, dtype=np.int64) << (32 - BOOK_INDEX_BITS)) - (1 << 31)
    return BOOK_INDEX_SIZE + np.searchsorted(entries, bounds << BOOK_SCORE_BITS)


@compiled
def entry_score(entry):
    """The score a book's entry holds in its low byte (signed)."""
    return ((entry & 0xFF) ^ 0x80) - 0x80


@compiled
def bucket(table, key):
    """The first of the two slots where ``key``'s bound may be kept (the key modulo a prime)."""
    return modulo(key, np.uint64(len(table) // 2)) * np.uint64(2)


@compiled
def modulo(key, divisor):
    """``key % divisor`` for a key under 2**56 and a divisor under 2**32, without the division
    of 64-bit integers (tens of cycles, at every node): the quotient in floating point is off
    by one at most (the key rounds by less than 8, the divisor's reciprocal by a relative
    2**-53), which one step puts right.

    >>> keys = [0, 1, 65_536, 65_537, (1 << 56) - 1, (1 << 56) - 65_537, 123_456_789_012_345]
    >>> all(int(modulo(np.uint64(key), np.uint64(65_537))) == key % 65_537 for key in keys)
    True
    """
    quotient = np.uint64(np.float64(key) * (1.0 / np.float64(divisor)))
    rest = np.int64(key - quotient * divisor)  # (in the wrap-around of uint64: within a divisor of it)
    if rest < 0:
        rest += np.int64(divisor)
    elif rest >= np.int64(divisor):
        rest -= np.int64(divisor)
    return np.uint64(rest)


@compiled
def bound(table, key):
    """The bound byte kept for ``key`` (0 for none)."""
    at = bucket(table, key)
    tag = key & KEY_MASK
    for slot in (table[at], table[at + ONE]):
        if slot & KEY_MASK == tag:
            return np.int64((slot >> KEY_BITS) & BYTE)
    return 0


@compiled
def keep(table, key, slot):
    """Put ``slot`` (``key``'s) in its bucket: in the first slot if it took at least the
    work of what is there (or updates it), else in the second, which always takes the newest."""
    at = bucket(table, key)
    first = table[at]
    if first & KEY_MASK == key & KEY_MASK or first >> WORK_SHIFT <= slot >> WORK_SHIFT:
        table[at] = slot
    else:
        table[at + ONE] = slot


@compiled
def store(table, key, score, lower, work, geometry):
    """Keep a bound on the score of the position ``key``, found by searching ``work`` nodes."""
    entry = score - geometry[LOWEST] + 1
    if lower:
        entry += geometry[SPAN]
    keep(table, key, (key & KEY_MASK) | (np.uint64(entry) << KEY_BITS)
         | (np.uint64(min(bit_length(work), 255)) << WORK_SHIFT))


@compiled
def proven_by_moves(table, mine, mask, playable, masks, geometry, pieces, beta):
    """A score the table proves for the player to move (``pieces`` on the board) through
    one of its ``playable`` moves, the bound kept for the position the move makes negated:
    the first one of ``beta`` or more, else the best (``geometry[LOWEST] - 1`` if none)."""
    rows, cols, lowest, span = geometry[ROWS], geometry[COLS], geometry[LOWEST], geometry[SPAN]
    best = lowest - 1
    for c in range(cols):
        move = playable & masks[FIRST_COLUMN + c]
        if move != ZERO:
            entry = bound(table, search_key(mine ^ mask, mask | move, rows, cols, pieces + 1))
            if 0 < entry <= span:  # an upper bound on the move's position
                best = max(best, -(entry + lowest - 1))
                if best >= beta:
                    break
    return best


@compiled
def regrow(old, table, inverse):
    """Put every bound of the table ``old`` in the (larger) ``table``, with the work it took.

    A slot keeps only a key's low KEY_BITS; the rest follows from its bucket (the Chinese
    remainder theorem): ``inverse`` is 2**KEY_BITS's inverse modulo ``old``'s prime."""
    prime = np.uint64(len(old) // 2)
    for at in range(len(old)):
        slot = old[at]
        if (slot >> KEY_BITS) & BYTE != ZERO:
            tag = slot & KEY_MASK
            high = ((np.uint64(at // 2) + prime - tag % prime) % prime) * inverse % prime
            keep(table, tag | (high << KEY_BITS), slot)


@compiled
def negamax(geometry, masks, table, book, frames, windows, moves, ranks, counts, state, budget):
    """Run the null-window search in ``state`` for at most ``budget`` nodes; the nodes visited.

    Frames (one per depth): ``frames[d]`` the position (see MINE ... THREATS; the root's
    threats are found here), ``windows[d]`` (alpha, beta), ``moves[d]``/``ranks[d]`` its
    moves (see CELL, MADE) in the order tried,
    ``counts[d]`` (how many, the next one).  A frame's position never allows its player
    to win with the next piece (the caller checks the root; moves that allow it are never tried).
    A position of ``geometry[BOOK_PLIES]`` pieces takes the ``book``'s score (see ``book_score``)
    when it holds one (the first player is to move there: the book's pieces are even).  A
    position of at least ``geometry[CUTOFF_EMPTY]`` empty cells tries the enhanced cutoff
    before its moves (``proven_by_moves``), unless its moves make the book's positions.
    """
    rows, cols, in_a_row = geometry[ROWS], geometry[COLS], geometry[IN_A_ROW]
    lowest, span = geometry[LOWEST], geometry[SPAN]
    bottom, board = masks[BOTTOM], masks[BOARD]
    cells = rows * cols
    sp, returning, value = state[SP], state[RETURNING], state[VALUE]
    before = state[NODES]  # nodes searched before this call
    nodes = 0
    while True:
        if returning == 0:  # enter the frame on top
            if nodes >= budget:
                break
            mine, mask = frames[sp, MINE], frames[sp, MASK]
            frames[sp, ENTERED] = np.uint64(before + nodes)
            nodes += 1
            alpha, beta = windows[sp, 0], windows[sp, 1]
            empty = cells - bit_count(mask)
            threats = frames[sp, THREATS] if sp > 0 else winning_cells(mine ^ mask, mask, rows, in_a_row, board)
            playable = (mask + bottom) & board
            forced = playable & threats
            if forced != ZERO:
                playable = ZERO if forced & (forced - ONE) != ZERO else forced
            playable &= ~(threats >> ONE)  # never play under the opponent's winning cell
            if playable == ZERO:  # the opponent wins with the next piece
                value, returning, sp = -(empty // 2), 1, sp - 1
                continue
            if empty <= 2:  # neither player can complete a line any more
                value, returning, sp = 0, 1, sp - 1
                continue
            low = -((empty - 2) // 2)  # the opponent cannot win with the next piece
            high = (empty - 1) // 2  # nor can the player to move
            pieces = cells - empty
            known = book_score(book, mine, mask, rows, cols) if pieces == geometry[BOOK_PLIES] else NOT_IN_BOOK
            if known != NOT_IN_BOOK:  # (the table never holds what the book does)
                low, high = known, known
            else:
                key = search_key(mine, mask, rows, cols, pieces)
                frames[sp, KEY] = key
                entry = bound(table, key)
                if entry > span:
                    low = max(low, entry - span + lowest - 1)
                elif entry != 0:
                    high = min(high, entry + lowest - 1)
            alpha, beta = max(alpha, low), min(beta, high)
            if alpha >= beta:
                value, returning, sp = (alpha if low >= windows[sp, 1] else beta), 1, sp - 1
                continue
            if empty >= geometry[CUTOFF_EMPTY] and pieces + 1 != geometry[BOOK_PLIES]:
                proven = proven_by_moves(table, mine, mask, playable, masks, geometry, pieces, beta)
                if proven >= beta:  # the table already refutes the window through a move (an enhanced cutoff)
                    value, returning, sp = proven, 1, sp - 1
                    continue
            count = 0
            for c in range(cols):
                move = playable & masks[FIRST_COLUMN + c]
                if move != ZERO:
                    made = winning_cells(mine | move, mask, rows, in_a_row, board)
                    rank = bit_count(made)
                    at_rank = count
                    while at_rank > 0 and ranks[sp, at_rank - 1] < rank:  # stable: centre first among equals
                        moves[sp, at_rank, CELL], moves[sp, at_rank, MADE] = (moves[sp, at_rank - 1, CELL],
                                                                              moves[sp, at_rank - 1, MADE])
                        ranks[sp, at_rank] = ranks[sp, at_rank - 1]
                        at_rank -= 1
                    moves[sp, at_rank, CELL], moves[sp, at_rank, MADE], ranks[sp, at_rank] = move, made, rank
                    count += 1
            counts[sp, 0], counts[sp, 1] = count, 0
            windows[sp, 0], windows[sp, 1] = alpha, beta
        else:  # a child's value comes back
            if sp < 0:
                break
            score = -value
            if score >= windows[sp, 1]:
                store(table, frames[sp, KEY], score, True, np.uint64(before + nodes) - frames[sp, ENTERED], geometry)
                value, sp = score, sp - 1
                continue
            if score > windows[sp, 0]:
                windows[sp, 0] = score
        following = counts[sp, 1]
        if following < counts[sp, 0]:  # the next child
            counts[sp, 1] = following + 1
            mine, mask = frames[sp, MINE], frames[sp, MASK]
            move = moves[sp, following, CELL]
            frames[sp + 1, MINE], frames[sp + 1, MASK] = mine ^ mask, mask | move
            frames[sp + 1, THREATS] = moves[sp, following, MADE] & ~move
            windows[sp + 1, 0], windows[sp + 1, 1] = -windows[sp, 1], -windows[sp, 0]
            sp, returning = sp + 1, 0
        else:  # every child is worse than alpha: alpha is an upper bound
            value = windows[sp, 0]
            store(table, frames[sp, KEY], value, False, np.uint64(before + nodes) - frames[sp, ENTERED], geometry)
            returning, sp = 1, sp - 1
    state[SP], state[RETURNING], state[VALUE], state[NODES] = sp, returning, value, before + nodes
    return nodes


@compiled
def next_window(state, windows):
    """Begin the next null-window search, which tells whether the score is above a middle.

    The first middle is 0 (a win or not), where most scores lie; then, while the same
    bound keeps moving, the middle goes one past it, then 2, 4, 8 ... past it (the score of
    a position in play is mostly near the first bound found: the empty board's is 1, found
    by two searches); once both bounds have moved, each middle halves what is left.
    """
    low, high, step = state[LOW], state[HIGH], state[STEP]
    if step == 0:
        middle = 0
    elif step == HALVING:
        middle = low + (high - low) // 2
    elif step > 0:
        middle = low + step - 1
    else:
        middle = high + step
    middle = min(max(middle, low), high - 1)
    windows[0, 0], windows[0, 1] = middle, middle + 1
    state[MIDDLE] = middle
    state[SP], state[RETURNING], state[PHASE] = 0, 0, WINDOW


@compiled
def quick_score(geometry, masks, book, mine, mask):
    """The score of the position ``mine``, ``mask`` without a search: a win with the next
    piece, or a position of the ``book``; else NOT_IN_BOOK."""
    empty = geometry[ROWS] * geometry[COLS] - bit_count(mask)
    if can_win_next(mine, mask, masks, geometry):
        return (empty + 1) // 2
    if geometry[ROWS] * geometry[COLS] - empty == geometry[BOOK_PLIES]:
        return book_score(book, mine, mask, geometry[ROWS], geometry[COLS])
    return NOT_IN_BOOK


@compiled
def start(geometry, frames, windows, state, mine, mask, sign_only):
    """Set ``state`` to begin the exact score of the position ``mine``, ``mask``, one without
    a ``quick_score`` (its bounds and its first window, 0: a win or not); ``sign_only``: the
    windows kept within [-1, 1], so that the search finds the score's sign only."""
    frames[0, MINE], frames[0, MASK] = mine, mask
    state[:TOTAL] = 0
    empty = geometry[ROWS] * geometry[COLS] - bit_count(mask)
    state[LOW], state[HIGH] = -(empty // 2), (empty + 1) // 2
    if sign_only:
        state[LOW], state[HIGH] = max(state[LOW], -1), min(state[HIGH], 1)
    next_window(state, windows)


def block_sizes(rows, cols):
    """The lengths of a search's two blocks of memory (see ``layout``) for a board of ``rows``
    and ``cols``: int64 numbers, uint64 words.

    >>> block_sizes(6, 7)
    (509, 845)
    """
    depth = rows * cols + 2
    return LINKS_END + STATE_SIZE + depth * (4 + cols), FIRST_COLUMN + cols + depth * (FRAME_SIZE + 2 * cols)


@compiled
def layout(numbers, words):
    """A search's arrays, views of its two blocks of memory (``numbers``, int64, and ``words``,
    uint64, of ``block_sizes``: a call from Python passes two arrays, not ten, and Python's
    views are these too, by ``layout.py_func``): geometry, state, windows, ranks, counts;
    masks, frames, moves (see ``negamax``)."""
    cols = numbers[COLS]
    depth = numbers[ROWS] * cols + 2
    state = numbers[LINKS_END:LINKS_END + STATE_SIZE]
    at = LINKS_END + STATE_SIZE
    windows = numbers[at:at + 2 * depth].reshape((depth, 2))
    ranks = numbers[at + 2 * depth:at + (2 + cols) * depth].reshape((depth, cols))
    counts = numbers[at + (2 + cols) * depth:at + (4 + cols) * depth].reshape((depth, 2))
    at = FIRST_COLUMN + cols
    frames = words[at:at + FRAME_SIZE * depth].reshape((depth, FRAME_SIZE))
    moves = words[at + FRAME_SIZE * depth:at + (FRAME_SIZE + 2 * cols) * depth].reshape((depth, cols, 2))
    return numbers[:GEOMETRY_SIZE], state, windows, ranks, counts, words[:at], frames, moves


@compiled
def search(table, book, numbers, words, mine, mask, sign_only, begin, budget):
    """Go on with the exact score of the position in ``frames[0]`` for about ``budget`` nodes;
    with ``begin``, begin that of ``mine``, ``mask`` first: its ``quick_score`` if it has one
    (before anything else), else from ``start``; a position that takes less than ``budget``
    is answered in one call.  The search's arrays are views of
    ``numbers`` and ``words`` (see ``layout``); it stops early once it has searched more
    than ``numbers[GROW_AT]`` nodes, so that the table can grow.

    Returns the score once it is found (``state[LOW]``), else STOPPED; the nodes visited are
    added to ``state[TOTAL]``.
    """
    if begin:
        known = quick_score(numbers[:GEOMETRY_SIZE], words[:FIRST_COLUMN + numbers[COLS]], book, np.uint64(mine),
                            np.uint64(mask))
        if known != NOT_IN_BOOK:
            return known
    geometry, state, windows, ranks, counts, masks, frames, moves = layout(numbers, words)
    if begin:
        start(geometry, frames, windows, state, np.uint64(mine), np.uint64(mask), sign_only)
    state[TOTAL] += run(geometry, masks, table, book, frames, windows, moves, ranks, counts, state, budget,
                        numbers[GROW_AT])
    return state[LOW] if state[PHASE] == DONE else STOPPED


@compiled
def linked(address):
    """The table, the book and the two blocks of a search whose int64 block lies at ``address``
    (its links: see TABLE_AT ...): what a call from Python reaches through one whole number,
    without arrays to type and unbox (some microseconds, where a whole answer from the book
    takes some fifteen)."""
    numbers = array_at(address, array_at(address, LINKS_END, np.int64)[NUMBERS_LENGTH], np.int64)
    return (array_at(numbers[TABLE_AT], numbers[TABLE_SLOTS], np.uint64),
            array_at(numbers[BOOK_AT], numbers[BOOK_LENGTH], np.int64), numbers,
            array_at(numbers[WORDS_AT], numbers[WORDS_LENGTH], np.uint64))


@compiled
def search_at(address, mine, mask, sign_only, begin, budget):
    """``search`` of the search whose int64 block lies at ``address`` (see ``linked``)."""
    table, book, numbers, words = linked(address)
    return search(table, book, numbers, words, mine, mask, sign_only, begin, budget)


@compiled
def quick_score_at(address, mine, mask):
    """``quick_score`` of the position ``mine``, ``mask`` for the search whose int64 block lies at
    ``address`` (see ``linked``): a small function apart from ``search_at``, so that a position
    of the book runs little machine code (a first call runs it cold: a microsecond or two less)."""
    _, book, numbers, words = linked(address)
    return quick_score(numbers[:GEOMETRY_SIZE], words[:FIRST_COLUMN + numbers[COLS]], book, np.uint64(mine),
                       np.uint64(mask))


@compiled
def run(geometry, masks, table, book, frames, windows, moves, ranks, counts, state, budget, grow_at):
    """Run the null-window searches of the score in ``state`` until it is found, for at
    most ``budget`` nodes, and no further once the search has visited more than ``grow_at``
    nodes since it began (unless ``grow_at`` is negative); the nodes visited."""
    nodes = 0
    while state[PHASE] == WINDOW and nodes < budget:
        allowed = budget - nodes
        if grow_at >= 0:
            if state[NODES] > grow_at:
                break
            allowed = min(allowed, grow_at + 1 - state[NODES])
        nodes += negamax(geometry, masks, table, book, frames, windows, moves, ranks, counts, state, allowed)
        if state[SP] < 0:  # the window's search is over
            above = state[VALUE] > state[MIDDLE]
            if above:
                state[LOW] = state[VALUE]
            else:
                state[HIGH] = state[VALUE]
            step = state[STEP]
            if step == 0:
                state[STEP] = 1 if above else -1
            elif step != HALVING and (step > 0) == above:
                state[STEP] = 2 * step
            else:
                state[STEP] = HALVING
            if state[LOW] < state[HIGH]:
                next_window(state, windows)
            else:
                state[PHASE] = DONE
    return nodes


@compiled
def search_many(table, book, numbers, words, mines, boards, scores):
    """The exact scores of many positions (as ``search`` takes them, without a budget; the
    table does not grow)."""
    geometry, state, windows, ranks, counts, masks, frames, moves = layout(numbers, words)
    for at in range(len(mines)):
        scores[at] = quick_score(geometry, masks, book, mines[at], boards[at])
        if scores[at] == NOT_IN_BOOK:
            start(geometry, frames, windows, state, mines[at], boards[at], False)
            state[TOTAL] += run(geometry, masks, table, book, frames, windows, moves, ranks, counts, state, 1 << 62,
                                -1)
            scores[at] = state[LOW]
