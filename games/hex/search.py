"""Hex on arrays of cells, compiled: random games and a Monte-Carlo tree search with RAVE.

A board is an int8 array, one entry per cell (0 empty, 1 Black, 2 White), with
a table of each cell's six neighbours in turn around it (-1 off the board).

``rave [ITERATIONS] [--time SECONDS]`` is Hex's search player: Monte-Carlo tree
search whose playouts fill the board, each move at random except that a
player whose bridge (two stones with two empty cells in common) the other has
just intruded into saves it by playing the other common cell.  Once a chain
joins a player's rims it stays, so the filled board alone says who won.  Each
tree edge keeps, beside its own playouts, those in which its cell was played
later by the same player (RAVE, all moves as first), which rate every move
from the first playouts on; a move's score blends the two, the RAVE share
shrinking as its own playouts grow.  The swap of the pie rule is never
searched by ``rave``; the random games of ``HexPlayouts`` (the compact form
other search players use) play it as the rules do.  Imported only when a search or a playout first runs (numba).
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import numpy as np

from gamesman.contract.game import CompactPlayouts, two_player_result
from gamesman.boards.kernels import compiled
from gamesman.players.compiled import below, python_version, ready_or_python, seeded
from gamesman.players.search import MAX_ITERATIONS, MCTSPlayer, Root, Tally, parse_budget

if TYPE_CHECKING:
    from gamesman.games.hex import Hex, Move, Position

#: Neighbours in turn around a cell (each is next to the one before): right, up-right,
#: up-left, left, down-left, down-right, as (row, column) steps.
AROUND = ((0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1), (1, 0))
EDGES = 6_000_000  # tree edges at most (about 130 MB); past that the tree stops growing
EXPAND_AFTER = 2  # an edge's playouts before its position gets children of its own
RAVE_BIAS = 0.0015  # b in beta = rn / (n + rn + 4 b^2 n rn)
EXPLORATION = 0.05
BATCH = 500  # iterations per compiled call between looks at the clock
#: The name of the search's kernels for the background warm-up (``gamesman.players.compiled.WARMUP``).
SEARCH_KERNELS = "hex rave"


def neighbour_table(size: int) -> np.ndarray:
    """Each cell's six neighbours in turn around it, -1 off the board."""
    table = np.full((size * size, 6), -1, dtype=np.int64)
    for cell in range(size * size):
        row, col = divmod(cell, size)
        for k, (dr, dc) in enumerate(AROUND):
            if 0 <= row + dr < size and 0 <= col + dc < size:
                table[cell, k] = (row + dr) * size + col + dc
    return table


#: Cell characters to cell values (0 empty, 1 Black, 2 White).
CELL_VALUES = np.zeros(256, dtype=np.int8)
CELL_VALUES[ord("x")], CELL_VALUES[ord("o")] = 1, 2


def board_of(cells: str) -> np.ndarray:
    """The board array of the rules' cell string."""
    return CELL_VALUES[np.frombuffer(cells.encode("ascii"), dtype=np.uint8)]


# -- the rules on arrays: random games ----------------------------------------------------------


@compiled
def _find(parent: np.ndarray, node: int) -> int:
    while parent[node] != node:
        parent[node] = parent[parent[node]]
        node = parent[node]
    return node


@compiled
def _join(board: np.ndarray, parent: np.ndarray, cell: int, size: int, neighbours: np.ndarray) -> bool:
    """Union ``cell`` with its own colour's neighbours and rims; True when the rims meet."""
    colour = board[cell]
    cells = size * size
    first, second = cells + 2 * (colour - 1), cells + 2 * (colour - 1) + 1
    row, col = cell // size, cell % size
    line = row if colour == 1 else col
    if line == 0:
        parent[_find(parent, cell)] = _find(parent, first)
    if line == size - 1:
        parent[_find(parent, cell)] = _find(parent, second)
    for k in range(6):
        other = neighbours[cell, k]
        if other >= 0 and board[other] == colour:
            parent[_find(parent, other)] = _find(parent, cell)
    return _find(parent, first) == _find(parent, second)


#: The number ``random_game`` records for a swap (cells are numbered from 0).
SWAP_NUMBER = -1


@compiled
def _chains(board: np.ndarray, size: int, neighbours: np.ndarray) -> np.ndarray:
    """The union-find forest of ``board``'s stones and the four rims (``_join``)."""
    parent = np.arange(size * size + 4)
    for cell in range(size * size):
        if board[cell]:
            _join(board, parent, cell, size, neighbours)
    return parent


@compiled
def random_game(board: np.ndarray, turn: int, size: int, swap: bool, neighbours: np.ndarray, state: np.ndarray,
                moves: np.ndarray) -> tuple[int, int]:
    """Uniformly random moves until a chain joins its rims: (the winner, moves played).
    With ``swap``, White's first move, after Black's first stone, is one of the empty cells or
    the swap, uniformly (recorded as ``SWAP_NUMBER``).  ``board`` is changed."""
    cells = size * size
    parent = _chains(board, size, neighbours)
    empty = np.flatnonzero(board == 0)
    left = len(empty)
    played = 0
    can_swap = swap and turn == 1 and left == cells - 1 and np.count_nonzero(board == 1) == 1
    while left:
        if can_swap:
            can_swap = False
            if below(state, left + 1) == left:
                black = np.flatnonzero(board == 1)[0]
                mirror = (black % size) * size + black // size
                board[black], board[mirror] = 0, 2
                for at in range(left):  # the mirror cell's place among the empty ones goes to Black's old cell
                    if empty[at] == mirror:
                        empty[at] = black
                parent = _chains(board, size, neighbours)
                moves[played] = SWAP_NUMBER
                played += 1
                turn = 0
                continue
        pick = below(state, left)
        cell = empty[pick]
        left -= 1
        empty[pick] = empty[left]
        board[cell] = turn + 1
        moves[played] = cell
        played += 1
        if _join(board, parent, cell, size, neighbours):
            return turn, played
        turn = 1 - turn
    return -1, played


class HexPlayouts(CompactPlayouts["Position", "Move"]):
    """Random games of Hex on an array of cells, compiled."""

    def __init__(self, game: Hex, swap_move: Move) -> None:
        self.rules = game
        self.swap_move = swap_move  # the rules' name of the swap
        self.neighbours = neighbour_table(game.size)

    def run(self, position: Position, seed: int) -> tuple[tuple[float, float], np.ndarray]:
        """The utilities and the moves of one random game."""
        turn, cells, _ = position
        moves = np.empty(len(cells) + 1, dtype=np.int64)  # every cell, and a swap
        winner, played = random_game(board_of(cells), turn, self.rules.size, self.rules.swap, self.neighbours,
                                     seeded(seed), moves)
        return two_player_result(int(winner)), moves[:played]

    def named(self, moves: np.ndarray) -> list[Move]:
        """The cells, and the rules' swap for a swap."""
        return [self.swap_move if move == SWAP_NUMBER else move for move in moves.tolist()]


# -- Monte-Carlo tree search with RAVE ------------------------------------------------------------


@compiled
def _black_joined(board: np.ndarray, size: int, neighbours: np.ndarray, seen: np.ndarray) -> bool:
    """On a full board: whether Black's stones join row 1 to the last row."""
    seen[:] = 0
    stack = np.empty(size * size, dtype=np.int64)
    top = 0
    for cell in range(size):
        if board[cell] == 1:
            seen[cell] = 1
            stack[top] = cell
            top += 1
    while top:
        top -= 1
        cell = stack[top]
        if cell >= size * (size - 1):
            return True
        for k in range(6):
            other = neighbours[cell, k]
            if other >= 0 and board[other] == 1 and not seen[other]:
                seen[other] = 1
                stack[top] = other
                top += 1
    return False


@compiled
def _bridge_reply(board: np.ndarray, last: int, colour: int, neighbours: np.ndarray, state: np.ndarray) -> int:
    """An empty cell that saves a bridge of ``colour`` the other player intruded into at ``last``, or -1."""
    found = -1
    seen = 0
    for k in range(6):
        middle = neighbours[last, k]
        before, after = neighbours[last, (k + 5) % 6], neighbours[last, (k + 1) % 6]
        if middle >= 0 and before >= 0 and after >= 0 and board[middle] == 0 \
                and board[before] == colour and board[after] == colour:
            seen += 1
            if below(state, seen) == 0:
                found = middle
    return found


@compiled
def _new_node(board: np.ndarray, node_first: np.ndarray, node_count: np.ndarray, counts: np.ndarray,
              edge_move: np.ndarray, edge_child: np.ndarray, edge_n: np.ndarray, edge_w: np.ndarray,
              edge_rn: np.ndarray, edge_rw: np.ndarray) -> int:
    """A node whose edges are the empty cells of ``board``, or -1 when the tree is full."""
    empty = 0
    for cell in range(len(board)):  # (a loop, not np.flatnonzero: seconds less to compile)
        empty += board[cell] == 0
    nodes, edges = counts[0], counts[1]
    if nodes >= len(node_first) or edges + empty > len(edge_move):
        return -1
    node_first[nodes], node_count[nodes] = edges, empty
    at = edges
    for cell in range(len(board)):
        if board[cell] == 0:
            edge_move[at], edge_child[at] = cell, -1
            edge_n[at], edge_w[at], edge_rn[at], edge_rw[at] = 0, 0.0, 0, 0.0
            at += 1
    counts[0], counts[1] = nodes + 1, edges + empty
    return nodes


@compiled
def run_iterations(root_board: np.ndarray, root_turn: int, size: int, neighbours: np.ndarray, iterations: int,
                   node_first: np.ndarray, node_count: np.ndarray, node_visits: np.ndarray, counts: np.ndarray,
                   edge_move: np.ndarray, edge_child: np.ndarray, edge_n: np.ndarray, edge_w: np.ndarray,
                   edge_rn: np.ndarray, edge_rw: np.ndarray, state: np.ndarray) -> None:
    """``iterations`` more descents, playouts and updates of the tree rooted at node 0."""
    cells = size * size
    board = np.empty(cells, dtype=np.int8)
    seen = np.empty(cells, dtype=np.int8)
    empty = np.empty(cells, dtype=np.int64)
    where = np.empty(cells, dtype=np.int64)
    path_nodes = np.empty(cells + 1, dtype=np.int64)
    path_edges = np.empty(cells + 1, dtype=np.int64)
    bias = 4.0 * RAVE_BIAS * RAVE_BIAS
    for _ in range(iterations):
        for cell in range(cells):  # (not board[:] = root_board, whose shape check takes seconds to compile)
            board[cell] = root_board[cell]
        turn = root_turn
        node = 0
        depth = 0
        last = -1
        # selection and expansion
        while node >= 0 and node_count[node] > 0:
            first, count = node_first[node], node_count[node]
            log_visits = math.log(node_visits[node] + 1.0)
            best, best_score = first, -1e9
            for at in range(first, first + count):
                n, rn = edge_n[at], edge_rn[at]
                if n == 0 and rn == 0:
                    score = 1.0 + (next_score_noise(state))
                else:
                    q = edge_w[at] / n if n > 0 else 0.0
                    r = edge_rw[at] / rn if rn > 0 else 0.0
                    beta = rn / (n + rn + bias * n * rn)
                    score = (1.0 - beta) * q + beta * r + EXPLORATION * math.sqrt(log_visits / (n + 1.0))
                if score > best_score:
                    best, best_score = at, score
            path_nodes[depth], path_edges[depth] = node, best
            depth += 1
            last = edge_move[best]
            board[last] = turn + 1
            turn = 1 - turn
            child = edge_child[best]
            if child < 0 and edge_n[best] + 1 >= EXPAND_AFTER:
                child = _new_node(board, node_first, node_count, counts, edge_move, edge_child, edge_n, edge_w,
                                  edge_rn, edge_rw)
                edge_child[best] = child
                if child >= 0:
                    node = child
                break
            node = child
        # the playout: fill the board, saving intruded bridges
        left = 0
        for cell in range(cells):
            if board[cell] == 0:
                empty[left] = cell
                where[cell] = left
                left += 1
        while left:
            cell = -1
            if last >= 0:
                cell = _bridge_reply(board, last, turn + 1, neighbours, state)
            if cell < 0:
                cell = empty[below(state, left)]
            at = where[cell]
            left -= 1
            moved = empty[left]
            empty[at], where[moved] = moved, at
            board[cell] = turn + 1
            last = cell
            turn = 1 - turn
        black_won = _black_joined(board, size, neighbours, seen)
        # updates: own playouts along the path, RAVE for every edge whose cell its mover played later
        mover = root_turn
        for step in range(depth):
            node, taken = path_nodes[step], path_edges[step]
            won = 1.0 if black_won == (mover == 0) else 0.0
            node_visits[node] += 1
            edge_n[taken] += 1
            edge_w[taken] += won
            first, count = node_first[node], node_count[node]
            for at in range(first, first + count):
                if board[edge_move[at]] == mover + 1:
                    edge_rn[at] += 1
                    edge_rw[at] += won
            mover = 1 - mover


@compiled
def next_score_noise(state: np.ndarray) -> float:
    """A tiny random amount that breaks ties between untried moves."""
    return below(state, 1 << 20) * 1e-9


def tree_of(root: np.ndarray, capacity: int, new_node: Callable, state: np.ndarray) -> tuple[np.ndarray, ...]:
    """The arrays ``run_iterations`` takes after its count: a tree of the node of ``root``
    alone (made by ``new_node``: ``_new_node`` or its Python version), room for ``capacity``
    edges, and the random generator's ``state``."""
    nodes = max(capacity // 8, 1)
    node_first, node_count, node_visits = np.empty(nodes, np.int64), np.zeros(nodes, np.int64), np.zeros(nodes, np.int64)
    counts = np.zeros(2, np.int64)
    edges = (np.empty(capacity, np.int16), np.empty(capacity, np.int32), np.empty(capacity, np.int32),
             np.empty(capacity, np.float32), np.empty(capacity, np.int32), np.empty(capacity, np.float32))
    new_node(root, node_first, node_count, counts, *edges)
    return (node_first, node_count, node_visits, counts, *edges, state)


@dataclass
class RaveSearch(MCTSPlayer):
    """Hex's search player: compiled Monte-Carlo tree search with RAVE (module docstring).
    Its root reads as MCTSPlayer's, so that choices and estimates are told the same way."""

    game: Hex
    name = "rave"

    def __post_init__(self) -> None:
        super().__post_init__()
        self.neighbours = neighbour_table(self.game.size)

    def search(self, position: Position) -> Root:
        """The root's statistics after the budget is spent: per move its playouts (visits),
        the mover's total utility (+1 a win, -1 a loss) and wins (shares)."""
        started = time.monotonic()  # the budget counts from here: loading the compiled code too
        turn, cells, _ = position
        root = board_of(cells)
        size, neighbours = self.game.size, self.neighbours

        def warm() -> None:  # a tree of its own: the background may run this beside the search
            run_iterations(root, turn, size, neighbours, 1, *tree_of(root, 2 * len(cells), _new_node, seeded(0)))

        iterate, self.uncompiled = ready_or_python(SEARCH_KERNELS, run_iterations, warm, self.seconds is not None)
        capacity = EDGES if self.iterations is None else min(EDGES, (self.iterations + 2) * len(cells))
        arrays = tree_of(root, capacity, python_version(_new_node) if self.uncompiled else _new_node,
                         seeded(self.rng.getrandbits(63)))
        node_first, node_count, node_visits, counts, *edges = arrays[:-1]
        deadline = None if self.seconds is None else started + self.seconds
        done = 0
        while self.iterations is None or done < self.iterations:
            most = 1 if self.uncompiled else BATCH  # (as Python, an iteration takes milliseconds)
            batch = most if self.iterations is None else min(most, self.iterations - done)
            iterate(root, turn, size, neighbours, batch, *arrays)
            done += batch
            self.nodes = int(counts[0])
            if deadline is not None and time.monotonic() >= deadline:
                break
        self.seconds_spent = time.monotonic() - started
        summary = Root(turn, int(node_visits[0]), {})
        edge_move, _, edge_n, edge_w, _, _ = edges
        for at in range(node_first[0], node_first[0] + node_count[0]):
            visits = int(edge_n[at])
            if visits:
                child = summary.children[int(edge_move[at])] = Tally(2)
                wins = float(edge_w[at])
                child.visits = visits
                child.totals[turn], child.totals[1 - turn] = 2 * wins - visits, visits - 2 * wins
                child.shares[turn], child.shares[1 - turn] = wins, visits - wins
        return summary


def make_rave(game: Hex, rng: random.Random, args: list[str]) -> RaveSearch:
    """``rave [ITERATIONS] [--time SECONDS]``; without arguments the default time budget."""
    iterations, seconds = parse_budget("rave", args, "iterations", 1, MAX_ITERATIONS)
    return RaveSearch(game, rng, iterations=iterations, seconds=seconds)
