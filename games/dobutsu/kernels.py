"""Dōbutsu shōgi's moves for many position codes at once, compiled by numba (``batch_expand``).

The codes are the game's own (see the package docstring): a code is decoded into a board of
piece numbers and the hands, its moves are generated, and each move's position is encoded
again, with the same ranking as ``Dobutsu.encode``.  Piece numbers: -1 an empty square, 0 to 4
``b``'s lion, giraffe, elephant, chick and hen, 5 to 9 ``w``'s.  This module imports numba
(through ``compiled``); it is imported when a solve first expands positions, so that starting
the program stays quick.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from gamesman.contract.capabilities import End
from gamesman.boards.kernels import compiled

CELLS = 12
LION, GIRAFFE, ELEPHANT, CHICK, HEN = range(5)
SIDE = 5          # w's piece numbers are b's plus SIDE
#: Room for one position's moves.  With j of its six other pieces in hand, a player makes at most
#: 8 lion steps, 6 for each piece left on the board (a hen) and min(3, j) kinds dropped on the
#: 4 + j squares left empty: 8 + 6 (6 - j) + min(3, j) (4 + j), at most 47 (j = 3).
MOST_MOVES = 64
#: Room ``_decode`` and ``_encode`` take for their numbers.
SCRATCH = 8 + 2 * CELLS
PLAYING, WON, LOST = int(End.PLAYING), int(End.WON), int(End.LOST)  # plain ints for the compiled code


@compiled
def _choose(n: int, k: int) -> int:
    """n choose k, for the k of at most 2 that the codes need."""
    if k == 0:
        return 1
    if k == 1:
        return n
    return n * (n - 1) // 2 if n >= 2 else 0


@compiled
def _decode(code: int, starts: Any, lions_of: Any, on_board: Any, radices: Any, hands_of: Any,
            board: Any, hands: Any, scratch: Any) -> int:
    """Fill ``board`` and ``hands`` from ``code``; the turn.  ``scratch``: SCRATCH numbers of room,
    so that nothing is allocated for each code."""
    turn = code % 2
    placement = code // 2
    block = np.searchsorted(starts, placement, side="right") - 1
    rank = placement - starts[block]
    digits = scratch[0:3]
    for kind in range(2, -1, -1):
        digits[kind] = rank % radices[block, kind + 1]
        rank //= radices[block, kind + 1]
    board[:] = -1
    if lions_of[block] == 0:
        lion, other = rank // (CELLS - 1), rank % (CELLS - 1)
        board[lion] = LION
        board[other + (1 if other >= lion else 0)] = LION + SIDE
    else:
        board[rank] = LION + SIDE if lions_of[block] == 1 else LION
    free = scratch[3:3 + CELLS]
    for kind in range(3):
        count = on_board[block, kind]
        states = 4 if kind == 2 else 2
        power = states ** count
        places, pieces = digits[kind] // power, digits[kind] % power
        nfree = 0
        for at in range(CELLS):
            if board[at] < 0:
                free[nfree] = at
                nfree += 1
        chosen = scratch[3 + CELLS:5 + CELLS]
        if count == 1:
            chosen[0] = places
        elif count == 2:
            top = 1
            while _choose(top + 1, 2) <= places:
                top += 1
            chosen[1] = top
            chosen[0] = places - _choose(top, 2)
        for index in range(count - 1, -1, -1):
            state = pieces % states
            pieces //= states
            piece = GIRAFFE + kind
            if kind == 2 and state >= 2:
                piece = HEN
            board[free[chosen[index]]] = piece + (SIDE if state % 2 == 1 else 0)
    for index in range(6):
        hands[index] = hands_of[block, index]
    return turn


@compiled
def _encode(turn: int, board: Any, hands: Any, starts: Any, block_number: Any, radices: Any, scratch: Any) -> int:
    """The code of a position (the ranking of ``Dobutsu.encode``); ``scratch`` as ``_decode``'s."""
    totals = scratch[5 + CELLS:8 + CELLS]
    totals[:] = 0
    lion_at, other_at = -1, -1
    for at in range(CELLS):
        piece = board[at]
        if piece < 0:
            continue
        kind = piece % SIDE
        if kind == LION:
            if piece == LION:
                lion_at = at
            else:
                other_at = at
        else:
            totals[min(kind, HEN - 1) - 1] += 1
    hands_code = 0
    for index in range(6):
        totals[index % 3] += hands[index]
        hands_code = hands_code * 3 + hands[index]
    lions = 0 if lion_at >= 0 and other_at >= 0 else (1 if other_at >= 0 else 2)
    block = block_number[(lions * 27 + totals[0] * 9 + totals[1] * 3 + totals[2]) * 729 + hands_code]
    if lions == 0:
        rank = lion_at * (CELLS - 1) + other_at - (1 if other_at > lion_at else 0)
    else:
        rank = other_at if lions == 1 else lion_at
    used = scratch[8 + CELLS:8 + 2 * CELLS]
    used[:] = 0
    if lion_at >= 0:
        used[lion_at] = 1
    if other_at >= 0:
        used[other_at] = 1
    for kind in range(3):
        states = 4 if kind == 2 else 2
        places = 0
        pieces = 0
        found = 0
        index = 0
        for at in range(CELLS):
            if used[at] != 0:
                continue
            piece = board[at]
            if piece >= 0 and min(piece % SIDE, HEN - 1) == kind + 1:
                found += 1
                places += _choose(index, found)
                state = (1 if piece >= SIDE else 0) + (2 if piece % SIDE == HEN else 0)
                pieces = pieces * states + state
                used[at] = 1
            index += 1
        rank = rank * radices[block, kind + 1] + places * states ** found + pieces
    return 2 * (starts[block] + rank) + turn


@compiled
def _attacks(board: Any, player: int, square: int, targets: Any, target_counts: Any) -> bool:
    for at in range(CELLS):
        piece = board[at]
        if piece >= 0 and (piece >= SIDE) == (player == 1):
            for index in range(target_counts[piece, at]):
                if targets[piece, at, index] == square:
                    return True
    return False


@compiled
def _workspace() -> Any:
    """The arrays a kernel decodes and encodes positions in, made once a call: a board, the
    coder's scratch, the hands, and a second board and hands (a child, a parent, the board
    turned or mirrored)."""
    return (np.empty(CELLS, np.int64), np.empty(SCRATCH, np.int64), np.empty(6, np.int64),
            np.empty(CELLS, np.int64), np.empty(6, np.int64))


@compiled
def expand(codes: Any, starts: Any, lions_of: Any, on_board: Any, radices: Any, hands_of: Any, block_number: Any,
           targets: Any, target_counts: Any) -> tuple[Any, Any, Any, Any]:
    """``batch_expand``'s answer for ``codes`` (see ``BatchExpansion``)."""
    size = len(codes)
    movers = np.empty(size, np.int8)
    ends = np.empty(size, np.int8)
    parents = np.empty(size * MOST_MOVES, np.int64)
    children = np.empty(size * MOST_MOVES, np.int64)
    board, scratch, hands, child, _ = _workspace()
    moved = 0
    for row in range(size):
        turn = _decode(codes[row], starts, lions_of, on_board, radices, hands_of, board, hands, scratch)
        movers[row] = turn
        mine, theirs = LION + SIDE * turn, LION + SIDE * (1 - turn)
        mine_at, theirs_at = -1, -1
        for at in range(CELLS):
            if board[at] == mine:
                mine_at = at
            elif board[at] == theirs:
                theirs_at = at
        far = CELLS - 3 if turn == 0 else 0  # the first square of the opponent's far rank
        if mine_at < 0:
            ends[row] = LOST
            continue
        if theirs_at < 0:
            ends[row] = WON
            continue
        if far <= theirs_at < far + 3:
            won = _attacks(board, turn, theirs_at, targets, target_counts)
            ends[row] = WON if won else LOST
            continue
        first = moved
        for at in range(CELLS):
            piece = board[at]
            if piece < 0 or (piece >= SIDE) != (turn == 1):
                continue
            for index in range(target_counts[piece, at]):
                to = targets[piece, at, index]
                taken = board[to]
                if taken >= 0 and (taken >= SIDE) == (turn == 1):
                    continue
                child[:] = board
                child[at] = -1
                placed = piece
                if piece % SIDE == CHICK and (to < 3 if turn == 0 else to >= CELLS - 3):
                    placed = piece + 1
                child[to] = placed
                if taken >= 0 and taken % SIDE != LION:
                    hands[3 * turn + min(taken % SIDE, HEN - 1) - 1] += 1
                parents[moved] = row
                children[moved] = _encode(1 - turn, child, hands, starts, block_number, radices, scratch)
                moved += 1
                if taken >= 0 and taken % SIDE != LION:
                    hands[3 * turn + min(taken % SIDE, HEN - 1) - 1] -= 1
        for kind in range(3):
            if hands[3 * turn + kind] == 0:
                continue
            hands[3 * turn + kind] -= 1
            for to in range(CELLS):
                if board[to] >= 0:
                    continue
                child[:] = board
                child[to] = GIRAFFE + kind + SIDE * turn
                parents[moved] = row
                children[moved] = _encode(1 - turn, child, hands, starts, block_number, radices, scratch)
                moved += 1
            hands[3 * turn + kind] += 1
        ends[row] = PLAYING if moved > first else LOST
    return movers, ends, parents[:moved].copy(), children[:moved].copy()


#: Room for one position's parents: each of the mover's five pieces on the board undoes at most
#: 8 steps, each capturing nothing or one of the 4 pieces of the other side (a chick or a hen
#: of the kind in hand), and an undropped piece adds one: at most 5 * (8 * 5 + 1 + 5) < 256.
MOST_UNMOVES = 256


@compiled
def _far(player: int, square: int) -> bool:
    """Whether ``square`` is on ``player``'s far rank (row 1 for ``b``, row 4 for ``w``)."""
    return square < 3 if player == 0 else square >= CELLS - 3


@compiled
def _emit(turn: int, board: Any, hands: Any, lion: int, found: Any, count: int, starts: Any, block_number: Any,
          radices: Any, scratch: Any) -> int:
    """Add the position (``turn`` to move) to ``found`` unless its mover's lion stands on the
    mover's own far rank (a try decided the game a move before); the count after."""
    for at in range(CELLS):
        if board[at] == lion and _far(turn, at):
            return count
    found[count] = _encode(turn, board, hands, starts, block_number, radices, scratch)
    return count + 1


@compiled
def _uncaptures(turn: int, board: Any, hands: Any, to: int, found: Any, count: int, starts: Any,
                block_number: Any, radices: Any, scratch: Any) -> int:
    """The parents in which the move to ``to`` (undone in ``board``) took a piece of the other
    side, now given back from the mover's hand (a chick in hand may have been a hen)."""
    lion = LION + SIDE * turn
    other = SIDE * (1 - turn)
    for kind in range(3):
        if hands[3 * turn + kind] == 0:
            continue
        hands[3 * turn + kind] -= 1
        for hen in range(2 if kind == 2 else 1):
            board[to] = (HEN if hen else GIRAFFE + kind) + other
            count = _emit(turn, board, hands, lion, found, count, starts, block_number, radices, scratch)
        hands[3 * turn + kind] += 1
    board[to] = -1
    return count


@compiled
def unexpand(codes: Any, starts: Any, lions_of: Any, on_board: Any, radices: Any, hands_of: Any, block_number: Any,
             sources: Any, source_counts: Any) -> tuple[Any, Any]:
    """``batch_parents``'s answer for ``codes`` (see ``Parents``): every position in play with
    a move to each code.  ``sources[piece, square]`` lists the squares from which ``piece``
    steps to ``square``."""
    size = len(codes)
    counts = np.zeros(size, np.int64)
    found = np.empty(size * MOST_UNMOVES, np.int64)
    board, scratch, hands, parent, _ = _workspace()
    total = 0
    for row in range(size):
        other = _decode(codes[row], starts, lions_of, on_board, radices, hands_of, board, hands, scratch)
        turn = 1 - other  # the player who moved last, to move in the parents
        lion = LION + SIDE * turn
        lions = 0
        lion_gone_far = False
        for at in range(CELLS):
            if board[at] % SIDE == LION and board[at] >= 0:
                lions += 1
                if board[at] == LION + SIDE * other and _far(other, at):
                    lion_gone_far = True
        if lions < 2 or lion_gone_far:  # a lion taken, or the player to move tried a move before
            continue
        first = total
        for to in range(CELLS):
            piece = board[to]
            if piece < 0 or (piece >= SIDE) != (turn == 1):
                continue
            kind = piece % SIDE
            if GIRAFFE <= kind <= CHICK:  # dropped
                parent[:] = board
                parent[to] = -1
                hands[3 * turn + kind - 1] += 1
                total = _emit(turn, parent, hands, lion, found, total, starts, block_number, radices, scratch)
                hands[3 * turn + kind - 1] -= 1
            if kind == CHICK and _far(turn, to):
                continue  # a chick that stepped there would be a hen
            steps = source_counts[piece, to]
            for index in range(steps + (1 if kind == HEN and _far(turn, to) else 0)):
                if index < steps:
                    start, before = sources[piece, to, index], piece
                else:  # a chick promoted by its step: it came from the square behind
                    start, before = to + 3 if turn == 0 else to - 3, piece - 1
                if board[start] >= 0:
                    continue
                parent[:] = board
                parent[start] = before
                parent[to] = -1
                total = _emit(turn, parent, hands, lion, found, total, starts, block_number, radices, scratch)
                total = _uncaptures(turn, parent, hands, to, found, total, starts, block_number, radices, scratch)
        counts[row] = total - first
    return counts, found[:total].copy()


@compiled
def _turn(board: Any, hands: Any, turned_board: Any, turned_hands: Any) -> None:
    """Fill ``turned_board`` and ``turned_hands``: the board turned half round, the colours and
    the hands swapped."""
    for at in range(CELLS):
        piece = board[CELLS - 1 - at]
        turned_board[at] = -1 if piece < 0 else (piece + SIDE) % (2 * SIDE)
    for index in range(6):
        turned_hands[index] = hands[(index + 3) % 6]


@compiled
def _mirror(board: Any, mirrored: Any) -> None:
    """Fill ``mirrored``: the board with left and right swapped."""
    for at in range(CELLS):
        mirrored[at] = board[at + 2 - 2 * (at % 3)]


@compiled
def turned(codes: Any, starts: Any, lions_of: Any, on_board: Any, radices: Any, hands_of: Any,
           block_number: Any) -> Any:
    """``turned_codes``'s answer: each position with the board turned half round, the colours and
    the hands swapped and the other player to move."""
    out = np.empty(len(codes), np.int64)
    board, scratch, hands, swapped, other_hands = _workspace()
    for row in range(len(codes)):
        turn = _decode(codes[row], starts, lions_of, on_board, radices, hands_of, board, hands, scratch)
        _turn(board, hands, swapped, other_hands)
        out[row] = _encode(1 - turn, swapped, other_hands, starts, block_number, radices, scratch)
    return out


@compiled
def least_mirrored(codes: Any, starts: Any, lions_of: Any, on_board: Any, radices: Any, hands_of: Any,
                   block_number: Any) -> Any:
    """``canonical_codes``'s answer: each code, or the code of its board mirrored left to right
    when that is less."""
    out = np.empty(len(codes), np.int64)
    board, scratch, hands, mirrored, _ = _workspace()
    for row in range(len(codes)):
        turn = _decode(codes[row], starts, lions_of, on_board, radices, hands_of, board, hands, scratch)
        _mirror(board, mirrored)
        out[row] = min(codes[row], _encode(turn, mirrored, hands, starts, block_number, radices, scratch))
    return out


@compiled
def least_turned(codes: Any, starts: Any, lions_of: Any, on_board: Any, radices: Any, hands_of: Any,
                 block_number: Any) -> Any:
    """``least_turned_codes``'s answer: ``least_mirrored`` of ``turned``, each code decoded once."""
    out = np.empty(len(codes), np.int64)
    board, scratch, hands, swapped, other_hands = _workspace()
    for row in range(len(codes)):
        turn = _decode(codes[row], starts, lions_of, on_board, radices, hands_of, board, hands, scratch)
        _turn(board, hands, swapped, other_hands)
        _mirror(swapped, board)
        out[row] = min(_encode(1 - turn, swapped, other_hands, starts, block_number, radices, scratch),
                       _encode(1 - turn, board, other_hands, starts, block_number, radices, scratch))
    return out
