"""The inner loops of Connect Four's exact search, compiled by numba when it is installed.

Bitboards in John Tromp's layout (the one :class:`gamesman.boards.codes.ColumnStacks`
uses): column c takes bits c*(rows+1) up, row 1 lowest, with a spare bit on top of
each column that stays clear.  A position is two words: ``mine``, the pieces of the
player to move, and ``mask``, all pieces.

The search is Pascal Pons' (http://blog.gamesolver.org): negamax with alpha-beta
over scores, a transposition table of bounds, moves ordered by the winning cells
they create (centre columns first among equals), moves that hand the opponent a
win left out, and null-window searches that narrow the score to its exact value.
A score counts how early the game ends: with ``e`` empty cells, winning with the
next piece scores ``(e + 1) // 2``, each later piece of one's own one less; a loss
is the opponent's score negated; a tie is 0.

The negamax keeps its own stack of frames in arrays instead of recursing, so that
a search can stop after a budget of nodes and go on later where it stopped: the
caller gets control back often (for progress and Ctrl-C) and the search loses
nothing.  This module imports numba at its top; it is imported only when a search
runs, so that starting the program stays quick.  Without numba the same functions
run as plain Python (correct, but hundreds of times slower).
"""
from __future__ import annotations

import numpy as np

from gamesman.players.compiled import COMPILED, compiled  # noqa: F401  (COMPILED: whether these kernels run as machine code)

ZERO = np.uint64(0)
ONE = np.uint64(1)
FULL = np.uint64(0xFFFF_FFFF_FFFF_FFFF)
#: A position's key (mine + mask) takes at most this many bits; a table slot keeps a bound above it.
KEY_BITS = np.uint64(56)
KEY_MASK = (ONE << KEY_BITS) - ONE

# The slots of a search's state (an int64 array): where the stack is, whether a value is
# on its way back to the frame on top, that value, the bounds of the score found so far,
# the null window's middle, and the phase (START: nothing done yet; WINDOW: a null-window
# search runs; DONE: the score is LOW).
SP, RETURNING, VALUE, LOW, HIGH, MIDDLE, PHASE = range(7)
STATE_SIZE = 7
START, WINDOW, DONE = 0, 1, 2

# The slots of the geometry (an int64 array): rows, columns, pieces in a line, the
# lowest score the table holds, and the span of scores (see ``store``).
ROWS, COLS, IN_A_ROW, LOWEST, SPAN = range(5)
# The masks (a uint64 array): the bottom cell of each column, the whole board, then
# each column's cells in the order moves are tried.
BOTTOM, BOARD, FIRST_COLUMN = range(3)


@compiled
def shifted(bits, by):
    """``bits`` moved ``by`` places toward the high bits (away from them when negative)."""
    if by >= 64 or by <= -64:
        return ZERO
    if by >= 0:
        return bits << np.uint64(by)
    return bits >> np.uint64(-by)


@compiled
def popcount(bits):
    """The number of set bits (the SWAR count: no loop)."""
    bits = bits - ((bits >> ONE) & np.uint64(0x5555_5555_5555_5555))
    bits = (bits & np.uint64(0x3333_3333_3333_3333)) + ((bits >> np.uint64(2)) & np.uint64(0x3333_3333_3333_3333))
    bits = (bits + (bits >> np.uint64(4))) & np.uint64(0x0F0F_0F0F_0F0F_0F0F)
    bits += bits >> np.uint64(8)
    bits += bits >> np.uint64(16)
    bits += bits >> np.uint64(32)
    return np.int64(bits & np.uint64(0x7F))


@compiled
def winning_cells(mine, mask, rows, in_a_row, board):
    """The empty cells (playable or not) that would complete a line of ``mine``."""
    below = FULL
    for j in range(1, in_a_row):
        below &= shifted(mine, j)
    found = below
    for step in (rows + 1, rows, rows + 2):  # across, and the two diagonals
        for before in range(in_a_row):  # pieces of the line on the low side of the cell
            run = FULL
            for j in range(1, before + 1):
                run &= shifted(mine, j * step)
            for j in range(1, in_a_row - before):
                run &= shifted(mine, -j * step)
            found |= run
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
def store(table, key, score, lower, geometry):
    """Keep a bound on the score of the position ``key`` in the table: the key in the low
    KEY_BITS bits of a slot, and above it a byte (0 for none), upper bounds first, then lower ones."""
    entry = score - geometry[LOWEST] + 1
    if lower:
        entry += geometry[SPAN]
    table[key % np.uint64(len(table))] = key | (np.uint64(entry) << KEY_BITS)


@compiled
def negamax(geometry, masks, table, frames, windows, moves, ranks, counts, state, budget):
    """Run the null-window search in ``state`` for at most ``budget`` nodes; the nodes visited.

    Frames (one per depth): ``frames[d]`` the position (mine, mask, its table key), ``windows[d]``
    (alpha, beta), ``moves[d]``/``ranks[d]`` its moves in the order tried, ``counts[d]``
    (how many, the next one).  A frame's position never allows its player to win with the
    next piece (the caller checks the root; moves that allow it are never tried).
    """
    rows, cols, in_a_row = geometry[ROWS], geometry[COLS], geometry[IN_A_ROW]
    lowest, span = geometry[LOWEST], geometry[SPAN]
    bottom, board = masks[BOTTOM], masks[BOARD]
    size = np.uint64(len(table))
    cells = rows * cols
    sp, returning, value = state[SP], state[RETURNING], state[VALUE]
    nodes = 0
    while True:
        if returning == 0:  # enter the frame on top
            if nodes >= budget:
                state[SP], state[RETURNING], state[VALUE] = sp, returning, value
                return nodes
            nodes += 1
            mine, mask = frames[sp, 0], frames[sp, 1]
            alpha, beta = windows[sp, 0], windows[sp, 1]
            empty = cells - popcount(mask)
            threats = winning_cells(mine ^ mask, mask, rows, in_a_row, board)
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
            key = table_key(mine, mask, rows, cols)
            frames[sp, 2] = key
            slot = table[key % size]
            entry = np.int64(slot >> KEY_BITS)
            if entry != 0 and slot & KEY_MASK == key:
                if entry > span:
                    low = max(low, entry - span + lowest - 1)
                else:
                    high = min(high, entry + lowest - 1)
            alpha, beta = max(alpha, low), min(beta, high)
            if alpha >= beta:
                value, returning, sp = (alpha if low >= windows[sp, 1] else beta), 1, sp - 1
                continue
            count = 0
            for c in range(cols):
                move = playable & masks[FIRST_COLUMN + c]
                if move != ZERO:
                    rank = popcount(winning_cells(mine | move, mask, rows, in_a_row, board))
                    at_rank = count
                    while at_rank > 0 and ranks[sp, at_rank - 1] < rank:  # stable: centre first among equals
                        moves[sp, at_rank], ranks[sp, at_rank] = moves[sp, at_rank - 1], ranks[sp, at_rank - 1]
                        at_rank -= 1
                    moves[sp, at_rank], ranks[sp, at_rank] = move, rank
                    count += 1
            counts[sp, 0], counts[sp, 1] = count, 0
            windows[sp, 0], windows[sp, 1] = alpha, beta
        else:  # a child's value comes back
            if sp < 0:
                state[SP], state[RETURNING], state[VALUE] = sp, returning, value
                return nodes
            score = -value
            if score >= windows[sp, 1]:
                store(table, frames[sp, 2], score, True, geometry)
                value, sp = score, sp - 1
                continue
            if score > windows[sp, 0]:
                windows[sp, 0] = score
        following = counts[sp, 1]
        if following < counts[sp, 0]:  # the next child
            counts[sp, 1] = following + 1
            mine, mask = frames[sp, 0], frames[sp, 1]
            frames[sp + 1, 0], frames[sp + 1, 1] = mine ^ mask, mask | moves[sp, following]
            windows[sp + 1, 0], windows[sp + 1, 1] = -windows[sp, 1], -windows[sp, 0]
            sp, returning = sp + 1, 0
        else:  # every child is worse than alpha: alpha is an upper bound
            value = windows[sp, 0]
            store(table, frames[sp, 2], value, False, geometry)
            returning, sp = 1, sp - 1


@compiled
def start_window(state, frames, windows):
    """Begin the null-window search that halves the bounds in ``state`` (Pons' choice of
    the middle, nearer 0 first, where most scores lie)."""
    low, high = state[LOW], state[HIGH]
    middle = low + (high - low) // 2
    if middle <= 0 and -((-low) // 2) < middle:
        middle = -((-low) // 2)
    elif middle >= 0 and high // 2 > middle:
        middle = high // 2
    windows[0, 0], windows[0, 1] = middle, middle + 1
    state[MIDDLE] = middle
    state[SP], state[RETURNING], state[PHASE] = 0, 0, WINDOW


@compiled
def search(geometry, masks, table, frames, windows, moves, ranks, counts, state, budget):
    """Go on with the exact score of the position in ``frames[0]`` for about ``budget`` nodes.

    Returns the nodes visited; the score is ``state[LOW]`` once ``state[PHASE]`` is DONE.
    """
    nodes = 0
    if state[PHASE] == START:
        mine, mask = frames[0, 0], frames[0, 1]
        empty = geometry[ROWS] * geometry[COLS] - popcount(mask)
        if can_win_next(mine, mask, masks, geometry):
            state[LOW], state[HIGH], state[PHASE] = (empty + 1) // 2, (empty + 1) // 2, DONE
            return 0
        state[LOW], state[HIGH] = -(empty // 2), (empty + 1) // 2
        start_window(state, frames, windows)
    while state[PHASE] == WINDOW and nodes < budget:
        nodes += negamax(geometry, masks, table, frames, windows, moves, ranks, counts, state,
                         budget - nodes)
        if state[SP] < 0:  # the window's search is over
            if state[VALUE] <= state[MIDDLE]:
                state[HIGH] = state[VALUE]
            else:
                state[LOW] = state[VALUE]
            if state[LOW] < state[HIGH]:
                start_window(state, frames, windows)
            else:
                state[PHASE] = DONE
    return nodes


@compiled
def search_many(geometry, masks, table, frames, windows, moves, ranks, counts, state, mines, boards, scores):
    """The exact scores of many positions (as ``search`` takes them, without a budget)."""
    for at in range(len(mines)):
        frames[0, 0], frames[0, 1] = mines[at], boards[at]
        state[:] = 0
        state[PHASE] = START
        while state[PHASE] != DONE:
            search(geometry, masks, table, frames, windows, moves, ranks, counts, state, 1 << 62)
        scores[at] = state[LOW]
