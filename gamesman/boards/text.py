"""Shared helpers for games on a grid and for the house style of position strings.

The house style is a parenthesised list whose first token says whose turn it is,
then space-separated fields; boards are rows of one character per cell, ``-``
for empty, row 1 first: ``(x x-- -o- ---)``.  Cells are named as board-game
programs write them: a column letter and a row number, ``a1`` is row 1, column 1.

A board is kept as one flat string, row 1 first, so positions stay small,
hashable and quick to copy.
"""
from __future__ import annotations

import re
import string
from functools import lru_cache
from typing import Callable, Sequence

from gamesman.contract.errors import IllegalMove, PositionError
# Games quote a player's text in their messages as the helpers here do: one of this module's helpers.
from gamesman.contract.errors import shown as shown
from gamesman.contract.options import whole_number

EMPTY = "-"
COLUMN_LETTERS = string.ascii_lowercase


def split_fields(game: str, text: str) -> list[str]:
    """The space-separated fields inside ``( ... )``; lenient about spacing."""
    stripped = text.strip()
    if not stripped.startswith("(") or not stripped.endswith(")"):
        raise PositionError(f'{game}: a position is written "( ... )" with parentheses, not "{shown(stripped)}"')
    fields = stripped[1:-1].split()
    if not fields:
        raise PositionError(f'{game}: empty position in "{shown(stripped)}"')
    return fields


def parse_turn(game: str, token: str, names: Sequence[str], text: str) -> int:
    """The player index that a turn token names (case-insensitive)."""
    lowered = token.lower()
    for index, name in enumerate(names):
        if name.lower() == lowered:
            return index
    expected = " or ".join(names)
    raise PositionError(f'{game}: turn {shown(token)!r} is not {expected} in "{shown(text)}"')


def digits_value(token: str, signed: bool = False) -> int | None:
    """The number ``token`` writes in ASCII digits (after a ``-`` when ``signed``), or None
    when it is anything else or too long to be read quickly (``int`` would also read ``+5``,
    ``5_0`` and other scripts' digits, and fail on thousands of digits)."""
    if not re.fullmatch("-?[0-9]+" if signed else "[0-9]+", token):
        return None
    try:
        return whole_number(token)
    except ValueError:
        return None


def parse_int(game: str, token: str, what: str, low: int, high: int, text: str) -> int:
    """A whole number field in ``low..high``, in ASCII digits."""
    value = digits_value(token, signed=True)
    if value is None:
        raise PositionError(f'{game}: {what} {shown(token)!r} is not a number in {low}..{high} in "{shown(text)}"')
    if not low <= value <= high:
        raise PositionError(f'{game}: {what} {value} is not in {low}..{high} in "{shown(text)}"')
    return value


def parse_rows(game: str, tokens: Sequence[str], rows: int, cols: int, alphabet: str, text: str,
               fold_case: bool = True) -> str:
    """Rows of cells as one flat string; names the bad row or cell."""
    if len(tokens) != rows:
        raise PositionError(f'{game}: {len(tokens)} rows, expected {rows} in "{shown(text)}"')
    cells = []
    for number, row in enumerate(tokens, start=1):
        if fold_case:
            row = row.lower()
        if len(row) != cols:
            raise PositionError(f'{game}: row {number} has {len(row)} cells, expected {cols} in "{shown(text)}"')
        for column, cell in enumerate(row):
            if cell not in alphabet:
                allowed = " ".join(alphabet)
                raise PositionError(
                    f'{game}: cell {cell_name(number - 1, column)} is {cell!r}, expected one of {allowed}'
                    f' in "{shown(text)}"'
                )
        cells.append(row)
    return "".join(cells)


def format_rows(cells: str, cols: int) -> str:
    """A flat board as space-separated rows."""
    return " ".join(cells[start:start + cols] for start in range(0, len(cells), cols))


def cell_name(row: int, col: int) -> str:
    """``a1`` for row 0, column 0 (zero-based in, one-based out)."""
    return f"{column_name(col)}{row + 1}"


def column_name(col: int) -> str:
    return COLUMN_LETTERS[col] if col < 26 else f"{COLUMN_LETTERS[col // 26 - 1]}{COLUMN_LETTERS[col % 26]}"


def parse_cell(game: str, text: str, rows: int, cols: int) -> tuple[int, int]:
    """(row, col), zero-based, from ``b3``; IllegalMove names the bad text."""
    match = re.fullmatch("([a-z]+)([0-9]+)", text.strip().lower())
    if match is None:
        raise IllegalMove(f"{game}: {shown(text)!r} is not a cell (write a column letter and a row number, e.g. a1)")
    col = 0
    for letter in match[1][:4]:  # no board is 26 ** 3 columns wide
        col = col * 26 + (ord(letter) - ord("a") + 1)
    col = col - 1 if len(match[1]) <= 3 else cols
    number = digits_value(match[2])
    row = -1 if number is None else number - 1
    if not (0 <= row < rows and 0 <= col < cols):
        raise IllegalMove(f"{game}: {shown(text)!r} is off the board (a1 to {cell_name(rows - 1, cols - 1)})")
    return row, col


DIRECTIONS_ORTHOGONAL = ((0, 1), (1, 0))
DIRECTIONS_ALL = ((0, 1), (1, 0), (1, 1), (1, -1))


@lru_cache(maxsize=None)
def lines(rows: int, cols: int, length: int, diagonals: bool = True) -> tuple[tuple[int, ...], ...]:
    """Every run of ``length`` cells in a row (flat indices), for n-in-a-row games."""
    found = []
    for row in range(rows):
        for col in range(cols):
            for dr, dc in DIRECTIONS_ALL if diagonals else DIRECTIONS_ORTHOGONAL:
                end_row, end_col = row + dr * (length - 1), col + dc * (length - 1)
                if 0 <= end_row < rows and 0 <= end_col < cols:
                    found.append(tuple((row + dr * k) * cols + col + dc * k for k in range(length)))
    return tuple(found)


def has_line(cells: str, pieces: str, runs: Sequence[Sequence[int]]) -> bool:
    """True when some run holds only characters from ``pieces``."""
    return any(all(cells[i] in pieces for i in run) for run in runs)


def render_grid(cells: str, rows: int, cols: int, bottom_up: bool = False,
                show: dict[str, str] | None = None) -> str:
    """A board with column letters and row numbers; ``bottom_up`` puts row 1 at the bottom."""
    show = show or {}
    order = range(rows - 1, -1, -1) if bottom_up else range(rows)
    width = len(str(rows))
    header = " " * (width + 1) + " ".join(column_name(c) for c in range(cols))
    out = [header]
    for row in order:
        line = " ".join(show.get(cell, cell) for cell in cells[row * cols:(row + 1) * cols])
        out.append(f"{row + 1:>{width}} {line}")
    if bottom_up:
        out.append(out.pop(0))
    return "\n".join(out)


def neighbours(rows: int, cols: int, index: int, steps: Sequence[tuple[int, int]]) -> list[int]:
    """Flat indices of the cells ``steps`` away from ``index`` that lie on the board."""
    row, col = divmod(index, cols)
    result = []
    for dr, dc in steps:
        r, c = row + dr, col + dc
        if 0 <= r < rows and 0 <= c < cols:
            result.append(r * cols + c)
    return result


def place(cells: str, index: int, piece: str) -> str:
    """The board with ``piece`` at ``index``."""
    return cells[:index] + piece + cells[index + 1:]


def drop_index(cells: str, cols: int, col: int) -> int | None:
    """Where a piece dropped into column ``col`` lands (row 1 is the bottom), or None when it is full."""
    for index in range(col, len(cells), cols):
        if cells[index] == EMPTY:
            return index
    return None


def floating_cell(cells: str, cols: int) -> int | None:
    """The first empty cell that has a piece above it (pieces fall to row 1), or None."""
    for index in range(cols, len(cells)):
        if cells[index] != EMPTY and cells[index - cols] == EMPTY:
            return index - cols
    return None


@lru_cache(maxsize=None)
def rays(rows: int, cols: int, steps: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each cell (flat index) and each (row, column) step, the cells that way, nearest first.

    ``rays(...)[index][k]`` lists the cells met walking from ``index`` by
    ``steps[k]`` until the edge; it is empty when the first step leaves the board.
    """
    table = []
    for index in range(rows * cols):
        row, col = divmod(index, cols)
        from_here = []
        for dr, dc in steps:
            ray = []
            r, c = row + dr, col + dc
            while 0 <= r < rows and 0 <= c < cols:
                ray.append(r * cols + c)
                r, c = r + dr, c + dc
            from_here.append(tuple(ray))
        table.append(tuple(from_here))
    return tuple(table)


@lru_cache(maxsize=None)
def line_masks(rows: int, cols: int, length: int, diagonals: bool = True) -> tuple[int, ...]:
    """The runs of :func:`lines` as bit masks (bit i stands for flat index i), for fast tests."""
    return tuple(sum(1 << index for index in run) for run in lines(rows, cols, length, diagonals))


@lru_cache(maxsize=None)
def _bit_table(pieces: str) -> dict[int, str]:
    return str.maketrans({chr(code): "1" if chr(code) in pieces else "0" for code in range(128)})


def mask_of(cells: str, pieces: str) -> int:
    """The cells holding any of ``pieces`` as a bit mask (bit i stands for flat index i)."""
    return int(cells[::-1].translate(_bit_table(pieces)), 2) if cells else 0


# -- what play can reach ------------------------------------------------------------------------
def counts_text(names: Sequence[str], counts: Sequence[int], what: str) -> str:
    """``x has 5 marks and o 0``."""
    last = len(counts) - 1
    return f"{names[0]} has {counts[0]} {what}" + "".join(
        f"{' and' if player == last else ','} {names[player]} {counts[player]}" for player in range(1, last + 1))


def turn_from_counts(counts: Sequence[int], first: int = 0) -> int | None:
    """The player to move after players placed one piece a turn, in order from ``first``,
    to reach ``counts``; None when no game reaches them."""
    players = len(counts)
    order = [(first + step) % players for step in range(players)]
    placed = [counts[player] for player in order]
    if any(later > earlier for earlier, later in zip(placed, placed[1:])) or placed[0] - placed[-1] > 1:
        return None
    return order[placed.count(placed[0]) % players]


def check_turn_counts(game: str, names: Sequence[str], counts: Sequence[int], turn: int, what: str, text: str,
                      first: int = 0) -> None:
    """Refuse (PositionError naming the counts) a position of a game whose players place one
    piece a turn, in order from player ``first``, whose player to move does not follow from
    the pieces placed: those before the mover have placed one more than the others."""
    expected = turn_from_counts(counts, first)
    have = counts_text(names, counts, what)
    if expected is None:
        raise PositionError(f"{game}: {have}, but each turn adds one, {names[first]} first,"
                            f' so no game reaches these counts in "{shown(text)}"')
    if turn != expected:
        raise PositionError(f"{game}: {have}, so {names[expected]} is to move, not {names[turn]}"
                            f' (each turn adds one, {names[first]} first) in "{shown(text)}"')


def check_moves_taken(game: str, names: Sequence[str], fewest: int, most: int, turn: int, text: str,
                      first: int = 0) -> None:
    """Refuse a position whose player to move cannot follow from ``fewest`` to ``most`` moves
    made since the start (players move in turn from ``first``)."""
    players = len(names)
    possible = {(first + moves) % players for moves in range(fewest, min(most, fewest + players - 1) + 1)}
    if turn not in possible:
        made = f"{fewest} moves" if fewest == most else f"{fewest} to {most} moves"
        movers = " or ".join(names[player] for player in sorted(possible))
        raise PositionError(f"{game}: {made} were made to reach this, so {movers} is to move,"
                            f' not {names[turn]} in "{shown(text)}"')


def last_piece_can_complete(cells: str, piece: str, wins: Callable[[str], bool]) -> bool:
    """Whether some one of ``piece``'s pieces, taken away, leaves ``cells`` without a win for it
    (play stops at the first win, so the move that made it was the last one)."""
    return any(not wins(cells[:at] + EMPTY + cells[at + 1:]) for at, cell in enumerate(cells) if cell == piece)


def check_counts(game: str, names: Sequence[str], cells: str, turn: int, winner: int | None, text: str,
                 what: str = "marks", firsts: Sequence[int] = (0,)) -> None:
    """Refuse a board of two players placing one mark a turn (the player of ``firsts[0]`` first,
    or of any other of ``firsts``) whose counts do not give the player to move, or, when there
    is a ``winner`` (who has a line), do not make the winner the last to place a mark.  When
    there is a winner the turn token is not checked: the game is over whoever it names."""
    counts = [cells.count(name) for name in names]
    if winner is None:
        if not any(turn_from_counts(counts, first) == turn for first in firsts[1:]):
            check_turn_counts(game, names, counts, turn, what, text, firsts[0])
        return
    mark = names[winner]
    if all(turn_from_counts(counts, first) != 1 - winner for first in firsts):
        raise PositionError(f"{game}: {mark} has a line, so {mark} placed the last mark, but "
                            f'{counts_text(names, counts, what)} ({names[firsts[0]]} moves first) in "{shown(text)}"')


def check_placements(game: str, names: Sequence[str], cells: str, turn: int, winner: int | None,
                     wins: Callable[[str, str], bool], text: str, what: str = "marks",
                     firsts: Sequence[int] = (0,)) -> None:
    """Refuse a board that play cannot reach: ``check_counts``, and a ``winner``
    (``wins(cells, mark)``) must have made its win with its last mark (play stops at the
    first line)."""
    check_counts(game, names, cells, turn, winner, text, what, firsts)
    if winner is None:
        return
    mark = names[winner]
    if not last_piece_can_complete(cells, mark, lambda board: wins(board, mark)):
        raise PositionError(f"{game}: {mark}'s lines were not all made by its last mark"
                            f' (play stops at the first line) in "{shown(text)}"')


#: Partial boards that ``drop_order_exists`` tries at most (every board of 6x7 and smaller fits).
DROP_ORDER_BUDGET = 1 << 20


def drop_order_exists(columns: Sequence[str], names: Sequence[str], first: int = 0,
                      budget: int = DROP_ORDER_BUDGET) -> bool | None:
    """Whether the pieces stacked in ``columns`` (each column's pieces, bottom first) can have been
    dropped one a turn by the players ``names`` taking turns from ``first``; None when more than
    ``budget`` partial boards would have to be tried.  The search takes pieces off the top, the
    last mover's first, and remembers the column heights it has given up on.

    >>> drop_order_exists(["xxo", "xoo"], "xo")   # x at b1 first; a1 and a2 both before a3
    True
    >>> drop_order_exists(["ox", ""], "xo")       # x's piece lies on o's, yet x moved first
    False
    """
    players = len(names)
    radix = [1]
    for column in columns:
        radix.append(radix[-1] * (len(column) + 1))
    start = [len(column) for column in columns]
    key = sum(height * radix[at] for at, height in enumerate(start))  # the heights as one number
    given_up = {key}
    waiting = [(start, key)]
    while waiting:
        heights, key = waiting.pop()
        placed = sum(heights)
        if placed == 0:
            return True
        mover = names[(first + placed - 1) % players]
        for at, height in enumerate(heights):
            if height and columns[at][height - 1] == mover and key - radix[at] not in given_up:
                if len(given_up) >= budget:
                    return None
                given_up.add(key - radix[at])
                waiting.append((heights[:at] + [height - 1] + heights[at + 1:], key - radix[at]))
    return False


def check_drops(game: str, names: Sequence[str], cells: str, cols: int, turn: int, winner: int | None,
                wins: Callable[[str, str], bool], text: str, what: str = "pieces") -> None:
    """``check_placements`` for a board whose pieces fall (row 1 first, ``cols`` a row): besides
    ``check_counts``, some order of drops, players in turn, must stack every column as it is,
    and a winner's last drop, on top of a column, must have made its lines.  A board whose order
    would take more than ``DROP_ORDER_BUDGET`` partial boards to find is let through."""
    check_counts(game, names, cells, turn, winner, text, what)

    def columns(board: str) -> list[str]:
        return [board[col::cols].rstrip(EMPTY) for col in range(cols)]

    if winner is None:
        if drop_order_exists(columns(cells), names) is False:
            raise PositionError(f"{game}: no order of drops, {names[0]} first and players in turn, stacks the"
                                f' columns so (a piece lands on the one below it) in "{shown(text)}"')
        return
    mark = names[winner]
    for col, column in enumerate(columns(cells)):
        if column.endswith(mark):
            before = place(cells, (len(column) - 1) * cols + col, EMPTY)
            if not wins(before, mark) and drop_order_exists(columns(before), names) is not False:
                return
    raise PositionError(f"{game}: no order of drops, {names[0]} first and players in turn, stacks the columns so"
                        f' and ends with {mark} completing its line on top of a column in "{shown(text)}"')
