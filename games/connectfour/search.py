"""Connect Four's search player for the time budget: alpha-beta on bit boards with threats.

``threats [DEPTH] [--time SECONDS]`` plays boards that fit the bit boards of
:mod:`gamesman.games.connectfour.kernels` (a column of rows + 1 bits, 64 in all),
with any line length, misère too.  It is what plays where the exact search
(``perfect``) would take longer than a move may: the empty 7x7 board would take the
exact search far longer (6x7 has the published opening book), a second of ``threats``
sees 11 to 13 plies.

With a time budget, in the standard 6x7 game, the first player follows the winning
lines the package carries while they last (:class:`~gamesman.games.connectfour.book.WinningLines`:
the first few moves, the ones the exact search takes longest to find).  Then, on a
variant the exact search answers
(:mod:`gamesman.games.connectfour.exact`, its table shared with ``perfect`` and
kept from move to move), once the board holds EXACT_AFTER pieces it first asks
that search, for at most EXACT_SHARE of the budget, whether each move wins,
ties or loses (two null windows around 0 each, not the exact score: much
quicker), centre first.  A move that wins is played (``d: a win by the exact
search, ...``); moves that lose are left out of the search below, unless every
move loses.  Where no move wins and every outcome is known, it sets traps among
the best moves (the fewest replies that keep the opponent's outcome); where
every move loses, the best are the latest losses by the search's full scores
(losers stall, as GAMESMAN's remoteness has it).  From 7 to 9 pieces on (the table filled by the moves before), it
mostly knows every move's outcome in time, and plays perfectly from there.

Negamax alpha-beta with iterative deepening and a transposition table (kept
from move to move: what it holds is true of its positions), the best move found
before searched first (at the root, the previous depth's order), the others
centre first and, among them, the ones that make the most winning cells first.  A position that can be won with the next
piece is won; one where the opponent has two such cells open is lost; a
single one must be blocked; a cell under the opponent's winning cell is played
only when nothing else is left.  Under misère a piece that completes a line
loses, and is played only when nothing else is left.  An end scores beyond any
estimate, the earlier the win (the later the loss) the more.

The evaluation at the horizon, for the player to move, counts its winning cells
(empty cells that would complete a line of its own) against the opponent's, a
cell on a row of its parity (odd rows for the first player, even rows for the
second: the rows where zugzwang lets its owner fill it) twice as much, and each
piece by the number of lines through its cell (the centre is worth most).
Negated under misère.

Imported only when a search runs (it compiles with numba).
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

import numpy as np

from gamesman.boards import text as boards
from gamesman.boards.kernels import bit_count, compiled
from gamesman.boards.codes import GravityBoard
from gamesman.contract.errors import GameError, OutOfTime
from gamesman.contract.strategy import Choice, Strategy
from gamesman.games.connectfour.book import WinningLines
from gamesman.games.connectfour.exact import result_of_score
from gamesman.games.connectfour.kernels import ONE, ZERO, winning_cells
from gamesman.players.compiled import ready_or_python
from gamesman.players.search import RUN_AS_PYTHON, count_words, counted, deepen, parse_budget

if TYPE_CHECKING:
    from gamesman.games.connectfour import ConnectFour, Position
    from gamesman.games.connectfour.exact import ExactSearch

#: An end's score: beyond any estimate, plus the empty cells left (earlier wins score more).
WON = 10_000.0
MAX_DEPTH = 64
THREAT = 16.0  # a winning cell off its owner's parity rows (twice this on them)
BOARD_BITS = 64
#: The transposition table has 2**TABLE_BITS slots (24 bytes each: 25 MB).
TABLE_BITS = 20
EXACT, LOWER, UPPER = 0, 1, 2
#: The exact search is asked once the board holds this many pieces (its table fills from there;
#: it tells every move's outcome in time from 7 to 9 pieces on, mostly), for at most this share of
#: the time budget.
EXACT_AFTER = 6
EXACT_SHARE = 0.5
PROVED = 255  # the depth of a table entry whose subtree was searched to the end
#: The name of the search's kernels for the background warm-up (``gamesman.players.compiled.WARMUP``).
SEARCH_KERNELS = "connectfour threats"

# The geometry (an int64 array): rows, columns, pieces in a line, misere (1 or 0).
ROWS, COLS, IN_A_ROW, MISERE = range(4)
# The masks (a uint64 array): the bottom cell of each column, the whole board, the odd rows
# (1, 3, ...), then each column's cells in the order moves are tried (centre first).
BOTTOM, BOARD, ODD_ROWS, FIRST_COLUMN = range(4)


@compiled
def evaluate(mine, mask, geometry, masks, weights):
    """The estimate for the owner of ``mine`` (to move): see the module docstring."""
    rows, in_a_row, board = geometry[ROWS], geometry[IN_A_ROW], masks[BOARD]
    theirs = mine ^ mask
    odd = masks[ODD_ROWS]
    first = bit_count(mask) % 2 == 0  # the player to move started the game
    my_rows = odd if first else board ^ odd
    their_rows = board ^ my_rows
    my_cells = winning_cells(mine, mask, rows, in_a_row, board)
    their_cells = winning_cells(theirs, mask, rows, in_a_row, board)
    score = THREAT * (bit_count(my_cells) + bit_count(my_cells & my_rows)
                      - bit_count(their_cells) - bit_count(their_cells & their_rows))
    for bit in range(len(weights)):
        cell = ONE << np.uint64(bit)
        if mine & cell:
            score += weights[bit]
        elif theirs & cell:
            score -= weights[bit]
    return -score if geometry[MISERE] else score


@compiled
def moves_to_search(mine, mask, geometry, masks):
    """The moves worth searching (one bit each, OR-ed), or 0 when the player to move has
    lost at once: see the module docstring.  Assumes the mover cannot win with this piece."""
    rows, in_a_row, board = geometry[ROWS], geometry[IN_A_ROW], masks[BOARD]
    playable = (mask + masks[BOTTOM]) & board
    if geometry[MISERE]:
        safe = playable & ~winning_cells(mine, mask, rows, in_a_row, board)
        return safe if safe != ZERO else ZERO
    threats = winning_cells(mine ^ mask, mask, rows, in_a_row, board)
    forced = playable & threats
    if forced != ZERO:
        return ZERO if forced & (forced - ONE) != ZERO else forced
    safe = playable & ~(threats >> ONE)
    return safe if safe != ZERO else playable


@compiled
def end_score(mine, mask, geometry, masks):
    """The score of the player to move when the game ends with its next piece or on a
    full board; NaN when it does not.  (Under misère: the mover loses when every move
    completes a line; normally: it wins when one does.)"""
    rows, in_a_row, board = geometry[ROWS], geometry[IN_A_ROW], masks[BOARD]
    empty = geometry[ROWS] * geometry[COLS] - bit_count(mask)
    if empty == 0:
        return 0.0
    playable = (mask + masks[BOTTOM]) & board
    completing = playable & winning_cells(mine, mask, rows, in_a_row, board)
    if geometry[MISERE]:
        if completing == playable:
            return -(WON + empty)
    elif completing != ZERO:
        return WON + empty
    return np.nan


@compiled
def negamax(mine, mask, depth, alpha, beta, geometry, masks, weights, table, counters):
    """The value of the position for the owner of ``mine`` (to move), ``depth`` plies deep.
    ``counters``: [nodes searched, node limit, 1 when the limit stopped the search,
    estimates used (the value is exact when none was)].  ``table``: see ``ThreatSearch.table``."""
    counters[0] += 1
    if counters[0] >= counters[1]:
        counters[2] = 1
        return 0.0
    ended = end_score(mine, mask, geometry, masks)
    if not np.isnan(ended):
        return ended
    options = moves_to_search(mine, mask, geometry, masks)
    empty = geometry[ROWS] * geometry[COLS] - bit_count(mask)
    if options == ZERO:
        return -(WON + empty - 1)  # two threats to block, or (misere) only lines to complete
    if depth <= 0:
        counters[3] += 1
        return evaluate(mine, mask, geometry, masks, weights)
    keys, values, entries = table
    key = mine + mask  # the pieces with a mark above each column's: one key a position
    slot = key % np.uint64(len(keys))
    first = -1
    if keys[slot] == key:
        entry = entries[slot]
        searched, kind, first = entry >> 16, (entry >> 8) & 0xFF, (entry & 0xFF) - 1
        if searched >= depth:
            if searched < PROVED:
                counters[3] += 1  # an estimate stands behind it
            value = values[slot]
            if kind == EXACT:
                return value
            if kind == LOWER:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                return value
    cols = geometry[COLS]
    ordered = np.zeros(cols, np.uint64)
    columns = np.zeros(cols, np.int64)
    ranks = np.zeros(cols, np.int64)
    count = 0
    for c in range(cols):
        move = options & masks[FIRST_COLUMN + c]
        if move != ZERO:
            rank = cols * cols if c == first else bit_count(
                winning_cells(mine | move, mask, geometry[ROWS], geometry[IN_A_ROW], masks[BOARD]))
            at = count
            while at > 0 and ranks[at - 1] < rank:  # stable: centre first among equals
                ordered[at], columns[at], ranks[at] = ordered[at - 1], columns[at - 1], ranks[at - 1]
                at -= 1
            ordered[at], columns[at], ranks[at] = move, c, rank
            count += 1
    start_alpha, estimates = alpha, counters[3]
    best, best_column = -np.inf, columns[0]
    for k in range(count):
        value = -negamax(mine ^ mask, mask | ordered[k], depth - 1, -beta, -alpha, geometry, masks, weights, table,
                         counters)
        if counters[2]:
            return 0.0
        if value > best:
            best, best_column = value, columns[k]
        if value > alpha:
            alpha = value
        if alpha >= beta:
            break
    kind = UPPER if best <= start_alpha else LOWER if best >= beta else EXACT
    keys[slot] = key
    values[slot] = best
    entries[slot] = ((PROVED if counters[3] == estimates else depth) << 16) | (kind << 8) | (best_column + 1)
    return best


@compiled
def search_root(mine, mask, moves, depth, geometry, masks, weights, table, counters, values):
    """The value of each root move (bits, in the given order) at ``depth``: exact for the
    best, an upper bound for the others (each searched with the best so far as alpha)."""
    alpha = -np.inf
    for k in range(len(moves)):
        value = -negamax(mine ^ mask, mask | moves[k], depth - 1, -np.inf, -alpha, geometry, masks, weights, table,
                         counters)
        if counters[2]:
            return
        values[k] = value
        if value > alpha:
            alpha = value


@dataclass
class ThreatSearch(Strategy):
    """Connect Four's search player (see the module docstring)."""

    game: ConnectFour
    depth: int | None = None
    seconds: float | None = None
    name = "threats"
    searches_positions = True
    nodes: int = field(default=0, init=False, repr=False)
    #: Whether every page of the exact search's table has been touched (see ``solved``).
    exact_ready: bool = field(default=False, init=False, repr=False)
    #: The first player's winning lines the package carries for the variant (with a time budget only).
    lines: WinningLines | None = field(default=None, init=False, repr=False)
    #: What the exact search said of the moves the search below was left (added to its reason).
    ruled_out: str = field(default="", init=False, repr=False)
    #: Whether the last search ran as Python while numba compiled it (see ``root_search``).
    uncompiled: bool = field(default=False, init=False, repr=False)

    def __post_init__(self) -> None:
        game = self.game
        if (game.rows + 1) * game.cols > BOARD_BITS:
            raise GameError(f"threats: boards of up to {BOARD_BITS} bits, a column of rows + 1 "
                            f"({game.rows}x{game.cols} takes {(game.rows + 1) * game.cols}; use mcts)")
        self.board = GravityBoard(game.rows, game.cols)
        self.geometry = np.array([game.rows, game.cols, game.in_a_row, int(game.misere)], np.int64)
        odd_rows = sum(self.board.row_masks[row] for row in range(0, game.rows, 2))
        self.masks = np.array([self.board.bottom, self.board.board, odd_rows]
                              + [self.board.column_masks[col] for col in self.board.centre_first()], np.uint64)
        # the table (kept from move to move: what it holds is true of its positions): keys (mine + mask,
        # 0 for none), values, and entries packing the depth searched (or PROVED), the kind of bound
        # and 1 + the best move's place in the column order
        self.table = (np.zeros(1 << TABLE_BITS, np.uint64), np.zeros(1 << TABLE_BITS, np.float64),
                      np.zeros(1 << TABLE_BITS, np.int64))
        self.lines = WinningLines.of(game) if self.seconds is not None else None
        self.weights = np.zeros(game.cols * self.board.height, np.float64)
        for cell, through in enumerate(game.lines_through):
            self.weights[self.board.bit(cell)] = len(through)

    def describe(self) -> str:
        return " ".join(["threats", *count_words(self.depth, self.seconds)])

    def choose(self, position: Position) -> Choice:
        game = self.game
        moves = self.moves_to_choose(position)
        turn = position[0]
        ends = {}  # the moves that complete a line, by their outcome for the player to move
        for move in moves:
            ended = game.outcome(game.play(position, move))
            if ended is not None and ended[turn] != ended[1 - turn]:
                ends[move] = ended[turn] - ended[1 - turn]
        winning = [move for move in moves if ends.get(move, 0) > 0]
        if winning:
            move = self.rng.choice(winning)
            return Choice(move, f"{game.format_move(position, move)}: wins at once")
        moves = [move for move in moves if move not in ends] or moves  # (misere) a line loses
        if len(moves) == 1:
            return Choice(moves[0], f"{game.format_move(position, moves[0])}, the only move that does not lose at once"
                          if ends else f"{game.format_move(position, moves[0])}, the only legal move")
        if self.lines is not None and (opening := self.lines.move(position)) is not None:
            return Choice(opening, f"{game.format_move(position, opening)}: a win by the first player's winning "
                                   f"lines (found by the exact search)")
        solved, moves, tried = self.solved(position, moves)
        if solved is not None:
            return solved
        seconds = None if self.seconds is None else self.seconds - tried
        column, value, depth, exact, spent = self.search(position, moves, seconds)
        said = self.reason(position, column, value, depth, exact, tried + spent)
        if self.uncompiled:
            said += RUN_AS_PYTHON
        return Choice(column, said + self.ruled_out)

    def solved(self, position: Position, columns: list[int]) -> tuple[Choice | None, list[int], float]:
        """What the exact search tells within EXACT_SHARE of the time budget, when the variant
        has one and the board holds at least EXACT_AFTER pieces (a budget of depth alone never
        asks it): a winning move's choice, or None and the moves left to search (those not
        found to lose, or all when every one loses); and the seconds spent."""
        self.ruled_out = ""
        game = self.game
        empty = position[1].count(boards.EMPTY)
        if self.seconds is None or not game.capabilities.exact_search or game.size - empty < EXACT_AFTER:
            return None, columns, 0.0
        search = game.exact
        started = time.monotonic()
        if not search.ready(started):  # numba compiles it in the background (once after install)
            return None, columns, 0.0
        if not self.exact_ready:  # once: touch every page of its table (the first touches cost a second)
            search.table |= np.uint64(0)
            self.exact_ready = True
        deadline = started + EXACT_SHARE * self.seconds
        before = search.nodes
        outcomes: dict[int, int] = {}  # for the player to move, after each move
        for column in self.board.centre_first(columns):
            child = game.play(position, column)
            outcome = 0 if game.outcome(child) is not None else search.outcome(*self.bit_boards(child), deadline)
            if outcome is None:
                break
            if outcome < 0:  # the opponent loses
                self.nodes = search.nodes - before
                spent = time.monotonic() - started
                return Choice(column, f"{game.format_move(position, column)}: a win by the exact search, "
                                      f"{counted(self.nodes, 'node')} in {spent:.2f} s"), [column], spent
            outcomes[column] = -outcome
        losing = [column for column in columns if outcomes.get(column) == -1]
        left = [column for column in columns if column not in losing] or columns
        if len(outcomes) == len(columns):  # every outcome known, and no win: set traps among the best
            best = max(outcomes.values())
            longest = self.longest_losses(position, left, deadline) if best < 0 else (left, "")
            if longest is not None:  # (else the search below, which prefers later losses too)
                left, latest = longest
                traps = self.traps(position, left, best, deadline)
                self.ruled_out = f"; every move loses by the exact search{latest}" if best < 0 else ""
                if traps is not None:
                    left, keeping = traps
                    self.ruled_out = (f"; {'every move loses' if best < 0 else 'the best is a tie'} by the exact "
                                      f"search; the opponent keeps {'its win' if best < 0 else 'the tie'} with "
                                      f"{keeping} {'reply' if keeping == 1 else 'replies'} here{latest}")
        spent = time.monotonic() - started
        self.nodes = search.nodes - before
        if len(left) == 1:
            said = self.ruled_out or ", the only move that does not lose"
            return Choice(left[0], f"{game.format_move(position, left[0])}, by the exact search in {spent:.2f} s"
                                   f"{said}"), left, spent
        if losing and not self.ruled_out:
            named = ", ".join(game.format_move(position, column) for column in losing)
            self.ruled_out = f"; the exact search rules out {named} (losing)"
        return None, left, spent

    def longest_losses(self, position: Position, columns: list[int],
                       deadline: float) -> tuple[list[int], str] | None:
        """The moves among ``columns`` (each losing for the player to move) that keep the game
        going longest, by the exact search's full scores (GAMESMAN's remoteness: losers
        stall), and how the reason says so; None when the search has not scored them all by
        ``deadline`` (the search below then prefers later losses too, as far as it sees)."""
        game, search = self.game, self.game.exact
        scores: dict[int, int] = {}  # the opponent's, after each move: the lower, the later its win
        for column in columns:
            try:
                scores[column] = search.score(*self.bit_boards(game.play(position, column)), deadline=deadline)
            except OutOfTime:
                return None
        latest = min(scores.values())
        stalling = [column for column in columns if scores[column] == latest]
        lose = result_of_score(-latest, position[1].count(boards.EMPTY))  # (the position's own result)
        if len(stalling) == len(columns):
            return stalling, f"; each: {lose}"
        named = ", ".join(game.format_move(position, column) for column in stalling)
        return stalling, f"; longest: {named} ({lose})"

    def traps(self, position: Position, columns: list[int], outcome: int,
              deadline: float) -> tuple[list[int], int] | None:
        """The moves among ``columns`` (each with this ``outcome`` for the player to move: a
        tie or a loss) after which the opponent has the fewest replies that keep it so (the
        others would hand it a better outcome), and that number; None when the exact search
        has not told them all by ``deadline``."""
        game, search = self.game, self.game.exact
        turn = position[0]
        keeping: dict[int, int] = {}
        for column in columns:
            child = game.play(position, column)
            keeping[column] = 0
            for reply in game.moves(child):
                after = game.play(child, reply)
                ended = game.outcome(after)
                mine = (search.outcome(*self.bit_boards(after), deadline) if ended is None
                        else int(np.sign(ended[turn] - ended[1 - turn])))
                if mine is None:
                    return None
                keeping[column] += mine <= outcome
        fewest = min(keeping.values())
        return [column for column in columns if keeping[column] == fewest], fewest

    def bit_boards(self, position: Position) -> tuple[int, int]:
        """The bit boards of a position: the pieces of the player to move, and all pieces."""
        turn, cells, _ = position
        pieces = self.game.player_names
        mine, theirs = self.board.masks_of(cells, boards.EMPTY + "".join(pieces), pieces[turn], pieces[1 - turn])
        return mine, mine | theirs

    def reason(self, position: Position, column: int, value: float, depth: int, exact: bool, seconds: float) -> str:
        said = f"{self.game.format_move(position, column)}: "
        if abs(value) >= WON:
            said += "forced win" if value > 0 else "forced loss"
        elif exact and value == 0:
            said += "forced tie"
        else:
            said += f"score {math.tanh(value / 64) + 0.0:+.2f} (-1 lost, +1 won)"
        return said + f" at depth {depth}, {counted(self.nodes, 'node')} in {seconds:.2f} s"

    def search(self, position: Position, columns: list[int],
               seconds: float | None) -> tuple[int, float, int, bool, float]:
        """Iterative deepening for ``seconds`` (or to the depth alone): (best column, its value,
        the deepest complete depth, exact, seconds)."""
        mine, occupied = self.bit_boards(position)
        mine_bits, mask = np.uint64(mine), np.uint64(occupied)
        shuffled = list(columns)
        self.rng.shuffle(shuffled)
        playable = occupied + self.board.bottom
        order = np.array([playable & self.board.column_masks[col] for col in shuffled], np.uint64)
        column_of = {int(bit): col for bit, col in zip(order, shuffled)}
        args = (self.geometry, self.masks, self.weights, self.table)
        started = time.monotonic()  # (the clock runs while the machine code loads: the user waits for it)
        root = self.root_search(mine_bits, mask, order[:1])
        best, value, reached, exact, self.nodes = deepen(
            lambda moves, depth, counters, values: root(mine_bits, mask, moves, depth, *args, counters, values),
            order, self.depth or MAX_DEPTH, None if seconds is None else started + seconds, WON)
        return column_of[int(best)], value, reached, exact, time.monotonic() - started

    def root_search(self, mine: np.uint64, mask: np.uint64, first: np.ndarray) -> Callable:
        """``search_root`` ready to run (``ready_or_python``: its Python version while numba
        compiles it, with a time budget; without one a depth must be reached whatever it costs)."""
        table = tuple(np.zeros(1, part.dtype) for part in self.table)  # (a node budget of 1 writes nothing)

        def warm() -> None:
            search_root(mine, mask, first, 1, self.geometry, self.masks, self.weights, table,
                        np.array([0, 1, 0, 0], np.int64), np.zeros(1))

        root, self.uncompiled = ready_or_python(SEARCH_KERNELS, search_root, warm, self.seconds is not None)
        return root


def make_threats(game: ConnectFour, rng: random.Random, args: list[str]) -> ThreatSearch:
    """``threats [DEPTH] [--time SECONDS]``; without arguments the default time budget."""
    depth, seconds = parse_budget("threats", args, "depth", 1, MAX_DEPTH)
    return ThreatSearch(game, rng, depth=depth, seconds=seconds)
